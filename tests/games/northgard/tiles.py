"""Test-only tiles with every edge symmetric (no border end, or a territory in the middle of
the edge), registered for a test's duration by the ``tiles`` fixture."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.northgard.data import Territory
from tests.games.northgard.scenario import extra_tiles, terr

Spec = tuple[list[list[int]], list[tuple[int, int, str]], list[Territory]]

# Perimeter strings: 12 segments clockwise from the north edge's west end (N, E, S, W).
POCKET = "ABAAAAAAAAAA"        # 0 big, 1 north pocket
POCKETS3 = "ABAACAADAAAA"      # 0 big, 1 north, 2 east, 3 south pockets
BAND = "WBEEEEEBWWWW"          # 0 west, 1 north-south band, 2 east
ELL = "RLCCLRRRRRRR"           # 0 rest, 1 L (north and east middles), 2 north-east corner
WHOLE = "AAAAAAAAAAAA"


def spec(perimeter: str, terrs: list[Territory] | None = None,
         rough: tuple[tuple[int, int], ...] = ()) -> Spec:
    letters = sorted(set(perimeter), key=perimeter.index)
    idx = {c: i for i, c in enumerate(letters)}
    edges = [[idx[perimeter[e * 3 + k]] for k in range(3)] for e in range(4)]
    pairs: set[tuple[int, int]] = set()
    for i in range(12):
        a, b = idx[perimeter[i]], idx[perimeter[(i + 1) % 12]]
        if a != b:
            pairs.add((min(a, b), max(a, b)))
    borders = [(a, b, "rough" if (a, b) in rough else "regular") for a, b in sorted(pairs)]
    return edges, borders, terrs or [terr() for _ in letters]


def tiles(**specs: Any) -> dict[str, Spec]:
    return dict(specs)


#: Test tiles for the rules' edge cases (pockets, bands, an ell, rough borders, large slots).
EDGE_TILES = {
    "x_pocket": spec(POCKET),
    "x_pockets3": spec(POCKETS3, rough=((0, 3),)),
    "x_band": spec(BAND),
    "x_ell": spec(ELL),
    "x_whole": spec(WHOLE),
    "x_large": spec(POCKET, [terr(slots=("large",)), terr(slots=("large",))]),
    "x_rr": spec(BAND, rough=((0, 1),)),
}


@pytest.fixture
def edge_tiles() -> Iterator[None]:
    """The edge-case tiles in the content for one test."""
    with extra_tiles(EDGE_TILES):
        yield

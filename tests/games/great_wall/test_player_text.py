"""What a Great Wall player reads, in English and in Czech, over random games of every mode:
no repr, raw id, unfilled placeholder or catalog key; no "you" in a public line; no English
sentence in a Czech game; Czech in the familiar form of address (as the core's catalog)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.registry import get
from tests.player_text import defects, readings, report

RULES = get("great_wall")
#: Names both catalogs spell alike (generals).
SAME_IN_BOTH = frozenset({"Wu Ming", "Wang Fen", "Sun Lin", "Lü Meng"})


def _cases() -> list[Any]:
    return [pytest.param(dict(v.config), n, locale, id=f"{v.name}-{n}-{locale}")
            for v in RULES.variants() for n in sorted({min(v.seats), max(v.seats)})
            for locale in ("en", "cs")]


@pytest.mark.parametrize(("config", "n", "locale"), _cases())
def test_every_text_a_player_reads_is_clean(config: dict[str, Any], n: int, locale: str
                                            ) -> None:
    found: dict[str, str] = {}
    for seed in (1, 2):
        for r in readings(RULES, config, n, seed, locale, moves=1500):
            for d in defects(r, locale, SAME_IN_BOTH):
                found.setdefault(f"{d.split(':')[0]} ({r.where})", f"{d}: {r.text!r}")
    assert not found, report(found)

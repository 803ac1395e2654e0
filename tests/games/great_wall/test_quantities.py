"""Printed quantities in the content: a pack says "2 gold" and the engine pays two."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import content
from rules.content import ContentError, load
from rules.content_fields import quantity
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.content import CONTENT_SCHEMA
from rules.great_wall.data import data
from tests.games.great_wall.helpers import act, bare, started


@pytest.fixture
def packs(tmp_path: Path) -> Iterator[Path]:
    content.configure(None)
    yield tmp_path / "packs"
    content.configure(None)


def _pack_with_fields(packs: Path, fields: list[list[object]]) -> None:
    entry = dict(load(CONTENT_SCHEMA, use_configured=False).get("hordes", "h01"))
    entry["fields"] = fields
    entry["provenance"] = "public"
    folder = packs / "great_wall"
    folder.mkdir(parents=True)
    (folder / "hordes.json").write_text(json.dumps({"entries": [entry]}), encoding="utf-8")


def test_quantities_read_one_two_or_nothing() -> None:
    assert quantity("gold") == ("gold", 1)
    assert quantity("2 gold") == ("gold", 2)
    assert quantity({"chi": 3}) == ("chi", 3)
    assert quantity("") == ("", 0)
    for bad in ("0 gold", "two gold", {"gold": 1, "chi": 1}, 5, "2"):
        with pytest.raises(ValueError):
            quantity(bad)


def test_a_pack_with_a_two_gold_field_pays_two_gold_when_a_spearman_covers_it(
        packs: Path) -> None:
    """A Horde card's field prints its reward with an amount ("2 gold"); a soldier that
    covers it takes all of it (the shipped provisional pack prints single units)."""
    _pack_with_fields(packs, [["2 gold", "", {"wood": 2}], ["stone", "3 honor", ""]])
    content.configure(packs)
    assert data().hordes["h01"]["fields"][0][0] == "2 gold"
    st = bare(started(3))
    st.sections[1]["hordes"] = [B.new_card("h01")]
    st.clans[0]["sup"]["spearman"] = 1
    st.clans[0]["res"]["gold"] = 1
    honor = st.clans[0]["honor"]
    st.stack.append({"kind": "deploy", "clan": 0, "unit": "spearman", "mode": "recruit",
                     "s": -1})
    st, ev = act(st, 0, "target", s=1, row=0, f=0)
    assert st.clans[0]["res"]["gold"] == 3
    reward = [e for e in ev if e.kind == "reward"]
    assert reward and reward[0].data["n"] == 2
    line = RULES.describe(reward[0], None)
    assert line.params["reward"].params["n"] == 2
    view = RULES.view(st, None)["sections"][1]["hordes"][0]
    assert view["rewards"][0][0] == "gold" and view["amounts"][0][0] == 2
    # 3 Honor on the fifth field
    st.stack.append({"kind": "deploy", "clan": 0, "unit": "spearman", "mode": "recruit",
                     "s": -1})
    st.clans[0]["sup"]["spearman"] = 1
    st, _ = act(st, 0, "target", s=1, row=0, f=4)
    assert st.clans[0]["honor"] == honor + 3


def test_a_pack_with_a_bad_quantity_is_refused_naming_the_field(packs: Path) -> None:
    _pack_with_fields(packs, [["2 gold", "", "2 dragons"], ["stone", "", ""]])
    with pytest.raises(ContentError) as info:
        load(CONTENT_SCHEMA, packs)
    assert info.value.field == "fields" and "dragons" in info.value.problem

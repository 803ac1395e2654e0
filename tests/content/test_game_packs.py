"""Every game with printed content declares it as a content pack: its shipped data loads under
its schema with a provenance per entry, its template is a valid pack that changes nothing, a
bad pack is refused naming the field, and (AGoT) the engine really reads an override."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import content
from rules.base import GameRules
from rules.content import ContentError, load, template
from rules.registry import games


def _with_content() -> list[GameRules]:
    return [r for r in games().values() if r.content_schema() is not None]


@pytest.fixture(autouse=True)
def _no_pack() -> object:
    content.configure(None)
    yield None
    content.configure(None)


def test_the_shipped_games_declare_their_content() -> None:
    assert _with_content(), "no game declares its printed content"


@pytest.mark.parametrize("rules", _with_content(), ids=lambda r: r.id)
def test_the_template_is_a_pack_that_changes_nothing(rules: GameRules, tmp_path: Path) -> None:
    schema = rules.content_schema()
    assert schema is not None
    shipped = load(schema, use_configured=False)
    assert all(e["provenance"] in ("seed", "public", "provisional")
               for name in shipped.collections for e in shipped.entries(name))
    folder = tmp_path / "packs" / rules.id
    folder.mkdir(parents=True)
    for name, data in template(schema).items():
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    before = rules.state_hash(rules.new_game({}, rules.min_seats, 7))
    content.configure(tmp_path / "packs")
    assert load(schema).fingerprint == shipped.fingerprint
    assert rules.state_hash(rules.new_game({}, rules.min_seats, 7)) == before


@pytest.mark.parametrize("rules", _with_content(), ids=lambda r: r.id)
def test_a_bad_pack_is_refused_before_any_game_reads_it(rules: GameRules,
                                                        tmp_path: Path) -> None:
    schema = rules.content_schema()
    assert schema is not None
    coll = schema.collections[0]
    entry = dict(load(schema, use_configured=False).entries(coll.name)[0])
    entry["provenance"] = "printed"
    folder = tmp_path / "packs" / rules.id
    folder.mkdir(parents=True)
    (folder / coll.filename).write_text(json.dumps({coll.key or coll.name: [entry]}))
    with pytest.raises(ContentError) as info:
        load(schema, tmp_path / "packs")
    assert info.value.field == "provenance" and coll.filename in info.value.file


def test_agot_reads_an_override_from_content_dir(tmp_path: Path) -> None:
    from rules.agot.data import load as agot_data

    folder = tmp_path / "packs" / "agot"
    folder.mkdir(parents=True)
    area = {"id": "castle_black", "name": "Castle Black", "kind": "land", "castle": 0,
            "supply": 1, "crowns": 1, "home": None, "provenance": "public"}
    (folder / "areas.json").write_text(json.dumps({"areas": [area]}))
    assert agot_data().areas["castle_black"].supply == 0
    content.configure(tmp_path / "packs")
    assert agot_data().areas["castle_black"].supply == 1
    content.configure(None)
    assert agot_data().areas["castle_black"].supply == 0

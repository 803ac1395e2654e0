"""Every game with printed content declares it as a content pack: every data file and every
key in it belongs to a declared collection, the shipped data loads under its schema with a
provenance per entry, every collection can be overridden and is checked field by field, its
template is a valid pack that changes nothing, a bad pack is refused naming the field, and
(AGoT, Catan) the engine really reads an override."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules import content
from rules.base import GameRules
from rules.content import Collection, ContentError, load, stored_form
from rules.content_template import template
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


def _collections() -> list[tuple[GameRules, Collection]]:
    out = []
    for rules in _with_content():
        schema = rules.content_schema()
        assert schema is not None
        out += [(rules, coll) for coll in schema.collections]
    return out


def _keys(node: Any, at: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every key path of a data file down to the collections (comments left out)."""
    if not isinstance(node, dict):
        return set()
    out = set()
    for key, value in node.items():
        if not key.startswith("_") and key not in ("provenance", "note", "source"):
            out |= {(*at, key)} | _keys(value, (*at, key))
    return out


@pytest.mark.parametrize("rules", _with_content(), ids=lambda r: r.id)
def test_every_data_file_and_key_belongs_to_a_declared_collection(rules: GameRules) -> None:
    schema = rules.content_schema()
    assert schema is not None
    files = {c.filename for c in schema.collections}
    assert {p.name for p in schema.data_dir.glob("*.json")} == files
    for name in files:
        raw = json.loads((schema.data_dir / name).read_text(encoding="utf-8"))
        paths = {p for c in schema.collections if c.filename == name for p in c.paths}
        # a key is a collection, or on the way to one; whatever lies inside a collection is
        # its entries, checked field by field
        for key in _keys(raw):
            assert any(key[:len(p)] == p or p[:len(key)] == key for p in paths), (name, key)


@pytest.mark.parametrize(("rules", "coll"), _collections(),
                         ids=[f"{r.id}-{c.name}" for r, c in _collections()])
def test_every_collection_can_be_overridden_and_is_checked(rules: GameRules, coll: Collection,
                                                           tmp_path: Path) -> None:
    schema = rules.content_schema()
    assert schema is not None
    entry = dict(load(schema, use_configured=False).entries(coll.name)[0])
    entry["note"] = "transcribed from our copy"
    entry["provenance"] = "public" if entry["provenance"] != "public" else "seed"
    entry_id = ("|".join(str(entry[f]) for f in coll.id_fields) if coll.id_fields
                else entry["id"])

    def pack(e: dict[str, Any]) -> Path:
        data: dict[str, Any] = {}
        path = (coll.key or coll.name).split(".")
        target = data
        for part in path[:-1]:
            target = target.setdefault(part, {})
        target[path[-1]] = stored_form(coll, [e])
        folder = tmp_path / "packs" / rules.id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / coll.filename).write_text(json.dumps(data), encoding="utf-8")
        return tmp_path / "packs"

    merged = load(schema, pack(entry), cache=False)
    assert [(o.collection, o.id, o.changed) for o in merged.overrides] == [
        (coll.name, entry_id, True)]
    assert merged.get(coll.name, entry_id)["provenance"] == entry["provenance"]
    with pytest.raises(ContentError) as info:
        load(schema, pack({**entry, "colour": "red"}), cache=False)
    assert (info.value.entry, info.value.field) == (entry_id, "colour")
    assert info.value.file == f"packs/{rules.id}/{coll.filename}"


def test_agot_reads_its_game_tables_from_a_pack(tmp_path: Path) -> None:
    from rules.agot.data import load as agot_data

    shipped = agot_data()
    folder = tmp_path / "packs" / "agot"
    folder.mkdir(parents=True)
    (folder / "game.json").write_text(json.dumps({
        "unit_limits": {"footman": 12, "knight": 5, "ship": 6, "provenance": "public"},
        "turns": {"count": 8, "provenance": "public"},
        "power_tokens": {"per_house": 25, "provenance": "public"},
        "setups": {"3": {**shipped.setups[3], "castles_to_win": 9, "provenance": "public"}},
    }))
    content.configure(tmp_path / "packs")
    changed = agot_data()
    assert changed.unit_limits == {"footman": 12, "knight": 5, "ship": 6}
    assert (changed.turns, changed.power_tokens) == (8, 25)
    assert changed.setups[3]["castles_to_win"] == 9 and changed.setups[4] == shipped.setups[4]
    content.configure(None)
    assert agot_data().unit_limits == {"footman": 10, "knight": 4, "ship": 6}
    assert (agot_data().turns, agot_data().power_tokens) == (10, 20)


def test_catan_reads_the_wall_and_its_tables_from_a_pack(tmp_path: Path) -> None:
    """Catan reads its content when first imported, so a fresh interpreter configures the pack
    the way the bot does at start."""
    schema = games()["catan_watch"].content_schema()
    assert schema is not None
    shipped = load(schema, use_configured=False)
    wall = {k: v for k, v in shipped.get("wall", "wall").items() if k != "id"}
    pieces = {k: v for k, v in shipped.get("pieces", "pieces").items() if k != "id"}
    folder = tmp_path / "packs" / "catan_watch"
    folder.mkdir(parents=True)
    (folder / "boards.json").write_text(json.dumps(
        {"wall": {**wall, "fields_per_section": 8, "provenance": "public"}}))
    (folder / "components.json").write_text(json.dumps(
        {"pieces": {**pieces, "guard": 8, "provenance": "public"}}))
    probe = ("import sys; from rules import content; content.configure(sys.argv[1]); "
             "from rules.catan_watch import data; "
             "print(data.FIELDS_PER_SECTION, data.PIECES['guard'], "
             "' '.join(data.provisional_names('nights_watch')))")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "packs")],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    sections, guards, *provisional = out.stdout.split()
    assert (sections, guards) == ("8", "8")
    assert "wall_layout" not in provisional and "wildling_mix" in provisional

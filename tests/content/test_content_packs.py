"""Content packs (rules/content.py and ``python -m bot content``): shipped data with
provenance, overrides by id from CONTENT_DIR, all-or-nothing validation that names the file,
the entry and the field, and a template that a group fills in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bot.content_cli as cli
from rules import content
from rules.content import Collection, ContentError, ContentSchema, load
from rules.content_fields import Field
from rules.content_template import template
from tests.fixtures.sealed_bids import RULES as SEALED


def _schema(data: Path) -> ContentSchema:
    return ContentSchema("toy", data, (
        Collection("cards", {"name": Field("str", "the printed name"),
                             "strength": Field("int", minimum=0, maximum=9),
                             "tags": Field("list", items="str", required=False)},
                   doc="the deck", count=3),
        Collection("edges", {"a": Field("str"), "b": Field("str"), "rough": Field("bool")},
                   file="board.json", key="edges", id_fields=("a", "b")),
    ))


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def shipped(tmp_path: Path) -> ContentSchema:
    data = tmp_path / "data"
    _write(data / "cards.json", {"_doc": "comments are ignored", "entries": [
        {"id": "axe", "name": "Axe", "strength": 2, "provenance": "seed"},
        {"id": "bow", "name": "Bow", "strength": 1, "provenance": "provisional"},
        {"id": "cow", "name": "Cow", "strength": 0, "provenance": "provisional",
         "_why": "a stand-in"},
    ]})
    _write(data / "board.json", {"edges": [{"a": "x", "b": "y", "rough": True,
                                            "provenance": "provisional"}]})
    content.configure(None)
    return _schema(data)


def test_shipped_content_loads_with_provenance(shipped: ContentSchema) -> None:
    c = load(shipped, use_configured=False)
    assert [e["id"] for e in c.entries("cards")] == ["axe", "bow", "cow"]
    assert "_why" not in c.get("cards", "cow")
    assert c.get("edges", "x|y")["rough"] is True
    assert c.provisional() == [("cards", "bow"), ("cards", "cow"), ("edges", "x|y")]
    assert c.provisional_collections() == ["cards", "edges"]


def test_a_pack_overrides_entries_by_id(shipped: ContentSchema, tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    _write(packs / "toy" / "cards.json", [
        {"id": "bow", "name": "Longbow", "strength": 3, "provenance": "public"}])
    before = load(shipped, use_configured=False)
    content.configure(packs)
    try:
        after = load(shipped)
    finally:
        content.configure(None)
    assert after.get("cards", "bow")["name"] == "Longbow"
    assert after.get("cards", "axe") == before.get("cards", "axe")
    assert [(o.collection, o.id, o.added) for o in after.overrides] == [("cards", "bow", False)]
    assert ("cards", "bow") not in after.provisional()
    assert after.fingerprint != before.fingerprint


@pytest.mark.parametrize(("entry", "where"), [
    ({"id": "bow", "name": "Bow", "strength": 12, "provenance": "public"},
     ("bow", "strength", "at most 9")),
    ({"id": "bow", "name": "Bow", "strength": "2", "provenance": "public"},
     ("bow", "strength", "must be int")),
    ({"id": "bow", "name": "Bow", "strength": 2, "provenance": "printed"},
     ("bow", "provenance", "must be one of")),
    ({"id": "bow", "name": "Bow", "provenance": "public"}, ("bow", "strength", "missing")),
    ({"id": "bow", "name": "Bow", "strength": 1, "colour": "red", "provenance": "public"},
     ("bow", "colour", "unknown field")),
    ({"id": "bow", "name": "Bow", "strength": 1, "tags": ["a", 3], "provenance": "public"},
     ("bow", "tags", "item 1")),
    ({"name": "Bow", "strength": 1, "provenance": "public"}, ("#1", "id", "needs a text id")),
])
def test_a_bad_pack_is_refused_naming_file_entry_and_field(
        shipped: ContentSchema, tmp_path: Path, entry: dict[str, Any],
        where: tuple[str, str, str]) -> None:
    packs = tmp_path / "packs"
    _write(packs / "toy" / "cards.json", [entry])
    with pytest.raises(ContentError) as info:
        load(shipped, packs)
    err = info.value
    assert err.file == "packs/toy/cards.json"
    assert (err.entry, err.field) == where[:2] and where[2] in err.problem
    assert "cards.json" in str(err) and where[1] in str(err)


def test_unreadable_or_unknown_pack_files_are_refused(shipped: ContentSchema,
                                                      tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    (packs / "toy").mkdir(parents=True)
    (packs / "toy" / "cards.json").write_text("{oops", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        load(shipped, packs)
    (packs / "toy" / "cards.json").unlink()
    _write(packs / "toy" / "spells.json", [])
    with pytest.raises(ContentError, match="no such collection"):
        load(shipped, packs)


def test_the_printed_count_is_checked_after_overrides(shipped: ContentSchema,
                                                      tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    _write(packs / "toy" / "cards.json", [
        {"id": "elk", "name": "Elk", "strength": 4, "provenance": "public"}])
    with pytest.raises(ContentError, match="has 3 entries, this content has 4"):
        load(shipped, packs)


def test_the_template_is_a_valid_pack_that_changes_nothing(shipped: ContentSchema,
                                                           tmp_path: Path) -> None:
    files = template(shipped)
    assert set(files) == {"cards.json", "board.json"}
    docs = files["cards.json"]["_cards"]
    assert "the printed name" in docs["fields"]["name"] and "3 entries" in docs["count"]
    packs = tmp_path / "packs"
    for name, data in files.items():
        _write(packs / "toy" / name, data)
    filled = load(shipped, packs)
    plain = load(shipped, use_configured=False)
    assert filled.fingerprint == plain.fingerprint


class _ToyRules(type(SEALED)):  # type: ignore[misc]
    id = "toy"

    def __init__(self, schema: ContentSchema) -> None:
        self._schema = schema

    def content_schema(self) -> ContentSchema:
        return self._schema


def test_content_cli_checks_and_writes_templates(
        shipped: ContentSchema, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "games", lambda: {"toy": _ToyRules(shipped)})
    out = tmp_path / "packs" / "toy"
    assert cli.content_command("template", ["toy", str(out)], None) == 0
    assert (out / "cards.json").is_file() and (out / "board.json").is_file()
    data = json.loads((out / "cards.json").read_text())
    data["entries"][1].update(name="Longbow", provenance="public")
    (out / "cards.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert cli.content_command("check", [str(out.parent)], "toy") == 0
    printed = capsys.readouterr().out
    assert "overrides cards/bow (public)" in printed
    assert "cards: 1 of 3 entries still provisional" in printed
    data["entries"][1]["strength"] = -1
    (out / "cards.json").write_text(json.dumps(data))
    assert cli.content_command("check", [str(out.parent)], "toy") == 1
    assert "REFUSED" in capsys.readouterr().out
    assert cli.content_command("check", [str(tmp_path / "nowhere")], None) == 2
    assert cli.content_command("template", ["chess"], None) == 2

"""``python -m bot content`` as an operator types it: options and positionals in any order, the
template's true file count, what a pack overrides and what stays provisional (Catan's Wall
among them), and a pack with an unknown key or a wrong type refused naming file, entry and
field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from rules import content
from rules.content import ContentError, load
from rules.registry import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_pack() -> object:
    content.configure(None)
    yield None
    content.configure(None)


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _stronger_wolf(packs: Path) -> None:
    schema = games()["northgard"].content_schema()
    assert schema is not None
    wolf = dict(next(e for e in load(schema, use_configured=False).entries("monsters")
                     if e["kind"] == "wolf"))
    wolf.update(strength=wolf["strength"] + 1, provenance="public")
    _write(packs / "northgard" / "monsters.json", {"entries": [wolf]})


@pytest.mark.parametrize("order", ["option first", "folder first"])
def test_check_parses_options_and_positionals_in_any_order(
        order: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    packs = tmp_path / "packs"
    _stronger_wolf(packs)
    argv = (["content", "check", "--game", "northgard", str(packs)] if order == "option first"
            else ["content", "check", str(packs), "--game", "northgard"])
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"northgard: valid (pack {packs / 'northgard'})")
    assert "packs/northgard/monsters.json: overrides monsters/" in out
    assert "agot" not in out  # --game chose one game


def test_the_real_command_line_takes_the_option_before_the_folder(tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    _stronger_wolf(packs)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CONTENT_DIR", None)
    out = subprocess.run([sys.executable, "-m", "bot", "content", "check", "--game", "northgard",
                          str(packs)], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "northgard: valid (pack" in out.stdout and "overrides monsters/" in out.stdout


@pytest.mark.parametrize("game", sorted(g for g, r in games().items()
                                        if r.content_schema() is not None))
def test_template_reports_the_files_it_wrote(game: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "content" / game
    assert main(["content", "template", game, str(out)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert capsys.readouterr().out.startswith(f"wrote {len(written)} files to {out}")
    if game == "catan_watch":
        assert written == ["boards.json", "components.json"]


def test_check_lists_what_stays_provisional_and_what_a_pack_replaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "check", "--game", "catan_watch"]) == 0
    shipped = capsys.readouterr().out
    assert "  wall: still provisional" in shipped
    assert "  costs: seed" in shipped and "  development_cards: 5 of 5 entries" in shipped
    schema = games()["catan_watch"].content_schema()
    assert schema is not None
    wall = dict(load(schema, use_configured=False).get("wall", "wall"))
    del wall["id"]
    wall.update(provenance="public", fields_per_section=8)
    _write(tmp_path / "packs" / "catan_watch" / "boards.json", {"wall": wall})
    assert main(["content", "check", str(tmp_path / "packs"), "--game", "catan_watch"]) == 0
    printed = capsys.readouterr().out
    assert "packs/catan_watch/boards.json: overrides wall/wall (public)" in printed
    assert "  wall: public" in printed and "still provisional" in printed  # the rest


# (game, file, pack file content, entry, field named)
BAD = [
    ("agot", "game.json", {"supply_table": "garbage"}, "supply_table", "supply_table"),
    ("catan_watch", "boards.json", {"wall": "garbage"}, "wall", "wall"),
    ("agot", "game.json", {"suply_table": {"rows": [], "provenance": "seed"}}, None,
     "suply_table"),
    ("catan_watch", "components.json", {"development_deck": {"garbage": 1}}, None,
     "development_deck.garbage"),
    ("catan_watch", "components.json", {"heroes": []}, None, "heroes"),
    ("agot", "game.json", {"unit_limits": {"footman": 10, "knight": 4, "ship": "6",
                                           "provenance": "seed"}}, "unit_limits", "ship"),
    ("agot", "game.json", {"turns": {"count": 10, "rounds": 9, "provenance": "seed"}}, "turns",
     "rounds"),
    ("agot", "game.json", {"setups": {"3": {"houses": [], "provenance": "seed"}}}, "3",
     "neutral_houses"),
    ("catan_watch", "components.json", {"costs": {"road": {"brick": "1"}, "settlement": {},
                                                  "keep": {}, "development": {}, "guard": {},
                                                  "provenance": "seed"}}, "costs", "road"),
    ("catan_watch", "components.json", {"resources": {"order": ["brick"]}}, "resources",
     "provenance"),
    ("fort", "settings.json", {"settings": {"provenance": "seed"}, "extra": 1}, None, "extra"),
    ("great_wall", "board.json", {"entries": [], "boards": []}, None, "boards"),
    ("northgard", "rules.json", {"dice": [], "weather": []}, None, "weather"),
]


@pytest.mark.parametrize(("game", "file", "data", "entry", "field"), BAD,
                         ids=[f"{b[0]}-{b[4]}" for b in BAD])
def test_an_unknown_key_or_a_wrong_type_is_refused_naming_file_entry_and_field(
        game: str, file: str, data: dict[str, Any], entry: str | None, field: str,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    packs = tmp_path / "packs"
    _write(packs / game / file, data)
    schema = games()[game].content_schema()
    assert schema is not None
    with pytest.raises(ContentError) as info:
        load(schema, packs, cache=False)
    err = info.value
    assert (err.file, err.entry, err.field) == (f"packs/{game}/{file}", entry, field)
    assert main(["content", "check", "--game", game, str(packs)]) == 1
    printed = capsys.readouterr().out
    assert printed.startswith(f"{game}: REFUSED — packs/{game}/{file}")
    assert f"field {field!r}" in printed and (entry is None or f"entry {entry!r}" in printed)

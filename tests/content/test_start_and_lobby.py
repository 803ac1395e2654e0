"""Where a content pack meets the running bot: ``python -m bot run`` with a bad pack in
CONTENT_DIR stops before it touches the database or Discord, naming the file, the entry and the
field (exit code 2); and ``/game new`` says which of the game's content is still provisional,
in every game and mode, from the content in force."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import available_locales, catalog
from bot.service import GameService
from bot.service.effects import Post
from rules import content
from rules.registry import games

ROOT = Path(__file__).resolve().parents[2]
#: A pack that is valid JSON but has a wrong type in one field of one entry.
BAD_PACK = ("agot", "game.json", {"unit_limits": {"footman": 10, "knight": 4, "ship": "six",
                                                  "provenance": "public"}})
NAMED = "packs/agot/game.json, entry 'unit_limits', field 'ship': must be int, not str"


@pytest.fixture(autouse=True)
def _no_pack() -> object:
    content.configure(None)
    yield None
    content.configure(None)


def _pack(tmp_path: Path, game: str, file: str, data: Any) -> Path:
    folder = tmp_path / "packs" / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(json.dumps(data), encoding="utf-8")
    return tmp_path / "packs"


@pytest.mark.parametrize("good", [False, True], ids=["bad pack", "good pack"])
def test_run_refuses_a_bad_pack_before_it_starts_anything(
        good: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import bot.runner
    from bot.__main__ import main

    game, file, data = BAD_PACK
    if good:
        data = {"unit_limits": {**data["unit_limits"], "ship": 6}}
    packs = _pack(tmp_path, game, file, data)
    started: list[Any] = []

    async def run_bot(settings: Any) -> None:
        started.append(settings.content_dir)

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "t0ken")
    monkeypatch.setenv("CONTENT_DIR", str(packs))
    monkeypatch.setattr(bot.runner, "run_bot", run_bot)
    code = main(["run"])
    err = capsys.readouterr().err
    if good:
        assert (code, started, err) == (0, [str(packs)], "")
    else:
        assert (code, started) == (2, [])
        assert NAMED in err


def test_the_real_command_exits_2_naming_the_field_and_creates_no_database(
        tmp_path: Path) -> None:
    game, file, data = BAD_PACK
    packs = _pack(tmp_path, game, file, data)
    db = tmp_path / "bot.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "t0ken",
           "CONTENT_DIR": str(packs), "DATABASE_URL": f"sqlite+aiosqlite:///{db}"}
    out = subprocess.run([sys.executable, "-m", "bot", "run"], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 2
    assert NAMED in out.stderr
    assert not db.exists()  # the migrations, the first step of a start, never ran


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return tuple(sorted(games()))


MODES = [(gid, v.name) for gid, rules in sorted(games().items()) for v in rules.variants()]


def _note(outcome: Any) -> list[Post]:
    return [e for e in outcome.effects
            if isinstance(e, Post) and e.msg.key == "lobby.provisional"]


@pytest.mark.parametrize(("game", "mode"), MODES, ids=[f"{g}-{m}" for g, m in MODES])
async def test_game_new_names_the_provisional_content(game: str, mode: str,
                                                      service: GameService) -> None:
    rules = games()[game]
    variant = next(v for v in rules.variants() if v.name == mode)
    seats = max(variant.seats)
    out = await service.create_game(1, "Alice", game, mode=mode, max_seats=seats)
    expected = rules.provisional_content(rules.check_config(dict(variant.config), seats))
    assert expected, f"{game} ships no stand-in any more: drop it from this test"
    [note] = _note(out)
    items = note.msg.params["items"]
    assert [i.key for i in items] == [f"{game}.content.{name}" for name in expected]
    for locale in available_locales():
        text = note.msg.render(locale)
        assert text.startswith(catalog(locale)["lobby.provisional"].split("{")[0])
        assert all(catalog(locale)[i.key] in text for i in items)
        assert f"{game}.content." not in text


async def test_game_new_reads_the_note_from_the_pack_in_force(tmp_path: Path,
                                                              service: GameService) -> None:
    from rules.content import load

    rules = games()["great_wall"]
    schema = rules.content_schema()
    assert schema is not None
    artifacts = [{**e, "provenance": "public"}
                 for e in load(schema, use_configured=False).entries("artifacts")]
    before = _note(await service.create_game(1, "Alice", "great_wall"))[0].msg.render()
    assert catalog("en")["great_wall.content.artifacts"] in before
    content.configure(_pack(tmp_path, "great_wall", "artifacts.json", {"entries": artifacts}))
    after = _note(await service.create_game(1, "Alice", "great_wall"))[0].msg.render()
    assert catalog("en")["great_wall.content.artifacts"] not in after
    assert catalog("en")["great_wall.content.hordes"] in after


def test_run_refuses_a_pack_that_fits_the_schema_but_breaks_the_game(tmp_path: Path) -> None:
    """Every field fits its type, but the deck no longer has its 25 cards: the game's own
    check of its content refuses it at start, not when the first table opens. (A process of
    its own: a game reads its pack when it is first imported.)"""
    card = {"id": "watch", "name": "Watch", "kind": "watch", "count": 13, "base": True,
            "provenance": "public"}
    packs = _pack(tmp_path, "catan_watch", "components.json",
                  {"development_deck": {"cards": [card]}})
    db = tmp_path / "bot.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "t0ken",
           "CONTENT_DIR": str(packs), "DATABASE_URL": f"sqlite+aiosqlite:///{db}"}
    out = subprocess.run([sys.executable, "-m", "bot", "run"], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 2, out.stderr[-2000:]
    assert "content pack refused" in out.stderr and "development deck: 25 cards" in out.stderr
    assert "Traceback" not in out.stderr
    assert not db.exists()

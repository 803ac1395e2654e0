"""A bad environment is told in one line: what is wrong and what to do, exit code 2, no
traceback, nothing written. One row per environment a new operator has been seen to meet."""

from __future__ import annotations

import logging
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.__main__ import main
from bot.env_errors import explain
from bot.i18n import msg
from bot.service import GameService, ManualClock, ServiceError, ServiceSettings
from storage.db import make_engine
from tests.conftest import _PG_SKIP, BASE_PG_URL
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.service.helpers import ALICE, BOB, started_game

PG_HOST = BASE_PG_URL.rsplit("@", 1)[1].split("/", 1)[0]  # 127.0.0.1:5432


def _run(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         **env: str) -> tuple[int, str]:
    for name in ("DATABASE_URL", "DISCORD_TOKEN", "DEFAULT_DEADLINE_HOURS", "CONTENT_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code = main(argv)
    out = capsys.readouterr()
    return code, (out.err + out.out).strip()


def _one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, f"not one line:\n{text}"
    assert "Traceback" not in text and "sqlalche.me" not in text
    return lines[0]


def _garbage_file(tmp_path: Path) -> Path:
    path = tmp_path / "not-a-db.db"
    path.write_bytes(b"this is a spreadsheet, not a database " * 200)
    return path


# (name, command, DATABASE_URL (tmp_path formatted in), words the line must hold)
SQLITE_CASES = [
    ("unparseable url", ["db", "upgrade"], "not a url", "is not a database URL"),
    ("unparseable url, verify", ["db", "verify"], "::::", "is not a database URL"),
    ("unparseable url, run", ["run"], "not a url", "is not a database URL"),
    ("driver not installed", ["db", "upgrade"], "mysql+aiomysql://u:p@localhost/x",
     "is not installed"),
    ("driver not installed, run", ["run"], "mysql+aiomysql://u:p@localhost/x",
     "is not installed"),
    ("unknown driver, verify", ["db", "verify"], "foo+bar://x/y", "cannot use"),
    ("not an asyncio driver", ["db", "upgrade"], "sqlite:///{tmp}/x.db",
     "not an asyncio driver"),
    ("not an asyncio driver, run", ["run"], "sqlite:///{tmp}/x.db", "not an asyncio driver"),
    ("folder under a file", ["db", "upgrade"], "sqlite+aiosqlite:///{tmp}/file/x.db",
     "cannot be opened"),
    ("read-only database", ["db", "upgrade"],
     "sqlite+aiosqlite:///file:{tmp}/empty.db?mode=ro&uri=true", "cannot be written"),
    ("read-only database, run", ["run"],
     "sqlite+aiosqlite:///file:{tmp}/empty.db?mode=ro&uri=true", "cannot be written"),
    ("not a database file", ["db", "upgrade"], "sqlite+aiosqlite:///{tmp}/not-a-db.db",
     "is not an SQLite database"),
    ("not a database file, run", ["run"], "sqlite+aiosqlite:///{tmp}/not-a-db.db",
     "is not an SQLite database"),
]


@pytest.mark.parametrize(("argv", "url", "words"), [c[1:] for c in SQLITE_CASES],
                         ids=[c[0] for c in SQLITE_CASES])
def test_a_bad_database_is_one_line(argv: list[str], url: str, words: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("a file where a folder is expected")
    (tmp_path / "empty.db").touch()
    garbage = _garbage_file(tmp_path)
    before = {p: p.stat().st_size for p in tmp_path.iterdir()}
    code, out = _run(argv, monkeypatch, capsys, DATABASE_URL=url.format(tmp=tmp_path),
                     DISCORD_TOKEN="token-never-used")
    line = _one_line(out)
    assert code == 2, line
    assert words in line, line
    assert "Discord" not in line  # the database's fault is never blamed on the network
    after = {p: p.stat().st_size for p in tmp_path.iterdir()}
    assert after == before, "a refused environment wrote something"
    assert garbage.read_bytes().startswith(b"this is a spreadsheet")


PG_CASES = [
    ("missing database", "postgresql+asyncpg://postgres@{host}/maester_no_such_db",
     "has no database maester_no_such_db"),
    ("unknown role", "postgresql+asyncpg://maester_no_such_role:pw@{host}/postgres",
     "refused the login"),
    ("server down", "postgresql+asyncpg://postgres@127.0.0.1:1/postgres",
     "No database server answers at 127.0.0.1:1"),
]


@pytest.mark.skipif(_PG_SKIP is not None, reason=_PG_SKIP or "")
@pytest.mark.parametrize("argv", [["db", "upgrade"], ["db", "verify"], ["run"]],
                         ids=["upgrade", "verify", "run"])
@pytest.mark.parametrize(("url", "words"), [c[1:] for c in PG_CASES],
                         ids=[c[0] for c in PG_CASES])
def test_a_bad_postgresql_is_one_line(argv: list[str], url: str, words: str,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(argv, monkeypatch, capsys, DATABASE_URL=url.format(host=PG_HOST),
                     DISCORD_TOKEN="token-never-used")
    line = _one_line(out)
    assert code == 2, line
    if argv == ["db", "verify"]:  # verify reads, and says it cannot, in its own words
        assert line.startswith("cannot verify:") or words in line, line
    else:
        assert words in line, line
    assert "Discord" not in line


def test_a_malformed_setting_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = _run(["db", "upgrade"], monkeypatch, capsys, DEFAULT_DEADLINE_HOURS="soon")
    line = _one_line(out)
    assert code == 2 and "DEFAULT_DEADLINE_HOURS" in line, line
    assert not (tmp_path / "data").exists()


def _limited(limit: int) -> Any:
    def apply() -> None:  # in the child, before exec: a file-size limit, as ulimit -f sets
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.parametrize("argv", [["db", "upgrade"], ["demo", "--game", "fort", "--quiet"]],
                         ids=["upgrade", "demo"])
def test_a_full_disk_is_one_line(argv: list[str], tmp_path: Path) -> None:
    """A file-size limit stands in for a full disk: the same refused write, in a child."""
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/big.db",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}  # this checkout's bot
    if argv[0] == "demo":
        argv = [*argv, "--out", str(tmp_path / "out")]
    done = subprocess.run([sys.executable, "-m", "bot", *argv], env=env, cwd=tmp_path,
                          preexec_fn=_limited(16_384), capture_output=True, text=True,
                          timeout=120)
    line = _one_line(done.stderr)
    assert done.returncode == 2, line
    assert "the disk is full or a file-size limit was reached" in line, line


def test_explain_leaves_a_program_error_alone() -> None:
    """Only the environment's faults are put in words; a bug keeps its traceback."""
    assert explain(KeyError("seat"), "sqlite+aiosqlite:///x.db") is None
    assert explain(ZeroDivisionError(), "postgresql+asyncpg://h/db") is None


def test_every_line_is_in_both_languages() -> None:
    line = msg("env.db_unreachable", where="h:1/db", reason="refused")
    assert line.render("en").startswith("No database server answers at h:1/db")
    assert line.render("cs").startswith("Na adrese h:1/db neodpovídá")


# ---- at run time: a database that cannot be read ------------------------------------------
@pytest.mark.parametrize("path", ["hot", "sqlalchemy"])
async def test_an_unreadable_database_is_answered_not_raised(
        engine: AsyncEngine, clock: ManualClock, path: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """SQLite in a folder it may not write cannot open its write-ahead log, so even a read
    fails; the player hears "could not read, try again", the operator gets one line."""
    service = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    gid = await started_game(service, [ALICE, BOB])
    refused = sqlite3.OperationalError("unable to open database file")
    unreadable = make_engine(engine.url.render_as_string(hide_password=False))
    if path == "hot":
        def _connect(*_a: Any, **_kw: Any) -> sqlite3.Connection:
            raise refused
        monkeypatch.setattr(sqlite3, "connect", _connect)
    else:
        @event.listens_for(unreadable.sync_engine, "before_cursor_execute")
        def _refuse(*_args: Any) -> None:
            raise refused
    fresh = GameService(unreadable, clock=clock, games={"sealed_bids": SEALED},
                        settings=ServiceSettings(hot_path=path == "hot"))
    caplog.set_level(logging.ERROR)
    try:
        with pytest.raises(ServiceError) as err:
            await fresh.summary(gid)
    finally:
        fresh.close()
        monkeypatch.undo()
        await unreadable.dispose()
    assert err.value.msg.key == "error.read_failed"
    assert "try again" in err.value.msg.render()
    lines = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "could not read game #" in lines[0].getMessage()
    assert lines[0].exc_info is None
    assert (await service.summary(gid)).game_id == gid  # readable again: nothing changed


def test_the_example_env_file_as_copied_is_valid(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`cp .env.example .env` (the README's first step) leaves its empty values: not set."""
    from bot.config import Settings

    (tmp_path / ".env").write_text(
        (Path(__file__).resolve().parents[2] / ".env.example").read_text())
    monkeypatch.chdir(tmp_path)
    for name in ("DEV_GUILD_ID", "SHARD_COUNT", "METRICS_PORT", "CONTENT_DIR", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.dev_guild_id is None and settings.shard_count is None
    assert settings.metrics_port is None and settings.shards() is None

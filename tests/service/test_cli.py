"""The command line: help, the missing-token message, and the wiring of ``run``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings, Shards


def _cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def test_help_lists_the_commands() -> None:
    out = _cli("--help")
    assert out.returncode == 0
    for command in ("run", "demo", "bench", "db"):
        assert command in out.stdout


def test_run_without_a_token_says_how_to_get_one(tmp_path: Path) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    out = _cli("run", env=env, cwd=tmp_path)  # no .env in tmp_path
    assert out.returncode != 0
    assert "DISCORD_TOKEN is not set" in out.stderr
    assert "discord.com/developers/applications" in out.stderr


async def test_run_migrates_and_hands_the_service_to_discord(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.discord.app as app
    from bot.runner import run_bot

    seen: dict[str, Any] = {}

    async def fake_run(token: str, service: Any, **kw: Any) -> None:
        seen.update(token=token, games=sorted(service.games), **kw)
        await service.my_games(1)  # the schema exists: migrations ran

    monkeypatch.setattr(app, "run", fake_run)
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    await run_bot(Settings(discord_token="t0ken", database_url=url, dev_guild_id=5,
                           reminder_poll_seconds=7, shard_count=2, shard_ids="1",
                           metrics_port=9400))
    from rules.registry import games

    assert seen == {"token": "t0ken", "games": sorted(games()), "dev_guild_id": 5,
                    "deadline_interval": 7, "shards": Shards(2, (1,)),
                    "metrics": ("127.0.0.1", 9400)}


def test_bench_modules_do_not_see_the_bench_command_in_argv(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy
    import sys

    from bot.__main__ import main

    seen: list[list[str]] = []
    monkeypatch.setattr(runpy, "run_module", lambda name, run_name: seen.append(list(sys.argv)))
    monkeypatch.setattr(sys, "argv", ["python -m bot", "bench"])
    assert main(["bench", "render", "agot"]) == 0
    assert [a[1:] for a in seen] == [[], []]  # no "bench" for int(sys.argv[1]) to choke on
    assert all(a[0].endswith("_bench.py") for a in seen)
    assert sys.argv == ["python -m bot", "bench"]


@pytest.mark.parametrize(("error", "said"), [
    ("login", "Discord refused the token"),
    ("network", "Could not reach Discord (no route): check the network"),
])
def test_run_with_a_bad_token_or_no_network_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: str, said: str
) -> None:
    import discord

    import bot.__main__ as cli
    import bot.runner

    async def refused(_settings: Any) -> None:
        if error == "login":
            raise discord.LoginFailure("Improper token has been passed.")
        raise OSError("no route")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setattr(bot.runner, "run_bot", refused)
    monkeypatch.setattr(bot.runner, "load_content", lambda _dir: None)
    assert cli._run() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(said)


def test_db_ratings_recomputes_the_stored_figures(tmp_path: Path) -> None:
    import os

    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'm.db'}",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = _cli("db", "ratings", env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "ratings recomputed from the logs for 0 server(s)" in out.stdout


def test_the_service_bench_runs_as_make_bench_runs_it() -> None:
    """``python -m bot bench`` runs each bench as ``__main__`` through runpy; the service
    bench's PostgreSQL worker processes must start that way too (they could not: the spawned
    process looked for ``__main__._pg_worker``)."""
    import subprocess

    code = ("import runpy, sys; sys.argv = ['service_bench.py', '--games', 'catan_watch', "
            "'--games-in-db', '64', '--runs', '1', '--sequential', '4', '--concurrent', '16', "
            "'--pg-moves', '16']; runpy.run_module('bench.service_bench', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "(b) 16 concurrent players" in done.stdout
    if "(c) PostgreSQL skipped" not in done.stdout:  # both shapes of load, to 4 processes
        assert "(c) PostgreSQL, 4 processes × 16 players (64 in all)" in done.stdout
        assert "(c) PostgreSQL, 4 processes × 4 players (16 in all)" in done.stdout


@pytest.mark.parametrize("name", ["agot", "catan", "fort", "great_wall", "northgard"])
def test_every_engine_bench_prints_min_median_max(
        name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #17: every bench prints each figure over repeated runs (here with one game a
    run: the format, not the speed)."""
    import importlib
    import re
    import sys

    bench = importlib.import_module(f"bench.{name}_bench")
    monkeypatch.setattr(sys, "argv", [f"{name}_bench.py", "1"])
    if name in ("fort", "great_wall"):
        bench.main(1)
    else:
        bench.main()
    lines = [line for line in capsys.readouterr().out.splitlines()
             if re.search(r"\d (ms|games/s)", line)]
    assert lines
    triple = re.compile(r"[\d.,]+ / +[\d.,]+ / +[\d.,]+")
    assert all(triple.search(line) for line in lines), lines

"""Three bot processes (separate OS processes) on one PostgreSQL database, moving the same
games and running their deadline loops on a shared clock: no move lost or applied twice, every
reminder sent once, every deadline applied once — and a process killed right after taking due
rows has them done by another once its lease runs out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from bench.pg import fresh_database
from bot.service import GameService, ManualClock
from storage import repo
from storage.db import make_engine
from storage.migrate import upgrade_async
from tests.conftest import _PG_SKIP, BASE_PG_URL
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.harness import ALICE, BOB, started_game

pytestmark = pytest.mark.skipif(_PG_SKIP is not None, reason=_PG_SKIP or "")

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600
GAMES = 6


class Table:
    """The shared clock (a file every process reads) and the processes started on it."""

    def __init__(self, url: str, tmp: Path, games: list[int]) -> None:
        self.url, self.tmp, self.games = url, tmp, games
        self.clock_file, self.stop = tmp / "clock", tmp / "stop"
        self.now = datetime(2026, 1, 1, tzinfo=UTC)
        self.set_clock(self.now)
        self.procs: list[tuple[str, subprocess.Popen[str]]] = []

    def set_clock(self, now: datetime) -> None:
        self.now = now
        part = self.clock_file.with_suffix(".new")
        part.write_text(now.isoformat())
        part.replace(self.clock_file)  # a reader sees the old time or the new, never half

    def advance(self, seconds: float) -> None:
        self.set_clock(self.now + timedelta(seconds=seconds))

    def start(self, *names: str, flags: tuple[str, ...] = ()) -> None:
        """Start a process per name; return once each has opened its service."""
        for name in names:
            out = (self.tmp / f"{name}.out").open("w")
            self.procs.append((name, subprocess.Popen(
                [sys.executable, "-m", "tests.service.process_worker", self.url,
                 str(self.clock_file), str(self.stop), name, *map(str, self.games), *flags],
                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
                stdout=out, stderr=subprocess.PIPE)))
        _wait_for(lambda: all(any("ready" in s for s in self.said(n)) or p.poll() is not None
                              for n, p in self.procs), 120)

    def said(self, name: str | None = None) -> list[dict[str, Any]]:
        names = [name] if name else [n for n, _ in self.procs]
        return [json.loads(line) for n in names
                for line in (self.tmp / f"{n}.out").read_text().splitlines()
                if line.endswith("}")]

    def finish(self) -> list[dict[str, Any]]:
        """Stop every process; what each said it did, and that none failed."""
        self.stop.touch()
        for _name, proc in self.procs:
            _out, err = proc.communicate(timeout=120)
            assert proc.returncode in (0, 9), err[-2000:]
        said = self.said()
        self.stop.unlink()
        self.procs = []
        return said


async def _table(tmp_path: Path) -> tuple[str, list[int]]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    url = await fresh_database(BASE_PG_URL, f"maester_procs_{worker}")
    await upgrade_async(url)
    engine = make_engine(url)
    service = GameService(engine, clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)),
                          games={"sealed_bids": SEALED})
    try:
        games = [await started_game(service, [ALICE, BOB], deadline_hours=24, excuses=0,
                                    config={"rounds": 50}) for _ in range(GAMES)]
    finally:
        service.close()
        await engine.dispose()
    return url, games


async def _log(url: str, games: list[int]) -> dict[int, list[Any]]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return {g: await repo.actions_after(conn, g, 0) for g in games}
    finally:
        await engine.dispose()


def _wait_for(check: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the processes did not get there in time"
        time.sleep(0.1)


async def test_three_processes_move_and_keep_deadlines_once(tmp_path: Path) -> None:
    url, games = await _table(tmp_path)
    table = Table(url, tmp_path, games)
    # 1. Three processes move the same games at once.
    table.start("a", "b", "c")
    (tmp_path / "stop.moving").touch()
    _wait_for(lambda: sum("ack" in s for s in table.said()) >= 90, 120)
    (tmp_path / "stop.moving").unlink()
    said = table.finish()
    acked = [s["ack"] for s in said if "ack" in s]
    log = await _log(url, games)
    logged = Counter(a.interaction_id for rows in log.values() for a in rows
                     if a.interaction_id)
    assert not [i for i in acked if logged[i] != 1], "an acknowledged move lost or doubled"
    # 2. Nobody moves; half-time passes: every awaited seat is reminded once, by one process.
    table.start("a", "b", "c")
    table.advance(12.5 * HOUR + 60)
    time.sleep(3)
    table.advance(9.5 * HOUR)  # the lead-time reminder too (2 h before the deadline)
    time.sleep(3)
    said = table.finish()
    reminded = Counter(tuple(s["remind"]) for s in said if "remind" in s)
    assert reminded and set(reminded.values()) == {2}, reminded  # half-time + lead time
    # 3. The deadline passes: each awaited seat's default is applied once.
    before = {g: len(rows) for g, rows in (await _log(url, games)).items()}
    awaited = {(g, u) for g, u in reminded}
    table.start("a", "b", "c")
    table.advance(2 * HOUR + 60)
    time.sleep(4)
    said = table.finish()
    settled = Counter(tuple(s["defaulted"]) for s in said if "defaulted" in s)
    assert set(settled) == awaited and set(settled.values()) == {1}, settled
    log = await _log(url, games)
    for g in games:
        late = [a.source for a in log[g][before[g]:]]
        assert late and set(late) == {"deadline"}, f"game #{g}: {late}"


async def test_a_killed_process_deadlines_are_done_by_another(tmp_path: Path) -> None:
    url, games = await _table(tmp_path)
    table = Table(url, tmp_path, games)
    table.advance(24 * HOUR + 60)  # every game's deadlines (and reminders) are due
    table.start("doomed", flags=("--die-after-claim",))
    _wait_for(lambda: table.procs[0][1].poll() is not None)
    said = [s for s in table.finish() if "ready" not in s]
    assert said and said[0].get("claimed"), "the doomed process took nothing before dying"
    table.start("a", "b")
    time.sleep(3)
    early = {g: [(a.seat, a.source) for a in rows]
             for g, rows in (await _log(url, games)).items() if rows}
    assert not early, f"rows held by the dead process were acted on early: {early}"
    table.advance(61)  # its lease has run out
    time.sleep(4)
    said = table.finish()
    log = await _log(url, games)
    for g in games:
        defaults = [a.seat for a in log[g] if a.source == "deadline"]
        assert sorted(defaults) == [0, 1], f"game #{g}: {defaults}"
    assert make_url(url).database  # the table's own database, dropped by the next run

"""Shared fixtures: a real database per test (SQLite file; PostgreSQL when reachable), a
service over it, and the bot simcord runs (``tests/harness.py`` holds the helpers).

What a test's service knows is said by fixtures a game's ``conftest.py`` (or a module)
overrides, or a test parametrizes: ``service_games`` (game types) and ``service_seed``
(the first game's seed); ``deadline_interval`` is the bot's deadline poll."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import simcord.env
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService, ManualClock
from storage.db import create_all, drop_all, make_engine
from tests.harness import DEADLINE_LOOP, FIRST_SEED, SEALED_BIDS, make_service

# AI players think inline in tests: a worker process costs more to start than it saves here
# (tests/service/test_bots.py runs one pool on purpose).
os.environ.setdefault("MAESTER_AI_WORKERS", "0")
BASE_PG_URL = os.environ.get("TEST_DATABASE_URL",
                             "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
# Each xdist worker gets a database of its own, so parallel runs never share tables.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
PG_URL = str(make_url(BASE_PG_URL).set(database=f"maester_test_{_WORKER}"))


def _pg_reachable() -> str | None:
    """None if PostgreSQL answers at BASE_PG_URL (creating this worker's database), else why."""

    async def probe() -> None:
        engine = make_engine(BASE_PG_URL, isolation_level="AUTOCOMMIT")
        try:
            async with engine.connect() as conn:
                name = make_url(PG_URL).database
                exists = await conn.scalar(
                    text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
                if not exists:
                    await conn.execute(text(f'CREATE DATABASE "{name}"'))
        finally:
            await engine.dispose()

    try:
        asyncio.run(asyncio.wait_for(probe(), 5))
    except Exception as exc:  # any failure means "not reachable here"
        return f"PostgreSQL not reachable at {PG_URL}: {type(exc).__name__}: {exc}"[:300]
    return None


_PG_SKIP = _pg_reachable()


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """A fresh schema on SQLite and, when reachable, on PostgreSQL."""
    if request.param == "postgresql":
        if _PG_SKIP:
            pytest.skip(_PG_SKIP)
        engine = make_engine(PG_URL)
        await drop_all(engine)
    else:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'test.db'}")
    await create_all(engine)
    yield engine
    if request.param == "postgresql":
        await drop_all(engine)
    await engine.dispose()


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'test.db'}")
    await create_all(engine)
    yield engine
    await engine.dispose()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service_games() -> tuple[str, ...]:
    """The game types the ``service`` knows."""
    return (SEALED_BIDS,)


@pytest.fixture
def service_seed() -> int:
    """The seed of the service's first game (the next game gets the next seed)."""
    return FIRST_SEED


@pytest.fixture
def service(engine: AsyncEngine, clock: ManualClock, service_games: tuple[str, ...],
            service_seed: int) -> GameService:
    return make_service(engine, clock, service_games, service_seed)


@pytest.fixture
def deadline_interval() -> float:
    return DEADLINE_LOOP


@pytest.fixture
def simcord_bot(service: GameService, deadline_interval: float) -> MaesterBot:
    """The production bot over the test's ``service``: every discovered game front with it."""
    return create_bot(service, deadline_interval=deadline_interval)


#: How long simcord waits for the bot to go idle after an event. It bounds a wait, it does
#: not assert a speed: on a loaded 2-core machine a board render can take seconds.
SIMCORD_SETTLE_SECONDS = 120.0


#: How often simcord's settle looks again while a task it waits for is neither done nor parked
#: (simcord's own default is 50 ms). Some waits it never counts as parked: an open modal's
#: expiry timer, a ``discord.ext.tasks`` loop whose virtual wake time has passed. Each such
#: settle then slept the whole interval with nothing left to run — a long Catan table spent
#: 40 of its 97 s so. A shorter interval changes only how soon settle notices: it still
#: returns only when every task is done or parked.
SIMCORD_SETTLE_IDLE = 0.005


@pytest.fixture(autouse=True)
def simcord_settle_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    original = simcord.env.Env._settle_internal

    async def settle(self: simcord.env.Env, *, idle: float = SIMCORD_SETTLE_IDLE,
                     **kw: Any) -> None:
        await original(self, idle=idle, **kw)
    monkeypatch.setattr(simcord.env.Env, "_settle_internal", settle)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and \
                item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SIMCORD_SETTLE_SECONDS))
    # `make test` runs one pytest with `--dist loadgroup`: each player's-eye table is a group
    # of its own and goes first (the long ones are there), every other file is one group that
    # fills the workers' time after them — two runs, one after the other, left a worker idle
    # at the end of each.
    tables = {item.nodeid for item in items if item.nodeid.startswith("tests/player_eye/")}
    for item in items:
        table = item.nodeid in tables
        item.add_marker(pytest.mark.xdist_group(item.nodeid if table else str(item.path)))
    items.sort(key=lambda item: item.nodeid not in tables)

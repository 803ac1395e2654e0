"""Issue 16, continued: a full disk answered (a move, a lobby write), a retried interaction
answered with its original outcome (after a restart, from a second process), and the limits
the service checks every number against."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, ServiceError, ServiceSettings
from bot.service.validate import (
    MAX_DEPTH,
    MAX_INTERACTION_ID,
    MAX_PARAMS_BYTES,
    QUOTE_MAX,
)
from rules.base import Action
from storage import repo
from storage.db import make_engine
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.service.helpers import ALICE, BOB, database_url, started_game, stored


# ---- 6. a full disk ----------------------------------------------------------------------------
class _FullDisk(sqlite3.Connection):
    """The hot path's connection on a disk that fills at the action's insert or the commit."""

    where = "insert"

    def executemany(self, sql: str, args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        if self.where == "insert" and sql.startswith("INSERT INTO actions"):
            raise sqlite3.OperationalError("database or disk is full")
        return super().executemany(sql, args)

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        if sql.startswith("BEGIN"):
            self.writing = sql == "BEGIN IMMEDIATE"
        if self.where == "commit" and sql == "COMMIT" and getattr(self, "writing", False):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)


@pytest.mark.parametrize("path", ["hot", "sqlalchemy"])
@pytest.mark.parametrize("where", ["insert", "commit"])
async def test_a_full_disk_is_answered_and_the_move_not_applied(
        engine: AsyncEngine, clock: ManualClock, tmp_path: Path,
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, where: str,
        path: str) -> None:
    service = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    gid = await started_game(service, [ALICE, BOB])
    before = await stored(engine, gid)
    full = make_engine(database_url(engine))
    disk_full = sqlite3.OperationalError("database or disk is full")

    if path == "hot":  # the ``engine`` fixture is an SQLite file: its hot path
        monkeypatch.setattr(_FullDisk, "where", where)
        real_connect = sqlite3.connect
        monkeypatch.setattr(sqlite3, "connect",
                            lambda *a, **kw: real_connect(*a, **kw, factory=_FullDisk))
    elif where == "insert":
        @event.listens_for(full.sync_engine, "before_cursor_execute")
        def _full(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if statement.startswith("INSERT INTO actions"):
                raise disk_full
    else:
        @event.listens_for(full.sync_engine, "commit")
        def _full(conn: Any) -> None:
            raise disk_full

    crowded = GameService(full, clock=clock, games={"sealed_bids": SEALED},
                          settings=ServiceSettings(hot_path=path == "hot"))
    if path == "hot":
        assert crowded.hot is not None
    await crowded.private_view(gid, ALICE)  # the head is read before the disk fills
    caplog.set_level(logging.ERROR)
    try:
        with pytest.raises(ServiceError) as err:
            await crowded.submit(gid, ALICE, Action("bid", {"amount": 3}), interaction_id="f-1")
    finally:
        crowded.close()
        monkeypatch.undo()
        await full.dispose()
    assert err.value.msg.key == "error.save_failed"
    assert "try again" in err.value.msg.render()
    lines = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "could not save" in lines[0].getMessage()
    assert "database or disk is full" in lines[0].getMessage()
    assert lines[0].exc_info is None  # one line, no traceback
    assert await stored(engine, gid) == before
    # Space again: the same click goes through, once.
    out = await service.submit(gid, ALICE, Action("bid", {"amount": 3}), interaction_id="f-1")
    assert not out.duplicate
    assert (await stored(engine, gid))[0] == before[0] + 1


# ---- 7. a retried interaction gets its original outcome ---------------------------------------
async def test_a_retry_after_a_restart_is_a_duplicate_not_stale(
        service: GameService, engine: AsyncEngine, clock: ManualClock) -> None:
    gid = await started_game(service, [ALICE, BOB])
    version = (await service.summary(gid)).version
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}), interaction_id="r-1",
                         expected_version=version)
    await service.submit(gid, BOB, Action("bid", {"amount": 1}))  # the game moves on
    restarted = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    again = await restarted.submit(gid, ALICE, Action("bid", {"amount": 2}),
                                   interaction_id="r-1", expected_version=version)
    assert again.duplicate and again.effects == [] and again.version == version + 1
    async with engine.connect() as conn:
        assert len(await repo.actions_after(conn, gid, 0)) == 2


async def test_a_retry_of_the_last_move_is_a_duplicate_not_game_over(
        service: GameService, engine: AsyncEngine, clock: ManualClock) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1})
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("ready"))
    claimant = ALICE if (await service.summary(gid)).awaiting == [0] else BOB
    version = (await service.summary(gid)).version
    await service.submit(gid, claimant, Action("claim", {"prize": "coins"}), interaction_id="end",
                         expected_version=version)
    assert (await service.summary(gid)).status == "finished"
    for other in (GameService(engine, clock=clock, games={"sealed_bids": SEALED}), service):
        other._recent.clear()
        again = await other.submit(gid, claimant, Action("claim", {"prize": "coins"}),
                                   interaction_id="end", expected_version=version)
        assert again.duplicate and again.version == version + 1


async def test_a_retry_from_a_second_process_with_a_stale_cache_is_a_duplicate(
        service: GameService, engine: AsyncEngine, clock: ManualClock) -> None:
    gid = await started_game(service, [ALICE, BOB])
    second = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    await second.private_view(gid, ALICE)  # caches the head at this version
    version = (await service.summary(gid)).version
    await service.submit(gid, ALICE, Action("ready"), interaction_id="p-1",
                         expected_version=version)
    await service.submit(gid, BOB, Action("bid", {"amount": 1}))
    again = await second.submit(gid, ALICE, Action("ready"), interaction_id="p-1",
                                expected_version=version)
    assert again.duplicate
    async with engine.connect() as conn:
        assert len(await repo.actions_after(conn, gid, 0)) == 2


def test_limits_are_what_the_brief_says() -> None:
    assert (MAX_DEPTH, MAX_PARAMS_BYTES, MAX_INTERACTION_ID, QUOTE_MAX) == (8, 4096, 40, 60)


@pytest.mark.parametrize(("call", "key"), [
    (lambda s, g: s.vote(g, ALICE, "k" * 100_000), "error.vote_kind"),
    (lambda s, g: s.vote(g, ALICE, ["pause"]), "error.vote_kind"),
    (lambda s, g: s.vote(g, ALICE, "replace", target_seat="1"), "error.bad_seat"),
    (lambda s, g: s.vote(g, ALICE, "replace", target_seat=2**70), "error.bad_seat"),
    (lambda s, g: s.vote(True, ALICE, "pause"), "error.bad_game_id"),
    (lambda s, g: s.claim(g, 1.0, BOB, "Bob"), "error.bad_seat"),
    (lambda s, g: s.claim(str(g), 1, BOB, "Bob"), "error.bad_game_id"),
    (lambda s, g: s.claim(g, 1, {"user": 1}, "Bob"), "error.bad_user_id"),
])
async def test_votes_and_claims_check_their_numbers_too(service: GameService, call: Any,
                                                        key: str) -> None:
    gid = await started_game(service, [ALICE, BOB])
    with pytest.raises(ServiceError) as err:
        await call(service, gid)
    assert err.value.msg.key == key
    assert len(err.value.msg.render()) < 200


async def test_a_full_disk_during_a_lobby_write_is_answered_too(
        engine: AsyncEngine, clock: ManualClock, caplog: pytest.LogCaptureFixture) -> None:
    service = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=2)).game_id
    full = make_engine(database_url(engine))

    @event.listens_for(full.sync_engine, "commit")
    def _full(conn: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    crowded = GameService(full, clock=clock, games={"sealed_bids": SEALED})
    caplog.set_level(logging.ERROR)
    try:
        with pytest.raises(ServiceError) as err:
            await crowded.join(gid, BOB, "Bob")
    finally:
        await full.dispose()
    assert err.value.msg.key == "error.save_failed"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        "could not save: database or disk is full"]
    assert [user for _, user, _ in (await service.summary(gid)).players] == [ALICE]
    await service.join(gid, BOB, "Bob")  # space again
    assert [user for _, user, _ in (await service.summary(gid)).players] == [ALICE, BOB]

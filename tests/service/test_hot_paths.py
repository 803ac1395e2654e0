"""The hot paths (``storage/hot.py`` on SQLite files, ``storage/pg_hot.py`` on PostgreSQL)
store and read exactly what the SQLAlchemy path does: the same seeded game played through
both leaves equal rows — the head, the log, the deadlines, the seats."""

from __future__ import annotations

import itertools
import sqlite3
import threading
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, ServiceSettings
from rules.base import Action
from rules.rng import Rng
from storage.hot import SqliteHotPath
from storage.models import ActionRow, Deadline, Game, Seat
from storage.pg_hot import PgHotPath
from tests.harness import ALICE, BOB, CAROL, rules_of, started_game

GAME = "catan_watch"
VARYING = {"id", "game_id", "created_at", "updated_at", "title", "interaction_id"}


def _service(engine: AsyncEngine, clock: ManualClock, hot: bool, game: str = GAME,
             seed: int = 42) -> GameService:
    seeds = itertools.repeat(seed)  # both games get the same seed: the same deals and dice
    return GameService(engine, clock=clock, games=rules_of([game]),
                       settings=ServiceSettings(hot_path=hot, head_cache=False),
                       seed_source=lambda: next(seeds))


async def _play_both(one: tuple[GameService, int], other: tuple[GameService, int],
                     players: list[int], clock: ManualClock, rng: Rng, moves: int) -> None:
    """The same random moves on two games seeded alike (until none is awaited): each move
    answered alike, the mover's fresh view included."""
    (svc_a, a), (svc_b, b) = one, other
    for n in range(moves):
        seats = (await svc_a.summary(a)).awaiting
        if not seats:
            return
        assert (await svc_b.summary(b)).awaiting == seats
        user = players[rng.choice(sorted(seats))]
        action = await svc_a.suggest_action(a, user, Rng(n))
        assert await svc_b.suggest_action(b, user, Rng(n)) == action
        out_a = await svc_a.submit(a, user, action, interaction_id=f"a-{n}")
        out_b = await svc_b.submit(b, user, action, interaction_id=f"b-{n}")
        assert out_a.version == out_b.version
        assert out_a.private is not None and out_b.private is not None
        assert out_a.private.view == out_b.private.view
        clock.advance(60)


async def _moves(service: GameService, gid: int, players: list[int], n: int) -> None:
    """``n`` moves, each a random one of the lowest awaited seat."""
    for k in range(n):
        seat = min((await service.summary(gid)).awaiting)
        action = await service.suggest_action(gid, players[seat], Rng(k))
        await service.submit(gid, players[seat], action)


async def _rows(engine: AsyncEngine, gid: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with engine.connect() as conn:
        for name, table, key in (("game", Game.__table__, Game.__table__.c.id),
                                 ("seats", Seat.__table__, Seat.__table__.c.game_id),
                                 ("actions", ActionRow.__table__, ActionRow.__table__.c.game_id),
                                 ("deadlines", Deadline.__table__, Deadline.__table__.c.game_id)):
            rows = (await conn.execute(select(table).where(key == gid))).mappings().all()
            out[name] = sorted(({k: v for k, v in r.items() if k not in VARYING}
                                for r in rows), key=repr)
    return out


async def test_both_paths_store_the_same_game(any_engine: AsyncEngine) -> None:
    clock = ManualClock()
    hot, plain = _service(any_engine, clock, True), _service(any_engine, clock, False)
    kind = PgHotPath if any_engine.dialect.name == "postgresql" else SqliteHotPath
    assert isinstance(hot.hot, kind) and plain.hot is None
    players = [ALICE, BOB, CAROL]
    a = await started_game(hot, players, GAME)
    b = await started_game(plain, players, GAME)
    await _play_both((hot, a), (plain, b), players, clock, Rng(3), moves=120)
    assert await _rows(any_engine, a) == await _rows(any_engine, b)
    assert (await hot.summary(a)).deadline == (await plain.summary(b)).deadline
    assert await hot.verify(a) is None and await plain.verify(b) is None
    if isinstance(hot.hot, PgHotPath):  # a statement text per shape of batch, not per batch
        assert 0 < len(hot.hot._merged) <= 8, list(hot.hot._merged)
    hot.close()


async def test_concurrent_first_moves_open_one_postgresql_pool(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first moves after a start arrive together; each used to open a pool of its own,
    and all but the last were left open with their connections (found by the service bench
    running out of PostgreSQL connections)."""
    import asyncio

    from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect
    from sqlalchemy.engine import make_url

    from storage import pg_hot

    opened: list[object] = []

    class Pool:
        def terminate(self) -> None:
            opened.remove(self)

    async def create_pool(*args: Any, **kwargs: Any) -> Pool:
        await asyncio.sleep(0.01)  # a connection takes a round trip: others arrive meanwhile
        pool = Pool()
        opened.append(pool)
        return pool

    monkeypatch.setattr(pg_hot.asyncpg, "create_pool", create_pool)
    hot = PgHotPath(make_url("postgresql+asyncpg://u@localhost/db"), asyncpg_dialect())
    pools = await asyncio.gather(*(hot._get_pool() for _ in range(16)))
    assert len(opened) == 1 and all(p is opened[0] for p in pools)
    hot.close()
    assert opened == []


@pytest.mark.parametrize("any_engine", ["postgresql"], indirect=True)  # its plan cache
async def test_postgresql_plans_each_hot_statement_once_per_connection(
        any_engine: AsyncEngine) -> None:
    """On PostgreSQL the hot path's statements run on their generic plan: planned once per
    connection, not anew at each group commit (which the server did for the batch's WITH
    statements and the next-deadline read, the generic plan's estimate being above the
    custom plans')."""
    clock = ManualClock()
    service = _service(any_engine, clock, True)
    players = [ALICE, BOB, CAROL]
    gid = await started_game(service, players, GAME)
    await _moves(service, gid, players, 40)  # one at a time: the pool hands back its last
    assert isinstance(service.hot, PgHotPath)
    pool = await service.hot._get_pool()
    async with pool.acquire() as conn:
        assert await conn.fetchval("SHOW plan_cache_mode") == "force_generic_plan"
        plans = await conn.fetch("SELECT statement, generic_plans, custom_plans "
                                 "FROM pg_prepared_statements")
    batches = [p for p in plans if p["statement"].startswith("WITH")]
    assert batches and max(p["generic_plans"] for p in batches) > 5, plans
    assert all(p["custom_plans"] == 0 for p in plans), plans
    service.close()


async def test_a_hot_head_is_what_sqlalchemy_reads(any_engine: AsyncEngine) -> None:
    """The hot path's head (on PostgreSQL one statement: the seats as an array of records)
    holds the same game, seats and settings as SQLAlchemy's two reads — a seat without
    settings, one with, and a game that does not exist."""
    from storage import repo

    clock = ManualClock()
    service = _service(any_engine, clock, True)
    gid = await started_game(service, [ALICE, BOB, CAROL], GAME)
    await service.save_settings(BOB, dm_enabled=False, remind_minutes=45, locale="cs")
    assert service.hot is not None
    game, seats, prefs = await service.hot.load_head(gid)
    async with any_engine.connect() as conn:
        want_game = await repo.get_game(conn, gid)
        want_seats, want_prefs = await repo.seats_and_settings(conn, gid)
    assert game is not None and want_game is not None
    assert game.model_dump() == want_game.model_dump()
    assert [s.model_dump() for s in seats] == [s.model_dump() for s in want_seats]
    assert [s.seat for s in seats] == [0, 1, 2]
    assert {u: p.model_dump() for u, p in prefs.items()} == {
        u: p.model_dump() for u, p in want_prefs.items()}
    assert prefs[BOB].remind_minutes == 45 and ALICE not in prefs
    assert await service.hot.load_head(gid + 1000) == (None, [], {})
    service.close()


async def test_sqlite_reads_on_the_callers_thread(engine: AsyncEngine) -> None:
    """On an SQLite file a head is read on the event loop's own thread: no hop, so the
    reader thread never starts; the commits run on the writer's thread."""
    service = _service(engine, ManualClock(), True)  # no head cache: every call reads
    assert isinstance(service.hot, SqliteHotPath)
    players = [ALICE, BOB, CAROL]
    gid = await started_game(service, players, GAME)
    await _moves(service, gid, players, 10)
    assert service.hot._here is not None and service.hot._here[0] == threading.get_ident()
    assert service.hot._reader._thread is None
    assert service.hot._writer._thread is not None
    assert (await service.summary(gid)).version >= 10
    service.close()
    assert service.hot._here is None  # closed with the threads' connections


async def test_a_sqlite_read_that_would_wait_for_a_lock_waits_on_the_reader_thread(
        engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    """The event loop never sleeps in SQLite's busy timeout: a read that finds the database
    locked (SQLITE_BUSY, as in WAL recovery) is sent to the reader thread, which waits for the
    lock; any other error is raised as it was."""
    service = _service(engine, ManualClock(), True)
    assert isinstance(service.hot, SqliteHotPath)
    players = [ALICE, BOB, CAROL]
    gid = await started_game(service, players, GAME)
    load, threads = service.hot._load, []

    def locked_here(conn: sqlite3.Connection, args: Any) -> Any:
        threads.append(threading.get_ident())
        if threading.get_ident() == loop_thread:
            busy = sqlite3.OperationalError("database is locked")
            busy.sqlite_errorcode = sqlite3.SQLITE_BUSY_RECOVERY  # type: ignore[attr-defined]
            raise busy
        return load(conn, args)

    loop_thread = threading.get_ident()
    monkeypatch.setattr(service.hot, "_load", locked_here)
    before = await service.summary(gid)
    await _moves(service, gid, players, 3)
    assert threads and threads[0] == loop_thread and threads[1] != loop_thread
    assert service.hot._reader._thread is not None
    assert (await service.summary(gid)).version == before.version + 3

    def broken(conn: sqlite3.Connection, args: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(service.hot, "_load", broken)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        await service.hot.load_head(gid)
    service.close()


async def test_a_head_looks_settings_up_by_key_without_statistics(any_engine: AsyncEngine
                                                                  ) -> None:
    """A database never analyzed (autovacuum off) has no statistics; the head's read must not
    then scan every player's settings for each load (on PostgreSQL it did: ~1.3 ms of server
    CPU a move with 13,000 players)."""
    from sqlalchemy import insert, text

    from storage.hot import compile_for
    from storage.models import UserSettings
    from storage.pg_hot import HEAD

    clock = ManualClock()
    service = _service(any_engine, clock, True)
    filler = await started_game(service, [ALICE, BOB, CAROL], GAME)  # its seats: many rows
    async with any_engine.begin() as conn:
        await conn.execute(insert(UserSettings.__table__), [
            {"user_id": 10_000 + i, "dm_enabled": True, "remind_minutes": 60, "locale": "en",
             "locale_fixed": False} for i in range(10_000)])
        await conn.execute(insert(Seat.__table__), [
            {"game_id": filler, "seat": 10 + i, "user_id": None, "display_name": "x",
             "ready": True, "dm_ok": True, "missed": 0, "excuses_left": 1, "active": True,
             "joined_at": clock.now()} for i in range(20_000)])
    postgres = any_engine.dialect.name == "postgresql"
    assert service.hot is not None
    read = compile_for(HEAD, any_engine.dialect) if postgres else service.hot.sql.seats
    sql = read.sql
    for n, (name, _, fixed) in reversed(list(enumerate(read.params, 1))):  # a plan: literals
        value = filler + 1 if name == "gid" else fixed
        sql = sql.replace(f"${n}::", f"{value}::") if postgres else sql.replace("?", str(value))
    async with any_engine.connect() as conn:
        rows = await conn.execute(text(("EXPLAIN " if postgres else "EXPLAIN QUERY PLAN ") + sql))
        plan = "\n".join(str(r[-1]) for r in rows)
    if postgres:
        assert "user_settings_pkey" in plan and "Seq Scan on user_settings" not in plan, plan
    else:
        assert "SEARCH user_settings" in plan and "SCAN user_settings" not in plan, plan
    service.close()


async def test_a_game_finished_through_each_path_leaves_the_same_rows(
        any_engine: AsyncEngine) -> None:
    """The last move sets the game's status, result and finish time (on PostgreSQL through the
    batch's one update per column set): the same rows as SQLAlchemy's path writes."""
    clock = ManualClock()
    hot, plain = (_service(any_engine, clock, on, "sealed_bids", 7) for on in (True, False))
    players = [ALICE, BOB]
    a = await started_game(hot, players, "sealed_bids", config={"rounds": 1})
    b = await started_game(plain, players, "sealed_bids", config={"rounds": 1})
    await _play_both((hot, a), (plain, b), players, clock, Rng(5), moves=300)
    rows_a, rows_b = await _rows(any_engine, a), await _rows(any_engine, b)
    assert rows_a["game"][0]["status"] == "finished" and rows_a["game"][0]["result"]
    assert rows_a["game"][0]["finished_at"] is not None
    assert rows_a == rows_b
    hot.close()


async def test_a_rollback_through_each_path_leaves_the_same_rows(any_engine: AsyncEngine
                                                                 ) -> None:
    """A rollback's batch (its snapshot, the table act that says who did it, every deadline
    cleared and written anew): the same rows through the hot path as through SQLAlchemy's."""
    from sqlalchemy import select

    from storage.models import Snapshot, TableAct

    clock = ManualClock()
    hot, plain = (_service(any_engine, clock, on, "sealed_bids", 11) for on in (True, False))
    gids = []
    for svc in (hot, plain):
        gid = await started_game(svc, [ALICE, BOB], "sealed_bids", config={"rounds": 3})
        await svc.submit(gid, ALICE, Action("bid", {"amount": 2}))
        await svc.submit(gid, ALICE, Action("ready"))
        await svc.submit(gid, BOB, Action("bid", {"amount": 1}))
        await svc.rollback(gid, 999, "Mod", 1, admin=True)
        gids.append(gid)
    a, b = gids
    assert await _rows(any_engine, a) == await _rows(any_engine, b)
    async with any_engine.connect() as conn:
        for table in (Snapshot.__table__, TableAct.__table__):
            got = [[{k: v for k, v in r.items() if k not in VARYING}
                    for r in (await conn.execute(select(table).where(table.c.game_id == g)
                                                 )).mappings()] for g in (a, b)]
            assert got[0] == got[1] and got[0], table.name
    assert (await hot.summary(a)).deadline == (await plain.summary(b)).deadline
    assert await hot.verify(a) is None
    hot.close()

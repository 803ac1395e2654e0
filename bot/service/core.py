"""The service's base: its settings, storage and transactions, rebuilding and verifying a game
from its log, and scheduling deadlines. It is composed of the head cache (``heads``), the commit
path (``commit``) and the effect builder (``effect_builder``); the public operations live in the
mixins built on it."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
import sqlite3
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.metrics import DATABASE_ERRORS
from bot.service.clock import Clock, SystemClock
from bot.service.commit import CommitPath, duplicate_outcome
from bot.service.effect_builder import EffectBuilder
from bot.service.effects import (
    Effect,
    Outcome,
)
from bot.service.errors import ServiceError, first_line
from bot.service.heads import Head, HeadCache
from bot.service.locks import GameLocks
from rules import registry
from rules.base import Action, GameRules
from rules.canonical_json import canonical_json
from rules.replay import LoggedAction, ReplayMismatch, replay
from storage import repo
from storage.batch import BatchWriter
from storage.db import hot_path, is_sqlite
from storage.models import Seat

#: A bound on the moves the autopilot makes for open seats after one event.
MAX_AUTOPILOT_MOVES = 500
#: The per-seat timers of a decision: reminders (half-time and the lead time) and the deadline.
SEAT_TIMERS = ("remind_half", "remind", "deadline")
#: The least gap between the half-time reminder and the lead-time one for both to be sent.
HALF_TIME_GAP = timedelta(hours=1)

log = logging.getLogger(__name__)


@dataclass
class ServiceSettings:
    ready_check_seconds: int = 12 * 3600
    default_remind_minutes: int = 120
    min_deadline_hours: float = 0.05
    max_deadline_hours: float = 24 * 14
    #: Keep decoded head states in memory. A move on a cached head is checked against the
    #: game's version when it commits (and tried once more on a fresh head if another
    #: process moved the game meanwhile); a read checks the cached version first where
    #: ``shared_database`` says other processes may write.
    head_cache: bool = True
    head_cache_size: int = 2048
    #: Other bot processes may write the same database (None: on PostgreSQL, not on SQLite).
    shared_database: bool | None = None
    #: How long a process holds the due reminders and deadlines it took before another may
    #: take them over (a crashed process's rows are done after this).
    claim_seconds: float = 120.0
    #: How long a table vote stays open before it fails as expired.
    vote_hours: float = 48.0
    #: On an SQLite file, load heads and commit moves through ``storage.hot`` (plain sqlite3:
    #: a head read on the event loop's thread, a commit one hop to the writer's thread) rather
    #: than SQLAlchemy's async adapter; off only to compare.
    hot_path: bool = True
    #: Worker processes the AI players think in (0: inline on the event loop's thread, for
    #: tests); None: ``MAESTER_AI_WORKERS``, else one.
    ai_workers: int | None = None


class ServiceCore(HeadCache, CommitPath, EffectBuilder):
    def __init__(
        self,
        engine: AsyncEngine,
        *,
        clock: Clock | None = None,
        settings: ServiceSettings | None = None,
        games: Mapping[str, GameRules] | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.engine = engine
        self.clock = clock or SystemClock()
        self.settings = settings or ServiceSettings()
        self.games: dict[str, GameRules] = dict(games if games is not None else registry.games())
        self.locks = GameLocks()
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._heads: OrderedDict[int, Head] = OrderedDict()
        self.hot = hot_path(engine) if self.settings.hot_path else None
        if self.hot is not None:
            # A service dropped without close(): its threads stop (not waited for: the
            # collector may run this anywhere).
            weakref.finalize(self, self.hot.close, False)
        self.writer = BatchWriter(engine, hot=self.hot)
        self._remind_minutes: dict[int, int] = {}
        self._client_locales: dict[int, str] = {}
        #: user id -> the language they chose with `/game settings language:` (None: they
        #: chose none, their client's language is theirs), as far as this process has read it.
        self.chosen_locales: dict[int, str | None] = {}
        self._background: set[asyncio.Task[Any]] = set()
        # SQLite has one writer: other writes queue on the move writer's lock instead of
        # sleeping in SQLite's busy timeout.
        self._write_lock = self.writer.lock if is_sqlite(str(engine.url)) else None
        self._recent: OrderedDict[str, tuple[int, int]] = OrderedDict()
        #: This process among the others on the database: the owner of the due rows it takes.
        self.instance = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"
        shared = self.settings.shared_database
        self.shared = engine.dialect.name != "sqlite" if shared is None else shared
        #: Writes other than moves (an excuse, a pause, a vote): any of them may have moved a
        #: deadline without moving the game's version.
        self._other_writes = 0

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction (serialized per process on SQLite). A storage failure (a full
        disk) is answered "could not save, try again", logged in one line."""
        self._other_writes += 1
        try:
            if self._write_lock is None:
                async with self.engine.begin() as conn:
                    yield conn
            else:
                async with self._write_lock, self.engine.begin() as conn:
                    yield conn
        except (OperationalError, sqlite3.OperationalError) as exc:
            self._heads.clear()  # a body may have updated a cached head before the commit
            DATABASE_ERRORS.labels("write").inc()
            log.error("could not save: %s", first_line(exc))
            raise ServiceError("error.save_failed") from None

    @asynccontextmanager
    async def _reading(self, what: str) -> AsyncIterator[None]:
        """A read the storage refuses (a read-only folder SQLite cannot open its WAL in, a lost
        server) is answered "could not read, try again" and logged in one line."""
        try:
            yield
        except (OperationalError, sqlite3.OperationalError) as exc:
            DATABASE_ERRORS.labels("read").inc()
            log.error("could not read %s: %s", what, first_line(exc))
            raise ServiceError("error.read_failed") from None

    # ---- loading ---------------------------------------------------------------------------
    def rules_for(self, game_type: str) -> GameRules:
        try:
            return self.games[game_type]
        except KeyError:
            raise ServiceError("error.unknown_game_type", game_type=game_type,
                               available=", ".join(sorted(self.games))) from None

    def close(self) -> None:
        """Stop the hot path's threads (their connections close); the engine is the owner's."""
        if self.hot is not None:
            self.hot.close()

    async def rebuild(self, game_id: int, upto: int | None = None) -> Any:
        """The state at ``upto`` (default: head) from the latest snapshot plus the log,
        verifying every recorded state hash on the way."""
        async with self.engine.connect() as conn:
            game = await repo.get_game(conn, game_id)
            if game is None:
                raise ServiceError("error.unknown_game", game_id=game_id)
            rules = self.rules_for(game.game_type)
            snap = await repo.latest_snapshot(conn, game_id, upto)
            start_seq = snap.seq if snap else 0
            rows = await repo.actions_after(conn, game_id, start_seq, upto)
        state = rules.from_json(snap.state) if snap else None
        log: list[LoggedAction] = []
        for r in rows:
            if r.source != "rollback":
                log.append(LoggedAction(r.seq, r.seat, Action.from_json(r.action),
                                        r.state_hash))
                continue
            # A rollback row: the state is again what it was at the version it names (a
            # rollback never deletes the moves it undoes; replay steps over them).
            state = await self.rebuild(game_id, upto=int(r.action["params"]["to"]))
            if r.state_hash is not None and rules.state_hash(state) != r.state_hash:
                raise ReplayMismatch(f"action {r.seq}: the rollback does not reproduce its "
                                     f"recorded state")
            log = []
        if not log and state is not None:
            return state
        # A long game's replay is CPU work of tens to hundreds of ms: off the event loop, so
        # the bot keeps answering clicks meanwhile (bench/loop_lag.py measures it).
        return await asyncio.to_thread(replay, rules, game.config, game.n_seats, game.seed,
                                       log, start=state, verify="all")

    async def verify(self, game_id: int) -> str | None:
        """Replay the game from its log (every state hash checked) and compare with the stored
        head. None if all agree, else what differs."""
        async with self.engine.connect() as conn:
            game = await repo.get_game(conn, game_id)
        if game is None:
            raise ServiceError("error.unknown_game", game_id=game_id)
        if game.state is None:
            return None
        try:
            rebuilt = await self.rebuild(game_id)
        except ReplayMismatch as exc:
            return str(exc)
        # Compared as canonical JSON, as the column stores it: an engine's int-keyed mapping
        # (a finished game's scores by seat) comes back from the column with string keys.
        if as_stored(self.rules_for(game.game_type).to_json(rebuilt)) != as_stored(game.state):
            return "the replayed state differs from the stored head"
        return None

    async def bot_state(self, key: str) -> str | None:
        async with self.engine.connect() as conn:
            return await repo.bot_state(conn, key)

    async def save_bot_state(self, key: str, value: str) -> None:
        async with self._tx() as conn:
            await repo.save_bot_state(conn, key, value)

    async def check_writable(self) -> None:
        """Raise unless the database takes a write now (the health check): a write statement
        that changes no row, so the database must grant a write but nothing is written."""
        async with self.engine.begin() as conn:
            await conn.exec_driver_sql("UPDATE bot_state SET value = value WHERE 1 = 0")

    async def open_game_counts(self) -> dict[str, int]:
        """How many games are in the lobby, starting and active (the metrics)."""
        async with self.engine.connect() as conn:
            return await repo.count_games_by_status(conn, ["lobby", "starting", "active"])

    async def game_ids(self, statuses: Iterable[str] = ("active", "finished")) -> list[int]:
        async with self.engine.connect() as conn:
            return await repo.game_ids(conn, list(statuses))

    async def _ratings_changed(self, head: Head) -> None:
        """A game finished or a finished game was rolled back: the statistics part of the
        service (``StatsOps``) stores the server's new figures."""

    async def _log_act(self, conn: AsyncConnection, head: Head, actor_id: int | None,
                       kind: str, **params: Any) -> None:
        """Record in the game log what someone did to the table (not a move)."""
        await repo.add_act(conn, game_id=head.game.id or 0, version=head.game.version,
                           actor_id=actor_id, kind=kind, params=params,
                           created_at=self.clock.now())

    async def _autopilot(self, head: Head) -> list[Effect]:
        """Play every awaited seat nobody holds, at once, until someone claims it: the table
        never waits a deadline for nobody. Every path that moves, starts or opens a game calls
        this after its own commit. The AI players' part of the service (``BotOps``,
        ``bot/service/bots.py``) does it."""
        return []

    # ---- deadlines --------------------------------------------------------------------------
    def _deadline_for(self, head: Head) -> datetime | str:
        if head.game.paused:
            return "— (paused)"
        return self.clock.now() + self._turn_time(head)

    def _turn_time(self, head: Head, state: Any = None) -> timedelta:
        """How long the seats awaited in ``state`` (default: the head's) get: the game's
        deadline, or the share of it the engine gives that decision (never more than all of
        it, never below a minute)."""
        seconds = float(head.game.deadline_seconds)
        state = head.state if state is None else state
        if state is not None:
            share = min(1.0, max(0.0, float(head.rules.deadline_share(state))))
            seconds = max(min(seconds, 60.0), seconds * share)
        return timedelta(seconds=seconds)

    async def _schedule(self, conn: AsyncConnection, head: Head, seats: Iterable[int],
                        version: int, due: datetime | None = None) -> None:
        """Write deadline + reminder rows for seats that now owe a decision."""
        await repo.add_deadlines(conn, await self._deadline_rows(head, seats, version, due))

    async def _deadline_rows(self, head: Head, seats: Iterable[int], version: int,
                             due: datetime | None = None, state: Any = None
                             ) -> list[dict[str, Any]]:
        seats = sorted(seats)
        if not seats:
            return []
        now = self.clock.now()
        due = due or now + self._turn_time(head, state)
        users = [u for s in seats if (u := head.user_of(s)) is not None]
        unknown = [u for u in users if u not in self._remind_minutes]
        if unknown:
            async with self.engine.connect() as conn:
                prefs = await repo.user_settings(conn, unknown)
            for u in unknown:
                self._remind_minutes[u] = (prefs[u].remind_minutes if u in prefs
                                           else self.settings.default_remind_minutes)
        rows: list[dict[str, Any]] = []
        for s in seats:
            rows.append({"game_id": head.game.id, "seat": s, "kind": "deadline", "due_at": due,
                         "version": version})
            user = head.user_of(s)
            minutes = self._remind_minutes.get(user or 0, self.settings.default_remind_minutes)
            # Never remind in the first half of a short deadline: it would be noise.
            lead = min(timedelta(minutes=minutes), (due - now) / 2)
            remind_at = due - lead
            if remind_at > now:
                rows.append({"game_id": head.game.id, "seat": s, "kind": "remind",
                             "due_at": remind_at, "version": version})
            # A long deadline also gets a reminder at half-time, unless that would come
            # within the last stretch anyway.
            half = now + (due - now) / 2
            if half > now and remind_at - half >= HALF_TIME_GAP:
                rows.append({"game_id": head.game.id, "seat": s, "kind": "remind_half",
                             "due_at": half, "version": version})
        return rows

    async def _drop_seats(self, conn: AsyncConnection, head: Head, seats: list[int]) -> None:
        """Delete seats and renumber the rest to stay 0..n-1 in joining order."""
        gid = head.game.id or 0
        for s in seats:
            await repo.delete_seat(conn, gid, s)
        kept = [s for s in head.seats if s.seat not in seats]
        for new, s in enumerate(kept):
            if s.seat != new:
                await repo.update_seat(conn, gid, s.seat, seat=new)
        await self._refresh_seats(head, conn)

    async def _back_to_lobby(self, conn: AsyncConnection, head: Head) -> None:
        gid = head.game.id or 0
        await repo.update_game(conn, gid, status="lobby", ready_check_until=None)
        await repo.clear_deadlines(conn, gid, kinds=["ready_check"])
        for s in head.seats:
            await repo.update_seat(conn, gid, s.seat, ready=s.bot)  # a bot is always ready
        head.game.status, head.game.ready_check_until = "lobby", None
        await self._refresh_seats(head, conn)

    # ---- helpers -----------------------------------------------------------------------------
    def _seat_or_fail(self, head: Head, user_id: int) -> Seat:
        seat = head.seat_of(user_id)
        if seat is None:
            raise ServiceError("error.not_seated", game_id=head.game.id)
        return seat

    async def _logged_outcome(self, interaction_id: str | None) -> Outcome | None:
        """The original outcome of an interaction already in the log (a retried click after a
        restart or from another process), else None. Only read on an error path."""
        if interaction_id is None:
            return None
        async with self.engine.connect() as conn:
            row = await repo.action_by_interaction(conn, interaction_id)
        return duplicate_outcome(row.game_id, row.seq) if row is not None else None

    def _require_active(self, head: Head) -> None:
        if head.game.status != "active" or head.state is None:
            raise ServiceError("error.not_active", game_id=head.game.id, status=head.game.status)

    async def _refresh_seats(self, head: Head, conn: AsyncConnection) -> None:
        head.seats = await repo.seats_of(conn, head.game.id or 0)


def as_stored(data: Any) -> str:
    """``data`` as canonical JSON after the round trip through a JSON column (int keys become
    strings, tuples lists): two states are equal for the log when these are."""
    return canonical_json(json.loads(json.dumps(data)))


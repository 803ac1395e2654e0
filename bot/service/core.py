"""Shared machinery of the service: loading a game's head, committing a move, turning engine
events into effects, and scheduling deadlines. The public operations live in the mixins."""

from __future__ import annotations

import asyncio
import hashlib
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
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.i18n import Lines, Msg, Person, as_msg, lines_msg, msg, render
from bot.metrics import DATABASE_ERRORS
from bot.render.names import with_names
from bot.service.clock import Clock, SystemClock
from bot.service.effects import (
    BoardChanged,
    BoardSnapshot,
    Effect,
    GameSummary,
    Notify,
    Outcome,
    Post,
    PrivateView,
)
from bot.service.errors import ServiceError, StaleVersion
from bot.service.locks import GameLocks
from bot.service.validate import check_game_id
from rules import registry
from rules.base import Action, Event, GameRules, Text
from rules.canonical_json import canonical_json
from rules.replay import LoggedAction, ReplayMismatch, replay
from storage import repo
from storage.batch import BatchWriter, JSONText, MoveWrite
from storage.db import hot_path, is_sqlite
from storage.models import Game, Seat
from storage.stats import deadline_moves

SNAPSHOT_EVERY = 50
RECENT_INTERACTIONS = 4096
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


@dataclass
class _Facts:
    state: Any
    awaiting: frozenset[int]
    progress: dict[int, Any] = field(default_factory=dict)
    public: Any = None
    phase: Any = None  # (the engine's phase label, as the summary renders it)
    labels: dict[int, Any] = field(default_factory=dict)


@dataclass
class Head:
    """A game row, its seats and (once started) the decoded engine state. The row's
    ``state`` is not the head's: as loaded (the tree ``state`` was decoded from, which an
    engine may share) or, after a move, the text that move stored."""

    game: Game
    seats: list[Seat]
    rules: GameRules
    state: Any | None
    #: The earliest turn deadline as this process's last move left it: (game version, the
    #: service's count of other writes then, the deadline). See ``ServiceCore._next_deadline``.
    next_due: tuple[int, int, datetime | None] | None = None
    #: What the engine said of the last states asked about (the head's and the one a move
    #: is committing): who is awaited, each seat's progress line and label, the phase label,
    #: the public view. A state the service holds is never changed in place (``apply`` works
    #: on a copy), so an answer holds as long as the state object; a move asks several times
    #: and each is engine work.
    _facts: list[_Facts] = field(default_factory=list, repr=False)

    def _facts_of(self, state: Any) -> _Facts:
        for facts in self._facts:
            if facts.state is state:
                return facts
        facts = _Facts(state, frozenset(self.rules.awaiting(state)))
        self._facts = [facts, *self._facts[:1]]
        return facts

    def move_to(self, state: Any) -> None:
        """The head's state is now ``state``: what was known of the others is let go (in the
        head cache it would keep the old state and its views alive, which the garbage
        collector then walks for as long as the head is cached)."""
        self.state = state
        self._facts = [facts for facts in self._facts if facts.state is state]

    def awaiting_in(self, state: Any) -> frozenset[int]:
        return self._facts_of(state).awaiting

    def progress_in(self, state: Any, seat: int) -> Any:
        progress = self._facts_of(state).progress
        if seat not in progress:
            progress[seat] = self.rules.progress(state, seat)
        return progress[seat]

    def phase_in(self, state: Any) -> tuple[Any, str]:
        """The engine's phase label of ``state`` and its text in the default language (the
        board's summary), asked once per state."""
        facts = self._facts_of(state)
        if facts.phase is None:
            label = self.rules.phase_label(state)
            if label:
                text = render(as_msg(label))
            else:  # an engine without labels: its public view may carry one
                text = str(self.public_view_in(state).get("phase_label", ""))
            facts.phase = (label, text)
        return facts.phase  # type: ignore[no-any-return]

    def public_view_in(self, state: Any) -> Any:
        facts = self._facts_of(state)
        if facts.public is None:
            facts.public = self.rules.view(state, None)
        return facts.public

    def seat_of(self, user_id: int) -> Seat | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    def user_of(self, seat: int) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def person(self, seat: int) -> Person:
        for s in self.seats:
            if s.seat == seat:
                label = self.label(seat)
                if s.bot and s.user_id is None:  # named as a bot in every view
                    if self.state is None:
                        return Person(None, msg("game.bot_no", n=1 + sum(
                            t.bot and t.user_id is None for t in self.seats if t.seat < seat)))
                    return Person(None, msg("game.bot_seat", label=label))
                name: Any = s.display_name if s.user_id is not None else msg("game.open_seat")
                if self.state is None:
                    return Person(s.user_id, name)
                return Person(s.user_id, msg("game.person", name=name, label=label))
        return Person(None, msg("game.seat_no", seat_no=seat + 1))

    def label(self, seat: int) -> str | Text | Msg:
        """The seat's name at the table: the engine's label (a catalog text) once started."""
        if self.state is None:
            return msg("game.seat_no", seat_no=seat + 1)
        labels = self._facts_of(self.state).labels
        if seat not in labels:
            labels[seat] = self.rules.seat_label(self.state, seat)
        return labels[seat]


class ServiceCore:
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
            log.error("could not save: %s", _first_line(exc))
            raise ServiceError("error.save_failed") from None

    @asynccontextmanager
    async def _reading(self, what: str) -> AsyncIterator[None]:
        """A read the storage refuses (a read-only folder SQLite cannot open its WAL in, a lost
        server) is answered "could not read, try again" and logged in one line."""
        try:
            yield
        except (OperationalError, sqlite3.OperationalError) as exc:
            DATABASE_ERRORS.labels("read").inc()
            log.error("could not read %s: %s", what, _first_line(exc))
            raise ServiceError("error.read_failed") from None

    # ---- loading ---------------------------------------------------------------------------
    def rules_for(self, game_type: str) -> GameRules:
        try:
            return self.games[game_type]
        except KeyError:
            raise ServiceError("error.unknown_game_type", game_type=game_type,
                               available=", ".join(sorted(self.games))) from None

    async def _head(self, game_id: int, *, fresh: bool = False, validate: bool = True
                    ) -> Head:
        """The game's head: cached, or read. Where other processes share the database, a
        cached head is used for a read only if the stored version is still its own (one
        indexed read); a move (``validate=False``) relies on its commit's version check."""
        check_game_id(game_id)  # "1", 1.0 and True are not game 1; 2**63 fits no column
        if self.settings.head_cache and not fresh and game_id in self._heads:
            cached = self._heads[game_id]
            if not (validate and self.shared) or \
                    await self._stored_version(game_id) == cached.game.version:
                self._heads.move_to_end(game_id)
                return cached
        async with self._reading(f"game #{game_id}"):
            if self.hot is not None:
                game, seats, prefs = await self.hot.load_head(game_id)
            else:
                async with self.engine.connect() as conn:
                    game = await repo.get_game(conn, game_id)
                    seats, prefs = (await repo.seats_and_settings(conn, game_id) if game
                                    else ([], {}))
        if game is None:
            raise ServiceError("error.unknown_game", game_id=game_id)
        rules = self.rules_for(game.game_type)
        # The row's state was decoded for this head alone: the engine may keep its parts.
        state = rules.adopt_json(game.state) if game.state is not None else None
        for s in seats:  # the reminder lead times a move schedules, read with the seats
            if s.user_id is not None:
                self._remind_minutes[s.user_id] = (
                    prefs[s.user_id].remind_minutes if s.user_id in prefs
                    else self.settings.default_remind_minutes)
        head = Head(game, seats, rules, state)
        self._remember(head)
        return head

    async def _stored_version(self, game_id: int) -> int | None:
        async with self._reading(f"game #{game_id}'s version"), self.engine.connect() as conn:
            return await repo.game_version(conn, game_id)

    def _remember(self, head: Head) -> None:
        if not self.settings.head_cache:
            return
        self._heads[head.game.id or 0] = head
        self._heads.move_to_end(head.game.id or 0)
        while len(self._heads) > self.settings.head_cache_size:
            self._heads.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._heads.pop(game_id, None)

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

    # ---- committing a move ------------------------------------------------------------------
    async def _commit_move(
        self,
        head: Head,
        seat: int,
        actor_id: int | None,
        action: Action,
        new_state: Any,
        events: list[Event],
        *,
        source: str,
        interaction_id: str | None,
        seat_updates: list[dict[str, Any]] | None = None,
    ) -> list[Effect]:
        rules, game = head.rules, head.game
        game_id = game.id or 0
        old_version = game.version
        version = old_version + 1
        old_awaiting = set(game.awaiting)
        new_awaiting = set(head.awaiting_in(new_state))
        result = rules.result(new_state)
        state_json = rules.to_json(new_state)
        # Serialized once: the text is hashed and written as is (not encoded again).
        state_text = JSONText(canonical_json(state_json))
        state_hash = hashlib.sha256(state_text.encode()).hexdigest()
        now = self.clock.now()
        values: dict[str, Any] = {"version": version, "state": state_text,
                                  "awaiting": sorted(new_awaiting)}
        if result is not None:
            values.update(status="finished", result=result.to_json(), finished_at=now)
        # A seat that stays awaited keeps its deadline while its decision (a turn, a set of
        # secret orders) is still open; it gets a fresh one when the game moved on publicly
        # and what it owes changed (the next auction, a new round).
        renewed = new_awaiting - old_awaiting
        # A seat still awaited whose decision changed (a teammate's offer to answer, the next
        # auction) is told what it now owes; its deadline starts afresh only after a public
        # event (a private one, such as an offer, must not buy its sender's partner time).
        changed = {s for s in new_awaiting & old_awaiting
                   if head.progress_in(new_state, s) != head.progress_in(head.state, s)
                   } if head.state is not None else set()
        if any(e.visible_to is None for e in events):
            renewed |= changed
        dropped = old_awaiting - new_awaiting
        write = MoveWrite(
            game_id=game_id, old_version=old_version,
            action={"game_id": game_id, "seq": version, "seat": seat, "actor_id": actor_id,
                    "source": source, "action": action.to_json(),
                    "events": [e.to_json() for e in events], "state_hash": state_hash,
                    "interaction_id": interaction_id, "created_at": now},
            game_values={**values, "updated_at": now},
            seat_updates=seat_updates or [],
        )
        if version % SNAPSHOT_EVERY == 0:
            write.snapshot = {"game_id": game_id, "seq": version, "state": state_text,
                              "rules_version": rules.rules_version}
        if result is not None:
            write.clear_all_deadlines = True
        else:
            write.clear_seats = sorted(dropped | renewed)
            if not game.paused:
                write.deadlines = await self._deadline_rows(head, renewed, version,
                                                            state=new_state)
        try:
            await self.writer.write(write)
        except IntegrityError:
            self._forget(game_id)
            if interaction_id is not None:
                async with self.engine.connect() as conn:
                    if await repo.action_by_interaction(conn, interaction_id):
                        raise _Duplicate(interaction_id) from None
            raise StaleVersion(old_version) from None
        except repo.VersionConflict:
            self._forget(game_id)
            raise StaleVersion(old_version) from None
        except (OperationalError, sqlite3.OperationalError) as exc:
            # A full disk, a read-only or locked database: nothing was committed. The player
            # hears "could not save, try again"; the operator gets one line, not a traceback.
            self._forget(game_id)
            DATABASE_ERRORS.labels("move").inc()
            log.error("game #%s: could not save move %s (%s): %s", game_id, version,
                      action.kind, _first_line(exc))
            raise ServiceError("error.save_failed") from None
        # Into the row object's fields directly: it belongs to no ORM session, so SQLModel's
        # per-field setter (validation, change tracking) is work for nothing on every move.
        # The state as the text just stored, not its JSON tree: the head's state is ``state``
        # (nothing reads the row's), and a second tree in every cached head doubled the
        # objects the garbage collector walks (service bench: ~0.1 ms a move with 16 players).
        game.__dict__.update(version=version, state=state_text, awaiting=sorted(new_awaiting))
        head.next_due = (version, self._other_writes, write.next_deadline)
        if result is not None:
            game.__dict__.update(status="finished", result=result.to_json(), finished_at=now)
        head.move_to(new_state)
        if interaction_id is not None:
            self._recent[interaction_id] = (game_id, version)
            while len(self._recent) > RECENT_INTERACTIONS:
                self._recent.popitem(last=False)
        # A player's own private events come back as the reply to their move, not as a DM.
        quiet = {seat} if source == "player" else set()
        missed = None
        if result is not None:  # the standings name each seat's missed deadlines: one read
            async with self.engine.connect() as conn:
                missed = await deadline_moves(conn, game_id)
            await self._ratings_changed(head)
        return self._effects_of(head, events, (new_awaiting - old_awaiting) | (changed - quiet),
                                version, quiet, missed)

    async def _with_board(self, head: Head, effects: list[Effect]) -> list[Effect]:
        """``effects`` with the game's board snapshot on its ``BoardChanged``: the public view
        and summary computed once, here, from the head the call just produced."""
        gid = head.game.id or 0
        if head.state is None or not any(isinstance(e, BoardChanged) and e.game_id == gid
                                         for e in effects):
            return effects
        snap = await self._snapshot(head)
        return [BoardChanged(gid, snap.version, snap)
                if isinstance(e, BoardChanged) and e.game_id == gid else e for e in effects]

    async def _snapshot(self, head: Head) -> BoardSnapshot:
        """What the board message shows: the public view and the summary, computed once."""
        # The board image names the players: their display names travel with the public view.
        public = with_names(head.public_view_in(head.state),
                            {s.seat: s.display_name for s in head.seats if s.user_id is not None})
        return BoardSnapshot(head.game.game_type, head.game.version, public,
                             await self._summary(head), head.game.board_message_id)

    async def _next_deadline(self, head: Head) -> datetime | None:
        """The earliest turn deadline of a game (the board's "next deadline"): as the move
        that produced the head read it in its own transaction, unless anything else was
        written since; else read."""
        game_id = head.game.id or 0
        if head.next_due is not None and head.next_due[:2] == (head.game.version,
                                                                 self._other_writes):
            return head.next_due[2]
        if self.hot is not None:
            return await self.hot.next_deadline(game_id)  # type: ignore[no-any-return]
        async with self.engine.connect() as conn:
            return await repo.next_deadline(conn, game_id)

    async def _summary(self, head: Head) -> GameSummary:
        game = head.game
        label, phase = head.phase_in(head.state) if head.state is not None else (None, "")
        due = await self._next_deadline(head)
        return GameSummary(
            game.id or 0, game.title, game.game_type, head.rules.title, game.status, game.paused,
            [(s.seat, s.user_id, s.display_name) for s in head.seats], phase,
            list(game.awaiting), due, game.thread_id, game.channel_id,
            game.version,
            {s.seat: head.label(s.seat) for s in head.seats} if head.state is not None else {},
            label or None, frozenset(s.seat for s in head.seats if s.bot and s.user_id is None),
        )

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

    def _effects_of(self, head: Head, events: Iterable[Event], newly: set[int], version: int,
                    quiet: set[int] | None = None, missed: dict[int, int] | None = None
                    ) -> list[Effect]:
        rules, game_id = head.rules, head.game.id or 0
        effects: list[Effect] = []
        public: list[Any] = []
        private: dict[int, list[Any]] = {}
        for event in events:
            if event.visible_to is None:
                public.append(rules.describe(event, None))
            else:
                for s in sorted(event.visible_to):
                    private.setdefault(s, []).append(rules.describe(event, s))
        if public:
            effects.append(Post(game_id, lines_msg(public),
                                phase=(head.phase_in(head.state)[0] or None)
                                if head.state is not None else None))
        for s, lines in private.items():
            user = head.user_of(s)
            if user is not None and s not in (quiet or set()):
                effects.append(Notify(game_id, s, user, lines_msg(lines)))
        deadline = self._deadline_for(head)
        for s in sorted(newly):
            user = head.user_of(s)
            if user is not None and head.state is not None:
                effects.append(Notify(game_id, s, user, msg(
                    "game.your_turn", game_id=game_id,
                    progress=head.progress_in(head.state, s), deadline=deadline),
                    show_private=True,
                    # the mover gets their fresh panel with the answer; others with the DM
                    private=None if s in (quiet or set()) else self._private_of(head, s),
                    options=[] if s in (quiet or set()) else rules.legal_actions(head.state, s)))
        if public:
            effects.append(BoardChanged(game_id, version))
        if head.game.status == "finished" and head.game.result is not None:
            effects.append(Post(game_id, self._outcome_msg(head, missed),
                                title=msg("game.standings_title", game_id=game_id)))
        return effects

    def _private_of(self, head: Head, seat: int) -> PrivateView:
        rules, state = head.rules, head.state
        awaited = head.game.status == "active" and seat in head.awaiting_in(state)
        return PrivateView(head.game.id or 0, head.game.game_type, seat, head.label(seat),
                           rules.seat_view(state, seat, head.public_view_in(state)), awaited,
                           head.progress_in(state, seat) if awaited else "",
                           head.game.version)

    def _outcome_msg(self, head: Head, missed: dict[int, int] | None = None) -> Msg:
        from rules.base import Result

        result = Result.from_json(head.game.result or {})
        if result.winners:
            outcome = msg("game.outcome_winners",
                          winners=[head.person(s) for s in result.winners])
        else:
            outcome = msg("game.outcome_none")
        missed = missed or {}
        standings = Lines(
            msg("game.standing", place=place, players=[
                msg("game.standing_player", player=head.person(s), n=missed[s])
                if missed.get(s) else head.person(s) for s in seats],
                score=msg("game.standing_score", score=_score(result.scores[seats[0]]))
                if seats and seats[0] in result.scores else "")
            for place, seats in enumerate(result.ranking, start=1))
        start, end = head.game.created_at, self.clock.now()
        days = max(0, (end.replace(tzinfo=None) - start.replace(tzinfo=None)).days) \
            if start is not None else 0
        # The standings say why the game ended too: it is the post players come back to.
        if result.reason:
            return msg("game.finished_why", game_id=head.game.id, outcome=outcome,
                       standings=standings, n=days, reason=result.reason)
        return msg("game.finished", game_id=head.game.id, outcome=outcome, standings=standings,
                   n=days)

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


def _first_line(exc: BaseException) -> str:
    """A database error's own message on one line (without SQLAlchemy's statement dump)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return (text.splitlines() or [type(exc).__name__])[0][:200]


def _score(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def as_stored(data: Any) -> str:
    """``data`` as canonical JSON after the round trip through a JSON column (int keys become
    strings, tuples lists): two states are equal for the log when these are."""
    return canonical_json(json.loads(json.dumps(data)))


class _Duplicate(Exception):
    def __init__(self, interaction_id: str) -> None:
        super().__init__(interaction_id)
        self.interaction_id = interaction_id


def duplicate_outcome(game_id: int, version: int) -> Outcome:
    return Outcome(game_id, msg("move.duplicate"), version, [], duplicate=True)

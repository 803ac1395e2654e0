"""AI players at the table (docs/design.md, "Bots"): bot seats in the lobby, and the AI playing
every seat nobody holds — a bot seat, or an open one (resigned, replaced, opened after missed
deadlines) — at the table's difficulty until someone claims it.

A decision is the game's AI (``rules.ai``) on the seat's own view, run off the event loop in
a worker process (``AiWorkers``), seeded from the game, its version and the seat: the same
position gets the same move after a restart. The move is then applied and committed like a
human's (``_commit_move``: in the durable log before anyone hears of it). A game without an
AI, an AI that fails or a move the rules refuse falls back to the rulebook's default.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bot.i18n import Person, msg
from bot.service import core
from bot.service.core import ServiceCore
from bot.service.effects import Effect, Outcome, Post
from bot.service.errors import ServiceError
from bot.service.heads import Head
from rules import registry
from rules.ai import ai_for, decide
from rules.base import Action, RuleViolation
from rules.content import configure, override_dir
from rules.kit.ai import DIFFICULTIES, check_difficulty
from rules.rng import Rng
from storage import repo

log = logging.getLogger(__name__)

#: The difficulty of a table created before bots (its open seats are still played by the AI).
DEFAULT_DIFFICULTY = "normal"
#: The environment variable naming how many worker processes think for the bots (0: inline,
#: on the event loop's thread — for tests, where starting processes costs more than it saves).
WORKERS_ENV = "MAESTER_AI_WORKERS"
#: The most moves the AI makes in a row for one seat still awaited before the default settles
#: the seat's decision (an AI revising a bid forever must not hold the table).
MAX_AI_MOVES_PER_SEAT = 64
#: Seconds a decision in a worker may take before the default plays instead (a safety net:
#: budgets count work, and ``normal`` decides in well under a second).
DECISION_TIMEOUT = 30.0


def worker_count(value: int | str | None = None) -> int:
    """The AI workers to start: ``value``, else ``MAESTER_AI_WORKERS``, else one (the event
    loop keeps a core of its own on a small machine)."""
    raw = value if value is not None else os.environ.get(WORKERS_ENV, "")
    if raw == "":
        return 1
    count = int(raw)
    if count < 0:
        raise ValueError(f"{WORKERS_ENV} must be 0 or more, not {count}")
    return count


def difficulty_or_fail(value: str | None) -> str:
    try:
        return check_difficulty(value or DEFAULT_DIFFICULTY)
    except ValueError:
        raise ServiceError("error.bad_difficulty", value=str(value)[:20],
                           choices=", ".join(DIFFICULTIES)) from None


def decision_seed(game_seed: int, game_id: int, version: int, seat: int) -> int:
    """The seed of one decision: fixed by the game and the position, so a decision taken again
    after a restart is the same decision."""
    digest = hashlib.sha256(f"{game_seed}:{game_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _start_worker(content_dir: Path | None) -> None:
    """A worker process's start: the engines read the bot's content packs (``CONTENT_DIR``)
    and every game and its AI is loaded, so the first decision does not wait for imports."""
    configure(content_dir)
    for rules in registry.games().values():
        ai_for(rules)


class AiWorkers:
    """Where AI decisions run: a pool of worker processes (the event loop only waits), or
    inline with ``workers=0``. The pool starts at ``warm`` (the bot's first deadline tick, when
    a game has an AI) or at the first decision."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    async def decide(self, head: Head, view: Any, seat: int, seed: int, difficulty: str
                     ) -> Action:
        if self.workers == 0:
            ai = ai_for(head.rules)
            if ai is None:
                raise LookupError(f"{head.rules.id} has no AI player")
            level = check_difficulty(difficulty)
            return ai.choose(view, seat, Rng(seed), ai.budget(level))
        pool = self._started()
        thinking = asyncio.get_running_loop().run_in_executor(
            pool, decide, head.rules.id, view, seat, seed, difficulty)
        try:
            data = await asyncio.wait_for(thinking, DECISION_TIMEOUT)
        except TimeoutError:
            # Budgets count work, so this is an AI gone wrong: its process is stopped (a
            # runaway decision would hold every later one) and a new pool starts.
            self._stop(pool)
            raise
        return Action.from_json(data)

    def _started(self) -> Executor:
        if self._pool is None:
            # Spawned, not forked: a fork of the bot would copy its threads' locks mid-use
            # (the database's, discord.py's). The worker reads the same content packs.
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(override_dir(),))
        return self._pool

    def warm(self) -> None:
        """Start the worker processes now (at the bot's start), not at the first decision."""
        if self.workers > 0:
            pool = self._started()
            for _ in range(self.workers):
                pool.submit(int)

    def _stop(self, pool: Executor) -> None:
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        if self._pool is pool:
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class BotOps(ServiceCore):
    _ai_workers: AiWorkers | None = None

    @property
    def ai_workers(self) -> AiWorkers:
        if self._ai_workers is None:
            self._ai_workers = AiWorkers(worker_count(self.settings.ai_workers))
        return self._ai_workers

    def close(self) -> None:
        if self._ai_workers is not None:
            self._ai_workers.close()
        super().close()

    # ---- the lobby ---------------------------------------------------------------------------
    async def add_bot(self, game_id: int, user_id: int) -> Outcome:
        """A bot takes the lobby's next seat (the creator's call; a bot is always ready)."""
        async with self.locks.hold(game_id):
            head = await self._lobby_of_creator(game_id, user_id)
            if len(head.seats) >= head.game.max_seats:
                raise ServiceError("error.lobby_full", game_id=game_id,
                                   max_seats=head.game.max_seats)
            async with self._tx() as conn:
                await repo.insert_seat(conn, game_id=game_id, seat=len(head.seats),
                                       user_id=None, display_name="", bot=True, ready=True,
                                       excuses_left=0, joined_at=self.clock.now())
                await self._refresh_seats(head, conn)
        m = msg("lobby.bot_added", bot=head.person(head.seats[-1].seat), game_id=game_id,
                n=len(head.seats), max_seats=head.game.max_seats)
        return Outcome(game_id, m, 0, [Post(game_id, m)])

    async def remove_bot(self, game_id: int, user_id: int) -> Outcome:
        """The lobby's last bot leaves its seat."""
        async with self.locks.hold(game_id):
            head = await self._lobby_of_creator(game_id, user_id)
            bots = [s for s in head.seats if s.bot]
            if not bots:
                raise ServiceError("error.no_bot", game_id=game_id)
            async with self._tx() as conn:
                await self._drop_seats(conn, head, [bots[-1].seat])
        m = msg("lobby.bot_removed", game_id=game_id, n=len(head.seats),
                max_seats=head.game.max_seats)
        return Outcome(game_id, m, 0, [Post(game_id, m)])

    async def _lobby_of_creator(self, game_id: int, user_id: int) -> Head:
        head = await self._head(game_id, fresh=True)
        if head.game.status != "lobby":
            raise ServiceError("error.not_in_lobby", game_id=game_id)
        if user_id != head.game.creator_id:
            creator = head.seat_of(head.game.creator_id)
            raise ServiceError("error.not_creator", creator=Person(
                head.game.creator_id, creator.display_name if creator else "?"))
        return head

    # ---- playing -----------------------------------------------------------------------------
    async def _autopilot(self, head: Head) -> list[Effect]:
        """Every seat nobody holds is played at once by the AI, until no such seat is awaited:
        the table never waits a deadline for nobody. Every path that moves a game, starts it or
        opens a seat calls this after its own commit, holding the game's lock. Bounded, so a
        stuck engine cannot spin."""
        effects: list[Effect] = []
        thought: dict[int, int] = {}
        for _ in range(core.MAX_AUTOPILOT_MOVES):  # (read here: a test lowers it)
            if head.game.status != "active" or head.game.paused or head.state is None:
                break
            awaited = head.awaiting_in(head.state)
            open_seats = sorted(s.seat for s in head.seats
                                if s.user_id is None and s.seat in awaited)
            if not open_seats:
                break
            seat = open_seats[0]
            thought[seat] = thought.get(seat, 0) + 1
            if thought[seat] > MAX_AI_MOVES_PER_SEAT:
                # An AI that keeps revising (a bid, a plan) must not hold the table: the
                # default settles its decision.
                action, source = head.rules.default_action(head.state, seat), "autopilot"
            else:
                action, source = await self._bot_move(head, seat)
            if source == "bot" and head.rules.is_pass(head.state, seat, action):
                # A pass by a seat nobody holds could come back forever: the default instead.
                action, source = head.rules.default_action(head.state, seat), "autopilot"
            try:
                new_state, events = head.rules.apply(head.state, seat, action)
            except RuleViolation as exc:
                log.warning("game #%s: the AI's move for seat %s was refused (%s): the "
                            "default is played", head.game.id, seat, exc.code)
                action, source = head.rules.default_action(head.state, seat), "autopilot"
                new_state, events = head.rules.apply(head.state, seat, action)
            effects += await self._commit_move(head, seat, None, action, new_state, events,
                                               source=source, interaction_id=None)
            if seat not in head.awaiting_in(head.state):
                thought[seat] = 0  # its decision is made: the next one is counted afresh
        return effects

    async def _bot_move(self, head: Head, seat: int) -> tuple[Action, str]:
        """The AI's move for ``seat`` from the seat's own view, or the default (and the log's
        source for it)."""
        if ai_for(head.rules) is None:
            return head.rules.default_action(head.state, seat), "autopilot"
        game = head.game
        view = head.rules.view(head.state, seat)
        seed = decision_seed(game.seed, game.id or 0, game.version, seat)
        difficulty = game.ai_difficulty or DEFAULT_DIFFICULTY
        try:
            return await self.ai_workers.decide(head, view, seat, seed, difficulty), "bot"
        except Exception:  # an AI's failure must never stall the table: the default plays
            log.warning("game #%s: the AI failed for seat %s: the default is played",
                        game.id, seat, exc_info=True)
            return head.rules.default_action(head.state, seat), "autopilot"

    async def resume_bots(self) -> list[Effect]:
        """After a restart: every running game waiting for a seat nobody holds (a bot turn cut
        short) is played on. What was committed stays; the turn goes on from the log."""
        if any(ai_for(rules) is not None for rules in self.games.values()):
            self.ai_workers.warm()
        async with self.engine.connect() as conn:
            game_ids = await repo.games_awaiting_open_seats(conn)
        effects: list[Effect] = []
        for game_id in game_ids:
            async with self.locks.hold(game_id):
                try:
                    head = await self._head(game_id, fresh=True)
                    effects += await self._with_board(head, await self._autopilot(head))
                except ServiceError as exc:  # (StaleVersion: another process moved it)
                    self._forget(game_id)
                    log.warning("game #%s: its bots could not resume: %s", game_id, exc.msg.key)
        return effects

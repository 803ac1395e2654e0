"""The service bench's games: started games seeded in bulk into the database, and random legal
moves played on them through ``GameService.submit`` (the bench's own copy of each state
chooses the move; the service's cache is never consulted)."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ServiceError
from rules.base import GameRules
from rules.rng import Rng
from storage.models import Deadline, Game, Seat, UserSettings

G = Game.__table__


# ---- seeding ---------------------------------------------------------------------------
@dataclass
class Table:
    """One game type as the bench plays it."""

    rules: GameRules
    mode: str
    n_seats: int
    config: dict[str, Any]
    states: list[Any]  # DISTINCT fresh states, seed i at index i

    @property
    def id(self) -> str:
        return self.rules.id


def make_table(rules: GameRules, distinct: int) -> Table:
    variant = rules.variants()[0]
    n = max(variant.seats)
    config = rules.check_config(variant.config, n)
    states = [rules.new_game(config, n, seed) for seed in range(distinct)]
    return Table(rules, variant.name, n, config, states)


def user_of(game_id: int, seat: int) -> int:
    return game_id * 10 + seat


async def seed_games(engine: AsyncEngine, table: Table, n_games: int, now: datetime
                     ) -> list[int]:
    """Insert ``n_games`` started games in bulk (the lobby flow is measured by the tests)."""
    rules = table.rules
    encoded = [(rules.to_json(st), sorted(rules.awaiting(st))) for st in table.states]
    ids = list(range(1, n_games + 1))
    chunk = 2_000
    for lo in range(0, n_games, chunk):
        part = ids[lo:lo + chunk]
        games, seats, deadlines, settings = [], [], [], []
        for gid in part:
            seed = (gid - 1) % len(encoded)
            state, awaiting = encoded[seed]
            games.append({"id": gid, "game_type": rules.id, "title": f"bench {gid}",
                          "creator_id": user_of(gid, 0), "status": "active",
                          "config": table.config, "n_seats": table.n_seats,
                          "max_seats": table.n_seats, "seed": seed, "state": state,
                          "awaiting": awaiting, "created_at": now, "updated_at": now,
                          "rules_version": rules.rules_version, "paused": False, "version": 0,
                          "deadline_seconds": 86_400, "excuses": 1})
            for s in range(table.n_seats):
                seats.append({"game_id": gid, "seat": s, "user_id": user_of(gid, s),
                              "display_name": f"p{s}", "joined_at": now, "ready": True,
                              "dm_ok": True, "missed": 0, "excuses_left": 1, "active": True})
                if user_of(gid, s) % 3 == 0:
                    settings.append({"user_id": user_of(gid, s), "dm_enabled": True,
                                     "remind_minutes": 60, "locale": "en"})
            for s in awaiting:
                deadlines.append({"game_id": gid, "seat": s, "kind": "deadline",
                                  "due_at": now + timedelta(days=1), "version": 0})
                deadlines.append({"game_id": gid, "seat": s, "kind": "remind",
                                  "due_at": now + timedelta(days=1, hours=-2), "version": 0})
        async with engine.begin() as conn:
            await conn.execute(G.insert(), games)
            await conn.execute(Seat.__table__.insert(), seats)
            await conn.execute(Deadline.__table__.insert(), deadlines)
            if settings:
                await conn.execute(UserSettings.__table__.insert(), settings)
    return ids


async def load_states(engine: AsyncEngine, rules: GameRules, ids: Iterable[int]
                      ) -> dict[int, Any]:
    """The bench's own copies of these games' states (read before a run, never timed)."""
    wanted = sorted(set(ids))
    out: dict[int, Any] = {}
    async with engine.connect() as conn:
        for lo in range(0, len(wanted), 500):
            q = select(G.c.id, G.c.state).where(G.c.id.in_(wanted[lo:lo + 500]))
            for gid, state in (await conn.execute(q)).all():
                out[int(gid)] = rules.from_json(state)
    return out


# ---- playing ---------------------------------------------------------------------------
@dataclass
class RunResult:
    latencies: list[float] = field(default_factory=list)  # seconds, accepted moves only
    cold: int = 0  # moves that were their game's first in the run (head load included)
    errors: int = 0
    agent: float = 0.0  # seconds spent choosing moves and mirroring them (not timed)
    wall: float = 0.0
    cpu: float = 0.0  # process CPU seconds over the run (agents included)
    commits: int = 0
    processes: int = 1
    server_cpu: float | None = None  # CPU seconds of a local PostgreSQL's processes

    def merge(self, other: RunResult) -> None:
        self.latencies += other.latencies
        self.cold += other.cold
        self.errors += other.errors
        self.agent += other.agent
        self.cpu += other.cpu
        self.commits += other.commits


async def play(service: GameService, rules: GameRules, states: dict[int, Any],
               plan: Sequence[int], rng: Rng, out: RunResult) -> None:
    """Play one random legal move on each game of ``plan`` in turn."""
    seen: set[int] = set()
    for gid in plan:
        t_agent = time.perf_counter()
        state = states[gid]
        awaited = sorted(rules.awaiting(state))
        if not awaited or rules.result(state) is not None:
            continue
        seat = rng.choice(awaited)
        action = rules.random_action(state, seat, rng)
        t0 = time.perf_counter()
        try:
            await service.submit(gid, user_of(gid, seat), action)
        except ServiceError as exc:
            out.errors += 1
            if out.errors <= 3:
                print(f"    ! game {gid}: {exc}", file=sys.stderr)
            continue
        t1 = time.perf_counter()
        out.latencies.append(t1 - t0)
        if gid not in seen:
            seen.add(gid)
            out.cold += 1
        rules.step(state, seat, action)  # the bench's copy follows the game (engine directly)
        out.agent += (t0 - t_agent) + (time.perf_counter() - t1)


def plans_for(ids: Sequence[int], players: int, moves: int, rng: Rng) -> list[list[int]]:
    """Each player's games, drawn at random from its own share of ``ids`` (players never
    share a game, so concurrent moves never conflict)."""
    if len(ids) < players:
        raise SystemExit(f"{players} players need as many games in the database, not "
                         f"{len(ids)} (--games-in-db)")
    shares = [ids[p::players] for p in range(players)]
    per = max(1, moves // players)
    return [[rng.choice(shares[p]) for _ in range(per)] for p in range(players)]


async def timed_run(service: GameService, table: Table, engine: AsyncEngine,
                    plans: list[list[int]], seed: int) -> RunResult:
    states = await load_states(engine, table.rules, (g for plan in plans for g in plan))
    out = RunResult()
    results = [RunResult() for _ in plans]
    batches = service.writer.batches
    cpu0, t0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(play(service, table.rules, states, plan, Rng(seed * 1000 + p), r)
                           for p, (plan, r) in enumerate(zip(plans, results, strict=True))))
    out.wall = time.perf_counter() - t0
    out.cpu = time.process_time() - cpu0
    for r in results:
        out.merge(r)
    out.commits = service.writer.batches - batches
    return out



"""Service move latency and throughput on real games, with 10,000 started games in the database.

For every registered game (``rules.registry.games()``, at its first mode's largest table) the
bench seeds 10,000 started games in bulk (real states from the game's ``new_game``; seats,
deadline and reminder rows for the awaited seats, reminder settings for a third of the
players), then plays random legal moves through ``GameService.submit``:

(a) sequentially on SQLite, each move on a random game of the 10,000;
(b) 16 concurrent players in one process on SQLite (asyncio tasks, each on its own games, so
    moves of different players meet in the group commit);
(c) on PostgreSQL with 1, 2 and 4 OS processes (``ServiceSettings(shared_database=True)``,
    as a multi-process deployment runs: the head cache on, a move checked by its commit's
    version check), skipped with the reason when PostgreSQL does not answer:
    first with 16 players in each process (the load grows with the processes, as when a
    deployment adds a process for more servers: the capacity the processes give), then with
    the same 16 players split between them (the load stays; each process's group commits get
    smaller, and a move's CPU grows with them). Each process starts with warm connections, as
    a running bot has them: ``PG_WARM_MOVES`` untimed moves per player played first open its
    hot path's pool (a new connection prepares and plans each statement once and looks up each
    array and record type once).

What is timed: ``submit`` from call to return — the head load when the game is not in the
head cache, the engine's ``apply``, the commit (group commit) and the effects. Every run
starts with an empty head cache (a fresh service), so a game's first move of the run pays
its load; games are drawn at random, so nearly every move is such a first move (the count is
printed). Not timed: choosing the move (``rules.random_action`` on the bench's own copy of
each game's state, read from the database before the run and advanced with ``rules.step``
after each accepted move — the service's cache is never consulted). Throughput is wall-clock
moves/s; the agents run on the same event loop, so the figure "without agents" subtracts the
time they took. Each figure is min / median / max over the repeated runs.

The service uses its hot paths (``storage/hot.py`` on SQLite, ``storage/pg_hot.py`` on
PostgreSQL); ``--compare`` repeats (a) and (b) through SQLAlchemy's aiosqlite adapter
throughout, as before the hot path.

Run: ``python -m bench.service_bench`` (``python -m bot bench service``);
``--help`` for the games, move counts, runs, PostgreSQL URL and a cProfile of (a).
Targets (issue #17): sequential p99 ≤ 10 ms, ≥ 1,000 moves/s with concurrent players on
SQLite, PostgreSQL growing with processes up to the cores at ≤ 2 ms of client CPU per move.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.figures import spread
from bench.pg import fresh_database
from bot.heap import settle_heap
from bot.service import GameService, ManualClock, ServiceError, ServiceSettings
from rules import registry
from rules.base import GameRules
from rules.canonical_json import canonical_json
from rules.rng import Rng
from storage.db import checkpoint, create_all, drop_all, make_engine
from storage.models import Deadline, Game, Seat, UserSettings

N_GAMES = 10_000
#: Distinct ``new_game`` states per game type (seeds 0..DISTINCT-1, cycled over the 10,000
#: rows, each row's ``seed`` column matching its state): seeding stays seconds, not minutes.
DISTINCT = 1_000
RUNS = 3
SEQUENTIAL_MOVES = 300
CONCURRENT_MOVES = 480
PG_MOVES = 960  # per 16 players
#: Untimed moves per player before each PostgreSQL run (~40 batches a process: enough for each
#: pooled connection to have prepared every statement of a batch).
PG_WARM_MOVES = 25
PLAYERS = 16
PG_PROCESSES = (1, 2, 4)
PG_URL = os.environ.get("BENCH_DATABASE_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
PG_DATABASE = "maester_bench"

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


# ---- PostgreSQL worker processes ----------------------------------------------------------
def _pg_worker(pipe: Connection, default_gc: bool) -> None:
    """A long-lived bench process: plays the jobs it is sent, one at a time."""
    rules_by_id = registry.games()
    if not default_gc:
        settle_heap()
    while True:
        job = pipe.recv()
        if job is None:
            return
        asyncio.run(_pg_job(pipe, rules_by_id[job["game"]], job))


async def _pg_job(pipe: Connection, rules: GameRules, job: dict[str, Any]) -> None:
    # SQLAlchemy's pool as the bot has it (a move goes through the hot path's own pool).
    engine = make_engine(job["url"])
    try:
        service = GameService(engine, clock=ManualClock(), games={rules.id: rules},
                              settings=ServiceSettings(shared_database=True))
        states = await load_states(engine, rules, (g for plan in job["plans"] for g in plan))
        # The hot path warm, as a running bot has it: untimed real moves on games of the
        # plans (the copies follow them) open its connections (a new server backend costs the
        # server milliseconds of CPU) and prepare each statement (planned once: see
        # storage.pg_hot.SESSION), with asyncpg's one look-up of each array and record type.
        await asyncio.gather(*(play(service, rules, states, plan[:PG_WARM_MOVES],
                                    Rng(job["seed"] + 500 + p), RunResult())
                               for p, plan in enumerate(job["plans"])))
        results = [RunResult() for _ in job["plans"]]
        pipe.send("ready")
        pipe.recv()  # go
        batches = service.writer.batches
        cpu0, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(play(service, rules, states, plan, Rng(job["seed"] + p), r)
                               for p, (plan, r) in enumerate(zip(job["plans"], results,
                                                                 strict=True))))
        t1 = time.perf_counter()
        out = RunResult(cpu=time.process_time() - cpu0,
                        commits=service.writer.batches - batches)
        for r in results:
            out.merge(r)
        pipe.send((out, t0, t1))
        # Connections stay open until the server's CPU is read: a backend that exits while
        # /proc is read can be missed both alive and in the postmaster's reaped children.
        pipe.recv()
    finally:
        await engine.dispose()


def local_server_cpu() -> float | None:
    """CPU seconds used so far by this machine's PostgreSQL processes (its backends, WAL
    writer and checkpointer), read from /proc: the part of a move's cost the server pays when
    it shares the cores with the bot. None where /proc shows no such process."""
    total, found = 0, False
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not pid.isdigit():
            continue
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:  # gone, or not ours to read
            continue
        name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:]
        if name.startswith("postgres"):
            fields = rest.split()
            total += sum(int(f) for f in fields[11:15])  # utime, stime; cutime, cstime:
            # backends that exited, reaped by the postmaster
            found = True
    return total / os.sysconf("SC_CLK_TCK") if found else None


class Workers:
    def __init__(self, count: int, default_gc: bool) -> None:
        # By its importable name: run as ``python -m bot bench`` (runpy, as __main__), a
        # spawned process could not find ``__main__._pg_worker``.
        from bench.service_bench import _pg_worker as worker

        ctx = mp.get_context("spawn")
        self.pipes: list[Connection] = []
        self.procs = []
        for _ in range(count):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=worker, args=(child, default_gc), daemon=True)
            proc.start()
            self.pipes.append(parent)
            self.procs.append(proc)

    def run(self, jobs: list[dict[str, Any]]) -> RunResult:
        pipes = self.pipes[:len(jobs)]
        for pipe, job in zip(pipes, jobs, strict=True):
            pipe.send(job)
        for pipe in pipes:
            assert pipe.recv() == "ready"
        server0 = local_server_cpu()
        for pipe in pipes:
            pipe.send("go")
        total = RunResult()
        starts, ends = [], []
        for pipe in pipes:
            out, t0, t1 = pipe.recv()
            total.merge(out)
            starts.append(t0)
            ends.append(t1)
        total.wall = max(ends) - min(starts)  # perf_counter is system-wide on Linux
        server1 = local_server_cpu()
        for pipe in pipes:
            pipe.send("read")  # the workers may close their connections now
        if server0 is not None and server1 is not None:
            total.server_cpu = server1 - server0
        return total

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send(None)
        for proc in self.procs:
            proc.join(10)


async def pg_problem(url: str) -> str | None:
    """None if PostgreSQL answers (and the bench database is fresh), else why not."""

    try:
        await asyncio.wait_for(fresh_database(url, PG_DATABASE), 10)
    except Exception as exc:  # any failure means "not here"
        return f"{type(exc).__name__}: {exc}"[:300]
    return None


# ---- reporting -------------------------------------------------------------------------
def pct(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def report(label: str, runs: list[RunResult], *, throughput: bool) -> dict[str, float]:
    n = [len(r.latencies) for r in runs]
    p50 = [statistics.median(r.latencies) * 1e3 for r in runs]
    p99 = [pct(r.latencies, 99) * 1e3 for r in runs]
    p999 = [pct(r.latencies, 99.9) * 1e3 for r in runs]
    cold = sum(r.cold for r in runs)
    errors = sum(r.errors for r in runs)
    print(f"  {label}: {min(n)}–{max(n)} moves/run × {len(runs)} runs, {cold:,} of "
          f"{sum(n):,} moves were their game's first in the run (cold head)"
          + (f", {errors} refused" if errors else ""))
    print(f"      submit ms (min / median / max of runs)  p50 {spread(p50)}   "
          f"p99 {spread(p99)}   p99.9 {spread(p999)}"
          + ("  (p99.9 = the run's max below 1,000 moves)" if min(n) < 1000 else ""))
    if throughput:
        rate = [len(r.latencies) / r.wall for r in runs]
        net = [len(r.latencies) / max(r.wall - r.agent / r.processes, 1e-9)
               for r in runs]
        cpu = [(r.cpu - r.agent) / max(1, len(r.latencies)) * 1e3 for r in runs]
        per_commit = [len(r.latencies) / max(1, r.commits) for r in runs]
        server = [r.server_cpu / max(1, len(r.latencies)) * 1e3 for r in runs
                  if r.server_cpu is not None]
        # The cores the run kept busy: the bench processes (agents included) and the server.
        busy = [(r.cpu + r.server_cpu) / r.wall for r in runs if r.server_cpu is not None]
        print(f"      moves/s wall clock {spread(rate, '{:,.0f}')}   without the agents' time "
              f"{spread(net, '{:,.0f}')}   client CPU/move {spread(cpu)} ms   "
              + (f"server CPU/move {spread(server)} ms   " if server else "")
              + f"moves/commit {spread(per_commit, '{:.1f}')}"
              + (f"   cores busy {spread(busy, '{:.1f}')} of {os.cpu_count()}" if busy else ""))
    else:
        rate = [len(r.latencies) / sum(r.latencies) for r in runs]
        print(f"      moves/s (1 / mean submit time) {spread(rate, '{:,.0f}')}")
    return {"p50": statistics.median(p50), "p99": statistics.median(p99),
            "rate": statistics.median(rate)}


# ---- the bench -------------------------------------------------------------------------
async def bench_sqlite(table: Table, args: argparse.Namespace, summary: dict[str, Any]
                       ) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        engine = make_engine(f"sqlite+aiosqlite:///{db}", background_checkpoints=True)
        await create_all(engine)
        clock = ManualClock()
        t0 = time.perf_counter()
        ids = await seed_games(engine, table, args.games_in_db, clock.now())
        await checkpoint(engine)
        print(f"  SQLite: seeded {len(ids):,} games in {time.perf_counter() - t0:.1f} s "
              f"({db.stat().st_size / 1e6:.0f} MB)")
        rng = Rng(17)

        async def run(players: int, moves: int, seed: int, hot: bool = True) -> RunResult:
            service = GameService(engine, clock=clock, games={table.id: table.rules},
                                  settings=ServiceSettings(hot_path=hot))
            plans = plans_for(ids, players, moves, rng)
            try:
                out = await timed_run(service, table, engine, plans, seed)
            finally:
                service.close()
            await checkpoint(engine)  # the bot's deadline loop does this on a timer
            return out

        seq = [await run(1, args.sequential, i) for i in range(args.runs)]
        summary["seq"] = report("(a) sequential, SQLite", seq, throughput=False)
        conc = [await run(PLAYERS, args.concurrent, 100 + i) for i in range(args.runs)]
        summary["conc"] = report(f"(b) {PLAYERS} concurrent players, one process, SQLite",
                                 conc, throughput=True)
        if args.compare:  # the same runs through SQLAlchemy's aiosqlite adapter throughout
            seq = [await run(1, args.sequential, i, hot=False) for i in range(args.runs)]
            report("(a') sequential, SQLite without the hot path", seq, throughput=False)
            conc = [await run(PLAYERS, args.concurrent, 100 + i, hot=False)
                    for i in range(args.runs)]
            report(f"(b') {PLAYERS} concurrent players, SQLite without the hot path", conc,
                   throughput=True)
        if args.profile:
            await profiled(run(1, args.sequential, 999))
        await engine.dispose()


async def bench_pg(table: Table, args: argparse.Namespace, workers: Workers,
                   summary: dict[str, Any]) -> None:
    url = str(make_url(args.pg).set(database=PG_DATABASE))
    engine = make_engine(url)
    await drop_all(engine)
    await create_all(engine)
    t0 = time.perf_counter()
    ids = await seed_games(engine, table, args.games_in_db, ManualClock().now())
    # Committed: ANALYZE in a transaction that is rolled back leaves no statistics, and the
    # planner then hash-joins every head load's seats over the whole user_settings table.
    async with engine.begin() as conn:
        await conn.execute(text("ANALYZE"))
    await engine.dispose()
    print(f"  PostgreSQL: seeded {len(ids):,} games in {time.perf_counter() - t0:.1f} s")
    rng = Rng(29)
    # One process is the same run in both shapes: measured once, shown first.
    for shape, procs in [("each", 1)] + [(shape, procs) for shape in ("each", "split")
                                         for procs in PG_PROCESSES if procs > 1]:
        players = PLAYERS * procs if shape == "each" else PLAYERS
        runs = []
        for i in range(args.runs):
            plans = plans_for(ids, players, args.pg_moves * players // PLAYERS, rng)
            jobs = [{"game": table.id, "url": url, "plans": plans[k::procs],
                     "seed": 10_000 * (i + 1) + 100 * k} for k in range(procs)]
            out = workers.run(jobs)
            out.processes = procs
            runs.append(out)
        label = (f"{procs} process{'es' if procs > 1 else ''} × {players // procs} players"
                 + (f" ({players} in all)" if procs > 1 else ""))
        summary[f"pg-{shape}{procs}"] = report(
            f"(c) PostgreSQL, {label}, shared database", runs, throughput=True)
    summary["pg-split1"] = summary["pg-each1"]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.service_bench",
                                description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    p.add_argument("--games-in-db", type=int, default=N_GAMES)
    p.add_argument("--distinct", type=int, default=DISTINCT,
                   help="distinct new_game seeds per game type (cycled over the rows)")
    p.add_argument("--runs", type=int, default=RUNS)
    p.add_argument("--sequential", type=int, default=SEQUENTIAL_MOVES, help="moves per run")
    p.add_argument("--concurrent", type=int, default=CONCURRENT_MOVES, help="moves per run")
    p.add_argument("--pg-moves", type=int, default=PG_MOVES, help="moves per run")
    p.add_argument("--pg", default=PG_URL, help="PostgreSQL server URL (a database "
                   f"{PG_DATABASE!r} is created there)")
    p.add_argument("--no-pg", action="store_true")
    p.add_argument("--compare", action="store_true",
                   help="also run (a) and (b) without the SQLite hot path (SQLAlchemy only)")
    p.add_argument("--profile", action="store_true",
                   help="also cProfile one sequential run per game and print the top costs")
    p.add_argument("--default-gc", action="store_true",
                   help="keep CPython's default collector settings (the bot settles its heap "
                   "at start: bot/heap.py)")
    args = p.parse_args(argv)
    chosen = [g for g in args.games.split(",") if g] or sorted(registry.games())
    if not args.default_gc:  # as `python -m bot run` does once start-up is done
        settle_heap()
    started = time.perf_counter()
    print(f"{args.games_in_db:,} started games per game type in the database; "
          f"{args.runs} runs of each figure; timed: GameService.submit (cold head load "
          "included), not the agents' move choice; garbage collector: "
          + ("CPython's defaults" if args.default_gc else "settled as the bot settles it"))
    problem = None if not args.no_pg else "--no-pg"
    if problem is None:
        problem = asyncio.run(pg_problem(args.pg))
    workers = Workers(max(PG_PROCESSES), args.default_gc) if problem is None else None
    if problem is not None:
        print(f"(c) PostgreSQL skipped: {problem}")
    summaries: dict[str, dict[str, Any]] = {}
    try:
        for game_id in chosen:
            rules = registry.get(game_id)
            t0 = time.perf_counter()
            table = make_table(rules, min(args.distinct, args.games_in_db))
            size = statistics.mean(len(canonical_json(rules.to_json(s)))
                                   for s in table.states[:50])
            print(f"\n{rules.id} — {table.n_seats} players, mode {table.mode}, state "
                  f"~{size / 1000:.1f} KB ({len(table.states):,} distinct new_game states in "
                  f"{time.perf_counter() - t0:.1f} s)")
            summary: dict[str, Any] = {}
            summaries[game_id] = summary
            asyncio.run(bench_sqlite(table, args, summary))
            if workers is not None:
                asyncio.run(bench_pg(table, args, workers, summary))
    finally:
        if workers is not None:
            workers.close()
    print("\nsummary (medians of runs): sequential p50 / p99 ms; moves/s with "
          f"{PLAYERS} players on SQLite" + (
              f"; PostgreSQL moves/s with {' / '.join(map(str, PG_PROCESSES))} processes, "
              f"{PLAYERS} players in each | {PLAYERS} in all" if workers is not None else ""))
    for game_id, s in summaries.items():
        pg = " | ".join(" / ".join(f"{s[k]['rate']:,.0f}" for k in keys if k in s)
                        for keys in ([f"pg-{shape}{n}" for n in PG_PROCESSES]
                                     for shape in ("each", "split")))
        print(f"  {game_id:<12} {s['seq']['p50']:6.2f} / {s['seq']['p99']:6.2f} ms   "
              f"{s['conc']['rate']:7,.0f} moves/s" + (f"   PG {pg}" if "pg-each1" in s else ""))
    print(f"targets: p99 ≤ 10 ms sequential, ≥ 1,000 moves/s concurrent, PostgreSQL growing "
          f"with processes up to the {os.cpu_count()} cores (the bot's and the server's). "
          f"Bench took {time.perf_counter() - started:.0f} s.")


async def profiled(run: Any) -> None:
    """cProfile one sequential run (agents included) and print the top costs."""
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    try:
        out = await run
    finally:
        prof.disable()
    print(f"  cProfile of one sequential run ({len(out.latencies)} moves), top by own time:")
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(25)
    print("\n".join("    " + line for line in buf.getvalue().splitlines()[6:] if line.strip()))
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumtime").print_stats(40)
    print("  ... by cumulative time:")
    print("\n".join("    " + line for line in buf.getvalue().splitlines()[6:] if line.strip()))


if __name__ == "__main__":
    main(sys.argv[1:])

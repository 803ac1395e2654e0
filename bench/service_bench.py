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
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url

from bench.figures import spread
from bench.service_games import RunResult, Table, make_table, plans_for, seed_games, timed_run
from bench.service_pg import PG_DATABASE, Workers, pg_problem
from bot.heap import settle_heap
from bot.service import GameService, ManualClock, ServiceSettings
from rules import registry
from rules.canonical_json import canonical_json
from rules.rng import Rng
from storage.db import checkpoint, create_all, drop_all, make_engine

N_GAMES = 10_000
#: Distinct ``new_game`` states per game type (seeds 0..DISTINCT-1, cycled over the 10,000
#: rows, each row's ``seed`` column matching its state): seeding stays seconds, not minutes.
DISTINCT = 1_000
RUNS = 3
SEQUENTIAL_MOVES = 300
CONCURRENT_MOVES = 480
PG_MOVES = 960  # per 16 players
PLAYERS = 16
PG_PROCESSES = (1, 2, 4)
PG_URL = os.environ.get("BENCH_DATABASE_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")

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

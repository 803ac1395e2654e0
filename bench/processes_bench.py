"""Several bot processes on one PostgreSQL database, as a sharded deployment runs them: moves
per second and due rows (reminders) per second with 1, 2 and 4 OS processes, and the cores
they kept busy.

Each process is a ``GameService`` with the head cache on and ``shared_database=True`` (a read
checks a cached head's version; a move relies on its commit's version check), as
``python -m bot run`` runs with ``SHARD_COUNT`` set. The database holds ``--games`` started
games of the first registered game (seeded as ``service_games`` seeds them: a deadline and a
reminder row per awaited seat).

(a) moves: each process plays 16 concurrent players (``service_games.play``: random legal
    moves through ``GameService.submit``), on games no other player touches;
(b) due rows: the clock is moved past every reminder, and every process runs its deadline
    loop (``run_due``) until none is left — each row claimed by one process
    (``repo.claim_due``), acted on (the reminder's post and notices built), deleted.

"Cores busy" is the processes' CPU plus a local PostgreSQL's over the wall time: on this
2-core machine, that and not the code is what bounds the step from 2 to 4 processes.

Run: ``python -m bench.processes_bench`` (``python -m bot bench processes``).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import time
from datetime import timedelta
from multiprocessing.connection import Connection
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from bench.pg import fresh_database
from bench.service_games import RunResult, load_states, make_table, plans_for, play, seed_games
from bench.service_pg import local_server_cpu
from bot.heap import settle_heap
from bot.service import GameService, ManualClock, ServiceSettings
from rules import registry
from rules.rng import Rng
from storage.db import create_all, make_engine
from storage.models import Deadline

PG_URL = os.environ.get("BENCH_DATABASE_URL",
                        "postgresql+asyncpg://postgres@127.0.0.1:5432/test")
DATABASE = "maester_processes_bench"
PROCESSES = (1, 2, 4)
PLAYERS = 16
D = Deadline.__table__


def _settings() -> ServiceSettings:
    return ServiceSettings(shared_database=True)


async def _moves(job: dict[str, Any], pipe: Connection) -> tuple[int, float]:
    rules = registry.games()[job["game"]]
    engine = make_engine(job["url"])
    try:
        service = GameService(engine, clock=ManualClock(), games={rules.id: rules},
                              settings=_settings())
        states = await load_states(engine, rules, (g for plan in job["plans"] for g in plan))
        warm = RunResult()  # open the hot path's connections, as a running bot has them
        await asyncio.gather(*(play(service, rules, states, plan[:10], Rng(p), warm)
                               for p, plan in enumerate(job["plans"])))
        results = [RunResult() for _ in job["plans"]]
        pipe.send("ready")
        pipe.recv()
        cpu0 = time.process_time()
        await asyncio.gather(*(play(service, rules, states, plan[10:], Rng(job["seed"] + p), r)
                               for p, (plan, r) in enumerate(zip(job["plans"], results,
                                                                 strict=True))))
        return sum(len(r.latencies) for r in results), time.process_time() - cpu0
    finally:
        await engine.dispose()


async def _due(job: dict[str, Any], pipe: Connection) -> tuple[int, float]:
    rules = registry.games()[job["game"]]
    engine = make_engine(job["url"])
    clock = ManualClock(job["now"])
    try:
        service = GameService(engine, clock=clock, games={rules.id: rules},
                              settings=_settings())
        await service.run_due()  # nothing is due yet: opens the connections
        pipe.send("ready")
        pipe.recv()
        clock.advance(job["advance"])
        cpu0 = time.process_time()
        while True:
            if await service.run_due():
                continue
            if not await _due_count(engine, clock.now()):
                break
            # The rest is held by other processes: wait for them without taking the CPU
            # (and the database) they are being measured on.
            await asyncio.sleep(0.02)
        return 0, time.process_time() - cpu0
    finally:
        await engine.dispose()


async def _due_count(engine: Any, when: Any) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(select(func.count()).select_from(D).where(
            D.c.due_at <= when))).scalar_one())


def _worker(pipe: Connection) -> None:
    settle_heap()
    while (job := pipe.recv()) is not None:
        run = _moves if job["kind"] == "moves" else _due
        t0 = time.perf_counter()
        count, cpu = asyncio.run(run(job, pipe))
        pipe.send((count, cpu, t0, time.perf_counter()))


def _run(pipes: list[Connection], jobs: list[dict[str, Any]]) -> tuple[int, float, float]:
    """Send each process its job, start them together; (count, wall seconds, cores busy)."""
    for pipe, job in zip(pipes, jobs, strict=True):
        pipe.send(job)
    for pipe in pipes:
        assert pipe.recv() == "ready"
    server0 = local_server_cpu()
    go = time.perf_counter()
    for pipe in pipes:
        pipe.send("go")
    count, cpu, end = 0, 0.0, go
    for pipe in pipes:
        n, c, _t0, t1 = pipe.recv()
        count, cpu, end = count + n, cpu + c, max(end, t1)
    wall = end - go
    server1 = local_server_cpu()
    server = (server1 - server0) if server0 is not None and server1 is not None else 0.0
    return count, wall, (cpu + server) / wall if wall else 0.0


async def _fresh(url: str, table: Any, games: int, due_by: Any = None
                 ) -> tuple[str, list[int], int]:
    """A fresh database with ``games`` started games; its URL, their ids and how many rows
    are due by ``due_by``."""
    db = await fresh_database(url, DATABASE)
    engine = make_engine(db)
    try:
        await create_all(engine)
        ids = await seed_games(engine, table, games, ManualClock().now())
        due = await _due_count(engine, due_by) if due_by is not None else 0
    finally:
        await engine.dispose()
    return db, ids, due


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.processes_bench",
                                description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--pg", default=PG_URL, help="a PostgreSQL server (its own database is "
                   "made there)")
    p.add_argument("--games", type=int, default=2_000, help="started games in the database")
    p.add_argument("--moves", type=int, default=40, help="moves per player")
    args = p.parse_args(argv)
    try:
        asyncio.run(asyncio.wait_for(fresh_database(args.pg, DATABASE), 10))
    except Exception as exc:  # no server here: say so and measure nothing
        print(f"  skipped: PostgreSQL does not answer at "
              f"{make_url(args.pg).render_as_string(hide_password=True)} ({exc})"[:300])
        return
    rules = next(iter(registry.games().values()))
    table = make_table(rules, 50)
    print(f"  {rules.id}, {args.games:,} games; {os.cpu_count()} cores on this machine")
    print(f"  {'processes':>9}  {'moves/s':>8}  {'cores':>5}  {'due rows/s':>10}  {'cores':>5}")
    ctx = mp.get_context("spawn")
    for procs in PROCESSES:
        pairs = [ctx.Pipe() for _ in range(procs)]
        workers = [ctx.Process(target=_worker, args=(child,), daemon=True)
                   for _parent, child in pairs]
        for w in workers:
            w.start()
        pipes = [parent for parent, _child in pairs]
        try:
            url, ids, _ = asyncio.run(_fresh(args.pg, table, args.games))
            plans = plans_for(ids, PLAYERS * procs, (args.moves + 10) * PLAYERS * procs,
                              Rng(procs))
            moves, m_wall, m_cores = _run(pipes, [
                {"kind": "moves", "game": rules.id, "url": url, "plans": plans[k::procs],
                 "seed": 100 * k} for k in range(procs)])
            advance = timedelta(days=1, hours=-1)  # every reminder due, no deadline yet
            url, _ids, due = asyncio.run(_fresh(args.pg, table, args.games,
                                                ManualClock().now() + advance))
            _, d_wall, d_cores = _run(pipes, [
                {"kind": "due", "game": rules.id, "url": url, "now": ManualClock().now(),
                 "advance": advance.total_seconds()} for _ in range(procs)])
        finally:
            for pipe in pipes:
                pipe.send(None)
            for w in workers:
                w.join(30)
        print(f"  {procs:>9}  {moves / m_wall:>8,.0f}  {m_cores:>5.2f}  "
              f"{due / d_wall:>10,.0f}  {d_cores:>5.2f}")


if __name__ == "__main__":
    main()

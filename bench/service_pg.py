"""The service bench's PostgreSQL processes: long-lived worker processes that each play their
players' moves against one database, started together, and the server's own CPU read from
/proc."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.pg import fresh_database
from bench.service_games import RunResult, load_states, play
from bot.heap import settle_heap
from bot.service import GameService, ManualClock, ServiceSettings
from rules import registry
from rules.base import GameRules
from rules.rng import Rng
from storage.db import make_engine

#: Untimed moves per player before each PostgreSQL run (~40 batches a process: enough for each
#: pooled connection to have prepared every statement of a batch).
PG_WARM_MOVES = 25
PG_DATABASE = "maester_bench"


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
        from bench.service_pg import _pg_worker as worker

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



"""Crash soak: nothing acknowledged is lost or applied twice, whatever moment the bot dies at.

A driver process plays games of every registered game through the service on one database
(an SQLite file, or PostgreSQL with ``--pg URL``) and records each move it was acknowledged
(``submit`` returned) in an ack file, fsynced, only after the answer. A supervisor ``kill -9``s
the driver at random moments, ``cycles`` times, starting a new one each time. Afterwards it
checks: every acknowledged move is in the log exactly once; a retry of an acknowledged
interaction id applies nothing; ``db verify`` is clean; every game still takes a move. Prints
cycles, acked, lost, duplicated.

Run: ``python -m bench.soak_crash [cycles] [--pg URL]`` (default 100 cycles, SQLite).
``tests/service/test_soak.py`` runs a short version on both databases.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import select

from bench.pg import fresh_database
from bot.service import GameService, ServiceError, ServiceSettings
from rules.base import Action
from rules.registry import games
from rules.rng import Rng
from storage.db import create_all, make_engine
from storage.models import ActionRow, Game, Seat

USERS = 5000
PG_SOAK = "maester_soak"


def _service(url: str) -> GameService:
    seeds = iter(range(7, 10**9))
    return GameService(make_engine(url), settings=ServiceSettings(), games=games(),
                       seed_source=lambda: next(seeds))


async def _tables(service: GameService) -> list[tuple[int, list[int]]]:
    """(game id, user of each seat) of the active games; one per registered game is made."""
    async with service.engine.connect() as conn:
        rows = (await conn.execute(select(Game.id, Game.game_type).where(
            Game.status == "active"))).all()
        seats = (await conn.execute(select(Seat.game_id, Seat.seat, Seat.user_id))).all()
    have = {str(t) for _g, t in rows}
    for k, (game_type, rules) in enumerate(sorted(games().items())):
        if game_type in have:
            continue
        users = [USERS + 10 * k + i for i in range(rules.min_seats)]
        out = await service.create_game(users[0], "p0", game_type, max_seats=rules.min_seats)
        for i, u in enumerate(users[1:], start=1):
            await service.join(out.game_id, u, f"p{i}")
        await service.start(out.game_id, users[0])
        for u in users[1:]:
            await service.confirm_ready(out.game_id, u)
        return await _tables(service)
    by_game: dict[int, dict[int, int]] = {}
    for g, s, u in seats:
        by_game.setdefault(int(g), {})[int(s)] = int(u)
    return [(int(g), [by_game[int(g)][s] for s in sorted(by_game[int(g)])]) for g, _t in rows]


async def drive(url: str, acks: Path, seed: int) -> None:
    """Play until killed; append each acknowledged move to ``acks`` (fsynced) after submit."""
    service = _service(url)
    await create_all(service.engine)
    rng = Rng(seed)
    tables = await _tables(service)
    out = open(acks, "a", encoding="utf-8")  # noqa: SIM115 — kept open for the whole run
    print("ready", flush=True)  # the kill timer starts now, not while Python is importing
    n = 0
    while True:
        gid, users = tables[rng.randint(0, len(tables) - 1)]
        waiting = (await service.summary(gid)).awaiting
        if not waiting:
            tables = await _tables(service)
            continue
        user = users[rng.choice(sorted(waiting))]
        try:
            action = await service.suggest_action(gid, user, rng)
        except ServiceError:
            continue
        n += 1
        iid = f"soak-{seed}-{n}"
        try:
            outcome = await service.submit(gid, user, action, interaction_id=iid)
        except ServiceError:
            continue
        if not outcome.duplicate:
            out.write(json.dumps({"iid": iid, "game": gid, "user": user,
                                  "action": action.to_json()}) + "\n")
            out.flush()
            os.fsync(out.fileno())


async def check(url: str, acks: Path) -> dict[str, int]:
    service = _service(url)
    acked = [json.loads(line) for line in acks.read_text(encoding="utf-8").splitlines()
             if line.strip().endswith("}")]
    async with service.engine.connect() as conn:
        logged = [r[0] for r in (await conn.execute(select(ActionRow.interaction_id)))
                  if r[0] is not None]
    counts: dict[str, int] = {}
    for iid in logged:
        counts[iid] = counts.get(iid, 0) + 1
    lost = sum(1 for a in acked if a["iid"] not in counts)
    duplicated = sum(1 for c in counts.values() if c > 1)
    # A retry of an acknowledged interaction answers as a duplicate and applies nothing.
    retried = 0
    for a in random.Random(1).sample(acked, min(20, len(acked))):
        before = (await service.summary(a["game"])).version
        with contextlib.suppress(ServiceError):  # "not your move" is a fine answer too
            await service.submit(a["game"], a["user"], Action.from_json(a["action"]),
                                 interaction_id=a["iid"])
        retried += (await service.summary(a["game"])).version != before
    bad = [gid for gid in await service.game_ids() if await service.verify(gid) is not None]
    stuck = 0
    rng = Rng(99)
    for gid, users in await _tables(service):
        waiting = (await service.summary(gid)).awaiting
        if waiting:
            user = users[waiting[0]]
            try:
                await service.submit(gid, user, await service.suggest_action(gid, user, rng))
            except ServiceError:
                stuck += 1
    await service.engine.dispose()
    return {"acked": len(acked), "lost": lost, "duplicated": duplicated,
            "retries applied": retried, "games failing verify": len(bad), "stuck games": stuck}


def soak(cycles: int, workdir: Path, *, low: float = 0.3, high: float = 1.5,
         seed: int = 1, url: str | None = None) -> dict[str, int]:
    """``url``: the database (its tables created or empty of games); else an SQLite file in
    ``workdir``."""
    url = url or f"sqlite+aiosqlite:///{workdir / 'soak.db'}"
    acks = workdir / "acks.jsonl"
    acks.touch()
    pick = random.Random(seed)
    for cycle in range(cycles):
        driver = subprocess.Popen(
            [sys.executable, "-m", "bench.soak_crash", "--driver", url, str(acks),
             str(seed * 100_000 + cycle)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # A loaded machine may take seconds to start Python: the random moment to kill is
        # counted from when the driver plays, or a kill before its first move proves nothing.
        if driver.stdout is None or driver.stdout.readline().strip() != b"ready":
            driver.wait()
            raise RuntimeError(driver.stderr.read().decode() if driver.stderr else "no driver")
        time.sleep(pick.uniform(low, high))
        if driver.poll() is not None:  # it died by itself: that is a failure of its own
            raise RuntimeError(driver.stderr.read().decode() if driver.stderr else "driver died")
        driver.send_signal(signal.SIGKILL)
        driver.wait()
    result = asyncio.run(check(url, acks))
    return {"cycles": cycles, **result}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--driver":
        asyncio.run(drive(sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])))
        return
    p = argparse.ArgumentParser(prog="python -m bench.soak_crash", description=__doc__)
    p.add_argument("cycles", nargs="?", type=int, default=100)
    p.add_argument("--pg", metavar="URL", help="soak on PostgreSQL (a database "
                   f"{PG_SOAK!r} is created on this server) instead of an SQLite file")
    args = p.parse_args()
    url = asyncio.run(fresh_database(args.pg, PG_SOAK)) if args.pg else None
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        result = soak(args.cycles, Path(tmp), low=0.5, high=3.0, url=url)
        took = time.perf_counter() - started
    where = "PostgreSQL" if args.pg else "SQLite"
    print(f"crash soak on {where}, {args.cycles} kill -9 cycles in {took:.0f} s:")
    for key, value in result.items():
        print(f"  {key:>22}: {value}")


if __name__ == "__main__":
    main()

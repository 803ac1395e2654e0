"""Service move latency and throughput on SQLite with 10,000 games in the database, and replay
time per 1,000 logged actions.

Run: ``python -m bench.service_bench`` (or ``python -m bot bench service``). Prints figures;
targets from the platform issue: p99 ≤ 10 ms, ≥ 1,000 moves/s on 2 cores.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bot.service import GameService, ManualClock, ServiceError
from rules.base import Action, hash_json
from rules.replay import LoggedAction, replay
from rules.rng import Rng
from storage import repo
from storage.db import create_all, make_engine
from storage.models import Deadline, Game, Seat
from tests.fixtures.sealed_bids import RULES

N_GAMES = 10_000
PLAYERS = 3
SEQUENTIAL_MOVES = 3_000
CONCURRENT_MOVES = 6_000
WORKERS = 16


async def seed_games(service: GameService, clock: ManualClock) -> list[int]:
    """Insert N_GAMES started games in bulk (the lobby flow is measured by the tests)."""
    now = clock.now()
    states = [RULES.new_game({"rounds": 10_000}, PLAYERS, i) for i in range(N_GAMES)]
    games = [{"id": i + 1, "game_type": RULES.id, "title": f"bench {i}", "creator_id": 1,
              "status": "active", "config": {"rounds": 10_000}, "n_seats": PLAYERS,
              "max_seats": PLAYERS, "seed": i, "state": RULES.to_json(st),
              "awaiting": sorted(RULES.awaiting(st)), "created_at": now, "updated_at": now,
              "rules_version": 1, "paused": False, "version": 0, "deadline_seconds": 86_400,
              "excuses": 1} for i, st in enumerate(states)]
    seats = [{"game_id": g["id"], "seat": s, "user_id": g["id"] * 10 + s,
              "display_name": f"p{s}", "joined_at": now, "ready": True, "dm_ok": True,
              "missed": 0, "excuses_left": 1, "active": True}
             for g in games for s in range(PLAYERS)]
    deadlines = [{"game_id": g["id"], "seat": s, "kind": "deadline",
                  "due_at": now + timedelta(days=1), "version": 0}
                 for g in games for s in range(PLAYERS)]
    async with service.engine.begin() as conn:
        await conn.execute(Game.__table__.insert(), games)
        await conn.execute(Seat.__table__.insert(), seats)
        await conn.execute(Deadline.__table__.insert(), deadlines)
    return [g["id"] for g in games]


async def one_move(service: GameService, gid: int, rng: Rng) -> float:
    """Pick a legal move (not timed) and time the service's submit of it."""
    seat = rng.choice(await service.awaiting_seats(gid))
    user = gid * 10 + seat
    action = await service.suggest_action(gid, user, rng)
    t0 = time.perf_counter()
    try:
        await service.submit(gid, user, action)
    except ServiceError:
        return -1.0
    return time.perf_counter() - t0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        engine = make_engine(f"sqlite+aiosqlite:///{db}")
        await create_all(engine)
        clock = ManualClock()
        service = GameService(engine, clock=clock, games={RULES.id: RULES})
        t0 = time.perf_counter()
        ids = await seed_games(service, clock)
        print(f"seeded {len(ids):,} active games in {time.perf_counter() - t0:.1f} s "
              f"({db.stat().st_size / 1e6:.1f} MB)")
        rng = Rng(42)

        # Sequential: each move on a random one of the 10,000 games (the head cache holds
        # 2,048, so most moves load the game from the database first).
        lat = [x for x in [await one_move(service, rng.choice(ids), rng)
                           for _ in range(SEQUENTIAL_MOVES)] if x >= 0]
        print(f"sequential submit, random game of {N_GAMES:,}: n={len(lat)} "
              f"p50={statistics.median(lat) * 1e3:.2f} ms p99={pct(lat, 99) * 1e3:.2f} ms "
              f"max={max(lat) * 1e3:.2f} ms")
        hot = ids[:200]
        lat_hot = [x for x in [await one_move(service, rng.choice(hot), rng)
                               for _ in range(SEQUENTIAL_MOVES)] if x >= 0]
        print(f"sequential submit, 200 hot games: n={len(lat_hot)} "
              f"p50={statistics.median(lat_hot) * 1e3:.2f} ms "
              f"p99={pct(lat_hot, 99) * 1e3:.2f} ms")

        # Throughput: WORKERS concurrent players, each on its own games, back to back.
        per_worker = CONCURRENT_MOVES // WORKERS
        chunks = [ids[w::WORKERS][:100] for w in range(WORKERS)]  # 1,600 games in play
        batches_before = service.writer.batches
        done = 0
        latencies: list[float] = []

        async def worker(w: int) -> None:
            nonlocal done
            wr = Rng(1000 + w)
            for _ in range(per_worker):
                x = await one_move(service, wr.choice(chunks[w]), wr)
                if x >= 0:
                    latencies.append(x)
                    done += 1

        t0 = time.perf_counter()
        await asyncio.gather(*(worker(w) for w in range(WORKERS)))
        elapsed = time.perf_counter() - t0
        batches = service.writer.batches - batches_before
        print(f"concurrent ({WORKERS} players): {done:,} moves in {elapsed:.2f} s = "
              f"{done / elapsed:,.0f} moves/s (wall clock, including each agent choosing its "
              f"move); submit p50={statistics.median(latencies) * 1e3:.2f} ms "
              f"p99={pct(latencies, 99) * 1e3:.2f} ms; {done / max(batches, 1):.1f} moves "
              "per commit (group commit)")

        # Replay: one long game, rebuilt from its log rows.
        gid = ids[0]
        for _ in range(3000):
            await one_move(service, gid, rng)
        async with engine.connect() as conn:
            game = await repo.get_game(conn, gid)
            rows = await repo.actions_after(conn, gid, 0)
        assert game is not None
        log = [LoggedAction(r.seq, r.seat, Action.from_json(r.action), r.state_hash)
               for r in rows]
        t0 = time.perf_counter()
        reps = 5
        for _ in range(reps):
            final = replay(RULES, game.config, game.n_seats, game.seed, log, verify="last")
        per = (time.perf_counter() - t0) / reps
        assert hash_json(RULES.to_json(final)) == hash_json(game.state)
        print(f"replay: {len(log):,} actions in {per * 1e3:.1f} ms = "
              f"{per / len(log) * 1e6:.1f} ms per 1,000 actions (fixture game; engine "
              "replays per game are in their own benches)")
        t0 = time.perf_counter()
        await service.rebuild(gid)
        print(f"service.rebuild (latest snapshot + verified replay of the tail): "
              f"{(time.perf_counter() - t0) * 1e3:.1f} ms")
        await engine.dispose()


if __name__ == "__main__":
    asyncio.run(main())

"""Event-loop health: how late a 5 ms ticker runs while a long game is replayed, while
boards render — on the loop and in a worker thread, as the service and delivery do it — and
while AI players decide: inline on the loop (``MAESTER_AI_WORKERS=0``, tests only) and in the
worker process the service uses (``bot.service.bots.AiWorkers``), a decision from a mid-game
view of each game (its AI at ``normal``; a game without an AI yet: a stand-in of the same
shape, the view sent to the worker and ~100 ms of engine work there).

Run: ``python -m bench.loop_lag``. Prints the worst and the 99th-percentile tick lag (ms).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Any

from bot.render import render_board
from bot.service.bots import decision_seed
from rules.ai import ai_for, decide
from rules.registry import games
from rules.replay import LoggedAction, replay
from rules.rng import Rng

TICK = 0.005


async def lag_while(work: Callable[[], Any], threaded: bool | Executor
                    ) -> tuple[float, float, float]:
    """(seconds of work, worst lag ms, p99 lag ms) of a ticker while ``work`` runs: on the
    loop, in a thread (``True``) or in an executor (a process pool)."""
    async def run() -> None:
        if isinstance(threaded, Executor):
            await asyncio.get_running_loop().run_in_executor(threaded, work)
        elif threaded:
            await asyncio.to_thread(work)
        else:
            work()
            await asyncio.sleep(0)

    return await lag_during(run)


def long_log(game_type: str, moves: int) -> tuple[Any, dict[str, Any], int, list[LoggedAction]]:
    rules = games()[game_type]
    n = rules.min_seats if game_type != "agot" else 5
    state = rules.new_game({}, n, 3)
    rng = Rng(3)
    log: list[LoggedAction] = []
    for i in range(moves):
        if rules.result(state) is not None:
            break
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = rules.random_action(state, seat, rng)
        state, _ = rules.apply(state, seat, action)
        log.append(LoggedAction(i + 1, seat, action, None))
    return rules, {}, n, log


async def main() -> None:
    print("event-loop lag (ms) of a 5 ms ticker — worst / p99 — while:")
    for game_type in ("agot", "catan_watch"):
        rules, config, n, log = long_log(game_type, 2000)

        def work(rules: Any = rules, n: int = n, log: list[LoggedAction] = log,
                 config: dict[str, Any] = config) -> None:
            replay(rules, config, n, 3, log, verify="none")

        for threaded in (False, True):
            took, worst, p99 = await lag_while(work, threaded)
            where = "worker thread" if threaded else "on the loop  "
            print(f"  replay {game_type:<12} {len(log):>5} moves, {where}: "
                  f"{took * 1000:7.1f} ms of work, lag {worst:7.1f} / {p99:6.1f}")
    for game_type, rules in sorted(games().items()):
        state = rules.new_game({}, rules.min_seats, 1)
        view = rules.view(state, None)
        for threaded in (False, True):
            took, worst, p99 = await lag_while(lambda v=view, g=game_type: render_board(g, v),
                                               threaded)
            where = "worker thread" if threaded else "on the loop  "
            print(f"  render {game_type:<12} {'':>11} {where}: {took * 1000:7.1f} ms of work, "
                  f"lag {worst:7.1f} / {p99:6.1f}")
    for game_type, rules in sorted(games().items()):
        # (without an AI the bots play their defaults and no worker is asked)
        for workers in (0, 1) if ai_for(rules) is not None else (0,):
            await bot_turns(game_type, workers)
    # The service's pool: one worker process (MAESTER_AI_WORKERS's default), started first.
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        await asyncio.get_running_loop().run_in_executor(pool, int)
        await ai_lines(pool)


#: Decisions timed per game and place.
DECISIONS = 5


def stand_in(game_type: str, view: Any, seat: int, seed: int, difficulty: str) -> None:
    """A decision's shape for a game without an AI yet: its view crosses to the worker and
    ~100 ms of the game's own engine work runs there (replaying random moves)."""
    rules = games()[game_type]
    n = rules.min_seats if game_type != "agot" else 5
    state, rng = rules.new_game({}, n, seed), Rng(seed)
    deadline = time.perf_counter() + 0.1
    while time.perf_counter() < deadline and rules.result(state) is None:
        mover = rng.choice(sorted(rules.awaiting(state)))
        state, _ = rules.apply(state, mover, rules.random_action(state, mover, rng))


def decisions(game_type: str, view: Any, seat: int) -> None:
    """``DECISIONS`` decisions for ``seat``, as a worker makes them."""
    think = decide if ai_for(games()[game_type]) is not None else stand_in
    for k in range(DECISIONS):
        think(game_type, view, seat, decision_seed(3, 1, k, seat), "normal")


async def ai_lines(pool: Executor) -> None:
    for game_type, rules in sorted(games().items()):
        _rules, _config, n, log = long_log(game_type, 60)
        state = rules.new_game({}, n, 3)
        for entry in log:
            state, _ = rules.apply(state, entry.seat, entry.action)
        if rules.result(state) is not None or not rules.awaiting(state):
            state = rules.new_game({}, n, 3)
        seat = min(rules.awaiting(state))
        view = rules.view(state, seat)
        what = "AI normal" if ai_for(rules) is not None else "stand-in "
        work = partial(decisions, game_type, view, seat)
        for where, runner in (("on the loop  ", False), ("worker process", pool)):
            took, worst, p99 = await lag_while(work, runner)
            print(f"  {what} {game_type:<12} {DECISIONS} decisions, {where}: "
                  f"{took * 1000:7.1f} ms of work, lag {worst:7.1f} / {p99:6.1f}")


async def lag_during(work: Callable[[], Awaitable[Any]]) -> tuple[float, float, float]:
    """(seconds, worst lag ms, p99 lag ms) of a ticker while the coroutine ``work()`` runs."""
    lags: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            before = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - before - TICK) * 1000)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.05)
    lags.clear()
    started = time.perf_counter()
    await work()
    took = time.perf_counter() - started
    done.set()
    await task
    lags = lags or [took * 1000]
    p99 = statistics.quantiles(lags, n=100)[98] if len(lags) >= 2 else lags[0]
    return took, max(lags), p99


async def bot_turns(game_type: str, workers: int, moves: int = 10) -> None:
    """A person's moves at a table of bots through the service, as the bot makes them (each
    move's bot answers decided by ``workers`` worker processes, 0: inline, and committed on
    the loop like any move): the loop's lag while they run."""
    import tempfile
    from pathlib import Path

    from bot.service import GameService, ManualClock, ServiceSettings
    from storage.db import create_all, make_engine

    rules = games()[game_type]
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite+aiosqlite:///{Path(tmp) / 'lag.db'}")
        await create_all(engine)
        service = GameService(engine, clock=ManualClock(), games={game_type: rules},
                              settings=ServiceSettings(ai_workers=workers),
                              seed_source=lambda: 3)
        rng = Rng(3)
        bots = (5 if game_type == "agot" else rules.max_seats) - 1
        try:
            gid = (await service.create_game(1, "person", game_type, max_seats=bots + 1,
                                             bots=bots)).game_id
            await service.start(gid, 1)
            made = 0

            async def play() -> None:
                nonlocal made
                for n in range(moves):
                    if (await service.summary(gid)).status != "active":
                        break
                    action = await service.suggest_action(gid, 1, rng)
                    await service.submit(gid, 1, action, interaction_id=f"lag-{n}")
                    made += 1

            before = (await service.summary(gid)).version
            took, worst, p99 = await lag_during(play)
            after = (await service.summary(gid)).version
        finally:
            service.close()
            await engine.dispose()
    what = "AI normal" if ai_for(rules) is not None else "defaults "
    where = f"{workers} worker process" if workers else "inline        "
    print(f"  bots ({what}) {game_type:<12} {made:>3} person's moves + "
          f"{after - before - made:>3} bots', {where}: {took * 1000:7.1f} ms, "
          f"lag {worst:7.1f} / {p99:6.1f}")


if __name__ == "__main__":
    asyncio.run(main())

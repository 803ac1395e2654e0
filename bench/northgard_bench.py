"""Northgard speed: random full games per second (4 players, each mode), the replay of a
finished game's log, and the board image's render time. Figures only, no asserts.

Run: .venv/bin/python -m bench.northgard_bench [games per mode and run]

Games per second are counted in CPU time (``time.process_time``): on a shared machine the wall
clock also counts other processes. A game goes through ``apply`` (a state copy per action, as
the bot does). Replay is ``rules.replay.replay`` of a 4-player base game's log without
verification (what loading a game costs), five times; render is
``bot.games.northgard.render.render`` of public views sampled along a 5-player monster game
(targets: replay <= 20 ms, render <= 100 ms). Every figure is min / median / max.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench.figures import RUNS, spread
from bot.games.northgard.render import render
from rules.northgard import RULES
from rules.replay import LoggedAction, replay
from rules.rng import Rng

MODES: dict[str, dict[str, Any]] = {
    "base": {}, "long": {"long_game": True}, "team": {"team": True},
    "monsters": {"monsters": True, "more_monsters": True},
}


def play(config: dict[str, Any], n: int, seed: int) -> tuple[Any, list[LoggedAction]]:
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed + 1_000_003)
    log: list[LoggedAction] = []
    while RULES.result(st) is None:
        waiting = sorted(RULES.awaiting(st))
        seat = waiting[rng.randbelow(len(waiting))]
        action = RULES.random_action(st, seat, rng)
        st, _ = RULES.apply(st, seat, action)
        log.append(LoggedAction(len(log) + 1, seat, action, None))
    return st, log


def games_per_second(config: dict[str, Any], n: int, games: int) -> tuple[float, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    actions = 0
    for seed in range(games):
        _, log = play(config, n, seed)
        actions += len(log)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return games / cpu, games / wall, actions / games


def replay_ms(n: int = 4, rounds: int = 5) -> tuple[list[float], int]:
    final, log = play({}, n, 7)
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        rebuilt = replay(RULES, {}, n, 7, log, verify="none")
        times.append((time.perf_counter() - t) * 1000)
    assert RULES.state_hash(rebuilt) == RULES.state_hash(final)
    return times, len(log)


def render_ms(samples: int = 12) -> list[float]:
    st = RULES.new_game({"monsters": True}, 5, 3)
    rng = Rng(5)
    views = []
    i = 0
    while RULES.result(st) is None:
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
        i += 1
        if i % 40 == 0:
            views.append(RULES.view(st, None))
    views = views[-samples:]
    times = []
    for v in views:
        t = time.perf_counter()
        render(v)
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print(f"Northgard: {games} random games per mode a run × {RUNS} runs, 4 players; "
          "min / median / max")
    for name, config in MODES.items():
        runs = [games_per_second(config, 4, games) for _ in range(RUNS)]
        print(f"  {name:9s} {spread([r[0] for r in runs], '{:6.1f}')} games/s CPU "
              f"(wall {spread([r[1] for r in runs], '{:.1f}')}), "
              f"{runs[0][2]:5.0f} actions per game")
    times, length = replay_ms()
    print(f"  replay of a 4-player game ({length} actions): {spread(times, '{:.1f}')} ms")
    times = render_ms()
    print(f"  board render (5 players, monsters, {len(times)} positions): "
          f"{spread(times, '{:.1f}')} ms")


if __name__ == "__main__":
    main()

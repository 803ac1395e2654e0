"""Northgard speed: random full games per second (4 players, each mode), the replay of a
finished game's log, and the board image's render time. Figures only, no asserts.

Run: .venv/bin/python -m bench.northgard_bench [games]

Games per second are counted in CPU time (``time.process_time``): on a shared machine the wall
clock also counts other processes. A game goes through ``apply`` (a state copy per action, as
the bot does). Replay is ``rules.replay.replay`` of a 4-player base game's log without
verification (what loading a game costs); render is ``bot.games.northgard.render.render`` of
public views sampled along a 5-player monster game (targets: replay <= 20 ms, render <= 100 ms).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

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


def replay_ms(n: int = 4, rounds: int = 5) -> tuple[float, int]:
    final, log = play({}, n, 7)
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        rebuilt = replay(RULES, {}, n, 7, log, verify="none")
        best = min(best, time.perf_counter() - t)
    assert RULES.state_hash(rebuilt) == RULES.state_hash(final)
    return best * 1000, len(log)


def render_ms(samples: int = 12) -> tuple[float, float]:
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
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, max(times) * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"Northgard: {games} random games per mode, 4 players")
    for name, config in MODES.items():
        cpu_rate, wall_rate, actions = games_per_second(config, 4, games)
        print(f"  {name:9s} {cpu_rate:6.1f} games/s CPU ({wall_rate:6.1f} wall), "
              f"{actions:5.0f} actions per game")
    ms, length = replay_ms()
    print(f"  replay of a 4-player game ({length} actions): {ms:.1f} ms")
    median, worst = render_ms()
    print(f"  board render (5 players, monsters): median {median:.1f} ms, worst {worst:.1f} ms")


if __name__ == "__main__":
    main()

"""AGoT engine speed: random full 5-player games per second, and replay time of one game.

Run: .venv/bin/python -m bench.agot_bench [games]
"""

from __future__ import annotations

import sys
import time

from rules.agot import RULES
from rules.base import Action
from rules.rng import Rng


def play(seed: int) -> tuple[int, list[tuple[int, Action]]]:
    st = RULES.new_game({}, 5, seed)
    rng = Rng(seed + 1_000_003)
    log: list[tuple[int, Action]] = []
    while st.result is None:
        seat = rng.choice(sorted(RULES.awaiting(st)))
        action = RULES.random_action(st, seat, rng)
        RULES.step(st, seat, action)  # in place: the bench measures the engine, not copying
        log.append((seat, action))
    return st.round, log


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    t0 = time.perf_counter()
    logs = []
    for seed in range(games):
        _, log = play(seed)
        logs.append(log)
    dt = time.perf_counter() - t0
    actions = sum(len(x) for x in logs)
    print(f"random 5-player games: {games / dt:.1f} games/s "
          f"({actions / games:.0f} actions per game, {actions / dt:.0f} actions/s)")
    replay_times = []
    for seed, log in enumerate(logs[:10]):
        t0 = time.perf_counter()
        st = RULES.new_game({}, 5, seed)
        for seat, action in log:
            st, _ = RULES.apply(st, seat, action)
        replay_times.append(time.perf_counter() - t0)
    replay_times.sort()
    median = replay_times[len(replay_times) // 2]
    print(f"replay of a finished game via apply: median {1000 * median:.1f} ms, "
          f"max {1000 * replay_times[-1]:.1f} ms")


if __name__ == "__main__":
    main()

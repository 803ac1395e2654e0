"""AGoT engine speed: random full 5-player games per second (CPU time, games stepped in place),
and the replay of finished games through ``apply``. Targets (issue #17): ≥ 50 games/s, replay
≤ 20 ms.

Run: .venv/bin/python -m bench.agot_bench [games per run]
"""

from __future__ import annotations

import sys
import time

from bench.figures import RUNS, spread
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
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    finished: list[tuple[int, list[tuple[int, Action]]]] = []  # (seed, log) to replay
    rates, action_rates = [], []
    seeds = range(games)
    for _ in range(RUNS):  # the same games each run: the spread is the machine's
        t0 = time.process_time()
        played = [play(seed)[1] for seed in seeds]
        dt = time.process_time() - t0
        rates.append(games / dt)
        action_rates.append(sum(map(len, played)) / dt)
        finished = list(zip(seeds, played, strict=True))[:10]
    print(f"random 5-player games, {games} a run × {RUNS} runs (CPU time), min / median / max: "
          f"{spread(rates, '{:.1f}')} games/s, {spread(action_rates, '{:,.0f}')} actions/s")
    replay_ms = []
    for seed, log in finished:
        t0 = time.perf_counter()
        st = RULES.new_game({}, 5, seed)
        for seat, action in log:
            st, _ = RULES.apply(st, seat, action)
        replay_ms.append((time.perf_counter() - t0) * 1000)
    print(f"replay of a finished game via apply ({len(replay_ms)} games), min / median / max: "
          f"{spread(replay_ms, '{:.1f}')} ms")


if __name__ == "__main__":
    main()

"""The Great Wall engine speed: random full games per second for every mode (in-place play
through ``step``, the path replay and benchmarks use), the replay time of one logged game
(``rules.replay``) and the board render time. Figures only, no asserts.

Run: .venv/bin/python -m bench.great_wall_bench [games per mode]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bot.games.great_wall.render import render
from rules.base import Action
from rules.great_wall import RULES
from rules.replay import LoggedAction, replay
from rules.rng import Rng


def play(config: dict[str, Any], n: int, seed: int) -> tuple[Any, list[LoggedAction]]:
    """One random game played in place (``step`` on one state, as replay does)."""
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed * 7919 + 13)
    log: list[LoggedAction] = []
    while RULES.result(st) is None:
        seat = rng.choice(sorted(RULES.awaiting(st)))
        action: Action = RULES.random_action(st, seat, rng)
        RULES.step(st, seat, action)
        log.append(LoggedAction(len(log) + 1, seat, action, None))
    return st, log


def main(games: int = 20) -> None:
    for variant in RULES.variants():
        for n in variant.seats:
            start = time.process_time()
            moves = 0
            for seed in range(games):
                _st, log = play(dict(variant.config), n, seed)
                moves += len(log)
            spent = time.process_time() - start
            print(f"{variant.name:13} {n}p: {games / spent:7.1f} games/s "
                  f"({moves / games:.0f} moves a game)")
    st, log = play({}, 4, 3)
    start = time.perf_counter()
    replay(RULES, {}, 4, 3, log, verify="none")
    print(f"replay of a {len(log)}-move 4-player game: "
          f"{(time.perf_counter() - start) * 1000:.1f} ms")
    view = RULES.view(st, None)
    start = time.perf_counter()
    for _ in range(10):
        render(view)
    print(f"board render: {(time.perf_counter() - start) * 100:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

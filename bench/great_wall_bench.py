"""The Great Wall engine speed: random full games per second for every mode (in-place play
through ``step``, the path replay and benchmarks use), the replay time of one logged game
(``rules.replay``) and the board render time. Figures only, no asserts.

Run: .venv/bin/python -m bench.great_wall_bench [games per mode and run]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench import random_game
from bench.figures import RUNS, ms_of, spread
from bot.games.great_wall.render import render
from rules.great_wall import RULES
from rules.replay import LoggedAction, replay


def play(config: dict[str, Any], n: int, seed: int) -> tuple[Any, list[LoggedAction]]:
    """One random game played in place (``step`` on one state, as replay does)."""
    return random_game.play(RULES, config, n, seed)


def games_per_second(config: dict[str, Any], n: int, games: int) -> tuple[float, int]:
    """One run: games per CPU second, and moves in all."""
    start = time.process_time()
    moves = sum(len(play(config, n, seed)[1]) for seed in range(games))
    return games / (time.process_time() - start), moves


def main(games: int = 10) -> None:
    print(f"{games} games a run × {RUNS} runs (CPU time); every figure min / median / max")
    for variant in RULES.variants():
        for n in variant.seats:
            runs = [games_per_second(dict(variant.config), n, games) for _ in range(RUNS)]
            print(f"{variant.name:13} {n}p: {spread([r for r, _ in runs], '{:6.1f}')} games/s "
                  f"({runs[0][1] / games:.0f} moves a game)")
    st, log = play({}, 4, 3)
    replay_ms = ms_of(lambda: replay(RULES, {}, 4, 3, log, verify="none"), 5)
    print(f"replay of a {len(log)}-move 4-player game: {spread(replay_ms, '{:.1f}')} ms")
    view = RULES.view(st, None)
    render(view)  # fonts and static layers loaded once
    print(f"board render: {spread(ms_of(lambda: render(view), 10), '{:.1f}')} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)

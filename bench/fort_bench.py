"""Fort engine and front speed: random full games per second for every variant and seat count
(in-place play through ``step``, the path replay and benchmarks use), the same through
``apply`` (a state copy per action, as the bot does), the replay time of one logged game
(``rules.replay``), and the board render time (English and Czech). Figures only, no asserts.

Run: .venv/bin/python -m bench.fort_bench [games per variant and seat count and run]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench import random_game
from bench.figures import RUNS, ms_of, spread
from bot.games.fort.render import render
from rules.fort import RULES
from rules.replay import LoggedAction, replay


def play(config: dict[str, Any], n: int, seed: int, copy: bool = False
         ) -> tuple[Any, list[LoggedAction]]:
    """One random game: ``step`` on one state (copy=False) or ``apply`` per action."""
    return random_game.play(RULES, config, n, seed, copy)


def games_per_second(config: dict[str, Any], n: int, games: int, copy: bool = False
                     ) -> tuple[float, int, int]:
    """One run: games per CPU second, and moves and rounds in all."""
    start = time.process_time()
    moves = rounds = 0
    for seed in range(games):
        st, log = play(config, n, seed, copy)
        moves += len(log)
        rounds += st.round
    return games / (time.process_time() - start), moves, rounds


def main(games: int = 10) -> None:
    print(f"{games} games a run × {RUNS} runs (CPU time); every figure min / median / max")
    for variant in RULES.variants():
        for n in variant.seats:
            runs = [games_per_second(dict(variant.config), n, games) for _ in range(RUNS)]
            rates = [r[0] for r in runs]
            _, moves, rounds = runs[0]
            print(f"{variant.name:16} {n}p: {spread(rates, '{:6.1f}')} games/s "
                  f"({moves / games:.0f} moves, {rounds / games:.1f} rounds a game; "
                  f"{spread([1e6 * games / r / moves for r in rates], '{:.0f}')} µs a move)")
    config = {"dogs": True, "cats": True}
    rates = [games_per_second(config, 4, games, copy=True)[0] for _ in range(RUNS)]
    print(f"cats_dogs 4p via apply (a copy per action): {spread(rates, '{:.1f}')} games/s")
    st, log = play(config, 4, 3)
    replay_ms = ms_of(lambda: replay(RULES, config, 4, 3, log, verify="none"), 5)
    print(f"replay of a {len(log)}-move 4-player dogs+cats game: "
          f"{spread(replay_ms, '{:.1f}')} ms")
    for label, state in (("start", RULES.new_game(config, 4, 3)), ("end", st)):
        view = RULES.view(state, None)
        for locale in ("en", "cs"):
            png = render(view, locale)  # fonts loaded once
            render_ms = ms_of(lambda view=view, locale=locale: render(view, locale), 10)
            print(f"board render, 4 players, {label} of the game, {locale}: "
                  f"{spread(render_ms, '{:.1f}')} ms ({len(png) // 1024} KiB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)

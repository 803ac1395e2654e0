"""Fort engine and front speed: random full games per second for every variant and seat count
(in-place play through ``step``, the path replay and benchmarks use), the same through
``apply`` (a state copy per action, as the bot does), the replay time of one logged game
(``rules.replay``), and the board render time (English and Czech). Figures only, no asserts.

Run: .venv/bin/python -m bench.fort_bench [games per variant and seat count]
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bot.games.fort.render import render
from rules.base import Action
from rules.fort import RULES
from rules.replay import LoggedAction, replay
from rules.rng import Rng


def play(config: dict[str, Any], n: int, seed: int, copy: bool = False
         ) -> tuple[Any, list[LoggedAction]]:
    """One random game: ``step`` on one state (copy=False) or ``apply`` per action."""
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed * 7919 + 13)
    log: list[LoggedAction] = []
    while RULES.result(st) is None:
        seat = rng.choice(sorted(RULES.awaiting(st)))
        action: Action = RULES.random_action(st, seat, rng)
        if copy:
            st, _ = RULES.apply(st, seat, action)
        else:
            RULES.step(st, seat, action)
        log.append(LoggedAction(len(log) + 1, seat, action, None))
    return st, log


def main(games: int = 20) -> None:
    for variant in RULES.variants():
        for n in variant.seats:
            start = time.process_time()
            moves = rounds = 0
            for seed in range(games):
                st, log = play(dict(variant.config), n, seed)
                moves += len(log)
                rounds += st.round
            spent = time.process_time() - start
            print(f"{variant.name:16} {n}p: {games / spent:7.1f} games/s "
                  f"({moves / games:.0f} moves, {rounds / games:.1f} rounds a game; "
                  f"{1e6 * spent / moves:.0f} µs a move)")
    config = {"dogs": True, "cats": True}
    start = time.process_time()
    for seed in range(games):
        play(config, 4, seed, copy=True)
    spent = time.process_time() - start
    print(f"cats_dogs 4p via apply (a copy per action): {games / spent:.1f} games/s")
    st, log = play(config, 4, 3)
    start = time.perf_counter()
    replay(RULES, config, 4, 3, log, verify="none")
    print(f"replay of a {len(log)}-move 4-player dogs+cats game: "
          f"{(time.perf_counter() - start) * 1000:.1f} ms")
    for label, state in (("start", RULES.new_game(config, 4, 3)), ("end", st)):
        view = RULES.view(state, None)
        for locale in ("en", "cs"):
            render(view, locale)  # fonts loaded once
            start = time.perf_counter()
            for _ in range(10):
                png = render(view, locale)
            print(f"board render, 4 players, {label} of the game, {locale}: "
                  f"{(time.perf_counter() - start) * 100:.1f} ms ({len(png) // 1024} KiB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

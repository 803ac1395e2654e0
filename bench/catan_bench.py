"""Catan engine speed: random full 4-player base-mode games per second, next to
catanatron's RandomPlayer games measured the same way (in-place play, one core).

Run: .venv/bin/python -m bench.catan_bench [games]
catanatron is optional: if it is not importable (it is never a project dependency), the
bench says so. Point CATANATRON_PATH at a throwaway install (pip install --target DIR
catanatron) to compare.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from rules.catan_watch import RULES
from rules.rng import Rng


def play(config: dict[str, Any], n: int, seed: int, copy: bool) -> tuple[int, int]:
    """One random game; returns (actions, turns). copy=True goes through apply (a state
    copy per action, as the bot does); copy=False steps in place like catanatron."""
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed + 1_000_003)
    actions = 0
    while st.result is None:
        waiting = sorted(RULES.awaiting(st))
        seat = waiting[rng.randbelow(len(waiting))] if len(waiting) > 1 else waiting[0]
        action = RULES.random_action(st, seat, rng)
        if copy:
            st, _ = RULES.apply(st, seat, action)
        else:
            RULES.step(st, seat, action)
        actions += 1
    return actions, st.turn


def ours(games: int, config: dict[str, Any], copy: bool) -> tuple[float, float, float]:
    t0 = time.perf_counter()
    actions = turns = 0
    for seed in range(games):
        a, t = play(config, 4, seed, copy)
        actions += a
        turns += t
    dt = time.perf_counter() - t0
    return games / dt, actions / games, turns / games


def catanatron(games: int) -> tuple[float, float] | None:
    extra = os.environ.get("CATANATRON_PATH")
    if extra and extra not in sys.path:
        sys.path.append(extra)
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    t0 = time.perf_counter()
    turns = 0
    for seed in range(games):
        game = Game([RandomPlayer(c) for c in colors], seed=seed)
        game.play()
        turns += game.state.num_turns
    dt = time.perf_counter() - t0
    return games / dt, turns / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    repeats = 3  # the best of a few rounds: the machine is shared and noisy
    rate, acts, turns = max(ours(games, {}, copy=False) for _ in range(repeats))
    print(f"catan_watch base, 4 random players, in place: {rate:.1f} games/s "
          f"({acts:.0f} actions, {turns:.0f} turns per game; {rate * acts:.0f} actions/s)")
    rate_copy, _, _ = ours(max(1, games // 4), {}, copy=True)
    print(f"catan_watch base, 4 random players, via apply (copy per action): "
          f"{rate_copy:.1f} games/s")
    rate_nw, acts_nw, _ = ours(max(1, games // 4), {"mode": "nights_watch"}, copy=False)
    print(f"catan_watch Night's Watch, 4 random players, in place: {rate_nw:.1f} games/s "
          f"({acts_nw:.0f} actions per game)")
    runs = [catanatron(max(1, games // 4)) for _ in range(repeats)]
    if runs[0] is None:
        print("catanatron not installed")
        return
    their_rate, their_turns = max(r for r in runs if r is not None)
    print(f"catanatron 4 RandomPlayers, in place: {their_rate:.1f} games/s "
          f"({their_turns:.0f} turns per game)")
    print(f"ratio (ours in place / catanatron): {rate / their_rate:.1f}x")


if __name__ == "__main__":
    main()

"""Catan engine speed: random full 4-player base-mode games per second, next to
catanatron's RandomPlayer games measured the same way (in-place play, one core).

Run: .venv/bin/python -m bench.catan_bench [games]
catanatron is optional: if it is not importable (it is never a project dependency), the
bench says so. Point CATANATRON_PATH at a throwaway install (pip install --target DIR
catanatron) to compare.

Two comparisons, each side playing whole games to a winner, one process, one core:

- *own players*: each engine's own random players (ours: the engine's ``random_action``,
  a goal-directed policy whose games last about 100 turns; catanatron: ``RandomPlayer``,
  whose games last about 330);
- *same policy*: both sides pick uniformly among their concrete legal actions (ours:
  ``agent.uniform_action``; catanatron: ``RandomPlayer``), so the games are alike in length
  and the ratio measures the engines rather than the players.

The figure is games per second of CPU time (``time.process_time``): on a shared machine
the wall clock also counts the time other processes hold the core, so wall-clock figures
are printed too but not used for the ratio. The runs of the two engines alternate, so a
noisy stretch of time hurts both alike; each figure is min / median / max of its runs and the
ratios are of the medians.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.figures import RUNS, spread
from rules.catan_watch import RULES
from rules.catan_watch.agent import uniform_action
from rules.rng import Rng

Clock = tuple[float, float]  # (cpu seconds, wall seconds)


def _clock() -> Clock:
    return time.process_time(), time.perf_counter()


Player = Callable[[Any, int, Rng], Any]


def play(config: dict[str, Any], n: int, seed: int, copy: bool,
         player: Player = RULES.random_action) -> tuple[int, int]:
    """One random game; returns (actions, turns). copy=True goes through apply (a state
    copy per action, as the bot does); copy=False steps in place like catanatron."""
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed + 1_000_003)
    actions = 0
    while st.result is None:
        waiting = sorted(RULES.awaiting(st))
        seat = waiting[rng.randbelow(len(waiting))] if len(waiting) > 1 else waiting[0]
        action = player(st, seat, rng)
        if copy:
            st, _ = RULES.apply(st, seat, action)
        else:
            RULES.step(st, seat, action)
        actions += 1
    return actions, st.turn


class Run:
    """One round: games played, actions and turns in all, CPU and wall seconds."""

    def __init__(self, games: int, actions: int, turns: int, cpu: float, wall: float) -> None:
        self.games, self.actions, self.turns = games, actions, turns
        self.cpu, self.wall = cpu, wall

    @property
    def rate(self) -> float:  # games per CPU second
        return self.games / self.cpu

    @property
    def wall_rate(self) -> float:
        return self.games / self.wall

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.cpu / self.actions


def ours(games: int, config: dict[str, Any], copy: bool,
         player: Player = RULES.random_action) -> Run:
    cpu0, wall0 = _clock()
    actions = turns = 0
    for seed in range(games):
        a, t = play(config, 4, seed, copy, player)
        actions += a
        turns += t
    cpu1, wall1 = _clock()
    return Run(games, actions, turns, cpu1 - cpu0, wall1 - wall0)


def catanatron_runner() -> Callable[[int], Run] | None:
    extra = os.environ.get("CATANATRON_PATH")
    if extra and extra not in sys.path:
        sys.path.append(extra)
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]

    def run(games: int) -> Run:
        cpu0, wall0 = _clock()
        actions = turns = 0
        for seed in range(games):
            game = Game([RandomPlayer(c) for c in colors], seed=seed)
            game.play()
            actions += len(game.state.actions)
            turns += game.state.num_turns
        cpu1, wall1 = _clock()
        return Run(games, actions, turns, cpu1 - cpu0, wall1 - wall0)

    return run


def line(name: str, runs: list[Run]) -> str:
    """A figure over its runs: min / median / max."""
    first = runs[0]
    return (f"{name}: {spread([r.rate for r in runs], '{:.1f}')} games/s "
            f"(wall-clock {spread([r.wall_rate for r in runs], '{:.1f}')}); "
            f"{first.actions / first.games:.0f} actions, {first.turns / first.games:.0f} turns "
            f"per game; {spread([r.us_per_action for r in runs], '{:.1f}')} µs per action")


def median_run(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda r: r.rate)[len(runs) // 2]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    theirs = catanatron_runner()
    base: list[Run] = []
    same: list[Run] = []
    other: list[Run] = []
    for _ in range(RUNS):  # alternate, so all see the same stretches of load
        base.append(ours(games, {}, copy=False))
        same.append(ours(games, {}, copy=False, player=uniform_action))
        if theirs is not None:
            other.append(theirs(games))  # the same games count (seeds 0..games-1)
    print(f"min / median / max of {RUNS} runs, games per CPU second")
    print(line("catan_watch base, 4 random players, in place", base))
    print(line("catan_watch base, 4 uniformly random players, in place", same))
    print(line("catan_watch base, 4 random players, via apply (copy per action)",
               [ours(max(1, games // 4), {}, copy=True) for _ in range(RUNS)]))
    print(line("catan_watch Night's Watch, in place",
               [ours(max(1, games // 4), {"mode": "nights_watch"}, copy=False)
                for _ in range(RUNS)]))
    if theirs is None:
        print("catanatron not installed")
        return
    mine, uniform, them = median_run(base), median_run(same), median_run(other)
    print(line("catanatron 4 RandomPlayers, in place", other))
    print(f"ratio of medians, own players (ours in place / catanatron): "
          f"{mine.rate / them.rate:.1f}x per game, "
          f"{them.us_per_action / mine.us_per_action:.1f}x per action")
    print(f"ratio of medians, same policy (uniformly random players): "
          f"{uniform.rate / them.rate:.1f}x per game, "
          f"{them.us_per_action / uniform.us_per_action:.1f}x per action")


if __name__ == "__main__":
    main()

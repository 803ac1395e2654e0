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
are printed too but not used for the ratio. The rounds of the two engines alternate and
each keeps its best round, so a noisy stretch of time hurts both alike.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

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

    def line(self, name: str) -> str:
        g = self.games
        return (f"{name}: {self.rate:.1f} games/s ({self.wall_rate:.1f} wall-clock); "
                f"{self.actions / g:.0f} actions, {self.turns / g:.0f} turns per game; "
                f"{self.us_per_action:.1f} µs per action")


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


def best(runs: list[Run]) -> Run:
    return max(runs, key=lambda r: r.rate)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    repeats = 3  # the best of a few rounds: the machine is shared and noisy
    theirs = catanatron_runner()
    base: list[Run] = []
    same: list[Run] = []
    other: list[Run] = []
    for _ in range(repeats):  # alternate, so all see the same stretches of load
        base.append(ours(games, {}, copy=False))
        same.append(ours(games, {}, copy=False, player=uniform_action))
        if theirs is not None:
            other.append(theirs(games))  # the same games count (seeds 0..games-1)
    mine, uniform = best(base), best(same)
    print(mine.line("catan_watch base, 4 random players, in place"))
    print(uniform.line("catan_watch base, 4 uniformly random players, in place"))
    print(best([ours(max(1, games // 4), {}, copy=True) for _ in range(repeats)]).line(
        "catan_watch base, 4 random players, via apply (copy per action)"))
    print(best([ours(max(1, games // 4), {"mode": "nights_watch"}, copy=False)
                for _ in range(repeats)]).line("catan_watch Night's Watch, in place"))
    if theirs is None:
        print("catanatron not installed")
        return
    them = best(other)
    print(them.line("catanatron 4 RandomPlayers, in place"))
    print(f"ratio, own players (ours in place / catanatron): {mine.rate / them.rate:.1f}x "
          f"per game, {them.us_per_action / mine.us_per_action:.1f}x per action")
    print(f"ratio, same policy (uniformly random players): {uniform.rate / them.rate:.1f}x "
          f"per game, {them.us_per_action / uniform.us_per_action:.1f}x per action")


if __name__ == "__main__":
    main()

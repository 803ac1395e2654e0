"""AI players' strength and speed: seeded tournaments per game, printed as a table (docs/ai.md).

Each line: one AI seat, every other seat the named opponent, the AI's seat rotated over the
table (game g puts it in seat g mod n, with seed g). A win is the AI seat among the winners
(a shared win counts its share), with its 95% confidence interval (Wilson's score interval:
unlike the normal approximation's ± it does not shrink to nothing at 0% or 100%, where a
tournament of 16 games "100.0% ± 0.0" only shows at least 80.6%). Decision times are
wall-clock per AI move, p50 and p99 by difficulty. Co-op and solo tables compare an all-AI
table with an all-random one. Every line also counts games that stalled (no result within the
move cap) and AI moves the rules refused (the default is played instead) — both must stay 0.

Run: .venv/bin/python -m bench.ai_bench [--game G ...] [--games N] [--lines L ...] [--jobs J]
Lines: random (normal vs random), default (normal vs the default policy), hard (hard vs
normal), self (every seat normal), coop (all-AI vs all-random tables), easy (easy vs random:
easy's strength and decision times). ``--start S`` plays seeds S… (other games than the
default 0…). Figures only, no asserts.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules import registry
from rules.ai import ai_for
from rules.base import Action, GameRules, RuleViolation
from rules.kit.ai import DIFFICULTIES
from rules.rng import Rng

#: Each game's most common table: (mode, players); co-op and solo modes of the line "coop".
TABLES: dict[str, tuple[str, int]] = {
    "agot": ("default", 5),
    "catan_watch": ("base", 4),
    "fort": ("basic", 3),
    "great_wall": ("standard", 3),
    "northgard": ("base", 4),
}
COOP: dict[str, list[tuple[str, int]]] = {
    "great_wall": [("solo", 1), ("coop", 2), ("coop", 3)],
}
MOVE_CAP = 40_000
LINES = ("random", "default", "hard", "self", "coop", "easy")


@dataclass
class Game:
    """One finished (or stalled) game: who won, and what the AI seats cost."""

    winners: tuple[int, ...] = ()
    stalled: bool = False
    refused: int = 0
    moves: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)


def play(game_id: str, mode: str, n: int, seed: int, seats: Sequence[str]) -> Game:
    """A game where seat i is played by ``seats[i]``: random, default or a difficulty."""
    rules = registry.get(game_id)
    config = next(dict(v.config) for v in rules.variants() if v.name == mode)
    ai = ai_for(rules)
    state = rules.new_game(config, n, seed)
    out = Game()
    while rules.result(state) is None:
        awaited = sorted(rules.awaiting(state))
        if not awaited or out.moves >= MOVE_CAP:
            out.stalled = True
            return out
        seat = awaited[0]
        action = _move(rules, ai, state, seat, seats[seat], seed, out)
        try:
            state, _ = rules.apply(state, seat, action)
        except RuleViolation:
            out.refused += 1
            state, _ = rules.apply(state, seat, rules.default_action(state, seat))
        out.moves += 1
    result = rules.result(state)
    out.winners = tuple(result.winners) if result is not None else ()
    return out


def _move(rules: GameRules, ai: Any, state: Any, seat: int, who: str, seed: int,
          out: Game) -> Action:
    if who == "random":
        return rules.random_action(state, seat, Rng(seed * 104_729 + out.moves))
    if who == "default" or ai is None:
        return rules.default_action(state, seat)
    view = rules.view(state, seat)
    start = time.perf_counter()
    action = ai.choose(view, seat, Rng(seed * 1_000_003 + out.moves), ai.budget(who))
    out.times.setdefault(who, []).append((time.perf_counter() - start) * 1000)
    return action


def _share(game: Game, seat: int) -> float:
    return 1.0 / len(game.winners) if seat in game.winners else 0.0


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% score interval of a win rate, as fractions."""
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _interval(wins: float, games: int) -> str:
    if games == 0:
        return "–"
    low, high = wilson(wins, games)
    return f"{wins / games * 100:.1f}% ({low * 100:.1f}–{high * 100:.1f})"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _times(games: list[Game]) -> str:
    merged: dict[str, list[float]] = {}
    for g in games:
        for level, values in g.times.items():
            merged.setdefault(level, []).extend(values)
    return "; ".join(f"{lvl} p50 {statistics.median(v):.1f} ms, p99 {_pct(v, 0.99):.1f} ms"
                     for lvl, v in sorted(merged.items(), key=lambda kv: DIFFICULTIES.index(
                         kv[0]))) or "–"


def _run(pool: ProcessPoolExecutor, jobs: list[tuple[str, str, int, int, list[str]]]
         ) -> list[Game]:
    return list(pool.map(_play_job, jobs))


def _play_job(job: tuple[str, str, int, int, list[str]]) -> Game:
    return play(*job)


def line(pool: ProcessPoolExecutor, game_id: str, kind: str, games: int, start: int = 0
         ) -> list[str]:
    """The table rows of one line (seeds ``start`` … ``start + games - 1``)."""
    mode, n = TABLES[game_id]
    if kind == "coop":
        rows = []
        for cmode, cn in COOP.get(game_id, []):
            for who in ("normal", "random"):
                played = _run(pool, [(game_id, cmode, cn, g, [who] * cn)
                                     for g in range(start, start + games)])
                wins = sum(1 for g in played if g.winners)
                rows.append(_row(game_id, f"{cmode} {cn}p", f"all {who}", "–", played,
                                 _interval(wins, len(played))))
        return rows
    me, them = {"random": ("normal", "random"), "default": ("normal", "default"),
                "hard": ("hard", "normal"), "self": ("normal", "normal"),
                "easy": ("easy", "random")}[kind]
    jobs = []
    for g in range(start, start + games):
        seats = [them] * n
        seats[g % n] = me
        jobs.append((game_id, mode, n, g, seats))
    played = _run(pool, jobs)
    wins = sum(_share(g, (start + i) % n) for i, g in enumerate(played))
    target = {"random": "≥ 90%", "default": "≥ 80%", "hard": f"≥ {200 / n:.0f}%",
              "self": "no stall", "easy": "reported"}[kind]
    return [_row(game_id, f"{mode} {n}p", f"{me} vs {them}", target, played,
                 _interval(wins, len(played)))]


def _row(game_id: str, table: str, who: str, target: str, played: list[Game], wins: str
         ) -> str:
    stalled = sum(g.stalled for g in played)
    refused = sum(g.refused for g in played)
    moves = statistics.mean(g.moves for g in played) if played else 0
    return (f"| {game_id} | {table} | {who} | {len(played)} | {wins} | {target} | {stalled} | "
            f"{refused} | {moves:.0f} | {_times(played)} |")


HEADER = ("| game | table | line | games | AI wins (95% CI) | target | stalled | refused | "
          "moves/game | decision time |\n|---|---|---|---|---|---|---|---|---|---|")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", default=[])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lines", nargs="*", default=list(LINES), choices=LINES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--start", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    chosen = args.game or [g for g in registry.games() if ai_for(registry.get(g))]
    print(HEADER, flush=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in chosen:
            if ai_for(registry.get(game_id)) is None:
                print(f"| {game_id} | – | no AI player | | | | | | | |")
                continue
            for kind in args.lines:
                if kind == "coop" and game_id not in COOP:
                    continue
                for row in line(pool, game_id, kind, args.games, args.start):
                    print(row, flush=True)


if __name__ == "__main__":
    main()

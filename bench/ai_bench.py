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
easy's strength and decision times), bound (hard vs easy: what hard takes from a player that
does not search). ``--start S`` plays seeds S… (other games than the
default 0…). Figures only, no asserts.

A line's interval narrows to ±5 points only after 140–380 games, more than one sitting may
give. ``--record FILE`` appends each game to FILE (a JSON line) as it ends, with a digest of
the game's code (``code``: its rules package and the AI kit); ``--summary FILE ...`` prints
the table of every recorded game, pooling the runs of one line on the same code — so runs on
other seeds, days or machines add up, and a change of the code starts a new row.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TextIO

import rules as rules_package
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
LINES = ("random", "default", "hard", "self", "coop", "easy", "bound")


@dataclass
class Game:
    """One finished (or stalled) game: who won, and what the AI seats cost."""

    winners: tuple[int, ...] = ()
    stalled: bool = False
    refused: int = 0
    moves: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    #: What the game was (set by ``line``; a recorded game carries it).
    game: str = ""
    table: str = ""
    players: int = 0
    line: str = ""
    seed: int = 0
    #: The seat the line's AI played (-1: every seat, a co-op line).
    seat: int = -1
    code: str = ""

    def won(self) -> float:
        """The line's win: the AI seat's share of the win, or a co-op table's win."""
        if self.seat < 0:
            return 1.0 if self.winners else 0.0
        return _share(self, self.seat)


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


#: One game to play: (game, mode, players, seed, each seat's player; the line, its AI seat).
Job = tuple[str, str, int, int, list[str], str, int]


def _run(pool: ProcessPoolExecutor, jobs: list[Job], record: TextIO | None) -> list[Game]:
    played = []
    for game in pool.map(_play_job, jobs):  # in order, each as soon as it and those before end
        played.append(game)
        if record is not None:
            record.write(json.dumps(asdict(game), ensure_ascii=False) + "\n")
            record.flush()
    return played


def _play_job(job: Job) -> Game:
    game_id, mode, n, seed, seats, who, seat = job
    game = play(game_id, mode, n, seed, seats)
    game.game, game.table, game.players, game.line, game.seed, game.seat = (
        game_id, f"{mode} {n}p", n, who, seed, seat)
    game.code = code_digest(game_id)
    game.times = {k: [round(t, 3) for t in v] for k, v in game.times.items()}
    return game


@cache
def code_digest(game_id: str) -> str:
    """A digest of what decides a game's play: its rules package (engine, AI, content) and
    the shared AI kit. Recorded games pool only with games of the same digest."""
    root = Path(rules_package.__file__).parent
    digest = hashlib.sha256()
    for folder in (root / game_id, root / "kit"):
        for path in sorted(p for p in folder.rglob("*") if p.is_file()
                           and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


#: Each line's AI seat and the opponent in every other seat.
PLAYERS = {"random": ("normal", "random"), "default": ("normal", "default"),
           "hard": ("hard", "normal"), "self": ("normal", "normal"), "easy": ("easy", "random"),
           "bound": ("hard", "easy")}


def _label(kind: str) -> str:
    """A line's name in the table and in a record: ``hard vs normal``."""
    return " vs ".join(PLAYERS[kind])


#: Each line's target, by its label (``hard vs normal``: twice a fair share, in ``_target``).
TARGETS = {_label(kind): target for kind, target in (
    ("random", "≥ 90%"), ("default", "≥ 80%"), ("self", "no stall"), ("easy", "reported"),
    ("bound", "reported"))}


def line(pool: ProcessPoolExecutor, game_id: str, kind: str, games: int, start: int = 0,
         record: TextIO | None = None) -> list[str]:
    """The table rows of one line (seeds ``start`` … ``start + games - 1``)."""
    seeds = range(start, start + games)
    if kind == "coop":
        rows = []
        for cmode, cn in COOP.get(game_id, []):
            for who in ("normal", "random"):
                played = _run(pool, [(game_id, cmode, cn, g, [who] * cn, f"all {who}", -1)
                                     for g in seeds], record)
                rows.append(_row(played))
        return rows
    mode, n = TABLES[game_id]
    me, them = PLAYERS[kind]
    jobs: list[Job] = []
    for g in seeds:
        seats = [them] * n
        seats[g % n] = me
        jobs.append((game_id, mode, n, g, seats, _label(kind), g % n))
    return [_row(_run(pool, jobs, record))]


def _target(game: Game) -> str:
    if game.line == "hard vs normal":
        return f"≥ {200 / game.players:.0f}%"
    return TARGETS.get(game.line, "–")


def _row(played: list[Game]) -> str:
    first = played[0]
    stalled = sum(g.stalled for g in played)
    refused = sum(g.refused for g in played)
    moves = statistics.mean(g.moves for g in played)
    wins = _interval(sum(g.won() for g in played), len(played))
    return (f"| {first.game} | {first.table} | {first.line} | {len(played)} | {wins} | "
            f"{_target(first)} | {stalled} | {refused} | {moves:.0f} | {_times(played)} |")


def recorded(paths: Iterable[str]) -> Iterator[Game]:
    """The games recorded in ``paths`` (``--record``), a seed of one line and code once."""
    seen: set[tuple[str, str, str, str, int]] = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for text in f:
                if not text.strip():
                    continue
                fields = json.loads(text)
                fields["winners"] = tuple(fields["winners"])
                game = Game(**fields)
                key = (game.game, game.table, game.line, game.code, game.seed)
                if key not in seen:
                    seen.add(key)
                    yield game


def summary(games: Iterable[Game]) -> list[str]:
    """One row per game, table, line and code, with the seeds it pooled."""
    pooled: dict[tuple[str, str, str, str], list[Game]] = {}
    for game in games:
        pooled.setdefault((game.game, game.table, game.line, game.code), []).append(game)
    rows = []
    for key in sorted(pooled):
        played = sorted(pooled[key], key=lambda g: g.seed)
        rows.append(f"{_row(played)} {key[3]} | {_seed_ranges([g.seed for g in played])} |")
    return rows


def _seed_ranges(seeds: list[int]) -> str:
    spans: list[list[int]] = []
    for s in seeds:
        if spans and s == spans[-1][1] + 1:
            spans[-1][1] = s
        else:
            spans.append([s, s])
    return ", ".join(f"{a}–{b}" if a != b else f"{a}" for a, b in spans)


HEADER = ("| game | table | line | games | AI wins (95% CI) | target | stalled | refused | "
          "moves/game | decision time |\n|---|---|---|---|---|---|---|---|---|---|")
SUMMARY_HEADER = ("| game | table | line | games | AI wins (95% CI) | target | stalled | "
                  "refused | moves/game | decision time | code | seeds |\n"
                  "|---|---|---|---|---|---|---|---|---|---|---|---|")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", default=[])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--lines", nargs="*", default=list(LINES), choices=LINES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--start", type=int, default=0, help="the first game's seed")
    parser.add_argument("--record", metavar="FILE",
                        help="append each game to FILE (a JSON line) as it ends")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="print the table of the games recorded in FILE ... and play none")
    args = parser.parse_args(argv)
    if args.summary:
        print(SUMMARY_HEADER)
        for row in summary(recorded(args.summary)):
            print(row)
        return
    chosen = args.game or [g for g in registry.games() if ai_for(registry.get(g))]
    print(HEADER, flush=True)
    with (open(args.record, "a", encoding="utf-8") if args.record else nullcontext()
          ) as record, ProcessPoolExecutor(args.jobs) as pool:
        for game_id in chosen:
            if ai_for(registry.get(game_id)) is None:
                print(f"| {game_id} | – | no AI player | | | | | | | |")
                continue
            for kind in args.lines:
                if kind == "coop" and game_id not in COOP:
                    continue
                for row in line(pool, game_id, kind, args.games, args.start, record):
                    print(row, flush=True)


if __name__ == "__main__":
    main()

"""Board image speed for every registered game, through ``bot.render.render_board`` (the
game's own renderer, or the generic status card for a game without one).

Each game is played at random (its first mode, at 3 to its largest table) and public views
are sampled over the game's course, a finished position included; every view is rendered
once and the figures are min / median / max per game. The first render of a process (static
layers, fonts) is reported apart. Target (issue #17): AGoT board ≤ 50 ms p50.

Run: ``python -m bench.render_bench [views per game] [game ...]``
(``python -m bot bench render``).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from bot.render import as_images, render_board, renderer_for
from rules import registry
from rules.base import GameRules
from rules.rng import Rng

VIEWS = 24
MAX_STEPS = 3_000  # per sampled game: a bound for engines whose random games run long


def sample_views(rules: GameRules, count: int) -> list[dict[str, Any]]:
    """Public views from random games, spread over their course."""
    variant = rules.variants()[0]
    sizes = sorted(variant.seats)
    views: list[dict[str, Any]] = []
    seed = 0
    while len(views) < count:
        seed += 1
        n = sizes[seed % len(sizes)]
        state = rules.new_game(rules.check_config(variant.config, n), n, seed)
        rng = Rng(seed * 7919)
        every = 1 + seed % 23 + 14
        for step in range(MAX_STEPS):
            if rules.result(state) is not None or len(views) >= count:
                break
            if step % every == 0:
                views.append(rules.view(state, None))
            awaited = sorted(rules.awaiting(state))
            if not awaited:
                break
            seat = rng.choice(awaited)
            rules.step(state, seat, rules.random_action(state, seat, rng))
        if len(views) < count:
            views.append(rules.view(state, None))  # where the game ended (or stopped)
    return views


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv and argv[0].isdigit() else VIEWS
    chosen = [a for a in argv if not a.isdigit()] or sorted(registry.games())
    print(f"{count} public views per game, each rendered once; ms min / median / max "
          "(first render of the process apart)")
    for game_id in chosen:
        rules = registry.get(game_id)
        views = sample_views(rules, count)
        renderer = renderer_for(game_id)
        kind = "generic card" if renderer.__module__ == "bot.render.generic" else "own renderer"
        t0 = time.perf_counter()
        first_png = as_images(render_board(game_id, views[0]))[0]
        first = (time.perf_counter() - t0) * 1000
        times, sizes = [], []
        for view in views:
            t0 = time.perf_counter()
            pngs = as_images(render_board(game_id, view))
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(sum(len(png) for png in pngs))
        assert first_png[:8] == b"\x89PNG\r\n\x1a\n"
        print(f"  {game_id:<12} {kind:<13} first {first:7.1f} ms   then n={len(times)} "
              f"{min(times):6.1f} / {statistics.median(times):6.1f} / {max(times):6.1f} ms   "
              f"PNG ~{statistics.mean(sizes) / 1024:.0f} KiB")
    sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])

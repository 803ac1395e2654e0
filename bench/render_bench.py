"""Board image speed: the AGoT renderer over varied positions, with the generic card for scale.

Run: .venv/bin/python -m bench.render_bench [states]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.games.agot import render as agot
from bot.render import generic
from rules.agot import RULES
from rules.rng import Rng


def sample_views(count: int) -> list[dict[str, Any]]:
    """Public views from random 3-, 4- and 5-player games, spread over rounds and phases."""
    views: list[dict[str, Any]] = []
    seed = 0
    while len(views) < count:
        seed += 1
        players = 3 + seed % 3
        st = RULES.new_game({}, players, seed)
        rng = Rng(seed * 7919)
        step = 0
        while st.result is None and len(views) < count:
            if step % 37 == 0:
                views.append(RULES.view(st, None))
            seat = rng.choice(sorted(RULES.awaiting(st)))
            RULES.step(st, seat, RULES.random_action(st, seat, rng))
            step += 1
        if len(views) < count:
            views.append(RULES.view(st, None))  # a finished game too
    return views


def timings(fn: Callable[[dict[str, Any]], bytes], views: list[dict[str, Any]]) -> list[float]:
    out = []
    for view in views:
        t0 = time.perf_counter()
        fn(view)
        out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


def report(name: str, ms: list[float]) -> None:
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{name:<8} n={len(ms)}  p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms  "
          f"max {ms[-1]:6.1f} ms")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    views = sample_views(count)
    phases = sorted({str(v["phase"]).split(":")[0] for v in views})
    print(f"{len(views)} views, rounds {min(v['round'] for v in views)}-"
          f"{max(v['round'] for v in views)}, phases: {', '.join(phases)}")
    t0 = time.perf_counter()
    agot.render(views[0])  # builds the map, sprites and fonts once per process
    print(f"first render (static layers, once per process): "
          f"{(time.perf_counter() - t0) * 1000:.0f} ms")
    report("agot", timings(agot.render, views))
    report("generic", timings(generic.render, views))
    size = sum(len(agot.render(v)) for v in views[:10]) / 10
    print(f"agot PNG size: {size / 1024:.0f} KiB on average")


if __name__ == "__main__":
    main()

"""How every bench reports a figure: measured over repeated runs, printed min / median / max,
so one noisy stretch of a shared machine shows as spread instead of passing for the figure."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

#: Runs of each figure (each bench's own runs where it says otherwise).
RUNS = 3


def spread(values: Sequence[float], fmt: str = "{:.2f}") -> str:
    """min / median / max"""
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                              max(values)))


def ms_of(call: Callable[[], Any], runs: int = RUNS) -> list[float]:
    """Milliseconds (wall clock) that ``call()`` takes, measured ``runs`` times."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return out

"""How every bench reports a figure: measured over repeated runs, printed min / median / max,
so one noisy stretch of a shared machine shows as spread instead of passing for the figure."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

#: Runs of each figure (each bench's own runs where it says otherwise).
RUNS = 3


def spread(values: Sequence[float], fmt: str = "{:.2f}") -> str:
    """min / median / max"""
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values),
                                              max(values)))


def runs_of(measure: Callable[[], float], runs: int = RUNS) -> list[float]:
    """``measure()`` taken ``runs`` times."""
    return [measure() for _ in range(runs)]

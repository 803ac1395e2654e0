"""The garbage collector's settings for a long-running bot process.

A move decodes a game's state into thousands of small lists and dicts and drops them again;
with CPython's default young-generation threshold (700 allocations) that is several
collections per move, and their survivors (cached game heads) push full collections that walk
every object the process holds: SQLAlchemy's and discord.py's modules, the content packs,
compiled statements. Measured with ``bench.service_bench``, that was ~40% of a move's CPU.
Freezing what start-up built takes it out of every later collection; a larger young
generation collects the per-move garbage every few moves instead of a few times a move.
Almost all of it is freed by reference counting anyway: the collector is for cycles.
Not larger than 10,000: a young collection's pause grows faster than its size (measured:
~1 ms at 10,000, ~12 ms at 50,000 — which then was the sequential p99).
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000


def settle_heap() -> None:
    """Call once, when start-up has built what lives as long as the process (games loaded,
    content checked, the service made): that heap is frozen out of collections from then on,
    and the young generation is collected every ``YOUNG_THRESHOLD`` allocations."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)

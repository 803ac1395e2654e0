"""Hypothesis fuzz of ``submit`` over every registered game (issue 16): malformed kinds,
parameters, types, sizes, nesting, users and seats, versions, game and interaction ids, mixed
with legal moves. Each attempt ends accepted, as a duplicate, or as a ``ServiceError`` with a
short renderable message and the stored state unchanged; nothing else is raised. The generator
is ``bench/fuzz.py``'s (which runs it for a million attempts and prints the counts)."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.fuzz import attempt, draw_attempt, make_world, stored
from rules import registry

EXAMPLES = 400


TAPE = 48


class TapeChooser:
    """The fuzz's choices read from a tape hypothesis draws in one piece (the games move on
    between examples, so drawing choice by choice would make the data's shape depend on
    the database; a tape keeps it fixed and still shrinks towards the first options)."""

    def __init__(self, tape: list[int]) -> None:
        self.tape = tape
        self.at = 0
        self.spare = random.Random(sum(tape))

    def integer(self, low: int, high: int) -> int:
        if self.at < len(self.tape):
            value = self.tape[self.at]
            self.at += 1
        else:
            value = self.spare.randrange(2**32)
        return low + value % (high - low + 1)

    def choice(self, options: Sequence[Any]) -> Any:
        return options[self.integer(0, len(options) - 1)]


def test_submit_refuses_every_malformed_attempt_cleanly(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    try:
        world = loop.run_until_complete(make_world(tmp_path / "fuzz.db"))
        assert {t.game_type for t in world.tables} == set(registry.games())
        counts: Counter[str] = Counter()

        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(st.lists(st.integers(0, 2**32 - 1), min_size=TAPE, max_size=TAPE))
        def probe(tape: list[int]) -> None:
            a = loop.run_until_complete(draw_attempt(world, TapeChooser(tape)))
            outcome, problem = loop.run_until_complete(attempt(world, a))
            counts[outcome.split()[0]] += 1
            assert not outcome.startswith("unexpected"), (outcome, problem)
            assert problem is None, (outcome, problem)

        probe()
        assert counts["rejected"] > EXAMPLES // 4
        assert set(counts) <= {"accepted", "duplicate", "rejected"}
        # Every log, of finished games too, still replays to its stored state.
        for game_id in world.finished + [t.game_id for t in world.tables]:
            assert loop.run_until_complete(world.service.verify(game_id)) is None
            loop.run_until_complete(stored(world, game_id))
        loop.run_until_complete(world.service.engine.dispose())
    finally:
        loop.close()

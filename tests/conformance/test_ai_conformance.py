"""Every game's AI player, checked over the registry (docs/ai.md).

Every game has an AI. For each game and mode, at checkpoints of a random playout, for the seat
awaited:
- ``determinize`` gives a whole state the seat could not tell from the real one (its view of
  the sample equals its view);
- the AI's move is legal in the real state;
- it cannot cheat: with every other seat's secrets changed (``perturb_hidden``), the AI, given
  the same seed, makes the same move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.ai import ai_for
from rules.base import GameRules, RuleViolation
from rules.canonical_json import canonical_json
from rules.registry import games
from rules.rng import Rng

STEPS = 160


def _cases() -> Iterator[Any]:
    for rules in games().values():
        for variant in rules.variants():
            n = min(variant.seats)
            yield pytest.param(rules, dict(variant.config), n, id=f"{rules.id}-{variant.name}-{n}p")


def _checkpoint(i: int) -> bool:
    return i & (i - 1) == 0 or i % 40 == 0


@pytest.mark.parametrize(("rules", "config", "n"), list(_cases()))
def test_ai_sees_only_its_view_and_plays_legally(rules: GameRules, config: dict[str, Any],
                                                   n: int) -> None:
    ai = ai_for(rules)
    assert ai is not None, f"{rules.id} has no AI player (rules/<game>/ai.py exposing AI)"
    state = rules.new_game(config, n, seed=3)
    rng = Rng(17)
    for step in range(STEPS):
        if rules.result(state) is not None:
            break
        awaited = sorted(rules.awaiting(state))
        seat = awaited[step % len(awaited)]
        if _checkpoint(step):
            view = rules.view(state, seat)
            sample = ai.determinize(view, seat, Rng(step))
            assert canonical_json(rules.view(sample, seat)) == canonical_json(view), (
                f"step {step}: seat {seat}'s view of the sampled state differs from its view")
            level = "hard" if step == 16 else "normal" if step in (0, 8, 40) else "easy"
            move = ai.choose(view, seat, Rng(99 + step), ai.budget(level))
            try:
                rules.apply(state, seat, move)
            except RuleViolation as exc:
                pytest.fail(f"step {step}: the AI chose {move}, refused: {exc.message}")
            for other in range(n):
                if other == seat:
                    continue
                changed = rules.perturb_hidden(state, other, Rng(1000 + step))
                if changed is None:
                    continue
                again = ai.choose(rules.view(changed, seat), seat, Rng(99 + step),
                                  ai.budget(level))
                assert again == move, (f"step {step}: seat {seat} chose {move}, but {again} "
                                       f"once seat {other}'s secrets changed")
        state, _ = rules.apply(state, seat, rules.random_action(state, seat, rng))

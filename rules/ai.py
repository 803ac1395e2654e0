"""Every game's AI player, discovered like the games: a game package's ``ai`` module exposing
``AI`` (a ``rules.kit.ai.Ai``). ``decide`` is the one call a worker process makes: plain JSON in,
plain JSON out, so it crosses a process boundary as it is.
"""

from __future__ import annotations

import importlib
from typing import Any

from rules import registry
from rules.base import JSON, GameRules, Seat
from rules.kit.ai import Ai, check_difficulty
from rules.rng import Rng

#: Each game package's AI (None: it has none), by package.
_AIS: dict[str, Ai | None] = {}


def ai_for(rules: GameRules) -> Ai | None:
    """The game's AI, or None for a game that has none (its open seats play the default)."""
    package = registry.package_of(rules.id) or type(rules).__module__
    if package not in _AIS:
        try:
            module = importlib.import_module(f"{package}.ai")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.ai":
                raise
            module = None
        found = getattr(module, "AI", None)
        _AIS[package] = found if isinstance(found, Ai) else None
    return _AIS[package]


def decide(game_id: str, view: JSON, seat: Seat, seed: int, difficulty: str) -> dict[str, Any]:
    """The AI's move for ``seat`` from its view, as ``Action.to_json()``."""
    rules = registry.get(game_id)
    ai = ai_for(rules)
    if ai is None:
        raise LookupError(f"{game_id} has no AI player")
    level = check_difficulty(difficulty)
    return ai.choose(view, seat, Rng(seed), ai.budget(level)).to_json()

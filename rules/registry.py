"""The registry of shipped games. Tests' fixture games never register here."""

from __future__ import annotations

import importlib

from rules.base import GameRules

#: Modules that define a game; each exposes ``RULES`` (a GameRules instance).
GAME_MODULES: tuple[str, ...] = ("rules.agot", "rules.catan_watch")

_REGISTRY: dict[str, GameRules] = {}


def _load() -> dict[str, GameRules]:
    if not _REGISTRY:
        for name in GAME_MODULES:
            rules = importlib.import_module(name).RULES
            _REGISTRY[rules.id] = rules
    return _REGISTRY


def games() -> dict[str, GameRules]:
    """All registered games by id."""
    return dict(_load())


def get(game_id: str) -> GameRules:
    try:
        return _load()[game_id]
    except KeyError:
        known = ", ".join(sorted(_load())) or "none"
        raise KeyError(f"Unknown game {game_id!r}; known games: {known}") from None

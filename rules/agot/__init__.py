"""A Game of Thrones: The Board Game, 1st edition (2003), 3-5 players: the rules engine."""

from __future__ import annotations

from rules.agot.engine import AgotRules

RULES = AgotRules()

__all__ = ["RULES", "AgotRules"]

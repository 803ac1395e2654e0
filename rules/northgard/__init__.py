"""Northgard: Uncharted Lands (Adrian Dinu, 2022), 2–5 players: the rules engine — base game,
long game, team game, the monster module and "More monsters!"."""

from __future__ import annotations

from rules.northgard.engine import NorthgardRules

RULES = NorthgardRules()

__all__ = ["RULES", "NorthgardRules"]

"""The Great Wall (Awaken Realms): standard 3-4 players, 2 players with the Reed Clan, solo
against Chin Tiou-Shao, co-op."""

from rules.great_wall.rules import GreatWallRules

RULES = GreatWallRules()

__all__ = ["RULES", "GreatWallRules"]

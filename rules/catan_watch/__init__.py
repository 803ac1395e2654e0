"""Catan: A Game of Thrones — Brotherhood of the Watch (base and Night's Watch modes)."""

from rules.catan_watch.rules import CatanWatchRules

RULES = CatanWatchRules()

__all__ = ["RULES", "CatanWatchRules"]

"""Fort (Leder Games) with the Cats & Dogs expansion: every mode (basic or drafted setup,
dogs, cats)."""

from rules.fort.rules import FortRules

RULES = FortRules()

__all__ = ["RULES", "FortRules"]

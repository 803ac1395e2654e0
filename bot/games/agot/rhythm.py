"""AGoT's unit of play on the thread: one board per phase of a round (Westeros, Planning,
Action), as the rulebook divides a round; a battle or a bid inside a phase edits that board."""

from __future__ import annotations

from typing import Any

#: The engine's step -> the rulebook's phase it belongs to (the part before ':' of a step).
PHASE_OF = {"planning": "planning", "raven": "planning", "raids": "action",
            "marches": "action", "battle": "action", "consolidate": "action"}


def turn_key(view: dict[str, Any]) -> tuple[Any, str]:
    step = str(view.get("phase", "")).split(":")[0]
    return view.get("round"), PHASE_OF.get(step, "westeros" if step != "game_over" else step)

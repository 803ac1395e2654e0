"""The thread's rhythm: which stretch of play one board message covers.

A game's board message is edited in place while the game's natural unit (a turn, a phase, a
season: its *turn key*) goes on, and a new one starts at the bottom of the thread when the next
unit begins, so the thread reads as a history with one board per unit. A front declares its
unit with ``GameFront.turn_key`` — ``(public view) -> hashable`` — read from the public view
only; a game without one changes boards with its phase label.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from bot.games import front
from bot.service import GameSummary


def turn_key(game_type: str, view: dict[str, Any], summary: GameSummary) -> Hashable:
    """The unit of play the board of ``view`` belongs to; a finished game is a unit of its
    own (its final board is the last message of the history)."""
    if summary.status != "active":
        return ("over", summary.status)
    f = front(game_type)
    if f is not None and f.turn_key is not None:
        return ("turn", f.turn_key(view))
    return ("phase", summary.phase_label)

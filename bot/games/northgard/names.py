"""Names the Discord side shows: cells of the map grid ("N14", as on the board image's
rulers), territories ("7b"), slots ("7b1"), and cards, buildings, resources and monsters in
the reader's language."""

from __future__ import annotations

from bot.discord.text import tr
from rules.northgard.names import slot_name, terr_name

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Grid origin on the rulers: the starting tile sits in column N, row 14.
COL0, ROW0 = 13, 14

__all__ = ["card_name", "cell_name", "slot_name", "terr_name"]


def cell_name(x: int, y: int) -> str:
    col = x + COL0
    letter = COLUMNS[col] if 0 <= col < len(COLUMNS) else f"[{x}]"
    return f"{letter}{y + ROW0}"


def card_name(card: str, locale: str) -> str:
    return tr(f"northgard.card.{card}", locale, limit=60) if card else tr(
        "northgard.log.no_card", locale)

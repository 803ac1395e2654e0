"""How things are called in logs and on the board: tiles by placement number (1 = the starting
tile), territories by the tile and a letter ("7b"), seats by colour and clan."""

from __future__ import annotations

from rules.base import Text, text
from rules.northgard.data import COLOURS

LETTERS = "abcd"


def terr_name(terr: str) -> str:
    """A territory's name: its root node's tile number and letter ("3a")."""
    p, t = terr.split(".")
    return f"{int(p) + 1}{LETTERS[int(t)]}"


def slot_name(slot: str) -> str:
    p, t, i = slot.split(".")
    return f"{int(p) + 1}{LETTERS[int(t)]}{int(i) + 1}"


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def seat_text(clan: str, seat: int) -> Text:
    return text("northgard.seat", colour=text(f"northgard.colour.{colour(seat)}"),
                clan=text(f"northgard.clan.{clan}"))

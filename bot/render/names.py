"""Players' display names on a board.

A board is drawn from the PUBLIC view only; the names the players chose are public (the
board message lists them too), so the service hands them to the renderer inside the view under
``NAMES_KEY`` (``with_names``). A view without them (a test, a bench) falls back to the
game's own seat label.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import msg, render

NAMES_KEY = "display_names"


def with_names(view: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """A shallow copy of ``view`` carrying each seat's display name (the view is not changed:
    the service caches it)."""
    return {**view, NAMES_KEY: {int(seat): str(name) for seat, name in names.items()}}


def display_name(view: Mapping[str, Any], seat: int) -> str | None:
    """The player's name at ``seat``, or None when the view carries none."""
    names = view.get(NAMES_KEY) or {}
    name = names.get(seat, names.get(str(seat)))
    return str(name) if name else None


def player_label(view: Mapping[str, Any], seat: int, seat_label: str,
                 locale: str | None = None) -> str:
    """What a legend calls a seat: "Alice (Red)" with a name (the board message's own
    wording), else the seat label ("Red")."""
    name = display_name(view, seat)
    if not name:
        return seat_label
    return render(msg("board.player_line", player=name, seat=seat_label), locale)

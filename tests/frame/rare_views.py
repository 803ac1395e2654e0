"""Views of a game's front that random games seldom reach, built directly for the front
conformance suite (which names no game): by game id, ``(table, locale) -> [view, …]``.

The suite round-trips and measures their items like any walked panel, but does not click
them: the table's own options do not hold what they were built from. A front item that no
random game reliably shows gets a builder here, or the suite's coverage check fails.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from rules.base import ActionSpec
from tests.conformance.front_harness import Table

Builder = Callable[[Table, str], list[discord.ui.View | None]]


def _agot_muster_pages(table: Table, locale: str) -> list[discord.ui.View | None]:
    """A house mustering in more castles than one panel page holds (five or more: a random
    game of three seldom gets there), on each of its pages."""
    from bot.games.agot.codes import board
    from bot.games.agot.drafts import muster_panel

    spec = ActionSpec("muster", {"area": sorted(board().castle)[:9]})
    return [muster_panel(table.private(0), [spec], locale, page).view for page in range(3)]


RARE_VIEWS: dict[str, Builder] = {
    "agot": _agot_muster_pages,
}

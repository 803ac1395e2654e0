"""A Game of Thrones (1st edition) in Discord: registers AGoT's move UI, its persistent
components and its private embed with the generic adapter (imported through
``bot.discord.panels.UI_MODULES``).

How a game runs, asynchronously:

* ``/game new game_type:agot players:3..5 deadline_hours:… options:houses=[…]`` (or
  ``houses=random``, the default) → join → ready check → each player's DM names their house
  and shows its House cards and power; the thread gets the board.
* Planning: a DM (or the ephemeral **My hand** panel) with one order select per area, paged
  by four; only orders the house still holds, within its star limit and this round's
  restrictions, are offered. Orders are revisable until **Ready**; the thread only learns who
  is ready, then sees the reveal. The Raven holder is offered a swap.
* Action phase: the house to move gets its raids/marches (a destination per unit, a power
  token to leave), supporters get support buttons, both sides pick a House card in secret,
  the blade holder, the loser (casualties, retreat) and the winner (card ability) choose.
* Westeros: bids (a select bounded by the house's power), tie orders, mustering per castle,
  units to destroy for supply or the wildlings.
* ``/agot board|tracks|cards|log`` and ``/agot order|march|bid`` (see ``agot_cog``); the cog
  is listed in ``bot.discord.app.GAME_COGS``.
"""

from __future__ import annotations

from bot.discord.games.agot_embed import agot_private_embed
from bot.discord.games.agot_items import ITEMS
from bot.discord.games.agot_panels import AgotMoveUI
from bot.discord.panels import register_move_ui
from bot.discord.presenters import register_private_presenter

GAME_TYPE = "agot"

register_move_ui(GAME_TYPE, AgotMoveUI(), *ITEMS)
register_private_presenter(GAME_TYPE, agot_private_embed)

__all__ = ["GAME_TYPE", "AgotMoveUI", "agot_private_embed"]

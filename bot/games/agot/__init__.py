"""A Game of Thrones (1st edition) on Discord — the front the core discovers.

How a game runs, asynchronously:

* ``/game new game_type:agot players:3..5 options:houses=stark/lannister/…`` (or
  ``houses=random``, the default; both autocompleted) → join → ready check → each player's DM
  names their house and shows its House cards and power; the thread gets the board.
* Planning: a DM (or the ephemeral **My hand** panel) with one order select per area, paged
  by four; only orders the house still holds, within its star limit and this round's
  restrictions, are offered. Orders are revisable until **Ready**; the thread only learns who
  is ready, then sees the reveal. The Raven holder is offered a swap.
* Action phase: the house to move gets its raids/marches, supporters get support buttons,
  both sides pick a House card in secret, the blade holder, the loser (casualties, retreat)
  and the winner (card ability) choose.
* Westeros: bids, tie orders, mustering per castle, units to destroy for supply or wildlings.
* ``/agot board|tracks|cards|log`` and ``/agot order|march|bid``.
"""

from __future__ import annotations

from bot.games import package_front
from bot.games.agot import flow  # noqa: F401  (registers the items' click handlers)
from bot.games.agot.cog import AgotCog, option_values
from bot.games.agot.embed import agot_private_embed, board_panel_embed
from bot.games.agot.panels import AgotMoveUI

# turn_key, renderer and items: rhythm.turn_key, render.render, items.ITEMS (package_front).
FRONT = package_front(__name__, cog=AgotCog, move_ui=AgotMoveUI(),
                      presenter=agot_private_embed, option_values=option_values,
                      board_embeds=lambda view, locale: [board_panel_embed(view, locale)])

"""Fort (with the Cats & Dogs modules) on Discord — the front the core discovers.

How a game runs, asynchronously:

* ``/game new game_type:fort`` (``options:`` ``draft``, ``dogs``, ``cats``; or ``mode:``) →
  join → ready check → each player's DM shows their hand with every card's symbols and both
  actions in words; the thread gets the board image.
* Every decision is one small choice (play a card or skip, which actions in which order, cards
  to improve, follow or pass, dog needs, recruit, a step's parameter), offered as buttons
  labelled with card names (``panels.FortMoveUI``) with a line explaining the decision —
  followers see the played card's public action. Draft picks are secret and simultaneous:
  their buttons (``items.DraftPick``) stay good while rivals pick. So is the follow window:
  every other player is asked at once and chooses (and may revise) in secret with buttons
  (``items.FollowChoice``) that stay good while rivals choose; then all are revealed.
* ``/fort board`` (the image, only for you), ``/fort cards`` (a reference of the cards on the
  table, or every kid, dog, cat, Perk and Made-Up Rule, in words) and ``/fort log``.
"""

from __future__ import annotations

from bot.games import package_front
from bot.games.fort.board_embed import board_embed
from bot.games.fort.cog import FortCog
from bot.games.fort.embed import fort_embed
from bot.games.fort.labels import action_label
from bot.games.fort.panels import FORT_UI

# turn_key, renderer and items: rhythm.turn_key, render.render, items.ITEMS (package_front).
FRONT = package_front(__name__, cog=FortCog, move_ui=FORT_UI, presenter=fort_embed,
                      action_label=action_label,
                      board_embeds=lambda view, locale: [board_embed(view, locale)])

"""Northgard: Uncharted Lands on Discord — the front the core discovers.

How a game runs, asynchronously: ``/game new game_type:northgard`` with ``options:`` such as
``long_game=true``, ``team=true`` (4 players), ``monsters=true``, ``more_monsters=true``,
``clans=bear/wolf/…`` (or ``mode:`` base, long, team, team_long, monsters, more_monsters).
Every decision is a short list of buttons (or selects) in the seat's DM / **My hand** panel:
a card from hand, then what to do with it; a tile, then a cell (named on the board image's
rulers), then a rotation; a move step, then how many units; food, the die's choice face,
retreats; trades. ``/northgard board`` shows the board image, ``/northgard card`` what a card
does. The board comes as two images, each in its own embed's chat box (the renderer returns
both, as A Game of Thrones' does): the map alone, and the clans' panel; they show fame only at
the end (fame tokens lie face down until then); the text under them carries what they leave
out (``board_text``).
"""

from __future__ import annotations

from bot.games import package_front
from bot.games.northgard.board_text import board_text_embed
from bot.games.northgard.cog import NorthgardCog, option_values
from bot.games.northgard.embed import northgard_embed
from bot.games.northgard.labels import action_label
from bot.games.northgard.panels import NORTHGARD_UI

# turn_key and renderer: rhythm.turn_key, render.render (package_front).
FRONT = package_front(__name__, cog=NorthgardCog, move_ui=NORTHGARD_UI,
                      presenter=northgard_embed, action_label=action_label,
                      option_values=option_values,
                      board_embeds=lambda view, locale: [board_text_embed(view, locale)])

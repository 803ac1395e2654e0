"""Catan: A Game of Thrones — Brotherhood of the Watch on Discord — the front the core
discovers: turn panels, trade offers with Accept/Decline/Counter in the thread (kept in step
with every move by the board hook), secret discards on a 7, Night's Watch heroes, ``/catan …``
and the board image.
"""

from __future__ import annotations

from bot.games import GameFront
from bot.games.catan_watch import render as board_image
from bot.games.catan_watch.cog import CatanCog
from bot.games.catan_watch.embed import catan_embed
from bot.games.catan_watch.flow import sync_offer_post
from bot.games.catan_watch.forms import open_forms
from bot.games.catan_watch.items import ITEMS
from bot.games.catan_watch.panels import CATAN_UI
from bot.games.catan_watch.rhythm import turn_key

FRONT = GameFront(
    game_id="catan_watch",
    turn_key=turn_key,
    cog=CatanCog,
    move_ui=CATAN_UI,
    items=tuple(ITEMS),
    presenter=catan_embed,
    renderer=board_image.render,
    board_hook=sync_offer_post,
    forms=open_forms,
    # The README's pictures at chat size (bot.render.chat_images): both modes, the Night's
    # Watch game before its end (that seed's Wall falls after 113 random moves).
    extras={"board_pictures": (("", {}, 4, 150),
                               ("nights_watch", {"mode": "nights_watch"}, 4, 80))},
)

"""Catan: A Game of Thrones — Brotherhood of the Watch on Discord — the front the core
discovers: turn panels, trade offers with Accept/Decline/Counter in the thread (kept in step
with every move by the board hook), secret discards on a 7, Night's Watch heroes, ``/catan …``
and the board image.
"""

from __future__ import annotations

from bot.games import package_front
from bot.games.catan_watch.cog import CatanCog
from bot.games.catan_watch.embed import catan_embed
from bot.games.catan_watch.flow import sync_offer_post
from bot.games.catan_watch.forms import open_forms
from bot.games.catan_watch.panels import CATAN_UI

#: The README's pictures at chat size (bot.render.chat_images): both modes, the Night's Watch
#: game before its end (that seed's Wall falls after 113 random moves).
BOARD_PICTURES = (("", {}, 4, 150), ("nights_watch", {"mode": "nights_watch"}, 4, 80))

# turn_key, renderer and items: rhythm.turn_key, render.render, items.ITEMS (package_front).
FRONT = package_front(__name__, cog=CatanCog, move_ui=CATAN_UI, presenter=catan_embed,
                      board_hook=sync_offer_post, forms=open_forms,
                      extras={"board_pictures": BOARD_PICTURES})

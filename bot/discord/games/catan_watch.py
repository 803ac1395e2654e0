"""Catan: A Game of Thrones — Brotherhood of the Watch on Discord.

Importing this module (it is listed in ``bot.discord.panels.UI_MODULES``) registers the move
UI with its persistent components and the private "My hand" embed. The parts:
``catan_watch_names`` (spot and move names shared with the board image),
``catan_watch_embed`` (the private view), ``catan_watch_items`` (persistent components),
``catan_watch_panels`` (what a seat can click), ``catan_watch_forms`` (discard and trade
forms), ``catan_watch_flow`` (what the components do), ``catan_watch_hero`` (Night's Watch
heroes) and ``catan_watch_cog`` (``/catan …``, listed in ``bot.discord.app.GAME_COGS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord.delivery import register_board_hook
from bot.discord.games.catan_watch_embed import catan_embed
from bot.discord.games.catan_watch_flow import sync_offer_post
from bot.discord.games.catan_watch_items import ITEMS
from bot.discord.games.catan_watch_panels import CATAN_UI
from bot.discord.panels import register_move_ui
from bot.discord.presenters import register_private_presenter

if TYPE_CHECKING:
    pass

GAME = "catan_watch"

register_move_ui(GAME, CATAN_UI, *ITEMS)
register_private_presenter(GAME, catan_embed)
register_board_hook(GAME, sync_offer_post)


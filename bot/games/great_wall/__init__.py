"""The Great Wall on Discord — the front the core discovers: the board image and the text
under it (``board_text``), button labels for every move and the private "My hand" embed.
Decisions are small concrete actions, so the generic move panel (buttons, or selects past 20
options) serves nearly every one of them; the secret, simultaneous picks (General, Advisor,
the Fall Command card) get buttons of their own (``items.SecretPick``) that stay good while
rivals pick."""

from __future__ import annotations

from bot.games import package_front
from bot.games.great_wall.board_text import board_text_embed
from bot.games.great_wall.embed import great_wall_embed
from bot.games.great_wall.labels import action_label
from bot.games.great_wall.panels import GREAT_WALL_UI

# turn_key, renderer and items: rhythm.turn_key, render.render, items.ITEMS (package_front).
# extras: the README's picture at chat size (bot.render.chat_images), a game under way.
FRONT = package_front(__name__, move_ui=GREAT_WALL_UI, presenter=great_wall_embed,
                      action_label=action_label,
                      board_embeds=lambda view, locale: [board_text_embed(view, locale)],
                      extras={"board_pictures": (("", {}, 3, 60),)})

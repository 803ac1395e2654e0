"""The Great Wall on Discord — the front the core discovers: the board image and the text
under it (``board_text``), button labels for every move and the private "My hand" embed.
Decisions are small concrete actions, so the generic move panel (buttons, or selects past 20
options) serves nearly every one of them; the secret, simultaneous picks (General, Advisor,
the Fall Command card) get buttons of their own (``items.SecretPick``) that stay good while
rivals pick."""

from __future__ import annotations

from bot.games import GameFront
from bot.games.great_wall import render as board_image
from bot.games.great_wall.board_text import board_text_embed
from bot.games.great_wall.embed import great_wall_embed
from bot.games.great_wall.items import ITEMS
from bot.games.great_wall.labels import action_label
from bot.games.great_wall.panels import GREAT_WALL_UI
from bot.games.great_wall.rhythm import turn_key

FRONT = GameFront(
    game_id="great_wall",
    turn_key=turn_key,
    move_ui=GREAT_WALL_UI,
    items=ITEMS,
    presenter=great_wall_embed,
    renderer=board_image.render,
    action_label=action_label,
    board_embeds=lambda view, locale: [board_text_embed(view, locale)],
    # The README's picture at chat size (bot.render.chat_images): a game under way.
    extras={"board_pictures": (("", {}, 3, 60),)},
)

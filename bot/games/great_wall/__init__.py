"""The Great Wall on Discord — the front the core discovers: the board image, button labels
for every move and the private "My hand" embed. Decisions are small concrete actions, so the
generic move panel (buttons, or selects past 20 options) serves every one of them; secret
choices (General, Advisor, the Fall Command card) go through the private panel like any move."""

from __future__ import annotations

from bot.games import GameFront
from bot.games.great_wall import render as board_image
from bot.games.great_wall.embed import great_wall_embed
from bot.games.great_wall.labels import action_label

FRONT = GameFront(
    game_id="great_wall",
    presenter=great_wall_embed,
    renderer=board_image.render,
    action_label=action_label,
)

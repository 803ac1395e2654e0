"""The Great Wall's persistent components (``discord.ui.DynamicItem``). Everything a click
needs is in its ``custom_id`` (≤ 100 characters, starting ``great_wall:``), declared as the
item's ``parts`` (``bot.discord.components.IdItem``).

Template (g = game, s = seat, v = version the panel was built at, y = the year)::

    great_wall:pick:g:s:v:y:kind:card   a secret, simultaneous pick: a ``general`` or an
                                        ``advisor`` at setup, a ``command`` card in the Fall

The generic move buttons serve these picks badly: their id carries a digest of everything the
seat saw, and every rival's pick changes the public "who has chosen", so each pick would make
every other open panel stale and every seat but the first would have to click twice. A pick
names its card and stays good while it is still one of the seat's options in the same year
(a button from last year's Fall never plays this year's card).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.components import IdButton, Part, bot_of, number
from rules.base import Action

Interaction = discord.Interaction[Any]
KINDS = ("general", "advisor", "command")


class SecretPick(IdButton, prefix="great_wall:pick",
                 parts=(number("g", 18), number("s", 2), number("v", 9), number("y", 2),
                        Part("kind", "|".join(KINDS)), Part("card", r"[a-z0-9_]{1,32}"))):
    async def callback(self, interaction: Interaction) -> None:
        await bot_of(interaction).flows.play_action(
            interaction, self.g, self.s, self.v, Action(self.kind, {"card": self.card}),
            secret=True, window=lambda view: view.get("year") == self.y)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SecretPick,)

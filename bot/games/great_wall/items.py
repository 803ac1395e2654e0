"""The Great Wall's persistent components (``discord.ui.DynamicItem``). Everything a click
needs is in its ``custom_id`` (≤ 100 characters, starting ``great_wall:``).

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

import re
from typing import Any

import discord

from bot.discord.components import bot_of, button
from rules.base import Action

Interaction = discord.Interaction[Any]
KINDS = ("general", "advisor", "command")


class SecretPick(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=(r"great_wall:pick:(?P<g>\d{1,18}):(?P<s>\d{1,2}):(?P<v>\d{1,9}):"
                           r"(?P<y>\d{1,2}):(?P<kind>general|advisor|command):"
                           r"(?P<card>[a-z0-9_]{1,32})")):
    def __init__(self, g: int, s: int, v: int, y: int, kind: str, card: str,
                 label: str = "…") -> None:
        super().__init__(button(f"great_wall:pick:{g}:{s}:{v}:{y}:{kind}:{card}", label))
        self.g, self.s, self.v, self.y = g, s, v, y
        self.kind, self.card = kind, card

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> SecretPick:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), int(m["y"]), m["kind"], m["card"])

    async def callback(self, interaction: Interaction) -> None:
        await bot_of(interaction).flows.play_action(
            interaction, self.g, self.s, self.v, Action(self.kind, {"card": self.card}),
            secret=True, window=lambda view: view.get("year") == self.y)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (SecretPick,)

"""Fort's persistent components (``discord.ui.DynamicItem``). Everything a click needs is in
its ``custom_id`` (≤ 100 characters, starting ``fort:``).

Templates (g = game, s = seat, v = version the panel was built at)::

    fort:pk:g:s:v:card      keep ``card`` in the draft (a secret, simultaneous pick)

The draft is the one decision the generic move buttons serve badly: their id carries a digest
of everything the seat saw, so each rival's pick would make every other open panel stale. A
pick names its card and stays good while that card is still in the seat's packet — the core
pipeline's ``play_action(secret=True)`` checks exactly that.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from rules.base import Action

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

Interaction = discord.Interaction[Any]
CARD = r"(?P<card>[a-z_]{1,40}(?:~\d{1,2})?)"


class DraftPick(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=rf"fort:pk:(?P<g>\d{{1,18}}):(?P<s>\d{{1,2}}):(?P<v>\d{{1,9}}):{CARD}"):
    def __init__(self, g: int, s: int, v: int, card: str, label: str = "…") -> None:
        custom_id = f"fort:pk:{g}:{s}:{v}:{card}"
        assert len(custom_id) <= 100, custom_id
        super().__init__(discord.ui.Button(label=label[:80] or "…", custom_id=custom_id,
                                           style=discord.ButtonStyle.primary))
        self.g, self.s, self.v, self.card = g, s, v, card

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> DraftPick:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["card"])

    async def callback(self, interaction: Interaction) -> None:
        bot = cast("BotLike", interaction.client)
        await bot.flows.play_action(interaction, self.g, self.s, self.v,
                                    Action("pick", {"card": self.card}), secret=True)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (DraftPick,)

"""Fort's persistent components (``discord.ui.DynamicItem``). Everything a click needs is in
its ``custom_id`` (≤ 100 characters, starting ``fort:``).

Templates (g = game, s = seat, v = version the panel was built at)::

    fort:pk:g:s:v:card      keep ``card`` in the draft (a secret, simultaneous pick)
    fort:fw:g:s:v:r:played:kind[:card]
                            the follow window's secret choice (round ``r``, on the played
                            card): ``pass``, ``follow`` with ``card``, ``rough`` (Rough
                            Housing) or ``ready`` (lock it in)

The draft and the follow window are the decisions the generic move buttons serve badly: their
id carries a digest of everything the seat saw, so each rival's pick (or "has chosen") would
make every other open panel stale. A pick or follow choice names its action and stays good
while that action is still one of the seat's options — the core pipeline's
``play_action(secret=True)`` checks exactly that.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.components import bot_of, button
from rules.base import Action

Interaction = discord.Interaction[Any]
CARD = r"(?P<card>[a-z_]{1,40}(?:~\d{1,2})?)"
PLAYED = r"(?P<played>[a-z_]{1,40}(?:~\d{1,2})?)"


class DraftPick(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=rf"fort:pk:(?P<g>\d{{1,18}}):(?P<s>\d{{1,2}}):(?P<v>\d{{1,9}}):{CARD}"):
    def __init__(self, g: int, s: int, v: int, card: str, label: str = "…") -> None:
        super().__init__(button(f"fort:pk:{g}:{s}:{v}:{card}", label))
        self.g, self.s, self.v, self.card = g, s, v, card

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> DraftPick:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["card"])

    async def callback(self, interaction: Interaction) -> None:
        await bot_of(interaction).flows.play_action(interaction, self.g, self.s, self.v,
                                                    Action("pick", {"card": self.card}),
                                                    secret=True)


class FollowChoice(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"fort:fw:(?P<g>\d{{1,18}}):(?P<s>\d{{1,2}}):(?P<v>\d{{1,9}}):"
                            rf"(?P<r>\d{{1,3}}):{PLAYED}:(?P<kind>pass|follow|rough|ready)"
                            rf"(?::{CARD})?"):
    """One secret choice of the follow window opened in round ``r`` on the played card
    ``played``: good at version ``v`` or, while rivals choose, as long as that window is open
    and the choice is still one of the seat's options (a stale "pass" never reaches a later
    window)."""

    def __init__(self, g: int, s: int, v: int, r: int, played: str, kind: str,
                 card: str | None = None, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        custom_id = f"fort:fw:{g}:{s}:{v}:{r}:{played}:{kind}" + (f":{card}" if card else "")
        super().__init__(button(custom_id, label, style))
        self.g, self.s, self.v, self.r = g, s, v, r
        self.played, self.kind, self.card = played, kind, card

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> FollowChoice:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), int(m["r"]), m["played"],
                   m["kind"], m["card"])

    def action(self) -> Action:
        if self.kind == "follow" and self.card:
            return Action("follow", {"card": self.card})
        return Action(self.kind)

    def same_window(self, view: dict[str, Any]) -> bool:
        pending = view.get("pending") or []
        top = pending[-1] if pending else {}
        return (top.get("kind") == "card" and top.get("stage") == "follow"
                and top.get("card") == self.played and view.get("round") == self.r)

    async def callback(self, interaction: Interaction) -> None:
        await bot_of(interaction).flows.play_action(interaction, self.g, self.s, self.v,
                                                    self.action(), secret=True,
                                                    window=self.same_window)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (DraftPick, FollowChoice)

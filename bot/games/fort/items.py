"""Fort's persistent components (``discord.ui.DynamicItem``). Everything a click needs is in
its ``custom_id`` (≤ 100 characters, starting ``fort:``), declared as the item's ``parts``
(``bot.discord.components.IdItem``).

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

from typing import Any

import discord

from bot.discord.components import IdButton, Part, bot_of, number
from rules.base import Action

Interaction = discord.Interaction[Any]
CARD = r"[a-z_]{1,40}(?:~\d{1,2})?"
GSV = (number("g", 18), number("s", 2), number("v", 9))


class DraftPick(IdButton, prefix="fort:pk", parts=(*GSV, Part("card", CARD))):
    async def callback(self, interaction: Interaction) -> None:
        await bot_of(interaction).flows.play_action(interaction, self.g, self.s, self.v,
                                                    Action("pick", {"card": self.card}),
                                                    secret=True)


class FollowChoice(IdButton, prefix="fort:fw",
                   parts=(*GSV, number("r", 3), Part("played", CARD),
                          Part("kind", "pass|follow|rough|ready"),
                          Part("card", CARD, optional=True))):
    """One secret choice of the follow window opened in round ``r`` on the played card
    ``played``: good at version ``v`` or, while rivals choose, as long as that window is open
    and the choice is still one of the seat's options (a stale "pass" never reaches a later
    window). Built as ``FollowChoice(g, s, v, r, played, kind, card or None, label, style)``."""

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

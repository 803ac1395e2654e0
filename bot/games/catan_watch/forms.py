"""Catan's forms (modals): choosing the cards to discard and the terms of a trade.

A form has one labelled select per resource (a modal holds at most five — exactly the five
resources), so nothing is typed and nothing can be misspelt. Forms live only while open;
their answers go through ``catan_watch_flow`` and the adapter's move pipeline.

``open_forms`` declares, for the front (``GameFront.forms``), which forms a seat's panel can
open in a given view, each built from the view as its button's click builds it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.discord.text import tr
from bot.games.catan_watch.names import RESOURCES, res_name
from bot.service import PrivateView
from rules.base import Action, ActionSpec

Interaction = discord.Interaction[Any]
MAX_GIVE = 9
MAX_GET = 6
TITLE = 45


def _select(custom_id: str, options: list[discord.SelectOption]) -> discord.ui.Select[Any]:
    return discord.ui.Select(custom_id=custom_id, options=options, min_values=1, max_values=1,
                             required=True)


def _picked(select: discord.ui.Select[Any], default: str) -> str:
    values = [str(v) for v in select.values]
    return values[0] if values else default


class _ResourceForm(discord.ui.Modal):
    """A form of one select a resource, each labelled with how many of it the seat holds."""

    def __init__(self, title: str) -> None:
        super().__init__(title=title, timeout=900)
        self.selects: dict[str, discord.ui.Select[Any]] = {}

    def add_resource(self, res: str, have: int, options: list[discord.SelectOption],
                     locale: str) -> None:
        select = _select(f"ctw:f:{res}", options)
        self.selects[res] = select
        self.add_item(discord.ui.Label(
            text=tr("catan.form.have", locale, limit=TITLE, res=res_name(res, locale),
                    n=have), component=select))


class DiscardForm(_ResourceForm):
    """"Discard 4 cards": how many of each resource you hold (0..held)."""

    def __init__(self, hand: Mapping[str, int], need: int, locale: str,
                 submit: Callable[[Interaction, dict[str, int]], Awaitable[None]]) -> None:
        super().__init__(tr("catan.discard.title", locale, limit=TITLE, n=need))
        self.submit = submit
        for res in RESOURCES:
            have = int(hand.get(res, 0))
            if not have:
                continue
            options = [discord.SelectOption(label=str(n), value=str(n), default=n == 0)
                       for n in range(min(have, need) + 1)]
            self.add_resource(res, have, options, locale)

    async def on_submit(self, interaction: Interaction) -> None:
        counts = {res: int(_picked(s, "0")) for res, s in self.selects.items()}
        await self.submit(interaction, {r: n for r, n in counts.items() if n})


class TradeForm(_ResourceForm):
    """Give/get per resource: "give 2" … "—" … "get 3" (your side of the trade)."""

    def __init__(self, title: str, hand: Mapping[str, int], locale: str,
                 submit: Callable[[Interaction, dict[str, int], dict[str, int]], Awaitable[None]],
                 defaults: Mapping[str, int] | None = None) -> None:
        super().__init__(title[:TITLE])
        self.submit = submit
        for res in RESOURCES:
            have = int(hand.get(res, 0))
            chosen = int((defaults or {}).get(res, 0))
            options = [discord.SelectOption(
                label=tr("catan.form.give", locale, n=n, res=res_name(res, locale)),
                value=str(-n), default=chosen == -n) for n in range(min(have, MAX_GIVE), 0, -1)]
            options.append(discord.SelectOption(label=tr("catan.form.none", locale), value="0",
                                                default=chosen == 0))
            options += [discord.SelectOption(
                label=tr("catan.form.get", locale, n=n, res=res_name(res, locale)),
                value=str(n), default=chosen == n) for n in range(1, MAX_GET + 1)]
            self.add_resource(res, have, options, locale)

    async def on_submit(self, interaction: Interaction) -> None:
        give: dict[str, int] = {}
        get: dict[str, int] = {}
        for res, select in self.selects.items():
            raw = _picked(select, "0")
            n = int(raw) if raw.lstrip("-").isdigit() and len(raw) <= 3 else 0
            if n < 0:
                give[res] = -n
            elif n > 0:
                get[res] = n
        await self.submit(interaction, give, get)


# ---- the forms a panel can open ---------------------------------------------------------------
def hand_of(view: PrivateView) -> dict[str, int]:
    return dict((view.view.get("you") or {}).get("hand") or {})


def discard_need(view: PrivateView) -> int:
    me = next((p for p in view.view.get("players", []) if p["seat"] == view.seat), {})
    return int((me.get("discard") or {}).get("must", 0))


def counter_defaults(trade: Mapping[str, Any]) -> dict[str, int]:
    """A counter starts from the mirror image of the offer: you give what they want."""
    return {**{r: n for r, n in (trade.get("give") or {}).items()},
            **{r: -n for r, n in (trade.get("get") or {}).items()}}


async def _look_only(*_args: Any) -> None:
    """A declared form is looked at, never submitted."""


def open_forms(view: PrivateView, actions: Sequence[Action | ActionSpec], locale: str
               ) -> list[discord.ui.Modal]:
    """The forms the seat's panel opens in this view: the discard amounts after a 7 (its
    "Discard" button), a trade offer (the "Offer a trade" button) and a counter-offer to the
    open offer (its "Counter" button), as ``catan_watch_flow`` builds them on a click."""
    data = view.view
    specs = {a.kind for a in actions if isinstance(a, ActionSpec)}
    forms: list[discord.ui.Modal] = []
    if view.awaited and data.get("phase") == "discard":
        forms.append(DiscardForm(hand_of(view), discard_need(view), locale, _look_only))
    if "offer_trade" in specs:
        forms.append(TradeForm(tr("catan.form.offer_title", locale), hand_of(view), locale,
                               _look_only))
    if view.awaited and data.get("phase") == "trade" and view.seat != data.get("current"):
        forms.append(TradeForm(tr("catan.form.counter_title", locale), hand_of(view), locale,
                               _look_only, counter_defaults(data.get("trade") or {})))
    return forms

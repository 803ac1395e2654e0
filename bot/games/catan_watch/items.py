"""Catan's persistent components (``discord.ui.DynamicItem``); every custom id starts with
``ctw:`` and carries all a click needs (≤ 100 chars), declared as the item's ``parts``
(``bot.discord.components.IdItem``). Callbacks only hand over to ``catan_watch_flow``, which
goes through the adapter's one move pipeline.

Templates (g = game, s = seat, v = version the panel was built at)::

    ctw:ds:g:s:v              discard: pick the cards (values "brick:0", "brick:1", …)
    ctw:do:g:s                discard: open the amounts form (a modal)
    ctw:of:g:s:v              offer a trade: open the give/get form
    ctw:ta:g:turn:terms:a|d   answer the open offer (accept / decline) — any seated player
    ctw:tc:g:turn:terms       counter the open offer: open the form — any seated player
    ctw:tf:g:s:v:partner      the offering player closes the trade with a partner (or "x")
    ctw:ht:g:s:v              hero, side B: the hero to take after the use
    ctw:hu:g:s:v:take:page    hero: one of the ability's uses (values: option indexes)

Move buttons and selects over concrete legal actions are the adapter's own (``mst:mv``,
``mst:ms``) with Catan labels.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.discord.components import IdButton, IdSelect, Part, number, select_options, select_values
from bot.games.catan_watch.routes import ROUTES

G = number("g", 18)
GS = (G, number("s", 2))
GSV = (*GS, number("v", 9))
TERMS = (number("turn", 5), Part("terms", r"[0-9a-f]{8}"))
Interaction = discord.Interaction[Any]
Style = discord.ButtonStyle


def _index(raw: str, digits: int) -> int:
    """A picked option's index (-1 for anything that is not one)."""
    return int(raw) if raw.isdigit() and len(raw) <= digits else -1


def _partner_code(partner: int | None) -> str:
    return "x" if partner is None else str(partner)


def _partner(code: str) -> int | None:
    return None if code == "x" else int(code)


class DiscardSelect(IdSelect, prefix="ctw:ds", parts=GSV):
    def __init__(self, g: int, s: int, v: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", need: int = 1) -> None:
        super().__init__(g, s, v, options, placeholder, min_values=need, max_values=need)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> Self:
        opts = select_options(item)
        return cls(*cls.values_of(m), opts, need=int(getattr(item, "max_values", 1) or 1))

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("discard_picked", interaction, self.g, self.s,
                              select_values(self.item)[:25])


class DiscardOpen(IdButton, prefix="ctw:do", parts=GS):
    style = Style.secondary

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_discard_form", interaction, self.g, self.s)


class OfferOpen(IdButton, prefix="ctw:of", parts=GSV):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_offer_form", interaction, self.g, self.s, self.v)


class TradeAnswer(IdButton, prefix="ctw:ta", parts=(G, *TERMS, Part("answer", "[ad]"))):
    """Accept / decline the open offer; works for whoever clicks (their seat is looked up)."""

    def __init__(self, g: int, turn: int, terms: str, answer: str, label: str = "…") -> None:
        super().__init__(g, turn, terms, answer, label,
                         Style.success if answer == "a" else Style.danger)

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("answer_offer",
                              interaction, self.g, self.turn, self.terms, self.answer)


class CounterOpen(IdButton, prefix="ctw:tc", parts=(G, *TERMS)):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_counter_form", interaction, self.g, self.turn, self.terms)


class TradeFinish(IdButton, prefix="ctw:tf",
                  parts=(*GSV, Part("partner", r"\d|x", _partner, _partner_code))):
    """Confirm the trade with one partner (a seat) or cancel it ("x")."""

    def __init__(self, g: int, s: int, v: int, partner: int | None, label: str = "…") -> None:
        super().__init__(g, s, v, partner, label,
                         Style.danger if partner is None else Style.success)

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("finish_trade", interaction, self.g, self.s, self.v, self.partner)


class HeroTake(IdSelect, prefix="ctw:ht", parts=GSV):
    async def callback(self, interaction: Interaction) -> None:
        take = _index(self.chosen(""), 2)
        await ROUTES.dispatch("hero_take", interaction, self.g, self.s, self.v, take)


class HeroUse(IdSelect, prefix="ctw:hu",
              parts=(*GSV, number("take", 2), Part("page", r"\d", int))):
    async def callback(self, interaction: Interaction) -> None:
        index = _index(self.chosen(""), 3)
        await ROUTES.dispatch("hero_use", interaction, self.g, self.s, self.v, self.take, index)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DiscardSelect, DiscardOpen, OfferOpen, TradeAnswer, CounterOpen, TradeFinish, HeroTake,
    HeroUse,
)

"""Catan's persistent components (``discord.ui.DynamicItem``); every custom id starts with
``ctw:`` and carries all a click needs (≤ 100 chars). Callbacks only parse and hand over to
``catan_watch_flow``, which goes through the adapter's one move pipeline.

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
from typing import Any

import discord

from bot.discord.components import button, select, select_options, select_values
from bot.games.catan_watch.routes import ROUTES

G = r"(?P<g>\d{1,18})"
GS = G + r":(?P<s>\d{1,2})"
V = r"(?P<v>\d{1,9})"
TERMS = r"(?P<turn>\d{1,5}):(?P<terms>[0-9a-f]{8})"
Interaction = discord.Interaction[Any]
Style = discord.ButtonStyle


def _values(item: discord.ui.Select[Any]) -> list[str]:
    return select_values(item)[:25]


class DiscardSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                    template=rf"ctw:ds:{GS}:{V}"):
    def __init__(self, g: int, s: int, v: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", need: int = 1) -> None:
        super().__init__(select(f"ctw:ds:{g}:{s}:{v}", options, placeholder,
                                min_values=need, max_values=need))
        self.g, self.s, self.v = g, s, v

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> DiscardSelect:
        opts = select_options(item)
        need = int(getattr(item, "max_values", 1) or 1)
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), opts, need=need)

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("discard_picked", interaction, self.g, self.s, _values(self.item))


class DiscardOpen(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"ctw:do:{GS}"):
    def __init__(self, g: int, s: int, label: str = "…") -> None:
        super().__init__(button(f"ctw:do:{g}:{s}", label, Style.secondary))
        self.g, self.s = g, s

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> DiscardOpen:
        return cls(int(m["g"]), int(m["s"]))

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_discard_form", interaction, self.g, self.s)


class OfferOpen(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"ctw:of:{GS}:{V}"):
    def __init__(self, g: int, s: int, v: int, label: str = "…") -> None:
        super().__init__(button(f"ctw:of:{g}:{s}:{v}", label, Style.primary))
        self.g, self.s, self.v = g, s, v

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> OfferOpen:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]))

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_offer_form", interaction, self.g, self.s, self.v)


class TradeAnswer(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"ctw:ta:{G}:{TERMS}:(?P<a>[ad])"):
    """Accept / decline the open offer; works for whoever clicks (their seat is looked up)."""

    def __init__(self, g: int, turn: int, terms: str, answer: str, label: str = "…") -> None:
        style = Style.success if answer == "a" else Style.danger
        super().__init__(button(f"ctw:ta:{g}:{turn}:{terms}:{answer}", label, style))
        self.g, self.turn, self.terms, self.answer = g, turn, terms, answer

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> TradeAnswer:
        return cls(int(m["g"]), int(m["turn"]), m["terms"], m["a"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("answer_offer",
            interaction, self.g, self.turn, self.terms, self.answer)


class CounterOpen(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"ctw:tc:{G}:{TERMS}"):
    def __init__(self, g: int, turn: int, terms: str, label: str = "…") -> None:
        super().__init__(button(f"ctw:tc:{g}:{turn}:{terms}", label, Style.primary))
        self.g, self.turn, self.terms = g, turn, terms

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> CounterOpen:
        return cls(int(m["g"]), int(m["turn"]), m["terms"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("open_counter_form", interaction, self.g, self.turn, self.terms)


class TradeFinish(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"ctw:tf:{GS}:{V}:(?P<p>\d|x)"):
    """Confirm the trade with one partner (a seat) or cancel it ("x")."""

    def __init__(self, g: int, s: int, v: int, partner: int | None, label: str = "…") -> None:
        code = "x" if partner is None else str(partner)
        style = Style.danger if partner is None else Style.success
        super().__init__(button(f"ctw:tf:{g}:{s}:{v}:{code}", label, style))
        self.g, self.s, self.v, self.partner = g, s, v, partner

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> TradeFinish:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]),
                   None if m["p"] == "x" else int(m["p"]))

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("finish_trade", interaction, self.g, self.s, self.v, self.partner)


class HeroTake(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"ctw:ht:{GS}:{V}"):
    def __init__(self, g: int, s: int, v: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select(f"ctw:ht:{g}:{s}:{v}", options, placeholder))
        self.g, self.s, self.v = g, s, v

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> HeroTake:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = _values(self.item)
        raw = values[0] if values else ""
        take = int(raw) if raw.isdigit() and len(raw) <= 2 else -1
        await ROUTES.dispatch("hero_take", interaction, self.g, self.s, self.v, take)


class HeroUse(discord.ui.DynamicItem[discord.ui.Select[Any]],
              template=rf"ctw:hu:{GS}:{V}:(?P<take>\d{{1,2}}):(?P<p>\d)"):
    def __init__(self, g: int, s: int, v: int, take: int, page: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(select(f"ctw:hu:{g}:{s}:{v}:{take}:{page}", options, placeholder))
        self.g, self.s, self.v, self.take, self.page = g, s, v, take, page

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> HeroUse:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), int(m["take"]), int(m["p"]),
                   select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = _values(self.item)
        raw = values[0] if values else ""
        index = int(raw) if raw.isdigit() and len(raw) <= 3 else -1
        await ROUTES.dispatch("hero_use", interaction, self.g, self.s, self.v, self.take, index)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    DiscardSelect, DiscardOpen, OfferOpen, TradeAnswer, CounterOpen, TradeFinish, HeroTake,
    HeroUse,
)

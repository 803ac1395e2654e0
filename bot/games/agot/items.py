"""AGoT's persistent components (``discord.ui.DynamicItem``). Everything a click needs is in
its ``custom_id`` (≤ 100 characters, all starting ``agot:``), declared as the item's ``parts``
(``bot.discord.components.IdItem``); callbacks only hand over to ``agot_flow``, which goes
through the adapter's one move pipeline.

Templates (g = game, s = seat, v = version the panel was built at)::

    agot:os:g:s:round:page:area     order select for one area (values: token or "-")
    agot:op:g:s:round:page          orders panel page
    agot:pk:g:s:v:code              one pick (ready, support side, House card, bid, tie order)
    agot:pl:g:s:v:kind              a select of picks (values: codes)
    agot:mo:g:s:v:origin            march panel for one origin ("-" = all origins)
    agot:mu:g:s:v:origin:slot:draft destination of one marching unit
    agot:mp:g:s:v:origin:draft      toggle "leave a power token"
    agot:mc:g:s:v:origin:draft      confirm the march
    agot:gs:g:s:v:page:slot:draft   build choice of one castle
    agot:gp:g:s:v:page:draft        muster panel page
    agot:gc:g:s:v:draft             confirm the muster
    agot:du:g:s:v:phase             units to destroy (values: area|unit|n)
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.discord.components import IdButton, IdSelect, Part, number, select_options, select_values
from bot.games.agot.routes import ROUTES

GS = (number("g", 18), number("s", 2))
GSV = (*GS, number("v", 9))
ROUND_PAGE = (number("rnd", 2), number("page", 2))
AREA = r"[a-z0-9_]{1,40}"
ORIGIN = Part("origin", AREA)
SLOT = Part("slot", r"\d", int)
MDRAFT = Part("draft", r"[0-9.]{0,24}-[01]")
GDRAFT = Part("draft", r"[0-9a-z]{1,40}")
Interaction = discord.Interaction[Any]
Style = discord.ButtonStyle


class OrderSelect(IdSelect, prefix="agot:os", parts=(*GS, *ROUND_PAGE, Part("area", AREA))):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("order_select", interaction, self.g, self.s, self.rnd, self.page,
                              self.area, self.chosen("-"))


class OrderPage(IdButton, prefix="agot:op", parts=(*GS, *ROUND_PAGE)):
    style = Style.secondary

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("order_page", interaction, self.g, self.s, self.rnd, self.page)


class PickButton(IdButton, prefix="agot:pk", parts=(*GSV, Part("code", r"[a-z0-9_.+-]{1,60}"))):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("pick", interaction, self.g, self.s, self.v, self.code)


class PickSelect(IdSelect, prefix="agot:pl", parts=(*GSV, Part("kind", r"[a-z]{1,12}"))):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("pick", interaction, self.g, self.s, self.v, self.chosen(""))


class MarchOrigin(IdButton, prefix="agot:mo", parts=(*GSV, Part("origin", AREA + "|-"))):
    async def callback(self, interaction: Interaction) -> None:
        origin = None if self.origin == "-" else self.origin
        await ROUTES.dispatch("march_redraw", interaction, self.g, self.s, self.v, origin, None)


class MarchUnit(IdSelect, prefix="agot:mu", parts=(*GSV, ORIGIN, SLOT, MDRAFT)):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("march_unit", interaction, self.g, self.s, self.v, self.origin,
                              self.slot, self.draft, self.chosen("0"))


class MarchPower(IdButton, prefix="agot:mp", parts=(*GSV, ORIGIN, MDRAFT)):
    style = Style.secondary

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("march_power",
                              interaction, self.g, self.s, self.v, self.origin, self.draft)


class MarchConfirm(IdButton, prefix="agot:mc", parts=(*GSV, ORIGIN, MDRAFT)):
    style = Style.success

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("march_confirm",
                              interaction, self.g, self.s, self.v, self.origin, self.draft)


class MusterSelect(IdSelect, prefix="agot:gs", parts=(*GSV, number("page", 2), SLOT, GDRAFT)):
    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("muster_select", interaction, self.g, self.s, self.v, self.page,
                              self.slot, self.draft, self.chosen("0"))


class MusterPage(IdButton, prefix="agot:gp", parts=(*GSV, number("page", 2), GDRAFT)):
    style = Style.secondary

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("muster_redraw",
                              interaction, self.g, self.s, self.v, self.page, self.draft)


class MusterConfirm(IdButton, prefix="agot:gc", parts=(*GSV, GDRAFT)):
    style = Style.success

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("muster_confirm", interaction, self.g, self.s, self.v, self.draft)


class DestroySelect(IdSelect, prefix="agot:du", parts=(*GSV, Part("phase", r"[a-z_:]{1,30}"))):
    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> Self:
        opts = select_options(item)
        return cls(*cls.values_of(m), opts, max_values=len(opts) or 1)

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("destroy", interaction, self.g, self.s, self.v, self.phase,
                              select_values(self.item))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OrderSelect, OrderPage, PickButton, PickSelect, MarchOrigin, MarchUnit, MarchPower,
    MarchConfirm, MusterSelect, MusterPage, MusterConfirm, DestroySelect,
)

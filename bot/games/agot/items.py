"""AGoT's persistent components (``discord.ui.DynamicItem``). Everything a click needs is in
its ``custom_id`` (≤ 100 characters, all starting ``agot:``); callbacks only parse and hand
over to ``agot_flow``, which goes through the adapter's one move pipeline.

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
from typing import Any

import discord

from bot.discord.components import button, select, select_options, select_values
from bot.games.agot.routes import ROUTES

G = r"(?P<g>\d{1,18}):(?P<s>\d{1,2})"
V = r"(?P<v>\d{1,9})"
AREA = r"(?P<area>[a-z0-9_]{1,40})"
MDRAFT = r"(?P<draft>[0-9.]{0,24}-[01])"
GDRAFT = r"(?P<draft>[0-9a-z]{1,40})"
Interaction = discord.Interaction[Any]
Style = discord.ButtonStyle


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=rf"agot:os:{G}:(?P<r>\d{{1,2}}):(?P<p>\d{{1,2}}):{AREA}"):
    def __init__(self, g: int, s: int, rnd: int, page: int, area: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(select(f"agot:os:{g}:{s}:{rnd}:{page}:{area}", options, placeholder))
        self.g, self.s, self.rnd, self.page, self.area = g, s, rnd, page, area

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> OrderSelect:
        return cls(int(m["g"]), int(m["s"]), int(m["r"]), int(m["p"]), m["area"],
                   select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = select_values(self.item)
        await ROUTES.dispatch("order_select",
            interaction, self.g, self.s, self.rnd, self.page, self.area,
                                   values[0] if values else "-")


class OrderPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=rf"agot:op:{G}:(?P<r>\d{{1,2}}):(?P<p>\d{{1,2}})"):
    def __init__(self, g: int, s: int, rnd: int, page: int, label: str = "…") -> None:
        super().__init__(button(f"agot:op:{g}:{s}:{rnd}:{page}", label, Style.secondary))
        self.g, self.s, self.rnd, self.page = g, s, rnd, page

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> OrderPage:
        return cls(int(m["g"]), int(m["s"]), int(m["r"]), int(m["p"]))

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("order_page", interaction, self.g, self.s, self.rnd, self.page)


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"agot:pk:{G}:{V}:(?P<code>[a-z0-9_.+-]{{1,60}})"):
    def __init__(self, g: int, s: int, v: int, code: str, label: str = "…",
                 style: Style = Style.primary) -> None:
        super().__init__(button(f"agot:pk:{g}:{s}:{v}:{code}", label, style))
        self.g, self.s, self.v, self.code = g, s, v, code

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> PickButton:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["code"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("pick", interaction, self.g, self.s, self.v, self.code)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=rf"agot:pl:{G}:{V}:(?P<kind>[a-z]{{1,12}})"):
    def __init__(self, g: int, s: int, v: int, kind: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(select(f"agot:pl:{g}:{s}:{v}:{kind}", options, placeholder))
        self.g, self.s, self.v, self.kind = g, s, v, kind

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> PickSelect:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["kind"], select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = select_values(self.item)
        await ROUTES.dispatch("pick",
            interaction, self.g, self.s, self.v, values[0] if values else "")


class MarchOrigin(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"agot:mo:{G}:{V}:(?P<area>[a-z0-9_]{{1,40}}|-)"):
    def __init__(self, g: int, s: int, v: int, origin: str, label: str = "…",
                 style: Style = Style.primary) -> None:
        super().__init__(button(f"agot:mo:{g}:{s}:{v}:{origin}", label, style))
        self.g, self.s, self.v, self.origin = g, s, v, origin

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MarchOrigin:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["area"])

    async def callback(self, interaction: Interaction) -> None:
        origin = None if self.origin == "-" else self.origin
        await ROUTES.dispatch("march_redraw", interaction, self.g, self.s, self.v, origin, None)


class MarchUnit(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=rf"agot:mu:{G}:{V}:{AREA}:(?P<slot>\d):{MDRAFT}"):
    def __init__(self, g: int, s: int, v: int, origin: str, slot: int, draft: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(select(f"agot:mu:{g}:{s}:{v}:{origin}:{slot}:{draft}", options,
                                placeholder))
        self.g, self.s, self.v, self.origin, self.slot, self.draft = g, s, v, origin, slot, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MarchUnit:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["area"], int(m["slot"]),
                   m["draft"], select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = select_values(self.item)
        await ROUTES.dispatch("march_unit",
            interaction, self.g, self.s, self.v, self.origin, self.slot,
                                 self.draft, values[0] if values else "0")


class MarchPower(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"agot:mp:{G}:{V}:{AREA}:{MDRAFT}"):
    def __init__(self, g: int, s: int, v: int, origin: str, draft: str, label: str = "…",
                 style: Style = Style.secondary) -> None:
        super().__init__(button(f"agot:mp:{g}:{s}:{v}:{origin}:{draft}", label, style))
        self.g, self.s, self.v, self.origin, self.draft = g, s, v, origin, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MarchPower:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["area"], m["draft"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("march_power",
            interaction, self.g, self.s, self.v, self.origin, self.draft)


class MarchConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"agot:mc:{G}:{V}:{AREA}:{MDRAFT}"):
    def __init__(self, g: int, s: int, v: int, origin: str, draft: str, label: str = "…"
                 ) -> None:
        super().__init__(button(f"agot:mc:{g}:{s}:{v}:{origin}:{draft}", label, Style.success))
        self.g, self.s, self.v, self.origin, self.draft = g, s, v, origin, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MarchConfirm:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["area"], m["draft"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("march_confirm",
            interaction, self.g, self.s, self.v, self.origin, self.draft)


class MusterSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"agot:gs:{G}:{V}:(?P<p>\d{{1,2}}):(?P<slot>\d):{GDRAFT}"):
    def __init__(self, g: int, s: int, v: int, page: int, slot: int, draft: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(select(f"agot:gs:{g}:{s}:{v}:{page}:{slot}:{draft}", options,
                                placeholder))
        self.g, self.s, self.v, self.page, self.slot, self.draft = g, s, v, page, slot, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MusterSelect:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), int(m["p"]), int(m["slot"]),
                   m["draft"], select_options(item))

    async def callback(self, interaction: Interaction) -> None:
        values = select_values(self.item)
        await ROUTES.dispatch("muster_select",
            interaction, self.g, self.s, self.v, self.page, self.slot,
                                    self.draft, values[0] if values else "0")


class MusterPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"agot:gp:{G}:{V}:(?P<p>\d{{1,2}}):{GDRAFT}"):
    def __init__(self, g: int, s: int, v: int, page: int, draft: str, label: str = "…") -> None:
        super().__init__(button(f"agot:gp:{g}:{s}:{v}:{page}:{draft}", label, Style.secondary))
        self.g, self.s, self.v, self.page, self.draft = g, s, v, page, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MusterPage:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), int(m["p"]), m["draft"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("muster_redraw",
            interaction, self.g, self.s, self.v, self.page, self.draft)


class MusterConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=rf"agot:gc:{G}:{V}:{GDRAFT}"):
    def __init__(self, g: int, s: int, v: int, draft: str, label: str = "…") -> None:
        super().__init__(button(f"agot:gc:{g}:{s}:{v}:{draft}", label, Style.success))
        self.g, self.s, self.v, self.draft = g, s, v, draft

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> MusterConfirm:
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["draft"])

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("muster_confirm", interaction, self.g, self.s, self.v, self.draft)


class DestroySelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                    template=rf"agot:du:{G}:{V}:(?P<phase>[a-z_:]{{1,30}})"):
    def __init__(self, g: int, s: int, v: int, phase: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 min_values: int = 1, max_values: int = 1) -> None:
        super().__init__(select(f"agot:du:{g}:{s}:{v}:{phase}", options, placeholder,
                                min_values=min_values, max_values=max_values))
        self.g, self.s, self.v, self.phase = g, s, v, phase

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             m: re.Match[str], /) -> DestroySelect:
        opts = select_options(item)
        return cls(int(m["g"]), int(m["s"]), int(m["v"]), m["phase"], opts,
                   max_values=len(opts) or 1)

    async def callback(self, interaction: Interaction) -> None:
        await ROUTES.dispatch("destroy", interaction, self.g, self.s, self.v, self.phase,
                              select_values(self.item))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OrderSelect, OrderPage, PickButton, PickSelect, MarchOrigin, MarchUnit, MarchPower,
    MarchConfirm, MusterSelect, MusterPage, MusterConfirm, DestroySelect,
)

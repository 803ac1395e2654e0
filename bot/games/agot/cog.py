"""``/agot …``: the board image, the tracks, House cards, the log, and slash-command
alternatives to the panels (``order``, ``march``, ``bid``) with autocomplete that offers only
the caller's own legal choices. Thin: no rules here — options come from ``legal_actions``
and the caller's redacted view, the engine validates every submission.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.flows import Chooser, Options
from bot.discord.lookup import MAX_CHOICES, GameCommands, choose_game, log_command
from bot.discord.presenters import board_embed, board_files, image_embeds
from bot.discord.strings import described
from bot.discord.text import locale_of, tr
from bot.games.agot import codes as C
from bot.games.agot import render as board_image
from bot.games.agot.drafts import march_specs
from bot.games.agot.embed import board_panel_embed, tracks_text
from bot.games.agot.text import (
    area_name,
    area_units,
    card_line,
    card_name,
    house_name,
    seat_house,
    token_label,
    units_text,
)
from bot.i18n import DEFAULT_LOCALE, view_text
from bot.render import as_images, render_board_async
from bot.service import PrivateView, ServiceError
from rules.agot.board import board
from rules.base import Action

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice
BOARD_FILE = "board.png"


def text(key: str) -> app_commands.locale_str:
    """A command/option description from the catalog (``agot.cmd.*``)."""
    return described(f"agot.cmd.{key}")


def parse_houses(text_: str) -> str | list[str]:
    """``random`` or house names/ids, one per seat in joining order (``Stark, lannister``)."""
    words = [w for w in re.split(r"[,;\s]+", text_.strip()) if w]
    if not words or [w.lower() for w in words] == ["random"]:
        return "random"
    by_name = {house_name(h).lower(): h for h in board().house_name}
    by_name.update({h.lower(): h for h in board().house_name})
    return [by_name.get(w.lower(), w) for w in words]


def public_hand(seat: dict[str, Any]) -> list[str]:
    """A house's hand is public knowledge: its seven cards minus its (public) discards."""
    cards = [c for c in board().house_cards.get(str(seat.get("house")), ())
             if c not in seat.get("discards", [])]
    return cards if len(cards) == seat.get("hand_size") else []


def _region_names(locale: str) -> list[tuple[str, str]]:
    """(value, name in ``locale``) of every ``region:`` target: the four parts, then areas."""
    out = [(r, board_image.target_name(r, locale)) for r in board_image.REGIONS]
    areas = [(a, board_image.target_name(a, locale)) for a in board().area_ids]
    return out + sorted(areas, key=lambda an: an[1].lower())


def resolve_region(value: str, locale: str) -> str | None:
    """A region or area id from what the caller typed: an id, or a name in their language
    or in English (autocomplete sends ids; a typed name works too)."""
    needle = value.strip().lower()
    for loc in (locale, DEFAULT_LOCALE):
        for target, name in _region_names(loc):
            if needle in (target, name.lower()):
                return target
    return None


def region_choices(current: str, locale: str) -> list[Choice[str]]:
    return _choices(current, ((target, name[:100]) for target, name in _region_names(locale)))


def _match(current: str, *names: str) -> bool:
    needle = current.strip().lower()
    return not needle or any(needle in n.lower() for n in names)


def _choices(current: str, named: Iterable[tuple[str, str]]) -> list[Choice[str]]:
    """The (value, name) pairs whose name or value holds what was typed, as choices."""
    return [Choice(name=name, value=value) for value, name in named
            if _match(current, name, value)][:MAX_CHOICES]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class AgotCog(GameCommands, group_name="agot", group_description=text("group")):
    game_type = "agot"

    async def _quiet_game(self, interaction: Interaction) -> int | None:
        """The game for autocomplete, or None (autocomplete never raises)."""
        try:
            return await self._game(interaction, getattr(interaction.namespace, "game", None))
        except ServiceError:
            return None

    async def _mine(self, interaction: Interaction) -> tuple[PrivateView, Options] | None:
        gid = await self._quiet_game(interaction)
        if gid is None:
            return None
        try:
            view = await self.service.private_view(gid, interaction.user.id)
            actions = await self.service.legal_actions(gid, interaction.user.id)
        except ServiceError:
            return None
        return view, actions

    async def _play(self, interaction: Interaction, game: int | None, build: Chooser) -> None:
        flows = self.bot.flows

        async def body() -> None:
            gid = await self._game(interaction, game)
            view = await self.service.private_view(gid, interaction.user.id)
            await flows.play(interaction, gid, view.seat, view.version, build)

        await flows.guarded(interaction, body)

    # ---- reading ---------------------------------------------------------------------------
    @app_commands.command(name="board", description=text("board"))
    @app_commands.describe(region=text("board.region"), game=text("game"))
    async def board(self, interaction: Interaction, region: str | None = None,
                    game: int | None = None) -> None:
        """The board image (or, with ``region``, a zoomed crop of it) in the caller's language,
        with the tracks and houses as an embed beside it."""
        async def body() -> None:
            gid = await self._game(interaction, game)
            locale = locale_of(interaction)
            target = resolve_region(region, locale) if region else None
            if region and target is None:
                await self.bot.flows.answer(interaction, tr("agot.board.bad_region", locale,
                                                            region=region[:60]))
                return
            snap = await self.service.board_snapshot(gid)
            if target is None:
                pngs = as_images(await render_board_async(gid, snap.version, snap.game_type,
                                                          snap.view, locale))
            else:
                pngs = [await asyncio.to_thread(board_image.render_region, snap.view, locale,
                                                target)]
            await interaction.followup.send(
                embeds=[board_embed(snap.summary, locale, image=BOARD_FILE),
                        *image_embeds(len(pngs)), board_panel_embed(snap.view, locale)],
                files=board_files(pngs, BOARD_FILE), ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())

        await self.bot.flows.guarded(interaction, body)

    @board.autocomplete("region")
    async def _board_regions(self, interaction: Interaction, current: str
                             ) -> list[Choice[str]]:
        return region_choices(current, locale_of(interaction))

    @app_commands.command(name="tracks", description=text("tracks"))
    @app_commands.describe(game=text("game"))
    async def tracks(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            gid = await self._game(interaction, game)
            _type, _version, v = await self.service.public_view(gid)
            locale = locale_of(interaction)
            phase = view_text(v.get("phase_label"), locale)
            lines = [tr("agot.tracks.title", locale, game_id=gid, phase=phase),
                     tracks_text(v, locale), ""]
            lines += [tr("agot.tracks.house", locale, house=s["name"], power=s["power"],
                         supply=s["supply"], castles=s["castles"], to_win=v["castles_to_win"],
                         cards=s["hand_size"]) for s in v.get("seats", [])]
            await self.bot.flows.answer(interaction, "\n".join(lines))

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="cards", description=text("cards"))
    @app_commands.describe(game=text("game"))
    async def cards(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            gid = await self._game(interaction, game)
            locale = locale_of(interaction)
            _type, _version, public = await self.service.public_view(gid)
            lines: list[str] = []
            me: int | None = None
            try:
                view = await self.service.private_view(gid, interaction.user.id)
            except ServiceError:
                view = None
            if view is not None:
                you = view.view.get("you") or {}
                me = view.seat
                lines.append(tr("agot.cards.hand", locale, house=seat_house(public, me)))
                lines += [f"• {card_line(c, locale)}" for c in you.get("hand", [])]
                lines.append(tr("agot.cards.discards", locale, cards=", ".join(
                    card_name(c) for c in you.get("discards", [])) or "—"))
            for s in public.get("seats", []):
                if s["seat"] == me:
                    continue
                lines.append(tr("agot.cards.other", locale, house=s["name"], n=s["hand_size"],
                                hand=", ".join(card_name(c) for c in public_hand(s)) or "—",
                                cards=", ".join(card_name(c) for c in s["discards"]) or "—"))
            await self.bot.flows.answer(interaction, "\n".join(lines))

        await self.bot.flows.guarded(interaction, body)

    log = log_command(text("log"), text("game"), text("log.lines"))

    # ---- deciding ----------------------------------------------------------------------------
    @app_commands.command(name="order", description=text("order"))
    @app_commands.describe(area=text("order.area"), order=text("order.order"),
                           ready=text("order.ready"), game=text("game"))
    async def order(self, interaction: Interaction, area: str, order: str,
                    ready: bool = False, game: int | None = None) -> None:
        def build(view: PrivateView, actions: Options) -> Action | None:
            if view.view.get("phase") != "planning":
                return None
            orders: dict[str, str | None] = dict((view.view.get("you") or {}).get(
                "your_orders") or {})
            orders[area] = None if order == "-" else order
            return Action("place_orders", {"orders": orders, "ready": ready})

        await self._play(interaction, game, build)

    @app_commands.command(name="march", description=text("march"))
    @app_commands.describe(origin=text("march.origin"), to=text("march.to"),
                           footmen=text("march.footmen"), knights=text("march.knights"),
                           ships=text("march.ships"), leave_power=text("march.leave_power"),
                           game=text("game"))
    async def march(self, interaction: Interaction, origin: str, to: str | None = None,
                    footmen: app_commands.Range[int, 0, 10] = 0,
                    knights: app_commands.Range[int, 0, 10] = 0,
                    ships: app_commands.Range[int, 0, 10] = 0,
                    leave_power: bool = False, game: int | None = None) -> None:
        counts = {"footman": footmen, "knight": knights, "ship": ships}
        moves = {to: {u: n for u, n in counts.items() if n}} if to and any(counts.values()) else {}

        def build(view: PrivateView, actions: Options) -> Action | None:
            return Action("march", {"from": origin, "moves": moves, "leave_power": leave_power})

        await self._play(interaction, game, build)

    @app_commands.command(name="bid", description=text("bid"))
    @app_commands.describe(amount=text("bid.amount"), game=text("game"))
    async def bid(self, interaction: Interaction, amount: app_commands.Range[int, 0, 40],
                  game: int | None = None) -> None:
        def build(view: PrivateView, actions: Options) -> Action | None:
            return Action("bid", {"amount": amount, "ready": True})

        await self._play(interaction, game, build)

    # ---- autocomplete: only the caller's own legal choices ----------------------------------
    @order.autocomplete("area")
    async def _order_areas(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        mine = await self._mine(interaction)
        spec = C.spec_of(mine[1], "place_order") if mine else None
        if mine is None or spec is None:
            return []
        locale = locale_of(interaction)
        placed = (mine[0].view.get("you") or {}).get("your_orders") or {}
        return _choices(current, (
            (area, tr("agot.choice.area_order", locale, limit=100, area=area_name(area),
                      order=token_label(placed[area], locale) if placed.get(area)
                      else tr("agot.order.none", locale)))
            for area in spec.choices.get("area") or []))

    @order.autocomplete("order")
    async def _order_tokens(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        mine = await self._mine(interaction)
        spec = C.spec_of(mine[1], "place_order") if mine else None
        area = str(getattr(interaction.namespace, "area", "") or "")
        if mine is None or spec is None or area not in (spec.choices.get("area") or []):
            return []
        you = mine[0].view.get("you") or {}
        tokens = C.order_choices(area, you.get("your_orders") or {},
                                 list(spec.choices.get("order") or []), int(you.get("stars", 0)))
        locale = locale_of(interaction)
        out = [Choice(name=tr("agot.order.none", locale, limit=100), value="-")]
        out += [Choice(name=token_label(t, locale), value=t) for t in tokens]
        return [c for c in out if _match(current, c.name, c.value)][:MAX_CHOICES]

    @march.autocomplete("origin")
    async def _march_origins(self, interaction: Interaction, current: str
                             ) -> list[Choice[str]]:
        mine = await self._mine(interaction)
        if mine is None:
            return []
        locale = locale_of(interaction)
        board_now = mine[0].view["board"]
        return _choices(current, (
            (area, tr("agot.act.march_from", locale, limit=100, area=area_name(area),
                      units=units_text(area_units(board_now.get(area, {})), locale)))
            for area in march_specs(mine[1])))

    @march.autocomplete("to")
    async def _march_dests(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        mine = await self._mine(interaction)
        origin = str(getattr(interaction.namespace, "origin", "") or "")
        spec = march_specs(mine[1]).get(origin) if mine else None
        if spec is None:
            return []
        return _choices(current, ((str(d), area_name(str(d)))
                                  for d in spec.choices.get("moves") or []))

    choose_game(board, tracks, cards, log, order, march, bid)



def option_values(name: str, players: int | None) -> list[str]:
    """``/game new options:`` suggestions for ``houses``: random, or each seating of the
    houses that play at this count (``stark/lannister/baratheon``, joining order)."""
    if name != "houses":
        return []
    n = players if players in (3, 4, 5) else 3
    houses = list(board().setup(n)["houses"])
    return ["random", *("/".join(houses[k:] + houses[:k]) for k in range(n))]

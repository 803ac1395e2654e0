"""What AGoT's components do when clicked. Submissions go through the adapter's one move
pipeline (``Flows.play``/``play_action``); draft changes (a march destination, a build, a
page) only redraw the clicker's own panel in place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.components import bot_of
from bot.discord.panels import Panel, note_text
from bot.discord.text import locale_of, render
from bot.games.agot import codes as C
from bot.games.agot.drafts import march_panel, march_specs, muster_panel, orders_panel
from bot.games.agot.panels import remember_page, support_open
from bot.games.agot.routes import ROUTES
from bot.i18n import msg
from bot.service import PrivateView, ServiceError, StaleVersion
from rules.base import Action, ActionSpec

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction[Any]
Options = Sequence[Action | ActionSpec]
Builder = Callable[[PrivateView, Options, str], Panel]


# ---- submissions ---------------------------------------------------------------------------
async def pick(interaction: Interaction, g: int, s: int, v: int, code: str) -> None:
    decoded = C.decode_pick(code)
    flows = bot_of(interaction).flows
    if decoded is None:
        await flows.fail(interaction, msg("error.forged"))
        return
    action, secret = decoded
    areas = action.params.get("areas")
    if action.kind == "support" and isinstance(areas, dict):
        area = next(iter(areas))

        def choose(view: PrivateView, actions: Options) -> Action | None:
            return action if support_open(view.view, area) else None

        await flows.play(interaction, g, s, v, choose)
        return
    await flows.play_action(interaction, g, s, v, action, secret=secret)


async def order_select(interaction: Interaction, g: int, s: int, rnd: int, page: int,
                       area: str, token: str) -> None:
    """Set (or clear, ``-``) one area's order: valid for as long as this planning lasts."""
    remember_page(g, s, rnd, page)

    def choose(view: PrivateView, actions: Options) -> Action | None:
        spec = C.spec_of(actions, "place_order")
        if (view.view.get("phase") != "planning" or view.view.get("round") != rnd
                or spec is None or area not in (spec.choices.get("area") or [])):
            return None
        mine: dict[str, str] = dict((view.view.get("you") or {}).get("your_orders") or {})
        # One area's order is the engine's one-area move (placing on an empty area, taking
        # one off); only replacing an order already placed rewrites the whole set.
        if token == "-" and area in mine:
            return Action("remove_order", {"area": area})
        if token != "-" and area not in mine:
            return Action("place_order", {"area": area, "order": token})
        orders: dict[str, str | None] = {**mine, area: None if token == "-" else token}
        return Action("place_orders", {"orders": orders})

    await bot_of(interaction).flows.play(interaction, g, s, 0, choose)


async def march_confirm(interaction: Interaction, g: int, s: int, v: int, origin: str,
                        draft: str) -> None:
    def choose(view: PrivateView, actions: Options) -> Action | None:
        spec = march_specs(actions).get(origin)
        if view.version != v or spec is None:
            return None
        slots = C.march_slots(view.view["board"].get(origin, {}))
        picks, power = C.decode_march(draft, len(slots))
        dests = [str(d) for d in spec.choices.get("moves") or []][:24]
        return Action("march", {"from": origin, "moves": C.march_moves(slots, picks, dests),
                                "leave_power": power})

    await bot_of(interaction).flows.play(interaction, g, s, v, choose)


async def muster_confirm(interaction: Interaction, g: int, s: int, v: int, draft: str) -> None:
    def choose(view: PrivateView, actions: Options) -> Action | None:
        spec = C.spec_of(actions, "muster")
        if view.version != v or spec is None:
            return None
        areas = [str(a) for a in spec.choices.get("area") or []]
        picks = C.decode_muster(draft, len(areas))
        return Action("muster", {"builds": C.muster_builds(areas, picks, view.view)})

    await bot_of(interaction).flows.play(interaction, g, s, v, choose)


async def destroy(interaction: Interaction, g: int, s: int, v: int, phase: str,
                  values: list[str]) -> None:
    """Units to destroy: several seats may owe this at once, so it stays valid while the
    phase is the same (the engine checks the choice)."""

    def choose(view: PrivateView, actions: Options) -> Action | None:
        if view.version != v and (view.view.get("phase") != phase
                                  or not any(a.kind == "destroy_units" for a in actions)):
            return None
        return Action("destroy_units", {"units": C.destroy_units(values)})

    await bot_of(interaction).flows.play(interaction, g, s, v, choose)


# ---- redrawing a draft in place ----------------------------------------------------------------
async def redraw(interaction: Interaction, g: int, s: int, v: int | None, build: Builder
                 ) -> None:
    """Rebuild the clicker's panel and edit it into the clicked message; a stale or foreign
    click gets an ephemeral answer instead (nothing is submitted here)."""
    bot = bot_of(interaction)
    flows = bot.flows
    try:
        view = await bot.service.private_view(g, interaction.user.id)
    except ServiceError as err:
        await flows.fail(interaction, err.msg)
        return
    if view.seat != s:
        await flows.fail(interaction, msg("error.not_your_button", game_id=g))
        return
    if v is not None and view.version != v:
        stale = StaleVersion(view.version).msg
        await flows.guarded(interaction, lambda: flows.panel(interaction, g, [stale]))
        return
    actions = await bot.service.legal_actions(g, interaction.user.id) if view.awaited else []
    locale = locale_of(interaction)
    panel = build(view, actions, locale)
    lines = [render(msg("hand.your_turn", progress=view.progress), locale)] if view.awaited else []
    if note := note_text(panel, locale):
        lines.append(note)
    await interaction.response.edit_message(content="\n".join(lines)[:2000] or None,
                                            view=panel.view)


async def order_page(interaction: Interaction, g: int, s: int, rnd: int, page: int) -> None:
    remember_page(g, s, rnd, page)
    await redraw(interaction, g, s, None,
                 lambda view, actions, locale: orders_panel(view, actions, locale, page))


async def march_redraw(interaction: Interaction, g: int, s: int, v: int, origin: str | None,
                       draft: str | None) -> None:
    await redraw(interaction, g, s, v,
                 lambda view, actions, locale: march_panel(view, actions, locale, origin, draft))


async def march_unit(interaction: Interaction, g: int, s: int, v: int, origin: str, slot: int,
                     draft: str, value: str) -> None:
    picks, power = C.decode_march(draft, C.MAX_ROWS)
    if 0 <= slot < len(picks) and value.isdigit() and len(value) <= 2:
        picks[slot] = int(value)
    await march_redraw(interaction, g, s, v, origin, C.encode_march(picks, power))


async def march_power(interaction: Interaction, g: int, s: int, v: int, origin: str,
                      draft: str) -> None:
    picks, power = C.decode_march(draft, C.MAX_ROWS)
    await march_redraw(interaction, g, s, v, origin, C.encode_march(picks, not power))


async def muster_redraw(interaction: Interaction, g: int, s: int, v: int, page: int,
                        draft: str) -> None:
    await redraw(interaction, g, s, v,
                 lambda view, actions, locale: muster_panel(view, actions, locale, page, draft))


async def muster_select(interaction: Interaction, g: int, s: int, v: int, page: int, slot: int,
                        draft: str, value: str) -> None:
    index = page * C.MAX_ROWS + slot
    picks = C.decode_muster(draft, max(len(draft), index + 1))
    if value.isdigit() and len(value) <= 2:
        picks[index] = int(value)
    await muster_redraw(interaction, g, s, v, page, C.encode_muster(picks))


ROUTES.register(destroy, march_confirm, march_power, march_redraw, march_unit, muster_confirm,
                muster_redraw, muster_select, order_page, order_select, pick)

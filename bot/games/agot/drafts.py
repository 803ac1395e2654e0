"""Multi-step AGoT panels: orders (one select per area, paged), marches (a destination per
unit, a power token to leave) and mustering (a build per castle). The draft lives in the
components' ``custom_id``s; only Confirm/Ready/an order change submits anything."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord.components import HandButton, MoveButton
from bot.discord.panels import Panel, context_token
from bot.discord.text import tr
from bot.games.agot.codes import (
    MAX_ROWS,
    Options,
    concrete,
    decode_march,
    decode_muster,
    encode_march,
    encode_muster,
    march_moves,
    march_slots,
    muster_builds,
    muster_combos,
    muster_refusal,
    order_choices,
    spec_of,
)
from bot.games.agot.items import (
    MarchConfirm,
    MarchOrigin,
    MarchPower,
    MarchUnit,
    MusterConfirm,
    MusterPage,
    MusterSelect,
    OrderPage,
    OrderSelect,
    PickButton,
)
from bot.games.agot.labels import action_label
from bot.games.agot.text import (
    OPTION,
    area_name,
    area_units,
    clip,
    is_sea,
    seat_house,
    token_label,
    units_text,
)
from bot.i18n import msg
from bot.service import PrivateView
from rules.base import ActionSpec

Style = discord.ButtonStyle


def at(item: discord.ui.DynamicItem[Any], row: int) -> discord.ui.DynamicItem[Any]:
    item.row = row
    return item


def new_view() -> discord.ui.View:
    return discord.ui.View(timeout=None)


def pages_of(n: int) -> int:
    return max(1, math.ceil(n / MAX_ROWS))


# ---- orders ----------------------------------------------------------------------------------
def orders_panel(view: PrivateView, actions: Options, locale: str, page: int = 0) -> Panel:
    v = view.view
    you = v.get("you") or {}
    mine: dict[str, str] = dict(you.get("your_orders") or {})
    spec = spec_of(actions, "place_order")
    areas = list(spec.choices.get("area") or []) if spec else []
    tokens = list(spec.choices.get("order") or []) if spec else []
    pages = pages_of(len(areas))
    page = min(max(page, 0), pages - 1)
    ui = new_view()
    first = page * MAX_ROWS
    for row, area in enumerate(areas[first:first + MAX_ROWS]):
        options = [discord.SelectOption(label=tr("agot.order.none", locale, limit=OPTION),
                                        value="-", default=area not in mine)]
        options += [discord.SelectOption(label=token_label(tok, locale), value=tok,
                                         default=mine.get(area) == tok)
                    for tok in order_choices(area, mine, tokens, int(you.get("stars", 0)))]
        placeholder = tr("agot.order.placeholder", locale, limit=150, area=area_name(area),
                         units=units_text(area_units(v["board"].get(area, {})), locale))
        ui.add_item(at(OrderSelect(view.game_id, view.seat, int(v.get("round", 0)), page, area,
                                   options, placeholder), row))
    ui.add_item(at(PickButton(view.game_id, view.seat, view.version, "r", tr(
        "agot.act.ready_orders", locale, limit=80, n=len(mine), total=len(areas)),
        Style.success), 4))
    if page > 0:
        ui.add_item(at(_order_page(view, page - 1, len(areas), locale), 4))
    if page < pages - 1:
        ui.add_item(at(_order_page(view, page + 1, len(areas), locale), 4))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    placed = "; ".join(f"{area_name(a)}: {token_label(t, locale)}" for a, t in mine.items())
    note = msg("agot.note.planning", page=page + 1, pages=pages,
               missing=len(areas) - len(mine), placed=placed or "—")
    return Panel(ui, note)


def _order_page(view: PrivateView, page: int, n: int, locale: str) -> OrderPage:
    first = page * MAX_ROWS + 1
    last = min(n, first + MAX_ROWS - 1)
    return OrderPage(view.game_id, view.seat, int(view.view.get("round", 0)), page,
                     tr("agot.ui.areas_page", locale, limit=80, first=first, last=last))


# ---- marches ---------------------------------------------------------------------------------
def march_specs(actions: Options) -> dict[str, ActionSpec]:
    out: dict[str, ActionSpec] = {}
    for a in actions:
        origins = a.choices.get("from") if isinstance(a, ActionSpec) else None
        if isinstance(a, ActionSpec) and a.kind == "march" and origins:
            out[str(origins[0])] = a
    return out


def march_panel(view: PrivateView, actions: Options, locale: str, origin: str | None = None,
                draft: str | None = None) -> Panel:
    specs = march_specs(actions)
    if origin not in specs:
        origin = next(iter(specs)) if len(specs) == 1 else None
    v = view.view
    ctx = context_token(view, actions)
    stays = {str(a.params["from"]): (i, a) for i, a in concrete(actions, "march")}
    ui = new_view()
    if origin is None:
        for area in specs:
            units = units_text(area_units(v["board"].get(area, {})), locale)
            ui.add_item(at(MarchOrigin(view.game_id, view.seat, view.version, area, tr(
                "agot.act.march_from", locale, limit=80, area=area_name(area), units=units)), 0))
        for index, stay in stays.values():
            ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, index,
                                      action_label(stay, v, locale), Style.secondary), 1))
        ui.add_item(at(HandButton(view.game_id, locale), 4))
        return Panel(ui, msg("agot.note.march_pick"))
    spec = specs[origin]
    dests = [str(d) for d in spec.choices.get("moves") or []][:24]
    slots = march_slots(v["board"].get(origin, {}))
    picks, power = decode_march(draft or "", len(slots))
    code = encode_march(picks, power)
    for i, unit in enumerate(slots):
        nth = slots[:i + 1].count(unit)
        stay = tr("agot.march.stay", locale, limit=OPTION, area=area_name(origin))
        # the unit's current destination is not offered again (choosing it would change
        # nothing); the placeholder says where it goes instead
        options = [discord.SelectOption(label=stay, value="0")] if picks[i] else []
        options += [discord.SelectOption(label=area_name(d), value=str(k),
                                         description=dest_text(v, d, locale))
                    for k, d in enumerate(dests, start=1) if picks[i] != k]
        options = options or [discord.SelectOption(label=stay, value="0")]
        going = area_name(dests[picks[i] - 1]) if 0 < picks[i] <= len(dests) else stay
        placeholder = tr("agot.march.placeholder_now", locale, limit=150,
                         unit=tr(f"agot.unitname.{unit}", locale), n=nth, where=going)
        ui.add_item(at(MarchUnit(view.game_id, view.seat, view.version, origin, i, code,
                                 options, placeholder), i))
    moves = march_moves(slots, picks, dests)
    summary = march_summary(moves, power, locale)
    confirm = MarchConfirm(view.game_id, view.seat, view.version, origin, code, tr(
        "agot.act.march_go", locale, limit=80, summary=summary))
    # A power token stays behind only when every unit marches out: until then the march
    # cannot be confirmed (a press would only be refused).
    confirm.item.disabled = power and any(p == 0 for p in picks)
    ui.add_item(at(confirm, 4))
    you = v.get("you") or {}
    here = v["board"].get(origin, {})
    if (not is_sea(origin) and int(you.get("power", 0)) > 0
            and here.get("power_token") != you.get("house")):
        label = "agot.act.power_keep" if power else "agot.act.power_leave"
        ui.add_item(at(MarchPower(view.game_id, view.seat, view.version, origin, code,
                                  tr(label, locale, limit=80)), 4))
    if len(specs) > 1:
        ui.add_item(at(MarchOrigin(view.game_id, view.seat, view.version, "-",
                                   tr("agot.act.back", locale, limit=80), Style.secondary), 4))
    if origin in stays:
        index, stay = stays[origin]
        ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, index,
                                  action_label(stay, v, locale), Style.secondary), 4))
    if _row_room(ui, 4):
        ui.add_item(at(HandButton(view.game_id, locale), 4))
    key = "agot.note.march_power_all" if confirm.item.disabled else "agot.note.march"
    return Panel(ui, msg(key, area=area_name(origin), summary=summary))


def _row_room(ui: discord.ui.View, row: int) -> bool:
    return sum(1 for c in ui.children if c.row == row) < 5


def dest_text(v: Mapping[str, Any], area: str, locale: str) -> str:
    info = v.get("board", {}).get(area) or {}
    me = (v.get("you") or {}).get("seat")
    if "neutral" in info:
        return tr("agot.march.dest_neutral", locale, limit=OPTION,
                  strength=info["neutral"].get("strength"))
    if info.get("seat") is not None and info.get("seat") != me:
        return tr("agot.march.dest_enemy", locale, limit=OPTION, house=seat_house(v, info["seat"]),
                  units=units_text(area_units(info), locale))
    if info.get("seat") == me:
        return tr("agot.march.dest_own", locale, limit=OPTION,
                  units=units_text(area_units(info), locale))
    return tr("agot.march.dest_empty", locale, limit=OPTION)


def march_summary(moves: Mapping[str, Mapping[str, int]], power: bool, locale: str) -> str:
    parts = [tr("agot.march.summary_line", locale, units=units_text(u, locale),
                area=area_name(a)) for a, u in moves.items()]
    text = "; ".join(parts) or tr("agot.march.summary_none", locale)
    if power:
        text += tr("agot.march.summary_power", locale)
    return text


# ---- mustering -------------------------------------------------------------------------------
def muster_panel(view: PrivateView, actions: Options, locale: str, page: int = 0,
                 draft: str | None = None) -> Panel:
    v = view.view
    spec = spec_of(actions, "muster")
    areas = [str(a) for a in (spec.choices.get("area") or [])] if spec else []
    picks = decode_muster(draft or "", len(areas))
    code = encode_muster(picks)
    pages = pages_of(len(areas))
    page = min(max(page, 0), pages - 1)
    ui = new_view()
    first = page * MAX_ROWS
    for row, area in enumerate(areas[first:first + MAX_ROWS]):
        combos = muster_combos(area, v)
        pick = picks[first + row]
        # the current pick is not offered again (choosing it would change nothing); the
        # placeholder shows it instead
        options = [discord.SelectOption(label=clip(combo_label(c, locale), OPTION), value=str(k))
                   for k, c in enumerate(combos) if k != pick]
        placeholder = (clip(combo_label(combos[pick], locale), 150) if 0 < pick < len(combos)
                       else tr("agot.muster.placeholder", locale, limit=150,
                               area=area_name(area)))
        ui.add_item(at(MusterSelect(view.game_id, view.seat, view.version, page, row, code,
                                    options, placeholder), row))
    builds = muster_builds(areas, picks, v)
    summary = "; ".join(combo_label([b], locale) for b in builds) or tr(
        "agot.muster.nothing", locale)
    refusal = muster_refusal(builds, v)
    if builds:
        confirm = MusterConfirm(view.game_id, view.seat, view.version, code, tr(
            "agot.act.muster_go", locale, limit=80, summary=summary))
        confirm.item.disabled = refusal is not None
        ui.add_item(at(confirm, 4))
    for target in (page - 1, page + 1):
        if 0 <= target < pages:
            ui.add_item(at(MusterPage(view.game_id, view.seat, view.version, target, code, tr(
                "agot.ui.castles_page", locale, limit=80, page=target + 1, pages=pages)), 4))
    ctx = context_token(view, actions)
    for index, action in concrete(actions, "muster")[:1]:
        ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, index,
                                  action_label(action, v, locale), Style.secondary), 4))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    key = f"agot.note.muster_{refusal}" if builds and refusal else "agot.note.muster"
    return Panel(ui, msg(key, page=page + 1, pages=pages, summary=summary))


def combo_label(builds: Sequence[Mapping[str, str]], locale: str) -> str:
    if not builds:
        return tr("agot.muster.nothing", locale)
    parts = []
    for b in builds:
        if b.get("unit") == "ship":
            parts.append(tr("agot.muster.ship", locale, sea=area_name(b.get("sea", ""))))
        else:
            parts.append(tr(f"agot.muster.{b.get('unit')}", locale,
                            area=area_name(b.get("area", ""))))
    return " + ".join(parts)

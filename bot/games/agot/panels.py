"""What an AGoT seat can click now, built from ``legal_actions`` and its own view only.

Secret simultaneous choices (orders, bids, House cards, support) use ``agot:`` items that
stay valid while the choice is still open; sequential ones (Raven, raids, retreats, …) use
the adapter's index buttons, stale as soon as the seat's options change. The engine checks
every submission again.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.components import HandButton, MoveButton, MoveSelect
from bot.discord.panels import Panel, context_token
from bot.discord.text import tr
from bot.games.agot.codes import (
    Options,
    concrete,
    pick_code,
    unit_values,
)
from bot.games.agot.drafts import at, march_panel, muster_panel, new_view, orders_panel
from bot.games.agot.embed import waiting_text
from bot.games.agot.items import DestroySelect, PickButton, PickSelect
from bot.games.agot.labels import action_label
from bot.games.agot.text import (
    OPTION,
    area_name,
    card_name,
    my_areas,
    same_token,
    seat_house,
    track_name,
)
from bot.i18n import Msg, msg
from bot.service import PrivateView
from rules.base import Action

Style = discord.ButtonStyle
SELECT_SIZE = 25

#: (game, seat, round) -> the orders page the player looked at last (a UX hint, not state).
_ORDER_PAGES: OrderedDict[tuple[int, int, int], int] = OrderedDict()
_MAX_PAGES = 4096


def remember_page(game_id: int, seat: int, rnd: int, page: int) -> None:
    _ORDER_PAGES[(game_id, seat, rnd)] = page
    _ORDER_PAGES.move_to_end((game_id, seat, rnd))
    while len(_ORDER_PAGES) > _MAX_PAGES:
        _ORDER_PAGES.popitem(last=False)


def remembered_page(view: PrivateView) -> int:
    return _ORDER_PAGES.get((view.game_id, view.seat, int(view.view.get("round", 0))), 0)


class AgotMoveUI:
    """``panels.MoveUI`` for AGoT."""

    def panel(self, view: PrivateView, actions: Options, locale: str) -> Panel:
        return agot_panel(view, actions, locale)


def agot_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    if not view.awaited or not actions:
        ui = new_view()
        ui.add_item(at(HandButton(view.game_id, locale), 4))
        return Panel(ui, msg("engine.text", text=waiting_text(view.view, locale)))
    kinds = {a.kind for a in actions}
    if "place_orders" in kinds:
        return orders_panel(view, actions, locale, remembered_page(view))
    if "march" in kinds:
        return march_panel(view, actions, locale)
    if "muster" in kinds:
        return muster_panel(view, actions, locale)
    if "destroy_units" in kinds:
        return destroy_panel(view, actions, locale)
    if "bid" in kinds:
        return bid_panel(view, actions, locale)
    if "choose_card" in kinds or "support" in kinds:
        return picks_panel(view, actions, locale)
    if "order_ties" in kinds:
        return ties_panel(view, actions, locale)
    return concrete_panel(view, actions, locale, concrete_note(view.view))


# ---- sequential concrete choices --------------------------------------------------------------
def concrete_panel(view: PrivateView, actions: Options, locale: str, note: Msg | None,
                   ui: discord.ui.View | None = None, first_row: int = 0) -> Panel:
    """Labelled index buttons; when there are too many, the declines stay buttons and the
    rest go into selects. Choices that read the same (two Defense +1 tokens) appear once."""
    ui = ui or new_view()
    ctx = context_token(view, actions)
    v = view.view
    items = _distinct(concrete(actions), v, locale)
    rows = 4 - first_row
    if len(items) <= rows * 5:
        for n, (i, action, label) in enumerate(items):
            ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, i, label,
                                      _style(action)), first_row + n // 5))
    else:
        declines = [x for x in items if _style(x[1]) is Style.secondary][:5]
        rest = [x for x in items if x not in declines]
        for i, _action, label in declines:
            ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, i, label,
                                      Style.secondary), first_row))
        row = first_row + (1 if declines else 0)
        chunks = [rest[p:p + SELECT_SIZE] for p in range(0, len(rest), SELECT_SIZE)]
        for page, chunk in enumerate(chunks[:4 - row]):
            options = [discord.SelectOption(label=action_label(a, v, locale, OPTION),
                                            value=str(i)) for i, a, _label in chunk]
            ui.add_item(at(MoveSelect(view.game_id, view.seat, view.version, ctx, page, options,
                                      tr("agot.ui.choose", locale, limit=150)), row + page))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    return Panel(ui, note)


def _distinct(items: list[tuple[int, Action]], v: Mapping[str, Any], locale: str
              ) -> list[tuple[int, Action, str]]:
    out: list[tuple[int, Action, str]] = []
    seen: set[str] = set()
    for i, action in items:
        label = action_label(action, v, locale)
        if label in seen or _no_op(action, v):
            continue
        seen.add(label)
        out.append((i, action, label))
    return out


def _no_op(action: Action, v: Mapping[str, Any]) -> bool:
    """A Raven swap for an identical token changes nothing."""
    if action.kind != "raven_swap":
        return False
    order = (v.get("board", {}).get(action.params.get("area")) or {}).get("order") or {}
    return same_token(str(action.params.get("order")), str(order.get("token")))


def _style(action: Action) -> Style:
    """Declining (keep, nothing, skip) is grey; doing something is blue."""
    p = action.params
    if action.kind in ("raven_pass", "muster") or (action.kind == "use_blade"
                                                   and not p.get("use")):
        return Style.secondary
    if action.kind == "reclaim_card" and p.get("card") is None:
        return Style.secondary
    if action.kind == "ability" and p.get("target") is None:
        return Style.secondary
    return Style.primary


def concrete_note(v: Mapping[str, Any]) -> Msg | None:
    phase = str(v.get("phase", ""))
    battle = v.get("battle") or {}
    area = area_name(str(battle.get("area", "")))
    if phase == "raven":
        return msg("agot.note.raven")
    if phase == "raids":
        return msg("agot.note.raid")
    if phase == "battle:blade_wait":
        return msg("agot.note.blade", area=area)
    if phase == "battle:casualties_wait":
        return msg("agot.note.casualties", area=area, n=battle.get("casualties_due", 0))
    if phase == "battle:retreat_wait":
        return msg("agot.note.retreat", area=area)
    if phase == "battle:effect_wait":
        return msg("agot.note.ability", area=area)
    if phase == "wildlings:tie":
        return msg("agot.note.choose_bidder")
    if phase == "wildlings:reclaim":
        return msg("agot.note.reclaim")
    return None


# ---- secret picks: support, House cards, bids -------------------------------------------------
def picks_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    ui = new_view()
    v = view.view
    first = support_rows(view, actions, locale, ui)
    picks = [(pick_code(a), a) for _i, a in concrete(actions)]
    for n, (code, action) in enumerate((c, a) for c, a in picks if c is not None):
        style = Style.success if action.kind == "ready" else _style(action)
        label = action_label(action, v, locale)
        if action.kind == "ready":
            chosen = (v.get("you") or {}).get("your_card")
            label = tr("agot.act.card_ready", locale, limit=80,
                       card=card_name(chosen if isinstance(chosen, str) else None))
        ui.add_item(at(PickButton(view.game_id, view.seat, view.version, str(code), label,
                                  style), min(3, first + n // 5)))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    return Panel(ui, battle_note(v, "support" if any(a.kind == "support" for a in actions)
                                 else "cards"))


def support_rows(view: PrivateView, actions: Options, locale: str, ui: discord.ui.View
                 ) -> int:
    """With several Support orders next to the battle, one row per area (up to three) so
    each can back a different side; the buttons below still declare them all at once."""
    v = view.view
    sides = [str(a.params["side"]) for _i, a in concrete(actions, "support")
             if isinstance(a.params.get("side"), str)]
    areas = pending_support(v)
    if len(areas) < 2:
        return 0
    for row, area in enumerate(areas[:3]):
        for side in sides:
            action = Action("support", {"areas": {area: side}})
            label = tr("agot.act.support_area", locale, limit=80, area=area_name(area),
                       side=action_label(Action("support", {"side": side}), v, locale))
            ui.add_item(at(PickButton(view.game_id, view.seat, view.version,
                                      str(pick_code(action)), label, Style.secondary), row))
    return min(3, len(areas))


def pending_support(v: Mapping[str, Any]) -> list[str]:
    """The viewer's Support orders not yet declared for the battle at hand."""
    battle = v.get("battle") or {}
    me = (v.get("you") or {}).get("seat")
    return [a for a, side in sorted((battle.get("support") or {}).items())
            if side is None and (v.get("board", {}).get(a) or {}).get("seat") == me]


def support_open(v: Mapping[str, Any], area: str) -> bool:
    """Whether the viewer may still declare the Support order in ``area``."""
    return v.get("phase") == "battle:support" and area in pending_support(v)


def battle_note(v: Mapping[str, Any], step: str) -> Msg:
    battle = v.get("battle") or {}
    cur = battle.get("current_strength") or {}
    defender = (seat_house(v, battle["defender"]) if battle.get("defender") is not None
                else msg("agot.neutral_force", strength=battle.get("neutral_strength")))
    common = {"attacker": seat_house(v, battle.get("attacker")), "defender": defender,
              "area": area_name(str(battle.get("area", ""))),
              "att": cur.get("attacker", "?"), "dfn": cur.get("defender", "?")}
    if step == "support":
        areas = [area_name(a) for a in pending_support(v)]
        return msg("agot.note.support", areas=", ".join(areas) or "—", **common)
    return msg("agot.note.cards", **common)


def bid_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    v = view.view
    you = v.get("you") or {}
    current = you.get("your_bid", 0)
    ui = new_view()
    bids = [a for _i, a in concrete(actions, "bid")][:SELECT_SIZE]
    options = [discord.SelectOption(label=action_label(a, v, locale, OPTION),
                                    value=str(pick_code(a)),
                                    default=a.params.get("amount") == current) for a in bids]
    ui.add_item(at(PickSelect(view.game_id, view.seat, view.version, "bid", options, tr(
        "agot.bid.placeholder", locale, limit=150, power=you.get("power", 0))), 0))
    if any(a.kind == "ready" for a in actions):
        ui.add_item(at(PickButton(view.game_id, view.seat, view.version, "r", tr(
            "agot.act.bid_ready", locale, limit=80, amount=current), Style.success), 1))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    frame = v.get("frame") or {}
    if str(v.get("phase", "")).startswith("wildlings"):
        note = msg("agot.note.bid_wildlings", threat=v.get("wildling_threat", 0),
                   power=you.get("power", 0))
    else:
        note = msg("agot.note.bid_track", track=track_name(str(frame.get("track", "")), locale),
                   power=you.get("power", 0))
    return Panel(ui, note)


def ties_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    """The Iron Throne orders tied bidders: keep the order shown, or pick another."""
    v = view.view
    ui = new_view()
    ctx = context_token(view, actions)
    bids = {int(k): int(b) for k, b in ((v.get("frame") or {}).get("bids") or {}).items()}
    default = next(iter(concrete(actions, "order_ties")), None)
    ranking = [int(s) for s in default[1].params.get("ranking", [])] if default else []
    groups = [list(g) for _b, g in itertools.groupby(ranking, key=lambda s: bids.get(s, 0))]
    options = []
    for perm in itertools.islice(itertools.product(*(itertools.permutations(g)
                                                     for g in groups)), SELECT_SIZE + 1):
        order = [s for group in perm for s in group]
        action = Action("order_ties", {"ranking": order})
        if order != ranking:
            options.append(discord.SelectOption(label=action_label(action, v, locale, OPTION),
                                                value=str(pick_code(action))))
    if options:
        ui.add_item(at(PickSelect(view.game_id, view.seat, view.version, "ties",
                                  options[:SELECT_SIZE], tr("agot.ui.reorder", locale,
                                                            limit=150)), 0))
    if default is not None:
        houses = " › ".join(seat_house(v, s) for s in ranking)
        ui.add_item(at(MoveButton(view.game_id, view.seat, view.version, ctx, default[0],
                                  tr("agot.act.ties_keep", locale, limit=80, houses=houses),
                                  Style.secondary), 1))
    ui.add_item(at(HandButton(view.game_id, locale), 4))
    track = track_name(str((v.get("frame") or {}).get("track", "")), locale)
    return Panel(ui, msg("agot.note.ties", track=track))


# ---- destroying units: supply and the wildlings' penalty ----------------------------------------
def destroy_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    v = view.view
    phase = str(v.get("phase", ""))
    ui = new_view()
    units = unit_values(v, my_areas(v))
    options = [discord.SelectOption(
        label=tr("agot.destroy.option", locale, limit=OPTION,
                 unit=tr(f"agot.unitname.{u}", locale), area=area_name(a), n=k + 1),
        value=f"{a}|{u}|{k}") for a, u, k in units]
    default = next((a for _i, a in concrete(actions, "destroy_units")), None)
    need = sum(sum(u.values()) for u in (default.params.get("units") or {}).values()
               ) if default else 1
    seat = str((v.get("you") or {}).get("seat"))
    if phase == "supply":
        low, high = max(1, need), max(1, need)
        note = msg("agot.note.supply", n=need)
    else:
        low, high = 1, len(options)
        note = msg("agot.note.penalty", n=((v.get("frame") or {}).get("owed") or {}).get(seat, 0))
    ui.add_item(at(DestroySelect(view.game_id, view.seat, view.version, phase, options,
                                 tr("agot.destroy.placeholder", locale, limit=150),
                                 min_values=low, max_values=high), 0))
    return concrete_panel(view, actions, locale, note, ui, 1)

"""Button and option labels for concrete AGoT actions, in the viewer's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord.text import tr
from bot.games.agot.text import (
    LABEL,
    area_name,
    card_label,
    card_name,
    seat_house,
    token_label,
    units_text,
)
from rules.agot.board import board
from rules.base import Action


def _order_at(v: Mapping[str, Any], area: str, locale: str) -> str:
    order = (v.get("board", {}).get(area) or {}).get("order")
    return token_label(order["token"], locale) if isinstance(order, dict) else "—"


def _side_house(v: Mapping[str, Any], side: str, locale: str) -> str:
    battle = v.get("battle") or {}
    seat = battle.get(side)
    if seat is None:
        return tr("agot.neutral_force", locale, strength=battle.get("neutral_strength"))
    return seat_house(v, seat)


def _my_card(v: Mapping[str, Any]) -> str | None:
    battle = v.get("battle") or {}
    cards = battle.get("cards") or {}
    me = (v.get("you") or {}).get("seat")
    side = "attacker" if battle.get("attacker") == me else "defender"
    card = cards.get(side)
    return card if isinstance(card, str) else None


def _unit_map(units: Mapping[str, Mapping[str, int]], locale: str) -> str:
    return "; ".join(tr("agot.units_in", locale, units=units_text(u, locale), area=area_name(a))
                     for a, u in units.items()) or tr("agot.unit.none", locale)


def action_label(action: Action, v: Mapping[str, Any], locale: str, limit: int = LABEL) -> str:
    p = action.params
    k = action.kind

    def t(key: str, **params: Any) -> str:
        return tr(key, locale, limit=limit, **params)

    if k == "ready":
        return t("agot.act.ready")
    if k == "raven_pass":
        return t("agot.act.raven_pass")
    if k == "raven_swap":
        return t("agot.act.raven_swap", area=area_name(p["area"]),
                 old=_order_at(v, p["area"], locale), new=token_label(p["order"], locale))
    if k == "raid":
        if not p.get("targets"):
            return t("agot.act.raid_none", area=area_name(p["from"]))
        targets = ", ".join(tr("agot.order_at", locale, area=area_name(a),
                               order=_order_at(v, a, locale)) for a in p["targets"])
        return t("agot.act.raid", area=area_name(p["from"]), targets=targets)
    if k == "march":
        return t("agot.act.march_stay", area=area_name(p["from"]))
    if k == "support":
        side = p.get("side")
        if side in ("attacker", "defender"):
            return t(f"agot.act.support_{side}", house=_side_house(v, side, locale))
        return t("agot.act.support_none")
    if k == "choose_card":
        return card_label(p["card"], locale, limit)
    if k == "use_blade":
        return t("agot.act.blade_yes" if p.get("use") else "agot.act.blade_no")
    if k == "casualties":
        return t("agot.act.casualties", units=units_text(p.get("units") or {}, locale))
    if k == "retreat":
        if any((p.get("destroy") or {}).values()):
            return t("agot.act.retreat_destroy", area=area_name(p["area"]),
                     units=units_text(p["destroy"], locale))
        return t("agot.act.retreat", area=area_name(p["area"]))
    if k == "ability":
        card = card_name(_my_card(v))
        target = p.get("target")
        if target is None:
            return t("agot.act.ability_skip", card=card)
        b = board()
        name = (card_name(target) if target in b.cards
                else area_name(target) if target in b.name else str(target))
        return t("agot.act.ability", card=card, target=name)
    if k == "order_ties":
        return t("agot.act.ties", houses=" › ".join(seat_house(v, s) for s in p["ranking"]))
    if k == "choose_bidder":
        return t("agot.act.choose_bidder", house=seat_house(v, p["seat"]))
    if k == "reclaim_card":
        if p.get("card") is None:
            return t("agot.act.reclaim_none")
        return t("agot.act.reclaim", card=card_name(p["card"]))
    if k == "destroy_units":
        return t("agot.act.destroy_default", units=_unit_map(p.get("units") or {}, locale))
    if k == "muster" and not p.get("builds"):
        return t("agot.act.muster_none")
    if k == "bid":
        return t("agot.act.bid", amount=p.get("amount"))
    params = " ".join(str(x) for x in p.values())
    return t("ui.action_with", kind=k, params=params) if params else t("ui.action", kind=k)


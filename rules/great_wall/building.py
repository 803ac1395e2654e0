"""Building at the Builders' Camp (GW-45) and for Chin (GW-S7): wall and barricade prices,
paying them (the Storehouse first, then the player's mix) and what a finished building earns —
Honor, and in co-op taking back a Command card."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.great_wall import board as B
from rules.great_wall.data import BUILD_RES, data
from rules.great_wall.machine import Choice, Repeated, push, register
from rules.great_wall.state import State
from rules.kit.frames import Frame


def wall_cost(st: State, clan: int, s: int) -> int | None:
    level = st.sections[s]["wall"]
    costs = data().board["wall"]["costs"]
    if level >= len(costs):
        return None
    return max(0, int(costs[level]) - B.discount(st, clan, "wall"))


def barricade_cost(st: State, clan: int) -> int:
    return max(0, int(data().board["barricade"]["cost"]) - B.discount(st, clan, "barricade"))


def build_options(st: State, clan: int) -> list[Action]:
    out = []
    per = int(data().board["barricade"]["per_section"])
    for s in B.used_sections(st):
        sec = st.sections[s]
        if sec["barricades"] < per and B.building_affordable(st, clan, barricade_cost(st, clan)):
            out.append(Action("build", {"what": "barricade", "s": s}))
        cost = wall_cost(st, clan, s)
        if cost is not None and B.building_affordable(st, clan, cost):
            out.append(Action("build", {"what": "wall", "s": s}))
    return out


def build(st: State, clan: int, what: str, s: int, ev: list[Event]) -> None:
    """Pay and build. "Zaplaťte v libovolné kombinaci…": the Storehouse pays first; a human
    then picks the mix of wood, stone and gold for the rest (``pay``)."""
    cost = barricade_cost(st, clan) if what == "barricade" else (wall_cost(st, clan, s) or 0)
    rest = cost - B.pay_storehouse(st, cost)
    if st.human(clan) and rest > 0:
        push(st, "pay", clan=clan, n=rest, what=what, s=s)
        return
    if rest > 0:
        B.pay_building(st, clan, rest)
    built(st, clan, what, s, ev)


def built(st: State, clan: int, what: str, s: int, ev: list[Event]) -> None:
    sec = st.sections[s]
    if what == "barricade":
        sec["barricades"] += 1
        gained = int(data().board["barricade"]["honor"])
        B.honor(st, clan, gained)
        ev.append(Event("barricade", {"clan": clan, "s": s, "honor": gained}))
        B.trigger(st, clan, "barricade_built", ev)
        return
    printed = int(data().board["wall"]["costs"][sec["wall"]])
    sec["wall"] += 1
    B.honor(st, clan, printed)  # Honor = the printed cost
    ev.append(Event("wall", {"clan": clan, "s": s, "level": sec["wall"], "honor": printed}))
    B.trigger(st, clan, "wall_built", ev)
    if st.mode == "coop" and st.human(clan):
        take_back_one(st, clan, ev)


def mixes(st: State, clan: int, n: int) -> list[Action]:
    """Every way to pay ``n`` from the clan's wood, stone and gold; the fixed rule's mix (the
    largest stock first) leads."""
    own = st.clans[clan]["res"]
    w, t, g = (own[r] for r in BUILD_RES)
    out = [Action("pay", {"wood": a, "stone": b, "gold": n - a - b})
           for a in range(min(w, n) + 1) for b in range(min(t, n - a) + 1) if n - a - b <= g]
    fixed = dict(own)
    paid = {r: 0 for r in BUILD_RES}
    for _ in range(n):
        r = max(BUILD_RES, key=lambda x: fixed[x])
        fixed[r] -= 1
        paid[r] += 1
    first = Action("pay", paid)
    return [first, *(a for a in out if a != first)] if first in out else out


@register
class Pay(Choice):
    """The mix of a building's price after the Storehouse (default: the largest stock first).
    Asked even when one mix fits: skipping it would show the table the player's stock."""

    kind = "pay"
    actions = ("pay",)
    auto_single = False

    def options(self, st: State, fr: Frame) -> list[Action]:
        return mixes(st, fr["clan"], fr["n"])

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        B.pay(st, fr["clan"], dict(action.params))
        built(st, fr["clan"], fr["what"], fr["s"], ev)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "s": fr["s"], "what": fr["what"]}


def take_back_one(st: State, clan: int, ev: list[Event]) -> None:
    """Co-op (GW-C10): "…může si vzít 1 svou kartu velení z odhazovací hromádky." — optional,
    the player picks which (default: the oldest; Betrayal stays)."""
    if take_back_options(st, clan):
        push(st, "take_back", clan=clan)


def take_back_options(st: State, clan: int) -> list[Action]:
    cards = [d["card"] for d in st.cmd_discard
             if d["clan"] == clan and not data().commands[d["card"]].get("permanent")]
    return [Action("take_back", {"card": c}) for c in dict.fromkeys(cards)]


@register
class TakeBack(Choice):
    kind = "take_back"
    actions = ("take_back", "skip")

    def options(self, st: State, fr: Frame) -> list[Action]:
        opts = take_back_options(st, fr["clan"])
        return [*opts, Action("skip")] if opts else []

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        if action.kind == "skip":
            return
        clan, card = fr["clan"], action.params["card"]
        i = next(i for i, d in enumerate(st.cmd_discard)
                 if d["clan"] == clan and d["card"] == card)
        st.cmd_discard.pop(i)
        st.clans[clan]["hand"].append(card)
        ev.append(Event("command_back", {"clan": clan, "card": card}))


@register
class Build(Repeated):
    kind = "build"
    actions = ("build",)

    def offers(self, st: State, fr: Frame) -> list[Action]:
        per = int(data().board["barricade"]["per_section"])
        costs = data().board["wall"]["costs"]
        room = any(st.sections[s]["barricades"] < per or st.sections[s]["wall"] < len(costs)
                   for s in B.used_sections(st))  # public: the wall and its barricades
        return self.with_pass(build_options(st, fr["clan"]), room)

    auto_single = False

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        build(st, fr["clan"], action.params["what"], action.params["s"], ev)

"""Destroying units a player chooses: the ``supply`` frame (reconciling armies with the
supply track) and the unit maps the wildling penalty reuses."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import FOOT, KNIGHT, SHIP
from rules.agot.control import (
    area_label,
    remove_units,
    unit_total,
)
from rules.agot.flow import Handler, emit, pop, update_supply
from rules.agot.state import Frame, State
from rules.agot.supply import army_sizes, min_removals, reduction_plan, within_supply
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text


def parse_unit_map(st: State, seat: int, raw: Any) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for k, v in P.mapping(raw, "units").items():
        a = P.area(k)
        c = P.counts(v, f"units.{a}")
        u = st.units.get(a)
        if u is None or u[0] != seat:
            raise RuleViolation("illegal", text("agot.error.no_units_in", area=area_label(a)))
        if any(c[i] > u[1 + i] for i in range(3)):
            raise RuleViolation("illegal", text("agot.error.not_those_units", area=area_label(a)))
        if sum(c):
            out[a] = c
    return out


def _cheapest(u: list[int], n: int) -> list[int]:
    kill = [0, 0, 0]
    for t in (FOOT, SHIP, KNIGHT):
        k = min(n, u[1 + t])
        kill[t] = k
        n -= k
    return kill


class Supply(Handler):
    kind = "supply"
    actions = ("destroy_units",)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["step"] == 0:
            fr["step"] = 1
            for seat in st.tracks["throne"]:
                before = st.supply[seat]
                update_supply(st, seat)
                if st.supply[seat] != before:
                    emit(ev, "supply_adjusted", seat=seat, before=before, after=st.supply[seat])
            fr["pending"] = [s for s in st.tracks["throne"] if not within_supply(st, s)]
            return True
        if not fr["pending"]:
            pop(st, fr)
            return True
        return False

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset(fr["pending"])

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind != "destroy_units":
            raise RuleViolation("wrong_phase", text("agot.error.supply_now"))
        kill = parse_unit_map(st, seat, P.get(action, "units"))
        need = min_removals(army_sizes(st, seat), st.supply[seat])
        delta = {a: -sum(c) for a, c in kill.items()}
        if sum(sum(c) for c in kill.values()) != need or not within_supply(st, seat, delta):
            raise RuleViolation("illegal", text("agot.error.supply_destroy", n=need,
                                                supply=st.supply[seat]))
        for a, c in kill.items():
            remove_units(st, a, c)
        emit(ev, "units_destroyed", seat=seat, units={a: P.count_dict(c) for a, c in kill.items()},
             reason="supply")
        fr["pending"].remove(seat)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        sizes = {a: unit_total(u) for a, u in st.units.items() if u[0] == seat}
        plan = reduction_plan(sizes, st.supply[seat])
        return Action("destroy_units", {"units": {
            a: P.count_dict(_cheapest(st.units[a], n)) for a, n in sorted(plan.items())}})

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return [self.default(st, fr, seat),
                ActionSpec("destroy_units", {"units": None}, text("agot.spec.supply_destroy"))]

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        need = min_removals(army_sizes(st, seat), st.supply[seat])
        return text("agot.progress.supply", n=need)

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.supply")

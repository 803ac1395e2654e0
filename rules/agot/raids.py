"""Resolving Raid orders: in Iron Throne order, one raid per house per pass."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import board
from rules.agot.control import area_label, gain_power, house_label
from rules.agot.flow import OrderTurns, emit, orders_of, register
from rules.agot.state import Frame, State
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text

RAIDABLE = ("raid", "support", "consolidate")


def raid_targets(st: State, area: str) -> list[str]:
    """Adjacent enemy Raid, Support and Consolidate Power orders; a land raid never hits sea."""
    b = board()
    seat = st.orders[area][0]
    pool = b.land_adj[area] if not b.is_sea[area] else b.adj[area]
    out = []
    for t in pool:
        o = st.orders.get(t)
        if o is not None and o[0] != seat and b.tokens[o[1]].kind in RAIDABLE:
            out.append(t)
    return out


def raids_of(st: State, seat: int) -> list[str]:
    return orders_of(st, seat, "raid")


class Raids(OrderTurns):
    kind = "raids"
    order = "raid"  # its action, hint and not_yours (OrderTurns)

    def usable(self, st: State, area: str) -> bool:
        return bool(raid_targets(st, area))

    def void(self, st: State, fr: Frame, area: str, ev: list[Event]) -> None:
        # A raid with nothing to raid is simply removed; that is this house's raid. Nothing
        # happened that the board does not show, so the event is told to nobody (a thread
        # would read a line per void raid, two dozen in a game).
        emit(ev, "raid", frozenset(), seat=fr["seat"], area=area, targets=[], pillage=0)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        self.expect(action)
        b = board()
        area = P.area(P.get(action, "from"))
        targets = [P.area(t, "target") for t in P.seq(P.get(action, "targets", []), "targets")]
        o = self.own_order(st, seat, area)
        limit = 2 if b.tokens[o[1]].special else 1
        if len(targets) > limit or len(set(targets)) != len(targets):
            raise RuleViolation("illegal", text("agot.error.raid_limit", n=limit))
        valid = raid_targets(st, area)
        for t in targets:
            if t not in valid:
                raise RuleViolation("illegal", text("agot.error.raid_target",
                                                    area=area_label(area), target=area_label(t)))
        pillage = 0
        for t in targets:
            if b.tokens[st.orders[t][1]].kind == "consolidate":
                pillage += gain_power(st, seat, 1)
            del st.orders[t]
        del st.orders[area]
        emit(ev, "raid", seat=seat, area=area, targets=targets, pillage=pillage)
        fr["idx"] = (fr["idx"] + 1) % st.n

    def _options(self, st: State, seat: int) -> list[Action]:
        b = board()
        acts = []
        for a in raids_of(st, seat):
            acts.append(Action("raid", {"from": a, "targets": []}))
            ts = raid_targets(st, a)
            for t in ts:
                acts.append(Action("raid", {"from": a, "targets": [t]}))
            if b.tokens[st.orders[a][1]].special:
                for i, t in enumerate(ts):
                    for u in ts[i + 1:]:
                        acts.append(Action("raid", {"from": a, "targets": [t, u]}))
        return acts

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return list(self._options(st, seat))

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        acts = [a for a in self._options(st, seat) if a.params["targets"]]
        return rng.choice(acts) if acts else self.default(st, fr, seat)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("raid", {"from": raids_of(st, seat)[0], "targets": []})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("agot.progress.raid")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.raids", house=house_label(st, fr["seat"]))


register(Raids())

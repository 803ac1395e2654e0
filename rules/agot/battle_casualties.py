"""A battle's casualties and retreat: the losses taken cheapest first, where the loser may
retreat within supply, and the attacker taking the area."""

from __future__ import annotations

from rules.agot import params as P
from rules.agot.battle_strength import defender_units, seat_of
from rules.agot.board import FOOT, KNIGHT, SHIP, board
from rules.agot.control import (
    add_units,
    control,
    remove_units,
)
from rules.agot.flow import emit
from rules.agot.forces import transport_reach
from rules.agot.state import Frame, State
from rules.agot.supply import within_supply
from rules.base import Event

#: Casualty and retreat losses are taken cheapest first: footmen, then ships, then knights.
CHEAP_ORDER = (FOOT, SHIP, KNIGHT)


def _take_cheapest(have: list[int], n: int) -> list[int]:
    kill = [0, 0, 0]
    for t in CHEAP_ORDER:
        k = min(n, have[t] - kill[t])
        kill[t] += k
        n -= k
    return kill


def retreating_units(st: State, fr: Frame) -> list[int]:
    """The loser's standing units that must retreat (footmen, knights, ships)."""
    if fr["winner"] == 1:
        return list(fr["units"])
    u = st.units.get(fr["area"])
    return [u[1], u[2], u[3]] if u is not None and u[0] == fr["dfn"] else [0, 0, 0]


def retreat_options(st: State, fr: Frame) -> list[tuple[str, int]]:
    """(area, how many units may go there within supply) for the loser. A beaten attacker
    goes back where it came from; the golden rule (p.9) still binds it, so units that supply
    cannot take there are destroyed, as for a defender (p.11)."""
    b = board()
    if fr["winner"] == 1:
        seat, home = fr["att"], fr["from"]
        keep = sum(fr["units"])
        while keep > 0 and not within_supply(st, seat, {home: keep}):
            keep -= 1
        return [(home, keep)] if keep > 0 else []
    seat, area = fr["dfn"], fr["area"]
    u = st.units.get(area)
    total = (u[1] + u[2] + u[3]) if u else 0
    cands = sorted(b.sea_adj[area]) if b.is_sea[area] else sorted(transport_reach(st, seat, area))
    out = []
    for t in cands:
        if t == fr["from"] or t == area or t in st.neutral:
            continue
        tu = st.units.get(t)
        if tu is not None and tu[0] != seat:
            continue
        if not b.is_sea[t] and control(st, t) not in (None, seat):
            continue
        keep = total
        while keep > 0 and not within_supply(st, seat, {area: -total, t: keep}):
            keep -= 1
        if keep > 0:
            out.append((t, keep))
    return out


class CasualtySteps:
    """The battle frame's casualty, retreat and capture steps (a part of ``Battle``)."""

    def _loser_units(self, st: State, fr: Frame) -> list[int]:
        if fr["winner"] == 1:
            return list(fr["units"])
        return defender_units(st, fr)[:3]

    def _kill(self, st: State, fr: Frame, kill: list[int], ev: list[Event]) -> None:
        if fr["winner"] == 1:
            for i in range(3):
                fr["units"][i] -= kill[i]
        else:
            remove_units(st, fr["area"], kill)
        emit(ev, "casualties", seat=seat_of(fr, 1 - fr["winner"]), area=fr["area"],
             units=P.count_dict(kill))

    def _retreat(self, st: State, fr: Frame, ev: list[Event]) -> None:
        area = fr["area"]
        if fr["winner"] == 1:
            total = sum(fr["units"])
            if total:
                opts = retreat_options(st, fr)
                keep = opts[0][1] if opts else 0
                if keep == total:
                    self._move_retreat(st, fr, fr["from"], [0, 0, 0], ev)
                elif keep and sum(1 for x in fr["units"] if x) > 1:
                    fr["step"] = "retreat_wait"  # the attacker chooses which units to lose
                    return
                else:
                    self._move_retreat(st, fr, fr["from"],
                                       _take_cheapest(fr["units"], total - keep), ev)
            fr["step"] = "discard"
            return
        u = st.units.get(area)
        if u is not None and (u[4] or u[5] or u[6]):
            routed = u[4:7]
            emit(ev, "routed_destroyed", seat=fr["dfn"], area=area, units=P.count_dict(routed))
            remove_units(st, area, routed, routed=True)
        u = st.units.get(area)
        if u is not None:
            opts = retreat_options(st, fr)
            total = u[1] + u[2] + u[3]
            if not opts:
                emit(ev, "destroyed_no_retreat", seat=fr["dfn"], area=area,
                     units=P.count_dict(u[1:4]))
                del st.units[area]
            elif len(opts) == 1 and opts[0][1] == total:
                self._move_retreat(st, fr, opts[0][0], [0, 0, 0], ev)
            else:
                fr["step"] = "retreat_wait"
                return
        self._capture(st, fr, ev)
        fr["step"] = "discard"

    def _move_retreat(self, st: State, fr: Frame, to: str, destroy: list[int], ev: list[Event]
                      ) -> None:
        area = fr["area"]
        if fr["winner"] == 1:
            seat = fr["att"]
            if sum(destroy):
                for i in range(3):
                    fr["units"][i] -= destroy[i]
                emit(ev, "casualties", seat=seat, area=area, units=P.count_dict(destroy),
                     supply=True)
            if sum(fr["units"]):
                add_units(st, to, seat, fr["units"], routed=True)
                emit(ev, "retreat", seat=seat, area=area, to=to,
                     units=P.count_dict(fr["units"]))
            return
        u = st.units[area]
        if sum(destroy):
            remove_units(st, area, destroy)
            emit(ev, "casualties", seat=fr["dfn"], area=area, units=P.count_dict(destroy),
                 supply=True)
            u = st.units.get(area)
        if u is None:
            return
        go = u[1:4]
        del st.units[area]
        add_units(st, to, fr["dfn"], go, routed=True)
        emit(ev, "retreat", seat=fr["dfn"], area=area, to=to, units=P.count_dict(go))

    def _capture(self, st: State, fr: Frame, ev: list[Event]) -> None:
        area, seat = fr["area"], fr["att"]
        o = st.orders.get(area)
        if o is not None and o[0] != seat:
            del st.orders[area]
        tok = st.tokens.get(area)
        if tok is not None and tok != seat:
            del st.tokens[area]
        add_units(st, area, seat, fr["units"])
        emit(ev, "area_taken", seat=seat, area=area, defender=fr["dfn"])

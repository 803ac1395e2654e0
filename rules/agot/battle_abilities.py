"""The House cards' abilities in a battle: those that act on reveal and the "if you win"
ones the winner chooses a target for."""

from __future__ import annotations

from typing import Any

from rules.agot.battle_strength import _ability, defender_units, seat_of
from rules.agot.board import FOOT, KNIGHT, board
from rules.agot.control import (
    count_type,
    remove_units,
)
from rules.agot.flow import emit
from rules.agot.house_cards import refill_if_empty
from rules.agot.state import Frame, State
from rules.base import Event, RuleViolation, text


class CardAbilities:
    """The battle frame's House card abilities (a part of ``Battle``)."""

    def _immediate(self, st: State, fr: Frame, ev: list[Event]) -> None:
        b = board()
        qa = _ability(fr, 0) == "queen_of_thorns"
        qd = _ability(fr, 1) == "queen_of_thorns"
        fr["cancel"] = [qd, qa]
        if qa or qd:
            emit(ev, "ability", seat=fr["att"] if qa else fr["dfn"], ability="queen_of_thorns")
        fief = st.tracks["fiefdoms"]
        for side in sorted((0, 1), key=lambda s_: fief.index(seat_of(fr, s_))):
            ab = _ability(fr, side)
            if ab == "brienne" and side == 0:
                o = st.orders.get(fr["area"])
                if o is not None and o[0] == fr["dfn"] and b.tokens[o[1]].kind == "defense":
                    del st.orders[fr["area"]]
                    emit(ev, "ability", seat=fr["att"], ability="brienne", area=fr["area"])
            elif ab == "loras":
                if side == 1 and fr["units"][FOOT] > 0:
                    fr["units"][FOOT] -= 1
                    emit(ev, "ability", seat=fr["dfn"], ability="loras", area=fr["area"])
                elif side == 0:
                    u = st.units.get(fr["area"])
                    if u is not None and (u[1] or u[4]):
                        remove_units(st, fr["area"], [1, 0, 0], routed=not u[1])
                        emit(ev, "ability", seat=fr["att"], ability="loras", area=fr["area"])
        if sum(fr["units"]) == 0:
            fr["forced"] = 1
        elif sum(defender_units(st, fr)) == 0:
            fr["forced"] = 0


    # ---- "if you win" abilities ---------------------------------------------------------
    def _effect_options(self, st: State, fr: Frame) -> list[Any] | None:
        w = fr["winner"]
        ab = _ability(fr, w)
        me, them = seat_of(fr, w), seat_of(fr, 1 - w)
        b = board()
        fr["effect"] = ab
        opts: list[Any]
        if ab == "cersei":
            opts = sorted(a for a, o in st.orders.items() if o[0] == them)
        elif ab == "melisandre":
            opts = sorted(st.hands[them]) if st.power[me] >= 1 else []
        elif ab == "renly":
            u = st.units.get(fr["area"])
            ok = (u is not None and u[0] == me and (u[1] or u[4])
                  and count_type(st, me, KNIGHT) < b.unit_limits[KNIGHT])
            opts = [fr["area"]] if ok else []
        elif ab == "asha":
            opts = sorted(a for a in b.adj[fr["area"]] if a in st.orders
                          and b.tokens[st.orders[a][1]].kind in ("support", "consolidate"))
        elif ab == "luwin":
            opts = sorted(c for c in st.discards[me] if board().cards[c].ability != "luwin")
        else:
            return None
        return opts or None

    def _apply_effect(self, st: State, fr: Frame, target: Any, ev: list[Event]) -> None:
        w = fr["winner"]
        ab = fr["effect"]
        me, them = seat_of(fr, w), seat_of(fr, 1 - w)
        opts = self._effect_options(st, fr) or []
        if target is None:
            if ab == "cersei":
                raise RuleViolation("illegal", text("agot.error.cersei_must",
                                                    card=_choice_name(fr["cards"][w])))
            emit(ev, "ability_declined", seat=me, ability=ab)
            return
        if target not in opts:
            raise RuleViolation("illegal", text("agot.error.ability_target",
                                                target=repr(target),
                                                options=[_choice_name(o) for o in opts]))
        if ab in ("cersei", "asha"):
            del st.orders[target]
        elif ab == "melisandre":
            st.power[me] -= 1
            st.hands[them].remove(target)
            st.discards[them].append(target)
            refill_if_empty(st, them)
        elif ab == "renly":
            u = st.units[target]
            if u[1]:
                u[1] -= 1
                u[2] += 1
            else:
                u[4] -= 1
                u[5] += 1
        elif ab == "luwin":
            st.discards[me].remove(target)
            st.hands[me].append(target)
        emit(ev, "ability", seat=me, ability=ab, target=target)



def _choice_name(value: Any) -> Any:
    """An ability's option as players know it: an area's or a House card's name."""
    b = board()
    if isinstance(value, str) and value in b.name:
        return b.name[value]
    if isinstance(value, str) and value in b.cards:
        return b.cards[value].name
    return value

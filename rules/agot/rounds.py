"""The game round: its frame steps through the phases (Westeros, planning, the Raven, then the
raids, marches and consolidations) and tidies up after them; after the last round the game
ends."""

from __future__ import annotations

from rules.agot.board import board
from rules.agot.control import gain_power
from rules.agot.flow import LAST_ROUND, Handler, emit, finish_after_last_round, register
from rules.agot.planning import new_planning_frame
from rules.agot.state import Frame, State
from rules.base import Event, Text, text
from rules.kit.frames import Steps


class RoundFrame(Steps[State], Handler):
    """Westeros (from round 2) → planning → Raven → raids → marches → consolidate → next."""

    kind = "round"

    def step(self, st: State, fr: Frame, step: int, ev: list[Event]) -> None:
        if step == 0:
            emit(ev, "round_start", round=st.round)
            if st.round > 1:
                st.stack.append({"kind": "westeros", "step": 0})
        elif step == 1:
            st.stack.append(new_planning_frame(st))
        elif step == 2:
            st.stack.append({"kind": "raven"})
        elif step == 3:
            st.stack.append({"kind": "raids", "idx": 0})
        elif step == 4:
            st.stack.append({"kind": "marches", "idx": 0})
        elif step == 5:
            _unrout(st, ev)
            _consolidate(st, ev)
        else:
            st.orders.clear()
            st.restrictions.clear()
            st.blade_used = False
            if st.round >= LAST_ROUND:
                finish_after_last_round(st, ev)
                return
            st.round += 1
            fr["step"] = 0

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.between")


def _unrout(st: State, ev: list[Event]) -> None:
    any_routed = False
    for u in st.units.values():
        if u[4] or u[5] or u[6]:
            any_routed = True
            u[1] += u[4]
            u[2] += u[5]
            u[3] += u[6]
            u[4] = u[5] = u[6] = 0
    if any_routed:
        emit(ev, "routed_restored")


def _consolidate(st: State, ev: list[Event]) -> None:
    b = board()
    if "feast_for_crows" in st.restrictions:
        return
    gains = [0] * st.n
    for area, (seat, tok) in sorted(st.orders.items()):
        if b.tokens[tok].kind == "consolidate":
            # "…1 žeton moci také za každé území, které … obsahuje symbol moci (korunu)":
            # one more per area with a crown, however many crowns it prints.
            gains[seat] += 1 + (1 if b.crowns[area] else 0)
    for seat in turn_order_list(st):
        if gains[seat]:
            got = gain_power(st, seat, gains[seat])
            emit(ev, "consolidated", seat=seat, power=got)


def turn_order_list(st: State) -> list[int]:
    return list(st.tracks["throne"])


register(RoundFrame())

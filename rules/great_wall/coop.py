"""Co-op (GW-C1 … GW-C15): the Emperor's Requests and their fulfilment, the Shame for every
unfulfilled Request, and the Event phase."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.great_wall import board as B
from rules.great_wall.data import RESOURCES, UNITS, data
from rules.great_wall.machine import MACHINE, Declinable, push, register
from rules.great_wall.procedures import add_horde, draw_tactics, gain_shame_each
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler


def target(st: State) -> int:
    return int(data().board["coop_targets"]["targets"][str(st.n)])


def can_sacrifice(st: State, clan: int, cost: dict[str, Any]) -> bool:
    c = st.clans[clan]
    for k, n in cost.items():
        if k in RESOURCES and c["res"][k] < n:
            return False
        if k in UNITS and B.units_free(st, clan, k) < n:
            return False
        if k == "clerk" and c["clerks"] < n:
            return False
        if k == "honor" and c["honor"] < n:
            return False
    return True


def sacrifice(st: State, clan: int, cost: dict[str, Any]) -> None:
    """Sacrificed things leave the game for good (GW-C5)."""
    c = st.clans[clan]
    for k, n in cost.items():
        if k in RESOURCES:
            c["res"][k] -= n
        elif k in UNITS:
            c["sup"][k] -= n
        elif k == "clerk":
            c["clerks"] -= n
        elif k == "honor":
            c["honor"] -= n


def payers(st: State, clan: int, req: str) -> list[int]:
    info = data().requests[req]
    return list(range(st.n)) if info["kind"] == "each" else [clan]


@register
class Fulfil(Declinable):
    kind = "fulfil"
    actions = ("fulfil",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        clan = fr["clan"]
        out = [Action("fulfil", {"slot": i}) for i, r in enumerate(st.requests)
               if r and all(can_sacrifice(st, p, data().requests[r]["cost"])
                            for p in payers(st, clan, r))]
        return self.with_pass(out)

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, slot = fr["clan"], action.params["slot"]
        req = st.requests[slot]
        assert req is not None
        for p in payers(st, clan, req):
            sacrifice(st, p, data().requests[req]["cost"])
        st.requests[slot] = None
        st.decks["request_discard"].append(req)
        st.fulfilled += 1
        ev.append(Event("request_fulfilled", {"clan": clan, "card": req, "n": st.fulfilled}))
        push(st, "fulfil", clan=clan)


def fulfilment(st: State, ev: list[Event]) -> None:
    if st.mode != "coop":
        return
    for clan in reversed([c for c in st.tea if st.human(c)]):
        push(st, "fulfil", clan=clan)


def unfulfilled(st: State, ev: list[Event]) -> None:
    if st.mode != "coop":
        return
    open_ = sum(1 for r in st.requests if r)
    push(st, "refill_requests")
    # Each player gains one per open Request, in Tea order from the top (GW-3).
    gain_shame_each(st, [c for c in st.tea if st.human(c) for _ in range(open_)], ev)


@register
class RefillRequests(Handler[State]):
    kind = "refill_requests"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        MACHINE.pop(st, fr)
        for i, r in enumerate(st.requests):
            if r is None and st.decks["request"]:
                st.requests[i] = st.decks["request"].pop()
                ev.append(Event("request_new", {"card": st.requests[i]}))
        return True


def event(st: State, ev: list[Event]) -> None:
    if st.mode != "coop" or not st.decks["event"]:
        return
    card = st.decks["event"].pop()
    st.events.append(card)
    ev.append(Event("event", {"card": card}))
    for eff in data().events[card]["effects"]:
        do = eff["do"]
        humans = [c for c in st.tea if st.human(c)]
        if do == "all_gain":
            for c in humans:
                B.gain(st, c, eff.get("res") or {})
                B.honor(st, c, int(eff.get("honor", 0)))
        elif do == "all_lose":
            for c in humans:
                B.gain(st, c, {r: -n for r, n in (eff.get("res") or {}).items()})
        elif do == "all_draw":
            for c in humans:
                draw_tactics(st, c, int(eff["n"]), ev)
        elif do == "add_hordes":
            for _ in range(int(eff["n"])):
                add_horde(st, ev)
        elif do == "remove_barricades":
            for sec in st.sections:
                if not sec["blocked"]:
                    sec["barricades"] = 0
        elif do == "lasting":
            st.lasting[eff["key"]] = st.lasting.get(eff["key"], 0) + int(eff["n"])

"""Tactic cards in trigger windows (GW-51, D14): when a trigger moment happens, every seat
that could hold a card for it is asked, in Tea order; each plays at most one, basic for free
or enhanced for its cost.

Who holds which Tactic card is secret (only the count is public), and the table sees whom the
game waits for. So a window asks every seat the public facts allow to play (one with at least
one Tactic card and, for a defeat or breach, a soldier there), a seat without a fitting card
getting a pass-only question, and a window where no such seat exists closes without a
question. The rulebook lets a card be played at its trigger moment "v tahu jakéhokoli hráče"
and sets no time for it, so the question is quick: ``deadline_share`` gives it a share of the
turn's deadline, and silence passes."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.great_wall import board as B
from rules.great_wall.data import data
from rules.great_wall.machine import MACHINE, Declinable, push, register
from rules.great_wall.procedures import auto_wound, draw_tactics
from rules.great_wall.state import State
from rules.kit.frames import Frame

#: The share of the turn's deadline a Tactic window question gets (its default is "pass").
WINDOW_DEADLINE_SHARE = 0.25


def cards_for(st: State, clan: int, trigger: str) -> list[str]:
    tactics = data().tactics
    return [c for c in dict.fromkeys(st.clans[clan]["tactics"])
            if tactics[c]["trigger"] == trigger]


def humans(st: State) -> list[int]:
    """Every human seat, top of the Tea track first (an assault concerns the whole table)."""
    return [c for c in st.tea if st.human(c)]


def open_window(st: State, trigger: str, clans: list[int], s: int) -> None:
    """Ask every seat in ``clans`` (top of the Tea track first) that holds any Tactic card:
    the count is public, the cards are not, so nobody learns who holds a fitting one."""
    eligible = [c for c in clans if st.human(c) and st.clans[c]["tactics"]]
    for clan in reversed(eligible):
        push(st, "tactic", clan=clan, trigger=trigger, s=s)


@register
class Tactic(Declinable):
    kind = "tactic"
    actions = ("play",)
    decline = "pass"

    def options(self, st: State, fr: Frame) -> list[Action]:
        clan = fr["clan"]
        out = []
        for card in cards_for(st, clan, fr["trigger"]):
            if not self.useful(st, fr, card):
                continue
            out.append(Action("play", {"card": card, "enhanced": False}))
            if B.can_pay(st, clan, data().tactics[card]["cost"]):
                out.append(Action("play", {"card": card, "enhanced": True}))
        return self.with_pass(out, True)

    # A pass-only question is still asked: skipping it would tell the table this seat holds
    # no card for the trigger.
    auto_single = False

    def useful(self, st: State, fr: Frame, card: str) -> bool:
        return True

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, card = fr["clan"], action.params["card"]
        info = data().tactics[card]
        enhanced = bool(action.params["enhanced"])
        if enhanced:
            B.pay(st, clan, info["cost"])
        st.clans[clan]["tactics"].remove(card)
        st.decks["tactic_discard"].append(card)
        ev.append(Event("tactic_played", {"clan": clan, "card": card, "enhanced": enhanced}))
        for eff in info["enhanced" if enhanced else "basic"]:
            tactic_effect(st, fr, clan, eff, ev)


def parent(st: State) -> Frame | None:
    """The defeat or breach the window belongs to (the frame under the tactic frames)."""
    for fr in reversed(st.stack):
        if fr["kind"] in ("defeat", "breach"):
            return fr
    return None


def tactic_effect(st: State, fr: Frame, clan: int, eff: dict[str, Any], ev: list[Event]) -> None:
    do = eff["do"]
    s = fr["s"]
    if do == "gain":
        B.gain(st, clan, eff.get("res") or {})
        B.honor(st, clan, int(eff.get("honor", 0)))
        ev.append(Event("gain", {"clan": clan, "res": B.res_list(eff.get("res") or {}),
                                 "honor": int(eff.get("honor", 0))}))
    elif do in ("rescue", "rescue_all"):
        p = parent(st)
        if p is not None:
            free = p.setdefault("free", {})
            free[str(clan)] = free.get(str(clan), 0) + (99 if do == "rescue_all" else int(eff["n"]))
    elif do == "defence" and s >= 0:
        st.sections[s]["bonus"] = st.sections[s].get("bonus", 0) + int(eff["n"])
        ev.append(Event("defence_bonus", {"clan": clan, "s": s, "n": int(eff["n"])}))
    elif do == "wounds" and s >= 0:
        for _ in range(int(eff["n"])):
            auto_wound(st, clan, s, ev)
    elif do == "draw":
        draw_tactics(st, clan, int(eff["n"]), ev)
    elif do == "place":
        push(st, "place", clan=clan, left=int(eff["n"]), distinct=bool(eff.get("distinct")),
             used=[], dst=None)
    elif do == "attack":
        push(st, "attacker", clan=clan, left=int(eff["n"]))


__all__ = ["MACHINE", "WINDOW_DEADLINE_SHARE", "humans", "open_window"]

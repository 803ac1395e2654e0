"""The draft and the turn's own frame: cleanup, play, recruit, discard, draw, the cats, and the
end-of-game check, in the rulebook's order."""

from __future__ import annotations

from typing import Any

from rules.base import Action, ActionSpec, Event, Text, text
from rules.fort.choosing import pick_option
from rules.fort.common import (
    ev_priv,
    ev_pub,
    has_perk,
    is_dog,
    left,
    settings,
)
from rules.fort.data import ctype, tables
from rules.fort.machine import MACHINE
from rules.fort.state import State
from rules.kit import secret
from rules.kit.frames import Frame, Handler


# ---- draft ---------------------------------------------------------------------------------
class Draft(Handler[State]):
    """Deal 8 (5 kids + 3 dogs with dogs), everyone picks 1 in secret, pass the rest left."""

    kind = "draft"
    actions = ("pick",)

    @staticmethod
    def picks(fr: Frame) -> secret.SeatSlots:
        """The secret picks (``None`` until made) as the kit's commitments."""
        return secret.SeatSlots(fr["picks"])

    @staticmethod
    def pickers(st: State, fr: Frame) -> list[int]:
        return [s for s in range(st.n) if fr["packets"][s]]

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return secret.waiting(self.pickers(st, fr), self.picks(fr))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return [Action("pick", {"card": c}) for c in fr["packets"][seat]]

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("pick", {"card": fr["packets"][seat][0]})

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pick_option(self.legal(st, fr, seat), action)  # type: ignore[arg-type]
        secret.commit(self.picks(fr), seat, action.params["card"])
        ev_pub(ev, "draft_pick", seat=seat)
        ev_priv(ev, seat, "draft_picked", seat=seat, card=action.params["card"])

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        picks = self.picks(fr)
        if not secret.complete(self.pickers(st, fr), picks):
            return False
        n = st.n
        for s, card in secret.reveal(picks):
            fr["packets"][s].remove(card)
            fr["drafted"][s].append(card)
        fr["packets"] = [fr["packets"][(s - 1) % n] for s in range(n)]  # pass left
        fr["round"] += 1
        if any(fr["packets"]):
            ev_pub(ev, "draft_round", round=fr["round"])
            return True
        from rules.fort.setup import deal_decks

        MACHINE.pop(st, fr)
        deal_decks(st, fr["drafted"], ev)
        return True

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text("fort.progress.draft")

    def label(self, st: State, fr: Frame) -> str | Text:
        return text("fort.phase.draft", round=fr["round"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": fr["round"],
            "committed": list(secret.public_status(range(st.n), self.picks(fr)).values()),
            "packet_sizes": [len(fr["packets"][s]) for s in range(st.n)],
        }
        if seat is not None:
            out["packet"] = list(fr["packets"][seat])
            out["drafted"] = list(fr["drafted"][seat])
            out["pick"] = fr["picks"][seat]
        return out


# ---- turn ----------------------------------------------------------------------------------
class Turn(Handler[State]):
    kind = "turn"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        seat, phase = fr["seat"], fr["phase"]
        p = st.players[seat]
        if phase == "start":
            st.leader = seat
            ev_pub(ev, "turn", seat=seat, round=st.round)
            cleanup(st, seat, ev)
            fr["phase"] = "recruit"
            MACHINE.push(st, "play", seat=seat, second=False, cats_used=[])
            return True
        if phase == "recruit":
            fr["phase"] = "bonus"
            MACHINE.push(st, "recruit", seat=seat, extra=False)
            return True
        if phase == "bonus":
            fr["phase"] = "discard"
            if has_perk(st, seat, "birthday_party"):
                MACHINE.push(st, "recruit", seat=seat, extra=True)
            return True
        # discard, draw, cats, end check
        st.play = {}
        discard_phase(st, seat, ev)
        from rules.fort.common import draw

        draw(st, seat, settings()["hand_size"] - len(p["hand"]), ev)
        if st.cfg.get("cats"):
            lure_cats(st, seat, ev)
        p["turns"] += 1
        MACHINE.pop(st, fr)
        end_of_turn(st, seat, ev)
        return True

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset()

    def label(self, st: State, fr: Frame) -> str | Text:
        return text("fort.phase.turn", seat=fr["seat"])


def cleanup(st: State, seat: int, ev: list[Event]) -> None:
    """Yard → discard pile; dogs in it go to the left neighbour's discard pile."""
    p = st.players[seat]
    if not p["yard"]:
        return
    dogs = [c for c in p["yard"] if is_dog(c)]
    kids = [c for c in p["yard"] if not is_dog(c)]
    p["discard"].extend(kids)
    st.players[left(st, seat)]["discard"].extend(dogs)
    p["yard"] = []
    if kids:
        ev_pub(ev, "cleanup", seat=seat, cards=kids)
    if dogs:
        ev_pub(ev, "cleanup_dogs", seat=seat, dogs=dogs, to=left(st, seat))


def discard_phase(st: State, seat: int, ev: list[Event]) -> None:
    p = st.players[seat]
    played = p["played"]
    p["discard"].extend(played)
    p["played"] = []
    bfs = [c for c in p["hand"] if ctype(c).best_friend]
    yard = [c for c in p["hand"] if not ctype(c).best_friend]
    p["discard"].extend(bfs)
    p["yard"].extend(yard)
    p["hand"] = []
    ev_pub(ev, "discard_phase", seat=seat, played=played, best_friends=bfs, yard=yard)


def lure_cats(st: State, seat: int, ev: list[Event]) -> None:
    """At the end of your turn, take every cat whose Yard condition you meet (A7)."""
    p = st.players[seat]
    for cat_id in list(st.cats):
        if st.cats[cat_id] == seat:
            continue
        if cat_lured(p["yard"], tables().cats[cat_id]["lure"]):
            before = st.cats[cat_id]
            st.cats[cat_id] = seat
            if before is None:
                ev_pub(ev, "cat_lure", seat=seat, cat=cat_id)
            else:
                ev_pub(ev, "cat_steal", seat=seat, cat=cat_id, rival=before)


def cat_lured(yard: list[str], lure: dict[str, Any]) -> bool:
    if "distinct" in lure:
        suits = {s for c in yard for s in ctype(c).suits if s != "coin"}
        return len(suits) >= int(lure["distinct"])
    need = int(lure.get("n", 1))
    return sum(ctype(c).literal(lure["suit"]) for c in yard) >= need


def end_of_turn(st: State, seat: int, ev: list[Event]) -> None:
    s = settings()
    if st.end is None:
        for i in range(st.n):
            q = (seat + i) % st.n
            p = st.players[q]
            if p["vp"] >= s["end_vp"]:
                st.end, st.end_seat = "vp", q
            elif p["level"] >= s["end_level"]:
                st.end, st.end_seat = "fort", q
            if st.end:
                break
        if st.end is None and not st.park_deck:
            st.end = "park"
        if st.end is not None:
            ev_pub(ev, "end_trigger", reason=st.end, seat=st.end_seat)
    nxt = left(st, seat)
    if nxt == st.first:
        st.round += 1
        if st.end is None and st.round > s["round_limit"]:
            st.end = "rounds"
            ev_pub(ev, "end_trigger", reason=st.end, seat=None)
        if st.end is not None:
            from rules.fort.scoring import finish

            finish(st, ev)
            return
    MACHINE.push(st, "turn", seat=nxt, phase="start")

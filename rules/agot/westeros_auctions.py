"""Secret auctions: the bids of the ``clash`` frame (Clash of Kings, three tracks) and the
base the wildlings' bidding shares."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import TRACKS
from rules.agot.control import (
    throne_holder,
)
from rules.agot.flow import Handler, emit, pop
from rules.agot.state import Frame, State
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import secret

_TRACK_TEXT = {"throne": "agot.log.track.throne", "fiefdoms": "agot.log.track.fiefdoms",
               "court": "agot.log.track.court"}


def _track(fr: Frame) -> Text:
    """The auction's influence track, named in the reader's language."""
    return text(_TRACK_TEXT[TRACKS[fr["track"]]])


def new_auction(st: State, kind: str, track: int) -> Frame:
    # Every house starts committed to a bid of 0; a house without power has nothing to
    # decide and starts ready.
    return {"kind": kind, "track": track, "step": "bid", "bids": [0] * st.n,
            "ready": [st.power[s] == 0 for s in range(st.n)], "ranking": [], "chosen": -1,
            "owed": [0] * st.n}


def _bids(fr: Frame) -> tuple[secret.SeatSlots, secret.ReadyFlags]:
    """The frame's secret bids and ready flags as the kit's commitments; the saved frame
    keeps its seat-indexed lists (and the bids stay there, public, after the reveal)."""
    return secret.SeatSlots(fr["bids"]), secret.ReadyFlags(fr["ready"])


def _revealed_bids(fr: Frame) -> list[int]:
    return [amount for _, amount in secret.reveal(_bids(fr)[0], keep=True)]


class Auction(Handler):
    """Shared by both auctions: secret bids, revisable until ready."""

    def _bid_act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        bids, ready_seats = _bids(fr)
        if action.kind == "bid":
            amount = P.integer(P.get(action, "amount"), "amount", 0, 10**6)
            if amount > st.power[seat]:
                raise RuleViolation("illegal", text("agot.error.bid_power", n=st.power[seat]))
            ready = P.boolean(P.get(action, "ready", False), "ready")
            secret.commit(bids, seat, amount, ready_seats, lock=ready)
        elif action.kind == "ready":
            ready = True
            secret.mark_ready(bids, ready_seats, seat)
        else:
            raise RuleViolation("wrong_phase", text("agot.error.bid_now"))
        if ready:
            emit(ev, "bid_ready", seat=seat)

    def _bid_waiting(self, st: State, fr: Frame) -> frozenset[int]:
        return secret.waiting(range(st.n), *_bids(fr))

    def _bids_in(self, st: State, fr: Frame) -> bool:
        return secret.complete(range(st.n), *_bids(fr))

    def _bid_legal(self, st: State, seat: int) -> list[Action | ActionSpec]:
        out: list[Action | ActionSpec] = [
            Action("bid", {"amount": a, "ready": True}) for a in range(st.power[seat] + 1)]
        out.append(Action("ready"))
        return out

    def _bid_view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        bids, ready = _bids(fr)
        status = secret.public_status(range(st.n), bids, ready)
        out: dict[str, Any] = {"ready": {str(s): done for s, done in status.items()}}
        if seat is not None and fr["step"] == "bid":
            out["your_bid"] = bids[seat]
        if fr["step"] != "bid":
            out["bids"] = {str(s): fr["bids"][s] for s in range(st.n)}
        return out

    def _ranked(self, st: State, fr: Frame, prior: list[int]) -> tuple[list[int], bool]:
        """Bidders by bid, high first; ties in ``prior`` order. True if any tie exists."""
        bids = fr["bids"]
        return bid_ranking(st.n, bids, prior), len(set(bids)) < st.n


def bid_ranking(n: int, bids: list[int], prior: list[int]) -> list[int]:
    """The bidders by bid, high first; ties in ``prior`` order (a track's)."""
    return sorted(range(n), key=lambda s: (-bids[s], prior.index(s)))


def tie_groups(bids: list[int], ranking: list[int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for s in ranking:
        if groups and bids[groups[-1][0]] == bids[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


class Clash(Auction):
    kind = "clash"
    actions = ("bid", "ready", "order_ties")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["step"] == "bid":
            if not self._bids_in(st, fr):
                return False
            track = TRACKS[fr["track"]]
            emit(ev, "bids_revealed", purpose=track, bids=_revealed_bids(fr))
            ranking, tied = self._ranked(st, fr, st.tracks[track])
            fr["ranking"] = ranking
            if tied:
                fr["step"] = "tie"
                return False
            self._place(st, fr, ev)
            return True
        return False

    def _place(self, st: State, fr: Frame, ev: list[Event]) -> None:
        track = TRACKS[fr["track"]]
        for s in range(st.n):
            st.power[s] -= fr["bids"][s]
        st.tracks[track] = list(fr["ranking"])
        emit(ev, "track_set", track=track, order=list(fr["ranking"]))
        pop(st, fr)
        if fr["track"] < 2:
            st.stack.append(new_auction(st, "clash", fr["track"] + 1))

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        if fr["step"] == "bid":
            return self._bid_waiting(st, fr)
        return frozenset({throne_holder(st)})

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if fr["step"] == "bid":
            self._bid_act(st, fr, seat, action, ev)
            return
        if action.kind != "order_ties":
            raise RuleViolation("wrong_phase", text("agot.error.ties_now"))
        ranking = P.seq(P.get(action, "ranking"), "ranking")
        if sorted(x for x in ranking if isinstance(x, int) and not isinstance(x, bool)) != list(
                range(st.n)) or len(ranking) != st.n:
            raise RuleViolation("bad_params", text("agot.error.ranking"))
        bids = fr["bids"]
        if any(bids[ranking[i]] < bids[ranking[i + 1]] for i in range(st.n - 1)):
            raise RuleViolation("illegal", text("agot.error.higher_bid_first"))
        fr["ranking"] = list(ranking)
        emit(ev, "ties_ordered", seat=seat, ranking=list(ranking), track=TRACKS[fr["track"]])
        self._place(st, fr, ev)

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        if fr["step"] == "bid":
            return self._bid_legal(st, seat)
        return [self.default(st, fr, seat),
                ActionSpec("order_ties", {"ranking": None}, text("agot.spec.order_ties"))]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        if fr["step"] == "bid":
            return Action("bid", {"amount": rng.randint(0, st.power[seat]), "ready": True})
        groups = tie_groups(fr["bids"], fr["ranking"])
        return Action("order_ties", {"ranking": [s for g in groups for s in rng.shuffled(g)]})

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        if fr["step"] == "bid":
            return Action("ready")
        return Action("order_ties", {"ranking": list(fr["ranking"])})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        if fr["step"] == "bid":
            return text("agot.progress.bid_track", track=_track(fr))
        return text("agot.progress.ties", track=_track(fr))

    def label(self, st: State, fr: Frame) -> Text:
        if fr["step"] == "bid":
            return text("agot.phase.clash_bid", track=_track(fr))
        return text("agot.phase.clash_ties", track=_track(fr))

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"track": TRACKS[fr["track"]], **self._bid_view(st, fr, seat)}

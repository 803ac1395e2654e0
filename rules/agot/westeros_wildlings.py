"""The ``wildlings`` frame: the Night's Watch bidding, then the reward or the penalty."""

from __future__ import annotations

from itertools import product
from typing import Any

from rules.agot import params as P
from rules.agot.board import UNIT_COST
from rules.agot.control import (
    remove_units,
    throne_holder,
)
from rules.agot.flow import emit, pop
from rules.agot.state import Frame, State
from rules.agot.westeros_auctions import Auction, _revealed_bids, tie_groups
from rules.agot.westeros_supply import parse_unit_map
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text


def penalty_ok(st: State, seat: int, kill: dict[str, list[int]], owed: int) -> bool:
    value = sum(c[i] * UNIT_COST[i] for c in kill.values() for i in range(3))
    have = sum(u[1 + i] * UNIT_COST[i] for u in st.units.values() if u[0] == seat
               for i in range(3))
    if value < owed and value < have:
        return False
    cheapest = min((UNIT_COST[i] for c in kill.values() for i in range(3) if c[i]), default=0)
    return not (value - cheapest >= owed and cheapest)


def penalty_default(st: State, seat: int, owed: int) -> dict[str, dict[str, int]]:
    tot = [0, 0, 0]
    for u in st.units.values():
        if u[0] == seat:
            for i in range(3):
                tot[i] += u[1 + i]
    best: tuple[int, int, tuple[int, int, int]] | None = None
    for f, s, k in product(range(min(tot[0], owed) + 1), range(min(tot[2], owed) + 1),
                           range(min(tot[1], owed) + 1)):
        value = f + s + 2 * k
        have = tot[0] + tot[2] + 2 * tot[1]
        if value < min(owed, have):
            continue
        cheapest = 1 if (f or s) else (2 if k else 0)
        if cheapest and value - cheapest >= owed:
            continue
        key = (value, f + s + k, (f, k, s))
        if best is None or key < best:
            best = key
    out: dict[str, dict[str, int]] = {}
    if best is None:
        return out
    need = list(best[2])
    for a in sorted(x for x, u in st.units.items() if u[0] == seat):
        u = st.units[a]
        take = [min(need[i], u[1 + i]) for i in range(3)]
        for i in range(3):
            need[i] -= take[i]
        if sum(take):
            out[a] = P.count_dict(take)
    return out


class Wildlings(Auction):
    kind = "wildlings"
    actions = ("bid", "ready", "choose_bidder", "reclaim_card", "destroy_units")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        step = fr["step"]
        if step == "bid":
            if not self._bids_in(st, fr):
                return False
            bids = _revealed_bids(fr)
            total = sum(bids)
            won = total >= st.wildling
            emit(ev, "bids_revealed", purpose="wildlings", bids=bids,
                 total=total, threat=st.wildling, watch_wins=won)
            for s in range(st.n):
                st.power[s] -= fr["bids"][s]
            fr["won"] = won
            ranking, _ = self._ranked(st, fr, st.tracks["throne"])
            groups = tie_groups(fr["bids"], ranking)
            group = groups[0] if won else groups[-1]
            before = st.wildling
            st.wildling = 0
            if before:
                emit(ev, "wildling_threat", before=before, after=0)
            if len(group) > 1:
                fr["tied"] = group
                fr["step"] = "tie"
                return False
            fr["chosen"] = group[0]
            self._after_choice(st, fr, ev)
            return True
        if step == "reclaim":
            return False
        if step == "penalty":
            if any(fr["owed"]):
                return False
            pop(st, fr)
            return True
        return False

    def _after_choice(self, st: State, fr: Frame, ev: list[Event]) -> None:
        seat = fr["chosen"]
        if fr["won"]:
            if st.discards[seat]:
                fr["step"] = "reclaim"
            else:
                pop(st, fr)
            return
        emit(ev, "wildlings_win", lowest=seat)
        owed = [0] * st.n
        for s in range(st.n):
            have = sum(u[1 + i] * UNIT_COST[i] for u in st.units.values() if u[0] == s
                       for i in range(3))
            if have:
                owed[s] = 4 if s == seat else 2
        fr["owed"] = owed
        fr["step"] = "penalty"

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        step = fr["step"]
        if step == "bid":
            return self._bid_waiting(st, fr)
        if step == "tie":
            return frozenset({throne_holder(st)})
        if step == "reclaim":
            return frozenset({fr["chosen"]})
        if step == "penalty":
            return frozenset(s for s in range(st.n) if fr["owed"][s])
        return frozenset()

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        step = fr["step"]
        if step == "bid":
            self._bid_act(st, fr, seat, action, ev)
            return
        if step == "tie":
            if action.kind != "choose_bidder":
                raise RuleViolation("wrong_phase", text("agot.error.tie_now"))
            who = P.get(action, "seat")
            if who not in fr["tied"] or isinstance(who, bool):
                raise RuleViolation("illegal", text("agot.error.tied_seats",
                                                    seats=[str(t) for t in fr["tied"]]))
            fr["chosen"] = who
            emit(ev, "tie_broken", seat=seat, chosen=who, purpose="wildlings",
                 side="highest" if fr["won"] else "lowest")
            self._after_choice(st, fr, ev)
            return
        if step == "reclaim":
            if action.kind != "reclaim_card":
                raise RuleViolation("wrong_phase", text("agot.error.reclaim_now"))
            cid = P.get(action, "card", None)
            if cid is not None:
                if cid not in st.discards[seat]:
                    raise RuleViolation("illegal", text("agot.error.not_discarded",
                                                        card=repr(cid)))
                st.discards[seat].remove(cid)
                st.hands[seat].append(cid)
            emit(ev, "card_reclaimed", seat=seat, card=cid)
            pop(st, fr)
            return
        if action.kind != "destroy_units":
            raise RuleViolation("wrong_phase", text("agot.error.penalty_now"))
        kill = parse_unit_map(st, seat, P.get(action, "units"))
        owed = fr["owed"][seat]
        if not penalty_ok(st, seat, kill, owed):
            raise RuleViolation("illegal", text("agot.error.penalty", n=owed))
        for a, c in kill.items():
            remove_units(st, a, c)
        emit(ev, "units_destroyed", seat=seat, units={a: P.count_dict(c) for a, c in kill.items()},
             reason="wildlings")
        fr["owed"][seat] = 0

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        step = fr["step"]
        if step == "bid":
            return self._bid_legal(st, seat)
        if step == "tie":
            return [Action("choose_bidder", {"seat": s}) for s in fr["tied"]]
        if step == "reclaim":
            return [Action("reclaim_card", {"card": None}),
                    *[Action("reclaim_card", {"card": c}) for c in sorted(st.discards[seat])]]
        return [self.default(st, fr, seat),
                ActionSpec("destroy_units", {"units": None}, text("agot.spec.destroy_units"))]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        if fr["step"] == "bid":
            return Action("bid", {"amount": rng.randint(0, st.power[seat]), "ready": True})
        return super().random(st, fr, seat, rng)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        step = fr["step"]
        if step == "bid":
            return Action("ready")
        if step == "tie":
            return Action("choose_bidder", {"seat": fr["tied"][0 if fr["won"] else -1]})
        if step == "reclaim":
            return Action("reclaim_card", {"card": None})
        return Action("destroy_units", {"units": penalty_default(st, seat, fr["owed"][seat])})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        step = fr["step"]
        if step == "penalty":
            return text("agot.progress.penalty", n=fr["owed"][seat])
        return text({"bid": "agot.progress.bid_watch", "tie": "agot.progress.tie",
                     "reclaim": "agot.progress.reclaim"}.get(step, "agot.progress.wait"))

    def label(self, st: State, fr: Frame) -> Text:
        return text({"bid": "agot.phase.wildlings_bid", "tie": "agot.phase.wildlings_tie",
                     "reclaim": "agot.phase.wildlings_reclaim",
                     "penalty": "agot.phase.wildlings_penalty"}.get(fr["step"],
                                                                    "agot.phase.wildlings"),
                    strength=st.wildling)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        out = self._bid_view(st, fr, seat)
        if fr["step"] == "tie":
            # Public at the table (the bids and the threat were shown): which end is tied.
            out["watch_wins"] = fr["won"]
            out["tied"] = list(fr["tied"])
        if fr["step"] == "penalty":
            out["owed"] = {str(s): fr["owed"][s] for s in range(st.n)}
        if fr["step"] in ("reclaim", "penalty"):
            out["chosen"] = fr["chosen"]
        return out

"""The Westeros phase: three cards, the wildling threat, and every card's procedure.

Frames: ``westeros`` (draw, threat, resolve I-II-III), ``supply`` (reconcile armies),
``muster`` (in turn order), ``clash`` (three secret auctions), ``wildlings`` (secret bids,
reward or penalty).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from rules.agot import params as P
from rules.agot.board import FOOT, KNIGHT, SHIP, TRACKS, UNIT_COST, board
from rules.agot.control import (
    add_units,
    area_label,
    control,
    count_type,
    gain_power,
    house_label,
    remove_units,
    throne_holder,
    unit_total,
)
from rules.agot.flow import Handler, emit, pop, register, update_supply
from rules.agot.state import Frame, State
from rules.agot.supply import army_sizes, min_removals, reduction_plan, within_supply
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import cards, secret

MUSTER_COST = {"footman": 1, "knight": 2, "ship": 1, "upgrade": 1}
#: "a knight costs 2": the price of each kind of muster, for refusals.
_COST_TEXT = {"footman": "agot.error.cost.footman", "knight": "agot.error.cost.knight",
              "ship": "agot.error.cost.ship", "upgrade": "agot.error.cost.upgrade"}
#: "All your ships are already on the board."
_ALL_ON_BOARD = {"footman": "agot.error.all_on_board.footman",
                 "knight": "agot.error.all_on_board.knight",
                 "ship": "agot.error.all_on_board.ship"}
#: "A new ship in … would break your supply limit."
_NEW_UNIT = {"footman": "agot.error.new_unit_supply.footman",
             "knight": "agot.error.new_unit_supply.knight",
             "ship": "agot.error.new_unit_supply.ship"}
_TRACK_TEXT = {"throne": "agot.log.track.throne", "fiefdoms": "agot.log.track.fiefdoms",
               "court": "agot.log.track.court"}


def _track(fr: Frame) -> Text:
    """The auction's influence track, named in the reader's language."""
    return text(_TRACK_TEXT[TRACKS[fr["track"]]])


RESTRICTIONS = ("sea_of_storms", "storm_of_swords", "rains_of_autumn", "feast_for_crows")
#: The Westeros decks are saved top card first: each round's card is looked at on top and
#: then goes under its deck.
DECK_TOP = cards.FRONT


class Westeros(Handler):
    kind = "westeros"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        b = board()
        step = fr["step"]
        fr["step"] = step + 1
        if step == 0:
            drawn = []
            for i, deck in enumerate(st.decks):
                times = 0
                while b.wcards[cards.peek(deck, DECK_TOP)].effect == "winter_is_coming":
                    times += 1
                    cards.reshuffle(deck, st.rng)
                if times:  # one line per deck, however often Winter came back on top
                    emit(ev, "winter_is_coming", deck=i + 1, times=times)
                drawn.append(cards.peek(deck, DECK_TOP))
            st.westeros = drawn
            emit(ev, "westeros_revealed", round=st.round, cards=list(drawn))
            icons = sum(1 for c in drawn if b.wcards[c].wildling)
            if icons:
                before = st.wildling
                st.wildling = min(b.wildling_max, st.wildling + icons * b.data.wildling_step)
                if st.wildling != before:  # at the top of the track nothing happened
                    emit(ev, "wildling_threat", before=before, after=st.wildling)
        elif step <= 3:
            self._resolve(st, st.westeros[step - 1], ev, step)
        else:
            for deck in st.decks:
                cards.cycle(deck, DECK_TOP)
            pop(st, fr)
        return True

    def _resolve(self, st: State, cid: str, ev: list[Event], deck: int) -> None:
        b = board()
        eff = b.wcards[cid].effect
        # The deck tells apart two cards of one name (Last Days of Summer is in decks I-III).
        emit(ev, "westeros_card", card=cid, deck=deck)
        if eff in RESTRICTIONS:
            st.restrictions.append(eff)
        elif eff == "supply":
            st.stack.append({"kind": "supply", "step": 0, "pending": []})
        elif eff == "mustering":
            st.stack.append({"kind": "muster", "idx": 0, "seat": -1})
        elif eff == "clash_of_kings":
            st.stack.append(new_auction(st, "clash", 0))
        elif eff == "wildling_attack":
            st.stack.append(new_auction(st, "wildlings", 0))
        elif eff == "game_of_thrones":
            for seat in list(st.tracks["throne"]):
                crowns = sum(b.crowns[a] for a in b.crown_areas if control(st, a) == seat)
                got = gain_power(st, seat, crowns)
                if got:
                    emit(ev, "power_gained", seat=seat, power=got, reason="game_of_thrones")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.westeros")


# ---- destroying chosen units (supply reconciliation, wildling penalty) ----------------------
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


# ---- mustering --------------------------------------------------------------------------------
def muster_areas(st: State, seat: int) -> list[str]:
    b = board()
    return [a for a in b.castle_areas if control(st, a) == seat]


def apply_builds(st: State, seat: int, builds: list[Any]) -> list[dict[str, Any]]:
    """Validate and apply builds in order; raise on the first illegal one."""
    b = board()
    points = {a: b.castle[a] for a in muster_areas(st, seat)}
    done = []
    for raw in builds:
        item = P.mapping(raw, "build")
        area = P.area(item.get("area"))
        unit = item.get("unit")
        if area not in points:
            raise RuleViolation("illegal", text("agot.error.no_castle", area=area_label(area)))
        cost = (MUSTER_COST.get(unit) if isinstance(unit, str) else None)
        if cost is None:
            raise RuleViolation("bad_params", text("agot.error.muster_unit"))
        if points[area] < cost:
            raise RuleViolation("illegal", text("agot.error.muster_points",
                                                area=area_label(area), n=points[area],
                                                cost=text(_COST_TEXT[unit], cost=cost)))
        target = area
        if unit == "ship":
            target = P.area(item.get("sea"), "sea")
            if not b.is_sea[target] or target not in b.adj_set[area]:
                raise RuleViolation("illegal", text("agot.error.ship_sea",
                                                    area=area_label(area)))
            tu = st.units.get(target)
            if (tu is not None and tu[0] != seat) or target in st.neutral:
                raise RuleViolation("illegal", text("agot.error.sea_taken",
                                                    area=area_label(target)))
        if unit == "upgrade":
            u = st.units.get(area)
            if u is None or u[0] != seat or not u[1]:
                raise RuleViolation("illegal", text("agot.error.no_footman",
                                                    area=area_label(area)))
            if count_type(st, seat, KNIGHT) >= b.unit_limits[KNIGHT]:
                raise RuleViolation("illegal", text(_ALL_ON_BOARD["knight"]))
            u[1] -= 1
            u[2] += 1
        else:
            t = {"footman": FOOT, "knight": KNIGHT, "ship": SHIP}[unit]
            if count_type(st, seat, t) >= b.unit_limits[t]:
                raise RuleViolation("illegal", text(_ALL_ON_BOARD[unit]))
            if not within_supply(st, seat, {target: 1}):
                raise RuleViolation("illegal", text(_NEW_UNIT[unit], area=area_label(target)))
            add_units(st, target, seat, [1 if i == t else 0 for i in range(3)])
        points[area] -= cost
        done.append({"area": area, "unit": unit, **({"sea": target} if unit == "ship" else {})})
    return done


class Muster(Handler):
    kind = "muster"
    actions = ("muster",)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        order = st.tracks["throne"]
        while fr["idx"] < st.n:
            seat = order[fr["idx"]]
            if muster_areas(st, seat):
                fr["seat"] = seat
                return False
            fr["idx"] += 1
        pop(st, fr)
        return True

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({fr["seat"]})

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind != "muster":
            raise RuleViolation("wrong_phase", text("agot.error.muster_now"))
        builds = P.seq(P.get(action, "builds", []), "builds")
        apply_builds(st.copy(), seat, builds)  # validate on a probe first
        done = apply_builds(st, seat, builds)
        emit(ev, "mustered", seat=seat, builds=done)
        fr["idx"] += 1

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("muster", {"builds": []})

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        b = board()
        areas = muster_areas(st, seat)
        seas = sorted({s for a in areas for s in b.sea_adj[a]})
        return [Action("muster", {"builds": []}),
                ActionSpec("muster", {"builds": None, "area": areas,
                                      "unit": ["footman", "knight", "ship", "upgrade"],
                                      "sea": seas},
                           text("agot.spec.muster"))]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        b = board()
        probe = st.copy()
        builds: list[dict[str, Any]] = []
        for area in muster_areas(st, seat):
            for _ in range(b.castle[area]):
                unit = rng.choice(["footman", "knight", "ship", "upgrade", "none"])
                if unit == "none":
                    continue
                item: dict[str, Any] = {"area": area, "unit": unit}
                if unit == "ship":
                    seas = b.sea_adj[area]
                    if not seas:
                        continue
                    item["sea"] = rng.choice(list(seas))
                trial = probe.copy()
                try:
                    apply_builds(trial, seat, [*builds, item])
                except RuleViolation:
                    continue
                builds.append(item)
        return Action("muster", {"builds": builds})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("agot.progress.muster")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.muster", house=house_label(st, fr["seat"]))


# ---- secret auctions: Clash of Kings and the Night's Watch -----------------------------------
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
        ranking = sorted(range(st.n), key=lambda s: (-bids[s], prior.index(s)))
        tied = len(set(bids)) < st.n
        return ranking, tied


def _tie_groups(bids: list[int], ranking: list[int]) -> list[list[int]]:
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
        groups = _tie_groups(fr["bids"], fr["ranking"])
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
            groups = _tie_groups(fr["bids"], ranking)
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


register(Westeros())
register(Supply())
register(Muster())
register(Clash())
register(Wildlings())

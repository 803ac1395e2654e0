"""Planning: secret simultaneous orders (revisable until ready), the reveal, the Raven."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import board
from rules.agot.control import area_label, house_label, raven_holder
from rules.agot.describe import order_text, westeros_text
from rules.agot.flow import Handler, emit, pop, register
from rules.agot.state import Frame, State
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import secret

_BANNED = {"sea_of_storms": "raid", "storm_of_swords": "defense",
           "feast_for_crows": "consolidate"}
_BAN_TEXT = {"raid": "agot.error.banned_raid", "defense": "agot.error.banned_defense",
             "consolidate": "agot.error.banned_consolidate"}
_BANNED_BY = {kind: card for card, kind in _BANNED.items()}


def stars(st: State, seat: int) -> int:
    pos = st.tracks["court"].index(seat)
    return board().stars(st.n)[pos]


def orderable(st: State, seat: int) -> list[str]:
    return sorted(a for a, u in st.units.items() if u[0] == seat)


def banned_kinds(st: State) -> set[str]:
    return {_BANNED[r] for r in st.restrictions if r in _BANNED}


def check_orders(st: State, seat: int, orders: dict[str, str]) -> None:
    """Raise unless ``orders`` (area -> token) is a legal full set for ``seat``."""
    b = board()
    mine = set(orderable(st, seat))
    banned = banned_kinds(st)
    used: set[str] = set()
    special = 0
    for area, tok in orders.items():
        if area not in mine:
            raise RuleViolation("illegal", text("agot.error.no_units_in", area=area_label(area)))
        t = b.tokens.get(tok) if isinstance(tok, str) else None
        if t is None:
            raise RuleViolation("bad_params", text("agot.error.unknown_token", value=repr(tok)))
        if tok in used:
            raise RuleViolation("illegal", text("agot.error.token_used", order=order_text(tok)))
        used.add(tok)
        if t.kind in banned:
            raise RuleViolation("illegal", text(_BAN_TEXT[t.kind],
                                                card=westeros_text(_BANNED_BY[t.kind])))
        if t.kind == "consolidate" and b.is_sea[area]:
            raise RuleViolation("illegal", text("agot.error.consolidate_at_sea"))
        special += t.special
    if special > stars(st, seat):
        raise RuleViolation("illegal", text("agot.error.special_orders", n=stars(st, seat)))


def new_planning_frame(st: State) -> Frame:
    # Every house starts committed to "no orders"; a house with no units has nothing to
    # decide and starts ready.
    ready = [not orderable(st, s) for s in range(st.n)]
    return {"kind": "planning", "orders": [{} for _ in range(st.n)], "ready": ready}


def commitments(fr: Frame) -> tuple[secret.SeatSlots, secret.ReadyFlags]:
    """The frame's secret orders and ready flags as the kit's commitments; the saved frame
    keeps its seat-indexed lists."""
    return secret.SeatSlots(fr["orders"]), secret.ReadyFlags(fr["ready"])


def _parse_orders(value: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in P.mapping(value, "orders").items():
        area = P.area(k)
        if v is None:
            continue
        if not isinstance(v, str):
            raise RuleViolation("bad_params", text("agot.error.unknown_token", value=repr(v)))
        out[area] = v
    return out


class Planning(Handler):
    kind = "planning"
    actions = ("place_orders", "place_order", "remove_order", "ready")

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return secret.waiting_in_lists(range(st.n), fr["orders"], fr["ready"])

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        k = action.kind
        orders, ready_seats = commitments(fr)
        mine: dict[str, str] = orders[seat]
        if k == "place_orders":
            new = _parse_orders(P.get(action, "orders"))
            ready = P.boolean(P.get(action, "ready", False), "ready")
        elif k == "place_order":
            area = P.area(P.get(action, "area"))
            tok = P.get(action, "order")
            if not isinstance(tok, str):
                raise RuleViolation("bad_params", text("agot.error.unknown_token",
                                                       value=repr(tok)))
            if area in mine:
                raise RuleViolation("illegal", text("agot.error.has_order",
                                                    area=area_label(area)))
            new = {**mine, area: tok}
            ready = False
        elif k == "remove_order":
            area = P.area(P.get(action, "area"))
            if area not in mine:
                raise RuleViolation("illegal", text("agot.error.no_order_of_yours",
                                                    area=area_label(area)))
            new = {a: t for a, t in mine.items() if a != area}
            ready = False
        elif k == "ready":
            new, ready = mine, True
        else:
            raise RuleViolation("wrong_phase", text("agot.error.place_orders_now"))
        check_orders(st, seat, new)
        secret.commit(orders, seat, dict(sorted(new.items())), ready_seats, lock=ready)
        if ready:
            emit(ev, "orders_ready", seat=seat)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        orders, ready_seats = commitments(fr)
        if not secret.complete(range(st.n), orders, ready_seats):
            return False
        st.orders = {}
        for s, mine in secret.reveal(orders, keep=True):
            for area, tok in mine.items():
                st.orders[area] = [s, tok]
        emit(ev, "orders_revealed",
             orders={a: {"seat": o[0], "order": o[1]} for a, o in sorted(st.orders.items())})
        pop(st, fr)
        return True

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        b = board()
        areas = orderable(st, seat)
        toks = [t for t in b.token_ids if b.tokens[t].kind not in banned_kinds(st)]
        return [
            ActionSpec("place_orders", {"orders": None, "ready": [True, False]},
                       text("agot.spec.place_orders")),
            ActionSpec("place_order", {"area": areas, "order": toks},
                       text("agot.spec.place_order")),
            ActionSpec("remove_order", {"area": sorted(fr["orders"][seat])},
                       text("agot.spec.remove_order")),
            Action("ready"),
        ]

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("ready")

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        return Action("place_orders", {"orders": random_orders(st, seat, rng), "ready": True})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        missing = len(orderable(st, seat)) - len(fr["orders"][seat])
        if missing:
            return text("agot.progress.orders_missing", n=missing)
        return text("agot.progress.press_ready")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.planning")

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        orders, ready_seats = commitments(fr)
        status = secret.public_status(range(st.n), orders, ready_seats)
        out: dict[str, Any] = {"ready": {str(s): done for s, done in status.items()}}
        if seat is not None:
            out["your_orders"] = dict(orders[seat])
        return out


def random_orders(st: State, seat: int, rng: Any) -> dict[str, str]:
    b = board()
    banned = banned_kinds(st)
    left_special = stars(st, seat)
    pool = [t for t in b.token_ids if b.tokens[t].kind not in banned]
    rng.shuffle(pool)
    out: dict[str, str] = {}
    for area in orderable(st, seat):
        if rng.randbelow(6) == 0:
            continue
        for i, tok in enumerate(pool):
            t = b.tokens[tok]
            if t.special and left_special <= 0:
                continue
            if t.kind == "consolidate" and b.is_sea[area]:
                continue
            out[area] = tok
            left_special -= t.special
            pool.pop(i)
            break
    return out


class Raven(Handler):
    kind = "raven"
    actions = ("raven_swap", "raven_pass")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        holder = raven_holder(st)
        if not any(o[0] == holder for o in st.orders.values()):
            pop(st, fr)
            return True
        return False

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({raven_holder(st)})

    @staticmethod
    def _star_left(st: State, seat: int, mine: dict[str, str]) -> bool:
        """"…speciální rozkaz může ale použít jenom tehdy, pokud mu zůstaly nevyužité
        hvězdičky z kroku 1." — a special order as the replacement needs a star the house
        left unused when it placed its orders (one special for another is no exception)."""
        b = board()
        return sum(b.tokens[t].special for t in mine.values()) < stars(st, seat)

    def _options(self, st: State, seat: int) -> list[tuple[str, str]]:
        b = board()
        mine = {a: o[1] for a, o in st.orders.items() if o[0] == seat}
        unused = [t for t in b.token_ids if t not in mine.values()]
        if not self._star_left(st, seat, mine):
            unused = [t for t in unused if not b.tokens[t].special]
        out = []
        for area in sorted(mine):
            for tok in unused:
                trial = {**mine, area: tok}
                try:
                    check_orders(st, seat, trial)
                except RuleViolation:
                    continue
                out.append((area, tok))
        return out

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind == "raven_pass":
            emit(ev, "raven_pass", seat=seat)
            pop(st, fr)
            return
        if action.kind != "raven_swap":
            raise RuleViolation("wrong_phase", text("agot.error.raven_now"))
        area = P.area(P.get(action, "area"))
        tok = P.get(action, "order")
        o = st.orders.get(area)
        if o is None or o[0] != seat:
            raise RuleViolation("illegal", text("agot.error.no_order_in", area=area_label(area)))
        if not isinstance(tok, str) or tok not in board().tokens:
            raise RuleViolation("bad_params", text("agot.error.unknown_token", value=repr(tok)))
        mine = {a: x[1] for a, x in st.orders.items() if x[0] == seat}
        if tok in mine.values():
            raise RuleViolation("illegal", text("agot.error.token_placed",
                                                order=order_text(tok)))
        if board().tokens[tok].special and not self._star_left(st, seat, mine):
            raise RuleViolation("illegal", text("agot.error.raven_no_star"))
        check_orders(st, seat, {**mine, area: tok})
        old = o[1]
        o[1] = tok
        emit(ev, "raven_swap", seat=seat, area=area, old=old, new=tok)
        pop(st, fr)

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        acts: list[Action | ActionSpec] = [Action("raven_pass")]
        acts += [Action("raven_swap", {"area": a, "order": t}) for a, t in self._options(st, seat)]
        return acts

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        if rng.randbelow(3):
            return Action("raven_pass")
        return super().random(st, fr, seat, rng)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("raven_pass")

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("agot.progress.raven")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.raven", house=house_label(st, raven_holder(st)))


register(Planning())
register(Raven())

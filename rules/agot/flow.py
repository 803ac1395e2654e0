"""The phase machinery: frame handlers, the driver and the end of the game (the round frame
is ``rules.agot.rounds``).

Each frame kind has one ``Handler``. The driver runs automatic frames until the top frame
waits for someone; ``act`` hands a seat's action to the top frame.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from rules.agot.board import board
from rules.agot.control import area_label, castle_counts
from rules.agot.state import Frame, State
from rules.agot.supply import supply_count
from rules.base import Action, Event, RuleViolation, text
from rules.kit import frames as kit_frames

LAST_ROUND = 10


def emit(ev: list[Event], kind: str, visible_to: frozenset[int] | None = None, **data: Any
         ) -> None:
    ev.append(Event(kind, data, visible_to))


class Handler(kit_frames.Handler[State]):
    """An AGoT frame kind (the procedure's machinery is ``rules.kit.frames``)."""


MACHINE: kit_frames.Machine[State] = kit_frames.Machine()
HANDLERS = MACHINE.handlers


def next_in_throne_order(st: State, fr: Frame,
                         orders_of: Callable[[State, int], list[str]]) -> list[str]:
    """Action-phase turns: from the frame's place on the Iron Throne track, the next house
    that still holds orders of this kind becomes ``fr["seat"]``; returns its order areas
    ([] when no house has any left)."""
    order = st.tracks["throne"]
    for step in range(st.n):
        seat = order[(fr["idx"] + step) % st.n]
        mine = orders_of(st, seat)
        if mine:
            fr["idx"] = (fr["idx"] + step) % st.n
            fr["seat"] = seat
            return mine
    return []


def orders_of(st: State, seat: int, kind: str) -> list[str]:
    """The areas where ``seat`` has an order of ``kind`` ("march", "raid"…), sorted."""
    b = board()
    return sorted(a for a, o in st.orders.items() if o[0] == seat and b.tokens[o[1]].kind == kind)


class SeatTurn(Handler):
    """A frame that waits for one seat at a time (``fr["seat"]``), for its one action kind;
    another kind is refused with the frame's own hint (``hint``: what to do now)."""

    hint: ClassVar[str] = ""

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({fr["seat"]})

    def expect(self, action: Action) -> None:
        if action.kind not in self.actions:
            raise RuleViolation("wrong_phase", text(self.hint))


class OrderTurns(SeatTurn):
    """The action phase for one order kind (``order``): the houses resolve one order each,
    in Iron Throne order, until none is left. An order that can do nothing (``usable``) is
    removed in the house's place (``void`` says so). A subclass names its ``kind`` and
    ``order``; its one action is named as the order, what to do now is the catalog's
    ``agot.error.<order>_now`` (``hint``) and an area without such an order of the seat's is
    refused with ``agot.error.no_<order>_in`` (``not_yours``)."""

    order: ClassVar[str] = ""
    #: The refusal of an area that holds no such order of the seat's.
    not_yours: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.order:
            cls.actions = (cls.order,)
            cls.hint = f"agot.error.{cls.order}_now"
            cls.not_yours = f"agot.error.no_{cls.order}_in"

    @abstractmethod
    def usable(self, st: State, area: str) -> bool:
        ...

    @abstractmethod
    def void(self, st: State, fr: Frame, area: str, ev: list[Event]) -> None:
        ...

    def orders(self, st: State, seat: int) -> list[str]:
        return orders_of(st, seat, self.order)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        mine = next_in_throne_order(st, fr, self.orders)
        if not mine:
            pop(st, fr)
            return True
        if any(self.usable(st, a) for a in mine):
            return False
        del st.orders[mine[0]]
        self.void(st, fr, mine[0], ev)
        fr["idx"] = (fr["idx"] + 1) % st.n
        return True

    def own_order(self, st: State, seat: int, area: str) -> list[Any]:
        """The seat's order of this kind in ``area`` (seat, token id), or a refusal."""
        o = st.orders.get(area)
        if o is None or o[0] != seat or board().tokens[o[1]].kind != self.order:
            raise RuleViolation("illegal", text(self.not_yours, area=area_label(area)))
        return o


def register(handler: Handler) -> Handler:
    HANDLERS[handler.kind] = handler
    return handler


def top(st: State) -> Frame | None:
    return st.stack[-1] if st.stack else None


def awaiting(st: State) -> frozenset[int]:
    return MACHINE.awaiting(st)


def drive(st: State, ev: list[Event]) -> None:
    """Run automatic frames until someone must decide or the game is over."""
    MACHINE.drive(st, ev, settle=_castle_check)


def _castle_check(st: State, ev: list[Event], last: str | None) -> bool:
    # Control changes only through a player's action or a battle step, so the castle count
    # is checked at those moments rather than after every automatic step.
    return last in (None, "battle") and check_castle_win(st, ev)


def pop(st: State, fr: Frame) -> None:
    assert st.stack and st.stack[-1] is fr
    st.stack.pop()


# ---- victory -------------------------------------------------------------------------------
def check_castle_win(st: State, ev: list[Event]) -> bool:
    counts = castle_counts(st)
    best = max(counts)
    if best < st.castles_to_win:
        return False
    winners = [s for s in range(st.n) if counts[s] == best]
    # Only marches change control, one at a time, so a single house crosses the line.
    seat = winners[0]
    others = sorted((s for s in range(st.n) if s != seat), key=lambda s: _final_key(st, s, counts),
                    reverse=True)
    ranking = [[seat], *_group(st, others, counts)]
    st.result = {
        "winners": [seat],
        "ranking": ranking,
        "scores": {str(s): counts[s] for s in range(st.n)},
        "reason": text("agot.log.won_at_once", house=board().house_name[st.houses[seat]],
                       n=best).to_json(),
    }
    emit(ev, "game_over", winners=[seat], reason=st.result["reason"])
    st.stack.clear()
    return True


def _final_key(st: State, seat: int, counts: list[int]) -> tuple[int, int, int]:
    return (counts[seat], st.supply[seat], st.power[seat])


def _group(st: State, seats: list[int], counts: list[int]) -> list[list[int]]:
    places: list[list[int]] = []
    last: tuple[int, int, int] | None = None
    for s in seats:
        key = _final_key(st, s, counts)
        if places and key == last:
            places[-1].append(s)
        else:
            places.append([s])
        last = key
    return places


def finish_after_last_round(st: State, ev: list[Event]) -> None:
    counts = castle_counts(st)
    seats = sorted(range(st.n), key=lambda s: _final_key(st, s, counts), reverse=True)
    ranking = _group(st, seats, counts)
    top_place = ranking[0]
    b = board()
    names = [b.house_name[st.houses[s]] for s in top_place]
    if len(top_place) == 1:
        reason = text("agot.log.won_after_rounds", round=LAST_ROUND, house=names[0],
                      n=counts[top_place[0]]).to_json()
    else:
        reason = text("agot.log.draw_after_rounds", round=LAST_ROUND, houses=names).to_json()
    st.result = {
        "winners": list(top_place),
        "ranking": ranking,
        "scores": {str(s): counts[s] for s in range(st.n)},
        "reason": reason,
    }
    emit(ev, "game_over", winners=list(top_place), reason=reason)
    st.stack.clear()


def update_supply(st: State, seat: int) -> int:
    st.supply[seat] = supply_count(st, seat)
    return st.supply[seat]

"""The one frame machine of Northgard and the shape of its decisions.

Every decision is a frame whose ``options`` are concrete actions (few enough for buttons or
a select), so a move is checked simply by being one of them; a frame with nothing to decide
finishes itself (``on_empty``)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import frames
from rules.kit.frames import Handler, Machine
from rules.northgard.state import Frame, State

MACHINE: Machine[State] = Machine()


def push(st: State, kind: str, **data: Any) -> Frame:
    fr: Frame = {"kind": kind, **data}
    st.stack.append(fr)
    return fr


def pop(st: State, fr: Frame) -> None:
    assert st.stack and st.stack[-1] is fr, (fr["kind"], [f["kind"] for f in st.stack])
    st.stack.pop()


def register(handler: Handler[State]) -> Handler[State]:
    MACHINE.register(handler)
    return handler


def _same_value(x: Any, y: Any) -> bool:
    if type(x) is not type(y):
        return False
    if isinstance(x, list):
        return len(x) == len(y) and all(_same_value(a, b) for a, b in zip(x, y, strict=True))
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(_same_value(x[k], y[k]) for k in x)
    return bool(x == y)


def same(a: Action, b: Action) -> bool:
    """The same move, parameter types included (a ``True`` is not a ``1``): cheaper than
    ``Action.__eq__``'s canonical JSON, which matters when a log is replayed."""
    return a.kind == b.kind and _same_value(dict(a.params), dict(b.params))


class Decision(Handler[State]):
    """A frame awaiting one seat (``fr["seat"]``) that picks one of ``options``."""

    actions: ClassVar[tuple[str, ...]] = ()
    #: The catalog key of what the seat is deciding (progress and phase labels).
    what: ClassVar[str] = ""
    #: The default answer's kinds, best first; without one offered, the first option.
    prefer: ClassVar[tuple[str, ...]] = ()

    def seats(self, st: State, fr: Frame) -> list[int]:
        return [fr["seat"]]

    @abstractmethod
    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        ...

    def choose_default(self, st: State, fr: Frame, seat: int, opts: list[Action]) -> Action:
        for kind in self.prefer:
            for a in opts:
                if a.kind == kind:
                    return a
        return opts[0]

    @abstractmethod
    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        ...

    def on_empty(self, st: State, fr: Frame, ev: list[Event]) -> None:
        """Nothing left to choose: the frame ends."""
        pop(st, fr)

    # ---- the Handler protocol --------------------------------------------------------------
    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if any(self.options(st, fr, s) for s in self.seats(st, fr)):
            return False
        self.on_empty(st, fr, ev)
        return True

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        # ``run`` ends a frame (or settles a seat) that has nothing left to choose before the
        # machine ever asks whom it awaits, so the seats themselves are the answer.
        return frozenset(self.seats(st, fr))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return list(self.options(st, fr, seat))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.choose_default(st, fr, seat, self.options(st, fr, seat))

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        return rng.choice(self.options(st, fr, seat))

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if not any(same(action, a) for a in self.options(st, fr, seat)):
            raise RuleViolation("illegal", text("northgard.error.not_an_option",
                                                what=text(self.what or "northgard.what.move")))
        self.apply(st, fr, seat, action, ev)

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text(self.what or "northgard.what.move")

    def label(self, st: State, fr: Frame) -> Text:
        return text(self.what or "northgard.what.move")


class Auto(Handler[State]):
    """A frame that only does automatic work."""

    def label(self, st: State, fr: Frame) -> Text:
        return text("northgard.what.auto")


class Steps(frames.Steps[State], Auto):
    """The kit's numbered steps (``fr["step"]``, which the view and the AI read) with the
    automatic frame's label."""

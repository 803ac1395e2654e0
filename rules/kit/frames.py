"""A game procedure as a stack of serializable frames (plain dicts with a ``kind``), each
kind served by one ``Handler``: it does automatic work (``run``), says whom it waits for
(``awaiting``), takes a seat's action (``act``) and offers options, defaults, progress and a
view. ``Machine.drive`` runs automatic frames until the top frame waits for someone. Because
frames are JSON, the whole procedure — nested battles, auctions, pending choices — survives a
restart and replays exactly. (AGoT is written this way; so can any game with nested phases.)
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rules.base import Action, ActionSpec, Event, RuleViolation, Text

Frame = dict[str, Any]


class StackState(Protocol):
    stack: list[Frame]
    result: Any


S = TypeVar("S", bound=StackState)


class Handler(Generic[S], metaclass=ABCMeta):
    kind: ClassVar[str] = ""
    #: Action kinds this frame accepts (for the "wrong_phase" check).
    actions: ClassVar[tuple[str, ...]] = ()

    def run(self, st: S, fr: Frame, ev: list[Event]) -> bool:
        """Do automatic work; True if the stack moved on, False if the frame waits."""
        return False

    def awaiting(self, st: S, fr: Frame) -> frozenset[int]:
        return frozenset()

    def act(self, st: S, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        raise RuleViolation("wrong_phase", "Nothing can be done now.")

    def legal(self, st: S, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return [self.default(st, fr, seat)]

    def default(self, st: S, fr: Frame, seat: int) -> Action:
        # Only frames that await a seat are asked for a default; those all override this.
        raise AssertionError(f"frame {self.kind!r} awaits nobody, so it has no default")

    def random(self, st: S, fr: Frame, seat: int, rng: Any) -> Action:
        acts = [a for a in self.legal(st, fr, seat) if isinstance(a, Action)]
        return rng.choice(acts) if acts else self.default(st, fr, seat)

    def progress(self, st: S, fr: Frame, seat: int) -> str | Text:
        return "your decision"

    def label(self, st: S, fr: Frame) -> str | Text:
        return self.kind

    def view(self, st: S, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {}


class Steps(Handler[S]):
    """An automatic frame that walks numbered steps, one per run: ``fr["step"]`` is the next
    one (views and AIs read it), counted on before the step runs so that a step may push
    frames or set it back (a round that starts again)."""

    def run(self, st: S, fr: Frame, ev: list[Event]) -> bool:
        step = fr["step"]
        fr["step"] = step + 1
        self.step(st, fr, step, ev)
        return True

    @abstractmethod
    def step(self, st: S, fr: Frame, step: int, ev: list[Event]) -> None:
        ...


#: Called before each automatic step with the kind of the frame stepped last (None at the
#: start); returns True when it changed the state (e.g. a victory check ended the game).
Settle = Callable[[Any, list[Event], str | None], bool]


class Machine(Generic[S]):
    """The handlers of one game and the driver over its stack."""

    def __init__(self, limit: int = 100_000) -> None:
        self.handlers: dict[str, Handler[S]] = {}
        self.limit = limit
        self._kinds: frozenset[str] | None = None

    def register(self, handler: Handler[S]) -> Handler[S]:
        self.handlers[handler.kind] = handler
        self._kinds = None
        return handler

    def kinds(self) -> frozenset[str]:
        """Every action kind some frame takes (an action of another kind is unknown)."""
        if self._kinds is None:
            self._kinds = frozenset(k for h in self.handlers.values() for k in h.actions)
        return self._kinds

    @staticmethod
    def top(st: S) -> Frame | None:
        return st.stack[-1] if st.stack else None

    def handler(self, fr: Frame) -> Handler[S]:
        return self.handlers[fr["kind"]]

    def awaiting(self, st: S) -> frozenset[int]:
        fr = self.top(st)
        if fr is None or st.result is not None:
            return frozenset()
        return self.handler(fr).awaiting(st, fr)

    def act(self, st: S, seat: int, action: Action, ev: list[Event]) -> None:
        """Hand a seat's action to the top frame, then drive on."""
        fr = self.top(st)
        if fr is None:
            raise RuleViolation("game_over", "The game is over.")
        h = self.handler(fr)
        if h.actions and action.kind not in h.actions:
            raise RuleViolation("wrong_phase", f"'{action.kind}' cannot be played now.")
        h.act(st, fr, seat, action, ev)

    def drive(self, st: S, ev: list[Event], settle: Settle | None = None) -> None:
        """Run automatic frames until someone must decide or the game is over."""
        last: str | None = None
        for _ in range(self.limit):
            if st.result is not None:
                st.stack.clear()
                return
            if settle is not None and settle(st, ev, last):
                last = None
                continue
            fr = self.top(st)
            if fr is None:
                return
            h = self.handler(fr)
            last = fr["kind"]
            if h.run(st, fr, ev):
                continue
            if h.awaiting(st, fr):
                return
            raise RuntimeError(f"frame {fr['kind']} neither progressed nor awaits anyone")
        raise RuntimeError("the phase machinery did not settle")

    @staticmethod
    def push(st: S, kind: str, **data: Any) -> Frame:
        fr: Frame = {"kind": kind, **data}
        st.stack.append(fr)
        return fr

    @staticmethod
    def pop(st: S, fr: Frame) -> None:
        assert st.stack and st.stack[-1] is fr
        st.stack.pop()

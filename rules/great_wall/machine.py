"""The phase machinery: the kit's frame stack with one base class for every decision.

A ``Choice`` frame waits for one clan (``fr["clan"]``) and offers a short list of concrete
actions; the action taken must be one of them, so a malformed or stale action is refused
before anything changes. Automatic frames override ``run``."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler, Machine

MACHINE: Machine[State] = Machine(limit=200_000)


def push(st: State, kind: str, **data: Any) -> Frame:
    return MACHINE.push(st, kind, **data)


def register(cls: type[Handler[State]]) -> type[Handler[State]]:
    MACHINE.register(cls())
    return cls


class Choice(Handler[State]):
    """One clan picks one of a few concrete actions."""

    #: The default is the first option unless a frame names a better one (spec §7.2).
    progress_key: ClassVar[str] = ""

    @abstractmethod
    def options(self, st: State, fr: Frame) -> list[Action]:
        ...

    @abstractmethod
    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        ...

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        return options[0]

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        # A decision with a single option (or none) decides itself: nobody is asked to click
        # the only button there is.
        opts = self.options(st, fr)
        if len(opts) == 1 and self.single_decides(fr):
            MACHINE.pop(st, fr)
            self.choose(st, fr, opts[0], ev)
            return True
        if not opts:
            MACHINE.pop(st, fr)
            return True
        return False

    auto_single: ClassVar[bool] = True
    #: A frame that asks more than once (a pick, then the next) stays on the stack while
    #: ``choose`` works and pops itself once done.
    stays: ClassVar[bool] = False

    def single_decides(self, fr: Frame) -> bool:
        """Whether a lone option is taken without asking (``auto_single`` unless a frame's
        stage says otherwise)."""
        return self.auto_single

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({fr["clan"]})

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if seat != fr["clan"]:
            raise RuleViolation("not_your_turn", text("great_wall.error.not_you"))
        if action not in self.options(st, fr):
            raise RuleViolation("bad_params", text("great_wall.error.not_allowed"))
        if not self.stays:
            MACHINE.pop(st, fr)
        self.choose(st, fr, action, ev)

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return list(self.options(st, fr))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.preferred(st, fr, self.options(st, fr))

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text(f"great_wall.progress.{self.progress_key or self.kind}")

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        """What the table sees of a pending decision: its kind, whose it is and its public
        parameters (never the options, which may follow from hidden resources)."""
        public = {k: v for k, v in fr.items() if k in PUBLIC_KEYS}
        return public


class Declinable(Choice):
    """A step a clan may decline: the way out (``decline``: "done", "skip", "pass") is offered
    last and is the default, and choosing it does nothing; ``take`` does every other answer."""

    decline: ClassVar[str] = "done"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The way out is always an accepted kind: a class names only its real answers.
        super().__init_subclass__(**kwargs)
        if cls.decline not in cls.actions:
            cls.actions = (*cls.actions, cls.decline)

    def with_pass(self, real: list[Action], asked: bool = False) -> list[Action]:
        """The answers and, last, the way out; none at all when there is no real answer,
        unless ``asked``: for a question whose answers depend on the clan's hidden resources,
        ``asked`` says, from public facts only, whether the rulebook offers the step at all.
        When it does, the question is put even if nothing is affordable (only the way out):
        skipping it would show the table what the clan cannot pay. Such classes set
        ``auto_single = False``."""
        if not real and not asked:
            return []
        return [*real, Action(self.decline)]

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        return options[-1]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        if action.kind != self.decline:
            self.take(st, fr, action, ev)

    @abstractmethod
    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        ...


class Repeated(Declinable):
    """A step a clan may take up to ``fr["left"]`` times (once per clerk, or as a card says),
    one at a time: each answer but the way out first queues the next ask, under whatever this
    one pushes so that it comes after, then does its work (``once``)."""

    def options(self, st: State, fr: Frame) -> list[Action]:
        return self.offers(st, fr) if fr["left"] > 0 else []

    @abstractmethod
    def offers(self, st: State, fr: Frame) -> list[Action]:
        ...

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        if fr["left"] > 1:
            push(st, self.kind, clan=fr["clan"], left=fr["left"] - 1, **self.again(fr))
        self.once(st, fr, action, ev)

    def again(self, fr: Frame) -> dict[str, Any]:
        """The next ask's further fields."""
        return {}

    @abstractmethod
    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        ...


#: Frame fields anyone may see (where, what for, how many left); options are computed.
PUBLIC_KEYS = frozenset({"kind", "clan", "loc", "s", "left", "unit", "trigger", "card_at"})

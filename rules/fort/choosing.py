"""A Fort frame that awaits one seat with a short list of concrete options, and how an action
is matched to one of them (the parameters compared as the options hold them)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.fort.state import State
from rules.kit.frames import Frame, Handler

Options = list[Action]


def bad_choice() -> RuleViolation:
    return RuleViolation("illegal", text("fort.error.not_an_option"))


def same_params(a: Any, b: Any) -> bool:
    """Equal values of equal JSON types (so ``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_params(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_params(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def pick_option(options: Options, action: Action) -> Action:
    params = dict(action.params)
    for o in options:
        if o.kind == action.kind and same_params(dict(o.params), params):
            return o
    raise bad_choice()


class Choosing(Handler[State]):
    """A frame that awaits ``fr['seat']`` and offers ``options``; ``choose`` applies one."""

    @abstractmethod
    def options(self, st: State, fr: Frame) -> Options:
        ...

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({fr["seat"]})

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return list(self.options(st, fr))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.options(st, fr)[0]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        opts = [o for o in self.options(st, fr) if o.kind != "cancel"]
        return rng.choice(opts)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind not in self.actions:
            raise RuleViolation("wrong_phase", text("fort.error.wrong_phase"))
        self.choose(st, fr, pick_option(self.options(st, fr), action), ev)

    @abstractmethod
    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        ...

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text(f"fort.progress.{self.kind}")

    def label(self, st: State, fr: Frame) -> str | Text:
        return text(f"fort.phase.{self.kind}", seat=fr["seat"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"seat": fr["seat"]}

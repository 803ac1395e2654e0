"""The plumbing every game's rules object repeated, written once: a state class that persists
and copies itself and keeps its result as ``Result`` JSON. A game's rules class derives from
``StateRules``, names its state class and content, and writes only what is its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rules.base import Action, ActionSpec, Event, GameRules, Result, RuleViolation, Seat, Text, text
from rules.content import ContentSchema
from rules.kit.frames import Frame, Handler, Machine


class StateRules(GameRules):
    #: The game's state: ``n`` (seats), ``result`` (``Result`` JSON or None), ``to_json()``,
    #: ``copy()``, the class methods ``from_json(data)`` and, where the state may keep the
    #: decoded data it is given instead of copying it, ``adopt(data)``.
    state_class: ClassVar[Any]
    #: The game's printed content as overridable data (None: it has none).
    content: ClassVar[ContentSchema | None] = None

    def n_seats(self, state: Any) -> int:
        return int(state.n)

    def content_schema(self) -> ContentSchema | None:
        return self.content

    def copy_state(self, state: Any) -> Any:
        return state.copy()

    def to_json(self, state: Any) -> Any:
        return state.to_json()

    def from_json(self, data: Any) -> Any:
        return self.state_class.from_json(data)

    def adopt_json(self, data: Any) -> Any:
        adopt = getattr(self.state_class, "adopt", None)
        return adopt(data) if adopt is not None else self.from_json(data)

    def result(self, state: Any) -> Result | None:
        return None if state.result is None else self.result_of(state, state.result)

    def result_of(self, state: Any, data: dict[str, Any]) -> Result:
        """The stored result as a ``Result`` (a game whose reason is a bare key says how)."""
        return Result.from_json(data)


class MachineRules(StateRules):
    """The rules of a game played as a stack of frames (``rules.kit.frames``): who is awaited
    and what they may do is asked of the top frame's handler. A new game is the game's
    ``new_state`` driven to its first decision; a move is refused (``refusal``) when no frame
    knows its kind or the running one does not take it, else handed to the running frame
    (``act``), the machine driven on (``drive``) and the events returned (``enrich``)."""

    #: The game's frame handlers and driver.
    machine: ClassVar[Machine[Any]]
    #: The game's state before its first drive: ``(config, n_seats, seed) -> state``, bound
    #: as it is (``new_state = staticmethod(new_state)``); it refuses a bad config itself.
    new_state: ClassVar[Callable[[Mapping[str, Any], int, int], Any]]

    def new_game(self, config: Mapping[str, Any], n_seats: int, seed: int) -> Any:
        st = self.new_state(config, n_seats, seed)
        self.drive(st, [])
        return st

    def drive(self, state: Any, events: list[Event]) -> None:
        """Run automatic frames until someone must decide (a game that checks something
        between steps, such as a victory, drives its own way)."""
        self.machine.drive(state, events)

    def step(self, state: Any, seat: Seat, action: Action) -> list[Event]:
        fr = self.machine.top(state)
        if fr is None:
            raise RuleViolation("game_over", self.refusal("game_over", state, seat, action))
        if action.kind not in self.machine.kinds():
            raise RuleViolation("unknown_action",
                                self.refusal("unknown_action", state, seat, action))
        h = self.machine.handler(fr)
        if action.kind not in h.actions:
            raise RuleViolation("wrong_phase", self.refusal("wrong_phase", state, seat, action))
        events: list[Event] = []
        self.act(state, seat, action, events)
        self.drive(state, events)
        return self.enrich(state, events)

    def refusal(self, code: str, state: Any, seat: Seat, action: Action) -> str | Text:
        """The words refusing a move (``code``: "game_over", "unknown_action",
        "wrong_phase"): by default the game's catalog key ``<id>.error.<code>``, with no
        parameters; a game whose words name the move or what is awaited overrides this."""
        return text(f"{self.id}.error.{code}")

    def act(self, state: Any, seat: Seat, action: Action, events: list[Event]) -> None:
        """Hand a move the running frame takes to it."""
        h, fr = self.running(state)
        h.act(state, fr, seat, action, events)

    def enrich(self, state: Any, events: list[Event]) -> list[Event]:
        """The events of a move as the log and views read them (by default as they are; a
        game may name seats in them, so that a log line needs no state)."""
        return events

    def running(self, state: Any) -> tuple[Handler[Any], Frame]:
        """The frame running now and its handler (there is one while the game goes on)."""
        fr = state.stack[-1]
        return self.machine.handler(fr), fr

    def awaiting(self, state: Any) -> frozenset[Seat]:
        return self.machine.awaiting(state)

    def legal_actions(self, state: Any, seat: Seat) -> list[Action | ActionSpec]:
        if seat not in self.machine.awaiting(state):
            return []
        h, fr = self.running(state)
        return h.legal(state, fr, seat)

    def random_action(self, state: Any, seat: Seat, rng: Any) -> Action:
        h, fr = self.running(state)
        return h.random(state, fr, seat, rng)

    def default_action(self, state: Any, seat: Seat) -> Action:
        h, fr = self.running(state)
        return h.default(state, fr, seat)


def stored_result(data: dict[str, Any], reason: Any, seats: int) -> Result:
    """A result kept as plain JSON whose reason the game words itself (``reason``): scores as
    floats, only the seats' (a solo game's automated opponent keeps its score apart)."""
    return Result(winners=tuple(data["winners"]),
                  ranking=tuple(tuple(p) for p in data["ranking"]),
                  scores={int(k): float(v) for k, v in data["scores"].items() if int(k) < seats},
                  reason=reason)

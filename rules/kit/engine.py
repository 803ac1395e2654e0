"""The plumbing every game's rules object repeated, written once: a state class that persists
and copies itself and keeps its result as ``Result`` JSON. A game's rules class derives from
``StateRules``, names its state class and content, and writes only what is its own."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.base import Action, ActionSpec, GameRules, Result, Seat
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
    and what they may do is asked of the top frame's handler."""

    #: The game's frame handlers and driver.
    machine: ClassVar[Machine[Any]]

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

"""Building states for scenario tests: a game past setup, with the board arranged by hand."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.great_wall import RULES
from rules.great_wall.machine import MACHINE
from rules.great_wall.state import State


def started(n: int = 3, seed: int = 1, **config: Any) -> State:
    """A game whose seats all took their default General and Advisor (now choosing the
    first Fall's Command cards)."""
    st = RULES.new_game(config, n, seed)
    while st.stack and st.stack[-1]["kind"] == "setup":
        seat = min(RULES.awaiting(st))
        st, _ = RULES.apply(st, seat, RULES.default_action(st, seat))
    return st


def bare(st: State) -> State:
    """The same game with an empty procedure stack, for driving single procedures."""
    st.stack = []
    return st


def drive(st: State) -> list[Event]:
    ev: list[Event] = []
    MACHINE.drive(st, ev)
    return ev


def act(st: State, seat: int, kind: str, **params: Any) -> tuple[State, list[Event]]:
    return RULES.apply(st, seat, Action(kind, params))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]

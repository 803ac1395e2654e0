"""The Fort tests' own helpers (no tests here): a game at the first Leader's Play decision,
with hands set by hand, driven through the engine."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.fort import RULES
from rules.fort.state import State


class Game:
    """A running Fort game driven through ``RULES.apply`` (so every step is validated)."""

    def __init__(self, config: dict[str, Any] | None = None, n: int = 3, seed: int = 1) -> None:
        self.state: State = RULES.new_game(config or {}, n, seed)
        self.events: list[Event] = []

    @property
    def leader(self) -> int:
        return self.state.leader

    def p(self, seat: int) -> dict[str, Any]:
        return self.state.players[seat]

    def set_hand(self, seat: int, cards: list[str]) -> None:
        """Give ``seat`` exactly these cards (taken out of wherever else they are)."""
        st = self.state
        for c in cards:
            for q in st.players:
                for zone in ("deck", "hand", "discard", "yard", "lookout"):
                    if c in q[zone]:
                        q[zone].remove(c)
            for zone in (st.park_deck, st.park):
                if c in zone:
                    zone.remove(c)
        self.p(seat)["hand"] = list(cards)

    def top(self) -> dict[str, Any]:
        return self.state.stack[-1]

    def awaiting(self) -> list[int]:
        return sorted(RULES.awaiting(self.state))

    def legal(self, seat: int | None = None) -> list[Action]:
        seat = self.awaiting()[0] if seat is None else seat
        return [a for a in RULES.legal_actions(self.state, seat) if isinstance(a, Action)]

    def do(self, kind: str, /, *, by: int | None = None, **params: Any) -> list[Event]:
        seat = self.awaiting()[0] if by is None else by
        self.state, ev = RULES.apply(self.state, seat, Action(kind, params))
        self.events.extend(ev)
        return ev

    def in_window(self) -> bool:
        top = self.state.stack[-1] if self.state.stack else None
        return top is not None and top["kind"] == "card" and top["stage"] == "follow"

    def window(self, choices: dict[int, Action] | None = None) -> None:
        """Close the follow window: every follower still to commit commits its choice from
        ``choices`` (default: pass), in seat order; the reveal follows the last commit."""
        choices = choices or {}
        assert self.in_window(), self.top()
        for f in sorted(self.top()["followers"]):
            if not self.in_window():
                break
            if self.top()["choices"][f] is None:
                a = choices.get(f, Action("pass"))
                self.do(a.kind, by=f, **a.params)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def finish_turn(self) -> None:
        """Default every decision until the next Leader's Play decision (or the end)."""
        start = self.leader
        while RULES.result(self.state) is None:
            top = self.top()
            if top["kind"] == "play" and top["seat"] != start:
                return
            seat = self.awaiting()[0]
            self.state, ev = RULES.apply(self.state, seat,
                                         RULES.default_action(self.state, seat))
            self.events.extend(ev)

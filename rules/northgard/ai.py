"""Northgard's AI player (docs/ai/northgard.md): flat Monte Carlo over sampled worlds.

``determinize`` rebuilds the game from the seat's view (``ai_world``), ``evaluate`` scores a
position in expected fame against the best other side (``ai_eval``), and the rollouts are
played by a cheap policy that plays its cards rather than passing early, never dithers
(``back``), answers the harvest trade at once and otherwise picks at random.
"""

from __future__ import annotations

from typing import Any

from rules.base import Action, RuleViolation, Seat
from rules.kit.ai import Ai, Budget, Difficulty, result_value
from rules.northgard import RULES
from rules.northgard.ai_eval import relative
from rules.northgard.ai_world import determinize
from rules.northgard.effects import can_play
from rules.northgard.engine import HANDLERS
from rules.northgard.state import State
from rules.rng import Rng

#: A finished game outweighs any running position (values are in fame).
WIN = 1000.0

BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=1, depth=6, candidates=10),
    "normal": Budget("normal", worlds=3, playouts=3, depth=14, candidates=10),
    "hard": Budget("hard", worlds=4, playouts=6, depth=20, candidates=12),
}


class NorthgardAi(Ai):
    def budget(self, difficulty: Difficulty) -> Budget:
        return BUDGETS[difficulty]

    def determinize(self, view: Any, seat: Seat, rng: Rng) -> State:
        return determinize(view, seat, rng)

    def evaluate(self, state: State, seat: Seat) -> float:
        done = result_value(self.rules, state, seat)
        if done is not None:
            return WIN * (done - 0.5)
        return relative(state, seat)

    def policy(self, state: State, seat: Seat, rng: Rng) -> Action:
        fr = state.stack[-1]
        opts = HANDLERS[fr["kind"]].options(state, fr, seat)  # type: ignore[attr-defined]
        return pick(state, fr, seat, opts, rng)

    def candidates(self, state: State, seat: Seat, rng: Rng, limit: int) -> list[Action]:
        legal = [a for a in self.rules.legal_actions(state, seat) if isinstance(a, Action)]
        # "back" undoes a pick: comparing it with the picks themselves is wasted work.
        moves = [a for a in legal if a.kind != "back"] or legal
        if len(moves) > limit:
            moves = rng.sample(moves, limit)
        return moves or [self.rules.default_action(state, seat)]

    def choose(self, view: Any, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        moves = self.candidates(state, seat, rng, budget.candidates)
        if len(moves) == 1:
            return moves[0]
        worlds = [state] + [self.determinize(view, seat, rng)
                            for _ in range(max(0, budget.worlds - 1))]
        totals = dict.fromkeys(moves, 0.0)
        for k in range(max(1, budget.playouts)):
            world = worlds[k % len(worlds)]
            for move in moves:
                totals[move] += self.rollout(world, seat, move, rng, budget.depth)
        top = moves[0]
        for move in moves[1:]:
            if totals[move] > totals[top]:
                top = move
        return top

    def rollout(self, state: Any, seat: Seat, move: Action, rng: Rng, depth: int) -> float:
        try:
            return super().rollout(state, seat, move, rng, depth)
        except RuleViolation:
            return float("-inf")


def pick(st: State, fr: dict[str, Any], seat: int, opts: list[Action], rng: Rng) -> Action:
    """The rollout policy's choice among a frame's options."""
    kind = fr["kind"]
    if kind == "turn":
        return _turn(st, fr, seat, opts, rng)
    if kind == "trade":
        for a in opts:
            if a.kind == "swap_decline":
                return a
        for a in opts:
            if a.kind == "trade_done":
                return a
        return opts[0]
    useful = [a for a in opts if a.kind != "back"] or opts
    return rng.choice(useful)


def _turn(st: State, fr: dict[str, Any], seat: int, opts: list[Action], rng: Rng) -> Action:
    if fr["main"]:
        return next((a for a in opts if a.kind == "end_turn"), opts[0])
    if fr["sel"] is None:
        cards = [a for a in opts if a.kind == "card" and can_play(st, seat, a.params["card"])]
        if cards:
            return rng.choice(cards)
        passes = [a for a in opts if a.kind == "pass"]
        return rng.choice(passes) if passes else opts[0]
    for kind in ("play", "wait"):
        for a in opts:
            if a.kind == kind:
                return a
    return opts[0]


AI = NorthgardAi(RULES)

"""Catan: Brotherhood of the Watch's AI player (docs/ai/catan_watch.md).

Decides in a state sampled from its view (ai_world): the moves worth a look (ai_moves) are
ranked by the heuristic right after each (ai_eval); ``normal`` and ``hard`` then play the
best few out with the cheap policy in several sampled worlds (flat Monte Carlo) where the
choice shapes the game — the turn's builds and trades, the set-up corners, Tormund.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, Action, RuleViolation, Seat
from rules.catan_watch import RULES, ai_eval, ai_world
from rules.catan_watch.ai_moves import moves
from rules.catan_watch.data import RES_INDEX
from rules.catan_watch.state import MAIN, SETUP, TORMUND, State
from rules.kit.ai import Ai, Budget, Difficulty
from rules.rng import Rng

#: Phases where rollouts compare the best few moves (elsewhere the heuristic alone decides).
_SEARCHED = frozenset({MAIN, SETUP, TORMUND})

BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=0, depth=0, candidates=40),
    "normal": Budget("normal", worlds=3, playouts=6, depth=30, candidates=3),
    "hard": Budget("hard", worlds=6, playouts=16, depth=40, candidates=5),
}


OFFER_SHARE = 0.4  # about how often an offer finds a taker


class CatanAi(Ai):
    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> State:
        return ai_world.determinize(view, seat, rng)

    def evaluate(self, state: Any, seat: Seat) -> float:
        return ai_eval.evaluate(state, seat)

    def budget(self, difficulty: Difficulty) -> Budget:
        return BUDGETS[difficulty]

    def candidates(self, state: Any, seat: Seat, rng: Rng, limit: int) -> list[Action]:
        return moves(state, seat, rng)

    def choose(self, view: JSON, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        options = self.candidates(state, seat, rng, budget.candidates)
        if len(options) == 1:
            return options[0]
        scored = [(self.one_ply(state, seat, a), i) for i, a in enumerate(options)]
        scored.sort(key=lambda x: (-x[0], x[1]))
        ranked = [options[i] for _, i in scored]
        if budget.playouts <= 0 or state.phase not in _SEARCHED:
            return ranked[0]
        top = ranked[:budget.candidates]
        # Moves far behind the best by the heuristic are not worth a rollout.
        best_score = scored[0][0]
        top = [a for a, (s, _) in zip(top, scored, strict=False) if s >= best_score - 1.0]
        if len(top) == 1:
            return top[0]
        worlds = [state] + [self.determinize(view, seat, rng)
                            for _ in range(max(0, budget.worlds - 1))]
        totals = dict.fromkeys(top, 0.0)
        for k in range(budget.playouts):
            world = worlds[k % len(worlds)]
            for move in top:
                totals[move] += self.rollout(world, seat, move, rng, budget.depth)
        return max(top, key=lambda a: (totals[a], -top.index(a)))

    def one_ply(self, state: State, seat: int, move: Action) -> float:
        """The heuristic right after the move; a roll is judged by the position before it
        (its outcome is luck, not choice)."""
        if move.kind == "roll":
            return self.evaluate(state, seat)
        if move.kind == "offer_trade":
            # Worth a share of what the trade would bring (someone may take it).
            hand = state.hands[seat]
            after = hand[:]
            for name, k in move.params["give"].items():
                after[RES_INDEX[name]] -= k
            for name, k in move.params["get"].items():
                after[RES_INDEX[name]] += k
            gain = ai_eval.hand_value(state, seat, after) - ai_eval.hand_value(state, seat, hand)
            return self.evaluate(state, seat) + OFFER_SHARE * gain - 0.001
        try:
            nxt, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        return self.evaluate(nxt, seat)


AI = CatanAi(RULES)

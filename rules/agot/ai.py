"""The AGoT AI player (docs/ai/agot.md).

It sees only its view: ``determinize`` (``ai_world``) rebuilds a whole state with everything
hidden sampled. Most decisions are heuristic plans on that state (``ai_plan``: orders,
mustering, bids; ``ai_moves``: marches, raids, battles). The one decision that shapes a round
— the orders — is searched at ``normal`` and ``hard``: a few candidate order sets (the plan and
perturbed variants of it) are each played out to the end of the round's action phase in
sampled worlds, every house playing the heuristic, and scored with ``ai_eval.evaluate``.
"""

from __future__ import annotations

from typing import Any

from rules.agot.ai_eval import evaluate
from rules.agot.ai_moves import decide, valid_marches
from rules.agot.ai_plan import plan_orders
from rules.agot.ai_world import determinize
from rules.agot.engine import AgotRules
from rules.agot.state import State
from rules.base import JSON, Action, RuleViolation, Seat
from rules.kit.ai import Ai, Budget, Difficulty, best, tally
from rules.rng import Rng

#: Per difficulty: sampled worlds, order plans compared, rollout moves per plan and world.
BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=0, depth=0, candidates=1),
    "normal": Budget("normal", worlds=2, playouts=2, depth=150, candidates=3),
    "hard": Budget("hard", worlds=4, playouts=6, depth=150, candidates=3),
}
#: March options compared by playouts per difficulty (1: the heuristic's choice).
MARCH_OPTIONS = {"easy": 1, "normal": 2, "hard": 2}
#: How much each candidate plan is perturbed (the first is the plain plan).
NOISE = (0.0, 0.5, 1.0, 1.5, 2.0, 1.0)


class AgotAi(Ai):
    budgets = BUDGETS

    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> State:
        return determinize(view, seat, rng)

    def evaluate(self, state: Any, seat: Seat) -> float:
        return evaluate(state, seat)

    def policy(self, state: Any, seat: Seat, rng: Rng) -> Action:
        return decide(state, seat, rng)

    def choose(self, view: JSON, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        top = state.stack[-1]["kind"] if state.stack else None
        if budget.playouts > 0 and budget.candidates > 1 and top == "planning":
            move = self._search_orders(view, state, seat, rng, budget)
        elif budget.playouts > 0 and MARCH_OPTIONS[budget.difficulty] > 1 and top == "marches":
            move = self._search_marches(view, state, seat, rng, budget)
        else:
            move = decide(state, seat, rng)
        try:
            self.rules.apply(state, seat, move)
        except RuleViolation:
            return self.rules.default_action(state, seat)
        return move

    def _search_orders(self, view: JSON, state: State, seat: Seat, rng: Rng, budget: Budget
                       ) -> Action:
        plans: list[dict[str, str]] = []
        for k in range(budget.candidates):
            orders = plan_orders(state, seat, rng, NOISE[k % len(NOISE)])
            if orders not in plans:
                plans.append(orders)
        moves = [Action("place_orders", {"orders": p, "ready": True}) for p in plans]
        return self._compare(view, state, seat, rng, budget, moves)

    def _search_marches(self, view: JSON, state: State, seat: Seat, rng: Rng, budget: Budget
                        ) -> Action:
        moves = valid_marches(state, seat, MARCH_OPTIONS[budget.difficulty])
        if not moves:
            return decide(state, seat, rng)
        return self._compare(view, state, seat, rng, budget, moves)

    def _compare(self, view: JSON, state: State, seat: Seat, rng: Rng, budget: Budget,
                 moves: list[Action]) -> Action:
        """The move whose playouts to the end of the round score best (the heuristic's own
        choice, first, wins ties)."""
        if len(moves) == 1:
            return moves[0]
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        # The same seed for every plan of one playout: the plans face the same luck.
        totals = tally(moves, worlds, budget.playouts,
                       lambda world, move, seed: self.round_rollout(world, seat, move,
                                                                    Rng(seed), budget.depth),
                       lambda: rng.randbelow(2**31))
        return best(moves, totals.__getitem__)

    def round_rollout(self, state: State, seat: Seat, move: Action, rng: Rng, cap: int
                      ) -> float:
        """``move``, then every house plays the heuristic to the end of this round (at most
        ``cap`` moves): a cut in the middle of the marches would favour whichever plan's
        marches come first."""
        try:
            world, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        start = world.round
        self.advance(world, cap, lambda w, mover: decide(w, mover, rng),
                     lambda w: bool(w.round != start))
        return self.evaluate(world, seat)


AI = AgotAi(AgotRules())

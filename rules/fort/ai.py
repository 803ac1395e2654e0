"""Fort's AI player (docs/ai/fort.md): determinization in ``ai_world``, the heuristic in
``ai_eval``, the rule-of-thumb player in ``ai_policy``; here the search that ties them.

``easy`` plays the rule of thumb. ``normal`` and ``hard`` compare the candidate moves by
flat Monte Carlo with sequential halving: each move is played in several sampled worlds and
followed by rollouts of the rule-of-thumb player to the end of the current turn, then the
position is scored by the heuristic. Forced and trivial decisions (one option, a draft pick,
locking in a follow choice, the order of cats, feeding a dog) skip the search.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, Action, RuleViolation, Seat
from rules.fort import RULES
from rules.fort.ai_eval import evaluate
from rules.fort.ai_policy import policy, recruit_value
from rules.fort.ai_world import determinize
from rules.fort.engine import MACHINE
from rules.kit.ai import Ai, Budget, Difficulty, halving
from rules.rng import Rng

#: Budgets tuned to the time targets (docs/ai.md): a Fort move is cheap (~0.1 ms) but
#: rollouts evaluate whole positions; candidates are every legal move up to the limit.
FORT_BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=0, depth=0, candidates=12),
    "normal": Budget("normal", worlds=6, playouts=12, depth=40, candidates=12),
    "hard": Budget("hard", worlds=8, playouts=24, depth=60, candidates=16),
}
#: How many turn changes a rollout runs to, by difficulty (1: the end of the current turn).
HORIZON = {"easy": 1, "normal": 1, "hard": 1}
#: Recruit options compared (the best by the cards' worth).
RECRUITS = 6
#: The rule of thumb's move is trusted by this much (points of the heuristic) over the rest;
#: ``hard``'s larger samples are trusted to overrule it more often.
PRIOR = {"easy": 0.15, "normal": 0.15, "hard": 0.05}
#: Errors a sampled world may raise where the view left a frame's detail to inference.
_WORLD_ERRORS = (RuleViolation, AssertionError, KeyError, IndexError, ValueError)


class FortAi(Ai):
    budgets = FORT_BUDGETS

    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> Any:
        return determinize(view, seat, rng)

    def evaluate(self, state: Any, seat: Seat) -> float:
        return evaluate(self.rules, state, seat)

    def policy(self, state: Any, seat: Seat, rng: Rng) -> Action:
        return policy(state, seat)

    def candidates(self, state: Any, seat: Seat, rng: Rng, limit: int) -> list[Action]:
        legal = [a for a in self.rules.legal_actions(state, seat) if isinstance(a, Action)]
        # Never back out of a dog (it would be offered again), never stop a recycling.
        fr = MACHINE.top(state)
        legal = [a for a in legal if a.kind != "cancel"]
        if fr is not None and fr["kind"] == "choice" and fr["what"] == "recycle":
            legal = [a for a in legal if not a.params.get("stop")] or legal
        if not legal:
            return [self.rules.default_action(state, seat)]
        if fr is not None and fr["kind"] == "recruit":
            # Many Yard cards: only the few best by their worth are compared.
            legal = sorted(legal, key=lambda a: -recruit_value(state, a))[:RECRUITS]
        mine = self._safe_policy(state, seat, rng)
        out = [mine] if mine is not None and mine in legal else []
        out += [a for a in legal if a not in out]
        return out[:limit]

    def _safe_policy(self, state: Any, seat: Seat, rng: Rng) -> Action | None:
        try:
            return policy(state, seat)
        except _WORLD_ERRORS:
            return None

    def choose(self, view: JSON, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        moves = self.candidates(state, seat, rng, budget.candidates)
        if len(moves) == 1 or budget.playouts <= 0 or _trivial(state, seat):
            return moves[0]
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        turns = HORIZON[budget.difficulty]
        prior = PRIOR[budget.difficulty]
        # Every move of one playout meets the same chance (common random numbers): the same
        # world, the same reshuffles. The rule of thumb's move wins ties and near-ties (a
        # noisy sample must beat it).
        return halving(moves, worlds, budget.playouts,
                       lambda world, move, seed: self.rollout(world, seat, move, Rng(seed),
                                                              budget.depth, turns),
                       lambda: rng.randbelow(1 << 62),
                       lambda move: prior if move == moves[0] else 0.0)

    def rollout(self, state: Any, seat: Seat, move: Action, rng: Rng, depth: int,
                turns: int = 1) -> float:
        """``move``, then the rule of thumb for every seat until ``turns`` more turns have
        begun (at most ``depth`` moves): scored there, the heuristic sees the move's
        consequences without the noise of rivals' whole turns."""
        rules = self.rules
        leader = state.leader
        try:
            world, _ = rules.apply(state, seat, move)
        except _WORLD_ERRORS:
            return float("-inf")
        world.rng = Rng(rng.randbelow(1 << 62))
        turn = [leader, turns]

        def over(w: Any) -> bool:
            if w.leader != turn[0]:
                turn[1] -= 1
                if turn[1] <= 0:
                    return True
                turn[0] = w.leader
            return False

        # The rollout ends where the sampled world erred; the position reached counts.
        self.advance(world, depth, lambda w, mover: self.policy(w, mover, rng), over,
                     _WORLD_ERRORS)
        return self.evaluate(world, seat)


def _trivial(state: Any, seat: Seat) -> bool:
    fr = MACHINE.top(state)
    if fr is None:
        return True
    if fr["kind"] == "draft":
        return True  # a pick is judged by the cards' worth (rollouts end at the same place)
    if fr["kind"] == "play" and fr.get("pending") is not None:
        return True  # ordering cats
    if fr["kind"] == "card" and fr["stage"] == "follow" and fr["choices"][seat] is not None:
        return True  # lock the choice in
    return bool(fr["kind"] == "card" and fr["stage"] == "needs")


AI = FortAi(RULES)

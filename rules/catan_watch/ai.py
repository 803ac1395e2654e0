"""Catan: Brotherhood of the Watch's AI player (docs/ai/catan_watch.md).

Decides in a state sampled from its view (ai_world): the moves worth a look (ai_moves) are
ranked by the heuristic right after each (ai_eval); in the main step ``normal`` and ``hard``
then plan the rest of the turn for the best few (a beam search over the seat's own moves),
and ``hard`` adds rollouts in which every seat plays the one-ply heuristic (the ``easy``
player) until the seat's next turn begins, with common random numbers.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON, Action, RuleViolation, Seat
from rules.catan_watch import RULES, ai_eval, ai_world
from rules.catan_watch.ai_moves import moves
from rules.catan_watch.data import RES_INDEX
from rules.catan_watch.phases import MAIN, SETUP, TORMUND
from rules.catan_watch.state import State
from rules.kit.ai import Ai, Budget, Difficulty, best, tally
from rules.rng import Rng

#: Phases where rollouts compare the best few moves (elsewhere the heuristic alone decides).
_SEARCHED = frozenset({MAIN, SETUP, TORMUND})

#: ``depth``: moves of the turn planned ahead (random rollouts run ten times as deep, the
#: heuristic's at most fifty times);
#: ``candidates``: the beam, the best moves looked at on each level.
BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=0, depth=1, candidates=1),
    "normal": Budget("normal", worlds=1, playouts=0, depth=3, candidates=4),
    "hard": Budget("hard", worlds=2, playouts=8, depth=4, candidates=4),
}


#: Difficulties whose rollouts are played by the one-ply heuristic (every seat), up to the
#: start of the seat's next turn, instead of the cheap random policy.
HEURISTIC_ROLLOUTS = frozenset({"hard"})
ROLLOUT = 0.5  # weight of the rollouts' mean next to the plan's value
OFFER_SHARE = 0.4  # about how often an offer finds a taker


class CatanAi(Ai):
    budgets = BUDGETS

    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> State:
        return ai_world.determinize(view, seat, rng)

    def evaluate(self, state: Any, seat: Seat) -> float:
        return ai_eval.evaluate(state, seat)

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
        if budget.depth <= 1 or state.phase != MAIN:
            return ranked[0]
        # Plan the rest of the turn: the best few moves, each followed by the best few of
        # its own continuations (trades that only pay off with the build after them), in
        # every sampled world.
        top = ranked[:budget.candidates]
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        totals = dict.fromkeys(top, 0.0)
        for world in worlds:
            for move in top:
                totals[move] += self.plan(world, seat, move, budget.depth, budget.candidates,
                                          rng)
        if budget.playouts > 0:
            self.add_rollouts(worlds, seat, top, totals, rng, budget)
        return max(top, key=lambda a: (totals[a], -top.index(a)))

    def plan(self, state: State, seat: int, move: Action, depth: int, beam: int,
             rng: Rng) -> float:
        """The best the turn can end with after ``move`` and up to ``depth - 1`` more moves
        of the seat's own (stopping is always allowed: ending the turn)."""
        if move.kind in ("offer_trade", "end_turn", "roll"):
            return self.one_ply(state, seat, move)
        try:
            nxt, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        value = self.evaluate(nxt, seat)
        if depth <= 1 or nxt.result is not None or nxt.phase != MAIN or nxt.current != seat:
            return value
        follow = [a for a in moves(nxt, seat, rng) if a.kind not in ("offer_trade", "end_turn")]
        if not follow:
            return value
        scored = sorted(((self.one_ply(nxt, seat, a), i) for i, a in enumerate(follow)),
                        key=lambda x: (-x[0], x[1]))
        for _, i in scored[:beam]:
            value = max(value, self.plan(nxt, seat, follow[i], depth - 1, beam, rng))
        return value

    def add_rollouts(self, worlds: list[State], seat: int, top: list[Action],
                     totals: dict[Action, float], rng: Rng, budget: Budget) -> None:
        """Flat Monte Carlo on top of the plan: each move played out by the cheap policy."""
        share = len(worlds) / budget.playouts
        heuristic = budget.difficulty in HEURISTIC_ROLLOUTS
        # Common random numbers: every move's rollout meets the same dice and the same
        # policy draws, so their difference is more the move's than the luck's.
        tally(top, worlds, budget.playouts,
              lambda world, move, luck: share * ROLLOUT * self.playout(
                  world, seat, move, *luck, budget.depth * (50 if heuristic else 10),
                  heuristic),
              lambda: (rng.randbelow(1 << 62), rng.randbelow(1 << 62)), totals=totals)

    def playout(self, world: State, seat: int, move: Action, dice: int, draws: int,
                depth: int, heuristic: bool = False) -> float:
        """``move``, then ``depth`` moves of the cheap policy, scored for ``seat``;
        ``heuristic``: of the one-ply heuristic, until the seat's next turn begins."""
        rules = self.rules
        state = world.copy()
        state.rng = Rng(dice)
        try:
            rules.step(state, seat, move)
        except RuleViolation:
            return float("-inf")
        rng = Rng(draws)
        if not heuristic:
            self.advance(state, depth, lambda w, mover: self.policy(w, mover, rng))
            return self.evaluate(state, seat)
        away = [False]

        def back(w: State) -> bool:
            away[0] = away[0] or w.current != seat
            return away[0] and w.current == seat

        self.advance(state, depth, lambda w, mover: self.heuristic(w, mover, rng), back)
        return self.evaluate(state, seat)

    def heuristic(self, state: State, seat: int, rng: Rng) -> Action:
        """The ``easy`` player: the move the one-ply heuristic likes best."""
        options = moves(state, seat, rng)
        if len(options) == 1:
            return options[0]
        return best(options, lambda a: self.one_ply(state, seat, a))

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

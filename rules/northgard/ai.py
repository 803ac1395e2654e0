"""Northgard's AI player (docs/ai/northgard.md): flat Monte Carlo over sampled worlds.

``determinize`` rebuilds the game from the seat's view (``ai_world``), ``evaluate`` scores a
position in expected fame against the best other side (``ai_eval``), and the rollouts are
played by a cheap policy that plays its cards rather than passing early, never dithers
(``back``), answers the harvest trade at once and otherwise picks at random.
"""

from __future__ import annotations

from typing import Any

from rules.base import Action, RuleViolation, Seat
from rules.kit.ai import Ai, Budget, Difficulty, best, result_value, tally
from rules.northgard import RULES
from rules.northgard.ai_eval import relative
from rules.northgard.ai_world import determinize
from rules.northgard.effects import can_play
from rules.northgard.engine import HANDLERS
from rules.northgard.state import State
from rules.rng import Rng

#: Difficulties whose rollouts place every clan's units, buildings and tiles greedily (the
#: others' too: the ``normal`` players it meets place theirs by a search, not at random).
GREEDY = frozenset({"hard"})
#: The decisions a greedy rollout takes by the heuristic (a turn's card, a combat's food and
#: the harvest trade stay with the policy: their worth shows only later).
PLACING = frozenset({"recruit", "build", "move", "place_tile", "place_group", "retreat",
                     "keep", "choose", "scorch", "scorch_take", "feast", "monster_tie",
                     "battle_order", "spawn_offer"})
#: A finished game outweighs any running position (values are in fame).
WIN = 1000.0

BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=1, depth=4, candidates=8),
    "normal": Budget("normal", worlds=3, playouts=2, depth=16, candidates=12),
    "hard": Budget("hard", worlds=6, playouts=12, depth=24, candidates=16),
}


class NorthgardAi(Ai):
    budgets = BUDGETS

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

    def skip(self, move: Action) -> bool:
        # "back" undoes a pick: comparing it with the picks themselves is wasted work.
        return move.kind == "back"

    def choose(self, view: Any, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        moves = self.candidates(state, seat, rng, budget.candidates)
        if len(moves) == 1:
            return moves[0]
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        if budget.difficulty in GREEDY:
            # Common random numbers: playout k meets every move with the same world, the
            # same chance and the same policy draws, so what differs is the move's doing.
            # With its greedy rollouts and 12 playouts a move this made `hard` stronger;
            # `normal` keeps its independent draws (the moves its rows were measured on).
            totals = tally(moves, worlds, max(1, budget.playouts),
                           lambda world, move, luck: self.playout(
                               world, seat, move, Rng(luck[1]), budget.depth, True, luck[0]),
                           lambda: (rng.randbelow(1 << 62), rng.randbelow(1 << 62)))
        else:
            totals = tally(moves, worlds, max(1, budget.playouts),
                           lambda world, move, _: self.playout(world, seat, move, rng,
                                                               budget.depth, False))
        return best(moves, totals.__getitem__)

    def rollout(self, state: Any, seat: Seat, move: Action, rng: Rng, depth: int) -> float:
        return self.playout(state, seat, move, rng, depth, greedy=False)

    def playout(self, state: State, seat: Seat, move: Action, rng: Rng, depth: int,
                greedy: bool, chance: int | None = None) -> float:
        """``move``, then the policy for everyone until another clan's turn begins (the
        heuristic judges a finished turn far better than random play of whole years can),
        at most ``depth`` moves. ``greedy``: every clan's placements (where to recruit,
        build, move, lay a tile…) are the best by the heuristic, not random ones.
        ``chance``: the world's random stream restarts from this seed (the move's own draws
        included), else it goes on from the sampled world's."""
        rules = self.rules
        try:
            if chance is None:
                world, _ = rules.apply(state, seat, move)
            else:
                world = state.copy()
                world.rng = Rng(chance)
                rules.step(world, seat, move)
        except RuleViolation:
            return float("-inf")

        def turn_over(w: State) -> bool:
            if not w.stack:
                return True
            fr = w.stack[-1]
            return bool(fr["kind"] == "turn" and fr["seat"] != seat and fr["sel"] is None
                        and not fr["main"])

        def play(w: State, mover: Seat) -> Action:
            if greedy and w.stack[-1]["kind"] in PLACING:
                return self.greedy(w, mover, rng)
            return self.policy(w, mover, rng)

        self.advance(world, depth, play, turn_over)
        return self.evaluate(world, seat)

    def greedy(self, state: State, seat: Seat, rng: Rng) -> Action:
        """The option the heuristic likes best right after it (ties at random: a tile's
        pick and cell change nothing until it is turned and laid)."""
        fr = state.stack[-1]
        opts = [a for a in HANDLERS[fr["kind"]].options(state, fr, seat)  # type: ignore[attr-defined]
                if a.kind != "back"]
        if len(opts) <= 1:
            return opts[0] if opts else pick(state, fr, seat, opts, rng)
        top: list[Action] = []
        top_score = float("-inf")
        for a in opts:
            world = state.copy()
            try:
                self.rules.step(world, seat, a)
            except RuleViolation:
                continue
            value = self.evaluate(world, seat)
            if value > top_score + 1e-9:
                top, top_score = [a], value
            elif value > top_score - 1e-9:
                top.append(a)
        return rng.choice(top) if top else opts[0]


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

"""The Great Wall AI player (docs/ai/great_wall.md): flat Monte Carlo over sampled worlds
(``ai_world``), rollouts of the engine's random player cut at a budgeted depth and scored by
the heuristic (``ai_eval``); ``easy`` judges each move by the heuristic right after it."""

from __future__ import annotations

from typing import Any

from rules.base import JSON, Action, RuleViolation, Seat
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.ai_eval import evaluate as heuristic
from rules.great_wall.ai_eval import settled
from rules.great_wall.ai_world import determinize as sample_world
from rules.great_wall.coop import can_sacrifice, payers
from rules.great_wall.data import RESOURCES, UNITS, data
from rules.great_wall.procedures import num
from rules.kit.ai import BUDGETS, Ai, Budget, Difficulty, best, halving
from rules.rng import Rng

#: Budgets scaled to the time targets (docs/ai.md) on a loaded 2-core machine: an engine step
#: costs 0.3–0.6 ms there, so ``normal`` spends at most ~500 steps a decision (the heuristic's
#: best 5 moves × 4 rollouts on average, 1 + 24 steps each, plus a look at every legal move).
_BUDGETS: dict[Difficulty, Budget] = {
    "easy": BUDGETS["easy"],
    "normal": Budget("normal", worlds=4, playouts=4, depth=24, candidates=5),
    "hard": Budget("hard", worlds=6, playouts=10, depth=40, candidates=6),
}


class GreatWallAi(Ai):
    def budget(self, difficulty: Difficulty) -> Budget:
        return _BUDGETS[difficulty]

    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> Any:
        return sample_world(view, seat, rng)

    def evaluate(self, state: Any, seat: Seat) -> float:
        return heuristic(state, seat)

    def candidates(self, state: Any, seat: Seat, rng: Rng, limit: int) -> list[Action]:
        """Every legal move (but those the seat cannot know to be legal); past ``limit``,
        the ones the heuristic likes best right after them (ties: the first listed)."""
        legal = [a for a in self.rules.legal_actions(state, seat) if isinstance(a, Action)]
        legal = [a for a in legal if not _unsure(state, a)]
        if len(legal) > limit:
            scores = {a: self.ahead(state, seat, a) for a in legal}
            legal = sorted(legal, key=lambda a: -scores[a])[:limit]
        return legal

    def rollout(self, state: Any, seat: Seat, move: Action, rng: Rng, depth: int) -> float:
        """The kit's rollout, but a competitive game the rollout finished is scored by its
        margin and a small edge for the win rather than ±WIN: with random players in the
        rollouts, whether a close game is won is mostly their luck, and ±WIN would let a
        few such endings drown every other playout's judgement."""
        try:
            world, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        self.advance(world, depth, lambda w, mover: self.policy(w, mover, rng))
        if world.result is not None and world.mode == "standard":
            return settled(world, seat)
        return self.evaluate(world, seat)

    def ahead(self, state: Any, seat: Seat, move: Action) -> float:
        """``evaluate`` after ``move`` — and, where the move only names where a clerk goes,
        after the first source the rules then offer, so the clerk stands there when judged."""
        try:
            nxt, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        if move.kind == "place" and seat in self.rules.awaiting(nxt):
            follow = [a for a in self.rules.legal_actions(nxt, seat)
                      if isinstance(a, Action) and a.kind == "source"]
            if follow:
                nxt, _ = self.rules.apply(nxt, seat, follow[0])
        return self.evaluate(nxt, seat)

    def choose(self, view: JSON, seat: Seat, rng: Rng, budget: Budget) -> Action:
        state = self.determinize(view, seat, rng)
        if state.stack and state.stack[-1].get("kind") == "fulfil":
            return _fulfil(state, seat)
        moves = self.candidates(state, seat, rng, budget.candidates)
        if not moves:
            # Every move the sampled world offers is one the seat cannot know to be legal:
            # stopping is always allowed.
            return Action("done")
        if len(moves) == 1:
            return moves[0]
        ruled = _ruled(state, state.stack[-1]) if state.stack else None
        if ruled is not None and ruled in moves:
            return ruled
        if budget.playouts <= 0:
            return best(moves, lambda a: self.after(state, seat, a))
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        # Playout k gives every move the same world and the same dice (common random
        # numbers), so the comparison measures the move, not the luck of its rollouts.
        return halving(moves, worlds, budget.playouts,
                       lambda world, move, seed: self.rollout(world, seat, move, Rng(seed),
                                                              budget.depth),
                       lambda: rng.randbelow(2**31))

    def policy(self, state: Any, seat: Seat, rng: Rng) -> Action:
        """The rollouts' player: random, but Shame goes where the rulebook's own default puts
        it (co-op: discarded, which keeps the bank — an empty one loses the game at once),
        and a co-op Summer buys Shame back."""
        fr = state.stack[-1] if state.stack else None
        if fr is not None and fr.get("kind") == "fulfil":
            # The rollout's world is whole: every Request it can pay, it pays.
            return self.rules.legal_actions(state, seat)[0]  # type: ignore[return-value]
        if fr is not None and fr.get("kind") in _RULED:
            ruled = _ruled(state, fr)
            if ruled is not None:
                return ruled
        return self.rules.random_action(state, seat, rng)


_RULED = frozenset({"shame", "unshame"})


def _ruled(state: Any, fr: dict[str, Any]) -> Action | None:
    """Decisions known strategy settles without a search: in co-op, Shame is discarded for 10
    Honor (the bank, once empty, loses the game) and bought back in Summer, but while the bank
    has room a clan keeps the Honor the named Requests ask of every player (``_keeps_honor``);
    elsewhere, Shame goes on a won card already shamed or on a soldier (the engine's
    default)."""
    kind = fr.get("kind")
    clan = fr.get("clan", -1)
    if kind == "shame":
        if state.mode != "coop":
            return RULES.default_action(state, clan)
        if _keeps_honor(state, clan):
            units = [u for u in UNITS if B.units_free(state, clan, u) > 0]
            if units:
                unit = "spearman" if "spearman" in units else units[0]
                return Action("shame", {"where": f"unit:{unit}"})
        return Action("shame", {"where": "discard"})
    if kind == "unshame" and state.mode == "coop":
        opts = [a for a in RULES.legal_actions(state, clan) if isinstance(a, Action)]
        if _keeps_honor(state, clan):
            return Action("done")
        return opts[0] if opts else None
    return None


#: The most Honor a named co-op Request asks of every player (r03).
HONOR_ASKED = max((int(r["cost"].get("honor", 0)) for r in data().requests.values()
                   if r["named"]), default=0)


def _keeps_honor(state: Any, clan: int) -> bool:
    """With 3+ players the named Requests (every player pays Honor) are in the deck: a clan
    whose Honor would drop below their price puts Shame under a soldier rather than paying 10
    Honor for it, as long as the bank keeps a reserve (an empty bank loses at once)."""
    if state.n < 3 or state.shame_bank <= 4 * state.n:
        return False
    return bool(state.clans[clan]["honor"] - num("coop_shame_discard_honor") < HONOR_ASKED)


def _fulfil(state: Any, clan: int) -> Action:
    """A co-op Request to fulfil now (every fulfilled Request counts alike toward the target,
    and each one left open costs every player Shame), from what the seat knows: its own
    resources, and the public parts (Honor, soldiers, clerks) of everyone's. A Request every
    player pays from hidden resources is taken only when it must be legal: this question is
    put only when some Request can be paid, and no other candidate is left."""
    sure: list[int] = []
    unsure: list[int] = []
    for slot, req in enumerate(state.requests):
        if not req or not can_sacrifice(state, clan, data().requests[req]["cost"]):
            continue
        if _unsure_kind(req):
            unsure.append(slot)
        elif all(can_sacrifice(state, p, data().requests[req]["cost"])
                 for p in payers(state, clan, req)):
            sure.append(slot)
    if sure:
        return Action("fulfil", {"slot": sure[0]})
    if len(unsure) == 1:
        return Action("fulfil", {"slot": unsure[0]})
    return Action("done")


def _unsure(state: Any, action: Action) -> bool:
    """A co-op Request every player pays from their hidden resources: whether the others can
    pay is not the seat's to know, so it is not offered (the move could be refused)."""
    return action.kind == "fulfil" and _unsure_kind(state.requests[action.params["slot"]])


def _unsure_kind(req: str) -> bool:
    info = data().requests[req]
    return info["kind"] == "each" and any(k in RESOURCES for k in info["cost"])


AI = GreatWallAi(RULES)

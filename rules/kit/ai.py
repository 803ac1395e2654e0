"""What every game's AI player shares (docs/ai.md).

An AI is pure and deterministic. ``choose(view, seat, rng, budget)`` sees only the seat's view
— never the state — so it cannot cheat; where it searches, it first samples a whole state
consistent with that view (``determinize``: the seat's secrets as they are, everyone else's
drawn from what the seat cannot rule out). Budgets count work, never time: the same view and
seed give the same move on a busy machine and an idle one.

A game's AI (``rules/<game>/ai.py``, exposing ``AI``) implements ``determinize`` and
``evaluate`` and may refine ``candidates`` (which moves are worth a look), ``policy`` (the
cheap player of the rollouts) and ``choose`` itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from rules.base import JSON, Action, GameRules, RuleViolation, Seat
from rules.rng import Rng

T = TypeVar("T")
Difficulty = Literal["easy", "normal", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Budget:
    """How much thinking one decision may take, in units of work.

    ``worlds``: determinizations sampled; ``playouts``: rollouts per candidate move, spread
    over the worlds (0: judge each move by ``evaluate`` right after it, no rollout);
    ``depth``: moves per rollout before the position is scored; ``candidates``: the most
    moves compared (a game with move templates samples this many).
    """

    difficulty: Difficulty
    worlds: int
    playouts: int
    depth: int
    candidates: int


#: The default budgets; a game's AI may scale them (``Ai.budget``) to meet its time targets
#: (docs/ai.md: ``easy`` p99 ≤ 50 ms, ``normal`` p99 ≤ 500 ms on 2 cores).
BUDGETS: dict[Difficulty, Budget] = {
    "easy": Budget("easy", worlds=1, playouts=0, depth=0, candidates=12),
    "normal": Budget("normal", worlds=4, playouts=8, depth=24, candidates=16),
    "hard": Budget("hard", worlds=8, playouts=32, depth=48, candidates=24),
}


def check_difficulty(value: str) -> Difficulty:
    if value not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    return value  # type: ignore[return-value]


class Ai(ABC):
    """One game's AI player."""

    #: Each difficulty's budget (a game replaces the table to meet its time targets).
    budgets: dict[Difficulty, Budget] = BUDGETS

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules

    # ---- what each game supplies ------------------------------------------------------
    @abstractmethod
    def determinize(self, view: JSON, seat: Seat, rng: Rng) -> Any:
        """A whole state whose ``rules.view(state, seat)`` equals ``view``: what the seat
        cannot see is sampled with ``rng`` from what it cannot rule out."""

    @abstractmethod
    def evaluate(self, state: Any, seat: Seat) -> float:
        """How good ``state`` is for ``seat``: higher is better; a won game scores above any
        running one, a lost game below."""

    # ---- what a game may refine -------------------------------------------------------
    def budget(self, difficulty: Difficulty) -> Budget:
        return self.budgets[difficulty]

    def policy(self, state: Any, seat: Seat, rng: Rng) -> Action:
        """The cheap player of rollouts (every seat of a rollout plays it)."""
        return self.rules.random_action(state, seat, rng)

    def candidates(self, state: Any, seat: Seat, rng: Rng, limit: int) -> list[Action]:
        """The moves worth comparing: every concrete legal move, and samples of templates;
        at most ``limit``, in a stable order."""
        legal = self.rules.legal_actions(state, seat)
        concrete = [a for a in legal if isinstance(a, Action)]
        templates = len(concrete) < len(legal)
        # A move the game never wants compared (an undo…) only when nothing else is left.
        concrete = [a for a in concrete if not self.skip(a)] or concrete
        seen: dict[Action, None] = dict.fromkeys(concrete)
        if templates:
            for _ in range(limit * 2):
                if len(seen) >= limit:
                    break
                seen.setdefault(self.rules.random_action(state, seat, rng))
        out = list(seen)
        if len(out) > limit:
            out = rng.sample(out, limit)
        return out or [self.rules.default_action(state, seat)]

    def skip(self, move: Action) -> bool:
        """A legal move ``candidates`` leaves out while there are others (default: none)."""
        return False

    def choose(self, view: JSON, seat: Seat, rng: Rng, budget: Budget) -> Action:
        """The move for ``seat``, from its ``view`` alone."""
        state = self.determinize(view, seat, rng)
        moves = self.candidates(state, seat, rng, budget.candidates)
        if len(moves) == 1:
            return moves[0]
        if budget.playouts <= 0:
            return best(moves, lambda a: self.after(state, seat, a))
        worlds = self.worlds(view, seat, state, rng, budget.worlds)
        totals = tally(moves, worlds, budget.playouts,
                       lambda world, move, _: self.rollout(world, seat, move, rng, budget.depth))
        return best(moves, totals.__getitem__)

    # ---- the machinery ------------------------------------------------------------------
    def worlds(self, view: JSON, seat: Seat, first: Any, rng: Rng, count: int) -> list[Any]:
        """``count`` sampled worlds (at least one): ``first``, already sampled, and more."""
        return [first] + [self.determinize(view, seat, rng) for _ in range(max(0, count - 1))]

    def after(self, state: Any, seat: Seat, move: Action) -> float:
        """``evaluate`` right after ``move`` (a move the world refuses scores lowest)."""
        try:
            nxt, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        return self.evaluate(nxt, seat)

    def rollout(self, state: Any, seat: Seat, move: Action, rng: Rng, depth: int) -> float:
        """``move``, then ``depth`` moves of ``policy`` by whoever is awaited, scored for
        ``seat``. One copy of the state, stepped in place (``apply`` copies every move)."""
        try:
            world, _ = self.rules.apply(state, seat, move)
        except RuleViolation:
            return float("-inf")
        self.advance(world, depth, lambda w, mover: self.policy(w, mover, rng))
        return self.evaluate(world, seat)

    def advance(self, world: Any, depth: int, policy: Callable[[Any, Seat], Action],
                stop: Callable[[Any], bool] | None = None,
                errors: tuple[type[Exception], ...] = (RuleViolation,)) -> None:
        """Step ``world`` in place: up to ``depth`` moves of ``policy(world, mover)`` by
        whoever is awaited, until the game ends, nobody is awaited or ``stop(world)``. A move
        that raises one of ``errors`` ends it there: the position reached counts."""
        rules = self.rules
        for _ in range(depth):
            if rules.result(world) is not None or (stop is not None and stop(world)):
                return
            mover = next_mover(rules, world)
            if mover is None:
                return
            try:
                rules.step(world, mover, policy(world, mover))
            except errors:
                return


def next_mover(rules: GameRules, state: Any) -> Seat | None:
    """Who moves next in a rollout: the lowest awaited seat (None: nobody is awaited)."""
    awaited = rules.awaiting(state)
    return min(awaited) if awaited else None


def tally(moves: list[Action], worlds: list[Any], playouts: int,
          score: Callable[[Any, Action, Any], float], luck: Callable[[], Any] = lambda: None,
          start: int = 0, totals: dict[Action, float] | None = None) -> dict[Action, float]:
    """Each move's total score over ``playouts`` playouts (added to ``totals`` when given).
    Playout k plays every move in the same world (``worlds`` in turn, from ``start``) with the
    same ``luck()``, drawn once per playout (common random numbers: the moves' difference is
    more the move's than the luck's); ``score(world, move, luck)`` plays one out."""
    if totals is None:
        totals = dict.fromkeys(moves, 0.0)
    for k in range(start, start + playouts):
        world = worlds[k % len(worlds)]
        drawn = luck()
        for move in moves:
            totals[move] += score(world, move, drawn)
    return totals


def halving(moves: list[Action], worlds: list[Any], playouts: int,
            score: Callable[[Any, Action, Any], float], luck: Callable[[], Any],
            bonus: Callable[[Action], float] = lambda _: 0.0) -> Action:
    """Sequential halving: ``playouts`` × the moves' playouts (``tally``) spread over
    rounds, each keeping the better half of the moves by their mean score (+ ``bonus``), so
    the close contenders get the most; the best of the last round (the first of equals, in
    the order of ``moves``)."""
    left = list(moves)
    total = playouts * len(moves)
    rounds = max(1, (len(moves) - 1).bit_length())
    sums = dict.fromkeys(moves, 0.0)
    counts = dict.fromkeys(moves, 0)

    def mean(move: Action) -> float:
        return sums[move] / max(1, counts[move]) + bonus(move)

    k = 0
    for r in range(rounds):
        per = max(1, total // (rounds * len(left)))
        tally(left, worlds, per, score, luck, start=k, totals=sums)
        for move in left:
            counts[move] += per
        k += per
        if r < rounds - 1 and len(left) > 2:
            kept = sorted(left, key=lambda m: -mean(m))[: (len(left) + 1) // 2]
            left = [m for m in moves if m in kept]
    return best(left, mean)


def without(pool: list[T], seen: list[T]) -> list[T]:
    """``pool`` minus one copy of each item of ``seen`` that it holds (what a determinization
    may still deal: the cards of a pool less those in sight)."""
    out = list(pool)
    for item in seen:
        if item in out:
            out.remove(item)
    return out


def best(moves: list[Action], score: Callable[[Action], float]) -> Action:
    """The move with the highest score; the first of equals (deterministic)."""
    top, top_score = moves[0], score(moves[0])
    for move in moves[1:]:
        value = score(move)
        if value > top_score:
            top, top_score = move, value
    return top


def result_value(rules: GameRules, state: Any, seat: Seat) -> float | None:
    """A finished game's worth for ``seat`` (1.0 a sole win, shared wins split, 0.0 a loss;
    ranked places between), or None while it runs. Games add it to ``evaluate``'s scale."""
    result = rules.result(state)
    if result is None:
        return None
    if seat in result.winners:
        return 1.0 / len(result.winners)
    places = len(result.ranking)
    for i, place in enumerate(result.ranking):
        if seat in place:
            return 0.5 * (places - 1 - i) / max(1, places)
    return 0.0

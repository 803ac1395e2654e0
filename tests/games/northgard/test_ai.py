"""Northgard's AI: its sampled world, its heuristic, its rollout policy (docs/ai/northgard.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.base import Action
from rules.canonical_json import canonical_json
from rules.northgard import RULES
from rules.northgard.ai import AI, pick
from rules.northgard.ai_eval import relative, seat_worth
from rules.northgard.ai_world import clan_pool, determinize
from rules.northgard.data import data
from rules.northgard.effects import can_play
from rules.northgard.state import State
from rules.rng import Rng


def _play(config: dict[str, Any], n: int, seed: int, until: Any, cap: int = 2000) -> State:
    """A random game up to the first state where ``until(state)`` holds."""
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed)
    for _ in range(cap):
        if until(st):
            return st
        seat = sorted(RULES.awaiting(st))[0]
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    raise AssertionError("never reached")


def _in_turn(st: State) -> bool:
    return bool(st.stack) and st.stack[-1]["kind"] == "turn" and st.year >= 2


def test_the_sampled_world_keeps_the_seats_secrets_and_redraws_the_rest() -> None:
    st = _play({}, 4, 7, _in_turn)
    seat = st.stack[-1]["seat"]
    view = RULES.view(st, seat)
    world = determinize(view, seat, Rng(1))
    assert canonical_json(RULES.view(world, seat)) == canonical_json(view)
    assert world.hand[seat] == st.hand[seat]
    for other in range(4):
        if other == seat:
            continue
        assert len(world.hand[other]) == len(st.hand[other])
        # Other hands come from the cards the clan surely owns that are not in sight.
        pool = Counter(clan_pool(st.clans[other], st.upgrades[other]))
        pool.update(data().deck("starting"))  # the padding when the pool runs short
        assert not Counter(world.hand[other]) - pool
    # Fame tokens lie face down: the others' fame is not read from the state.
    assert world.fame == [st.fame[seat]] * 4
    assert world.rng.seed != st.rng.seed


def test_the_procedure_in_the_view_hides_a_draw_and_a_picked_card() -> None:
    st = _play({}, 3, 2, lambda s: _in_turn(s) and s.stack[-1]["sel"] is None)
    seat = st.stack[-1]["seat"]
    card = st.hand[seat][0]
    st, _ = RULES.apply(st, seat, Action("card", {"card": card}))
    other = (seat + 1) % 3
    theirs = RULES.view(st, other)["procedure"][-1]
    assert theirs["sel"] is True
    assert RULES.view(st, seat)["pending"]["sel"] == card
    world = determinize(RULES.view(st, seat), seat, Rng(3))
    assert world.stack[-1]["sel"] == card


def test_a_team_seat_knows_its_teammates_fame() -> None:
    st = _play({"team": True}, 4, 3, _in_turn)
    seat = st.stack[-1]["seat"]
    st.fame[(seat + 2) % 4] = 9
    world = determinize(RULES.view(st, seat), seat, Rng(0))
    assert world.fame[(seat + 2) % 4] == 9


def test_the_heuristic_counts_fame_and_fears_winter() -> None:
    st = _play({}, 3, 4, _in_turn)
    seat = st.stack[-1]["seat"]
    richer = st.copy()
    richer.fame[seat] += 3
    assert relative(richer, seat) > relative(st, seat)
    assert relative(richer, (seat + 1) % 3) < relative(st, (seat + 1) % 3)
    hungry, fed = st.copy(), st.copy()
    hungry.res[seat] = [0, 0, hungry.res[seat][2]]
    fed.res[seat] = [12, 12, fed.res[seat][2]]
    # Beyond a third of the resources, food and wood for the winter are worth more.
    assert seat_worth(fed, seat) - seat_worth(hungry, seat) > 24 / 3


def test_the_rollout_policy_plays_cards_and_never_dithers() -> None:
    st = _play({}, 3, 5, lambda s: _in_turn(s) and s.stack[-1]["sel"] is None
               and not s.stack[-1]["main"])
    seat = st.stack[-1]["seat"]
    fr = st.stack[-1]
    opts = [a for a in RULES.legal_actions(st, seat) if isinstance(a, Action)]
    rng = Rng(0)
    for _ in range(20):
        a = pick(st, fr, seat, opts, rng)
        assert a.kind != "back"
        if any(o.kind == "card" for o in opts) and a.kind == "pass":
            # Passing is only for a hand that cannot be played.
            assert not any(can_play(st, seat, c) for c in st.hand[seat])


def test_the_ai_plays_every_mode_legally() -> None:
    for variant in RULES.variants():
        n = 4 if variant.name.startswith("team") else 3
        st = _play(dict(variant.config), n, 11, _in_turn)
        seat = st.stack[-1]["seat"]
        move = AI.choose(RULES.view(st, seat), seat, Rng(5), AI.budget("easy"))
        RULES.apply(st, seat, move)  # refused moves raise


def test_the_same_view_and_seed_give_the_same_move() -> None:
    st = _play({"monsters": True}, 3, 6, _in_turn)
    seat = st.stack[-1]["seat"]
    view = RULES.view(st, seat)
    first = AI.choose(view, seat, Rng(9), AI.budget("normal"))
    assert AI.choose(view, seat, Rng(9), AI.budget("normal")) == first


def test_a_hard_playout_is_its_seeds_alone() -> None:
    # Common random numbers: `hard` gives every move of playout k the same chance and policy
    # seeds, which only compares the moves if a playout is a function of those seeds — not
    # of where the sampled world's own stream stood — and leaves the world unspent.
    st = _play({}, 3, 5, lambda s: _in_turn(s) and s.stack[-1]["sel"] is None
               and not s.stack[-1]["main"])
    seat = st.stack[-1]["seat"]
    world = AI.determinize(RULES.view(st, seat), seat, Rng(1))
    move = next(a for a in AI.candidates(world, seat, Rng(2), 16) if a.kind == "card")
    other = world.copy()
    other.rng = Rng(12345, 17)
    before = (world.rng.seed, world.rng.counter)
    values = {AI.playout(w, seat, move, Rng(7), 24, True, 99) for w in (world, other)}
    assert len(values) == 1 and float("-inf") < values.pop()
    assert (world.rng.seed, world.rng.counter) == before  # the sampled world is not spent

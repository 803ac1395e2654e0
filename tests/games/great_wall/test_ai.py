"""The Great Wall AI (docs/ai/great_wall.md): the sampled world is one the seat cannot tell
from the real game, keeps the seat's own secrets and draws the rest from the unseen cards;
the heuristic prefers what the rulebook rewards; the AI plays whole games of every kind."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.base import Action
from rules.canonical_json import canonical_json
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.ai import AI
from rules.great_wall.ai_eval import evaluate, exposure, projected
from rules.great_wall.ai_world import determinize
from rules.great_wall.data import data
from rules.great_wall.state import State
from rules.rng import Rng
from tests.games.great_wall.helpers import started

MODES = [({}, 3), ({}, 4), ({}, 2), ({}, 1), ({"mode": "coop"}, 2), ({"mode": "coop"}, 3),
         ({"difficulty": "hardest", "chin_advisors": "both"}, 1)]


def _random_states(config: dict[str, Any], n: int, seed: int, every: int = 7):
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed + 100)
    step = 0
    while RULES.result(st) is None and step < 400:
        seat = min(RULES.awaiting(st))
        if step % every == 0:
            yield st, seat
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
        step += 1


@pytest.mark.parametrize(("config", "n"), MODES)
def test_the_sampled_world_looks_the_same_from_the_seat_and_plays_on(config: dict[str, Any],
                                                                     n: int) -> None:
    for i, (st, seat) in enumerate(_random_states(config, n, seed=11)):
        view = RULES.view(st, seat)
        sample = determinize(view, seat, Rng(i))
        assert canonical_json(RULES.view(sample, seat)) == canonical_json(view)
        legal = RULES.legal_actions(sample, seat)
        if legal:
            RULES.apply(sample, seat, RULES.random_action(sample, seat, Rng(i)))


def test_own_secrets_are_kept_and_the_others_come_from_unseen_cards() -> None:
    st = started(3, seed=4)
    view = RULES.view(st, 0)
    sample = determinize(view, 0, Rng(5))
    mine = st.clans[0]
    assert sample.clans[0]["res"] == mine["res"]
    assert sample.clans[0]["tactics"] == mine["tactics"]
    assert sample.clans[0]["support"] == mine["support"]
    # Every Tactic card is somewhere exactly once; the others hold as many as they do.
    held = [c for clan in sample.clans for c in clan["tactics"]]
    everywhere = held + sample.decks["tactic"] + sample.decks["tactic_discard"]
    assert Counter(everywhere) == Counter(data().ids("tactics", "standard"))
    for c in (1, 2):
        assert len(sample.clans[c]["tactics"]) == len(st.clans[c]["tactics"])
        symbols = [data().advisors[a]["symbol"] for a in sample.clans[c]["support"]]
        assert symbols == [data().advisors[a]["symbol"] for a in st.clans[c]["support"]]
        assert not set(sample.clans[c]["tactics"]) & set(mine["tactics"])


def test_other_seats_samples_differ_with_the_seed_but_not_the_seats_own() -> None:
    st = started(3, seed=4)
    view = RULES.view(st, 1)
    a, b = (determinize(view, 1, Rng(k)) for k in (1, 2))
    assert a.clans[1]["tactics"] == b.clans[1]["tactics"] == st.clans[1]["tactics"]
    assert a.decks["horde"] != b.decks["horde"] or a.decks["tactic"] != b.decks["tactic"]


def test_the_horde_decks_top_card_points_where_the_table_sees() -> None:
    for i, (st, seat) in enumerate(_random_states({}, 3, seed=2, every=13)):
        view = RULES.view(st, seat)
        sample = determinize(view, seat, Rng(i))
        assert len(sample.decks["horde"]) == view["horde_deck"]
        if sample.decks["horde"]:
            from rules.great_wall.procedures import invasion_section

            assert invasion_section(sample) == view["invasion"]


def _soldier_on_first_card(st: State, clan: int, s: int) -> None:
    card = st.sections[s]["hordes"][0]
    card["f"][0][0] = [clan, "spearman", B.next_uid(st)]


def test_a_soldier_on_a_breaching_horde_card_spares_its_shame() -> None:
    st = started(3, seed=1)
    s = next(s for s in B.used_sections(st) if st.sections[s]["hordes"])
    st.sections[s]["barricades"] = 0
    assert B.offence(st, s) > B.defence(st, s)
    before = exposure(st, 0)
    _soldier_on_first_card(st, 0, s)
    assert exposure(st, 0) < before
    assert evaluate(st, 0) > evaluate(started(3, seed=1), 0) - 100  # sane scale


def test_the_projected_score_stops_at_zero_like_the_final_count() -> None:
    st = started(3, seed=1)
    st.artifacts = []
    st.clans[0]["honor"] = 3
    st.clans[0]["shamed"]["spearman"] = 4  # 3 - 20: the track would stop at 0
    deep = projected(st, 0)
    st.clans[0]["honor"] = 8
    assert projected(st, 0) > deep
    assert projected(st, 0) < 1.0  # still below zero before the clamp: barely worth anything
    st.clans[0]["shamed"]["spearman"] = 0
    assert projected(st, 0) == 8


def test_more_fulfilled_requests_are_worth_more_to_the_whole_team() -> None:
    st = started(2, seed=3, mode="coop")
    base = [evaluate(st, c) for c in range(2)]
    st.fulfilled += 1
    assert all(evaluate(st, c) > b for c, b in enumerate(base))
    assert evaluate(st, 0) == evaluate(st, 1)


def test_a_request_others_pay_from_hidden_resources_is_not_offered() -> None:
    st = started(3, seed=3, mode="coop")
    st.requests = ["r10", "r05", None]  # r10: each player 2 gold; r05: one player 4 wood
    for c in range(3):
        st.clans[c]["res"].update(gold=5, wood=5)
    st.stack.append({"kind": "fulfil", "clan": 0})
    moves = AI.candidates(st, 0, Rng(1), 10)
    assert Action("fulfil", {"slot": 1}) in moves
    assert Action("fulfil", {"slot": 0}) not in moves


@pytest.mark.parametrize(("config", "n"), [({}, 1), ({"mode": "coop"}, 2), ({}, 3)])
def test_ai_tables_play_to_the_end_without_a_refused_move(config: dict[str, Any],
                                                          n: int) -> None:
    st = RULES.new_game(config, n, seed=9)
    for move in range(2000):
        if RULES.result(st) is not None:
            break
        seat = min(RULES.awaiting(st))
        action = AI.choose(RULES.view(st, seat), seat, Rng(move), AI.budget("easy"))
        st, _ = RULES.apply(st, seat, action)  # a refused move raises
    assert RULES.result(st) is not None

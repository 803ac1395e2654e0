"""Fort's AI player (docs/ai/fort.md): the determinization rebuilds exactly the seat's view
and samples the rest from the right pool; the heuristic and the search prefer the obviously
better move in constructed positions; locking in and never backing out."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.base import Action
from rules.canonical_json import canonical_json
from rules.fort import RULES
from rules.fort.ai import AI
from rules.fort.ai_eval import card_value, evaluate
from rules.fort.ai_policy import policy
from rules.fort.common import owned_cards
from rules.fort.data import ctype, tables
from rules.rng import Rng
from tests.games.fort.harness import Game

MODES = [v.name for v in RULES.variants()]


def _config(mode: str) -> dict[str, object]:
    return next(dict(v.config) for v in RULES.variants() if v.name == mode)


def _positions(mode: str, n: int, seed: int, every: int = 5, cap: int = 400):
    """(state, awaited seat) along a game the AI's rule of thumb plays."""
    st = RULES.new_game(_config(mode), n, seed)
    rng = Rng(seed)
    for step in range(cap):
        if RULES.result(st) is not None:
            return
        awaited = sorted(RULES.awaiting(st))
        seat = awaited[step % len(awaited)]
        if step % every == 0:
            yield st, seat
        move = AI.policy(st, seat, rng) if step % 3 else RULES.random_action(st, seat, rng)
        st, _ = RULES.apply(st, seat, move)


@pytest.mark.parametrize("mode", MODES)
def test_the_sampled_state_shows_the_seat_exactly_its_view(mode: str) -> None:
    for n, seed in ((3, 1), (4, 2)):
        for st, seat in _positions(mode, n, seed):
            view = RULES.view(st, seat)
            sample = AI.determinize(view, seat, Rng(7))
            assert canonical_json(RULES.view(sample, seat)) == canonical_json(view)
            # What the seat may do is what it may really do (the Birthday Party's second
            # recruit aside: the view does not tell it from the first).
            real = RULES.legal_actions(st, seat)
            got = RULES.legal_actions(sample, seat)
            if st.stack[-1]["kind"] != "recruit":
                assert got == real


def test_hidden_cards_come_from_what_the_seat_cannot_see() -> None:
    for st, seat in _positions("cats_dogs", 3, 4, every=9):
        if st.stack[-1]["kind"] == "draft":
            continue
        view = RULES.view(st, seat)
        sample = AI.determinize(view, seat, Rng(3))
        me, real_me = sample.players[seat], st.players[seat]
        assert me["hand"] == real_me["hand"] and me["rules"] == real_me["rules"]
        assert me["lookout"] == real_me["lookout"]
        # Every card is somewhere once; the hidden places hold the same number of cards.
        every = [c for p in sample.players for c in owned_cards(p)] + sample.park \
            + sample.park_deck + [c for c in sample.box if c not in tables().perks]
        assert len(every) == len(set(every))
        for i, (p, q) in enumerate(zip(sample.players, st.players, strict=True)):
            assert len(p["deck"]) == len(q["deck"]) and len(p["hand"]) == len(q["hand"])
            assert [ctype(c).suits for c in p["lookout"]] == \
                [ctype(c).suits for c in q["lookout"]]
            # A Best Friend stays with its owner.
            for c in owned_cards(p):
                if ctype(c).best_friend:
                    assert c in p["bf"], (i, c)
        assert len(sample.park_deck) == len(st.park_deck)
        assert not any(ctype(c).kind == "dog" for c in sample.park_deck)
        visible = set(view["park"]) | set(view["trashed"]) | set(real_me["hand"])
        for p in view["players"]:
            visible |= set(p["yard"]) | set(p["discard"]) | set(p["kennel"])
        for i, p in enumerate(sample.players):
            if i != seat:
                assert not set(p["hand"]) & visible


def test_the_draft_samples_the_others_packets_of_the_right_size() -> None:
    st = RULES.new_game(_config("draft_cats_dogs"), 3, 5)
    view = RULES.view(st, 0)
    sample = AI.determinize(view, 0, Rng(1))
    fr = sample.stack[-1]
    assert fr["kind"] == "draft"
    assert fr["packets"][0] == st.stack[-1]["packets"][0]
    assert [len(p) for p in fr["packets"]] == [len(p) for p in st.stack[-1]["packets"]]
    kinds = Counter(ctype(c).kind for p in fr["packets"] for c in p)
    assert kinds == Counter({"kid": 15, "dog": 9})
    move = AI.choose(view, 0, Rng(2), AI.budget("normal"))
    assert move.kind == "pick" and move.params["card"] in st.stack[-1]["packets"][0]


def test_the_rule_of_thumb_plays_the_advance_it_can_pay() -> None:
    g = Game(n=3, seed=13)
    a = g.leader
    g.set_hand(a, ["sweet_pea", "moose", "wart"])
    g.p(a)["stuff"] = {"pizza": 2, "toy": 2}
    assert policy(g.state, a) == Action("play", {"card": "moose"})
    move = AI.choose(RULES.view(g.state, a), a, Rng(1), AI.budget("normal"))
    assert move == Action("play", {"card": "moose"})


def test_the_heuristic_counts_vp_and_fort_levels() -> None:
    g = Game(n=3, seed=13)
    a = g.leader
    before = evaluate(RULES, g.state, a)
    g.p(a)["vp"] += 3
    assert evaluate(RULES, g.state, a) > before
    rival = (a + 1) % 3
    g.p(rival)["vp"] += 6
    assert evaluate(RULES, g.state, a) < before
    assert card_value("moose") > card_value("sweet_pea")


def test_it_recruits_the_best_card_in_reach() -> None:
    g = Game(n=3, seed=13)
    a = g.leader
    g.set_hand(a, [])
    g.state.park[:] = ["sweet_pea", "lefty", "wart"]
    g.do("skip")
    assert g.top()["kind"] == "recruit"
    assert policy(g.state, a) == Action("recruit", {"from": "park", "slot": 1})


def test_a_committed_follow_is_locked_in_and_the_choice_is_deterministic() -> None:
    g = Game(n=3, seed=13)
    a = g.leader
    f = (a + 1) % 3
    g.set_hand(a, ["bitsy"])  # glue: gather 1 pizza or toy ×
    g.set_hand(f, ["kitty", "wart"])
    g.do("play", card="bitsy")
    while not g.in_window():
        move = policy(g.state, a)
        g.do(move.kind, **move.params)
    view = RULES.view(g.state, f)
    first = AI.choose(view, f, Rng(4), AI.budget("normal"))
    assert first == AI.choose(view, f, Rng(4), AI.budget("normal"))
    assert first == Action("follow", {"card": "kitty"})
    g.do("follow", by=f, card="kitty")
    assert AI.choose(RULES.view(g.state, f), f, Rng(4), AI.budget("normal")) == \
        Action("ready")


def test_every_difficulty_finishes_a_game_of_every_mode_without_a_refused_move() -> None:
    for mode in ("draft_cats_dogs", "dogs"):
        st = RULES.new_game(_config(mode), 2, 3)
        moves = 0
        while RULES.result(st) is None:
            moves += 1
            assert moves < 3000
            seat = sorted(RULES.awaiting(st))[0]
            level = "normal" if seat == 0 and moves % 4 == 0 else "easy"
            move = AI.choose(RULES.view(st, seat), seat, Rng(moves), AI.budget(level))
            assert move.kind != "cancel"
            st, _ = RULES.apply(st, seat, move)

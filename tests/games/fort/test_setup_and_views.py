"""Set-up (dealt and drafted), views, hidden information, JSON, config, speed."""

from __future__ import annotations

import json

import pytest

from rules.base import Action, RuleViolation, Text
from rules.fort import RULES
from rules.rng import Rng
from tests.games.fort.harness import Game


def test_draft_is_simultaneous_and_secret() -> None:
    g = Game({"draft": True}, n=3, seed=5)
    assert g.awaiting() == [0, 1, 2]
    packet0 = g.top()["packets"][0]
    assert len(packet0) == 8
    g.do("pick", by=0, card=packet0[0])
    assert g.awaiting() == [1, 2]
    v1 = RULES.view(g.state, 1)
    draft = v1["pending"][0]
    assert draft["committed"] == [True, False, False]
    assert "packet" in draft and draft["packet"] == g.top()["packets"][1]
    assert packet0[0] not in json.dumps(draft)  # seat 0's pick stays secret
    with pytest.raises(RuleViolation):
        RULES.apply(g.state, 1, Action("pick", {"card": packet0[1]}))  # not in 1's packet
    g.do("pick", by=1, card=g.top()["packets"][1][0])
    g.do("pick", by=2, card=g.top()["packets"][2][0])
    # Passed left: seat 1 now holds what remained of seat 0's packet.
    assert g.top()["packets"][1] == packet0[1:]
    assert g.top()["drafted"][0] == [packet0[0]]


def test_draft_builds_ten_card_decks() -> None:
    g = Game({"draft": True, "dogs": True}, n=2, seed=5)
    assert len(g.top()["packets"][0]) == 8
    while g.top()["kind"] == "draft":
        for s in g.awaiting():
            g.do("pick", by=s, card=g.top()["packets"][s][-1])
    for p in g.state.players:
        assert len(p["hand"]) + len(p["deck"]) == 10
    assert g.top()["kind"] == "play"


def test_cats_are_laid_out_before_the_draft() -> None:
    g = Game({"draft": True, "cats": True}, n=4, seed=5)
    assert g.top()["kind"] == "draft" and len(g.state.cats) == 4


def test_view_hides_hands_decks_rules_and_the_park_deck() -> None:
    g = Game(n=3, seed=5)
    a = g.leader
    g.p(a)["rules"] = ["loner"]
    text = json.dumps(RULES.view(g.state, (a + 1) % 3))
    public = set(g.state.park) | {c for q in g.state.players for c in q["bf"]}
    for card in g.p(a)["hand"] + g.p(a)["deck"] + g.state.park_deck:
        assert f'"{card}"' not in text or card in public
    assert '"loner"' not in text
    own = RULES.view(g.state, a)["players"][a]
    assert own["hand"] == g.p(a)["hand"] and own["rules"] == ["loner"]
    public = RULES.view(g.state, None)
    assert all("hand" not in p for p in public["players"])


def test_perturb_hidden_changes_only_that_seats_secrets() -> None:
    g = Game(n=3, seed=5)
    rng = Rng(3)
    for seat in range(3):
        other = RULES.perturb_hidden(g.state, seat, rng)
        assert other is not None
        assert RULES.view(other, seat) != RULES.view(g.state, seat)
        for viewer in (None, *(s for s in range(3) if s != seat)):
            assert RULES.view(other, viewer) == RULES.view(g.state, viewer)


def test_json_round_trip_mid_game() -> None:
    g = Game({"dogs": True, "cats": True}, n=4, seed=5)
    rng = Rng(9)
    for _ in range(60):
        seat = rng.choice(g.awaiting())
        g.state, _ = RULES.apply(g.state, seat, RULES.random_action(g.state, seat, rng))
    data = json.loads(json.dumps(RULES.to_json(g.state)))
    assert RULES.to_json(RULES.from_json(data)) == RULES.to_json(g.state)


def test_labels_are_catalog_texts() -> None:
    g = Game(n=2, seed=5)
    assert isinstance(RULES.seat_label(g.state, 0), Text)
    assert RULES.seat_label(g.state, 0).key == "fort.seat"
    assert RULES.phase_label(g.state).key == "fort.phase.round"
    assert RULES.progress(g.state, g.leader).key == "fort.progress.play"
    for ev in g.events:
        assert RULES.describe(ev, None).key.startswith("fort.log.")


def test_config_is_checked() -> None:
    with pytest.raises(RuleViolation):
        RULES.new_game({"dragons": True}, 3, 1)
    with pytest.raises(RuleViolation):
        RULES.new_game({"dogs": "maybe"}, 3, 1)
    with pytest.raises(RuleViolation):
        RULES.new_game({}, 5, 1)
    names = {v.name for v in RULES.variants()}
    assert names == {"basic", "draft", "dogs", "cats", "cats_dogs", "draft_cats_dogs"}


def test_content_pack_marks_provenance() -> None:
    assert set(RULES.provisional_content({})) >= {"kid_actions", "dogs", "cats", "fort_levels"}
    from rules.content import load

    content = load(RULES.content_schema())
    assert all(e["provenance"] == "public" for e in content.entries("kids"))
    assert content.get("boards", "red")["provenance"] == "public"


@pytest.mark.parametrize("config", [{}, {"draft": True, "dogs": True, "cats": True}])
def test_a_random_four_player_game_ends(config: dict[str, bool]) -> None:
    """A random 4-player game plays to a full ranking (its speed is bench/fort_bench.py's)."""
    rng = Rng(17)
    st = RULES.new_game(config, 4, 17)
    steps = 0
    while RULES.result(st) is None:
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
        steps += 1
    result = RULES.result(st)
    assert result is not None and sorted(s for p in result.ranking for s in p) == [0, 1, 2, 3]

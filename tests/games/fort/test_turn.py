"""The turn: play, improve, follow, recruit, discard, draw, cleanup; bad input."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.fort import RULES
from rules.fort.common import gain
from tests.games.fort.harness import Game


def test_a_new_game_awaits_the_first_player_with_five_cards() -> None:
    g = Game(n=4, seed=3)
    assert g.awaiting() == [g.state.first]
    for p in g.state.players:
        assert len(p["hand"]) == 5 and len(p["deck"]) == 5
    assert len(g.state.park) == 3
    assert len(g.state.rule_stack) == 5 and len(g.state.perk_row) == 5
    assert len(g.state.park_deck) == 52 - 3 - 4 * 8


def test_default_is_to_skip_play_then_recruit_the_leftmost_park_card() -> None:
    g = Game(n=3, seed=5)
    lead = g.leader
    assert RULES.default_action(g.state, lead) == Action("skip")
    leftmost = g.state.park[0]
    g.do("skip")
    assert RULES.default_action(g.state, lead) == Action("recruit", {"from": "park", "slot": 0})
    g.do("recruit", **{"from": "park", "slot": 0})
    p = g.p(lead)
    assert leftmost in p["discard"]
    # Discard: hand (no Best Friends) went to the Yard, Best Friends to the discard pile.
    assert len(p["hand"]) == 5
    assert g.top()["kind"] == "play" and g.top()["seat"] == (lead + 1) % 3


def test_improvement_counts_doubles_coins_and_lookout() -> None:
    g = Game(n=3, seed=1)
    lead = g.leader
    # Kitty: public = gather 1 toy × glue. Played (1) + Icky & Sticky (double: 2) + Bud
    # (coin: 1) from hand + a glue card in the Lookout (1) = 5 toys; the Stuff holds 4.
    g.set_hand(lead, ["kitty", "icky_sticky", "bud", "bones"])
    g.p(lead)["lookout"] = ["doodles"]
    for f in range(3):
        if f != lead:
            g.set_hand(f, ["bones"])
    g.do("play", card="kitty")
    g.do("mode", mode="public")
    adds = {a.params["card"] for a in g.legal() if a.kind == "add"}
    assert adds == {"icky_sticky", "bud"}  # Bones (a book) cannot improve a glue action
    g.do("add", card="icky_sticky")
    g.do("add", card="bud")
    g.do("done")
    use = [e for e in g.events if e.kind == "use"][-1]
    assert use.data["k"] == 5
    gather = [e for e in g.events if e.kind == "gather_lost"][-1]
    assert gather.data == {"seat": lead, "res": "toy", "n": 4, "lost": 1}
    assert g.p(lead)["stuff"]["toy"] == 4
    assert set(g.p(lead)["played"]) == {"kitty", "icky_sticky", "bud"}


def test_actions_without_x_cannot_be_improved() -> None:
    g = Game(n=3, seed=1)
    lead = g.leader
    g.set_hand(lead, ["captain", "bones", "chef"])  # Captain: recruit / spend toy → 2 VP
    g.do("play", card="captain")
    g.do("mode", mode="public")
    assert g.top()["kind"] == "recruit"  # straight to the Recruit Card action, no adding


def test_stuff_overflow_is_lost() -> None:
    g = Game(n=2, seed=1)
    ev: list = []
    gain(g.state, 0, "pizza", 6, ev)
    assert g.p(0)["stuff"]["pizza"] == 4
    assert ev[0].data["lost"] == 2


def test_followers_clockwise_with_matching_suit_or_coin_public_only() -> None:
    g = Game(n=4, seed=2)
    lead = g.leader
    f1, f2, f3 = [(lead + i) % 4 for i in (1, 2, 3)]
    g.set_hand(lead, ["rusty"])  # shovel: public gather pizza × shovel, private recruit
    g.set_hand(f1, ["moles", "bones"])  # a shovel double
    g.set_hand(f2, ["bones", "chef"])  # no shovel, no coin: not asked
    g.set_hand(f3, ["ace"])  # coin is wild
    g.p(f3)["lookout"] = ["bug"]
    g.do("play", card="rusty")
    g.do("mode", mode="private_public")
    # Private first: recruit.
    assert g.top()["kind"] == "recruit"
    g.do("recruit", **{"from": "deck"})
    g.do("done") if g.top().get("stage") == "improve" else None
    # Everyone is asked at once; f2 (no shovel, no coin) may only pass.
    assert g.awaiting() == sorted([f1, f2, f3])
    assert {a.params.get("card") for a in g.legal(f1) if a.kind == "follow"} == {"moles"}
    assert g.legal(f2) == [Action("pass")]
    g.do("follow", by=f3, card="ace")
    g.do("pass", by=f2)
    assert "ace" in g.p(f3)["hand"]  # nothing happens before the reveal
    g.do("follow", by=f1, card="moles")
    # The double counts twice for the follower: 2 pizza.
    assert g.p(f1)["stuff"]["pizza"] == 2
    assert "moles" in g.p(f1)["discard"]
    # f3 follows with a coin plus a shovel in the Lookout.
    assert g.p(f3)["stuff"]["pizza"] == 2
    follows = [e.data["seat"] for e in g.events if e.kind == "follow"]
    assert follows == [f1, f3]
    assert g.top()["kind"] == "recruit" and g.top()["seat"] == lead


def test_pass_is_the_default_when_following() -> None:
    g = Game(n=3, seed=2)
    lead = g.leader
    f1 = (lead + 1) % 3
    g.set_hand(lead, ["rusty"])
    g.set_hand(f1, ["bug"])
    g.set_hand((lead + 2) % 3, ["bones"])
    g.do("play", card="rusty")
    g.do("mode", mode="public")
    assert g.awaiting() == sorted([f1, (lead + 2) % 3])
    assert RULES.default_action(g.state, f1) == Action("pass")
    for s in g.awaiting():
        a = RULES.default_action(g.state, s)
        g.do(a.kind, by=s, **a.params)
    assert not g.in_window() and g.p(f1)["hand"] == ["bug"]
    assert "follow" not in g.kinds() and g.kinds().count("pass") == 2


def test_dogs_cannot_be_followed_but_can_follow() -> None:
    g = Game({"dogs": True}, n=3, seed=2)
    lead = g.leader
    f1 = (lead + 1) % 3
    g.set_hand(lead, ["barkley", "prince", "bug"])  # Barkley needs 1 crown
    g.set_hand(f1, ["eclair", "tiny"])
    g.set_hand((lead + 2) % 3, ["bones"])
    g.do("play", card="barkley")
    g.do("add", card="prince")
    g.do("done")
    assert g.top()["kind"] == "recruit" and g.top()["seat"] == lead  # nobody follows a dog
    g.finish_turn()
    # Next turn f1 leads; a dog may follow a kid of its suit.
    g.set_hand(f1, ["tiny"])
    g.set_hand(lead, ["eclair", "bones"])
    g.do("play", card="tiny")
    g.do("mode", mode="public")
    assert lead in g.awaiting()
    assert Action("follow", {"card": "eclair"}) in g.legal(lead)
    g.window({lead: Action("follow", {"card": "eclair"})})
    assert "eclair" in g.p(lead)["discard"]


def test_cleanup_sends_dogs_in_the_yard_to_the_left_neighbours_discard() -> None:
    g = Game({"dogs": True}, n=3, seed=2)
    lead = g.leader
    g.set_hand(lead, ["pudge", "chef", "bitsy"])
    g.do("skip")
    g.do("recruit", **{"from": "deck"})
    p = g.p(lead)
    assert {"pudge", "chef"} <= set(p["yard"])  # hand to the Yard …
    assert "bitsy" in p["discard"] + p["deck"] + p["hand"]  # … but Best Friends to discard
    g.finish_turn()  # (lead+1)
    g.finish_turn()  # (lead+2)
    assert g.leader == lead and g.top()["kind"] == "play"
    left = (lead + 1) % 3
    assert "pudge" in g.p(left)["discard"]
    assert g.p(lead)["yard"] == []
    cleanup = [e for e in g.events if e.kind == "cleanup_dogs" and e.data["seat"] == lead][-1]
    assert cleanup.data["dogs"] == ["pudge"] and cleanup.data["to"] == left


def test_recruit_from_a_rival_yard() -> None:
    g = Game(n=3, seed=2)
    lead = g.leader
    rival = (lead + 2) % 3
    g.p(rival)["yard"] = ["chef"]
    g.do("skip")
    assert Action("recruit", {"from": "yard", "seat": rival, "card": "chef"}) in g.legal()
    g.do("recruit", **{"from": "yard", "seat": rival, "card": "chef"})
    assert "chef" in g.p(lead)["discard"] and g.p(rival)["yard"] == []


def test_draw_reshuffles_the_discard_pile() -> None:
    g = Game(n=2, seed=2)
    lead = g.leader
    p = g.p(lead)
    p["discard"].extend(p["deck"][:3])
    del p["deck"][:3]
    assert len(p["deck"]) == 2
    g.do("skip")
    g.do("recruit", **{"from": "park", "slot": 0})
    assert len(g.p(lead)["hand"]) == 5
    assert "reshuffle" in g.kinds()


@pytest.mark.parametrize("bad", [
    Action("play", {"card": "no_such_card"}),
    Action("play", {"card": None}),
    Action("play", {}),
    Action("recruit", {"from": "park", "slot": 0}),
    Action("mode", {"mode": "public"}),
    Action("teleport", {}),
    Action("choose", {"res": "pizza"}),
])
def test_bad_input_is_rejected_and_the_state_is_unchanged(bad: Action) -> None:
    g = Game(n=3, seed=1)
    before = RULES.state_hash(g.state)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(g.state, g.leader, bad)
    assert info.value.text is not None and info.value.text.key.startswith("fort.error.")
    assert RULES.state_hash(g.state) == before


def test_a_card_not_in_hand_cannot_be_played_and_others_cannot_act() -> None:
    g = Game(n=3, seed=1)
    other = (g.leader + 1) % 3
    card = g.p(other)["hand"][0]
    before = RULES.state_hash(g.state)
    with pytest.raises(RuleViolation):
        RULES.apply(g.state, g.leader, Action("play", {"card": card}))
    with pytest.raises(RuleViolation) as info:
        RULES.apply(g.state, other, Action("skip"))
    assert info.value.code == "not_your_turn"
    assert RULES.state_hash(g.state) == before


def test_trash_this_card_after_the_follows() -> None:
    g = Game(n=3, seed=1)
    lead = g.leader
    f1 = (lead + 1) % 3
    g.set_hand(lead, ["tiny"])  # public: 1 VP × crown; private: trash this card, 3 VP
    g.set_hand(f1, ["golden_boy"])
    g.set_hand((lead + 2) % 3, ["bones"])
    g.do("play", card="tiny")
    g.do("mode", mode="private_public")
    assert "tiny" in g.p(lead)["played"]  # still there while others may follow
    g.window({f1: Action("follow", {"card": "golden_boy"})})
    assert "tiny" in g.state.box and "tiny" not in g.p(lead)["played"]


def test_trash_refuses_dogs_and_played_cards() -> None:
    g = Game({"dogs": True}, n=3, seed=1)
    lead = g.leader
    g.set_hand(lead, ["patch", "pudge", "bones"])  # Patch private: trash a card, +1 VP
    g.p(lead)["discard"] = ["chef", "spud"]
    g.do("play", card="patch")
    g.do("mode", mode="private")
    assert g.top()["what"] == "trash"
    cards = {a.params.get("card") for a in g.legal()}
    assert cards == {None, "bones", "chef"}
    assert RULES.default_action(g.state, lead) == Action("choose", {"stop": True})
    g.do("choose", card="chef", **{"from": "discard"})
    assert "chef" in g.state.box


def test_lookout_refuses_dogs_and_respects_capacity() -> None:
    g = Game({"dogs": True}, n=3, seed=1)
    lead = g.leader
    g.set_hand(lead, ["scout", "pudge", "bones", "chef"])  # Scout public: Lookout
    g.do("play", card="scout")
    g.do("mode", mode="public")
    assert {a.params.get("card") for a in g.legal()} == {"bones", "chef", None}
    g.do("choose", card="bones")
    assert g.p(lead)["lookout"] == ["bones"]
    view = RULES.view(g.state, (lead + 1) % 3)
    assert view["players"][lead]["lookout_suits"] == [["book"]]
    assert "lookout" not in view["players"][lead]

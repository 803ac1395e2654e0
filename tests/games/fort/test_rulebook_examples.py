"""The two worked examples of the Cats & Dogs rulebook (seed)."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.fort import RULES
from tests.games.fort.harness import Game


def _sultan_game() -> Game:
    g = Game({"dogs": True}, n=3, seed=4)
    lead = g.leader
    g.set_hand(lead, ["duke", "bud", "bud~2", "ghost", "ace"])
    g.p(lead)["lookout"] = ["bones", "kitty"]  # Lookout cards must not count for Sultán
    return g


def test_sultan_two_kota_coins_declared_as_different_non_crown_suits() -> None:
    g = _sultan_game()
    lead = g.leader
    vp = g.p(lead)["vp"]
    g.do("play", card="duke")
    assert g.top()["kind"] == "card" and g.top()["stage"] == "needs"
    opts = g.legal()
    adds = [a for a in opts if a.kind == "add"]
    # From hand only: no Lookout card is offered.
    assert all(a.params.get("from") != "lookout" for a in adds)
    # Never a crown; Ghost (a crown) cannot help at all.
    assert all(a.params["as"] != "crown" for a in adds)
    assert all(a.params["card"] != "ghost" for a in adds)
    # A coin may be declared as any of the five other suits.
    assert {a.params["as"] for a in adds if a.params["card"] == "bud"} == {
        "book", "glue", "shovel", "skateboard", "squirt_gun"}
    assert Action("done") not in opts
    g.do("add", card="bud", **{"as": "book"})
    second = [a for a in g.legal() if a.kind == "add"]
    assert all(a.params["as"] != "book" for a in second), "the two symbols must differ"
    g.do("add", card="bud~2", **{"as": "glue"})
    g.do("done")
    # Sultán (Duke) resolves: +2 VP, gather 1 of a chosen type; then into the kennel.
    assert g.top()["kind"] == "choice" and g.top()["what"] == "gather_type"
    g.do("choose", res="toy")
    p = g.p(lead)
    assert p["vp"] == vp + 2
    assert "duke" in p["kennel"]
    declared = [e.data["declared"] for e in g.events if e.kind == "dog_add_coin"]
    assert declared == ["book", "glue"]
    # Dog actions cannot be followed: the next decision is the Leader's recruit.
    assert g.top()["kind"] == "recruit" and g.top()["seat"] == lead
    g.finish_turn()
    assert {"bud", "bud~2"} <= set(g.p(lead)["discard"] + g.p(lead)["deck"])
    assert "duke" in g.p(lead)["kennel"]


def test_sultan_refuses_a_crown_declaration_and_the_lookout() -> None:
    g = _sultan_game()
    g.do("play", card="duke")
    before = RULES.state_hash(g.state)
    for bad in (Action("add", {"card": "bud", "as": "crown"}),
                Action("add", {"card": "bones", "from": "lookout", "as": "book"}),
                Action("add", {"card": "ghost", "as": "crown"}),
                Action("done")):
        with pytest.raises(RuleViolation):
            RULES.apply(g.state, g.leader, bad)
    assert RULES.state_hash(g.state) == before


def test_sultan_is_not_playable_without_two_suits_in_hand() -> None:
    g = Game({"dogs": True}, n=3, seed=4)
    g.set_hand(g.leader, ["duke", "ghost", "prince"])  # only crowns
    g.p(g.leader)["lookout"] = ["bones", "kitty"]
    assert Action("play", {"card": "duke"}) not in g.legal()


def test_nervak_scores_when_ghost_cannot_be_followed() -> None:
    g = Game({"cats": True}, n=3, seed=2)
    lead = g.leader
    g.state.cats = {"jitters": lead}
    g.set_hand(lead, ["ghost", "tiny"])
    for f in range(3):
        if f != lead:
            g.set_hand(f, ["golden_boy", "ace"])  # crowns and a coin: could follow a crown
    vp = g.p(lead)["vp"]
    g.do("play", card="ghost")
    # Ghost has no public action: only its private one (+2 VP), nobody is asked to follow.
    assert g.p(lead)["vp"] == vp + 2 + 1
    assert g.top()["kind"] == "recruit"
    assert [e.data["cat"] for e in g.events if e.kind == "cat_use"] == ["jitters"]


def test_nervak_scores_for_pumpa_but_not_for_the_copied_kid() -> None:
    g = Game({"cats": True, "dogs": True}, n=3, seed=2)
    lead = g.leader
    g.state.cats = {"jitters": lead}
    g.set_hand(lead, ["pumpkin", "kitty"])
    # A Park kid whose public action scores: Golden Boy (+1 VP × crown symbols).
    g.state.park = ["golden_boy", "bones", "chef"]
    for f in range(3):
        if f != lead:
            g.set_hand(f, ["prince", "dash", "ace"])
    vp = g.p(lead)["vp"]
    g.do("play", card="pumpkin")
    g.do("add", card="kitty")
    g.do("done")
    assert g.top()["what"] == "copy_kid"
    g.do("choose", slot=0)
    # Golden Boy's public action: 1 VP × 1 crown; then +1 from Nervák for the dog only.
    assert g.p(lead)["vp"] == vp + 1 + 1
    assert [e.kind for e in g.events].count("cat_use") == 1
    assert "pumpkin" in g.p(lead)["kennel"]
    assert g.top()["kind"] == "recruit"


def test_nervak_gives_nothing_when_someone_follows() -> None:
    g = Game({"cats": True}, n=3, seed=2)
    lead = g.leader
    g.state.cats = {"jitters": lead}
    g.set_hand(lead, ["golden_boy"])
    follower = (lead + 1) % 3
    g.set_hand(follower, ["prince"])
    g.set_hand((lead + 2) % 3, ["bones"])
    vp = g.p(lead)["vp"]
    g.do("play", card="golden_boy")
    g.do("mode", mode="public")
    assert g.awaiting() == sorted([follower, (lead + 2) % 3])  # everyone is asked
    g.window({follower: Action("follow", {"card": "prince"})})
    assert g.p(lead)["vp"] == vp + 1
    assert "cat_use" not in g.kinds()

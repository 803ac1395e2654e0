"""Cats (luring, stealing, abilities) and dogs (needs, kennels, Loki, no trashing)."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.fort import RULES
from rules.fort.turn import cat_lured
from tests.games.fort.harness import Game


def test_as_many_cats_as_players_face_up() -> None:
    for n in (2, 3, 4):
        g = Game({"cats": True}, n=n, seed=n)
        assert len(g.state.cats) == n and all(o is None for o in g.state.cats.values())
        assert len(RULES.view(g.state, None)["cats_table"]) == n


def test_cat_lure_counts_coins_only_as_coins() -> None:
    assert cat_lured(["bug", "moles"], {"suit": "shovel", "n": 2})
    assert not cat_lured(["bug", "ace"], {"suit": "shovel", "n": 2})  # the coin is no shovel
    assert cat_lured(["ace"], {"suit": "coin", "n": 1})
    assert cat_lured(["bug", "bones", "tiny"], {"distinct": 3})
    assert not cat_lured(["bug", "bones", "ace"], {"distinct": 3})


def test_cats_are_lured_at_the_end_of_turn_and_stolen() -> None:
    g = Game({"cats": True}, n=3, seed=3)
    g.state.cats = {"scavenger": None, "dumpling": None, "jitters": None}
    a = g.leader
    b = (a + 1) % 3
    g.set_hand(a, ["bug", "moles", "chef"])  # 3 shovel symbols will be left in the Yard
    g.do("skip")
    g.do("recruit", **{"from": "deck"})
    assert g.state.cats["scavenger"] == a
    lure = [e for e in g.events if e.kind == "cat_lure"]
    assert [(e.data["seat"], e.data["cat"]) for e in lure] == [(a, "scavenger")]
    # B leaves two shovels in the Yard: B takes the cat although A still qualifies.
    g.set_hand(b, ["wart", "worm", "tink"])
    g.do("skip")
    g.do("recruit", **{"from": "deck"})
    assert g.state.cats["scavenger"] == b
    stolen = [e for e in g.events if e.kind == "cat_steal"][-1]
    assert stolen.data == {"seat": b, "cat": "scavenger", "rival": a}


def test_before_play_cats_act_when_a_card_is_played_in_the_order_the_owner_chooses() -> None:
    """"Tyto schopnosti se často spustí před zahráním karty, což znamená opravdu těsně
    předtím! Pokud u sebe máte několik koček se schopností spouštějící se tímto způsobem,
    vyhodnoťte je v libovolném pořadí." — playing a card triggers every such cat; the owner
    chooses only their order; then the card is played."""
    g = Game({"cats": True}, n=3, seed=3)
    a = g.leader
    g.state.cats = {"dumpling": a, "kingsly": a, "jitters": None}
    g.set_hand(a, ["chef", "bones"])
    assert not [o for o in g.legal() if o.kind == "cat"]  # no menu item of its own
    vp = g.p(a)["vp"]
    g.do("play", card="chef")
    assert sorted(o.params["cat"] for o in g.legal()) == ["dumpling", "kingsly"]
    assert {o.kind for o in g.legal()} == {"cat"}  # the order is the only choice
    assert "chef" in g.p(a)["hand"]  # not played yet: the cats act just before
    g.do("cat", cat="kingsly")  # the other one follows by itself
    assert [e.data["cat"] for e in g.events if e.kind == "cat_use"] == ["kingsly", "dumpling"]
    assert g.p(a)["vp"] >= vp + 1 and g.p(a)["stuff"]["pizza"] >= 1
    assert "chef" in g.p(a)["played"] or "chef" in g.p(a)["discard"]
    assert [e.kind for e in g.events].index("play") > [e.kind for e in g.events].index(
        "cat_use")


def test_a_single_before_play_cat_acts_by_itself_and_only_when_a_card_is_played() -> None:
    """"Tyto schopnosti se často spustí před zahráním karty…" — with one such cat there is
    nothing to order; skipping the play triggers nothing, and the cat cannot be used alone."""
    g = Game({"cats": True}, n=3, seed=3)
    a = g.leader
    g.state.cats = {"kingsly": a, "jitters": None, "dumpling": None}
    g.set_hand(a, ["chef", "bones"])
    before = RULES.state_hash(g.state)
    with pytest.raises(RuleViolation) as info:
        g.do("cat", cat="kingsly")
    assert info.value.text is not None and info.value.text.key == "fort.error.cat_on_play"
    assert RULES.state_hash(g.state) == before
    assert RULES.default_action(g.state, a) == Action("skip")
    vp = g.p(a)["vp"]
    g.do("skip")
    assert g.p(a)["vp"] == vp and not [e for e in g.events if e.kind == "cat_use"]
    g2 = Game({"cats": True}, n=3, seed=3)
    g2.state.cats = {"kingsly": a, "jitters": None, "dumpling": None}
    g2.set_hand(a, ["chef", "bones"])
    g2.do("play", card="chef")
    assert [e.data["cat"] for e in g2.events if e.kind == "cat_use"] == ["kingsly"]


def test_bandit_scores_when_recruiting_from_a_yard() -> None:
    g = Game({"cats": True}, n=3, seed=3)
    a = g.leader
    rival = (a + 1) % 3
    g.state.cats = {"bandit": a, "jitters": None, "dumpling": None}
    g.p(rival)["yard"] = ["chef"]
    vp = g.p(a)["vp"]
    g.do("skip")
    g.do("recruit", **{"from": "yard", "seat": rival, "card": "chef"})
    assert g.p(a)["vp"] == vp + 1


def test_loki_goes_into_the_left_neighbours_kennel() -> None:
    g = Game({"dogs": True}, n=3, seed=3)
    a = g.leader
    g.set_hand(a, ["loki", "golden_boy"])
    g.do("play", card="loki")
    g.do("add", card="golden_boy")
    g.do("done")
    g.do("choose", res="pizza")
    assert "loki" in g.p((a + 1) % 3)["kennel"] and "loki" not in g.p(a)["kennel"]


def test_a_dog_with_a_resource_need_is_fed_from_stuff() -> None:
    g = Game({"dogs": True}, n=3, seed=3)
    a = g.leader
    g.set_hand(a, ["porkchop", "chef"])
    assert Action("play", {"card": "porkchop"}) not in g.legal()
    g.p(a)["stuff"]["pizza"] = 1
    g.p(a)["pack"]["pizza"] = 1
    assert Action("play", {"card": "porkchop"}) in g.legal()
    vp = g.p(a)["vp"]
    g.do("play", card="porkchop")
    assert g.p(a)["stuff"]["pizza"] == 0 and g.p(a)["pack"]["pizza"] == 0
    assert g.p(a)["vp"] == vp + 3 and "porkchop" in g.p(a)["kennel"]


def test_dog_needs_may_use_the_lookout_unless_hand_only() -> None:
    g = Game({"dogs": True}, n=3, seed=3)
    a = g.leader
    g.set_hand(a, ["drover", "chef"])  # Drover: 2 book symbols
    g.p(a)["lookout"] = ["einstein"]
    g.do("play", card="drover")
    opts = g.legal()
    assert Action("add", {"card": "einstein", "from": "lookout"}) in opts
    g.do("add", card="einstein", **{"from": "lookout"})
    g.do("add", card="chef")
    g.do("done")
    assert g.p(a)["lookout"] == ["einstein"]  # a Lookout card is counted, not discarded
    assert "chef" in g.p(a)["played"]
    assert g.p(a)["stuff"]["toy"] == 2


def test_cancelling_a_dog_returns_the_cards() -> None:
    g = Game({"dogs": True}, n=3, seed=3)
    a = g.leader
    g.set_hand(a, ["drover", "chef", "einstein"])
    g.do("play", card="drover")
    g.do("add", card="chef")
    g.do("cancel")
    assert sorted(g.p(a)["hand"]) == ["chef", "drover", "einstein"]
    assert g.top()["kind"] == "play" and g.p(a)["played"] == []


def test_dogs_in_a_yard_can_be_recruited_but_not_trashed() -> None:
    g = Game({"dogs": True}, n=3, seed=3)
    a = g.leader
    rival = (a + 1) % 3
    g.p(rival)["yard"] = ["pudge", "chef"]
    g.set_hand(a, ["blitz"])  # Blitz public: trash a rival's Yard card
    g.set_hand(rival, ["doc"])
    g.set_hand((a + 2) % 3, ["patch"])
    g.do("play", card="blitz")
    g.do("mode", mode="public")
    assert {a_.params["card"] for a_ in g.legal()} == {"chef"}
    g.do("choose", seat=rival, card="chef")
    assert "chef" in g.state.box
    g.window()
    assert g.top()["kind"] == "recruit" and g.top()["seat"] == a
    g.do("recruit", **{"from": "yard", "seat": rival, "card": "pudge"})
    assert "pudge" in g.p(a)["discard"] and g.p(rival)["yard"] == []


def test_dogs_deal_five_kids_and_three_dogs() -> None:
    g = Game({"dogs": True}, n=4, seed=3)
    for p in g.state.players:
        cards = p["deck"] + p["hand"]
        dogs = [c for c in cards if c in {"drover", "hershey", "echo", "floofer", "squeaker",
                                          "pumpkin", "ranger", "rowdy", "porkchop", "barkley",
                                          "eclair", "loki", "pudge", "pesto", "violet", "duke",
                                          "spud", "watson"}]
        assert len(cards) == 10 and len(dogs) == 3

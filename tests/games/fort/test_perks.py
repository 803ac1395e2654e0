"""The nine Perks."""

from __future__ import annotations

from rules.base import Action
from rules.fort import RULES
from rules.fort.common import pack_cap
from tests.games.fort.harness import Game


def _game(perk: str, n: int = 3) -> Game:
    g = Game(n=n, seed=11)
    g.p(g.leader)["perks"] = [perk]
    for f in range(n):
        if f != g.leader:
            g.set_hand(f, ["doc"])  # a book nobody can follow a non-book card with
    return g


def test_birthday_party_recruits_once_more_from_park_or_deck_only() -> None:
    g = _game("birthday_party")
    a = g.leader
    g.p((a + 1) % 3)["yard"] = ["chef"]
    g.do("skip")
    g.do("recruit", **{"from": "park", "slot": 0})
    assert g.top()["kind"] == "recruit" and g.top()["extra"]
    assert all(o.params["from"] != "yard" for o in g.legal())
    g.do("recruit", **{"from": "deck"})
    assert [e.kind for e in g.events if e.kind.startswith("recruit_")] == [
        "recruit_park", "recruit_deck"]


def test_bribe_takes_a_lookout_card_from_the_park() -> None:
    g = _game("bribe")
    a = g.leader
    g.set_hand(a, ["scout"])
    g.do("play", card="scout")
    g.do("mode", mode="public")
    park0 = g.state.park[0]
    assert Action("choose", {"from": "park", "slot": 0}) in g.legal()
    g.do("choose", **{"from": "park", "slot": 0})
    assert g.p(a)["lookout"] == [park0] and len(g.state.park) == 3


def test_copy_cat_follows_with_two_cards_using_both_suits() -> None:
    g = Game(n=3, seed=11)
    a = g.leader
    f = (a + 1) % 3
    g.p(f)["perks"] = ["copy_cat"]
    g.set_hand(a, ["rusty"])
    g.set_hand(f, ["bug", "moles", "chef"])
    g.set_hand((a + 2) % 3, ["doc"])
    g.do("play", card="rusty")
    g.do("mode", mode="public")
    g.window({f: Action("follow", {"card": "bug"})})
    assert g.top()["stage"] == "follow2" and g.awaiting() == [f]
    g.do("follow", card="moles")
    assert g.p(f)["stuff"]["pizza"] == 3  # 1 + 2 (double)


def test_diy_advances_instead_of_playing_for_one_more_resource() -> None:
    g = _game("diy")
    a = g.leader
    g.p(a)["stuff"] = {"pizza": 2, "toy": 1}
    assert Action("perk", {"perk": "diy"}) in g.legal()
    g.do("perk", perk="diy")
    p = g.p(a)
    assert p["level"] == 1 and p["stuff"] == {"pizza": 0, "toy": 0}
    assert "diy" in g.state.box and p["perks"] == []
    assert g.top()["kind"] == "recruit"


def test_sticky_fingers_packs_from_the_supply() -> None:
    g = _game("sticky_fingers")
    a = g.leader
    g.set_hand(a, ["skids"])  # private: convert 1, pack 1
    g.p(a)["stuff"] = {"pizza": 0, "toy": 0}
    g.do("play", card="skids")
    g.do("mode", mode="private")
    # Nothing to convert: that choice closes by itself; the pack step offers the supply.
    assert g.top()["what"] == "pack"
    assert Action("choose", {"res": "toy", "from": "supply"}) in g.legal()
    g.do("choose", res="toy", **{"from": "supply"})
    assert g.p(a)["pack"]["toy"] == 1


def test_recycling_returns_a_discard_to_hand() -> None:
    g = _game("recycling")
    a = g.leader
    g.p(a)["discard"] = ["chef"]
    g.do("perk", perk="recycling")
    g.do("choose", card="chef")
    assert "chef" in g.p(a)["hand"] and "recycling" in g.state.box
    assert g.top()["kind"] == "play"


def test_xxl_backpack_adds_two_to_the_pack() -> None:
    g = _game("xxl_backpack")
    assert pack_cap(g.state, g.leader) == pack_cap(g.state, (g.leader + 1) % 3) + 2


def test_do_over_plays_a_second_card() -> None:
    g = _game("do_over")
    a = g.leader
    g.set_hand(a, ["ace", "golden_boy"])
    g.do("play", card="ace")
    g.do("mode", mode="private")  # +1 VP
    g.window()
    assert g.top()["stage"] == "do_over"
    assert RULES.default_action(g.state, a) == Action("pass")
    g.do("do_over")
    assert g.top()["kind"] == "play" and g.top()["second"]
    g.do("play", card="golden_boy")
    g.do("mode", mode="public")
    g.window()
    assert g.top()["kind"] == "recruit"  # no second Do-Over
    assert "do_over" in g.state.box


def test_rough_housing_trashes_the_leaders_card_after_the_follows() -> None:
    g = Game(n=3, seed=11)
    a = g.leader
    f1, f2 = (a + 1) % 3, (a + 2) % 3
    g.p(f1)["perks"] = ["rough_housing"]
    g.set_hand(a, ["rusty"])
    g.set_hand(f1, ["doc"])
    g.set_hand(f2, ["bug"])
    g.do("play", card="rusty")
    g.do("mode", mode="public")
    assert g.awaiting() == sorted([f1, f2]) and Action("rough") in g.legal(f1)
    g.do("rough", by=f1)
    assert "rusty" in g.p(a)["played"] and "rough_housing" in g.p(f1)["perks"]  # secret
    g.do("follow", by=f2, card="bug")  # f2 still follows
    assert "rusty" in g.state.box and "rusty" not in g.p(a)["played"]

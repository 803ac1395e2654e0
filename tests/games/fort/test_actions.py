"""The effect interpreter's steps: pack, convert, spend, copy packs, draw, advance."""

from __future__ import annotations

from rules.base import Action, Text
from rules.fort import RULES
from rules.fort.common import advance_cost, pack_cap
from tests.games.fort.harness import Game


def _solo(card: str, n: int = 3, seed: int = 13) -> Game:
    g = Game(n=n, seed=seed)
    g.set_hand(g.leader, [card])
    for f in range(n):
        if f != g.leader:
            g.set_hand(f, [])
    return g


def test_pack_stops_at_the_pack_capacity() -> None:
    g = _solo("flipper")  # Best Friend (orange) — private: pack 1
    a = g.leader
    g.set_hand(a, ["icky_sticky"])  # public: pack 1 × glue (double: 2)
    g.p(a)["stuff"] = {"pizza": 4, "toy": 4}
    g.p(a)["pack"] = {"pizza": 1, "toy": 0}
    assert pack_cap(g.state, a) == 2
    g.do("play", card="icky_sticky")
    g.do("mode", mode="public")
    assert g.top()["what"] == "pack"
    g.do("choose", res="toy", **{"from": "stuff"})
    # The Pack is full (2 of 2): the second unit is not offered.
    assert g.top()["kind"] != "choice" or g.top()["what"] != "pack"
    assert g.p(a)["pack"] == {"pizza": 1, "toy": 1} and g.p(a)["stuff"]["toy"] == 3


def test_convert_and_its_default() -> None:
    g = _solo("sweet_pea")  # public: convert 2
    a = g.leader
    g.p(a)["stuff"] = {"pizza": 2, "toy": 0}
    g.do("play", card="sweet_pea")
    g.do("mode", mode="public")
    assert RULES.default_action(g.state, a) == Action("choose", {"res": "pizza"})
    g.do("choose", res="pizza")
    g.do("choose", res="toy")
    assert g.p(a)["stuff"] == {"pizza": 2, "toy": 0}


def test_spend_that_cannot_be_paid_voids_the_rest() -> None:
    g = _solo("captain")  # private: spend 1 toy → +2 VP
    a = g.leader
    vp = g.p(a)["vp"]
    g.do("play", card="captain")
    g.do("mode", mode="private")
    assert g.p(a)["vp"] == vp and "spend_fail" in g.kinds()
    g2 = _solo("captain")
    g2.p(a)["pack"]["toy"] = 1  # paid from the Pack when the Stuff is empty
    g2.do("play", card="captain")
    g2.do("mode", mode="private")
    assert g2.p(a)["vp"] == vp + 2 and g2.p(a)["pack"]["toy"] == 0


def test_copy_pack_and_copy_rival_pack() -> None:
    g = _solo("giggles")  # public: copy Pack
    a = g.leader
    g.p(a)["pack"] = {"pizza": 1, "toy": 2}
    g.do("play", card="giggles")
    g.do("mode", mode="public")
    assert g.p(a)["stuff"] == {"pizza": 1, "toy": 2} and g.p(a)["pack"] == {"pizza": 1, "toy": 2}
    g = _solo("tink")  # private: copy a rival's Pack
    a = g.leader
    rival = (a + 2) % 3
    g.p(rival)["pack"] = {"pizza": 0, "toy": 3}
    g.do("play", card="tink")
    g.do("mode", mode="private")
    assert g.legal() == [Action("choose", {"seat": rival})]
    g.do("choose", seat=rival)
    assert g.p(a)["stuff"]["toy"] == 3 and g.p(rival)["pack"]["toy"] == 3


def test_advance_costs_and_discounts() -> None:
    g = Game(n=2, seed=13)
    a = g.leader
    assert advance_cost(g.state, a) == (1, 1)
    assert advance_cost(g.state, a, discount=1) == (0, 1)
    g.p(a)["level"] = 3
    assert advance_cost(g.state, a) == (3, 2)
    assert advance_cost(g.state, a, discount=1) == (2, 2)
    g.p(a)["level"] = 5
    assert advance_cost(g.state, a) is None


def test_advance_fort_without_the_resources_does_nothing() -> None:
    g = _solo("moose")
    a = g.leader
    g.do("play", card="moose")
    g.do("mode", mode="public")
    assert g.p(a)["level"] == 0 and "advance_fail" in g.kinds()


def test_a_game_of_defaults_ends() -> None:
    g = Game({"dogs": True, "cats": True}, n=4, seed=13)
    for _ in range(5000):
        if RULES.result(g.state) is not None:
            break
        seat = g.awaiting()[0]
        g.state, _ = RULES.apply(g.state, seat, RULES.default_action(g.state, seat))
    result = RULES.result(g.state)
    assert result is not None and result.reason == Text("fort.end.park")


def test_a_content_pack_changes_a_kid(tmp_path: object) -> None:
    import json
    from pathlib import Path

    from rules import content
    from rules.fort.data import ctype

    folder = Path(str(tmp_path)) / "fort"
    folder.mkdir()
    entry = {"id": "chef", "provenance": "public", "copies": 1,
             "public": {"x": True, "steps": [{"op": "score", "n": 2, "x": True}]},
             "private": None}
    (folder / "kid_actions.json").write_text(json.dumps({"entries": [entry]}))
    try:
        content.configure(folder.parent)
        assert ctype("chef").public == entry["public"] and ctype("chef").private is None
        g = _solo("chef")
        vp = g.p(g.leader)["vp"]
        g.do("play", card="chef")  # one action left: no mode question
        assert g.p(g.leader)["vp"] == vp + 2
    finally:
        content.configure(None)
    assert ctype("chef").private is not None

"""End triggers (finish the round), final scoring, Made-Up Rules, dogs and cats, ties."""

from __future__ import annotations

import pytest

from rules.base import Text
from rules.fort import RULES
from rules.fort.scoring import breakdown, rule_score
from tests.games.fort.harness import Game


def _play_to_round_end(g: Game) -> None:
    while RULES.result(g.state) is None:
        g.finish_turn()


def test_25_vp_triggers_the_end_after_the_round() -> None:
    g = Game(n=3, seed=7)
    first = g.state.first
    lead = g.leader
    assert lead == first
    g.p(lead)["vp"] = 25
    g.finish_turn()
    assert g.state.end == "vp" and RULES.result(g.state) is None
    _play_to_round_end(g)
    # The first player's turn began at set-up; the other two still had theirs.
    turns = [e.data["seat"] for e in g.events if e.kind == "turn"]
    assert turns == [(first + 1) % 3, (first + 2) % 3]
    result = RULES.result(g.state)
    assert result is not None and result.reason == Text("fort.end.vp")
    assert g.state.stack == [] and not RULES.awaiting(g.state)


def test_fort_level_5_triggers_the_end_and_the_macaroni() -> None:
    g = Game(n=2, seed=7)
    lead = g.leader
    p = g.p(lead)
    p["level"] = 4
    p["stuff"] = {"pizza": 4, "toy": 4}
    g.set_hand(lead, ["moose"])  # Moose public: Advance Fort
    g.do("play", card="moose")
    g.do("mode", mode="public")
    assert g.p(lead)["level"] == 5 and g.state.macaroni == lead
    assert g.p(lead)["stuff"] == {"pizza": 1, "toy": 1}
    g.finish_turn()
    assert g.state.end == "fort"
    _play_to_round_end(g)
    rows = {r["seat"]: r for r in g.state.final["rows"]}
    assert rows[lead]["macaroni"] == 3


def test_empty_park_deck_triggers_the_end() -> None:
    g = Game(n=2, seed=7)
    g.state.park_deck = g.state.park_deck[:1]
    g.do("skip")
    g.do("recruit", **{"from": "deck"})
    assert g.state.end == "park"
    _play_to_round_end(g)
    assert RULES.result(g.state).reason == Text("fort.end.park")


def test_the_last_player_of_the_round_ends_the_game_at_once() -> None:
    g = Game(n=3, seed=7)
    first = g.state.first
    g.finish_turn()
    g.finish_turn()
    last = g.leader
    assert last == (first + 2) % 3
    g.p(last)["vp"] = 30
    g.finish_turn()
    assert RULES.result(g.state) is not None


def test_kennel_majority_gives_7_to_every_tied_player() -> None:
    g = Game({"dogs": True}, n=3, seed=1)
    g.p(0)["kennel"] = ["pudge", "spud"]
    g.p(1)["kennel"] = ["duke", "loki"]
    g.p(2)["kennel"] = ["rowdy"]
    rows = breakdown(g.state)
    assert [r["dogs"] for r in rows] == [7, 7, 0]


def test_nobody_scores_the_kennel_with_no_dogs() -> None:
    g = Game({"dogs": True}, n=2, seed=1)
    assert [r["dogs"] for r in breakdown(g.state)] == [0, 0]


@pytest.mark.parametrize(("cats", "vp"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_cat_score_table(cats: int, vp: int) -> None:
    g = Game({"cats": True}, n=4, seed=1)
    ids = list(g.state.cats)
    g.state.cats = {c: (0 if i < cats else 1) for i, c in enumerate(ids)}
    assert breakdown(g.state)[0]["cats"] == vp


def test_ties_share_the_place() -> None:
    g = Game(n=3, seed=7)
    for p in g.state.players:
        p["vp"] = 26
        p["rules"] = []
    _play_to_round_end(g)
    result = RULES.result(g.state)
    totals = {s: v for s, v in result.scores.items()}
    best = max(totals.values())
    assert set(result.winners) == {s for s, v in totals.items() if v == best}
    assert sorted(s for place in result.ranking for s in place) == [0, 1, 2]


def test_made_up_rules() -> None:
    g = Game({"dogs": True}, n=2, seed=1)
    st = g.state
    p = st.players[0]
    for zone in ("deck", "hand", "discard", "yard", "lookout", "kennel"):
        p[zone] = []
    p["hand"] = ["lefty", "dot", "ghost", "puddin"]
    p["lookout"] = ["chef"]
    p["kennel"] = ["barkley"]
    p["stuff"] = {"pizza": 2, "toy": 3}
    p["pack"] = {"pizza": 1, "toy": 2}
    p["level"] = 2
    assert rule_score(st, 0, "big_plans") == 2  # Lefty and Dot
    assert rule_score(st, 0, "friendship_bracelet") == 4  # shovel, glue, crown, book
    assert rule_score(st, 0, "piggy_bank") == 5
    assert rule_score(st, 0, "pizza_party") == 3
    assert rule_score(st, 0, "loner") == 5
    assert rule_score(st, 0, "minimalism") == 8
    assert rule_score(st, 0, "popularity") == 1
    assert rule_score(st, 0, "play_palace") == 3  # Ghost, Puddin's crown, Barkley (kennel)
    assert rule_score(st, 0, "slime_lab") == 1
    assert rule_score(st, 0, "secret_stash") == 3
    # Sleepover: 6 cards against the rival's 12 → nothing; more than every rival → 8.
    assert rule_score(st, 0, "sleepover") == 0
    st.players[1]["deck"] = []
    st.players[1]["hand"] = []
    assert rule_score(st, 0, "sleepover") == 8
    p["hand"].append("zip")
    assert rule_score(st, 0, "loner") == 0


def test_made_up_rule_at_level_1_is_secret() -> None:
    g = Game(n=3, seed=7)
    lead = g.leader
    g.p(lead)["stuff"] = {"pizza": 2, "toy": 2}
    g.set_hand(lead, ["moose"])
    top = g.state.rule_stack[-1]
    g.do("play", card="moose")
    g.do("mode", mode="public")
    assert g.p(lead)["rules"] == [top]
    other = (lead + 1) % 3
    view = RULES.view(g.state, other)
    assert view["players"][lead]["rules_n"] == 1 and "rules" not in view["players"][lead]
    assert RULES.view(g.state, lead)["players"][lead]["rules"] == [top]
    drawn = [e for e in g.events if e.kind == "rule_drawn"]
    assert drawn and drawn[0].visible_to == frozenset({lead})


def test_perk_at_level_2_chosen_from_the_row_leftmost_by_default() -> None:
    g = Game(n=3, seed=7)
    lead = g.leader
    g.p(lead)["level"] = 1
    g.p(lead)["stuff"] = {"pizza": 4, "toy": 4}
    g.set_hand(lead, ["moose"])
    g.do("play", card="moose")
    g.do("mode", mode="public")
    assert g.top()["what"] == "perk_pick"
    leftmost = g.state.perk_row[0]
    g.do(RULES.default_action(g.state, lead).kind, **RULES.default_action(g.state, lead).params)
    assert g.p(lead)["perks"] == [leftmost]
    assert leftmost not in g.state.perk_row

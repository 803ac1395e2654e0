"""A scenario for every worked example of the rulebook (spec §8), numbered as there."""

from __future__ import annotations

from rules.base import Event
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall import procedures as P
from rules.great_wall.automata import chin_produce
from rules.great_wall.building import build, build_options
from rules.great_wall.data import data
from rules.great_wall.fall import box_items
from rules.great_wall.locations import (
    Activate,
    advisor_cost,
    hq_move,
    produce,
    promotable,
    promote_cost,
)
from rules.great_wall.seasons import spring_hordes, summer_income
from rules.great_wall.state import State
from tests.games.great_wall.helpers import act, bare, drive, started


def _no_decks_top(st: State, invasion: int) -> None:
    """Put a Horde card with the given invasion indicator on top of the deck."""
    deck = st.decks["horde"]
    i = next(i for i, h in enumerate(deck) if data().hordes[h]["invasion"] == invasion)
    deck.append(deck.pop(i))


def test_1_fourth_horde_card_follows_the_new_top_cards_indicator() -> None:
    st = started(4)
    counts = [len(s["hordes"]) for s in st.sections]
    assert sum(counts) == 4 and all(c >= 1 for c in counts)
    # Nothing has been drawn from the Horde deck since: its top card placed the 4th card.
    assert counts[P.invasion_section(st)] == 2


def test_2_tea_stack_follows_the_generals_tea_values_highest_on_top() -> None:
    st = started(3)
    tea = [int(data().generals[st.clans[c]["general"]]["setup"]["tea"]) for c in st.tea]
    assert tea == sorted(tea, reverse=True)


def test_3_tea_order_top_first() -> None:
    st = started(3)
    st.tea = [2, 1, 0]  # blue, red, yellow
    assert st.in_tea([0, 1, 2]) == [2, 1, 0]


def test_4_general_ability_scales_with_support_advisors() -> None:
    st = started(3)
    st.clans[0]["general"] = "g01"  # Liang Chung-Ju: 2 Honor when a soldier dies
    st.clans[0]["support"] = ["a01", "a02"]
    before = st.clans[0]["honor"]
    B.trigger(st, 0, "soldier_killed", [])
    assert st.clans[0]["honor"] == before + 4


def test_5_spring_adds_the_number_above_the_time_token() -> None:
    st = started(4)
    st.time = 1  # the 4-player side shows 3 above space 1
    assert data().board["time_4"]["hordes"][0] == 3
    ev: list[Event] = []
    spring_hordes(st, ev)
    # Each card either arrives or, at a full section, makes a Raid.
    assert sum(1 for e in ev if e.kind in ("horde_arrives", "raid")) == 3


def test_6_invasion_indicator_in_the_leftmost_frame_means_the_leftmost_section() -> None:
    st = started(3)
    _no_decks_top(st, 1)  # the card placed now; the one below points left
    deck = st.decks["horde"]
    i = next(i for i, h in enumerate(deck[:-1]) if data().hordes[h]["invasion"] == 0)
    card = deck.pop(i)
    deck.insert(len(deck) - 1, card)
    ev: list[Event] = []
    P.add_horde(st, ev)
    assert ev[-1].kind == "horde_arrives" and ev[-1].data["s"] == 0
    assert ev[-1].data["row"] == 1  # the free position nearest the wall


def test_7_overseer_level_2_adds_two_gold() -> None:
    st = started(3)
    st.overseers["gold_mine"][0] = 2
    st.locs["gold_mine"] = [0]
    gold = st.clans[0]["res"]["gold"]
    produce(st, "gold_mine", {0: 1}, [0], [])
    assert st.clans[0]["res"]["gold"] == gold + 1 + 2


def test_8_placing_an_overseer_on_the_lumber_mill_costs_two() -> None:
    st = started(3)
    st.clans[0]["active"] = []
    assert promote_cost(st, 0, "lumber_mill") == 2


def test_9_alchemist_promotes_the_gold_mine_overseer_during_a_quarry_promotion() -> None:
    st = started(3)
    st.clans[0]["active"] = ["alchemist"]
    assert promotable(st, 0, "quarry") == ["quarry", "gold_mine"]
    assert promote_cost(st, 0, "gold_mine") == 0  # placing it would even be free


def test_10_summer_income_of_a_level_2_overseer() -> None:
    st = started(3)
    st.clans[0]["general"] = "g02"  # a General without a Summer ability
    st.clans[0]["active"] = []
    st.overseers["gold_mine"][0] = 2
    gold = st.clans[0]["res"]["gold"]
    summer_income(st, [])
    assert st.clans[0]["res"]["gold"] == gold + 2


def test_11_an_archer_costs_two_chi_and_one_wood() -> None:
    st = started(3)
    st.clans[0]["active"] = []
    assert B.unit_cost(st, 0, "archer") == {"chi": 2, "wood": 1}
    assert data().board["soldier_archer"]["provenance"] == "seed"


def test_12_wall_order_empty_to_level_3() -> None:
    st = bare(started(3))
    st.clans[0]["active"] = []
    st.clans[0]["res"].update(wood=20, stone=20, gold=20)
    levels = []
    for _ in range(3):
        build(st, 0, "wall", 1, [])
        st, _ = act(st, 0, "pay", **RULES.default_action(st, 0).params)  # the player's mix
        levels.append(st.sections[1]["wall"])
    assert levels == [1, 2, 3]
    assert all(a.params != {"what": "wall", "s": 1} for a in build_options(st, 0))


def test_13_headquarters_moves_archers_to_firing_positions_others_to_staging() -> None:
    st = started(3)
    left, right = st.sections[0], st.sections[2]
    left["firing"] = [0]
    left["staging"][0].update(archer=1, spearman=1)
    hq_move(st, 0, 0, 2, [])
    assert right["firing"] == [0]  # the wall archer to a firing position
    assert right["staging"][0]["archer"] == 1 and right["staging"][0]["spearman"] == 1
    assert left["firing"] == [] and B.staging_total(left, 0) == 0


def test_14_hiring_the_third_advisor_costs_three_gold() -> None:
    st = started(3)
    st.clans[0]["active"] = ["a01"]  # an Advisor without a cheaper-Advisor ability
    assert len(st.clans[0]["support"]) == 1
    assert advisor_cost(st, 0) == 3


def test_15_tea_house_red_and_blue_move_up() -> None:
    st = bare(started(3))
    st.tea = [0, 1, 2]  # yellow, red, blue
    st.locs["tea_house"] = [1, 2]
    st.stack.append({"kind": "activate", "loc": "tea_house", "advanced": False,
                     "stage": "start", "queue": []})
    assert Activate.kind == "activate"
    drive(st)
    assert st.tea == [1, 2, 0]  # red, blue, yellow
    assert st.locs["tea_house"] == []


def test_16_assault_defence_14_against_offence_15_breaches_and_leader_halves() -> None:
    st = started(3)
    sec = st.sections[1]
    sec["wall"], sec["barricades"] = 2, 3  # 8 + 3 × 2 = 14
    sec["hordes"] = [B.new_card("h01"), B.new_card("h02"), B.new_card("h03")]
    assert B.defence(st, 1) == 14
    assert B.offence(st, 1) > 14
    sec["hordes"].append(B.new_card("h04"))  # a Leader
    assert data().hordes["h04"]["ability"] == "leader"
    assert B.defence(st, 1) == 7


def test_17_casualty_value_two_kills_two_per_card() -> None:
    st = started(3)
    st.time = 2
    assert P.casualty_value(st) == 2
    card = B.new_card("h01")
    for f in range(3):
        B.set_cell(card, f, [0, "spearman", 100 + f])
    assert len(P.victims_on(card, 0, P.casualty_value(st))) == 2


def test_18_solo_economy_gives_despotism_its_extra_clerks_and_chin_scores_clerks_times_level(
) -> None:
    st = started(1)
    chin = st.clan_of("chin")
    assert chin is not None
    st.turn["played"] = {"0": "despotism", str(chin): "solo_economy"}
    items = box_items(st, 0, "despotism")
    assert [e["do"] for _c, e in items] == ["place", "advanced", "place"]
    assert items[-1][1]["n"] == 2
    st.overseers["quarry"][chin] = 2
    honor = st.clans[chin]["honor"]
    chin_produce(st, "quarry", 2, [])
    assert st.clans[chin]["honor"] == honor + 4

"""Edge cases of the rules: Tea-order ties, a breach that kills, the Shame pool running out,
Chin's tie cases, secret choices, bad input refused with the state unchanged."""

from __future__ import annotations

import pytest

from rules.base import Action, Event, RuleViolation
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall import procedures as P
from rules.great_wall.automata import activation_pick, chin_place
from rules.great_wall.seasons import end_check
from tests.games.great_wall.helpers import act, bare, drive, started


def test_defeated_card_goes_to_the_higher_clan_on_the_tea_track_when_fields_tie() -> None:
    st = bare(started(3))
    st.tea = [2, 0, 1]
    sec = st.sections[1]
    card = B.new_card("h02")  # 2 × 2 fields
    sec["hordes"] = [card]
    for f, clan in enumerate([0, 2, 0, 2]):
        B.set_cell(card, f, [clan, "spearman", 50 + f])
    for c in range(3):
        st.clans[c]["tactics"] = []
        st.clans[c]["res"]["chi"] = 0
    st.stack.append({"kind": "defeat"})
    ev = drive(st)
    while st.stack:  # the owners' loss questions, answered by their defaults
        seat = min(RULES.awaiting(st))
        st, more = RULES.apply(st, seat, RULES.default_action(st, seat))
        ev += more
    won = [e for e in ev if e.kind == "horde_won"]
    assert won and won[0].data["clan"] == 2  # 2 fields each: blue is higher in Tea order
    assert st.clans[2]["won"][0]["id"] == "h02"


def test_a_breach_gives_shame_kills_leaves_wounds_and_kills_the_wall_archers() -> None:
    st = bare(started(3))
    st.time = 2  # casualty value 2
    for c in range(3):
        st.clans[c]["res"]["chi"] = 0  # nobody can rescue
        st.clans[c]["tactics"] = []
    sec = st.sections[1]
    card = B.new_card("h01")
    sec["hordes"] = [card]
    for f in range(3):
        B.set_cell(card, f, [0, "spearman", 10 + f])
    sec["firing"] = [0]
    spears = st.clans[0]["sup"]["spearman"]
    bank = st.shame_bank
    st.stack.append({"kind": "breach", "s": 1, "stage": "shame", "free": {}, "queue": []})
    # Red and blue have no soldier on the card: a Shame token each (placed by default).
    drive(st)
    while st.stack:
        seat = min(RULES.awaiting(st))
        st, _ = RULES.apply(st, seat, RULES.default_action(st, seat))
    sec = st.sections[1]  # apply works on copies: read the final state
    card = sec["hordes"][0]
    assert st.shame_bank == bank - 2
    assert sum(st.clans[1]["shamed"].values()) == 1 and sum(st.clans[2]["shamed"].values()) == 1
    assert sum(1 for c in B.cells(card) if c == "w") == 2  # two killed, each leaves a wound
    assert len(B.soldiers_on(card)[0]) == 1  # the survivor stays
    assert sec["firing"] == []
    assert st.clans[0]["sup"]["spearman"] == spears + 2
    assert st.clans[0]["sup"]["archer"] >= 1


def test_rescue_for_two_chi_sends_the_soldier_to_the_staging_area() -> None:
    st = bare(started(3))
    st.clans[0]["res"]["chi"] = 2
    sec = st.sections[1]
    card = B.new_card("h02")
    sec["hordes"] = [card]
    B.set_cell(card, 0, [0, "spearman", 7])
    st.stack.append({"kind": "losses", "clan": 0, "s": 1, "breach": True, "groups": [[0, 1]],
                     "dead": [], "saved": [], "free": 0, "stage": "pick"})
    drive(st)
    st, _ = act(st, 0, "rescue", unit="spearman")  # nobody left to die: resolved at once
    assert sec is not st.sections[1]
    assert st.sections[1]["staging"][0]["spearman"] == 1
    assert st.clans[0]["res"]["chi"] == 0
    assert B.cell(st.sections[1]["hordes"][0], 0) == "w"


def test_an_empty_shame_bank_costs_five_honor_and_ends_the_game_at_the_end_check() -> None:
    st = bare(started(3))
    st.shame_bank = 0
    honor = st.clans[1]["honor"]
    ev: list[Event] = []
    P.gain_shame(st, 1, ev)
    assert st.clans[1]["honor"] == honor - 5 and ev[-1].kind == "shame_none"
    end_check(st, ev)
    assert st.result is not None and st.result["reason"] == "shame"


def test_coop_shame_with_an_empty_bank_loses_at_once() -> None:
    st = bare(started(2, mode="coop"))
    st.shame_bank = 0
    P.gain_shame(st, 0, [])
    assert st.result is not None and st.result["winners"] == []


def test_nowhere_to_place_shame_goes_to_the_box_for_five_honor() -> None:
    st = bare(started(3))
    c = st.clans[0]
    c["sup"] = {"spearman": 0, "archer": 0, "horseman": 0}
    honor = c["honor"]
    st.stack.append({"kind": "shame", "clan": 0})
    drive(st)  # a single option ("box") decides itself
    assert c["honor"] == honor - 5


def test_raid_removes_as_many_shame_tokens_as_players() -> None:
    st = started(3)
    for s in B.used_sections(st):
        st.sections[s]["hordes"] = [B.new_card("h01") for _ in range(3)]
    bank = st.shame_bank
    ev: list[Event] = []
    P.add_horde(st, ev)
    assert ev[-1].kind == "raid" and st.shame_bank == bank - 3


def test_chin_activates_his_own_locations_highest_on_his_track_first() -> None:
    st = started(1)
    chin = st.clan_of("chin")
    assert chin is not None
    st.chin_track = ["temple", "barracks", "quarry", "gold_mine", "lumber_mill"]
    st.locs["quarry"].append(chin)
    st.locs["temple"].append(chin)
    assert activation_pick(st, chin, ["lumber_mill", "quarry", "temple"]) == "temple"
    assert activation_pick(st, 0, ["lumber_mill", "quarry", "temple"]) == "lumber_mill"


def test_chin_sends_clerks_lowest_on_his_track_skipping_full_locations() -> None:
    st = started(1)
    chin = st.clan_of("chin")
    assert chin is not None
    st.chin_track = ["temple", "barracks", "quarry", "gold_mine", "lumber_mill"]
    st.locs["lumber_mill"] = [0, 0]  # full (2 spots on the 3-player side)
    chin_place(st, 2, [])
    assert st.locs["gold_mine"].count(chin) == 1  # the Reed clerk there, and Chin's
    assert st.locs["quarry"].count(chin) == 1  # gold mine is then full, so the next


def test_command_cards_are_secret_until_everyone_has_chosen() -> None:
    st = started(3)
    assert RULES.awaiting(st) == frozenset({0, 1, 2})
    st, ev = act(st, 0, "command", card="economy")
    public = [e for e in ev if e.visible_to is None]
    assert [e.kind for e in public] == ["command_chosen"]
    assert RULES.view(st, 1) == RULES.view(RULES.perturb_hidden(st, 0, __import__(
        "rules.rng", fromlist=["Rng"]).Rng(3)), 1)
    assert RULES.view(st, None)["decision"]["chosen"] == {0: True, 1: False, 2: False}
    assert RULES.awaiting(st) == frozenset({1, 2})


@pytest.mark.parametrize("action", [
    Action("command", {"card": "no_such_card"}),
    Action("command", {"card": None}),
    Action("command", {}),
    Action("position", {"pos": 1}),
    Action("nonsense", {}),
])
def test_bad_input_is_refused_and_the_state_is_unchanged(action: Action) -> None:
    st = started(3)
    before = RULES.state_hash(st)
    with pytest.raises(RuleViolation) as info:
        RULES.apply(st, 0, action)
    assert info.value.text is not None and info.value.text.key.startswith("great_wall.")
    assert RULES.state_hash(st) == before


def test_two_player_game_blocks_the_leftmost_section_with_the_reed_clan() -> None:
    st = started(2)
    reed = st.clan_of("reed")
    assert reed is not None and st.sections[0]["blocked"] and st.sections[0]["barricades"] == 3
    assert st.tea[-1] == reed and st.shame_bank == 20
    assert all(reed in st.locs[loc] for loc in ("lumber_mill", "quarry", "gold_mine"))
    assert all(h for h in st.decks["horde"])


def test_every_variant_plays_to_the_end() -> None:
    from rules.rng import Rng

    for variant in RULES.variants():
        for n in variant.seats:
            st = RULES.new_game(dict(variant.config), n, 9)
            rng = Rng(1)
            for _ in range(5000):
                if RULES.result(st) is not None:
                    break
                seat = rng.choice(sorted(RULES.awaiting(st)))
                st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
            assert RULES.result(st) is not None, (variant.name, n)

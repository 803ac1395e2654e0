"""Edge cases of the game's end (the last winter, fame, instant wins), teams, the Snake's
scorched earth, refused moves that leave the state as it was, and what each seat may see."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.northgard import RULES
from rules.northgard.scoring import final_fame, finish, instant_winners
from rules.northgard.state import State
from rules.rng import Rng
from tests.games.northgard.scenario import (
    act,
    drive,
    events,
    force_dice,
    kinds,
    options,
    play,
    position,
    top,
    turn,
)

A, B, C = 0, 1, 2

pytestmark = pytest.mark.usefixtures("edge_tiles")


# ---- the end ------------------------------------------------------------------------------------
def test_three_closed_territories_with_large_buildings_win_but_not_in_the_long_game() -> None:
    tiles = [["x_large", 0, 0, 0], ["x_large", 0, -1, 2],
             ["x_large", 3, 0, 0], ["x_large", 3, -1, 2],
             ["x_large", 6, 0, 0], ["x_large", 6, -1, 2]]
    for long_game in (False, True):
        st = position(3, tiles=tiles, units={"0.1": {A: 1}, "2.1": {A: 1}, "4.1": {A: 1}},
                      config={"long_game": long_game})
        st.buildings = {"0.1.0": "fortress", "2.1.0": "altar", "4.1.0": "furnace"}
        assert instant_winners(st) == [[A]]
        st.stack = [{"kind": "year", "step": 4}]
        ev = drive(st)
        if long_game:
            assert st.result is None
        else:
            assert st.result is not None and st.result["winners"] == [A]
            assert events(ev, "game_over")[0]["instant"] is True


def test_final_fame_and_tie_breaks() -> None:
    st = position(3, tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 2}, "0.1": {B: 1}, "0.2": {C: 1}})
    st.fame = [10, 12, 12]
    st.res = [[3, 3, 2], [0, 0, 0], [1, 1, 0]]       # A: +2
    st.draw = [["e_sagas", "unrest"], ["a_runestone"], ["ach_lands"]]
    st.discard = [[], ["unrest"], []]
    parts = final_fame(st, A)
    assert parts == {"tokens": 10, "resources": 2, "cards": 1, "achievements": 0,
                     "unrest": -5, "total": 8}
    assert final_fame(st, B)["total"] == 12 + 2 - 5
    assert final_fame(st, C)["total"] == 12 + 1 + 0  # ach_lands: 1 territory
    ev: list = []
    finish(st, ev, instant=False)
    assert st.result["ranking"] == [[C], [B], [A]]


def test_equal_fame_is_broken_by_territories_then_units() -> None:
    st = position(3, tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 1}, "0.1": {A: 1}, "0.2": {B: 5}})
    st.draw = [[], [], []]
    ev: list = []
    finish(st, ev, instant=False)
    assert st.result["ranking"] == [[A], [B], [C]]


# ---- teams --------------------------------------------------------------------------------------
def test_team_game_shares_fame_and_the_result_between_teammates() -> None:
    """"Navíc mají společnou slávu." — both teammates see the team's total; the other team
    sees neither."""
    st = position(4, clans=["wolf", "stag", "goat", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {0: 1}, "0.1": {1: 1}, "0.2": {2: 1}}, config={"team": True})
    st.fame = [5, 1, 3, 1]
    st.draw = [[], [], [], []]
    assert "fame" not in str(RULES.view(st, 2)["seats"][0])
    assert RULES.view(st, 2)["you"]["fame"] == 3
    assert RULES.view(st, 0)["you"]["team_fame"] == RULES.view(st, 2)["you"]["team_fame"] == 8
    assert RULES.view(st, 1)["you"]["team_fame"] == 2
    assert "fame" not in str(RULES.view(st, None)["seats"])
    st.fame = [5, 1, 5, 1]
    ev: list = []
    finish(st, ev, instant=False)
    assert st.result["ranking"] == [[0, 2], [1, 3]] and st.result["winners"] == [0, 2]
    assert st.result["scores"]["0"] == st.result["scores"]["2"] == 10


def _trade(res: list[list[int]]) -> State:
    st = position(4, clans=["wolf", "stag", "goat", "raven"], config={"team": True},
                  units={"0.0": {0: 1}})
    st.res = res
    st.stack = [{"kind": "year", "step": 3},
                {"kind": "trade", "done": [False] * 4, "get": [""] * 4}]
    drive(st)
    return st


def test_teammates_exchange_resources_one_for_one_when_the_teammate_accepts() -> None:
    """"Ve fázi sklizně, během kroku směny zdrojů, mohou spoluhráči vzájemně vyměňovat zdroje
    v poměru 1:1." — an exchange takes both: one offers, the other accepts."""
    st = _trade([[1, 0, 0], [0, 0, 0], [0, 2, 0], [0, 0, 0]])
    assert RULES.awaiting(st) == frozenset({0, 2})
    st, ev = act(st, 0, "swap", give="food", get="wood")
    assert st.res[0] == [1, 0, 0] and st.res[2] == [0, 2, 0]  # nothing moves yet
    assert events(ev, "swap_offered")
    offered = {a.kind for a in options(st, 2)}
    assert {"swap_accept", "swap_decline"} <= offered
    assert RULES.default_action(st, 2).kind == "swap_decline"
    st, ev = act(st, 2, "swap_accept", give="food", get="wood")
    assert st.res[0] == [0, 1, 0] and st.res[2] == [1, 1, 0]
    assert events(ev, "swapped")


def test_an_exchange_offer_is_declined_by_default_at_a_short_deadline() -> None:
    """"…mohou spoluhráči vzájemně vyměňovat zdroje…" — the teammate's consent is needed; a
    teammate who says nothing declines, after a short share of the deadline."""
    st = _trade([[1, 0, 0], [0, 0, 0], [0, 2, 0], [0, 0, 0]])
    st, _ = act(st, 0, "swap", give="food", get="wood")
    st, _ = act(st, 0, "trade_done")
    st, _ = act(st, 2, "trade_done")
    assert RULES.awaiting(st) == frozenset({2})  # only the answer is owed
    assert RULES.deadline_share(st) < 1
    st, ev = act(st, 2, RULES.default_action(st, 2).kind, give="food", get="wood")
    assert events(ev, "swap_declined")
    assert st.res[0] == [1, 0, 0] and st.res[2] == [0, 2, 0]
    assert top(st)["kind"] != "trade"


def test_a_teammates_territory_can_be_crossed_but_not_held() -> None:
    st = position(4, clans=["wolf", "stag", "goat", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {0: 2}, "0.1": {2: 1}}, config={"team": True})
    st = turn(st, 0, ["e_longships", "unrest"])
    st, _ = play(st, 0, "e_longships")
    st, _ = act(st, 0, "step", frm="0.0", to="0.1")
    st, _ = act(st, 0, "count", n=2, kaija=False)
    assert {(a.kind, a.params.get("to")) for a in options(st, 0)} == {("step", "0.0"),
                                                                     ("step", "0.2")}
    st, _ = act(st, 0, "step", frm="0.1", to="0.2")
    assert {a.params["n"] for a in options(st, 0) if a.kind == "count"} == {2}


# ---- the Snake's scorched earth -----------------------------------------------------------------
def test_scorched_earth_adds_strength_and_takes_an_enemys_harvest() -> None:
    st = position(3, clans=["snake", "boar", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 2}, "0.1": {B: 1}})
    st = turn(st, A, ["snake_init", "unrest"])
    st, _ = play(st, A, "snake_init")
    assert kinds(st, A) == {"scorch", "no_scorch"}
    st, _ = act(st, A, "scorch", terr="0.1")
    assert st.scorch == "0.1" and top(st)["kind"] == "move"


# ---- refused moves ------------------------------------------------------------------------------
def test_bad_input_is_refused_and_leaves_the_state_unchanged() -> None:
    st = position(3, units={"0.0": {A: 2}})
    st.dev_row = ["e_hunt"]
    st = turn(st, A, ["s_move", "unrest"])
    before = RULES.state_hash(st)
    bad = [Action("card", {"card": "s_build"}), Action("card", {"card": None}),
           Action("pass", {"take": "e_scouts"}), Action("play", {}),
           Action("recruit", {"terr": "0.0", "kaija": False}), Action("nonsense", {}),
           Action("card", {})]
    for action in bad:
        with pytest.raises(RuleViolation):
            RULES.apply(st, A, action)
        assert RULES.state_hash(st) == before
    with pytest.raises(RuleViolation) as info:
        RULES.apply(st, B, Action("pass", {"take": "e_hunt"}))
    assert info.value.code == "not_your_turn"


def test_kaija_counts_two_strength_in_combat() -> None:
    st = position(3, clans=["goat", "bear", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 3}, "0.1": {B: 1}})
    st.kaija = "0.1"
    st = turn(st, A, ["s_move", "unrest"])
    st, _ = play(st, A, "s_move")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    force_dice(st, 1, 1)
    st, ev = act(st, A, "count", n=3, kaija=False)
    (res,) = events(ev, "combat_result")
    assert res["strength"] == [3 + 2, 1 + 2 + 2]  # Kaija: 2 strength
    assert res["winner"] == 1


def test_an_upgrade_card_waits_for_the_next_turn() -> None:
    st = position(3, clans=["raven", "wolf", "goat"], units={"0.0": {A: 1}})
    st.res[A] = [0, 0, 3]
    st = turn(st, A, ["s_move", "unrest"])
    st, _ = act(st, A, "card", card="s_move")
    st, _ = act(st, A, "upgrade", to="active", pick="raven_up1")  # a lightning card
    # It is in hand but not playable this turn: the turn ended by itself.
    assert "raven_up1" in st.hand[A] and top(st)["seat"] != A


# ---- hidden information -----------------------------------------------------------------------
def test_views_hide_hands_fame_and_drawn_cards_from_the_others() -> None:
    st = position(3)
    st.fame = [7, 3, 4]
    st.draw[A] = ["e_hunt", "e_lumber", "s_build"]
    st = turn(st, A, ["e_sagas", "a_levy"])
    st, _ = play(st, A, "e_sagas")  # draw 2, keep 1
    assert top(st)["kind"] == "keep"
    mine, theirs, public = RULES.view(st, A), RULES.view(st, B), RULES.view(st, None)
    assert mine["pending"]["cards"] == ["s_build", "e_lumber"] and mine["you"]["fame"] == 7
    for view in (theirs, public):
        assert "cards" not in view["pending"] and "a_levy" not in str(view)
        assert "7" not in str(view.get("you", {}).get("fame", ""))
    assert theirs["you"]["fame"] == 3 and "you" not in public
    other = RULES.perturb_hidden(st, A, Rng(1))
    assert RULES.view(other, B) == theirs and RULES.view(other, A) != mine


def test_a_team_wins_at_once_only_with_five_closed_territories_with_large_buildings() -> None:
    """"První podmínka vítězství je splněna pouze tehdy, pokud tým společně ovládá 5
    uzavřených území, každé s alespoň 1 velkou stavbou (namísto obvyklých 3)." """
    tiles = [["x_large", 3 * i, 0, 0] for i in range(5)] + \
            [["x_large", 3 * i, -1, 2] for i in range(5)]
    # Placement p's pocket is "p.1"; the closed pockets are those of placements 0..4.
    held = {f"{p}.1": {(0 if p % 2 == 0 else 2): 1} for p in range(5)}
    st = position(4, clans=["wolf", "stag", "goat", "raven"], tiles=tiles, units=held,
                  config={"team": True})
    big = ["fortress", "altar", "furnace", "fortress", "altar"]
    st.buildings = {f"{p}.1.0": big[p] for p in range(4)}
    assert instant_winners(st) == []  # four are not enough for a team
    st.buildings[f"{4}.1.0"] = big[4]
    assert instant_winners(st) == [[0, 2]]

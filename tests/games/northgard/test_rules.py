"""Edge cases of each rule: the map (merging, closing, legal placements), turns and cards,
combat, winter, the end of the game, teams, clans, and refused moves that leave the state as
it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.base import Action, RuleViolation
from rules.northgard import RULES
from rules.northgard.board import controlled, on_map, units_of
from rules.northgard.data import data
from rules.northgard.geometry import fits, map_info
from rules.northgard.scoring import final_fame, finish, instant_winners
from rules.northgard.state import State
from rules.northgard.year import winter
from rules.rng import Rng
from tests.games.northgard.scenario import (
    act,
    drive,
    events,
    extra_tiles,
    force_dice,
    kinds,
    options,
    play,
    position,
    terr,
    top,
    turn,
)
from tests.games.northgard.tiles import BAND, ELL, POCKET, POCKETS3, WHOLE, spec

A, B, C = 0, 1, 2

TILES = {
    "x_pocket": spec(POCKET),
    "x_pockets3": spec(POCKETS3, rough=((0, 3),)),
    "x_band": spec(BAND),
    "x_ell": spec(ELL),
    "x_whole": spec(WHOLE),
    "x_large": spec(POCKET, [terr(slots=("large",)), terr(slots=("large",))]),
    "x_rr": spec(BAND, rough=((0, 1),)),
}


@pytest.fixture(autouse=True)
def _tiles() -> Iterator[None]:
    with extra_tiles(TILES):
        yield


# ---- the map ------------------------------------------------------------------------------------
def test_facing_pockets_merge_into_one_closed_territory_of_two_tiles() -> None:
    m = map_info([["x_pocket", 0, 0, 0], ["x_pocket", 0, -1, 2]])
    assert m.root["1.1"] == "0.1" and m.closed["0.1"] and m.span["0.1"] == 2
    assert m.root["1.0"] == "0.0" and not m.closed["0.0"] and m.span["0.0"] == 2


def test_a_territory_stays_open_while_one_segment_faces_an_empty_cell() -> None:
    m = map_info([["x_ell", 0, 0, 0], ["x_pocket", 0, -1, 2]])
    assert not m.closed["0.1"] and m.span["0.1"] == 2
    m = map_info([["x_ell", 0, 0, 0], ["x_pocket", 0, -1, 2], ["x_pocket", 1, 0, 3]])
    assert m.closed["0.1"] and m.span["0.1"] == 3


def test_adjacency_is_rough_only_without_a_regular_border() -> None:
    m = map_info([["x_pockets3", 0, 0, 0]])
    assert m.adj["0.0"]["0.3"] == "rough" and m.adj["0.0"]["0.1"] == "regular"
    assert m.neighbours("0.0", rough=False) == ["0.1", "0.2"]
    # Two tiles joining the same two territories: one regular border is enough.
    m = map_info([["x_rr", 0, 0, 0], ["x_band", 0, -1, 0]])
    assert m.adj["0.0"]["0.1"] == "regular"


def test_borders_must_continue_and_a_tile_must_touch_the_map() -> None:
    m = map_info([["x_whole", 0, 0, 0]])
    spots = {(f.x, f.y, f.rot) for f in fits(m, "x_pocket", {})}
    # The pocket's edge has border ends; the whole tile's has none: it may not face it.
    assert (1, 0, 0) in spots and (1, 0, 1) in spots and (1, 0, 3) not in spots
    assert all(abs(x) + abs(y) == 1 for x, y, _ in spots)


def test_no_placement_may_join_two_players_units() -> None:
    m = map_info([["x_whole", 0, 0, 0], ["x_whole", 2, 0, 0]])
    owners = {"0.0": frozenset({A}), "1.0": frozenset({B})}
    assert not [f for f in fits(m, "x_whole", owners) if (f.x, f.y) == (1, 0)]
    assert [f for f in fits(m, "x_whole", {"0.0": frozenset({A})}) if (f.x, f.y) == (1, 0)]


def test_the_shipped_tiles_fit_the_model() -> None:
    gd = data()
    shipped = [t for t in gd.tiles.values() if t.kind != "test"]
    assert len(shipped) == 35 and sum(1 for t in shipped if t.kind == "normal") == 33
    assert sum(1 for t in shipped if any(x.den for x in t.territories)) >= 9
    assert all(t.provenance in ("seed", "public", "provisional") for t in shipped)


# ---- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_leaves_two_groups_of_three_per_player(n: int) -> None:
    st = RULES.new_game({}, n, 3)
    while top(st)["kind"] in ("place_tile", "place_group"):
        seat = sorted(RULES.awaiting(st))[0]
        st, _ = RULES.apply(st, seat, RULES.default_action(st, seat))
    assert top(st)["kind"] == "turn" and st.year == 1
    for seat in range(n):
        mine = controlled(st, seat)
        assert len(mine) == 2 and [units_of(st, t, seat) for t in mine] == [3, 3]
        assert len(st.hand[seat]) == 4 and len(st.draw[seat]) == 3
    assert len(st.tile_stack) == 33 - 2 * n and not any(st.held)
    assert len(st.dev_row) == n


def test_bad_configs_are_refused() -> None:
    with pytest.raises(RuleViolation):
        RULES.new_game({"team": True}, 3, 1)
    with pytest.raises(RuleViolation):
        RULES.new_game({"clans": "bear/bear"}, 2, 1)
    with pytest.raises(RuleViolation):
        RULES.new_game({"clans": "bear/dragon"}, 2, 1)
    assert RULES.new_game({"clans": "snake/boar"}, 2, 1).clans == ["snake", "boar"]
    assert RULES.new_game({"more_monsters": True}, 2, 1).monsters_on


# ---- turns and cards ----------------------------------------------------------------------------
def test_a_turn_offers_hand_cards_and_passing_taking_a_row_card() -> None:
    st = position(3, units={"0.0": {A: 2}})
    st.dev_row = ["e_hunt", "e_scouts", "e_hunt"]
    st = turn(st, A, ["s_move", "s_move", "unrest"])
    assert {(a.kind, tuple(a.params.values())) for a in options(st, A)} == {
        ("card", ("s_move",)), ("card", ("unrest",)), ("pass", ("e_hunt",)),
        ("pass", ("e_scouts",))}
    st, _ = act(st, A, "card", card="unrest")
    assert kinds(st, A) == {"wait", "back"}  # no lore: no replace, no play (no effect)
    assert RULES.default_action(st, A) == Action("back")


def test_passing_discards_takes_the_card_openly_on_top_and_the_first_player_token() -> None:
    st = position(3, units={"0.0": {B: 2}})
    st.dev_row = ["e_hunt", "e_scouts", "e_sagas"]
    st.first = A
    st = turn(st, B, ["s_move", "e_lumber"])
    st, ev = act(st, B, "pass", take="e_scouts")
    assert st.first == B and st.passed[B] and st.draw[B][-1] == "e_scouts"
    assert st.known_top[B] == 1 and sorted(st.discard[B]) == ["e_lumber", "s_move"]
    assert RULES.view(st, A)["seats"][B]["deck_top"] == ["e_scouts"]
    assert events(ev, "passed")[0]["first"] is True


def test_with_an_empty_hand_a_player_must_pass() -> None:
    st = turn(position(3), A, [])
    st.dev_row = ["e_hunt"]
    assert kinds(st, A) == {"pass"}


def test_lightning_cards_before_and_after_the_main_card() -> None:
    st = position(3, units={"0.0": {A: 1}})
    st = turn(st, A, ["e_hunt", "e_lumber", "s_move", "unrest"])
    st, _ = play(st, A, "e_hunt", how="lightning")          # bonus before
    assert st.res[A][0] == 2 and not top(st)["main"]
    st, _ = play(st, A, "s_move")                          # the main card
    st, _ = act(st, A, "done")
    assert top(st)["kind"] == "turn" and top(st)["main"]
    assert kinds(st, A) == {"end_turn", "card"}            # e_lumber may still follow
    st, _ = play(st, A, "e_lumber", how="lightning")
    # No lightning card left: the turn ends by itself.
    assert top(st)["kind"] == "turn" and top(st)["seat"] != A


def test_replace_remove_and_upgrade_cost_lore_and_draw() -> None:
    st = position(3, clans=["raven", "wolf", "goat"], units={"0.0": {A: 1}})
    st.res[A] = [0, 0, 6]
    st = turn(st, A, ["s_move", "s_build", "s_explore"])
    st, _ = act(st, A, "card", card="s_move")
    st, _ = act(st, A, "replace")
    assert st.res[A][2] == 5 and len(st.hand[A]) == 3 and st.active[A] == ["s_move"]
    st = turn(st, A, list(st.hand[A]))
    st, _ = act(st, A, "card", card="s_build")
    st, _ = act(st, A, "remove")
    assert st.res[A][2] == 3 and "s_build" not in st.active[A] + st.discard[A]
    st = turn(st, A, list(st.hand[A]))
    card = st.hand[A][0]
    st, _ = act(st, A, "card", card=card)
    st, _ = act(st, A, "upgrade", to="box", pick="raven_up1")
    assert st.res[A][2] == 0 and "raven_up1" in st.hand[A] and st.upgrades[A] == ["raven_up2"]


def test_unrest_cannot_be_removed_or_boxed() -> None:
    st = position(3)
    st.res[A] = [0, 0, 9]
    st = turn(st, A, ["unrest"])
    st, _ = act(st, A, "card", card="unrest")
    offered = {(a.kind, a.params.get("to")) for a in options(st, A)}
    assert ("remove", None) not in offered and ("upgrade", "box") not in offered
    assert ("upgrade", "active") in offered and ("wait", None) in offered


def test_a_draw_card_needs_enough_cards_in_deck_and_discard() -> None:
    st = position(3)
    st.draw[A] = ["s_move"]
    st.discard[A] = []
    st = turn(st, A, ["a_skald", "unrest"])  # draws 3
    st, _ = act(st, A, "card", card="a_skald")
    assert "play" not in kinds(st, A) and "lightning" not in kinds(st, A)


def test_draw_keep_and_put_back_and_reshuffle_only_when_needed() -> None:
    st = position(3)
    st.draw[A] = ["s_move"]
    st.discard[A] = ["e_hunt", "s_build", "s_feast"]
    st = turn(st, A, ["a_skald", "unrest"])
    st, ev = play(st, A, "a_skald")
    assert events(ev, "reshuffled") and len(top(st)["cards"]) == 3
    drawn = list(top(st)["cards"])
    st, _ = act(st, A, "keep", card=drawn[0])
    st, _ = act(st, A, "keep", card=drawn[1])
    # 1 card was left after the reshuffle; the third drawn card went back on top, unknown.
    assert len(st.draw[A]) == 2 and st.known_top[A] == 0 and st.discard[A] == []
    assert sorted(st.hand[A]) == sorted(["unrest", *drawn[:2]])


def test_recruit_without_units_on_the_map_goes_to_any_neutral_territory() -> None:
    st = position(3, units={"0.0": {B: 1}})
    st = turn(st, A, ["s_recruit", "unrest"])
    st, _ = play(st, A, "s_recruit")
    spots = {a.params["terr"] for a in options(st, A)}
    assert spots == {"0.1", "0.2", "0.3"}  # the starting tile's empty territories


def test_feast_resolves_one_basic_action() -> None:
    st = position(3, units={"0.0": {A: 1}})
    st = turn(st, A, ["s_feast", "unrest"])
    st, _ = play(st, A, "s_feast")
    assert kinds(st, A) == {"feast"}
    st, _ = act(st, A, "feast", action="recruit")
    assert top(st)["kind"] == "recruit" and top(st)["left"] == 2


# ---- combat -------------------------------------------------------------------------------------
def _fight(att: int, dfn: int, faces: tuple[int, int], picks: tuple[str, ...] = ()):
    st = position(3, clans=["goat", "boar", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: att}, "0.1": {B: dfn}})
    st = turn(st, A, ["s_move", "unrest"])
    st, _ = play(st, A, "s_move")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    force_dice(st, *faces)
    st, ev = act(st, A, "count", n=att, kaija=False)
    for i, pick in enumerate(picks):
        seat = A if i == 0 and faces[0] == 3 else B
        st, more = act(st, seat, "face", take=pick)
        ev += more
    return st, ev


def test_both_sides_wiped_out_nobody_wins() -> None:
    st, ev = _fight(1, 1, (5, 5))
    (res,) = events(ev, "combat_result")
    assert res["winner"] == -1 and res["casualties"] == [1, 1]
    assert not st.units.get("0.1")


def test_a_loser_with_nowhere_to_retreat_loses_its_units() -> None:
    # The band's only other neighbour (east) holds the attacker's teammate-less foe: occupied.
    st = position(3, clans=["goat", "boar", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 4}, "0.1": {B: 2}, "0.2": {C: 1}})
    st = turn(st, A, ["s_move", "unrest"])
    st, _ = play(st, A, "s_move")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    force_dice(st, 2, 1)
    st, ev = act(st, A, "count", n=3, kaija=False)  # one stays home: no neutral ground
    (res,) = events(ev, "combat_result")
    assert res["winner"] == 0 and events(ev, "retreat_lost")[0]["n"] == 2
    assert units_of(st, "0.1", B) == 0


def test_a_move_into_enemy_ground_stops_there() -> None:
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.0": {A: 3}, "0.1": {B: 1}})
    st = turn(st, A, ["e_longships", "unrest"])
    st, _ = play(st, A, "e_longships")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    st, _ = act(st, A, "count", n=2, kaija=False)
    froms = {a.params["frm"] for a in options(st, A) if a.kind == "step"}
    assert froms == {"0.0"}  # the 2 in the band stop; the one left behind may still go


# ---- Kaija --------------------------------------------------------------------------------------
def test_kaija_is_recruited_counts_two_in_combat_and_is_not_fed_in_winter() -> None:
    st = position(3, clans=["bear", "boar", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 3}, "0.1": {B: 1}})
    st = turn(st, A, ["s_recruit", "unrest"])
    st, _ = play(st, A, "s_recruit")
    st, _ = act(st, A, "recruit", terr="0.0", kaija=True)
    assert st.kaija == "0.0" and on_map(st, A) == 4
    st, _ = act(st, A, "recruit", terr="0.0", kaija=False)
    assert on_map(st, A) == 5
    st.res[A] = [0, 0, 0]
    ev: list = []
    winter(st, ev)
    assert events(ev, "winter_paid")[0]["n"] == 4  # Kaija not counted


def test_kaija_never_enters_enemy_territory() -> None:
    st = position(3, clans=["bear", "boar", "raven"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {A: 1}, "0.1": {B: 1}})
    st.kaija = "0.0"
    st = turn(st, A, ["s_move", "unrest"])
    st, _ = play(st, A, "s_move")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    assert {a.params["kaija"] for a in options(st, A) if a.kind == "count"} == {False}


# ---- winter -------------------------------------------------------------------------------------
def test_unpayable_winter_gives_an_unrest_card_on_top_of_the_deck() -> None:
    st = position(3, units={"0.0": {A: 7}})
    st.res[A] = [1, 0, 0]
    ev: list = []
    winter(st, ev)
    assert st.res[A][0] == 0 and st.draw[A][-1] == "unrest" and st.known_top[A] == 1
    assert st.unrest_left == 9 and events(ev, "unrest")


def test_with_no_unrest_card_left_winter_costs_five_fame_and_the_top_card() -> None:
    st = position(3, units={"0.0": {A: 7}})
    st.unrest_left = 0
    top_card = st.draw[A][-1]
    ev: list = []
    winter(st, ev)
    assert st.fame[A] == -5 and st.discard[A] == [top_card]


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

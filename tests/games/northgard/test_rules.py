"""Edge cases of each rule: the map (merging, closing, legal placements), setup, turns and
cards, combat, Kaija, winter (the end, teams and refused moves: test_rules_end_and_refusals)."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.northgard import RULES
from rules.northgard.board import controlled, on_map, units_of
from rules.northgard.data import data
from rules.northgard.geometry import fits, map_info
from rules.northgard.year import winter
from tests.games.northgard.scenario import (
    act,
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

"""Every worked example of the rulebook (the specification's §7), played through the engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.northgard.board import units_of
from rules.northgard.geometry import map_info
from rules.northgard.year import harvest_seat, winter
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

RED, YELLOW, PURPLE = 0, 1, 2

TILES = {
    "x_pockets3": spec(POCKETS3, [terr(slots=("small",)), terr(slots=("sacred", "small")),
                                  terr(slots=("large",)), terr()], rough=((0, 3),)),
    "x_camps": spec(POCKETS3, [terr(slots=("small",)), terr(slots=("small",)), terr(),
                               terr()]),
    "x_pocket": spec(POCKET),
    "x_ell": spec(ELL),
    "x_whole": spec(WHOLE),
    "x_band": spec(BAND, [terr(res=("food", "wood"), slots=("small",)),
                          terr(slots=("large", "small")),
                          terr(res=("food",), slots=("small",))]),
    "x_band_plain": spec(BAND),
    "x_den": spec(POCKET, [terr(), terr(den=True)]),
}


@pytest.fixture(autouse=True)
def _tiles() -> Iterator[None]:
    with extra_tiles(TILES):
        yield


# ---- 1. Recruit ------------------------------------------------------------------------------
def test_recruit_two_units_into_two_training_camps_places_four() -> None:
    st = position(3, tiles=[["x_camps", 0, 0, 0]], units={"0.0": {RED: 1}, "0.1": {RED: 1}})
    st.buildings = {"0.0.0": "camp", "0.1.0": "camp"}
    st = turn(st, RED, ["s_recruit", "unrest"])
    st, _ = play(st, RED, "s_recruit")
    st, _ = act(st, RED, "recruit", terr="0.0", kaija=False)
    st, ev = act(st, RED, "recruit", terr="0.1", kaija=False)
    assert [e["n"] for e in events(ev, "camp_bonus")] == [1, 1]
    assert units_of(st, "0.0", RED) == 3 and units_of(st, "0.1", RED) == 3  # 4 placed


# ---- 2. Build --------------------------------------------------------------------------------
def test_build_with_two_wood_offers_small_buildings_on_small_slots_only() -> None:
    st = position(3, tiles=[["x_pockets3", 0, 0, 0]],
                  units={"0.0": {RED: 1}, "0.1": {RED: 1}, "0.2": {RED: 1}})
    st.res[RED] = [0, 2, 0]
    st = turn(st, RED, ["s_build", "unrest"])
    st, _ = play(st, RED, "s_build")
    offered = {a.params["building"] for a in options(st, RED) if a.kind == "build"}
    assert offered == {"granary", "lodge", "watchtower", "camp", "sacred_stone"}  # no large
    st2, _ = act(st, RED, "build", building="sacred_stone")
    assert {a.params["slot"] for a in options(st2, RED) if a.kind == "build_at"} == {"0.1.0"}
    st3, _ = act(st, RED, "build", building="granary")
    # Territory A's small slot and both of B's (the sacred-stone slot too); never C's large.
    assert {a.params["slot"] for a in options(st3, RED) if a.kind == "build_at"} == {
        "0.0.0", "0.1.0", "0.1.1"}
    st4, _ = act(st3, RED, "build_at", slot="0.1.0")
    assert st4.buildings == {"0.1.0": "granary"} and st4.res[RED][1] == 1


# ---- 3. Move x4 ------------------------------------------------------------------------------
def test_move_four_steps_with_a_rough_border() -> None:
    # A (0.0) borders B, C (regular) and D (rough only).
    st = position(3, tiles=[["x_pockets3", 0, 0, 0]], units={"0.0": {RED: 4}})
    st = turn(st, RED, ["a_warlord", "unrest"])
    st, _ = play(st, RED, "a_warlord")
    st, _ = act(st, RED, "step", frm="0.0", to="0.1")
    st, _ = act(st, RED, "count", n=1, kaija=False)
    st, _ = act(st, RED, "step", frm="0.0", to="0.2")
    st, _ = act(st, RED, "count", n=1, kaija=False)
    assert top(st)["left"] == 2
    st, ev = act(st, RED, "step", frm="0.0", to="0.3")
    st, ev = act(st, RED, "count", n=2, kaija=False)
    assert events(ev, "moved")[0]["rough"] is True
    assert [units_of(st, t, RED) for t in ("0.0", "0.1", "0.2", "0.3")] == [0, 1, 1, 2]


def test_a_rough_border_needs_two_steps_of_the_same_move() -> None:
    st = position(3, tiles=[["x_pockets3", 0, 0, 0]], units={"0.0": {RED: 2}})
    st = turn(st, RED, ["s_move", "unrest"])
    st, _ = play(st, RED, "s_move")  # 1 step
    steps = {(a.params["frm"], a.params["to"]) for a in options(st, RED) if a.kind == "step"}
    assert ("0.0", "0.3") not in steps and ("0.0", "0.1") in steps


# ---- 4. Explore: closing fame ----------------------------------------------------------------
def test_closing_a_territory_another_player_holds_gives_nobody_fame() -> None:
    # Red's big territory and Yellow's north pocket both face the empty cell north.
    st = position(3, tiles=[["x_pocket", 0, 0, 0]], units={"0.0": {RED: 2}, "0.1": {YELLOW: 2}})
    st.tile_stack = ["x_pocket"]
    st = turn(st, RED, ["s_explore", "unrest"])
    st, _ = play(st, RED, "s_explore")
    st, _ = act(st, RED, "cell", x=0, y=-1)
    st, ev = act(st, RED, "rotate", rot=2)  # its pocket faces south, onto Yellow's
    closed = events(ev, "territory_closed")
    assert [(c["terr"], c["span"], c["seat"]) for c in closed] == [("0.1", 2, YELLOW)]
    assert events(ev, "fame") == [] and st.fame == [0, 0, 0]


def test_closing_your_own_territory_over_three_tiles_gives_three_fame() -> None:
    # Yellow's L territory already joins a pocket to the north; a pocket to the east closes it.
    st = position(3, clans=["wolf", "goat", "boar"],
                  tiles=[["x_ell", 0, 0, 0], ["x_pocket", 0, -1, 2]], units={"0.1": {YELLOW: 2}})
    st.tile_stack = ["x_pocket"]
    st = turn(st, YELLOW, ["s_explore", "unrest"])
    st, _ = play(st, YELLOW, "s_explore")
    st, _ = act(st, YELLOW, "cell", x=1, y=0)
    st, ev = act(st, YELLOW, "rotate", rot=3)
    assert [(c["span"], c["seat"]) for c in events(ev, "territory_closed")] == [(3, YELLOW)]
    assert [(f["n"], f["why"]) for f in events(ev, "fame")] == [(3, "closed")]
    assert st.fame[YELLOW] == 3


# ---- 5. A forbidden placement ----------------------------------------------------------------
def test_a_spot_where_every_rotation_breaks_a_border_or_joins_two_players_is_refused() -> None:
    # Cell (1, 0) touches Red's territory (west) and Purple's (north): a pocket tile either
    # leaves a border ending in nothing or joins the two into one territory.
    st = position(3, tiles=[["x_whole", 0, 0, 0], ["x_whole", 1, -1, 0]],
                  units={"0.0": {RED: 2}, "1.0": {PURPLE: 2}})
    st.tile_stack = ["x_pocket"]
    st = turn(st, RED, ["s_explore", "unrest"])
    st, _ = play(st, RED, "s_explore")
    cells = {(a.params["x"], a.params["y"]) for a in options(st, RED) if a.kind == "cell"}
    assert (1, 0) not in cells and (0, 1) in cells and (-1, 0) in cells


# ---- 6. Harvest and winter -------------------------------------------------------------------
def test_harvest_closed_territory_fame_resources_and_winter_costs() -> None:
    gd_tiles = {
        # Yellow: two closed 2-tile territories (pocket meets pocket), 1 fame each.
        # Red: a closed 3-tile territory (an L closed by two pockets), 2 fame.
        "x_y1": spec(POCKET, [terr(), terr(res=("food",))]),
        "x_y2": spec(POCKET, [terr(), terr(res=("wood", "lore", "lore", "lore"))]),
        "x_r": spec(ELL, [terr(res=("food", "food", "food")), terr(res=("wood", "lore")),
                          terr()]),
        "x_r2": spec(POCKET, [terr(), terr(res=("lore",))]),
        "x_p": spec(WHOLE, [terr(res=("food", "food", "wood"))]),
    }
    with extra_tiles(gd_tiles):
        st = position(3, tiles=[
            ["x_y1", 0, 0, 0], ["x_y2", 0, -1, 2],          # Yellow's first closed pocket
            ["x_pocket", 3, 0, 0], ["x_pocket", 3, -1, 2],  # Yellow's second
            ["x_r", 6, 0, 0], ["x_r2", 6, -1, 2], ["x_pocket", 7, 0, 3],  # Red's L
            ["x_p", 10, 0, 0],                               # Purple: open land
        ], units={})
        m = map_info(st.placements)
        y1, y2 = m.root["0.1"], m.root["2.1"]
        red_l, red_rest = m.root["4.1"], m.root["4.0"]
        purple = m.root["7.0"]
        assert m.closed[y1] and m.closed[y2] and m.closed[red_l] and not m.closed[purple]
        assert (m.span[y1], m.span[y2], m.span[red_l]) == (2, 2, 3)
        units = {y1: {YELLOW: 2}, y2: {YELLOW: 1}, red_l: {RED: 2}, red_rest: {RED: 2},
                 purple: {PURPLE: 7}}
        for t, per in units.items():
            st.units[t] = [per.get(s, 0) for s in range(3)]
        ev: list = []
        for seat in (PURPLE, RED, YELLOW):
            harvest_seat(st, seat, "", ev)
        fame = {e["seat"]: e["closed"] for e in events(ev, "harvest")}
        assert fame == {PURPLE: 0, RED: 2, YELLOW: 2}
        got = {e["seat"]: e["res"] for e in events(ev, "harvest")}
        assert got == {PURPLE: [2, 1, 0], RED: [3, 1, 2], YELLOW: [1, 1, 3]}
        ev = []
        winter(st, ev)
        paid = {e["seat"]: (e["n"], e["paid"]) for e in events(ev, "winter_paid")}
        assert paid == {RED: (4, [1, 0]), PURPLE: (7, [2, 0]), YELLOW: (3, [0, 0])}
        assert not events(ev, "unrest")


# ---- 7-8. Combat -----------------------------------------------------------------------------
def _attack(moves: int, food: tuple[int, int], faces: tuple[int, int], card: str,
            red_clan: str = "goat", pick: str | None = None):
    """Red attacks Purple's band (Fortress + Watchtower) from the west with ``moves`` units."""
    st = position(3, clans=[red_clan, "stag", "boar"], tiles=[["x_band", 0, 0, 0]],
                  units={"0.0": {RED: moves}, "0.1": {PURPLE: 2}})
    st.buildings = {"0.1.0": "fortress", "0.1.1": "watchtower"}
    st.res[RED] = [food[0], 0, 0]
    st.res[PURPLE] = [food[1], 0, 0]
    st = turn(st, RED, [card, "unrest"])
    st, _ = play(st, RED, card)
    st, _ = act(st, RED, "step", frm="0.0", to="0.1")
    st, ev = act(st, RED, "count", n=moves, kaija=False)
    if st.stack[-1]["kind"] == "move":
        st, ev = act(st, RED, "done")
    assert top(st)["kind"] == "combat"
    all_ev = list(ev)
    if food[0]:
        st, ev = act(st, RED, "food", n=food[0])
        all_ev += ev
    force_dice(st, *faces)
    st, ev = act(st, PURPLE, "food", n=food[1])
    all_ev += ev
    if pick is not None:
        st, ev = act(st, PURPLE, "face", take=pick)
        all_ev += ev
    return st, all_ev


def test_combat_example_1_attacker_wins_by_wiping_out_the_defender() -> None:
    st, ev = _attack(5, (2, 2), (5, 1), "s_move")
    (res,) = events(ev, "combat_result")
    assert res["strength"] == [7, 8]          # 5 + 2 food | 2 + 2 Fortress + 2 food + 2 die
    assert res["casualties"] == [1, 2]        # Watchtower | 2 on the die
    assert res["winner"] == 0                 # Purple lost every unit: Red wins anyway
    assert units_of(st, "0.1", RED) == 4 and units_of(st, "0.1", PURPLE) == 0
    assert not events(ev, "retreated")


def test_combat_example_2_tie_goes_to_the_defender_and_the_attacker_retreats_split() -> None:
    st, ev = _attack(4, (0, 2), (6, 3), "wolf_init", red_clan="wolf", pick="casualty")
    (res,) = events(ev, "combat_result")
    assert res["strength"] == [6, 6]          # 4 + 1 (card) + 1 die | 2 + 2 + 2 food
    assert res["casualties"] == [2, 1]        # die + Watchtower | die (choice face)
    assert res["winner"] == 1
    assert top(st)["kind"] == "retreat" and sorted(top(st)["dests"]) == ["0.0", "0.2"]
    st, _ = act(st, RED, "retreat", terr="0.0")
    st, _ = act(st, RED, "retreat_n", n=1)
    st, _ = act(st, RED, "retreat", terr="0.2")
    assert (units_of(st, "0.0", RED), units_of(st, "0.2", RED)) == (1, 1)
    assert units_of(st, "0.1", PURPLE) == 1 and st.fame[RED] == 0


# ---- 9. Monster combat -----------------------------------------------------------------------
def test_monster_combat_tie_goes_to_the_wolf_and_red_stays() -> None:
    st = position(3, tiles=[["x_band_plain", 0, 0, 0]], units={"0.0": {RED: 2}, "0.1": {RED: 1}},
                  config={"monsters": True})
    st.monster_row = ["wolf_beige"]
    st.monsters = {"wolf_beige": "0.1"}
    st.res[RED] = [1, 0, 0]
    st = turn(st, RED, ["s_move", "unrest"])
    st, _ = play(st, RED, "s_move")
    st, _ = act(st, RED, "step", frm="0.0", to="0.1")
    st, _ = act(st, RED, "count", n=2, kaija=False)
    st, _ = act(st, RED, "attack", terr="0.1", monster="wolf_beige")  # the only monster: fight
    force_dice(st, 3, 3)
    st, ev = act(st, RED, "food", n=1)
    st, ev2 = act(st, RED, "face", take="strength")
    (res,) = events(ev + ev2, "combat_result")
    assert res["strength"] == [5, 5] and res["winner"] == 1
    assert units_of(st, "0.1", RED) == 3 and st.monsters["wolf_beige"] == "0.1"
    assert not events(ev + ev2, "retreated")


# ---- 10-11. Monster movement -----------------------------------------------------------------
def test_draug_moves_by_its_priorities_and_kills_a_unit() -> None:
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.0": {RED: 3}, "0.2": {PURPLE: 3}},
                  config={"monsters": True})
    st.buildings = {"0.0.0": "granary", "0.2.0": "granary"}  # 1 building point each
    # Resources: Red's west has 2 symbols + the Granary's food, Purple's east 1 + 1.
    st.monster_row = ["draug_beige"]
    st.monsters = {"draug_beige": "0.1"}
    st.stack = [{"kind": "year", "step": 2},
                {"kind": "monster_phase", "order": ["draug_beige"], "i": 0}]
    ev = drive(st)
    assert events(ev, "monster_moved")[0]["terr"] == "0.0"
    assert units_of(st, "0.0", RED) == 2


VALKYRIE_TILES = {"x_b": spec("WBEECEEBWWWW"),
                  "x_p3": spec(POCKETS3, [terr(slots=("large",)), terr(), terr(), terr()])}


def _valkyrie(fortress: bool):
    """The valkyrie's attack, up to Red's food; call inside ``extra_tiles(VALKYRIE_TILES)``."""
    st = position(3, tiles=[["x_b", 0, 0, 0], ["x_p3", 1, 0, 3]], units={},
                  config={"monsters": True})
    m = map_info(st.placements)
    home, red = m.root["0.3"], m.root["0.2"]
    st.units[red] = [3, 0, 0]
    if fortress:
        st.buildings = {"1.0.0": "fortress"}
    st.res[RED] = [3, 0, 0]
    st.monster_row = ["valkyrie_beige"]
    st.monsters = {"valkyrie_beige": home}
    st.stack = [{"kind": "year", "step": 2},
                {"kind": "monster_phase", "order": ["valkyrie_beige"], "i": 0}]
    ev = drive(st)
    assert events(ev, "monster_moved")[0]["terr"] == red and top(st)["kind"] == "combat"
    force_dice(st, 3, 5)  # the valkyrie rolls the choice face (strength), Red 2 casualties
    st, ev = act(st, RED, "food", n=3)
    return st, ev, red, m


@extra_tiles(VALKYRIE_TILES)
def test_valkyrie_attacks_and_red_retreats_split() -> None:
    st, ev, _, _ = _valkyrie(fortress=False)
    (res,) = events(ev, "combat_result")
    assert res["strength"] == [8, 6] and res["casualties"] == [0, 0] and res["winner"] == 0
    dests = top(st)["dests"]
    assert top(st)["kind"] == "retreat" and len(dests) >= 2
    st, _ = act(st, RED, "retreat", terr=dests[0])
    st, _ = act(st, RED, "retreat_n", n=2)
    st, _ = act(st, RED, "retreat", terr=dests[1])
    assert units_of(st, dests[0], RED) == 2 and units_of(st, dests[1], RED) == 1


@extra_tiles(VALKYRIE_TILES)
def test_valkyrie_loses_a_tie_to_the_defender_who_gains_its_fame() -> None:
    st, ev, red, _ = _valkyrie(fortress=True)
    (res,) = events(ev, "combat_result")
    assert res["strength"] == [8, 8] and res["winner"] == 1
    assert "valkyrie_beige" not in st.monsters and st.fame[RED] == 4
    assert units_of(st, red, RED) == 3


# ---- 12. More monsters! ----------------------------------------------------------------------
def test_more_monsters_the_first_passer_may_bring_a_draug_onto_a_den() -> None:
    st = position(3, tiles=[["x_den", 0, 0, 0]], units={"0.1": {PURPLE: 2}, "0.0": {RED: 1}},
                  config={"monsters": True, "more_monsters": True})
    st.monster_deck = ["wolf_brown", "draug_beige"]
    st.dev_row = ["e_hunt", "e_scouts", "e_sagas"]
    st = turn(st, RED, ["s_move"])
    st, _ = act(st, RED, "pass", take="e_hunt")
    assert st.first == RED and kinds(st, RED) == {"spawn", "no_spawn"}
    spots = [a.params["terr"] for a in options(st, RED) if a.kind == "spawn"]
    assert spots == ["0.1"]  # the only den without a monster
    st, ev = act(st, RED, "spawn", terr="0.1")
    assert events(ev, "monster_appeared")[0]["monster"] == "draug_beige"
    assert st.monster_row == ["draug_beige"] and units_of(st, "0.1", PURPLE) == 1
    assert not events(ev, "monster_moved")

"""The rulebook's "cannot / may not / only if" sentences about Explore, each refused with its
reason (and not offered), and Explore's one second chance when no drawn tile fits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.base import Action, RuleViolation
from rules.northgard import RULES
from rules.northgard.state import State
from tests.games.northgard.scenario import (
    act,
    drive,
    events,
    extra_tiles,
    force_dice,
    kinds,
    position,
    terr,
    top,
    turn,
)
from tests.games.northgard.tiles import BAND, POCKET, WHOLE, spec

A, B, C = 0, 1, 2

TILES = {
    "x_pocket": spec(POCKET),
    "x_whole": spec(WHOLE),
    "x_band": spec(BAND),
    "x_slots": spec(WHOLE, [terr(slots=("small", "small", "large"))]),
    # A pocket in the middle of every edge: next to a plain edge a border would end in nothing.
    "x_cross": spec("ABAACAADAAEA"),
}


@pytest.fixture(autouse=True)
def _tiles() -> Iterator[None]:
    with extra_tiles(TILES):
        yield


def _refused(st: State, seat: int, kind: str, key: str, **params: object) -> None:
    before = RULES.state_hash(st)
    with pytest.raises(RuleViolation) as info:
        act(st, seat, kind, **params)
    assert info.value.code == "illegal"
    assert info.value.text is not None and info.value.text.key == key
    assert RULES.state_hash(st) == before


def test_explore_with_an_empty_tile_stack_is_refused_and_not_offered() -> None:
    """"Pokud je sloupek desek prázdný, akci průzkum již nelze provést." """
    st = position(3, tiles=[["x_whole", 0, 0, 0]], units={"0.0": {A: 2}})
    st.tile_stack = []
    st = turn(st, A, ["s_explore", "s_recruit"])
    st, _ = act(st, A, "card", card="s_explore")
    assert "play" not in kinds(st, A) and "wait" in kinds(st, A)
    _refused(st, A, "play", "northgard.error.explore_no_tiles")


def test_explore_with_no_open_territory_of_ones_own_is_refused_and_not_offered() -> None:
    """"Průzkum smíte provádět pouze z otevřeného území, které ovládáte." """
    # Two facing pockets close territory 0.1; A holds only that closed territory.
    st = position(3, tiles=[["x_pocket", 0, 0, 0], ["x_pocket", 0, -1, 2]],
                  units={"0.1": {A: 2}, "0.0": {B: 1}})
    st.tile_stack = ["x_whole"]
    st = turn(st, A, ["s_explore", "s_recruit"])
    st, _ = act(st, A, "card", card="s_explore")
    assert "play" not in kinds(st, A)
    _refused(st, A, "play", "northgard.error.explore_no_territory")


def test_feasts_explore_option_follows_the_same_two_limits() -> None:
    """"Pokud je sloupek desek prázdný, akci průzkum již nelze provést." and "Průzkum smíte
    provádět pouze z otevřeného území, které ovládáte." — Feast lets you pick one of the
    four basic actions, so an Explore that cannot be done is not among them."""
    st = position(3, tiles=[["x_whole", 0, 0, 0]], units={"0.0": {A: 2}})
    st.tile_stack = []
    st = turn(st, A, ["s_feast", "s_recruit"])
    st, _ = act(st, A, "card", card="s_feast")
    st, _ = act(st, A, "play")
    offered = {a.params["action"] for a in RULES.legal_actions(st, A)}
    assert offered == {"recruit", "move", "build"}
    _refused(st, A, "feast", "northgard.error.explore_no_tiles", action="explore")

    st = position(3, tiles=[["x_pocket", 0, 0, 0], ["x_pocket", 0, -1, 2]],
                  units={"0.1": {A: 2}})
    st.tile_stack = ["x_whole"]
    st = turn(st, A, ["s_feast", "s_recruit"])
    st, _ = act(st, A, "card", card="s_feast")
    st, _ = act(st, A, "play")
    assert "explore" not in {a.params["action"] for a in RULES.legal_actions(st, A)}
    _refused(st, A, "feast", "northgard.error.explore_no_territory", action="explore")


def test_when_no_drawn_tile_fits_one_new_tile_is_drawn_and_if_it_does_not_fit_it_fails(
        ) -> None:
    """"Pokud nemůžete přiložit žádnou z dobraných desek …, umístěte je zpět do sloupku desek a
    doberte si novou desku, kterou přiložíte místo nich, pokud je to možné." — one new tile;
    the Explore fails when it does not fit either, though a later tile of the stack would."""
    st = position(3, tiles=[["x_whole", 0, 0, 0]], units={"0.0": {A: 2}})
    st.tile_stack = ["x_pocket", "x_cross", "x_cross"]  # drawn from the end
    st = turn(st, A, ["s_explore", "s_recruit"])
    st, _ = act(st, A, "card", card="s_explore")
    st, ev = act(st, A, "play")
    assert len(events(ev, "tile_redrawn")) == 1 and len(events(ev, "explore_failed")) == 1
    assert st.placements == [["x_whole", 0, 0, 0]]
    assert sorted(st.tile_stack) == ["x_cross", "x_cross", "x_pocket"]
    assert st.active[A] == ["s_explore"]  # the action was spent on a failed Explore


def test_the_one_new_tile_is_placed_when_it_fits() -> None:
    """"…doberte si novou desku, kterou přiložíte místo nich, pokud je to možné." """
    st = position(3, tiles=[["x_whole", 0, 0, 0]], units={"0.0": {A: 2}})
    st.tile_stack = ["x_pocket", "x_cross"]
    st = turn(st, A, ["s_explore", "s_recruit"])
    st, _ = act(st, A, "card", card="s_explore")
    st, ev = act(st, A, "play")
    assert len(events(ev, "tile_redrawn")) == 1 and not events(ev, "explore_failed")
    assert top(st)["kind"] == "place_tile" and top(st)["tiles"] == ["x_pocket"]
    assert st.tile_stack == ["x_cross"]


def test_new_units_go_only_on_territories_one_controls() -> None:
    """"Nové jednotky smíte umístit pouze na území, která ovládáte." """
    st = position(3, tiles=[["x_whole", 0, 0, 0], ["x_whole", 1, 0, 0]],
                  units={"0.0": {A: 1}, "1.0": {B: 1}})
    st = turn(st, A, ["s_recruit", "s_move"])
    st, _ = act(st, A, "card", card="s_recruit")
    st, _ = act(st, A, "play")
    assert {a.params["terr"] for a in RULES.legal_actions(st, A)} == {"0.0"}
    before = RULES.state_hash(st)
    with pytest.raises(RuleViolation):
        act(st, A, "recruit", terr="1.0", kaija=False)
    assert RULES.state_hash(st) == before


def test_a_building_type_already_on_the_territory_may_not_be_built_again() -> None:
    """"Na území nesmíte postavit druh stavby, který se již na tomto území nachází." """
    st = position(3, tiles=[["x_slots", 0, 0, 0]], units={"0.0": {A: 1}})
    st.buildings = {"0.0.0": "granary"}
    st.res[A] = [0, 5, 0]
    st = turn(st, A, ["s_build", "s_move"])
    st, _ = act(st, A, "card", card="s_build")
    st, _ = act(st, A, "play")
    offered = {a.params.get("building") for a in RULES.legal_actions(st, A)}
    assert "granary" not in offered and "lodge" in offered
    before = RULES.state_hash(st)
    with pytest.raises(RuleViolation):
        act(st, A, "build", building="granary")
    assert RULES.state_hash(st) == before


def test_under_a_bear_nobody_builds_recruits_or_explores_from_the_territory() -> None:
    """"Nesmíte provést stavbu a verbování na území s tímto monstrem. Nesmíte prozkoumávat
    nebo přesouvat jednotky z území s tímto monstrem." """
    st = position(3, tiles=[["x_slots", 0, 0, 0]], units={"0.0": {A: 2}},
                  config={"monsters": True})
    st.monsters = {"bear_beige": "0.0"}
    st.monster_row = ["bear_beige"]
    st.res[A] = [0, 5, 0]
    st.tile_stack = ["x_whole"]
    st = turn(st, A, ["s_recruit", "s_build", "s_explore"])
    for card in ("s_recruit", "s_build"):
        st2, _ = act(st, A, "card", card=card)
        st2, _ = act(st2, A, "play")
        assert top(st2)["kind"] == "turn"  # nothing to do: the action ends at once
    st, _ = act(st, A, "card", card="s_explore")
    assert "play" not in kinds(st, A)
    _refused(st, A, "play", "northgard.error.explore_no_territory")


def _move_steps(st: State) -> set[tuple[str, str]]:
    return {(a.params["frm"], a.params["to"]) for a in RULES.legal_actions(st, A)
            if isinstance(a, Action) and a.kind == "step"}


def test_nobody_moves_out_of_a_bears_territory() -> None:
    """"Nesmíte prozkoumávat nebo přesouvat jednotky z území s tímto monstrem." """
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.0": {A: 2}, "0.2": {A: 1}},
                  config={"monsters": True})
    st.monsters = {"bear_beige": "0.0"}
    st.monster_row = ["bear_beige"]
    st = turn(st, A, ["s_move", "s_recruit"])
    st, _ = act(st, A, "card", card="s_move")
    st, _ = act(st, A, "play")
    steps = _move_steps(st)
    assert steps and not any(frm == "0.0" for frm, _ in steps)
    assert ("0.2", "0.1") in steps


def test_a_territory_with_two_hostile_monsters_cannot_be_entered() -> None:
    """"Pokud je na jednom území více takovýchto monster, pak nesmíte na tuto území vůbec
    vstoupit." """
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.0": {A: 3}},
                  config={"monsters": True})
    st.monsters = {"valkyrie_beige": "0.1", "valkyrie_brown": "0.1"}
    st.monster_row = ["valkyrie_beige", "valkyrie_brown"]
    st = turn(st, A, ["s_move", "s_recruit"])
    st, _ = act(st, A, "card", card="s_move")
    st, _ = act(st, A, "play")
    assert ("0.0", "0.1") not in _move_steps(st)
    st.monsters = {"valkyrie_beige": "0.1"}
    st.monster_row = ["valkyrie_beige"]
    assert ("0.0", "0.1") in _move_steps(st)


def test_a_loser_may_not_retreat_where_a_combat_of_this_move_is_still_to_come() -> None:
    """"Nesmíte ustoupit na území, na kterém nastane souboj v tomto tahu." """
    # Two band tiles: 0.0 | 0.1 | 0.2 (the first tile's east part and the second's west) |
    # 1.1 | 1.2. Red attacks 0.1 from 0.0 and 0.2 from 1.1 with one Move of two steps.
    st = position(3, clans=["wolf", "stag", "boar"],
                  tiles=[["x_band", 0, 0, 0], ["x_band", 1, 0, 0]],
                  units={"0.0": {A: 4}, "1.1": {A: 4}, "0.1": {B: 1}, "0.2": {B: 1}})
    st = turn(st, A, ["wolf_init", "s_recruit"])
    st, _ = act(st, A, "card", card="wolf_init")
    st, _ = act(st, A, "play")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    st, _ = act(st, A, "count", n=4, kaija=False)
    st, _ = act(st, A, "step", frm="1.1", to="0.2")
    st, _ = act(st, A, "count", n=4, kaija=False)
    if top(st)["kind"] == "move":
        st, _ = act(st, A, "done")
    if top(st)["kind"] == "battle_order":
        st, _ = act(st, A, "battle", terr="0.1", monster="")
    assert top(st)["kind"] == "combat" and top(st)["terr"] == "0.1"
    force_dice(st, 2, 1)
    st, ev = act(st, A, "food", n=0) if "food" in kinds(st, A) else (st, [])
    while not events(ev, "combat_result"):
        seat = sorted(RULES.awaiting(st))[0]
        st, more = act(st, seat, RULES.default_action(st, seat).kind,
                       **RULES.default_action(st, seat).params)
        ev += more
    first = events(ev, "combat_result")[0]
    assert first["terr"] == "0.1" and first["winner"] == 0
    # B's own 0.2 borders 0.1, but the combat there is still to come: B may only go to 0.0,
    # which Red's units have left.
    if top(st)["kind"] == "retreat" and top(st)["seat"] == B:
        assert sorted(top(st)["dests"]) == ["0.0"]
        st, more = act(st, B, "retreat", terr="0.0")
        ev += more
    back = [e for e in events(ev, "retreated") if e["frm"] == "0.1"]
    assert [(e["seat"], e["terr"]) for e in back] == [(B, "0.0")]


def test_the_mover_picks_the_order_of_the_combats_of_one_move() -> None:
    """"Pokud se aktuálně nachází jednotky různých hráčů na více územích naráz, pak na každém
    z těchto území proběhne souboj zcela odděleně, přičemž pořadí vyhodnocení soubojů určuje
    hráč, který je aktuálně na tahu." — the second combat may be fought first."""
    st = position(3, clans=["wolf", "stag", "boar"],
                  tiles=[["x_band", 0, 0, 0], ["x_band", 1, 0, 0]],
                  units={"0.0": {A: 4}, "1.1": {A: 4}, "0.1": {B: 1}, "0.2": {B: 1}})
    st = turn(st, A, ["wolf_init", "s_recruit"])
    st, _ = act(st, A, "card", card="wolf_init")
    st, _ = act(st, A, "play")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    st, _ = act(st, A, "count", n=4, kaija=False)
    st, _ = act(st, A, "step", frm="1.1", to="0.2")
    st, _ = act(st, A, "count", n=4, kaija=False)
    if top(st)["kind"] == "move":
        st, _ = act(st, A, "done")
    assert top(st)["kind"] == "battle_order"
    assert {a.params["terr"] for a in RULES.legal_actions(st, A)} == {"0.1", "0.2"}
    st, _ = act(st, A, "battle", terr="0.2", monster="")
    assert top(st)["kind"] == "combat" and top(st)["terr"] == "0.2"


def test_starting_resources_go_by_place_from_the_first_player_clockwise() -> None:
    """"V závislosti na pořadí dejte každému hráči počáteční zdroje, počínaje prvním hráčem a
    poté dál po směru hodinových ručiček" — places 1–3 and 4–5 (provisional amounts A5)."""
    for seed in (1, 2, 3):
        st = RULES.new_game({}, 5, seed)
        by_place = [st.res[(st.first + place) % 5] for place in range(5)]
        assert by_place[:3] == [[2, 2, 0]] * 3 and by_place[3:] == [[3, 2, 0]] * 2


def test_a_monster_is_attacked_only_on_neutral_ground_or_ground_one_controls() -> None:
    """"Aktivní hráč může zaútočit na monstra pouze během fáze pohybu a pouze na neutrálním
    území nebo na území, které ovládá." — not on a territory another player holds."""
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.0": {A: 2}, "0.1": {B: 1}},
                  config={"monsters": True})
    st.monsters = {"wolf_beige": "0.0", "wolf_brown": "0.1"}
    st.monster_row = ["wolf_beige", "wolf_brown"]
    st = turn(st, A, ["s_move", "s_recruit"])
    st, _ = act(st, A, "card", card="s_move")
    st, _ = act(st, A, "play")
    st, _ = act(st, A, "step", frm="0.0", to="0.1")
    st, _ = act(st, A, "count", n=1, kaija=False)
    attacks = {(a.params["terr"], a.params["monster"]) for a in RULES.legal_actions(st, A)
               if isinstance(a, Action) and a.kind == "attack"}
    assert attacks == {("0.0", "wolf_beige")}
    before = RULES.state_hash(st)
    with pytest.raises(RuleViolation):
        act(st, A, "attack", terr="0.1", monster="wolf_brown")
    assert RULES.state_hash(st) == before


@pytest.mark.parametrize("row", [["draug_brown", "draug_beige"], ["draug_beige", "draug_brown"]])
def test_monsters_move_one_after_another_from_left_to_right(row: list[str]) -> None:
    """"Všechna monstra v řadě monster na stole se pohnou a aktivují, jedno po druhém, v pořadí
    zleva doprava." — both draugs want the band with the units; the leftmost gets it and
    the other, with no free neighbour left, stays."""
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.1": {A: 3}},
                  config={"monsters": True})
    st.monsters = {"draug_brown": "0.0", "draug_beige": "0.2"}
    st.monster_row = list(row)
    st.stack = [{"kind": "year", "step": 2},
                {"kind": "monster_phase", "order": list(row), "i": 0}]
    ev = drive(st)
    assert [e["monster"] for e in events(ev, "monster_moved")] == [row[0]]
    assert [e["monster"] for e in events(ev, "monster_stayed")] == [row[1]]
    assert st.monsters[row[0]] == "0.1"


def test_more_monsters_only_while_fewer_monsters_than_players_are_out() -> None:
    """"Pouze pokud je ve hře méně monster než hráčů a pokud právě pasující hráč chce." — with
    as many monsters on the map as players, passing brings none and asks nothing."""
    st = position(3, tiles=[["x_band", 0, 0, 0]], units={"0.1": {B: 2}, "0.0": {A: 1}},
                  config={"monsters": True, "more_monsters": True})
    st.monster_deck = ["wolf_brown", "draug_beige"]
    st.monsters = {"wolf_beige": "0.2", "bear_beige": "0.0", "draug_brown": "0.1"}
    st.monster_row = ["wolf_beige", "bear_beige", "draug_brown"]
    st.dev_row = ["e_hunt", "e_scouts", "e_sagas"]
    st = turn(st, A, ["s_move"])
    fewer = st.copy()
    st, ev = act(st, A, "pass", take="e_hunt")
    assert "spawn" not in kinds(st, A) and not events(ev, "monster_appeared")
    assert st.monster_deck == ["wolf_brown", "draug_beige"]
    del fewer.monsters["wolf_beige"]  # two monsters out: the passer may bring a third
    fewer.monster_row.remove("wolf_beige")
    fewer, _ = act(fewer, A, "pass", take="e_hunt")
    assert "spawn" in kinds(fewer, A)

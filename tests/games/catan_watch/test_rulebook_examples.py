"""Every worked example printed in the rulebook, as a scenario."""

from __future__ import annotations

import pytest

from rules.base import RuleViolation
from rules.catan_watch.production import produce
from rules.catan_watch.specials import update_longest
from rules.catan_watch.state import reindex
from rules.catan_watch.wildlings import enter_clan, wildling_die
from tests.games.catan_watch.cw_helpers import (
    act,
    bottom_zigzag,
    corner,
    en,
    fresh,
    give,
    hand,
    hex_at,
    path_edges,
    roads,
    settle,
    side,
    top_zigzag,
)

RED, BLUE, YELLOW = 0, 1, 2


def test_yields_on_a_six_and_a_four() -> None:
    """On a 6 red gets 2 brick for 2 settlements, blue 1 brick; on a 4 blue gets 1 grain,
    or 2 with a keep."""
    s = fresh()
    hills6 = hex_at(s, 1, 1)
    assert (s.layout.terrain[hills6], s.layout.number[hills6]) == ("hills", 6)
    settle(s, RED, corner(s, hills6, 0))
    settle(s, RED, corner(s, hills6, 2))
    settle(s, BLUE, corner(s, hills6, 4))
    fields4 = hex_at(s, 3, 2)
    assert (s.layout.terrain[fields4], s.layout.number[fields4]) == ("fields", 4)
    blue_grain = corner(s, fields4, 0)
    settle(s, BLUE, blue_grain)
    produce(s, 6, [])
    assert hand(s, RED) == {"brick": 2}
    assert hand(s, BLUE) == {"brick": 1}
    produce(s, 4, [])
    assert hand(s, BLUE) == {"brick": 1, "grain": 1}
    s.building[blue_grain] = 2
    reindex(s)
    produce(s, 4, [])
    assert hand(s, BLUE) == {"brick": 1, "grain": 3}


def test_road_blocked_by_an_opponent_settlement() -> None:
    """Blue can extend its road anywhere from its end, but not through yellow's settlement."""
    s = fresh()
    path = top_zigzag(s, 2, 3)
    roads(s, BLUE, path_edges(s, path[:3]))  # two roads ending at path[2]
    settle(s, YELLOW, path[2])
    blocked = path_edges(s, path[2:4])[0]
    with pytest.raises(RuleViolation) as err:
        give(s, BLUE, brick=1, lumber=1)
        s.current = BLUE
        act(s, BLUE, "build_road", edge=blocked)
    assert "blocks" in en(err.value)
    # Continuing from the free end (path[0]) is fine.
    free = next(e for e in s.geo.vertex_edges[path[0]] if s.road[e] == -1)
    s2, _events = act(s, BLUE, "build_road", edge=free)
    assert s2.road[free] == BLUE


def test_longest_road_six_beats_seven_broken_to_five() -> None:
    """Red: 6 connected roads plus a branch (branch not counted) = 6. Blue: 7 roads split by
    a red settlement = 5. Red holds Longest Road."""
    s = fresh()
    red_path = bottom_zigzag(s, 2, 6)
    roads(s, RED, path_edges(s, red_path))
    branch = next(e for e in s.geo.vertex_edges[red_path[2]] if s.road[e] == -1)
    roads(s, RED, [branch])
    blue_path = top_zigzag(s, 1, 7)
    roads(s, BLUE, path_edges(s, blue_path))
    settle(s, RED, blue_path[5])
    update_longest(s, range(s.n), [])
    assert s.road_len[RED] == 6
    assert s.road_len[BLUE] == 5
    assert s.longest == RED


def test_distance_rule() -> None:
    s = fresh()
    h = hex_at(s, 2, 1)
    settle(s, YELLOW, corner(s, h, 0))
    roads(s, RED, [side(s, h, 0), side(s, h, 1)])
    give(s, RED, brick=1, lumber=1, wool=1, grain=1)
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "build_settlement", vertex=corner(s, h, 1))
    assert en(err.value) == "That corner is too close to another settlement (distance rule)."
    s2, _ = act(s, RED, "build_settlement", vertex=corner(s, h, 2))
    assert s2.owner[corner(s, h, 2)] == RED


def test_settlement_cost_message() -> None:
    s = fresh()
    h = hex_at(s, 2, 1)
    roads(s, RED, [side(s, h, 1)])
    give(s, RED, lumber=1, wool=1, grain=1)
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "build_settlement", vertex=corner(s, h, 2))
    assert en(err.value) == "You need 1 more brick."


def test_wildling_moves_on_trails_four_and_five() -> None:
    """Two wildlings in the Cave clan (trails 4 and 5). A 4 sends the nearest one to the
    undefended section: breach. A 5 instead sends it to the section with 1 guard: no breach."""
    for face, breach in ((4, True), (5, False)):
        s = fresh("nights_watch")
        s.clans[1] = ["regular", "regular"]
        s.guards[2] = [BLUE]
        events: list = []
        wildling_die(s, face, events)
        assert s.clans[1] == ["regular"]
        kinds = [e.kind for e in events]
        assert ("wall_breach" in kinds) is breach
        if breach:
            assert s.breaches == 1 and sum(1 for w in s.gift if w) == 1
        else:
            assert s.clearings[2] == ["regular"] and s.breaches == 0


def test_breach_three_regulars_against_two_guards() -> None:
    """The '5, 6' clearing holds 2 regulars against 2 guards; a 5 brings a third: breach.
    The guard on field 1 goes home, the other slides to field 1, 3 hexes are blocked."""
    s = fresh("nights_watch")
    s.clearings[2] = ["regular", "regular"]
    s.guards[2] = [RED, BLUE]
    s.pieces[RED][3] -= 1
    s.pieces[BLUE][3] -= 1
    s.clans[1] = ["regular"]
    wildling_die(s, 5, [])
    assert s.breaches == 1
    assert s.guards[2] == [BLUE]
    assert s.pieces[RED][3] == 7
    assert s.clearings[2] == []
    blocked = [h for h, w in enumerate(s.gift) if w]
    assert len(blocked) == 3
    assert blocked == sorted(s.geo.section_paths[2][:3])


def test_tribal_land_overflow_attack() -> None:
    """A fifth wildling enters a full clan: the two nearest camps rush the Wall, the first on
    the lower trail, the second on the higher; the other three move up."""
    s = fresh("nights_watch")
    s.guards = [[RED] * 3, [RED] * 3, [RED] * 3, [RED] * 3]
    s.clans[0] = ["regular", "giant", "climber", "regular"]
    events: list = []
    enter_clan(s, 0, "regular", events)
    assert s.clans[0] == ["climber", "regular", "regular"]
    advances = [(e.data["wildling"], e.data["trail"]) for e in events
                if e.kind == "wildling_advances"]
    assert advances == [("regular", 1), ("giant", 3)]
    assert s.clearings[0] == ["regular"]
    assert s.guards[1] == [RED, RED]  # the giant killed the guard on field 1

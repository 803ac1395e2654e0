"""Longest Road edge cases: loops, forks, breaks, ties and hand-overs."""

from __future__ import annotations

from rules.catan_watch.longest_road import longest_road
from rules.catan_watch.specials import update_longest
from rules.catan_watch.state import State
from tests.games.catan_watch.cw_helpers import (
    act,
    bottom_zigzag,
    corner,
    fresh,
    give,
    hex_at,
    path_edges,
    roads,
    settle,
    top_zigzag,
)
from tests.games.catan_watch.cw_helpers import side as hex_side

RED, BLUE, WHITE = 0, 1, 2


def _loop(s: State, h: int) -> list[int]:
    return [hex_side(s, h, k) for k in range(6)]


def test_six_road_loop_counts_six() -> None:
    s = fresh()
    roads(s, RED, _loop(s, hex_at(s, 2, 2)))
    assert longest_road(s, RED) == 6


def test_loop_with_a_tail() -> None:
    s = fresh()
    h = hex_at(s, 2, 2)
    roads(s, RED, _loop(s, h))
    tail = next(e for e in s.geo.vertex_edges[corner(s, h, 0)] if s.road[e] == -1)
    roads(s, RED, [tail])
    assert longest_road(s, RED) == 7


def test_figure_eight_and_blocked_junctions() -> None:
    """Two neighbouring loops (11 roads) count 11; an opponent on one junction leaves 10;
    on both junctions 5."""
    s = fresh()
    a, b = hex_at(s, 2, 1), hex_at(s, 2, 2)
    roads(s, RED, sorted(set(_loop(s, a)) | set(_loop(s, b))))
    assert longest_road(s, RED) == 11
    j1, j2 = corner(s, a, 1), corner(s, a, 2)  # ends of the shared edge
    settle(s, BLUE, j1)
    assert longest_road(s, RED) == 10
    settle(s, WHITE, j2)
    assert longest_road(s, RED) == 5


def test_fork_counts_only_one_branch() -> None:
    """Five roads as a fork (3 + 1 + 1) are only 4 long: no Longest Road."""
    s = fresh()
    path = top_zigzag(s, 2, 4)
    roads(s, RED, path_edges(s, path))
    spur = next(e for e in s.geo.vertex_edges[path[2]] if s.road[e] == -1)
    roads(s, RED, [spur])
    update_longest(s, range(s.n), [])
    assert s.road_len[RED] == 4
    assert s.longest == -1


def test_road_broken_in_the_middle() -> None:
    s = fresh()
    path = top_zigzag(s, 2, 8)
    roads(s, RED, path_edges(s, path))
    update_longest(s, range(s.n), [])
    assert s.longest == RED and s.road_len[RED] == 8
    settle(s, BLUE, path[3])
    update_longest(s, range(s.n), [])
    assert s.road_len[RED] == 5
    assert s.longest == RED


def test_own_settlement_does_not_break() -> None:
    s = fresh()
    path = top_zigzag(s, 2, 6)
    roads(s, RED, path_edges(s, path))
    settle(s, RED, path[3])
    assert longest_road(s, RED) == 6


def test_tie_does_not_take_over_but_longer_does() -> None:
    s = fresh()
    roads(s, RED, path_edges(s, top_zigzag(s, 2, 5)))
    update_longest(s, range(s.n), [])
    assert s.longest == RED
    blue = bottom_zigzag(s, 3, 6)
    roads(s, BLUE, path_edges(s, blue[:6]))
    update_longest(s, range(s.n), [])
    assert s.longest == RED  # 5 vs 5: the holder keeps it
    roads(s, BLUE, [path_edges(s, blue)[5]])
    update_longest(s, range(s.n), [])
    assert s.longest == BLUE  # 6 beats 5


def test_breaking_the_holder_with_a_tie_sets_the_card_aside() -> None:
    s = fresh()
    red = top_zigzag(s, 1, 7)
    roads(s, RED, path_edges(s, red))
    roads(s, BLUE, path_edges(s, top_zigzag(s, 0, 5)))
    roads(s, WHITE, path_edges(s, bottom_zigzag(s, 4, 5)))
    update_longest(s, range(s.n), [])
    assert s.longest == RED
    settle(s, WHITE, red[3])  # red falls to 4; blue and white tie at 5
    update_longest(s, range(s.n), [])
    assert s.longest == -1


def test_building_a_settlement_breaks_a_road_through_the_engine() -> None:
    """Taking the card away by building: the settlement's builder need not be the new holder."""
    s = fresh()
    red = top_zigzag(s, 2, 7)
    roads(s, RED, path_edges(s, red))
    update_longest(s, range(s.n), [])
    assert s.longest == RED
    blue_road = next(e for e in s.geo.vertex_edges[red[4]] if s.road[e] == -1)
    roads(s, BLUE, [blue_road])
    s.current = BLUE
    give(s, BLUE, brick=1, lumber=1, wool=1, grain=1)
    s2, events = act(s, BLUE, "build_settlement", vertex=red[4])
    assert s2.road_len[RED] == 4
    assert s2.longest == -1
    assert "special_card" in [e.kind for e in events]

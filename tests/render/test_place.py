"""The kit's placer: boxes near where they belong, never over one another, inside the bounds,
on the preferred ground when there is room there."""

from __future__ import annotations

from bot.render.kit.place import Placer, around


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def test_crowded_boxes_spread_out_without_covering_one_another() -> None:
    p = Placer((0, 0, 400, 300))
    boxes = [p.place(60, 30, around(200, 150, 6, 150)) for _ in range(20)]
    assert all(b is not None for b in boxes)
    placed = [b for b in boxes if b is not None]
    assert placed[0] == (170, 135, 230, 165)  # the first goes where it belongs
    assert not any(_overlap(a, b) for i, a in enumerate(placed) for b in placed[i + 1:])
    assert all(b[0] >= 0 and b[1] >= 0 and b[2] <= 400 and b[3] <= 300 for b in placed)


def test_a_box_prefers_its_ground_and_settles_for_the_nearest_when_it_has_none() -> None:
    p = Placer((0, 0, 400, 300), patience=500)
    right = p.place(20, 20, around(200, 150, 5, 100), prefer=lambda x, y: x > 250)
    assert right is not None and (right[0] + right[2]) / 2 > 250
    nowhere = p.place(20, 20, around(100, 150, 5, 100), prefer=lambda x, y: False)
    assert nowhere == (90, 140, 110, 160)


def test_a_full_area_still_gives_a_box_that_must_be_drawn() -> None:
    p = Placer((0, 0, 100, 100))
    p.take((0, 0, 100, 100))
    assert p.place(10, 10, around(50, 50, 5, 50)) is None
    assert p.anywhere(10, 10, 50, 50) == (45, 45, 55, 55)

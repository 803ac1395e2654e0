"""The AGoT board image: layout coverage, valid PNGs, and no hidden information in the picture."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.games.agot import render as agot_render
from bot.games.agot.render import geometry as agot
from bot.games.agot.render.panel import PANEL_SIZE
from bot.render import Images, as_images, render_board, renderer_for
from rules.agot import RULES
from rules.agot.board import board
from rules.agot.state import State
from rules.base import Action
from rules.rng import Rng


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def _size(seats: int = 5) -> list[tuple[int, int]]:
    """The board's images' sizes: the two halves of the map (3:4 of the map's width high,
    the strip included), the houses' panel (a row shorter for each house not at the table)."""
    halves = [(b[2] - b[0], b[3] - b[1] + agot_render.HALF_BAND)
              for b in map(agot_render.half_box, agot_render.HALVES)]
    panel = agot_render.panel_size({"seats": [{}] * seats})
    assert panel[0] == PANEL_SIZE[0] and panel[1] <= PANEL_SIZE[1]
    return [*halves, panel]


def _sizes(out: Any) -> list[tuple[int, int]]:
    return [_png(png).size for png in as_images(out)]


def _play_until(st: State, done: Callable[[State], bool], seed: int,
                limit: int = 4000) -> State | None:
    """Random legal play from ``st`` until ``done`` holds (None if the game ends first)."""
    rng = Rng(seed)
    for _ in range(limit):
        if done(st):
            return st
        if st.result is not None:
            return None
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    return None


def _phase(st: State) -> str:
    return str(RULES.view(st, None)["phase"])


# ---------------------------------------------------------------------------------- layout


def test_layout_covers_exactly_the_areas_of_the_data() -> None:
    lay = agot.load_layout()
    b = board()
    assert set(lay["codes"]) == set(b.area_ids)
    assert len(set(lay["codes"].values())) == len(lay["codes"])  # one character per area
    grid = lay["grid"]
    assert len({len(row) for row in grid}) == 1
    used = {c for row in grid for c in row}
    assert used == set(lay["codes"].values())
    g = agot.geometry()
    assert set(g.anchors) == set(b.area_ids)
    assert all(g.polygons[a] for a in b.area_ids)


def test_every_border_of_the_rules_is_visible_on_the_map() -> None:
    b = board()
    g = agot.geometry()
    pair = agot._pair
    missing = [(a, n) for a in b.area_ids for n in b.adj[a]
               if a < n and g.touching.get(pair(a, n), 0.0) < agot.MIN_CONTACT]
    # Highgarden/Redwyne Straits and Oldtown/Dornish Marches cannot both share a border on a
    # flat map with the other borders around them; the one left out gets a dashed link.
    assert len(missing) <= 1
    assert len(agot.missing_links(g, b)) == len(missing)
    # Any other contact is drawn as a river (land) or cliffs/reefs: only rivers may be long.
    for (a, n), length in g.touching.items():
        if n not in b.adj_set[a] and length >= agot.MIN_CONTACT:
            assert not b.is_sea[a] and not b.is_sea[n], (a, n)


def test_each_label_sits_in_its_own_area() -> None:
    g = agot.geometry()
    every = [(p, a) for a, pts in g.points.items() for p in pts]
    for area, at in g.anchors.items():
        nearest = min(every, key=lambda pa: math.dist(pa[0], at))[1]
        assert nearest == area


# --------------------------------------------------------------------------------- renders


def test_registered_for_agot() -> None:
    assert renderer_for("agot") is agot_render.render


@pytest.mark.parametrize("players", [3, 4, 5])
def test_new_games_render_to_png_of_the_canvas_size(players: int) -> None:
    st = RULES.new_game({}, players, 11 + players)
    assert _sizes(render_board("agot", RULES.view(st, None))) == _size(players)


@pytest.mark.parametrize("seed", [1, 2])
def test_mid_game_states_render(seed: int) -> None:
    """Planning, the action phase with revealed orders, battles and later rounds."""
    st = RULES.new_game({}, 5, seed)
    seen: set[str] = set()
    rng = Rng(seed * 97)
    for _ in range(900):
        if st.result is not None:
            break
        view = RULES.view(st, None)
        kind = view["phase"].split(":")[0]
        if kind not in seen or (view["round"] > 5 and kind == "planning"):
            seen.add(kind)
            assert _sizes(agot_render.render(view)) == _size()
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    assert {"planning", "marches", "battle"} <= seen
    assert _sizes(agot_render.render(RULES.view(st, None))) == _size()


def test_unknown_keys_and_a_sparse_view_do_not_break_the_renderer() -> None:
    assert _sizes(agot_render.render({"phase": "planning", "round": 1, "board": {
        "winterfell": {"order": {"seat": 0}}, "no_such_area": {"house": "stark"}}})) == _size(0)


# ------------------------------------------------------------------------- hidden information


def _pairs_differing_in_secret(st: State, seeds: range) -> list[tuple[State, State]]:
    out = []
    for k in seeds:
        for seat in range(st.n):
            other = RULES.perturb_hidden(st, seat, Rng(k * 31 + seat))
            if other is not None:
                out.append((st, other))
    return out


def test_secret_orders_do_not_show() -> None:
    st = RULES.new_game({}, 5, 4)
    # Everyone but the last house commits orders: they stay secret until all are in.
    for seat in range(st.n - 1):
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, Rng(seat)))
    assert _phase(st) == "planning"
    pairs = _pairs_differing_in_secret(st, range(3))
    assert pairs
    for a, b in pairs:
        assert a.stack != b.stack  # the secret differs...
        unseen = agot_render.render(RULES.view(b, None))
        assert agot_render.render(RULES.view(a, None)) == unseen  # ...unseen


def test_orders_placed_but_unready_do_not_show() -> None:
    st = RULES.new_game({}, 4, 9)
    seat = 0
    areas = sorted(a for a, u in st.units.items() if u[0] == seat)
    st_a, _ = RULES.apply(st, seat, Action("place_orders", {"orders": {areas[0]: "march_0"}}))
    st_b, _ = RULES.apply(st, seat, Action("place_orders", {"orders": {areas[0]: "raid_a"}}))
    assert agot_render.render(RULES.view(st_a, None)) == agot_render.render(RULES.view(st_b, None))
    assert agot_render.render(RULES.view(st_a, None)) == agot_render.render(RULES.view(st, None))


@pytest.mark.parametrize("phase", ["battle:cards", "clash:bid", "wildlings:bid"])
def test_secret_cards_and_bids_do_not_show(phase: str) -> None:
    found = None
    for seed in range(1, 12):
        found = _play_until(RULES.new_game({}, 5, seed), lambda s: _phase(s) == phase,
                            seed * 13)
        if found is not None and _pairs_differing_in_secret(found, range(2)):
            break
    assert found is not None, f"no {phase} state reached"
    pairs = _pairs_differing_in_secret(found, range(2))
    assert pairs
    for a, b in pairs:
        assert agot_render.render(RULES.view(a, None)) == agot_render.render(RULES.view(b, None))


def test_revealed_orders_change_the_image() -> None:
    st = _play_until(RULES.new_game({}, 5, 3), lambda s: bool(s.orders) and
                     _phase(s) in ("raids", "marches"), 5)
    assert st is not None
    area, (_seat, token) = next(iter(sorted(st.orders.items())))
    other = st.copy()
    other.orders = {a: list(o) for a, o in st.orders.items()}
    other.orders[area][1] = "consolidate_a" if token != "consolidate_a" else "defense_+1a"
    assert agot_render.render(RULES.view(st, None)) != agot_render.render(RULES.view(other, None))
    # And the order shows where it stands: only pixels near that area's label changed.
    diff = _changed_box(agot_render.render_image(RULES.view(st, None)),
                        agot_render.render_image(RULES.view(other, None)))
    at = agot.geometry().anchors[area]
    assert diff is not None
    assert diff[0] <= at[0] + 80 and diff[2] >= at[0] - 80
    assert diff[1] <= at[1] + 50 and diff[3] >= at[1] - 50


def _changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    from PIL import ImageChops

    box: Any = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
    return box


def test_face_down_orders_are_drawn_without_their_kind() -> None:
    """If a view carries an order without its token, it is drawn face down (no kind leaks)."""
    st = RULES.new_game({}, 5, 2)
    view = RULES.view(st, None)
    area = next(a for a, info in view["board"].items() if "house" in info)
    seat = view["board"][area]["seat"]
    face_down = {**view, "board": {**view["board"], area: {**view["board"][area],
                                                            "order": {"seat": seat}}}}
    assert agot_render.render(face_down) != agot_render.render(view)


def test_cells_clipped_locally_match_a_full_voronoi_diagram() -> None:
    """The map clips each cell against its 5x5 grid neighbours only; spot-check that no
    further point would have cut it."""
    lay = agot.load_layout()
    rows, cols, cell = len(lay["grid"]), len(lay["grid"][0]), float(lay["cell"])
    pts, cells = agot.jittered_cells(cols, rows, cell)
    width, height = cols * cell, rows * cell
    for i in range(0, len(pts), 37):
        poly: list[tuple[float, float]] = [(0.0, 0.0), (width, 0.0), (width, height),
                                           (0.0, height)]
        labels = [-1, -1, -1, -1]
        for j, q in enumerate(pts):
            if j != i:
                poly, labels = agot._clip(poly, labels, pts[i], q, j)
        assert _area(poly) == pytest.approx(_area(cells[i][0]), rel=1e-9, abs=1e-6)


def _area(poly: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(poly, poly[1:] + poly[:1], strict=True))) / 2


async def test_async_path_renders_agot_and_caches_by_what_it_draws(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.render
    from bot.render import render_board_async

    drawn: list[str] = []
    real = bot.render.render_board

    def counting(game_type: str, view: dict[str, Any], locale: str | None = None) -> Images:
        drawn.append(game_type)
        return real(game_type, view, locale)

    monkeypatch.setattr(bot.render, "render_board", counting)
    view = RULES.view(RULES.new_game({}, 4, 21), None)
    first = await render_board_async(987654, 1, "agot", view)
    assert _sizes(first) == _size(4)
    # The same view again: the cached bytes, not a second drawing.
    assert await render_board_async(987654, 1, "agot", view) == first and len(drawn) == 1
    # The same game id and version in another database (another game type, another view)
    # is another image: the cache is keyed by what the image is drawn from.
    other = await render_board_async(987654, 1, "sealed_bids", {"phase": "bidding"})
    assert other != first and drawn == ["agot", "sealed_bids"]

"""The AGoT board legible in Discord (issues #14, #15): the map alone with large words, zoomed
crops for ``/agot board region:``, nothing cut at the edges, the words in the image's locale."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.agot import render as agot_render
from bot.games.agot.cog import region_choices, resolve_region
from bot.games.agot.render import geometry as agot
from bot.games.agot.render.map import labels, static_layers
from bot.games.agot.render.sprites import icon_sprite, power_sprite
from bot.games.agot.render.style import GOLD
from bot.i18n import catalog
from bot.render.kit import chat_scale, problems, with_names
from rules.agot import RULES
from rules.agot.board import board
from rules.agot.state import State
from rules.rng import Rng
from tests.drawn_text import drawn_text

PREVIEW = 520




def _fresh() -> None:
    """Drop the per-locale static layers so their words are drawn (and recorded) again."""
    static_layers.cache_clear()
    labels.cache_clear()


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def _pixels(img: Image.Image) -> list[tuple[int, ...]]:
    return [img.getpixel((x, y)) for y in range(img.height) for x in range(img.width)]


def _later_state(seed: int = 7, moves: int = 150) -> State:
    st = RULES.new_game({}, 5, seed)
    rng = Rng(3)
    for _ in range(moves):
        awaited = sorted(RULES.awaiting(st))
        if not awaited or st.result is not None:
            break
        st, _ = RULES.apply(st, awaited[0], RULES.random_action(st, awaited[0], rng))
    return st


@pytest.fixture(scope="module")
def view() -> dict[str, Any]:
    return RULES.view(_later_state(), None)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_board_is_three_chat_boxes_whose_words_all_read_at_11_px(
        view: dict[str, Any], locale: str) -> None:
    """Issue #26: Discord shows each embed's image in a 400x300 box. The map is taller than
    wide: it comes in two halves (North, South), each shrunk to 0.405 there, and the houses'
    panel (4:3) after them; every word any of them draws (area names, the strips, the counts
    on the pieces, the panel) is at least 11 px in its box."""
    imgs = [_png(p) for p in agot_render.render(view, locale)]
    assert len(imgs) == 3
    for img in imgs:
        assert img.width / img.height >= 4 / 3 - 0.01  # landscape: width decides the scale
    _fresh()
    with drawn_text() as calls:
        halves = agot_render.draw_halves(view, locale)
    with drawn_text() as panel_calls:
        sheet = agot_render.draw(view, locale)
    assert [h.size for h in halves] == [i.size for i in imgs[:2]]
    assert sheet.img.size == imgs[2].size and problems(sheet) == []
    for drawn, size in ((calls, halves[0].size), (panel_calls, sheet.img.size)):
        scale = chat_scale(*size)
        assert scale >= 0.4
        small = {(d.text, d.size) for d in drawn if d.text.strip() and d.size * scale < 11}
        assert not small, sorted(small)[:10]
    words = {d.text for d in calls}
    names = {line for lab in labels(locale).values() for line in lab.lines}
    assert names <= words  # every area's name is drawn, at a size that reads in chat
    north = catalog(locale)["agot.img.region.north"]
    south = catalog(locale)["agot.img.region.south"]
    assert any(w.startswith(north) for w in words) and any(w.startswith(south) for w in words)


def test_every_area_shows_whole_in_one_half(view: dict[str, Any]) -> None:
    """The halves overlap: each area's name, pieces and printed icons lie wholly inside the
    North or the South (the busiest boards placed)."""
    from bot.games.agot.render.pieces import name_boxes, place_rows

    halves = [agot_render.half_box(h) for h in agot_render.HALVES]
    for v in (view, _busy_view()):
        houses = [str(s.get("house", "")) for s in v["seats"]]
        labs = labels("en")
        rows = place_rows(board(), labs, v["board"], houses, "en")
        for area, lab in labs.items():
            boxes = [*name_boxes(lab), *(r.rect for r in rows if r.area == area)]
            assert any(all(h[1] <= b[1] and b[3] <= h[3] for b in boxes) for h in halves), area


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_panel_names_every_house_with_its_player_power_supply_and_castles(
        view: dict[str, Any], locale: str) -> None:
    names = {s["seat"]: f"Player {s['seat'] + 1}" for s in view["seats"]}
    sheet = agot_render.draw(with_names(view, names), locale)
    assert problems(sheet) == []  # nothing drawn over anything, every word legible in chat
    words = [b.label for b in sheet.layout.labels()]
    for s in view["seats"]:
        assert f"Player {s['seat'] + 1} ({s['name']})" in words
        assert f"{s['castles']}/{view['castles_to_win']}" in words
        assert str(s["power"]) in words and str(s["supply"]) in words
    symbols = [b.label for b in sheet.layout.labels() if b.kind == "symbol"]
    assert symbols.count("power") == len(view["seats"]) + 1  # one per house + the legend's


def test_the_final_board_names_the_winner_and_ranks_the_houses_as_the_result() -> None:
    st = _later_state()
    rng = Rng(3)
    while RULES.result(st) is None:
        seat = sorted(RULES.awaiting(st))[0]
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    view = RULES.view(st, None)
    sheet = agot_render.draw(view, "en")
    assert problems(sheet) == []
    result = view["result"]
    winner = next(s["name"] for s in view["seats"] if s["seat"] == result["winners"][0])
    words = [b.label for b in sheet.layout.labels()]
    assert any(w.startswith("Winner: ") and winner in w for w in words)
    chips = [b for b in sheet.layout.boxes if b.kind == "frame"]
    order = [int(seat) for group in result["ranking"] for seat in group]
    houses = {s["seat"]: s["name"] for s in view["seats"]}
    assert [c.label for c in chips] == [houses[s] for s in order]


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_no_label_is_cut_by_the_frame(locale: str) -> None:
    g = agot.geometry()
    labs = labels(locale)
    assert set(labs) == set(board().area_ids)
    for area, lab in labs.items():
        x0, y0, x1, y1 = lab.box()
        assert x0 >= 0 and x1 <= g.map_width, (area, lab.box())
        assert y0 >= 0 and y1 <= g.map_height, (area, lab.box())


@pytest.mark.parametrize("target", [*agot_render.REGIONS, "dragonstone", "the_eyrie"])
def test_a_region_crop_is_a_legible_part_of_the_map(view: dict[str, Any], target: str) -> None:
    _fresh()
    with drawn_text() as calls:
        img = _png(agot_render.render_region(view, "en", target))
    box = agot_render.crop_box(target, "en")
    assert img.size == (box[2] - box[0], box[3] - box[1] + agot.STATUS_BAND)
    assert img.width < agot.geometry().map_width or target != "dragonstone"
    scale = min(1.0, PREVIEW / img.width)
    assert calls and all(d.size * scale >= 10 for d in calls if d.text.strip()), calls
    words = {d.text for d in calls}
    # Every area of the region keeps its whole label inside the crop.
    for area in agot_render.REGIONS.get(target, ()):
        x0, y0, x1, y1 = labels("en")[area].box()
        assert box[0] <= x0 and x1 <= box[2] and box[1] <= y0 and y1 <= box[3], area
    if target in agot_render.REGIONS:
        name = catalog("en")[f"agot.img.region.{target}"]
        assert any(w.startswith(name) for w in words)
    else:
        x0, y0, x1, y1 = labels("en")[target].box()
        assert box[0] <= x0 and x1 <= box[2] and box[1] <= y0 and y1 <= box[3]


def test_an_unknown_region_is_refused(view: dict[str, Any]) -> None:
    with pytest.raises(KeyError):
        agot_render.render_region(view, "en", "essos")


def test_the_region_option_takes_ids_and_names_in_either_language() -> None:
    assert resolve_region("Sever", "cs") == "north"
    assert resolve_region("west", "cs") == "west"
    assert resolve_region("North", "cs") == "north"  # English works for everyone
    assert resolve_region("Winterfell", "en") == "winterfell"
    assert resolve_region("Essos", "en") is None
    assert [c.value for c in region_choices("", "cs")][:4] == list(agot_render.REGIONS)
    assert {c.value for c in region_choices("vých", "cs")} == {"east"}


def test_a_czech_image_speaks_czech(view: dict[str, Any]) -> None:
    _fresh()
    with drawn_text() as cs_calls:
        agot_render.render(view, "cs")
        agot_render.render_region(view, "cs", "west")
    _fresh()
    with drawn_text() as en_calls:
        agot_render.render(view, "en")
    cs_words = " ".join(d.text for d in cs_calls)
    en_words = " ".join(d.text for d in en_calls)
    assert "kolo" in cs_words and "Divocí" in cs_words and "Západ" in cs_words
    assert "Round" in en_words and "Wildlings" in en_words and "kolo" not in en_words
    # Area names come from the catalog of the image's locale.
    cs = catalog("cs")
    drawn = {d.text for d in cs_calls}
    for area in board().area_ids:
        lines = labels("cs")[area].lines
        assert " ".join(lines) == cs[f"agot.img.area.{area}"]
        assert set(lines) <= drawn


def test_face_up_orders_use_the_locales_letters() -> None:
    st = RULES.new_game({}, 5, 3)
    rng = Rng(5)
    while not (st.orders and RULES.view(st, None)["phase"] in ("raids", "marches")):
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    letters = {catalog("cs")[f"agot.img.order.{k}"]
               for k in ("march", "defense", "support", "raid", "consolidate")}
    with drawn_text() as calls:
        agot_render.render(RULES.view(st, None), "cs")
    assert any(d.text.rstrip("+-0123456789") in letters for d in calls)


def test_images_come_from_the_public_view_only() -> None:
    st = RULES.new_game({}, 5, 4)
    for seat in range(st.n - 1):  # orders placed in secret
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, Rng(seat)))
    others = [o for seat in range(st.n) if (o := RULES.perturb_hidden(st, seat, Rng(seat)))]
    assert others
    public = RULES.view(st, None)
    for other in others:
        view = RULES.view(other, None)
        for locale in ("en", "cs"):
            assert agot_render.render(view, locale) == agot_render.render(public, locale)
            assert (agot_render.render_region(view, locale, "north")
                    == agot_render.render_region(public, locale, "north"))


def test_a_power_token_does_not_look_like_the_printed_crowns() -> None:
    token = power_sprite("baratheon").convert("RGBA")
    crown = icon_sprite("crown").convert("RGBA")
    assert token.size != crown.size
    gold = sum(1 for px in _pixels(token) if px[3] > 200 and px[:3] == GOLD)
    assert gold == 0
    # Round: its corners are transparent, its edge dark.
    assert token.getpixel((0, 0))[3] == 0
    w = token.width
    edge = token.getpixel((w // 2, 1))
    assert edge[3] > 0 and sum(edge[:3]) < 200


@pytest.mark.parametrize("house", ["stark", "baratheon"])
def test_pale_houses_land_has_a_dark_rim(view: dict[str, Any], house: str) -> None:
    """Controlled land gets a band in the house's rim colour inside its border, so white and
    yellow stand out from the parchment."""
    from bot.games.agot.render.style import house_style

    area = {"stark": "winterfell", "baratheon": "dragonstone"}[house]
    plain_view = {**view, "control": {}, "board": {}}
    held = {**plain_view, "control": {area: house}}
    before = agot_render.render_image(plain_view, "en").convert("RGB")
    after = agot_render.render_image(held, "en").convert("RGB")
    rim = house_style(house).rim
    layers = static_layers("en")
    (bx0, by0, bx1, by1), _mask = layers.masks[area]
    region = after.crop((bx0, by0, bx1, by1))
    near = sum(1 for px in _pixels(region)
               if max(abs(a - b) for a, b in zip(px, rim, strict=True)) < 24)
    assert near > 100
    assert before.crop((bx0, by0, bx1, by1)) != region


def _busy_view() -> dict[str, Any]:
    """A view in the action phase, orders face up on the board (the busiest map)."""
    st = RULES.new_game({}, 5, 3)
    rng = Rng(5)
    while not (st.orders and RULES.view(st, None)["phase"] in ("raids", "marches")):
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    return RULES.view(st, None)


@pytest.mark.parametrize("which", ["busy", "later"])
def test_pieces_are_large_for_the_chat_box_and_placed_clear_of_names_and_each_other(
        view: dict[str, Any], which: str) -> None:
    """Issue #26: at chat size a half of the map is shrunk to 0.405; the pieces' numbers are
    drawn at 28 px (11.3 px there) and every area's pieces go where they cover no name and
    no other area's pieces, in their own area; no name covers another."""
    from bot.games.agot.render.pieces import area_at, name_boxes, place_rows
    from bot.games.agot.render.sprites import COUNT_PX, PIECE

    box = agot_render.half_box("north")
    assert COUNT_PX * PIECE * chat_scale(box[2] - box[0],
                                         box[3] - box[1] + agot_render.HALF_BAND) >= 11
    v = _busy_view() if which == "busy" else view
    houses = [str(s.get("house", "")) for s in v["seats"]]
    labs = labels("en")
    rows = place_rows(board(), labs, v["board"], houses, "en")
    boxes = [(f"{r.area} pieces", r.rect) for r in rows]
    boxes += [(f"{a} name", bx) for a, lab in labs.items() for bx in name_boxes(lab)]
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            overlap = min(p[2], q[2]) - max(p[0], q[0]), min(p[3], q[3]) - max(p[1], q[1])
            assert min(overlap) <= 0.5, (a, b)
    pieces = [r for r in rows if not r.icons]
    assert pieces
    # Most pieces sit in their own area; a small area's that found no room there has a
    # leader line to it.
    own = [r for r in pieces
           if area_at((r.rect[0] + r.rect[2]) / 2, (r.rect[1] + r.rect[3]) / 2) == r.area]
    assert len(own) >= len(pieces) - 2, [r.area for r in pieces if r not in own]
    for r in rows:
        if r not in own and not r.icons:
            assert r.leader is not None and area_at(*r.leader) == r.area, r.area
    g = agot.geometry()
    assert all(r.rect[0] >= 0 and r.rect[2] <= g.map_width and r.rect[1] >= 0
               and r.rect[3] <= g.map_height for r in rows)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_every_house_shows_when_all_are_awaited_under_long_names(locale: str) -> None:
    """Planning waits for all five houses: the waiting line is cut to one line (the awaited
    rows are highlighted), every house keeps its row and the legend takes the room left."""
    view = RULES.view(RULES.new_game({}, 5, 7), None)
    assert len(view["awaiting"]) == 5
    long = with_names(view, {s: f"Player With A Long Name {s}" for s in range(5)})
    sheet = agot_render.draw(long, locale)
    assert problems(sheet) == []
    chips = [b.label for b in sheet.layout.boxes if b.kind == "frame"]
    assert len(chips) == 5 and all("Player With A Long Name" in c for c in chips)
    symbols = {b.label for b in sheet.layout.boxes if b.kind == "symbol"}
    assert {"footmen", "knights", "ships", "order march", "attack", "river"} <= symbols

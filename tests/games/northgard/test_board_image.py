"""The Northgard board at the size Discord shows it (issue #26): two landscape images, the map
alone in its chat box (large tiles) and the panel in its own, whose every word stays legible
once shrunk into the box, no label drawn over another (the renderer's recorded boxes),
territories tinted in the colour of the clan controlling them, every player named with their
colour and resources, whom the game waits for and why, the strongholds toward the instant
win, fame only at the end with the standings the result posts, and every mark of the map in
a legend (on the images, and in full in the text under them)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.northgard import render as board
from bot.games.northgard import render_legend
from bot.games.northgard.board_text import board_text_embed
from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.games.northgard.render_legend import marks
from bot.games.northgard.render_map import (
    BLOCKS,
    CONTROL_TINT,
    MAX_TILE,
    PLAYER,
    RES,
    blocks,
    controller,
    draw_map,
    mix,
    shade,
)
from bot.i18n import view_text
from bot.render.kit import CHAT_MIN_PX, Sheet, chat_scale, problems, with_names
from rules.northgard import RULES
from rules.northgard.data import data
from rules.rng import Rng
from tests.drawn_text import drawn_text


def _play(config: dict[str, Any], n: int, seed: int, moves: int | None = None) -> Any:
    st = RULES.new_game(config, n, seed)
    rng = Rng(seed + 11)
    done = 0
    while RULES.result(st) is None and (moves is None or done < moves):
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
        done += 1
    return st


@pytest.fixture(scope="module")
def finished_state() -> Any:
    """A finished 5-player game with monsters: the largest maps."""
    return _play({"monsters": True, "more_monsters": True}, 5, 4)


@pytest.fixture(scope="module")
def finished(finished_state: Any) -> dict[str, Any]:
    return RULES.view(finished_state, None)


def _views() -> list[dict[str, Any]]:
    """Views over the course of games of every size and mode."""
    out = []
    for n, config, seed in ((2, {}, 3), (3, {"monsters": True}, 5), (4, {"team": True}, 8),
                            (5, {"long_game": True}, 2)):
        for moves in (1, 40, 120, 260):
            out.append(RULES.view(_play(config, n, seed, moves), None))
    return out


def _words(view: dict[str, Any], locale: str) -> list[str]:
    """Every label of both images, the map's first."""
    return [b.label for sheet in board.sheets(view, locale) for b in sheet.layout.labels()]


def _legible(view: dict[str, Any], locale: str) -> list[str]:
    """Everything wrong with the board at chat size: labels over one another, text under the
    floor (every text drawn, the kit's or not), on either image."""
    found = []
    with drawn_text() as calls:
        sheets = board.sheets(view, locale)
    for sheet in sheets:
        found += problems(sheet)
    # Each text at the scale of the image it was drawn on (the panel's before its crop, as
    # wide: Discord shrinks it as much).
    found += [f"{c.text!r} at {c.size * chat_scale(*c.canvas):.1f} px" for c in calls
              if c.size * chat_scale(*c.canvas) < CHAT_MIN_PX - 1e-6]
    return found


def test_the_board_is_a_map_and_a_panel_each_landscape_for_the_chat_box(
        finished: dict[str, Any]) -> None:
    pngs = board.render(finished, "en")
    assert len(pngs) == 2
    images = [Image.open(io.BytesIO(png)) for png in pngs]
    assert images[0].width / images[0].height == pytest.approx(4 / 3)
    assert images[1].width / images[1].height >= 4 / 3 - 1e-9


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_maps_tiles_are_as_large_as_the_chat_box_lets_them(players: int) -> None:
    """Alone on its image, the map takes the whole chat box in its tighter direction: a
    finished game's map (the largest) keeps its tiles at 35 px or more in the 400x300 box,
    where they were about 25-35 px when the map shared its image with the panel."""
    view = RULES.view(_play({"monsters": True}, players, 4), None)
    sheet = board.sheets(view, "en")[0]
    g = board.map_geometry(sheet, view)
    cols, rows = g.x1 - g.x0 + 2, g.y1 - g.y0 + 2
    fits = min(MAX_TILE, (board.WIDTH - g.ruler_w) / cols, (board.HEIGHT - g.ruler_h) / rows)
    assert g.size >= int(fits)
    assert g.size * chat_scale(sheet.width, sheet.height) >= 35


def test_the_panel_shows_each_clans_resources() -> None:
    view = with_names(RULES.view(_play({}, 3, 4, moves=120), None), {0: "Alice"})
    panel = board.sheets(view, "en")[1]
    labels = [b.label for b in panel.layout.labels()]
    assert "Alice (Red)" in labels
    for s in view["seats"]:
        for res in RES:
            assert str(s["res"][res]) in labels
    dots = [b for b in panel.layout.boxes if b.kind == "symbol" and b.label in RES]
    assert len(dots) == len(RES) * len(view["seats"])


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_a_finished_five_player_map_is_legible_with_no_label_over_another(
        finished: dict[str, Any], locale: str) -> None:
    assert len(finished["tiles"]) >= 12  # a grown map, not the opening one
    assert _legible(with_names(finished, {s: f"Player {s + 1}" for s in range(5)}), locale) == []


def test_boards_over_whole_games_are_legible_with_no_label_over_another() -> None:
    for view in _views():
        for locale in ("en", "cs"):
            assert _legible(view, locale) == [], view_text(view["phase_label"], "en")


def test_every_territory_is_named_with_its_units(finished: dict[str, Any]) -> None:
    words = _words(finished, "en")
    for t in finished["territories"]:
        assert t["name"] in words
        for n in t["units"].values():
            assert str(n) in words


def _marks_of(t: dict[str, Any]) -> list[str]:
    """A territory's marks as the view gives them: empty slots, resources, den."""
    built = {key for key, _ in t["buildings"]}
    return sorted([f"slot:{kind}" for key, kind in t["slots"] if key not in built]
                  + list(t["res"]) + (["den"] if t["den"] else []))


def _cards(sheet: Any, view: dict[str, Any]) -> dict[str, tuple[Any, list[str]]]:
    """Per territory name: its name's box and the marks on the plate hung under it (each
    mark as often as drawn, a counted one as often as its count says)."""
    names = {t["name"] for t in view["territories"]}
    boxes = sheet.layout.boxes
    out = {}
    for b in boxes:
        if b.kind != "text" or b.label not in names:
            continue
        plate = next((p for p in boxes if p.kind == "frame" and p.label == "marks"
                      and abs(p.x0 - b.x0) < 0.5 and b.y1 - 0.5 <= p.y0 <= b.y1 + 2 * b.size),
                     None)
        marks: list[str] = []
        if plate is not None:
            inside = [m for m in boxes if m is not plate and plate.x0 <= m.x0 and
                      m.x1 <= plate.x1 + 0.5 and plate.y0 <= m.y0 and m.y1 <= plate.y1 + 0.5]
            for m in inside:
                if m.kind == "symbol":
                    count = next((int(c.label[1:]) for c in inside if c.kind == "text"
                                  and c.label.startswith("×") and abs(c.x0 - m.x1 - 2) < 3
                                  and c.y0 < (m.y0 + m.y1) / 2 < c.y1), 1)
                    marks += [m.label] * count
        out[b.label] = (b, sorted(marks))
    return out


def test_each_territorys_marks_are_on_its_card_under_its_name() -> None:
    """Every empty slot, resource and den of a territory is drawn on the plate under its
    name, and nowhere else: a mark placed on its own was read as a neighbour's. A card the
    map has no room for in any shape goes without its plate (once in these 16 maps: the
    largest territory of a 5-player map as tall as the legend beside it leaves)."""
    bare = []
    for view in _views():
        sheet = board.sheets(view, "en")[0]
        cards = _cards(sheet, view)
        for t in view["territories"]:
            _, drawn = cards[t["name"]]
            if drawn == [] and _marks_of(t):
                bare.append(t["name"])
            else:
                assert drawn == _marks_of(t), t["name"]
    assert len(bare) <= 1, bare


def test_cards_stand_on_their_own_territory() -> None:
    """Most cards are centred on their own territory (smallest territories first, in another
    shape where that fits, the rest after every card that fits on its ground): in these five
    games 64 of 80, the rest on maps of 107-142 px tiles with the largest clan's ground in
    one piece (in seven other sample games 95 of 101, where 10 names and 76 rows of marks
    stood beside their territory before the cards)."""
    on, total = 0, 0
    for n, config, seed, moves in ((4, {}, 7, 150), (5, {"monsters": True}, 7, 260),
                                   (3, {}, 9, 200), (4, {"team": True}, 8, 300),
                                   (5, {"long_game": True}, 2, 400)):
        view = RULES.view(_play(config, n, seed, moves), None)
        sheet = board.sheets(view, "en")[0]
        g = board.map_geometry(sheet, view)
        nodes = {f"card:{t['name']}": t["nodes"] for t in view["territories"]}
        cards = [b for b in sheet.layout.boxes if b.kind == "frame" and b.label in nodes]
        assert len(cards) == len(nodes)
        total += len(cards)
        on += sum(g.node_at((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) in nodes[b.label]
                  for b in cards)
    assert on >= 0.78 * total, (on, total)


def test_a_territory_is_tinted_in_its_controlling_clans_colour(finished: dict[str, Any]
                                                               ) -> None:
    sheet = board.sheets(finished, "en")[0]
    g = board.map_geometry(sheet, finished)
    held = [t for t in finished["territories"] if controller(t) is not None]
    assert held
    # Labels, pieces and the cards' plates of marks cover the ground; the map's frame does not.
    covered = [b for b in sheet.layout.boxes if b.kind != "frame" or b.label == "marks"]
    checked = 0
    for t in held:
        want = mix(shade(t["id"]), PLAYER[finished["seats"][controller(t)]["colour"]],
                   CONTROL_TINT)
        p, part = (int(x) for x in str(t["id"]).split("."))
        tile, x, y, rot = finished["tiles"][p]
        ox, oy = g.origin((int(x), int(y)))
        grid = blocks(str(tile), int(rot))
        step = g.size / BLOCKS
        seen = []
        for j in range(1, BLOCKS - 1):
            for i in range(1, BLOCKS - 1):
                px, py = g.left + ox + (i + 0.5) * step, g.top + oy + (j + 0.5) * step
                if grid[j][i] != part or any(b.x0 - 3 <= px <= b.x1 + 3 and
                                             b.y0 - 3 <= py <= b.y1 + 3 for b in covered):
                    continue
                seen.append(sheet.img.getpixel((int(px), int(py))))
        if seen:
            assert seen.count(want) >= len(seen) * 0.6, (t["name"], want, seen[:5])
            checked += 1
    assert checked >= min(3, len(held))  # labels and pieces cover the rest


def test_the_rulers_name_the_half_drawn_cells_around_the_map(finished: dict[str, Any]) -> None:
    words = set(_words(finished, "en"))
    cells = {(int(x), int(y)) for _, x, y, _ in finished["tiles"]}
    around = {(x + dx, y + dy) for x, y in cells
              for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - cells
    for x, y in around:
        assert COLUMNS[x + COL0] in words and str(y + ROW0) in words


def test_players_are_named_in_their_colour_and_the_awaited_one_with_what_is_asked() -> None:
    st = _play({"team": True}, 4, 8, moves=60)
    view = with_names(RULES.view(st, None), {0: "Alice", 1: "Bob", 2: "Cyril", 3: "Dana"})
    words = _words(view, "cs")
    text = " ".join(words)
    assert view_text(view["phase_label"], "cs") in text
    # Teams as headings, each with its members below (seats alternate A, B, A, B).
    assert words.index("Tým A") < words.index("Alice (Červený)") < words.index("Cyril (Fialový)") \
        < words.index("Tým B") < words.index("Bob (Žlutý)") < words.index("Dana (Modrý)")
    awaited = view["awaiting"]
    assert len(awaited) == 4  # the harvest's trades: everyone at once
    assert "Čeká se na všechny hráče" in text
    one = with_names(RULES.view(_play({"team": True}, 4, 8, moves=20), None), {1: "Bob"})
    assert len(one["awaiting"]) == 1
    text = " ".join(_words(one, "cs"))
    assert f"Čeká se na: {board.seat_name(one, one['awaiting'][0], 'cs')}" in text
    assert "Sláva leží lícem dolů" in text
    assert not any("northgard." in w for w in text.split())  # no key without a Czech text


def test_the_strongholds_toward_the_instant_win_are_counted_from_the_map() -> None:
    view = RULES.view(_play({}, 3, 4, moves=120), None)
    t = next(t for t in view["territories"] if any(k == "large" for _, k in t["slots"]))
    slot = next(k for k, kind in t["slots"] if kind == "large")
    t.update(closed=True, units={"1": 2}, kaija=-1, buildings=[[slot, "fortress"]])
    for other in view["territories"]:
        if other is not t:
            other["units"] = {}
    assert board.strongholds(view) == {0: 0, 1: 1, 2: 0}
    words = _words(view, "en")
    assert words.count("1/3") == 1 and words.count("0/3") == 2


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_final_board_names_the_winner_and_the_posted_standings(
        finished_state: Any, finished: dict[str, Any], locale: str) -> None:
    result = RULES.result(finished_state)
    assert result is not None
    view = with_names(finished, {s: f"P{s + 1}" for s in range(5)})
    words = _words(view, locale)
    winner = board.seat_name(view, result.winners[0], locale)
    assert any(winner in w and ("Won: " in w or "Vítězství: " in w) for w in words)
    place_rows = [w for w in words if w[:2] in {f"{k}." for k in range(1, 6)}]
    expected = [f"{place}. {board.seat_name(view, s, locale)}"
                for place, seats in enumerate(result.ranking, start=1) for s in seats]
    assert place_rows == expected
    for seat in range(5):
        assert str(result.scores[seat]) in words


def test_every_mark_on_the_map_is_explained(finished: dict[str, Any]) -> None:
    built = {k for t in finished["territories"] for _, k in t["buildings"]}
    kinds = {data().monsters[m].kind for t in finished["territories"]
             for m in t["monsters"]}
    kaija = any(t["kaija"] >= 0 for t in finished["territories"])
    assert built and kinds and kaija, "the finished game should show buildings, monsters, Kaija"
    for locale in ("en", "cs"):
        words = _words(finished, locale)
        legend = board_text_embed(finished, locale).fields[-1].value or ""
        m = marks(locale)
        for kind in [*built, *kinds, "kaija"]:
            assert m[kind] in words  # drawn on the map …
            assert f"{m[kind]} " in legend  # … and named under it
        image_legend = " ".join(words)
        for res in ("food", "wood", "lore"):
            assert board.text(locale, f"northgard.res.{res}") in image_legend


def test_the_text_under_the_image_has_each_clans_resources_and_cards() -> None:
    view = with_names(RULES.view(_play({}, 3, 4, moves=120), None), {0: "Alice"})
    embed = board_text_embed(view, "en")
    clans = embed.fields[0].value or ""
    assert "**Alice (Red)**" in clans
    for s in view["seats"]:
        assert f"hand {s['hand']} · deck {s['deck']} · units {s['on_map']}" in clans


def test_the_tile_being_placed_is_shown_beside_the_map() -> None:
    st = RULES.new_game({}, 3, 5)
    view = RULES.view(st, None)
    assert view["pending"].get("kind") == "place_tile"
    _, sheet = board.sheets(view, "en")
    previews = [b for b in sheet.layout.boxes if b.label == "tile preview"]
    assert len(previews) == len(set(view["pending"]["tiles"] or
                                    view["seats"][view["pending"]["seat"]]["held_tiles"]))
    words = [b.label for b in sheet.layout.labels()]
    assert not any(w.startswith("t") and w[1:].isdigit() for w in words)  # no tile ids
    assert not problems(sheet)


def test_fame_is_not_drawn_before_the_end() -> None:
    st = _play({}, 3, 4, moves=120)
    seat = 0
    other = RULES.perturb_hidden(st, seat, Rng(1))
    assert other is not None and RULES.view(other, seat) != RULES.view(st, seat)
    assert board.render(RULES.view(st, None), "cs") == board.render(RULES.view(other, None), "cs")


def test_many_awaited_players_with_long_names_are_counted_and_highlighted() -> None:
    view = RULES.view(_play({}, 4, 8, moves=20), None)
    view = with_names({**view, "awaiting": [0, 1, 2]},
                      {s: f"Somebody with a long name {s}" for s in range(4)})
    _, sheet = board.sheets(view, "en")
    words = [b.label for b in sheet.layout.labels()]
    assert "Waiting for 3 players, highlighted below" in " ".join(words)
    assert not problems(sheet)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_a_map_its_width_keeps_short_has_its_legend_under_it_in_full(locale: str) -> None:
    """Issue #26: a game under way whose map is wider than its image leaves room under it (one
    narrower, beside it); the legend starts there (then goes on in the panel), so the two
    images explain every mark: each symbol, the letters on the map, the territory names and
    the first/passed marks."""
    view = with_names(RULES.view(_play({}, 4, 8, moves=100), None),
                      {i: n for i, n in enumerate(("Alice", "Bob", "Cecil", "Dana"))})
    sheets = board.sheets(view, locale)
    g = board.map_geometry(sheets[0], view, locale)
    strip = board.legend_strip(g)
    assert strip is not None
    beside = [b for b in sheets[0].layout.labels() if b.x0 >= strip[0] and b.y0 >= strip[1]]
    assert beside, "nothing drawn beside the map"
    labels = [b.label for s in sheets for b in s.layout.labels()]
    shown = render_legend.shown_in(view) | set(sheet_marks(view, locale))
    for item in render_legend.legend_items(view, locale, shown):
        assert item.label in labels, item.label
    text = " ".join(labels)
    for note in render_legend.legend_notes(view, locale, shown):
        assert note in text, note
    assert not any(problems(s) for s in sheets)


def sheet_marks(view: dict[str, Any], locale: str) -> set[str]:
    """The kinds of symbol the map draws (what its legend must explain)."""
    s = Sheet(board.WIDTH, board.HEIGHT, (0, 0, 0))
    return draw_map(s, board.map_geometry(s, view, locale), marks(locale), s.min_px)

"""What the board image shows (issues #14, #15 and #26): its words in the server's language and
in DejaVu, a resource legend for the terrains, harbours by rate in their resource's colour,
roads that do not read as hex borders, every player by name and colour with the one whose
turn it is highlighted, nothing drawn over anything else and no text too small for Discord's
chat box — all from the public view. Text is recorded at Pillow's ``ImageDraw.text``, as the
legibility test does, and from the board kit's layout."""

from __future__ import annotations

import copy
import io
import math
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.games.catan_watch.render import (
    BORDER,
    HIGHLIGHT,
    PLAYER,
    RESOURCE_COLOUR,
    harbour_edges,
    plan,
    render,
)
from bot.games.catan_watch.render import draw as draw_sheet
from bot.i18n import msg, view_text
from bot.i18n import render as tr_render
from bot.render.kit import problems, with_names
from rules.catan_watch import RULES
from rules.catan_watch.state import State
from rules.rng import Rng
from tests.drawn_text import Drawn, drawn_text

RESOURCES_EN = ("Brick", "Lumber", "Wool", "Grain", "Ore")
RESOURCES_CS = ("Cihly", "Dřevo", "Vlna", "Obilí", "Ruda")


def tr(key: str, locale: str) -> str:
    return tr_render(msg(key), locale)


def near(pixel: Any, colour: tuple[int, int, int]) -> bool:
    """The image is a 256-colour PNG: its palette moves a colour by a step or two."""
    return max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= 4


def draw(view: dict[str, Any], locale: str) -> tuple[bytes, list[Drawn]]:
    with drawn_text() as calls:
        png = render(view, locale)
    return png, calls


@cache
def played(mode: str, n: int, moves: int, seed: int = 11) -> State:
    state = RULES.new_game({"mode": mode}, n, seed)
    rng = Rng(seed)
    for _ in range(moves):
        awaited = sorted(RULES.awaiting(state))
        if not awaited:
            break
        state, _ = RULES.apply(state, awaited[0], RULES.random_action(state, awaited[0], rng))
    return state


def public(mode: str, n: int = 4, moves: int = 200) -> dict[str, Any]:
    return copy.deepcopy(RULES.view(played(mode, n, moves), None))


def test_a_czech_board_speaks_czech() -> None:
    view = public("nights_watch")
    _png, calls = draw(view, "cs")
    texts = [c.text for c in calls]
    everything = "\n".join(texts)
    for word in (*RESOURCES_CS, "Osada", "Cesta", "Stráž na Zdi", "Ledová řeka",
                 "Jeskynní lidé", "Tvrdonožci"):
        assert word in texts, f"{word!r} is not on the Czech image"
    for fragment in ("Tah ", "Prolomení Zdi", "Divocí v Daru", "tržiště", " VB", "Červený",
                     "Modrý", "Oranžový", "Bílý"):
        assert fragment in everything, fragment
    for english in ("Turn", "Deck", "Brick", "Keep", "Settlement", "clan", "Giant", "Climber",
                    "Breaches", "Harbour", "harbour", " VP", "cards", "Wall"):
        assert english not in everything, f"English {english!r} on the Czech image"
    # the legend's tokens carry the Czech initials: B(ěžný), L(ezec), O(br)
    shown = 0
    for word, mark in (("Běžný Divoký", "B"), ("Lezec", "L"), ("Obr", "O")):
        if word in texts:
            assert texts[texts.index(word) - 1] == mark
            shown += 1
    assert shown


def test_the_image_follows_the_locale_it_is_asked_for() -> None:
    view = public("base")
    en, en_calls = draw(view, "en")
    cs, _ = draw(view, "cs")
    assert en != cs
    assert set(RESOURCES_EN) <= {c.text for c in en_calls}
    assert render(view) == en  # no locale: English


def test_every_word_is_drawn_in_dejavu() -> None:
    for mode in ("base", "nights_watch"):
        _png, calls = draw(public(mode), "cs")
        for c in calls:
            assert isinstance(c.font, ImageFont.FreeTypeFont), c.text
            assert "DejaVuSans" in str(c.font.path), (c.text, c.font.path)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_legend_names_each_terrains_resource(locale: str) -> None:
    view = public("base")
    assert any(h["terrain"] == "ice_field" for h in view["board"]["hexes"])
    _png, calls = draw(view, locale)
    texts = [c.text for c in calls]
    names = RESOURCES_EN if locale == "en" else RESOURCES_CS
    barren = "Ice Field: no resources" if locale == "en" else "Ledové pole: bez surovin"
    assert all(name in texts for name in names) and barren in texts
    # the legend row: one name per terrain, left to right on one line
    legend = [c for c in calls if c.text in names and c.xy[1] == max(
        d.xy[1] for d in calls if d.text == names[0])]
    assert [c.text for c in sorted(legend, key=lambda c: c.xy[0])] == list(names)


@pytest.mark.parametrize(("mode", "locale"), [("base", "en"), ("base", "cs"),
                                              ("nights_watch", "cs")])
def test_every_harbour_shows_its_rate_in_its_resources_colour(mode: str, locale: str) -> None:
    view = public(mode, moves=0)
    harbours = [kind for _a, _b, kind in harbour_edges(view["board"])]
    assert harbours
    png, calls = draw(view, locale)
    texts = [c.text for c in calls]
    assert texts.count("2:1") == sum(k != "3:1" for k in harbours)
    assert texts.count("3:1") == sum(k == "3:1" for k in harbours)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    tiles = sorted(c.xy for c in calls if c.text == "2:1")
    colours = sorted(RESOURCE_COLOUR[k.split()[-1]] for k in harbours if k != "3:1")
    # the tile's fill just left of its "2:1": the resource the harbour takes
    seen = sorted(min(RESOURCE_COLOUR.values(), key=lambda col: max(
        abs(a - b) for a, b in zip(img.getpixel((round(x) - 22, round(y))), col, strict=True)))
        for x, y in tiles)
    assert seen == colours


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_player_whose_turn_it_is_is_highlighted_by_name(locale: str) -> None:
    view = with_names(public("base"), {0: "Alice", 1: "Bob", 2: "Cecil", 3: "Dana"})
    for seat, name in view["display_names"].items():
        view["current"] = seat
        png, _calls = draw(view, locale)
        sheet = draw_sheet(view, locale)
        colour = view_text(view["players"][seat]["label"], locale)
        rows = {b.label: b for b in sheet.layout.labels()}
        # "Alice (Red)", or "Alice" alone when the column is too narrow for both.
        label = next(k for k in rows if ":" not in k and (
            k.startswith(f"{name} ({colour})"[:8]) or k == name))
        img = Image.open(io.BytesIO(png)).convert("RGB")
        for other, box in rows.items():
            # The players' rows (the status bar names the player too: "Bob (Blue): …").
            if other.startswith(("Alice", "Bob", "Cecil", "Dana")) and ":" not in other:
                lit = near(img.getpixel((round(box.x0) - 6, round((box.y0 + box.y1) / 2))),
                           HIGHLIGHT)
                assert lit == (other == label), (seat, other)


def test_the_status_bar_names_the_player_whose_turn_it_is() -> None:
    view = with_names(public("base"), {0: "Alice", 1: "Bob", 2: "Cecil", 3: "Dana"})
    view["phase"], view["current"] = "main", 1
    view["phase_label"] = {"key": "catan.label.main", "params": {
        "who": {"$text": view["players"][1]["label"]}}}
    _png, calls = draw(view, "en")
    assert any(c.text.startswith("Bob (Blue): ") for c in calls)


def test_a_finished_game_names_the_winner_and_highlights_nobody() -> None:
    view = with_names(public("base"), {1: "Bob"})
    view["phase"], view["result"] = "over", {"winners": [1]}
    png, calls = draw(view, "en")
    texts = [c.text for c in calls]
    assert "Game over: Bob (Blue) won" in texts
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert not any(near(img.getpixel((x, y)), HIGHLIGHT)
                   for x in range(530, 800, 7) for y in range(50, 450, 7))


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
@pytest.mark.parametrize("locale", ["en", "cs"])
def test_nothing_is_drawn_over_anything_and_every_word_reads_in_chat(mode: str,
                                                                      locale: str) -> None:
    for moves in (0, 150, 400):
        view = with_names(public(mode, moves=moves),
                          {0: "Alice", 1: "Bořivoj", 2: "Charlotte Longname", 3: "Dan"})
        sheet = draw_sheet(view, locale)
        assert problems(sheet) == []
        assert sheet.min_px * 400 / sheet.width >= 11


def test_roads_are_drawn_unlike_hex_borders() -> None:
    view = public("base", moves=300)
    png, _calls = draw(view, "en")
    img = Image.open(io.BytesIO(png)).convert("RGB")
    where = plan(view, "en")
    board = view["board"]
    centres = {h: where.hex_centre(h) for h in range(len(board["hexes"]))}
    roads = {r["edge"]: r["seat"] for r in board["roads"]}
    checked = {"road": 0, "border": 0}
    for e, (a, b) in enumerate(board["edges"]):
        shared = set(board["vertices"][a]["hexes"]) & set(board["vertices"][b]["hexes"])
        if len(shared) != 2:
            continue
        h1, h2 = sorted(shared)
        mid = ((centres[h1][0] + centres[h2][0]) / 2, (centres[h1][1] + centres[h2][1]) / 2)
        pixel = img.getpixel((round(mid[0]), round(mid[1])))
        if e in roads:
            assert near(pixel, PLAYER[roads[e] % 4])
            checked["road"] += 1
        else:
            assert near(pixel, BORDER)
            checked["border"] += 1
    assert checked["road"] >= 3 and checked["border"] >= 10
    assert not any(near(BORDER, colour) for colour in PLAYER)


def test_tormund_and_the_wildlings_are_marked_on_their_hexes() -> None:
    view = public("nights_watch", moves=250)
    gift = {int(h): kind for h, kind in view["wall"]["gift"].items()}
    assert gift, "the seeded game must have a wildling in the Gift"
    view["board"]["tormund"] = next(h for h, info in enumerate(view["board"]["hexes"])
                                    if info.get("number") and h not in gift)
    sheet = draw_sheet(view, "en")
    where = plan(view, "en")
    marks = [b for b in sheet.layout.labels() if b.kind == "symbol" and b.size]

    def mark_on(h: int) -> str:
        x, y = where.hex_centre(h)
        best = min(marks, key=lambda b: math.hypot((b.x0 + b.x1) / 2 - x, (b.y0 + b.y1) / 2 - y))
        assert math.hypot((best.x0 + best.x1) / 2 - x, (best.y0 + best.y1) / 2 - y) < where.r, \
            f"no token on hex {h}"
        return best.label

    assert mark_on(view["board"]["tormund"]) == "T"
    for h, kind in gift.items():
        assert mark_on(h) == {"regular": "R", "climber": "C", "giant": "G"}[kind]
    assert all(b.size >= sheet.min_px for b in marks)


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_the_czech_image_comes_from_the_public_view_only(mode: str) -> None:
    rng = Rng(9)
    checked = 0
    for moves in (40, 120, 200):
        state = played(mode, 4, moves)
        base = render(RULES.view(state, None), "cs")
        assert render(RULES.view(state, 0), "cs") == base  # a seat's view draws no "you"
        for seat in range(4):
            other = RULES.perturb_hidden(state, seat, rng)
            if other is not None:
                assert render(RULES.view(other, None), "cs") == base
                checked += 1
    assert checked >= 4


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_nights_watch_map_keeps_its_size_as_the_legend_grows(locale: str) -> None:
    """Issue #26: in Night's Watch mode the Wall takes the top of the map's box, so the legend
    must not take its bottom: the players' symbols and the tokens' legend go into the
    players' column as far as it has room (the deck beside the turn when the phase leaves
    room), and the hexes stay as large as in a new game's board, within one step."""
    names = {0: "Alice", 1: "Bořivoj", 2: "Charlotte Longname", 3: "Dan"}
    fresh = plan(with_names(public("nights_watch", moves=0), names), locale)
    for moves in (40, 150, 400):
        view = with_names(public("nights_watch", moves=moves), names)
        board = plan(view, locale)
        assert board.r >= fresh.r * 0.85, (moves, board.r, fresh.r)
        sheet = draw_sheet(view, locale)
        assert problems(sheet) == []
        words = [b.label for b in sheet.layout.labels()]
        # Every symbol the board shows still has its words, in the column or below.
        for item in board.items + board.side_stats:
            assert any(w == item.label or (w.endswith("…") and item.label.startswith(w[:-1]))
                       for w in words), item.label
        if view["phase"] == "over":  # why it ended takes the deck's line
            reason = view["result"]["reason"]
            assert any(w.startswith(tr(f"catan.img.end.{reason}", locale)[:12])
                       for w in words), reason
        else:
            deck = str(view["development_deck"])
            assert any(deck in w for w in words)


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_the_final_board_shows_the_posted_standings(mode: str) -> None:
    """Issue #26: at the end the players' rows are the result's standings — its order, its
    places and its scores (the VP cards counted), not the public VP."""
    names = {0: "Alice", 1: "Bob", 2: "Cecil", 3: "Dana"}
    view = with_names(public(mode, moves=2000), names)
    result = view["result"]
    assert result is not None
    sheet = draw_sheet(view, "en")
    scores = {int(k): v for k, v in result["scores"].items()}
    expected = [(place, seat) for place, group in enumerate(result["ranking"], start=1)
                for seat in group]
    rows = [b for b in sheet.layout.boxes if b.kind == "frame"
            and b.label[:1].isdigit() and ". " in b.label]
    assert [r.label.split(". ", 1)[0] for r in rows] == [str(p) for p, _ in expected]
    for row, (_, seat) in zip(rows, expected, strict=True):
        assert names[seat] in row.label
        vp = [b.label for b in sheet.layout.labels()
              if b.y0 >= row.y0 - 1 and b.y1 <= row.y1 + 1 and b.label.endswith(" VP")]
        assert vp == [f"{scores[seat]} VP"], (seat, vp)

"""What the board image shows (issues #14 and #15): its words in the server's language and in
DejaVu, a resource legend for the terrains, harbours labelled by rate and resource, roads
that do not read as hex borders, the player whose turn it is marked — all from the public
view. Text is recorded at Pillow's ``ImageDraw.text``, as the legibility test does."""

from __future__ import annotations

import copy
import io
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.games.catan_watch.render import (
    BORDER,
    HIGHLIGHT,
    LETTER_DY,
    PLAYER,
    TOKEN_SPOTS,
    harbour_edges,
    render,
)
from bot.i18n import view_text
from rules.catan_watch import RULES
from rules.catan_watch.names import letter
from rules.catan_watch.state import State
from rules.rng import Rng
from tests.drawn_text import Drawn, drawn_text

RESOURCES_EN = ("Brick", "Lumber", "Wool", "Grain", "Ore")
RESOURCES_CS = ("Cihly", "Dřevo", "Vlna", "Obilí", "Ruda")


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
    for word in (*RESOURCES_CS, "Tvrz", "Osada", "Cesta", "Tormund", "Lezec", "Obr",
                 "Běžný Divoký", "Stráž na Zdi", "Kmen Ledové řeky", "Kmen Jeskynních lidí",
                 "Kmen Tvrdonožců", "Červený", "Modrý", "Oranžový", "Bílý"):
        assert word in texts, f"{word!r} is not on the Czech image"
    for fragment in ("Tah ", "Prolomení Zdi", "Divocí v Daru", "Tržiště", "VB "):
        assert fragment in everything
    for english in ("Turn", "Deck", "Brick", "Keep", "Settlement", "clan", "Giant", "Climber",
                    "Breaches", "Harbour", "on turn", " VP", "cards", "Wall"):
        assert english not in everything, f"English {english!r} on the Czech image"
    # the legend's tokens carry the Czech initials: B(ěžný), L(ezec), O(br)
    for word, mark in (("Běžný Divoký", "B"), ("Lezec", "L"), ("Obr", "O")):
        assert texts[texts.index(word) - 1] == mark


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
def test_every_harbour_is_labelled_with_its_rate_and_resource(mode: str, locale: str) -> None:
    view = public(mode, moves=0)
    harbours = [kind for _a, _b, kind in harbour_edges(view["board"])]
    assert harbours
    _png, calls = draw(view, locale)
    texts = [c.text for c in calls]
    names = dict(zip(("brick", "lumber", "wool", "grain", "ore"),
                     RESOURCES_EN if locale == "en" else RESOURCES_CS, strict=True))
    assert texts.count("2:1") == sum(k != "3:1" for k in harbours)
    assert texts.count("3:1") == sum(k == "3:1" for k in harbours) + 1  # + the legend's
    legend_y = max(c.xy[1] for c in calls if c.text == names["brick"])
    for res, name in names.items():
        assert texts.count(name) == 1 + harbours.count(f"2:1 {res}"), name  # legend + tags
    for c in calls:
        if c.text in names.values() and c.xy[1] < legend_y:  # a tag: its name under "2:1"
            assert any(d.text == "2:1" and d.xy[0] == c.xy[0] and c.xy[1] - d.xy[1] == 18
                       for d in calls), c.text


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_player_whose_turn_it_is_is_marked(locale: str) -> None:
    view = public("base")
    names = {int(p["seat"]): p["label"] for p in view["players"]}
    mark = "on turn" if locale == "en" else "na tahu"
    rows = set()
    for seat in names:
        view["current"] = seat
        png, calls = draw(view, locale)
        marks = [c for c in calls if c.text == mark]
        assert len(marks) == 1
        colour = view_text(names[seat], locale)
        name_row = [c for c in calls if c.text == colour and c.xy[1] == marks[0].xy[1]]
        assert name_row, f"the mark is not on {colour}'s row"
        rows.add(marks[0].xy[1])
        img = Image.open(io.BytesIO(png)).convert("RGB")
        assert near(img.getpixel((img.width - 16, int(marks[0].xy[1]) + 18)), HIGHLIGHT)
    assert len(rows) == len(names)


def test_a_finished_game_marks_nobody_on_turn() -> None:
    view = public("base")
    view["phase"], view["result"] = "over", {"winners": [1]}
    _png, calls = draw(view, "en")
    texts = [c.text for c in calls]
    assert "on turn" not in texts
    assert "Game over: Blue won" in texts


def test_roads_are_drawn_unlike_hex_borders() -> None:
    view = public("base", moves=300)
    png, calls = draw(view, "en")
    img = Image.open(io.BytesIO(png)).convert("RGB")
    letters = {c.text: c.xy for c in calls}
    board = view["board"]
    centres = {}
    for h in range(len(board["hexes"])):
        x, y = letters[letter(h)]
        centres[h] = (x, y - LETTER_DY)
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


def test_tormund_and_the_wildlings_are_big_tokens() -> None:
    view = public("nights_watch", moves=250)
    gift = {int(h): kind for h, kind in view["wall"]["gift"].items()}
    assert gift, "the seeded game must have a wildling in the Gift"
    view["board"]["tormund"] = next(h for h, info in enumerate(view["board"]["hexes"])
                                    if info.get("number") and h not in gift)
    _png, calls = draw(view, "en")
    letters = {c.text: c.xy for c in calls}

    def token_on(h: int) -> Drawn:
        x, y = letters[letter(h)]
        dx, dy = TOKEN_SPOTS[1][0]
        return next(c for c in calls if c.xy == (x + dx, y - LETTER_DY + dy))

    tormund = token_on(view["board"]["tormund"])
    assert tormund.text == "T" and tormund.font.size >= 18  # was 14 px
    for h, kind in gift.items():
        mark = token_on(h)
        assert mark.text == {"regular": "R", "climber": "C", "giant": "G"}[kind]
        assert mark.font.size >= 16  # was 14 px


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

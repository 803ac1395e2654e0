"""The Northgard board image at Discord's preview width (issue #14): every word it draws stays
legible however far the map has grown, in English and in Czech; the rulers still name the
cells beyond the outermost tiles (only half of each is drawn); the panel shows year, season,
who passed, resources, hand and teams; the letters on the map are explained."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.northgard import render as board
from bot.games.northgard.names import COL0, COLUMNS, ROW0
from bot.i18n import view_text
from rules.northgard import RULES
from rules.rng import Rng
from tests.drawn_text import drawn_text

PREVIEW_PX = 10  # the smallest text Discord's inline preview may show




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
def finished() -> dict[str, Any]:
    """The public view of a finished 5-player game with monsters: the largest maps."""
    return RULES.view(_play({"monsters": True, "more_monsters": True}, 5, 4), None)


def _render(view: dict[str, Any], locale: str) -> tuple[int, list[tuple[str, Any]]]:
    with drawn_text() as records:
        png = board.render(view, locale)
    return Image.open(io.BytesIO(png)).width, [(d.text, d.font) for d in records]


def _assert_legible(view: dict[str, Any], locale: str) -> list[tuple[str, Any]]:
    width, calls = _render(view, locale)
    assert width == board.WIDTH
    small = [(w, f.size) for w, f in calls if f.size * board.PREVIEW_WIDTH / width < PREVIEW_PX]
    assert not small, small[:10]
    return calls


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_numbers_stay_legible_on_a_finished_five_player_map(finished: dict[str, Any],
                                                            locale: str) -> None:
    assert len(finished["tiles"]) >= 12  # a grown map, not the opening one
    calls = _assert_legible(finished, locale)
    counts = {str(n) for t in finished["territories"] for n in t["units"].values() if n}
    assert counts and counts <= {w for w, _ in calls}
    # The words come from the DejaVu font, which has the Czech letters.
    assert all("DejaVuSans" in str(getattr(f, "path", "")) for _, f in calls)


def test_a_wider_map_shrinks_its_tiles_never_its_text(finished: dict[str, Any]) -> None:
    wide = dict(finished)
    x1 = max(int(x) for _, x, _, _ in finished["tiles"])
    y = int(finished["tiles"][0][2])
    # Eight more tiles in a row (without territories: they are drawn as bare parchment).
    wide["tiles"] = [*finished["tiles"], *(["start", x1 + k, y, 0] for k in range(1, 9))]
    assert board.Board(wide).size < board.Board(finished).size
    calls = _assert_legible(wide, "en")
    sizes = {f.size for _, f in calls}
    assert min(sizes) == board.SMALL
    assert {w for w, _ in _render(finished, "en")[1]} <= {w for w, _ in calls}


def test_the_rulers_name_the_half_drawn_cells_around_the_map(finished: dict[str, Any]) -> None:
    _, calls = _render(finished, "en")
    words = {w for w, _ in calls}
    cells = {(int(x), int(y)) for _, x, y, _ in finished["tiles"]}
    around = {(x + dx, y + dy) for x, y in cells
              for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - cells
    for x, y in around:
        assert COLUMNS[x + COL0] in words and str(y + ROW0) in words
    b = board.Board(finished)
    # Half a cell of sea beyond the outermost tiles, not a whole ring.
    assert b.map_w == (b.x1 - b.x0 + 2) * b.size
    assert b.origin((b.x0 - 1, b.y0 - 1)) == (-(b.size - b.size // 2),) * 2


def test_a_czech_team_board_names_teams_passes_and_resources() -> None:
    st = _play({"team": True}, 4, 8, moves=60)
    view = RULES.view(st, None)
    _, calls = _render(view, "cs")
    words = [w for w, _ in calls]
    text = "\n".join(words)
    assert view_text(view["phase_label"], "cs") in words
    assert "Tým A" in text and "Tým B" in text
    assert "Červený · klan" in text
    for s in view["seats"]:
        assert f"ruka {s['hand']} · balíček {s['deck']} · jednotky {s['on_map']}" in words
        for res in ("food", "wood", "lore"):
            assert str(s["res"][res]) in words
    if any(s["passed"] for s in view["seats"]):
        assert any("pasoval" in w for w in words)
    assert not any("northgard." in w for w in words)  # no key without a Czech text


def test_the_passed_mark_and_the_first_player_are_shown(finished: dict[str, Any]) -> None:
    view = dict(finished)
    view["seats"] = [dict(s, passed=s["seat"] == 1) for s in finished["seats"]]
    view["first"] = 2
    _, calls = _render(view, "en")
    words = [w for w, _ in calls]
    assert words.count("passed") == 1 and words.count("first player") == 1


def test_every_letter_on_the_map_is_in_the_legend(finished: dict[str, Any]) -> None:
    built = {k for t in finished["territories"] for _, k in t["buildings"]}
    kinds = {board.data().monsters[m].kind for t in finished["territories"] for m in t["monsters"]}
    kaija = any(t["kaija"] >= 0 for t in finished["territories"])
    assert built and kinds and kaija, "the finished game should show buildings, monsters, Kaija"
    for locale in ("en", "cs"):
        _, calls = _render(finished, locale)
        words = [w for w, _ in calls]
        panel = " ".join(words)  # wrapped panel lines join back with spaces
        marks = [(k, f"northgard.building.{k}") for k in built] + [
            (k, f"northgard.board.kind.{k}") for k in kinds] + [
            ("kaija", "northgard.board.kind.kaija")]
        for kind, name_key in marks:
            letter = board._text(locale, f"northgard.board.mark.{kind}")
            assert letter in words
            assert f"{letter} {board._text(locale, name_key)}" in panel


def test_fame_is_not_drawn() -> None:
    st = _play({}, 3, 4, moves=120)
    seat = 0
    other = RULES.perturb_hidden(st, seat, Rng(1))
    assert other is not None and RULES.view(other, seat) != RULES.view(st, seat)
    assert board.render(RULES.view(st, None), "cs") == board.render(RULES.view(other, None), "cs")

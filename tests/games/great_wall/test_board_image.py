"""The Great Wall board image at the size Discord shows it (issue #26): a landscape image whose
every word stays legible once shrunk into the chat box, no label drawn over another (the
renderer's recorded boxes); Horde cards by name (never an id), every clan by its player's name
in its colour with its Honor, whom the game waits for and why, the winner and the standings
the result posts at the end, and every mark explained (on the image as far as room allows,
all of them in the text under it)."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from bot.games.great_wall import render as board
from bot.games.great_wall.board_text import board_text_embed
from bot.render.kit import CHAT_MIN_PX, chat_scale, problems, with_names
from rules.great_wall import RULES
from rules.rng import Rng
from tests.drawn_text import drawn_text


def _play(n: int, seed: int, moves: int | None = None, **config: Any) -> Any:
    st = RULES.new_game(RULES.check_config(config, n), n, seed)
    rng = Rng(seed + 11)
    done = 0
    while RULES.result(st) is None and (moves is None or done < moves):
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
        done += 1
    return st


@pytest.fixture(scope="module")
def finished_state() -> Any:
    return _play(3, 5)


def _legible(view: dict[str, Any], locale: str) -> list[str]:
    with drawn_text() as calls:
        sheet = board.draw(view, locale)
    scale = chat_scale(sheet.width, sheet.height)
    found = problems(sheet)
    found += [f"{c.text!r} at {c.size * scale:.1f} px" for c in calls
              if c.size * scale < CHAT_MIN_PX - 1e-6]
    return found


def _views() -> list[dict[str, Any]]:
    """Views over the course of games of every mode and size."""
    out = []
    for n, seed, config in ((1, 2, {}), (2, 3, {}), (3, 4, {}), (4, 6, {}),
                            (3, 7, {"mode": "coop"})):
        for moves in (0, 60, 200, None):
            out.append(RULES.view(_play(n, seed, moves, **config), None))
    return out


def test_the_board_is_landscape_for_the_chat_box(finished_state: Any) -> None:
    img = Image.open(io.BytesIO(board.render(RULES.view(finished_state, None), "en")))
    assert img.width / img.height == pytest.approx(4 / 3)


def test_boards_over_whole_games_are_legible_with_no_label_over_another() -> None:
    for view in _views():
        for locale in ("en", "cs"):
            assert _legible(view, locale) == [], (view["year"], view["season"], locale)


def test_horde_cards_are_named_never_shown_by_id() -> None:
    view = RULES.view(_play(3, 4, 60), None)
    words = [b.label for b in board.draw(view, "en").layout.labels()]
    cards = [c for s in view["sections"] for c in s["hordes"]]
    assert cards
    for card in cards:
        name = board.text("en", f"great_wall.card.{card['id']}")
        assert any(w == name or (w.endswith("…") and name.startswith(w[:-1])) for w in words)
        assert f"⚔{card['offence']}" in words
    assert not any(card["id"] in w for w in words for card in cards)


def test_clans_are_named_in_their_colour_with_their_honor_and_the_awaited_one() -> None:
    view = with_names(RULES.view(_play(3, 4, 60), None), {0: "Ann", 1: "Bo", 2: "Cy"})
    words = [b.label for b in board.draw(view, "en").layout.labels()]
    for c, name in zip(view["clans"], ("Ann (Yellow)", "Bo (Red)", "Cy (Blue)"), strict=True):
        assert words[words.index(name) - 1] == str(c["honor"])  # the row's score
    awaited = view["decision"]["awaiting"]
    assert awaited
    text = " ".join(words)
    if len(awaited) < 3:
        assert "Waiting for " + ", ".join(board.clan_name(view, c, "en") for c in awaited) in text
    else:
        assert "Waiting for every player" in text
    assert board.text("en", f"great_wall.progress.{view['decision']['kind']}") in text


def test_the_automated_clans_are_on_the_board_by_name() -> None:
    view = RULES.view(_play(1, 2, 40), None)
    words = [b.label for b in board.draw(view, "cs").layout.labels()]
    assert "Cchin Tiou-Šao" in words and "Rákosový klan" in words


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_final_board_names_the_winner_and_the_posted_standings(
        finished_state: Any, locale: str) -> None:
    result = RULES.result(finished_state)
    assert result is not None and result.winners
    view = with_names(RULES.view(finished_state, None), {0: "Ann", 1: "Bo", 2: "Cy"})
    words = [b.label for b in board.draw(view, locale).layout.labels()]
    text = " ".join(words)
    assert board.clan_name(view, result.winners[0], locale) in text
    assert ("Won: " if locale == "en" else "Vítězství: ") in text
    rows = [w for w in words if w[:2] in {"1.", "2.", "3."}]
    assert rows == [f"{place}. {board.clan_name(view, c, locale)}"
                    for place, seats in enumerate(result.ranking, start=1) for c in seats]
    for row, c in zip(rows, [c for seats in result.ranking for c in seats], strict=True):
        assert words[words.index(row) - 1] == f"{result.scores[c]:g}"  # the row's score


def test_every_mark_is_explained_in_the_text_under_the_image() -> None:
    view = RULES.view(_play(3, 4, 200), None)
    for locale in ("en", "cs"):
        embed = board_text_embed(view, locale)
        legend = embed.fields[-1].value or ""
        marks = board.marks(locale)
        for key, mark in marks.items():
            word = board.text(locale, f"great_wall.unit.{key}") if key in (
                "spearman", "archer", "horseman") else \
                board.text(locale, f"great_wall.board.reward.{key}")
            assert f"{mark} {word}" in legend
        drawn = {b.label for b in board.draw(view, locale).layout.labels()}
        assert drawn & set(marks.values())


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_a_reward_that_comes_more_than_once_shows_its_amount_with_a_legend(locale: str) -> None:
    """A Horde card may print "2 gold" on a field: the field shows "2G" (as wide as it needs,
    the offence moving to the name's row when the fields take its place) and the legend
    says what the number means."""
    view = copy.deepcopy(RULES.view(_play(3, 4, 60), None))
    cards = [c for s in view["sections"] for c in s["hordes"]]
    for card in cards:
        card["amounts"] = [[3 if r == "stone" else 2 if r else 0 for r in row]
                           for row in card["rewards"]]
    with drawn_text():
        sheet = board.draw(view, locale)
    assert problems(sheet) == []
    words = [b.label for b in sheet.layout.labels()]
    marks = board.marks(locale)
    free = [(card["rewards"][r][c], card["amounts"][r][c]) for card in cards
            for r, row in enumerate(card["fields"]) for c, v in enumerate(row)
            if v is None and card["rewards"][r][c]]
    assert free
    for reward, n in free:
        assert f"{n}{marks[reward]}" in words
    assert any(w.startswith("2 × ") or w.startswith("3 × ") for w in words)  # the legend
    note = board.legend_notes(locale)
    assert any(f"2{marks['gold']}" in line for line in note)
    # Printed amounts of one draw nothing new: the standard cards look as before.
    plain = board.draw(RULES.view(_play(3, 4, 60), None), locale)
    assert not any(w[:1].isdigit() and w[1:] in marks.values()
                   for w in (b.label for b in plain.layout.labels()))


def test_the_text_under_the_image_has_the_locations_and_the_storehouse_in_words() -> None:
    view = with_names(RULES.view(_play(3, 4, 60), None), {1: "Bo"})
    embed = board_text_embed(view, "en")
    text = "\n".join(f.value or "" for f in embed.fields)
    assert "Lumber Mill" in text and "War Academy" in text
    store = view["storehouse"]
    assert f"{store['wood']} wood" in text and f"{store['chi']} chi" in text
    assert "Bo (Red)" in text


def test_the_board_shows_no_secret() -> None:
    st = _play(3, 4, 60)
    other = RULES.perturb_hidden(st, 1, Rng(3))
    assert other is not None
    assert board.render(RULES.view(st, None), "cs") == board.render(RULES.view(other, None), "cs")

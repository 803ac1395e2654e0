"""The Fort board image: every variant rendered at several points of a random game (start,
middle, end), in English and Czech — a landscape PNG sized for Discord's chat box, every text
legible there and no label drawn over another (the kit's recorded layout), byte-identical
when only a seat's secrets change (``perturb_hidden``) and when handed a seat's private view
instead of the public one; the final board shows the scores the result posts."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.games import front
from bot.games.fort import render as image
from bot.render.kit import problems, with_names
from rules.fort import RULES
from rules.fort.state import State
from rules.rng import Rng

POINTS = 4


def _cases() -> Iterator[Any]:
    for k, variant in enumerate(RULES.variants()):
        seats = sorted(variant.seats)
        n = seats[k % len(seats)]
        yield pytest.param(dict(variant.config), n, k, id=f"{variant.name}-{n}p")


def sampled(config: dict[str, Any], n: int, seed: int) -> list[State]:
    """The start, two middle points and the end of one random game."""
    state = RULES.new_game(config, n, seed)
    rng = Rng(seed + 77)
    states = [state]
    while RULES.result(state) is None:
        seat = rng.choice(sorted(RULES.awaiting(state)))
        state, _ = RULES.apply(state, seat, RULES.random_action(state, seat, rng))
        states.append(state)
    picks = [0, len(states) // 3, (2 * len(states)) // 3, len(states) - 1]
    return [states[i] for i in picks[:POINTS]]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_the_front_declares_the_renderer() -> None:
    fort = front("fort")
    assert fort is not None and fort.renderer is image.render


@pytest.mark.parametrize(("config", "n", "seed"), list(_cases()))
def test_every_variant_renders_legibly_and_leaks_nothing(config: dict[str, Any], n: int,
                                                         seed: int) -> None:
    rng = Rng(seed)
    compared = 0
    for i, state in enumerate(sampled(config, n, seed)):
        public = RULES.view(state, None)
        for locale in ("en", "cs") if i in (0, POINTS - 1) else ("en",):
            named = with_names(public, {k: f"Player {k + 1}" for k in range(n)})
            sheet = image.draw(named, locale)
            assert problems(sheet) == []
            assert sheet.layout.labels(), "no text drawn"
            img = decode(image.render(named, locale))
            assert img.format == "PNG" and (img.width, img.height) == (image.WIDTH, image.HEIGHT)
            assert img.width >= img.height * 4 / 3 - 1  # landscape, for the chat box
        png = image.render(public, "en")
        # a seat's private view draws the same image: only public fields are read
        assert image.render(RULES.view(state, i % n), "en") == png
        for seat in (i % n, (i + 1) % n):
            other = RULES.perturb_hidden(state, seat, rng)
            if other is None:
                continue
            assert image.render(RULES.view(other, None), "en") == png, (
                f"the image shows seat {seat}'s secrets")
            compared += 1
    assert compared > 0


def test_czech_labels_come_from_the_czech_catalog() -> None:
    state = RULES.new_game({"dogs": True, "cats": True}, 4, 3)
    view = RULES.view(state, None)
    assert image.render(view, "cs") != image.render(view, "en")
    assert image.render(view) == image.render(view, "en")


def test_the_game_over_image_names_the_winner() -> None:
    state = sampled({}, 2, 5)[-1]
    assert RULES.result(state) is not None
    view = RULES.view(state, None)
    assert decode(image.render(view, "cs")).width == image.WIDTH
    assert image.phase_text(view, "en") == "The game is over"
    words = [b.label for b in image.draw(view, "en").layout.labels()]
    result = RULES.result(state)
    assert result is not None
    scores = view["result"]["scores"]
    winner = result.ranking[0][0] if hasattr(result, "ranking") else view["result"]["winners"][0]
    assert any(w.startswith("Won: ") and f"— {scores[str(winner)]} VP" in w for w in words)
    # every panel shows the final score, the figure the result posts (not the track's)
    for seat, total in scores.items():
        assert f"{total} VP" in words, (seat, total, words)


def test_players_are_named_with_their_colour() -> None:
    state = RULES.new_game({}, 3, 4)
    view = with_names(RULES.view(state, None), {0: "Alice", 1: "Bob", 2: "Cecil"})
    words = [b.label for b in image.draw(view, "en").layout.labels()]
    for name in ("Alice (Red)", "Bob (Yellow)", "Cecil (Green)"):
        assert name in words

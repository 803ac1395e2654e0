"""The Fort board image: every variant rendered at several points of a random game (start,
middle, end), in English and Czech — a PNG that decodes, at the declared width, every text
legible at Discord's inline preview width (font size × 520 / width ≥ 10 px), byte-identical
when only a seat's secrets change (``perturb_hidden``) and when handed a seat's private view
instead of the public one."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.games import front
from bot.games.fort import render as image
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


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every font size the renderer asks for."""
    seen: list[int] = []
    original = image._font

    def spy(size: int, bold: bool = False) -> Any:
        seen.append(size)
        return original(size, bold)

    monkeypatch.setattr(image, "_font", spy)
    return seen


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_the_front_declares_the_renderer() -> None:
    fort = front("fort")
    assert fort is not None and fort.renderer is image.render


@pytest.mark.parametrize(("config", "n", "seed"), list(_cases()))
def test_every_variant_renders_legibly_and_leaks_nothing(config: dict[str, Any], n: int,
                                                         seed: int, sizes: list[int]) -> None:
    rng = Rng(seed)
    compared = 0
    for i, state in enumerate(sampled(config, n, seed)):
        public = RULES.view(state, None)
        for locale in ("en", "cs") if i in (0, POINTS - 1) else ("en",):
            sizes.clear()
            png = image.render(public, locale)
            img = decode(png)
            assert img.format == "PNG" and img.width == image.WIDTH
            assert 300 < img.height < image.MAX_HEIGHT
            assert sizes, "no text drawn"
            smallest = min(sizes)
            assert smallest * image.PREVIEW / img.width >= image.MIN_PX, (
                f"a {smallest}px text is {smallest * 520 / img.width:.1f}px at 520 px wide")
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


def test_czech_labels_come_from_the_czech_catalog(sizes: list[int]) -> None:
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

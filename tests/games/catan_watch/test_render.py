"""The Catan board image: valid PNGs in both modes, fast, drawn from the public view only —
two states that differ only in a seat's secrets render byte-identically."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.catan_watch.render import harbour_edges, render
from bot.render import render_board, renderer_for
from rules.catan_watch import RULES
from rules.catan_watch.board import geometry
from rules.catan_watch.data import BOARDS
from rules.catan_watch.state import State
from rules.rng import Rng

CASES = [("base", 3), ("base", 4), ("nights_watch", 3), ("nights_watch", 4)]


def play(mode: str, n: int, steps: int, seed: int = 11) -> list[State]:
    """States along a random game (every 10th), ending early if the game ends."""
    state = RULES.new_game({"mode": mode}, n, seed)
    rng = Rng(seed)
    seen = [state]
    for i in range(steps):
        waiting = sorted(RULES.awaiting(state))
        if not waiting:
            break
        seat = waiting[0]
        state, _ = RULES.apply(state, seat, RULES.random_action(state, seat, rng))
        if i % 10 == 0 or RULES.view(state, None)["phase"] == "discard":
            seen.append(state)
    seen.append(state)
    return seen


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(data)) as img:
        img.verify()
    with Image.open(io.BytesIO(data)) as img:
        return img.size


def test_registered_for_the_game() -> None:
    assert renderer_for("catan_watch").__module__ == "bot.games.catan_watch.render"
    state = RULES.new_game({}, 3, 1)
    assert render_board("catan_watch", RULES.view(state, None)) == render(RULES.view(state, None))


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_renders_are_valid_pngs(mode: str, n: int) -> None:
    for state in play(mode, n, 400)[::4]:
        w, h = png_size(render(RULES.view(state, None)))
        assert 600 <= w <= 1400 and 400 <= h <= 1200


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_hidden_information_never_changes_the_image(mode: str, n: int) -> None:
    rng = Rng(5)
    checked = 0
    for state in play(mode, n, 300):
        base = render(RULES.view(state, None))
        for seat in range(n):
            other = RULES.perturb_hidden(state, seat, rng)
            if other is None:
                continue
            assert RULES.view(other, seat) != RULES.view(state, seat)  # a real difference
            assert render(RULES.view(other, None)) == base
            checked += 1
    assert checked > 10


def test_a_private_view_draws_the_same_as_the_public_one() -> None:
    """Even if handed a seat's view by mistake, nothing of "you" reaches the image."""
    state = play("base", 4, 120)[-1]
    assert render(RULES.view(state, 0)) == render(RULES.view(state, None))


def test_pending_discards_stay_off_the_image() -> None:
    for state in play("base", 4, 1500, seed=3):
        view = RULES.view(state, None)
        if view["phase"] == "discard" and state.pending_discard:
            seat = next(iter(state.pending_discard))
            other = RULES.perturb_hidden(state, seat, Rng(1))
            assert other is not None
            assert render(RULES.view(other, None)) == render(view)
            return
    pytest.fail("the seeded game must reach a committed discard; pick another seed")


@pytest.mark.parametrize("shape", sorted(BOARDS["layouts"]))
def test_harbours_are_read_back_from_the_corner_marks(shape: str) -> None:
    mode = "base" if shape.startswith("base") else "nights_watch"
    n = 3 if shape.endswith("_3") else 4
    view = RULES.view(RULES.new_game({"mode": mode}, n, 1), None)
    assert view["board"]["shape"] == shape
    geo = geometry(shape)
    spec = BOARDS["layouts"][shape]
    starts = [sum(len(r) for r in spec["rows"][:i]) for i in range(len(spec["rows"]))]
    truth = set()
    for h in spec["harbours"]["list"]:
        hx = starts[h["hex"][0]] + h["hex"][1]
        a, b = geo.edge_vertices[geo.side_edge[(hx, h["side"])]]
        truth.add((min(a, b), max(a, b)))
    assert {(min(a, b), max(a, b)) for a, b, _k in harbour_edges(view["board"])} == truth


@pytest.mark.parametrize(("mode", "n"), [("base", 4), ("nights_watch", 4)])
def test_render_of_a_late_board_is_a_png_and_repeatable(mode: str, n: int) -> None:
    # Speed is measured in bench/render_bench.py, not asserted here.
    view: dict[str, Any] = RULES.view(play(mode, n, 200)[-1], None)
    first = render(view)
    assert first[:8] == b"\x89PNG\r\n\x1a\n" and render(view) == first

"""Every game's board stays legible in Discord's inline preview (issue #14).

Discord shows an attached image about 520 px wide. Each renderer draws a new game's board and
one well into a random game; every piece of text it draws (recorded at Pillow's
``ImageDraw.text``) must then be at least ``MIN_PX`` tall at that width — the font's size
times the scale from the image's width to the preview's. A game whose image is an overview
that is meant to be opened (tapped) rather than read inline declares the words that must be
legible anyway in ``GameFront.extras["legible"]``: a predicate on the text drawn; the rest
of its words are then only required to be legible in the opened image (at full size)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

from bot.games import front
from bot.render import Images, as_images
from rules import registry
from rules.base import Action
from rules.rng import Rng
from tests.drawn_text import drawn_text

PREVIEW_WIDTH = 520
MIN_PX = 10
#: Smallest text anywhere, read at full size once the image is opened.
MIN_FULL_PX = 11
MOVES_INTO_THE_GAME = 150




def games_with_a_renderer() -> list[str]:
    return [g for g in sorted(registry.games()) if (f := front(g)) and f.renderer is not None]


def views(game_id: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """A new game's public view and one ``MOVES_INTO_THE_GAME`` random moves later, for each
    declared variant at its largest seat count."""
    rules = registry.get(game_id)
    for variant in rules.variants():
        n = max(variant.seats)
        state = rules.new_game(variant.config, n, 7)
        yield f"{variant.name} {n}p start", rules.view(state, None)
        rng = Rng(3)
        for _ in range(MOVES_INTO_THE_GAME):
            awaited = sorted(rules.awaiting(state))
            if not awaited or rules.result(state) is not None:
                break
            seat = awaited[0]
            action: Action = rules.random_action(state, seat, rng)
            state, _ = rules.apply(state, seat, action)
        yield f"{variant.name} {n}p later", rules.view(state, None)


def _render(renderer: Callable[..., Images], view: dict[str, Any], locale: str
            ) -> tuple[int, list[tuple[str, float]]]:
    """The widest of the renderer's images and every text it drew (a board in parts is
    held to the widest part's scale)."""
    _clear_caches()
    with drawn_text() as calls:
        pngs = as_images(renderer(view, locale))
    width = max(Image.open(io.BytesIO(png)).width for png in pngs)
    return width, [(d.text, d.size) for d in calls if d.text.strip()]


def _clear_caches() -> None:
    """Renderers keep static layers (names, frames) per process: drop them so that their
    text is drawn — and recorded — again."""
    import functools
    import gc

    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper):  # type: ignore[attr-defined]
            module = getattr(obj, "__module__", "") or ""
            if module.startswith("bot.games.") or module.startswith("bot.render"):
                obj.cache_clear()


@pytest.mark.parametrize("game_id", games_with_a_renderer())
@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_board_reads_at_discords_preview_width(game_id: str, locale: str) -> None:
    f = front(game_id)
    assert f is not None and f.renderer is not None
    legible: Callable[[str], bool] | None = f.extras.get("legible")
    problems: list[str] = []
    for name, view in views(game_id):
        width, calls = _render(f.renderer, view, locale)
        assert calls, f"{game_id} {name}: no text recorded (does it draw with ImageDraw.text?)"
        scale = min(1.0, PREVIEW_WIDTH / width)
        for words, size in calls:
            if size < MIN_FULL_PX:
                problems.append(f"{name}: {words!r} is {size:.0f} px even at full size")
            elif (legible is None or legible(words)) and size * scale < MIN_PX:
                problems.append(f"{name}: {words!r} is {size * scale:.1f} px at "
                                f"{PREVIEW_WIDTH} px wide (font {size:.0f} px, image {width} px)")
    assert not problems, f"{game_id} ({locale}): {len(problems)} illegible texts, e.g.\n" + \
        "\n".join(sorted(set(problems))[:15])


@pytest.mark.parametrize("game_id", games_with_a_renderer())
def test_a_czech_board_draws_no_english(game_id: str) -> None:
    """Board images speak the server's language (issue #15): a Czech image draws none of
    the words of the game's English catalog that Czech says otherwise."""
    import json

    from bot.games import front_dir

    folder = front_dir(game_id)
    assert folder is not None
    en, cs = (json.loads((folder / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("en", "cs"))
    english = {v for k, v in en.items() if isinstance(v, str) and "{" not in v
               and len(v) > 3 and cs.get(k) != v}
    f = front(game_id)
    assert f is not None and f.renderer is not None
    drawn: set[str] = set()
    for _name, view in views(game_id):
        _width, calls = _render(f.renderer, view, "cs")
        drawn |= {words for words, _size in calls}
    assert not drawn & english, sorted(drawn & english)[:40]

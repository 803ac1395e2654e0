"""Board images (Pillow), one renderer per game (its front's ``GameFront.renderer``), from the
PUBLIC view only.

Renderers never see engine state or private views, so an image cannot leak hidden
information. Rendering is CPU work: adapters call ``render_board_async`` (a worker thread)
and cache by (game, version).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.metrics import RENDER_SECONDS

#: ``(public view, locale) -> PNG``: the locale is the server's language for the image's words.
Renderer = Callable[[dict[str, Any], str | None], bytes]


_cache: OrderedDict[tuple[int, int, str | None], bytes] = OrderedDict()
_CACHE_SIZE = 256


def renderer_for(game_type: str) -> Renderer:
    """The game's renderer; games without one get the generic status card."""
    from bot.games import front

    f = front(game_type)
    if f is None or f.renderer is None:
        from bot.render import generic

        return generic.render
    return f.renderer


def render_board(game_type: str, view: dict[str, Any], locale: str | None = None) -> bytes:
    with RENDER_SECONDS.labels(game_type).time():
        return renderer_for(game_type)(view, locale)


async def render_board_async(game_id: int, version: int, game_type: str,
                             view: dict[str, Any], locale: str | None = None) -> bytes:
    """Render off the event loop, cached per (game, version, language)."""
    key = (game_id, version, locale)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    png = await asyncio.to_thread(render_board, game_type, view, locale)
    _cache[key] = png
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return png

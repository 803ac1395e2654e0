"""Board images (Pillow), one renderer per game type, from the PUBLIC view only.

Renderers never see engine state or private views, so an image cannot leak hidden
information. Rendering is CPU work: adapters call ``render_board_async`` (a worker thread)
and cache by (game, version).
"""

from __future__ import annotations

import asyncio
import importlib
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

Renderer = Callable[[dict[str, Any]], bytes]

#: game type -> module exposing ``render(view) -> PNG bytes``; games without one use generic.
RENDERER_MODULES: dict[str, str] = {"agot": "bot.render.agot"}
RENDERER_MODULES["catan_watch"] = "bot.render.catan_watch"

_cache: OrderedDict[tuple[int, int], bytes] = OrderedDict()
_CACHE_SIZE = 256


def renderer_for(game_type: str) -> Renderer:
    module = RENDERER_MODULES.get(game_type)
    if module is None:
        from bot.render import generic

        return generic.render
    fn: Renderer = importlib.import_module(module).render
    return fn


def render_board(game_type: str, view: dict[str, Any]) -> bytes:
    return renderer_for(game_type)(view)


async def render_board_async(game_id: int, version: int, game_type: str,
                             view: dict[str, Any]) -> bytes:
    """Render off the event loop, cached per (game, version)."""
    key = (game_id, version)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    png = await asyncio.to_thread(render_board, game_type, view)
    _cache[key] = png
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return png

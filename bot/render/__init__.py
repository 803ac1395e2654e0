"""Board images (Pillow), one renderer per game (its front's ``GameFront.renderer``), from the
PUBLIC view only.

Renderers never see engine state or private views, so an image cannot leak hidden
information. Rendering is CPU work: adapters call ``render_board_async`` (a worker thread)
and cache by everything an image depends on: the game type, the public view and the language.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.metrics import RENDER_SECONDS

#: What a renderer returns: one PNG, or several (a board too tall for Discord's 400x300 chat
#: box may come as parts: each is shown in its own embed's box, the first on the board's).
Images = bytes | list[bytes]
#: ``(public view, locale) -> PNG(s)``: the locale is the server's language for the words.
Renderer = Callable[[dict[str, Any], str | None], Images]


def as_images(out: Images) -> list[bytes]:
    """A renderer's output as a list of PNGs (one or more)."""
    return [out] if isinstance(out, bytes) else list(out)


_cache: OrderedDict[tuple[str, str, str | None], Images] = OrderedDict()
_CACHE_SIZE = 256


def renderer_for(game_type: str) -> Renderer:
    """The game's renderer; games without one get the generic status card."""
    from bot.games import front

    f = front(game_type)
    if f is None or f.renderer is None:
        from bot.render import generic

        return generic.render
    return f.renderer


def view_digest(view: dict[str, Any]) -> str:
    """A fingerprint of a public view (its canonical JSON)."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(data.encode(), digest_size=16).hexdigest()


def render_board(game_type: str, view: dict[str, Any], locale: str | None = None) -> Images:
    with RENDER_SECONDS.labels(game_type).time():
        return renderer_for(game_type)(view, locale)


async def render_board_async(game_id: int, version: int, game_type: str,
                             view: dict[str, Any], locale: str | None = None) -> Images:
    """Render off the event loop, cached by what the image is drawn from: the game type, the
    public view and the language (a game id and version alone are not enough: two databases —
    two tests in one process — hold different games under one id)."""
    key = (game_type, view_digest(view), locale)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    png = await asyncio.to_thread(render_board, game_type, view, locale)
    _cache[key] = png
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return png

"""One asyncio lock per game for the load → apply → commit section."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class GameLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        # Keep a strong reference for the whole section, or the weak entry could vanish
        # while another task is waiting on it.
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        async with lock:
            yield

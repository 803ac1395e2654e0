"""A front's click handlers by name: persistent items dispatch through a ``Routes`` table
instead of importing the module that handles them, so items, handlers and panels import in
one direction (panels → items → routes ← handlers) and never in a cycle."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Handler = Callable[..., Awaitable[Any]]


class Routes:
    def __init__(self, owner: str) -> None:
        self.owner = owner
        self._handlers: dict[str, Handler] = {}

    def register(self, *handlers: Handler) -> None:
        for fn in handlers:
            self._handlers[fn.__name__] = fn

    async def dispatch(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            fn = self._handlers[name]
        except KeyError:
            raise LookupError(f"{self.owner} has no click handler {name!r} (is its handler "
                              f"module imported by the front?)") from None
        return await fn(*args, **kwargs)

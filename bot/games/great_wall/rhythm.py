"""The Great Wall's unit of play on the thread: a season of a year."""

from __future__ import annotations

from typing import Any


def turn_key(view: dict[str, Any]) -> tuple[Any, Any]:
    return view.get("year"), view.get("season")

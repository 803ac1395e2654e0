"""Northgard's unit of play on the thread: a phase (set-up, actions, harvest, winter…) of a
year."""

from __future__ import annotations

from typing import Any


def turn_key(view: dict[str, Any]) -> tuple[Any, Any]:
    return view.get("year"), view.get("phase")

"""Catan's unit of play on the thread: a player's turn (the set-up placements count theirs)."""

from __future__ import annotations

from typing import Any


def turn_key(view: dict[str, Any]) -> Any:
    return view.get("turn")

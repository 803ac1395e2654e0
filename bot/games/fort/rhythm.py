"""Fort's unit of play on the thread: one leader's turn of a round (their card, the others'
follows and what it sets off)."""

from __future__ import annotations

from typing import Any


def turn_key(view: dict[str, Any]) -> tuple[Any, Any]:
    return view.get("round"), view.get("leader")

"""A game state's JSON-like parts (frames, results, configuration) copied one way: every dict
and list anew, everything else (strings, numbers, tuples) shared, since nothing edits those in
place. A state's hand-written ``copy`` uses it for the parts whose shape it does not know."""

from __future__ import annotations

from typing import Any


def deep(value: Any) -> Any:
    """Copy a JSON-like value (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [deep(v) for v in value]
    return value

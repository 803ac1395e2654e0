"""Reading simcord's answer to a click."""

from __future__ import annotations

from typing import Any


def private(result: Any) -> bool:
    """Whether only the clicker sees the answer: an ephemeral message, or their own DM (a
    panel clicked in an ephemeral answer or a DM is edited in place, so the interaction
    itself is a deferred update, not an ephemeral reply)."""
    message = result.response
    if message is None:
        return False
    return bool(message.ephemeral) or message.message.guild is None

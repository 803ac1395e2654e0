"""Rebuild a state from its action log (the log is the save file)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.base import Action, GameRules, Seat


class ReplayMismatch(Exception):
    """A replayed action produced a state whose hash differs from the one recorded."""


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    seat: Seat
    action: Action
    state_hash: str | None = None


def replay(
    rules: GameRules,
    config: Mapping[str, Any],
    n_seats: int,
    seed: int,
    log: Iterable[LoggedAction],
    *,
    start: Any | None = None,
    verify: bool = True,
) -> Any:
    """Apply ``log`` to ``start`` (default: a new game) and return the final state.

    With ``verify``, each recorded ``state_hash`` is checked as it is reached.
    """
    state = start if start is not None else rules.new_game(config, n_seats, seed)
    for entry in log:
        state, _ = rules.apply(state, entry.seat, entry.action)
        if verify and entry.state_hash is not None:
            got = rules.state_hash(state)
            if got != entry.state_hash:
                raise ReplayMismatch(
                    f"action {entry.seq}: state hash {got[:12]} != recorded {entry.state_hash[:12]}"
                )
    return state

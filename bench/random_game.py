"""One random full game of an engine, logged — the engine benches' unit of work (played in
place through ``step``, the path replay uses, or through ``apply`` with a copy per action,
as the bot plays)."""

from __future__ import annotations

from typing import Any

from rules.base import Action, GameRules
from rules.replay import LoggedAction
from rules.rng import Rng


def play(rules: GameRules, config: dict[str, Any], n: int, seed: int, copy: bool = False
         ) -> tuple[Any, list[LoggedAction]]:
    """The final state and the log of game ``seed``: ``step`` on one state (copy=False) or
    ``apply`` per action; every seat that may move is picked at random, as is its move."""
    st = rules.new_game(config, n, seed)
    rng = Rng(seed * 7919 + 13)
    log: list[LoggedAction] = []
    while rules.result(st) is None:
        seat = rng.choice(sorted(rules.awaiting(st)))
        action: Action = rules.random_action(st, seat, rng)
        if copy:
            st, _ = rules.apply(st, seat, action)
        else:
            rules.step(st, seat, action)
        log.append(LoggedAction(len(log) + 1, seat, action, None))
    return st, log

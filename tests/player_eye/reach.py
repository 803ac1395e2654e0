"""Every legal move can be made from Discord: the game's log, replayed on the engine, says
which kinds of move were offered to the player the game waited for and which were made."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.base import Action, GameRules
from storage import repo

#: A kind of move offered at this many of a player's moves and never made is unreachable.
REACH_AT_LEAST = 40


async def reach_check(table: Any, rules: GameRules, at_least: int = REACH_AT_LEAST) -> None:
    """An ``unreached`` finding on ``table`` (``table.Table``, its game played) for each kind
    of move the engine offered the awaited player at ``at_least`` moments and no press or
    command ever made: a legal move no player could reach from Discord."""
    async with table.service.engine.connect() as conn:
        game = await repo.get_game(conn, table.game_id)
        rows = await repo.actions_after(conn, table.game_id, -1)
    assert game is not None
    state = rules.new_game(game.config, game.n_seats, game.seed)
    offered: Counter[str] = Counter()
    made = {str(r.action.get("kind")) for r in rows if r.source == "player"}
    for row in rows:
        if row.source == "player":
            offered.update({a.kind for a in rules.legal_actions(state, row.seat)})
        rules.step(state, row.seat, Action.from_json(row.action))
    for kind, n in sorted(offered.items()):
        if kind not in made and n >= at_least:
            table.findings.add("unreached", f"{kind}: offered at {n} moves, never made")

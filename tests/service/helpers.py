"""Small helpers for driving the service like a table of players would."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import Outcome
from rules.canonical_json import hash_json
from storage import repo
from tests.harness import ALICE, BOB, CAROL, DAVE, NAMES, started_game

# One table-starting helper for every test: the shared harness's.
__all__ = ["ALICE", "BOB", "CAROL", "DAVE", "NAMES", "started_game", "texts"]


def texts(outcome: Outcome) -> list[str]:
    return [e.msg.render() for e in outcome.effects if hasattr(e, "msg")]


def database_url(engine: AsyncEngine) -> str:
    return engine.url.render_as_string(hide_password=False)


async def stored(engine: AsyncEngine, gid: int) -> tuple[int, str, int]:
    """What the database holds for a game: version, state hash, number of log rows."""
    async with engine.connect() as conn:
        game = await repo.get_game(conn, gid)
        rows = await repo.actions_after(conn, gid, 0)
    assert game is not None
    return game.version, hash_json(game.state), len(rows)

"""Per-server statistics: the reads they are computed from (finished games with their seats,
move times) and the stored figures (``ratings``), which are written when a game finishes and
can always be recomputed from those reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from storage.models import ActionRow, Game, Rating, Seat

G, S, A, R = Game.__table__, Seat.__table__, ActionRow.__table__, Rating.__table__
#: The ``ratings.game_type`` of the figures over every game of a server.
ALL_GAMES = ""


@dataclass(frozen=True)
class FinishedGame:
    game_id: int
    game_type: str
    finished_at: datetime | None
    result: dict[str, Any]
    seats: dict[int, tuple[int | None, str]]  # seat -> (user id, name)
    #: seats an AI player took at the table's creation or in its lobby (unrated games)
    bots: frozenset[int] = frozenset()


async def finished_games(conn: AsyncConnection, guild_id: int, game_type: str | None = None
                         ) -> list[FinishedGame]:
    cond = and_(G.c.guild_id == guild_id, G.c.status == "finished")
    if game_type is not None:
        cond = and_(cond, G.c.game_type == game_type)
    rows = (await conn.execute(select(G.c.id, G.c.game_type, G.c.finished_at, G.c.result)
                               .where(cond).order_by(G.c.finished_at, G.c.id))).all()
    ids = [int(r[0]) for r in rows]
    seats: dict[int, dict[int, tuple[int | None, str]]] = {i: {} for i in ids}
    bots: dict[int, set[int]] = {i: set() for i in ids}
    if ids:
        for r in (await conn.execute(select(S.c.game_id, S.c.seat, S.c.user_id,
                                            S.c.display_name, S.c.bot)
                                     .where(S.c.game_id.in_(ids)))):
            seats[int(r[0])][int(r[1])] = (r[2], str(r[3]))
            if r[4] and r[2] is None:
                bots[int(r[0])].add(int(r[1]))
    return [FinishedGame(int(r[0]), str(r[1]), r[2], dict(r[3] or {}), seats[int(r[0])],
                         frozenset(bots[int(r[0])])) for r in rows]


async def move_times(conn: AsyncConnection, game_ids: list[int]
                     ) -> list[tuple[int, int, str, datetime]]:
    """(game, seat, source, created_at) of every logged move of these games, in order."""
    if not game_ids:
        return []
    q = (select(A.c.game_id, A.c.seat, A.c.source, A.c.created_at)
         .where(A.c.game_id.in_(game_ids)).order_by(A.c.game_id, A.c.seq))
    return [(int(r[0]), int(r[1]), str(r[2]), r[3]) for r in (await conn.execute(q))]


async def deadline_moves(conn: AsyncConnection, game_id: int) -> dict[int, int]:
    """Seat -> how many of its moves the bot made at a deadline in this game."""
    q = (select(A.c.seat, func.count()).where(and_(A.c.game_id == game_id,
                                                   A.c.source == "deadline"))
         .group_by(A.c.seat))
    return {int(r[0]): int(r[1]) for r in (await conn.execute(q))}


async def has_finished(conn: AsyncConnection, guild_id: int, game_type: str | None = None
                       ) -> bool:
    cond = and_(G.c.guild_id == guild_id, G.c.status == "finished")
    if game_type is not None:
        cond = and_(cond, G.c.game_type == game_type)
    return (await conn.execute(select(G.c.id).where(cond).limit(1))).first() is not None


async def finished_scopes(conn: AsyncConnection) -> list[tuple[int, str]]:
    """(guild, game type) of every server and game with a finished game."""
    q = (select(G.c.guild_id, G.c.game_type).where(G.c.status == "finished")
         .where(G.c.guild_id.is_not(None)).group_by(G.c.guild_id, G.c.game_type)
         .order_by(G.c.guild_id, G.c.game_type))
    return [(int(r[0]), str(r[1])) for r in (await conn.execute(q))]


async def stored_ratings(conn: AsyncConnection, guild_id: int, game_type: str
                         ) -> list[dict[str, Any]]:
    q = select(R).where(and_(R.c.guild_id == guild_id, R.c.game_type == game_type))
    return [dict(r) for r in (await conn.execute(q)).mappings()]


async def replace_ratings(conn: AsyncConnection, guild_id: int, game_type: str,
                          rows: list[dict[str, Any]]) -> None:
    """The server's figures for one game (or ``ALL_GAMES``), replaced as a whole."""
    await conn.execute(delete(R).where(and_(R.c.guild_id == guild_id,
                                            R.c.game_type == game_type)))
    if rows:
        await conn.execute(insert(R), [{**r, "guild_id": guild_id, "game_type": game_type}
                                       for r in rows])

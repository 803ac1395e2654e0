"""Two read-only look-ups the adapter needs and the service does not offer (yet): which game
a thread belongs to, and which lobbies are open in a guild. Kept here, clearly separate, so
the service can absorb them later (``service.game_for_thread`` / ``service.open_lobbies``)."""

from __future__ import annotations

from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.models import Game

G = Game.__table__


async def game_for_channel(engine: AsyncEngine, channel_id: int) -> int | None:
    """The newest unfinished game whose thread is ``channel_id``."""
    q = (select(G.c.id).where(and_(G.c.thread_id == channel_id,
                                   G.c.status.in_(["lobby", "starting", "active"])))
         .order_by(G.c.id.desc()).limit(1))
    async with engine.connect() as conn:
        found = (await conn.execute(q)).scalar_one_or_none()
    return int(found) if found is not None else None


async def open_lobbies(engine: AsyncEngine, guild_id: int, limit: int = 25
                       ) -> list[tuple[int, str, str]]:
    """(game id, title, game type) of lobbies open for joining in a guild, newest first."""
    q = (select(G.c.id, G.c.title, G.c.game_type)
         .where(and_(G.c.guild_id == guild_id, G.c.status == "lobby"))
         .order_by(G.c.id.desc()).limit(limit))
    async with engine.connect() as conn:
        rows = (await conn.execute(q)).all()
    return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]


async def board_message_of(engine: AsyncEngine, game_id: int) -> int | None:
    async with engine.connect() as conn:
        found = (await conn.execute(select(G.c.board_message_id).where(G.c.id == game_id))
                 ).scalar_one_or_none()
    return int(found) if found is not None else None

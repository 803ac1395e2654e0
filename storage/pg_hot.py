"""The move's hot path on PostgreSQL: a head load and a group commit straight through asyncpg.

Through SQLAlchemy every statement is built, adapted and executed in a greenlet, and every
checkout pings the server first. Here the same statements, compiled once by SQLAlchemy for the
asyncpg dialect (values through its own bind and result processors, JSON through the same
codec SQLAlchemy registers), run on a small asyncpg pool of the hot path's own: prepared once
per connection, one round trip each. Everything else stays on SQLAlchemy.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import IntegrityError, OperationalError

from storage import jsoncol
from storage.batch import Step
from storage.hot import Compiled, HeadParts, Statements
from storage.repo import VersionConflict

#: Connections of the hot path's pool per process (besides SQLAlchemy's own pool).
POOL_SIZE = 8


async def _codecs(conn: asyncpg.Connection) -> None:
    """JSON as SQLAlchemy's asyncpg dialect sets it up (with the engine's deserializer,
    ``storage.jsoncol``): text in, decoded on the way out."""
    await conn.set_type_codec("json", encoder=str.encode,
                              decoder=jsoncol.loads,
                              schema="pg_catalog", format="binary")
    await conn.set_type_codec("jsonb", encoder=lambda s: b"\x01" + s.encode(),
                              decoder=lambda b: jsoncol.loads(b[1:]),
                              schema="pg_catalog", format="binary")


class PgHotPath:
    def __init__(self, url: URL, dialect: Dialect) -> None:
        self.sql = Statements(dialect)
        self._dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._pool: asyncpg.Pool | None = None
        self._opening: asyncio.Lock | None = None

    async def _get_pool(self) -> asyncpg.Pool:
        if self._pool is not None:
            return self._pool
        # The first moves after a start arrive together: one of them opens the pool and the
        # others wait for it (each opening its own left pools and their connections behind).
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._pool is None:
                try:
                    self._pool = await asyncpg.create_pool(self._dsn, min_size=1,
                                                           max_size=POOL_SIZE, init=_codecs)
                except (OSError, asyncpg.PostgresError) as exc:
                    raise OperationalError("connect", None, exc) from None
        return self._pool

    async def load_head(self, game_id: int) -> HeadParts:
        args = self.sql.game.args({"gid": game_id})
        pool = await self._get_pool()
        for attempt in (1, 2):  # a read is safe to repeat on a fresh connection
            try:
                async with pool.acquire() as conn, conn.transaction(readonly=True):
                    row = await conn.fetchrow(self.sql.game.sql, *args)
                    rows = await conn.fetch(self.sql.seats.sql, *args) if row else []
                break
            except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError) as exc:
                if attempt == 2:
                    raise OperationalError("load", None, exc) from None
        return self.sql.head(tuple(row) if row else None, (tuple(r) for r in rows))

    async def next_deadline(self, game_id: int) -> Any:
        pool = await self._get_pool()
        row = await pool.fetchrow(self.sql.due.sql, *self.sql.due.args({"_g": game_id}))
        return self.sql.due.first(tuple(row) if row else None)

    async def run(self, steps: list[Step]) -> None:
        """Run ``steps`` in one transaction; raises VersionConflict, SQLAlchemy's
        IntegrityError (a unique key: a retried interaction) or OperationalError."""
        prepared = [(self.sql.of(step.stmt), step) for step in steps]
        pool = await self._get_pool()
        try:
            async with pool.acquire() as conn, conn.transaction():
                for compiled, step in prepared:
                    await self._step(conn, compiled, step)
        except asyncpg.UniqueViolationError as exc:
            raise IntegrityError("batch", None, exc) from None
        except (OSError, asyncpg.PostgresConnectionError,
                asyncpg.InterfaceError, asyncpg.DiskFullError) as exc:
            raise OperationalError("batch", None, exc) from None

    async def _step(self, conn: asyncpg.Connection, compiled: Compiled, step: Step) -> None:
        args = [compiled.args(row) for row in step.rows]
        if step.query:
            rows = [await conn.fetchrow(compiled.sql, *a) for a in args]
            step.results = [compiled.first(tuple(r) if r else None) for r in rows]
        elif step.conflict is not None:
            # executemany reports no row counts: the version check needs each one.
            for a, gid in zip(args, step.conflict, strict=True):
                status = await conn.execute(compiled.sql, *a)
                if not status.endswith(" 1"):
                    raise VersionConflict(gid)
        else:
            await conn.executemany(compiled.sql, args)

    def close(self, wait: bool = True) -> None:
        """Drop the pool's connections (a later call opens a new pool)."""
        pool, self._pool = self._pool, None
        self._opening = None  # a later pool may be opened from another event loop
        if pool is not None:
            pool.terminate()



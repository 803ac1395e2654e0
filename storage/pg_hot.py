"""The move's hot path on PostgreSQL: a head load and a group commit straight through asyncpg.

Through SQLAlchemy every statement is built, adapted and executed in a greenlet, and every
checkout pings the server first. Here the same statements, compiled once by SQLAlchemy for the
asyncpg dialect (values through its own bind and result processors, JSON through the same
codec SQLAlchemy registers), run on a small asyncpg pool of the hot path's own: prepared once
per connection, one round trip each. Everything else stays on SQLAlchemy.
"""

from __future__ import annotations

import json
from typing import Any

import asyncpg
from sqlalchemy import and_, bindparam, func, select
from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.sql import Executable

from storage.batch import Step
from storage.hot import Compiled, _typed, compile_for, readers
from storage.models import Deadline, Game, Seat, UserSettings
from storage.repo import VersionConflict, from_row

G = Game.__table__
S = Seat.__table__
U = UserSettings.__table__
D = Deadline.__table__

#: Connections of the hot path's pool per process (besides SQLAlchemy's own pool).
POOL_SIZE = 8


async def _codecs(conn: asyncpg.Connection) -> None:
    """JSON as SQLAlchemy's asyncpg dialect sets it up: text in, decoded on the way out."""
    await conn.set_type_codec("json", encoder=str.encode,
                              decoder=lambda b: json.loads(b.decode()),
                              schema="pg_catalog", format="binary")
    await conn.set_type_codec("jsonb", encoder=lambda s: b"\x01" + s.encode(),
                              decoder=lambda b: json.loads(b[1:].decode()),
                              schema="pg_catalog", format="binary")


class PgHotPath:
    def __init__(self, url: URL, dialect: Dialect) -> None:
        self.dialect = dialect
        self._dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._pool: asyncpg.Pool | None = None
        self._compiled: dict[int, tuple[Executable, Compiled]] = {}
        game = select(G).where(G.c.id == bindparam("gid"))
        user_cols = [c.label(f"u_{c.name}") for c in U.c]
        seats = (select(*S.c, *user_cols).select_from(S.outerjoin(U, U.c.user_id == S.c.user_id))
                 .where(S.c.game_id == bindparam("gid")).order_by(S.c.seat))
        due = select(func.min(D.c.due_at)).where(and_(D.c.game_id == bindparam("gid"),
                                                      D.c.kind == "deadline"))
        self._game_sql = compile_for(game, dialect)
        self._seats_sql = compile_for(seats, dialect)
        self._due_sql = compile_for(due, dialect)
        self._game_cols = readers(G.c, dialect)
        self._seat_cols = readers(S.c, dialect)
        self._user_cols = readers(U.c, dialect)
        self._due_col = readers([D.c.due_at], dialect)

    async def _get_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            try:
                self._pool = await asyncpg.create_pool(self._dsn, min_size=1,
                                                       max_size=POOL_SIZE, init=_codecs)
            except (OSError, asyncpg.PostgresError) as exc:
                raise OperationalError("connect", None, exc) from None
        return self._pool

    def _prepared(self, stmt: Executable) -> Compiled:
        hit = self._compiled.get(id(stmt))
        if hit is None or hit[0] is not stmt:
            hit = self._compiled[id(stmt)] = (stmt, compile_for(stmt, self.dialect))
        return hit[1]

    async def load_head(self, game_id: int
                        ) -> tuple[Game | None, list[Seat], dict[int, UserSettings]]:
        args = self._game_sql.args({"gid": game_id})
        pool = await self._get_pool()
        for attempt in (1, 2):  # a read is safe to repeat on a fresh connection
            try:
                async with pool.acquire() as conn, conn.transaction(readonly=True):
                    row = await conn.fetchrow(self._game_sql.sql, *args)
                    rows = await conn.fetch(self._seats_sql.sql, *args) if row else []
                break
            except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError) as exc:
                if attempt == 2:
                    raise OperationalError("load", None, exc) from None
        if row is None:
            return None, [], {}
        game = from_row(Game, _typed(tuple(row), self._game_cols))
        n = len(self._seat_cols)
        seats: list[Seat] = []
        prefs: dict[int, UserSettings] = {}
        for r in rows:
            values = tuple(r)
            seats.append(from_row(Seat, _typed(values[:n], self._seat_cols)))
            if values[n] is not None:
                user = _typed(values[n:], self._user_cols)
                prefs[user["user_id"]] = from_row(UserSettings, user)
        return game, seats, prefs

    async def next_deadline(self, game_id: int) -> Any:
        pool = await self._get_pool()
        row = await pool.fetchrow(self._due_sql.sql, *self._due_sql.args({"gid": game_id}))
        return _typed(tuple(row), self._due_col)["due_at"] if row else None

    async def run(self, steps: list[Step]) -> None:
        """Run ``steps`` in one transaction; raises VersionConflict, SQLAlchemy's
        IntegrityError (a unique key: a retried interaction) or OperationalError."""
        prepared = [(self._prepared(step.stmt), step) for step in steps]
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
            step.results = [None if r is None else _typed(tuple(r), self._due_col)["due_at"]
                            for r in rows]
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
        if pool is not None:
            pool.terminate()



"""The move's hot path on PostgreSQL: a head load and a group commit straight through asyncpg.

Through SQLAlchemy every statement is built, adapted and executed in a greenlet, and every
checkout pings the server first. Here the same statements, compiled once by SQLAlchemy for the
asyncpg dialect (values through its own bind and result processors, JSON through the same
codec SQLAlchemy registers), run on a small asyncpg pool of the hot path's own: prepared once
per connection, one round trip each. Everything else stays on SQLAlchemy.

Round trips are what a move costs here (each ~60 µs of the bot's CPU and ~35 µs of the
server's, measured by the service bench), so a head is one statement (the seats come as an
array of records with the game's row) and a batch takes as few as its statements allow:
the games' version-checked updates are one ``UPDATE … FROM unnest(…) RETURNING`` per column
set instead of one statement per game, the games' next deadlines one grouped query instead of
one per game, and a connection goes back to the pool without asyncpg's reset query (nothing
here changes a session: no SET, LISTEN, cursor or advisory lock).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import asyncpg
from sqlalchemy import ARRAY, Integer, any_, bindparam, func, select, true
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import IntegrityError, OperationalError

from storage import jsoncol
from storage.batch import Step
from storage.hot import Compiled, HeadParts, Statements, compile_for
from storage.models import Deadline, Game, Seat, UserSettings
from storage.repo import NEXT_DEADLINE, VersionConflict

G = Game.__table__
D = Deadline.__table__
S = Seat.__table__
U = UserSettings.__table__

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


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """The pool's reset: asyncpg still rolls back a transaction left open; the reset query it
    would send (a round trip on every release) undoes session changes this path never makes."""


#: A seat's player's settings, looked up by key for each seat. The LIMIT (the key is unique)
#: keeps the planner from turning the lookup into a join over the whole table, which it did
#: whenever the tables had no statistics (never analyzed: autovacuum off), at ~1.3 ms of server
#: CPU a head.
_SETTINGS = select(U).where(U.c.user_id == S.c.user_id).limit(1).lateral("u")
#: A head in one read: the game's row and, as an array of records in seat order, its seats
#: with their players' settings (the columns of ``Statements.seats``, in its order).
HEAD = select(*G.c, select(func.array_agg(aggregate_order_by(func.row(*S.c, *_SETTINGS.c),
                                                             S.c.seat)))
              .select_from(S.outerjoin(_SETTINGS, true()))
              .where(S.c.game_id == G.c.id).scalar_subquery().label("seat_rows")
              ).where(G.c.id == bindparam("gid"))

#: The next deadlines of a batch's games: ``NEXT_DEADLINE`` for many games in one query.
NEXT_DEADLINES = (select(D.c.game_id, func.min(D.c.due_at))
                  .where(D.c.game_id == any_(bindparam("_gs", type_=ARRAY(Integer))),
                         D.c.kind == "deadline")
                  .group_by(D.c.game_id))


@dataclass(frozen=True)
class _UpdateMany:
    """A batch's version-checked game updates of one column set as one statement: the rows'
    values as arrays, unnested into a table the update joins; the ids it returns are the games
    whose version matched."""

    sql: str
    names: tuple[str, ...]  # the single-row statement's parameters, in the arrays' order

    @classmethod
    def of(cls, one: Compiled, dialect: Dialect) -> _UpdateMany:
        quote = dialect.identifier_preparer.quote
        names = tuple(name for name, _, _ in one.params)
        columns = [n for n in names if n not in ("_gid", "_old")]
        types = {n: G.c[n].type.compile(dialect=dialect) for n in columns}
        types["_gid"] = types["_old"] = "INTEGER"
        arrays = ", ".join(f"${i}::{types[n]}[]" for i, n in enumerate(names, 1))
        sql = (f"UPDATE games SET {', '.join(f'{quote(n)} = v.{quote(n)}' for n in columns)} "
               f"FROM unnest({arrays}) AS v({', '.join(quote(n) for n in names)}) "
               f"WHERE games.id = v._gid AND games.version = v._old RETURNING games.id")
        return cls(sql, names)


class PgHotPath:
    def __init__(self, url: URL, dialect: Dialect) -> None:
        self.sql = Statements(dialect)
        self._dialect = dialect
        self._head = compile_for(HEAD, dialect)
        self._next = compile_for(NEXT_DEADLINES, dialect)
        self._due = self._next.reads[1][1]  # due_at as SQLAlchemy reads it
        self._update_many: dict[str, _UpdateMany] = {}
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
                    self._pool = await asyncpg.create_pool(
                        self._dsn, min_size=1, max_size=POOL_SIZE, init=_codecs,
                        reset=_nothing_to_reset)
                except (OSError, asyncpg.PostgresError) as exc:
                    raise OperationalError("connect", None, exc) from None
        return self._pool

    async def load_head(self, game_id: int) -> HeadParts:
        """A game's row, its seats and their players' settings: one statement, one snapshot,
        one round trip."""
        args = self._head.args({"gid": game_id})
        pool = await self._get_pool()
        for attempt in (1, 2):  # a read is safe to repeat on a fresh connection
            try:
                async with pool.acquire() as conn:
                    row = await conn.fetchrow(self._head.sql, *args)
                break
            except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError) as exc:
                if attempt == 2:
                    raise OperationalError("load", None, exc) from None
        if row is None:
            return self.sql.head(None, ())
        *game, seats = tuple(row)
        return self.sql.head(game, seats or ())

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
        if step.stmt is NEXT_DEADLINE:
            gids = [row["_g"] for row in step.rows]
            found = dict(await conn.fetch(self._next.sql, *self._next.args({"_gs": gids})))
            due = self._due or (lambda value: value)
            step.results = [None if (d := found.get(g)) is None else due(d) for g in gids]
        elif step.query:
            rows = [await conn.fetchrow(compiled.sql, *compiled.args(r)) for r in step.rows]
            step.results = [compiled.first(tuple(r) if r else None) for r in rows]
        elif step.conflict is not None:  # only the games' updates carry a version check
            many = self._update_many.get(compiled.sql)
            if many is None:
                many = self._update_many[compiled.sql] = _UpdateMany.of(compiled, self._dialect)
            columns: list[list[Any]] = [[] for _ in many.names]
            for row in step.rows:
                for column, value in zip(columns, compiled.args(row), strict=True):
                    column.append(value)
            updated = [r[0] for r in await conn.fetch(many.sql, *columns)]
            if len(updated) != len(step.conflict):  # a stale version (or one game twice)
                missing = set(step.conflict).difference(updated)
                raise VersionConflict(min(missing) if missing else step.conflict[0])
        else:
            await conn.executemany(compiled.sql, [compiled.args(row) for row in step.rows])

    def close(self, wait: bool = True) -> None:
        """Drop the pool's connections (a later call opens a new pool)."""
        pool, self._pool = self._pool, None
        self._opening = None  # a later pool may be opened from another event loop
        if pool is not None:
            pool.terminate()



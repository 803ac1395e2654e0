"""The move's hot path on PostgreSQL: a head load and a group commit straight through asyncpg.

Through SQLAlchemy every statement is built, adapted and executed in a greenlet, and every
checkout pings the server first. Here the same statements, compiled once by SQLAlchemy for the
asyncpg dialect (values through its own bind and result processors, JSON through the same
codec SQLAlchemy registers), run on a small asyncpg pool of the hot path's own: prepared once
per connection, one round trip each. Everything else stays on SQLAlchemy.

Round trips are what a move costs here (each ~0.1 ms of the server's CPU and about as much of
the bot's, measured by the service bench), so a head is one statement (the seats come as an
array of records with the game's row) and a batch is as few statements as its order allows
(see ``PgHotPath.run``): each step's rows go as one array per column (``unnest``), the
games' version-checked updates return the ids they updated, and several steps share one
statement as data-modifying WITH clauses, each planned once per connection (``SESSION``). A
connection goes back to the pool without asyncpg's reset query (nothing here changes a session
after it opens: no SET, LISTEN, cursor or advisory lock).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import asyncpg
from sqlalchemy import ARRAY, Integer, any_, bindparam, func, select, true
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import IntegrityError, OperationalError

from storage import jsoncol
from storage.hot import Compiled, HeadParts, Statements, compile_for
from storage.models import D, G, S, U
from storage.repo import NEXT_DEADLINE, VersionConflict
from storage.step import Step

#: Connections of the hot path's pool per process (besides SQLAlchemy's own pool).
POOL_SIZE = 8
#: Each statement here is planned once per connection. Left to choose, PostgreSQL plans a
#: prepared statement anew on every run while the generic plan's estimate exceeds the custom
#: plans' (the batch's WITH statements and the next-deadline read, whose arrays have no known
#: length): a planning per commit, over a third of the server CPU that commits of a few moves
#: add (service bench, 2 processes × 8 players: 0.68 → 0.55 ms a move, 0.33 with 16 players in
#: one process). Every statement here finds its rows by key, which the generic plan does as
#: well as any.
SESSION = {"plan_cache_mode": "force_generic_plan"}


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


def _unnest(table: Any, names: Sequence[str], start: int, dialect: Dialect) -> str:
    """``unnest($start::T[], …)`` over the parameters ``names`` (columns of ``table``, or the
    ``_gid``/``_old`` keys of a version-checked update)."""
    types = ["INTEGER" if n in ("_gid", "_old") else table.c[n].type.compile(dialect=dialect)
             for n in names]
    return f"unnest({', '.join(f'${i}::{t}[]' for i, t in enumerate(types, start))})"


def _clause(step: Step, compiled: Compiled, start: int, dialect: Dialect) -> str:
    """The WITH clause body of one step, its parameters numbered from ``start``."""
    quote = dialect.identifier_preparer.quote
    table = step.stmt.table  # type: ignore[attr-defined]
    names = [name for name, _, _ in compiled.params]
    arrays = _unnest(table, names, start, dialect)
    if step.conflict is not None:  # the games' update: only it carries a version check
        columns = [n for n in names if n not in ("_gid", "_old")]
        return (f"UPDATE games SET {', '.join(f'{quote(n)} = v.{quote(n)}' for n in columns)} "
                f"FROM {arrays} AS v({', '.join(quote(n) for n in names)}) "
                f"WHERE games.id = v._gid AND games.version = v._old RETURNING games.id")
    returning = " RETURNING game_id, kind, due_at" if table is D else ""
    return (f"INSERT INTO {quote(table.name)} ({', '.join(quote(n) for n in names)}) "
            f"SELECT * FROM {arrays}{returning}")


def _mergeable(step: Step) -> bool:
    """Inserts (their parameters are their columns) and the games' version-checked updates."""
    stmt: Any = step.stmt
    if step.query or not getattr(stmt, "is_dml", False):
        return False
    return bool(stmt.is_insert or (stmt.is_update and step.conflict is not None))


def _columns(compiled: Compiled, rows: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """The rows' values as SQLAlchemy binds them, one list per parameter."""
    columns: list[list[Any]] = [[] for _ in compiled.params]
    for row in rows:
        for column, value in zip(columns, compiled.args(row), strict=True):
            column.append(value)
    return columns


class PgHotPath:
    def __init__(self, url: URL, dialect: Dialect) -> None:
        self.sql = Statements(dialect)
        self._dialect = dialect
        self._head = compile_for(HEAD, dialect)
        self._next = compile_for(NEXT_DEADLINES, dialect)
        self._due = self._next.reads[1][1]  # due_at as SQLAlchemy reads it
        self._merged: dict[tuple[Any, ...], str] = {}
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
                        reset=_nothing_to_reset, server_settings=SESSION)
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
        IntegrityError (a unique key: a retried interaction) or OperationalError.

        In three statements where the plan allows: its inserts and the games' updates
        together (tables nothing else in the batch reads); then its deletes and other updates
        one by one, in order (a seat's deadlines are cleared before new ones go in: they share
        a unique key); then the deadlines' inserts together with the read of each game's next
        deadline, which adds what they insert to what it finds."""
        merged = [s for s in steps if _mergeable(s)]
        writes = [s for s in merged if s.stmt.table is not D]  # type: ignore[attr-defined]
        deadlines = [s for s in merged if s.stmt.table is D]  # type: ignore[attr-defined]
        rest = [s for s in steps if not _mergeable(s)]
        due = next((s for s in rest if s.stmt is NEXT_DEADLINE), None)
        pool = await self._get_pool()
        try:
            async with pool.acquire() as conn, conn.transaction():
                if writes:
                    await self._writes(conn, writes)
                for step in rest:
                    if step is not due:
                        await self._step(conn, self.sql.of(step.stmt), step)
                if deadlines or due is not None:
                    await self._deadlines(conn, deadlines, due)
        except asyncpg.UniqueViolationError as exc:
            raise IntegrityError("batch", None, exc) from None
        except (OSError, asyncpg.PostgresConnectionError,
                asyncpg.InterfaceError, asyncpg.DiskFullError) as exc:
            raise OperationalError("batch", None, exc) from None

    def _merge(self, steps: list[Step], kind: str, main: Callable[[list[str], int], str]
               ) -> tuple[str, list[Any]]:
        """One statement of ``steps`` (each a WITH clause) and ``main``, which is given the
        clauses' names and the number of its first own parameter; and the arguments. The
        text is kept per ``kind`` of main query and the steps' statements (a few shapes)."""
        compiled = [self.sql.of(step.stmt) for step in steps]
        key = (kind, *(c.sql for c in compiled))
        sql = self._merged.get(key)
        if sql is None:
            clauses, n = [], 1
            for i, (step, one) in enumerate(zip(steps, compiled, strict=True)):
                clauses.append(f"w{i} AS ({_clause(step, one, n, self._dialect)})")
                n += len(one.params)
            names = [f"w{i}" for i in range(len(steps))]
            sql = self._merged[key] = f"WITH {', '.join(clauses)} {main(names, n)}"
        args: list[Any] = []
        for step, one in zip(steps, compiled, strict=True):
            args += _columns(one, step.rows)
        return sql, args

    async def _writes(self, conn: asyncpg.Connection, steps: list[Step]) -> None:
        updates = [i for i, step in enumerate(steps) if step.conflict is not None]

        def updated_ids(names: list[str], _n: int) -> str:
            return " UNION ALL ".join(f"SELECT id FROM {names[i]}" for i in updates) or (
                "SELECT NULL::INTEGER WHERE false")

        sql, args = self._merge(steps, "updated ids", updated_ids)
        updated = [r[0] for r in await conn.fetch(sql, *args)]
        wanted = [gid for step in steps for gid in step.conflict or ()]
        if len(updated) != len(wanted):  # a stale version (or one game twice)
            missing = set(wanted).difference(updated)
            raise VersionConflict(min(missing) if missing else wanted[0])

    async def _deadlines(self, conn: asyncpg.Connection, steps: list[Step], due: Step | None
                         ) -> None:
        """The deadlines' inserts, and each game's next turn deadline (``NEXT_DEADLINE``'s
        question: the earliest of kind "deadline") from the rows there were and the rows
        inserted, which the statement's own read does not see."""
        gids = [row["_g"] for row in due.rows] if due is not None else []

        def next_due(names: list[str], n: int) -> str:
            if due is None:
                return "SELECT NULL WHERE false"
            inserted = "".join(f" UNION ALL SELECT game_id, due_at FROM {name} "
                               "WHERE kind = 'deadline'" for name in names)
            return ("SELECT g, min(due) FROM (SELECT game_id AS g, due_at AS due FROM "
                    f"deadlines WHERE game_id = ANY(${n}::INTEGER[]) AND kind = 'deadline'"
                    f"{inserted}) AS x GROUP BY g")

        if not steps:  # nothing inserted: the plain read
            if due is not None:
                due.results = self._dues(
                    await conn.fetch(self._next.sql, *self._next.args({"_gs": gids})), gids)
            return
        sql, args = self._merge(steps, "next due" if due is not None else "none", next_due)
        rows = await conn.fetch(sql, *args, *([gids] if due is not None else []))
        if due is not None:
            due.results = self._dues(rows, gids)

    def _dues(self, rows: Sequence[Any], gids: Sequence[int]) -> list[Any]:
        """Each game's next deadline from (game, due) rows, typed as SQLAlchemy reads it."""
        found = dict(rows)
        read = self._due or (lambda value: value)
        return [None if (d := found.get(g)) is None else read(d) for g in gids]

    async def _step(self, conn: asyncpg.Connection, compiled: Compiled, step: Step) -> None:
        if step.query:
            rows = [await conn.fetchrow(compiled.sql, *compiled.args(r)) for r in step.rows]
            step.results = [compiled.first(tuple(r) if r else None) for r in rows]
        else:
            await conn.executemany(compiled.sql, [compiled.args(row) for row in step.rows])

    def close(self, wait: bool = True) -> None:
        """Drop the pool's connections (a later call opens a new pool)."""
        pool, self._pool = self._pool, None
        self._opening = None  # a later pool may be opened from another event loop
        if pool is not None:
            pool.terminate()



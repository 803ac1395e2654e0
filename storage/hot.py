"""The move's hot path on SQLite: a head load is one thread hop, a group commit another.

Through SQLAlchemy's async adapter every statement is a hop to aiosqlite's thread and back
plus statement building, ~3 ms of CPU per move on a real game. Here the statements of the
hot path (the head's two reads, the batch's writes) are compiled once by SQLAlchemy for the
engine's dialect and run as plain ``sqlite3`` calls on connections owned by two threads (one
reads while the other commits: WAL lets them). Values pass through the dialect's own bind and
result processors, so what is stored and read back is exactly what the SQLAlchemy path
stores and reads. Everything else (the lobby, deadlines, reports) stays on SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import ColumnElement, Executable

from storage.batch import Step
from storage.models import Game, Seat, UserSettings
from storage.repo import VersionConflict, from_row

G = Game.__table__
S = Seat.__table__
U = UserSettings.__table__

T = TypeVar("T")
Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Compiled:
    """A Core statement compiled for the dialect: its SQL, and per positional parameter its
    name and bind processor."""

    sql: str
    params: tuple[tuple[str, Processor], ...]

    def args(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple(row[name] if proc is None or row[name] is None else proc(row[name])
                     for name, proc in self.params)


def compile_for(stmt: Executable, dialect: Dialect) -> Compiled:
    c = stmt.compile(dialect=dialect)  # type: ignore[attr-defined]
    names = c.positiontup or []
    return Compiled(c.string, tuple(
        (n, c.binds[n].type.dialect_impl(dialect).bind_processor(dialect)) for n in names))


def readers(columns: Iterable[ColumnElement[Any]], dialect: Dialect
            ) -> tuple[tuple[str, Processor], ...]:
    return tuple((c.name, c.type.dialect_impl(dialect).result_processor(dialect, None))
                 for c in columns)


def _typed(row: Sequence[Any], cols: tuple[tuple[str, Processor], ...]) -> dict[str, Any]:
    return {name: value if proc is None or value is None else proc(value)
            for (name, proc), value in zip(cols, row, strict=True)}


class _Worker:
    """One thread that owns one sqlite3 connection."""

    def __init__(self, name: str, opener: Callable[[], sqlite3.Connection]) -> None:
        self._opener = opener
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=name)
        self._local = threading.local()

    def conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._opener()
        return conn

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(self.conn()))

    def close(self) -> None:
        def shut() -> None:
            conn = getattr(self._local, "conn", None)
            if conn is not None:
                conn.close()
                self._local.conn = None

        self._pool.submit(shut)
        self._pool.shutdown(wait=True)


class SqliteHotPath:
    def __init__(self, path: str, pragmas: Sequence[str], dialect: Dialect) -> None:
        self.dialect = dialect
        self._path = path
        self._pragmas = tuple(pragmas)
        self._compiled: dict[int, tuple[Executable, Compiled]] = {}
        self._reader = _Worker("maester-sqlite-read", self._open)
        self._writer = _Worker("maester-sqlite-write", self._open)
        game = select(G).where(G.c.id == bindparam("gid"))
        user_cols = [c.label(f"u_{c.name}") for c in U.c]
        seats = (select(*S.c, *user_cols).select_from(S.outerjoin(U, U.c.user_id == S.c.user_id))
                 .where(S.c.game_id == bindparam("gid")).order_by(S.c.seat))
        self._game_sql = compile_for(game, dialect)
        self._seats_sql = compile_for(seats, dialect)
        self._game_cols = readers(G.c, dialect)
        self._seat_cols = readers(S.c, dialect)
        self._user_cols = readers(U.c, dialect)
        self.closed = False

    def _open(self) -> sqlite3.Connection:
        # Autocommit mode: the writer opens its transactions itself (BEGIN IMMEDIATE takes the
        # write lock up front, so a busy database waits in busy_timeout, not mid-batch).
        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        for pragma in self._pragmas:
            conn.execute(pragma)
        return conn

    def _prepared(self, stmt: Executable) -> Compiled:
        # Statements come from ``storage.batch``'s builders, which return the same object for
        # the same shape: compiled once per process.
        hit = self._compiled.get(id(stmt))
        if hit is None or hit[0] is not stmt:
            hit = self._compiled[id(stmt)] = (stmt, compile_for(stmt, self.dialect))
        return hit[1]

    # ---- reading a head ---------------------------------------------------------------------
    async def load_head(self, game_id: int
                        ) -> tuple[Game | None, list[Seat], dict[int, UserSettings]]:
        """A game's row, its seats and their players' settings: one hop, one snapshot."""
        return await self._reader.call(lambda conn: self._load(conn, game_id))

    def _load(self, conn: sqlite3.Connection, game_id: int
              ) -> tuple[Game | None, list[Seat], dict[int, UserSettings]]:
        conn.execute("BEGIN")
        try:
            row = conn.execute(self._game_sql.sql, self._game_sql.args({"gid": game_id})
                               ).fetchone()
            if row is None:
                return None, [], {}
            rows = conn.execute(self._seats_sql.sql, self._seats_sql.args({"gid": game_id})
                                ).fetchall()
        finally:
            conn.execute("COMMIT")
        game = from_row(Game, _typed(row, self._game_cols))
        n = len(self._seat_cols)
        seats: list[Seat] = []
        prefs: dict[int, UserSettings] = {}
        for r in rows:
            seats.append(from_row(Seat, _typed(r[:n], self._seat_cols)))
            if r[n] is not None:
                user = _typed(r[n:], self._user_cols)
                prefs[user["user_id"]] = from_row(UserSettings, user)
        return game, seats, prefs

    # ---- writing a batch --------------------------------------------------------------------
    async def run(self, steps: list[Step]) -> None:
        """Run ``steps`` in one transaction; raises VersionConflict, SQLAlchemy's
        IntegrityError (a unique key: a retried interaction) or sqlite3.OperationalError."""
        prepared = [(self._prepared(step.stmt), step) for step in steps]
        await self._writer.call(lambda conn: self._run(conn, prepared))

    def _run(self, conn: sqlite3.Connection, prepared: list[tuple[Compiled, Step]]) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for compiled, step in prepared:
                args = [compiled.args(row) for row in step.rows]
                try:
                    cur = conn.executemany(compiled.sql, args)
                except sqlite3.IntegrityError as exc:
                    raise IntegrityError(compiled.sql, None, exc) from None
                if step.conflict is not None and cur.rowcount != len(args):
                    raise VersionConflict(step.conflict)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._reader.close()
            self._writer.close()

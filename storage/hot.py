"""The move's hot path on SQLite: a head load is a read on the event loop's own thread, a
group commit one thread hop.

Through SQLAlchemy's async adapter every statement is a hop to aiosqlite's thread and back
plus statement building, ~3 ms of CPU per move on a real game. Here the statements of the
hot path (the head's two reads, the batch's writes) are compiled once by SQLAlchemy for the
engine's dialect and run as plain ``sqlite3`` calls. Values pass through the dialect's own bind
and result processors, so what is stored and read back is exactly what the SQLAlchemy path
stores and reads. Everything else (the lobby, deadlines, reports) stays on SQLAlchemy.

Reads run where they are asked, on a connection of the caller's thread that never waits for a
lock: a head's two indexed reads are ~20 µs of SQLite, while a hop to a reader thread cost
~0.15 ms of CPU in thread switches and GIL hand-offs and, with 16 players, made the one reader
a queue (~17 ms to wait; service bench, issue #17). WAL lets a reader read while the writer
commits; in the rare moments a read would have to wait (WAL recovery, a connection in
exclusive mode), it is sent to a reader thread that waits in the busy timeout instead of
the event loop. Commits stay on their thread: a commit may wait for the lock and for the
disk, and moves that arrive meanwhile join the next batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql import ColumnElement, Executable

from storage.models import G, Game, S, Seat, U, UserSettings
from storage.repo import NEXT_DEADLINE, VersionConflict, from_row
from storage.step import Step

T = TypeVar("T")
Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Compiled:
    """A Core statement compiled for the dialect: its SQL, per positional parameter its name,
    bind processor and the value the statement itself gives it (a literal in it), and for a
    query the result processors of the columns it selects."""

    sql: str
    params: tuple[tuple[str, Processor, Any], ...]
    reads: tuple[tuple[str, Processor], ...] = ()

    def args(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        out = []
        for name, proc, fixed in self.params:
            value = row[name] if fixed is _NONE else row.get(name, fixed)
            out.append(value if proc is None or value is None else proc(value))
        return tuple(out)

    def first(self, row: Sequence[Any] | None) -> Any:
        """A query's first column of ``row`` as SQLAlchemy types it (None: no row)."""
        if row is None:
            return None
        proc, value = self.reads[0][1], row[0]
        return value if proc is None or value is None else proc(value)


_NONE = object()


def compile_for(stmt: Executable, dialect: Dialect) -> Compiled:
    c = stmt.compile(dialect=dialect)  # type: ignore[attr-defined]
    params = []
    for name in c.positiontup or []:
        bind = c.binds[name]
        fixed = bind.effective_value if bind.value is not None or bind.callable else _NONE
        params.append((name, bind.type.dialect_impl(dialect).bind_processor(dialect), fixed))
    selected = getattr(stmt, "selected_columns", None)
    return Compiled(c.string, tuple(params), readers(selected, dialect) if selected else ())


def readers(columns: Iterable[ColumnElement[Any]], dialect: Dialect
            ) -> tuple[tuple[str, Processor], ...]:
    return tuple((c.name, c.type.dialect_impl(dialect).result_processor(dialect, None))
                 for c in columns)


def _typed(row: Sequence[Any], cols: tuple[tuple[str, Processor], ...]) -> dict[str, Any]:
    return {name: value if proc is None or value is None else proc(value)
            for (name, proc), value in zip(cols, row, strict=True)}


HeadParts = tuple[Game | None, list[Seat], dict[int, UserSettings]]


class Statements:
    """What both hot paths run, compiled once for a dialect: the head's two reads, the next
    deadline (the batch's own query), and the batch's statements (cached as ``storage.batch``
    builds them); and rows turned into the service's objects as SQLAlchemy would type them."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._compiled: dict[int, tuple[Executable, Compiled]] = {}
        game = select(G).where(G.c.id == bindparam("gid"))
        user_cols = [c.label(f"u_{c.name}") for c in U.c]
        seats = (select(*S.c, *user_cols).select_from(S.outerjoin(U, U.c.user_id == S.c.user_id))
                 .where(S.c.game_id == bindparam("gid")).order_by(S.c.seat))
        self.game = compile_for(game, dialect)
        self.seats = compile_for(seats, dialect)
        self.due = self.of(NEXT_DEADLINE)
        self._game_cols = readers(G.c, dialect)
        self._seat_cols = readers(S.c, dialect)
        self._user_cols = readers(U.c, dialect)

    def of(self, stmt: Executable) -> Compiled:
        # The batch's builders return the same object for the same shape: compiled once.
        hit = self._compiled.get(id(stmt))
        if hit is None or hit[0] is not stmt:
            hit = self._compiled[id(stmt)] = (stmt, compile_for(stmt, self.dialect))
        return hit[1]

    def head(self, row: Sequence[Any] | None, rows: Iterable[Sequence[Any]]) -> HeadParts:
        """The game, its seats and their players' settings from the two reads' rows."""
        if row is None:
            return None, [], {}
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


class _Worker:
    """One thread that owns one sqlite3 connection, fed through a queue; started on the first
    call, stopped by ``close`` (a later call starts a new one, as a disposed engine's pool
    opens new connections).

    Not a ``ThreadPoolExecutor``: a service dropped without ``close`` is closed by its
    finalizer, which the garbage collector may run anywhere — even inside another executor's
    ``submit`` while it holds that module's lock, where a ``submit`` here would deadlock. A
    ``SimpleQueue.put`` is safe there (it is made for finalizers)."""

    def __init__(self, name: str, opener: Callable[[], sqlite3.Connection]) -> None:
        self._opener = opener
        self._name = name
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def _run(self, jobs: queue.SimpleQueue[Any]) -> None:
        conn: sqlite3.Connection | None = None
        try:
            while (job := jobs.get()) is not None:
                fn, loop, future = job
                try:
                    if conn is None:
                        conn = self._opener()
                    result, error = fn(conn), None
                except BaseException as exc:  # handed to the caller, whatever it is
                    result, error = None, exc
                with contextlib.suppress(RuntimeError):  # the caller's loop is closed
                    loop.call_soon_threadsafe(_settle, future, result, error)
        finally:
            if conn is not None:
                conn.close()

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        # Only the event loop's thread calls: no lock needed to start the thread.
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, args=(self._jobs,),
                                            name=self._name, daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((fn, loop, future))
        return await future

    def close(self, wait: bool = True) -> None:
        """Stop the thread once the calls queued before are done; its connection closes
        (``wait``: before this returns — a caller may copy the file next)."""
        thread, jobs = self._thread, self._jobs
        self._thread, self._jobs = None, queue.SimpleQueue()
        jobs.put(None)
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join(timeout=30)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _busy(exc: sqlite3.OperationalError) -> bool:
    """SQLite would have had to wait for a lock (its primary code, whatever the extended)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class SqliteHotPath:
    def __init__(self, path: str, pragmas: Sequence[str], dialect: Dialect) -> None:
        self.sql = Statements(dialect)
        self._path = path
        self._pragmas = tuple(pragmas)
        #: The reads' connection of the thread that opened it (the event loop's), if open.
        self._here: tuple[int, sqlite3.Connection] | None = None
        self._reader = _Worker("maester-sqlite-read", self._open)
        self._writer = _Worker("maester-sqlite-write", self._open)

    def _open(self, wait: bool = True) -> sqlite3.Connection:
        # Autocommit mode: the writer opens its transactions itself (BEGIN IMMEDIATE takes the
        # write lock up front, so a busy database waits in busy_timeout, not mid-batch).
        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False,
                               timeout=5.0 if wait else 0.0)
        try:
            for pragma in self._pragmas:
                conn.execute(pragma)
            if not wait:  # (the pragmas set the engine's busy timeout)
                conn.execute("PRAGMA busy_timeout=0")
        except BaseException:
            conn.close()
            raise
        return conn

    # ---- reading ----------------------------------------------------------------------------
    def _connection_here(self) -> sqlite3.Connection | None:
        """The calling thread's read connection, which never waits for a lock (opened on
        first use), or None when another thread owns it."""
        me = threading.get_ident()
        if self._here is None:
            self._here = (me, self._open(wait=False))
        return self._here[1] if self._here[0] == me else None

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` on the caller's thread; on the reader thread when it would have to wait for
        a lock (it waits there, in the busy timeout) or another thread owns the connection."""
        try:
            conn = self._connection_here()
            if conn is not None:
                return fn(conn)
        except sqlite3.OperationalError as exc:
            if not _busy(exc):
                raise
        return await self._reader.call(fn)

    async def load_head(self, game_id: int) -> HeadParts:
        """A game's row, its seats and their players' settings: one snapshot."""
        args = self.sql.game.args({"gid": game_id})
        row, rows = await self._read(lambda conn: self._load(conn, args))
        return self.sql.head(row, rows)

    def _load(self, conn: sqlite3.Connection, args: tuple[Any, ...]
              ) -> tuple[Any, list[Any]]:
        conn.execute("BEGIN")
        try:
            row = conn.execute(self.sql.game.sql, args).fetchone()
            rows = conn.execute(self.sql.seats.sql, args).fetchall() if row else []
        finally:
            conn.execute("COMMIT")
        return row, rows

    async def next_deadline(self, game_id: int) -> Any:
        """The earliest turn deadline of a game, as ``repo.next_deadline`` reads it."""
        args = self.sql.due.args({"_g": game_id})
        row = await self._read(lambda conn: conn.execute(self.sql.due.sql, args).fetchone())
        return self.sql.due.first(row)

    # ---- writing a batch --------------------------------------------------------------------
    async def run(self, steps: list[Step]) -> None:
        """Run ``steps`` in one transaction; raises VersionConflict, SQLAlchemy's
        IntegrityError (a unique key: a retried interaction) or sqlite3.OperationalError."""
        prepared = []
        for step in steps:
            compiled = self.sql.of(step.stmt)
            prepared.append((compiled.sql, [compiled.args(row) for row in step.rows],
                             step.conflict, step.query))
        found = await self._writer.call(lambda conn: self._run(conn, prepared))
        for step, rows in zip(steps, found, strict=True):
            if step.query:  # typed as SQLAlchemy reads the column (a datetime, not text)
                step.results = [self.sql.of(step.stmt).first(r) for r in rows]

    @staticmethod
    def _run(conn: sqlite3.Connection,
             prepared: list[tuple[str, list[tuple[Any, ...]], list[int] | None, bool]]
             ) -> list[list[Any]]:
        found: list[list[Any]] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for sql, args, conflict, query in prepared:
                if query:
                    found.append([conn.execute(sql, a).fetchone() for a in args])
                    continue
                found.append([])
                try:
                    cur = conn.executemany(sql, args)
                except sqlite3.IntegrityError as exc:
                    raise IntegrityError(sql, None, exc) from None
                if conflict is not None and cur.rowcount != len(args):
                    raise VersionConflict(conflict)
            conn.execute("COMMIT")
            return found
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def close(self, wait: bool = True) -> None:
        """Close the connections (a later call opens them again)."""
        here, self._here = self._here, None
        if here is not None:
            here[1].close()
        self._reader.close(wait)
        self._writer.close(wait)

"""Group commit for moves: concurrent moves on different games share one transaction.

SQLite has a single writer and every statement through the async driver costs a thread hop,
so one transaction per move caps throughput. Moves that arrive while a transaction is in
flight are queued and written together by the next one (executemany). Each caller still
returns only after its own move is committed; if a batch fails, its moves are retried one
transaction each, so one conflicting move cannot sink the others.

What a batch writes is planned once (``plan``: statements and their rows) and run by one of
two runners: SQLAlchemy's async connection (PostgreSQL, or an SQLite database the hot path
does not serve), or the SQLite hot path (``storage.hot``), which runs the whole batch in one
thread hop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, and_, bindparam, delete, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql import Executable
from sqlalchemy.types import TypeDecorator

from storage.models import SN, TA, A, D, G, S
from storage.repo import NEXT_DEADLINE, VersionConflict
from storage.step import Step

if TYPE_CHECKING:
    from storage.hot import SqliteHotPath

MAX_BATCH = 128
#: Column widths of an ``actions`` row that SQLite would not enforce but reading it back does.
_WIDTHS = {c: A.c[c].type.length for c in ("interaction_id", "source", "state_hash")}


class JSONText(str):
    """A JSON column's value already serialized (a move's state: serialized once, where its
    hash is computed, and written as that text instead of being encoded again)."""


class _JSONTextType(TypeDecorator[Any]):
    """Binds a ``JSONText`` to a JSON column as is (the driver takes JSON as text on SQLite
    and asyncpg alike); reading the column is unchanged."""

    impl = JSON
    cache_ok = True

    def bind_processor(self, dialect: Dialect) -> None:  # type: ignore[override]
        return None


class UnreadableRow(ValueError):
    """A row that reading back would refuse (row validation): it is never written."""


def check_action_row(row: dict[str, Any]) -> None:
    """Refuse an ``actions`` row whose text columns are not text of their width: SQLite
    stores anything, and one such row would make the game's log unreadable."""
    for column, width in _WIDTHS.items():
        value = row.get(column)
        if value is None and column == "interaction_id":
            continue
        if not isinstance(value, str) or (width is not None and len(value) > width):
            raise UnreadableRow(f"actions.{column} must be text of at most {width} "
                                f"characters, not {type(value).__name__} of length "
                                f"{len(value) if isinstance(value, str) else '?'}")


@dataclass
class MoveWrite:
    """Everything one accepted move writes."""

    game_id: int
    old_version: int
    action: dict[str, Any]  # an ``actions`` row
    game_values: dict[str, Any]  # columns of ``games`` to set
    snapshot: dict[str, Any] | None = None
    clear_all_deadlines: bool = False
    clear_seats: list[int] = field(default_factory=list)
    deadlines: list[dict[str, Any]] = field(default_factory=list)
    #: Seat columns the move changes: ``{"seat": n, **values}`` (a missed-deadline count).
    seat_updates: list[dict[str, Any]] = field(default_factory=list)
    #: ``table_acts`` rows written with the move (a rollback says who did it).
    acts: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False
    error: BaseException | None = None
    #: After the commit: the game's earliest turn deadline, read in the same transaction
    #: (the board the move leaves shows it; no second read).
    next_deadline: Any = None


# ---- the statements (built once per column set: runners cache their compiled form) --------
def _typed(columns: tuple[tuple[str, bool], ...]) -> dict[str, Any]:
    """Bind parameters for ``columns``; a pre-serialized JSON value binds as is."""
    return {c: bindparam(c, type_=_JSONTextType()) if raw else bindparam(c)
            for c, raw in columns}


def _shape(row: dict[str, Any]) -> tuple[tuple[str, bool], ...]:
    return tuple(sorted((c, isinstance(v, JSONText)) for c, v in row.items()))


@lru_cache(maxsize=64)
def _insert(table: str, columns: tuple[tuple[str, bool], ...]) -> Executable:
    return insert(_TABLES[table]).values(_typed(columns))


@lru_cache(maxsize=64)
def _update_game(columns: tuple[tuple[str, bool], ...]) -> Executable:
    return (update(G).where(and_(G.c.id == bindparam("_gid"), G.c.version == bindparam("_old")))
            .values(_typed(columns)))


@lru_cache(maxsize=64)
def _update_seat(columns: tuple[tuple[str, bool], ...]) -> Executable:
    return (update(S).where(and_(S.c.game_id == bindparam("_g"), S.c.seat == bindparam("_s")))
            .values(_typed(columns)))


_TABLES = {"actions": A, "snapshots": SN, "deadlines": D, "table_acts": TA}
_CLEAR_SEAT = delete(D).where(and_(D.c.game_id == bindparam("_g"), D.c.seat == bindparam("_s")))
_CLEAR_GAME = delete(D).where(D.c.game_id == bindparam("_g"))


def _inserts(table: str, rows: Sequence[dict[str, Any]]) -> list[Step]:
    groups: dict[tuple[tuple[str, bool], ...], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(_shape(row), []).append(row)
    return [Step(_insert(table, shape), part) for shape, part in groups.items()]


def plan(batch: Sequence[MoveWrite]) -> list[Step]:
    """The statements that write ``batch``, in order."""
    steps = _inserts("actions", [item.action for item in batch])
    games: dict[tuple[tuple[str, bool], ...], list[MoveWrite]] = {}
    for item in batch:
        games.setdefault(_shape(item.game_values), []).append(item)
    for shape, items in games.items():
        steps.append(Step(_update_game(shape),
                          [{"_gid": i.game_id, "_old": i.old_version, **i.game_values}
                           for i in items], conflict=[i.game_id for i in items]))
    steps += _inserts("snapshots", [item.snapshot for item in batch if item.snapshot])
    whole = [{"_g": item.game_id} for item in batch if item.clear_all_deadlines]
    if whole:
        steps.append(Step(_CLEAR_GAME, whole))
    pairs = [{"_g": item.game_id, "_s": s} for item in batch for s in item.clear_seats]
    if pairs:
        steps.append(Step(_CLEAR_SEAT, pairs))
    steps += _inserts("deadlines", [row for item in batch for row in item.deadlines])
    seats: dict[tuple[tuple[str, bool], ...], list[dict[str, Any]]] = {}
    for item in batch:
        for change in item.seat_updates:
            values = {k: v for k, v in change.items() if k != "seat"}
            seats.setdefault(_shape(values), []).append(
                {"_g": item.game_id, "_s": change["seat"], **values})
    steps += [Step(_update_seat(shape), rows) for shape, rows in seats.items()]
    steps += _inserts("table_acts", [row for item in batch for row in item.acts])
    steps.append(Step(NEXT_DEADLINE, [{"_g": item.game_id} for item in batch], query=True))
    return steps


# ---- the writer ------------------------------------------------------------------------------
class BatchWriter:
    def __init__(self, engine: AsyncEngine, max_batch: int = MAX_BATCH,
                 hot: SqliteHotPath | None = None) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.hot = hot
        self._queue: list[MoveWrite] = []
        self.lock = asyncio.Lock()
        self._multi_rowcount = engine.dialect.supports_sane_multi_rowcount
        self.batches = 0
        self.writes = 0

    async def write(self, item: MoveWrite) -> None:
        """Commit ``item`` (possibly together with others); raises what its write raised."""
        check_action_row(item.action)
        self._queue.append(item)
        async with self.lock:  # FIFO: whoever gets it flushes everything queued so far
            if not item.done:
                batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch:]
                await self._flush(batch)
        if item.error is not None:
            raise item.error

    async def _flush(self, batch: list[MoveWrite]) -> None:
        self.batches += 1
        self.writes += len(batch)
        try:
            await self._run(plan(batch), batch)
        except Exception as exc:
            if len(batch) == 1:
                batch[0].error = exc
            else:
                for item in batch:
                    try:
                        await self._run(plan([item]), [item])
                    except Exception as one:
                        item.error = one
        for item in batch:
            item.done = True

    async def _run(self, steps: list[Step], batch: list[MoveWrite]) -> None:
        """One transaction of ``steps``: all or nothing."""
        if self.hot is not None:
            await self.hot.run(steps)
        else:
            async with self.engine.begin() as conn:
                await run_steps(conn, steps, self._multi_rowcount)
        for item, due in zip(batch, steps[-1].results, strict=True):
            item.next_deadline = due


async def run_steps(conn: AsyncConnection, steps: list[Step], multi_rowcount: bool) -> None:
    for step in steps:
        if step.query:
            step.results = [(await conn.execute(step.stmt, row)).scalar() for row in step.rows]
        elif step.conflict is None:
            await conn.execute(step.stmt, step.rows)
        elif multi_rowcount or len(step.rows) == 1:
            if (await conn.execute(step.stmt, step.rows)).rowcount != len(step.rows):
                raise VersionConflict(step.conflict)
        else:
            for row, gid in zip(step.rows, step.conflict, strict=True):
                if (await conn.execute(step.stmt, [row])).rowcount != 1:
                    raise VersionConflict(gid)

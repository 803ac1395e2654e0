"""Group commit for moves: concurrent moves on different games share one transaction.

SQLite has a single writer and every statement through the async driver costs a thread hop,
so one transaction per move caps throughput near a thousand moves a second. Moves that
arrive while a transaction is in flight are queued and written together by the next one
(executemany). Each caller still returns only after its own move is committed; if a
batch fails, its moves are retried one transaction each, so one conflicting move cannot
sink the others.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import JSON, and_, bindparam, delete, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.types import TypeDecorator

from storage.models import ActionRow, Deadline, Game, Snapshot
from storage.repo import VersionConflict

G = Game.__table__
A = ActionRow.__table__
SN = Snapshot.__table__
D = Deadline.__table__

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


def _binds(columns: tuple[str, ...], sample: dict[str, Any]) -> dict[str, Any]:
    """Bind parameters for ``columns``; a ``JSONText`` value is bound without re-encoding."""
    return {c: bindparam(c, type_=_JSONTextType()) if isinstance(sample[c], JSONText)
            else bindparam(c) for c in columns}


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
    extra: Callable[[AsyncConnection], Awaitable[Any]] | None = None
    done: bool = False
    error: BaseException | None = None


class BatchWriter:
    def __init__(self, engine: AsyncEngine, max_batch: int = MAX_BATCH) -> None:
        self.engine = engine
        self.max_batch = max_batch
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
            async with self.engine.begin() as conn:
                await self._apply(conn, batch)
        except Exception as exc:
            if len(batch) == 1:
                batch[0].error = exc
            else:
                for item in batch:
                    try:
                        async with self.engine.begin() as conn:
                            await self._apply(conn, [item])
                    except Exception as one:
                        item.error = one
        for item in batch:
            item.done = True

    async def _apply(self, conn: AsyncConnection, batch: list[MoveWrite]) -> None:
        await conn.execute(A.insert(), [item.action for item in batch])
        by_columns: dict[tuple[tuple[str, bool], ...], list[MoveWrite]] = {}
        for item in batch:
            key = tuple(sorted((c, isinstance(v, JSONText)) for c, v in item.game_values.items()))
            by_columns.setdefault(key, []).append(item)
        for key, items in by_columns.items():
            columns = tuple(c for c, _ in key)
            stmt = (update(G)
                    .where(and_(G.c.id == bindparam("_gid"), G.c.version == bindparam("_old")))
                    .values(_binds(columns, items[0].game_values)))
            rows = [{"_gid": i.game_id, "_old": i.old_version, **i.game_values} for i in items]
            if self._multi_rowcount or len(rows) == 1:
                res = await conn.execute(stmt, rows)
                if res.rowcount != len(rows):
                    raise VersionConflict([i.game_id for i in items])
            else:
                for row in rows:
                    if (await conn.execute(stmt, [row])).rowcount != 1:
                        raise VersionConflict(row["_gid"])
        snapshots = [item.snapshot for item in batch if item.snapshot is not None]
        for raw in (True, False):
            rows = [r for r in snapshots if isinstance(r.get("state"), JSONText) is raw]
            if rows:
                stmt = insert(SN).values(_binds(tuple(rows[0]), rows[0])) if raw else SN.insert()
                await conn.execute(stmt, rows)
        whole = [item.game_id for item in batch if item.clear_all_deadlines]
        if whole:
            await conn.execute(delete(D).where(D.c.game_id.in_(whole)))
        pairs = [{"_g": item.game_id, "_s": s} for item in batch for s in item.clear_seats]
        if pairs:
            stmt = delete(D).where(and_(D.c.game_id == bindparam("_g"),
                                        D.c.seat == bindparam("_s")))
            await conn.execute(stmt, pairs)
        rows = [row for item in batch for row in item.deadlines]
        if rows:
            await conn.execute(D.insert(), rows)
        for item in batch:
            if item.extra is not None:
                await item.extra(conn)

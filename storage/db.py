"""Async engine and sessions. SQLite (WAL) by default; PostgreSQL via asyncpg unchanged."""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from storage import (
    jsoncol,
    models,  # noqa: F401  (registers every table on SQLModel.metadata)
)

DEFAULT_URL = "sqlite+aiosqlite:///data/maester.db"

#: The file and pragmas of each SQLite engine ``make_engine`` made: the hot path
#: (``storage.hot``) opens its own connections to the same file with the same settings.
_SQLITE_FILES: weakref.WeakKeyDictionary[Any, tuple[str, tuple[str, ...]]] = (
    weakref.WeakKeyDictionary())


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


def make_engine(url: str = DEFAULT_URL, *, synchronous: str = "NORMAL",
                background_checkpoints: bool = False, **kwargs: Any) -> AsyncEngine:
    """An engine with the SQLite pragmas set on every connection.

    ``synchronous`` is SQLite's durability level (``SQLITE_SYNCHRONOUS``): NORMAL with WAL
    survives a crash of the bot process, only an OS crash or power loss can drop the last
    commits; FULL survives those too, at an fsync per commit. With ``background_checkpoints``
    SQLite never checkpoints the WAL inside a commit (a move's p99 came from there); the
    owner calls ``checkpoint`` on a timer instead (the bot's deadline loop does)."""
    kwargs.setdefault("json_deserializer", jsoncol.loads)
    level = synchronous.upper()
    if level not in SYNCHRONOUS:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {', '.join(SYNCHRONOUS)}, "
                         f"not {synchronous!r}")
    if is_sqlite(url):
        database = make_url(url).database
        # A ``file:`` URI (``?uri=true``) names its file itself and may forbid creating it.
        if database and database != ":memory:" and not make_url(url).query.get("uri"):
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, **kwargs)
        pragmas = ("PRAGMA journal_mode=WAL", "PRAGMA busy_timeout=5000",
                   "PRAGMA foreign_keys=ON", f"PRAGMA synchronous={level}",
                   *(("PRAGMA wal_autocheckpoint=0",) if background_checkpoints else ()))

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            for pragma in pragmas:
                cur.execute(pragma)
            cur.close()

        if database and database != ":memory:" and not make_url(url).query:
            _SQLITE_FILES[engine.sync_engine] = (database, pragmas)
        return engine
    return create_async_engine(url, pool_pre_ping=True, **kwargs)


def hot_path(engine: AsyncEngine) -> Any:
    """The move's hot path over ``engine``'s database: ``storage.hot.SqliteHotPath`` for an
    SQLite file made here, ``storage.pg_hot.PgHotPath`` for PostgreSQL through asyncpg, else
    None (an in-memory database, another driver: SQLAlchemy throughout)."""
    found = _SQLITE_FILES.get(engine.sync_engine)
    hot: Any
    if found is not None:
        from storage.hot import SqliteHotPath

        hot = SqliteHotPath(found[0], found[1], engine.dialect)
    elif engine.dialect.name == "postgresql" and engine.dialect.driver == "asyncpg":
        from storage.pg_hot import PgHotPath

        hot = PgHotPath(engine.url, engine.dialect)
    else:
        return None
    ref = weakref.ref(hot)

    # Its connections belong with the engine's: disposing of the engine closes them too (the
    # last connection to close checkpoints the WAL, and a caller may copy the file next).
    @event.listens_for(engine.sync_engine, "engine_disposed")
    def _disposed(_engine: Any) -> None:
        if (alive := ref()) is not None:
            alive.close()

    return hot


async def checkpoint(engine: AsyncEngine) -> tuple[int, int] | None:
    """Copy the WAL back into the database file without blocking writers (PASSIVE); returns
    (WAL frames, frames checkpointed), or None when the engine is not SQLite."""
    if engine.dialect.name != "sqlite":
        return None
    async with engine.connect() as conn:
        row = (await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")).first()
    return (int(row[1]), int(row[2])) if row is not None else None


def sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)


async def create_all(engine: AsyncEngine) -> None:
    """Create every table directly (tests); deployments use Alembic migrations."""
    async with engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.create_all)


async def drop_all(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.drop_all)

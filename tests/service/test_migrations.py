"""The Alembic migrations create exactly the schema the models declare."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from storage.db import make_engine
from storage.migrate import upgrade


def _diff(url: str) -> list[object]:
    async def run() -> list[object]:
        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                def compare(sync: Connection) -> list[object]:
                    ctx = MigrationContext.configure(sync, opts={"compare_type": True})
                    return list(compare_metadata(ctx, SQLModel.metadata))

                return await conn.run_sync(compare)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_sqlite_migration_matches_models(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    assert _diff(url) == []
    upgrade(url)  # idempotent: already at head

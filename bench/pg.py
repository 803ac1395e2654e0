"""A bench's own PostgreSQL database, made fresh on the server it is pointed at."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import make_url

from storage.db import make_engine


async def fresh_database(url: str, name: str) -> str:
    """Database ``name`` on the server at ``url``, dropped (connections and all) and created
    empty; its URL."""
    admin = make_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        await admin.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)

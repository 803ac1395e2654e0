"""One statement of a write batch and its rows: what ``storage.batch`` plans and each runner
(SQLAlchemy's connection, ``storage.hot``, ``storage.pg_hot``) executes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.sql import Executable


@dataclass
class Step:
    """One statement of a batch and its rows (executemany). ``conflict`` names the games
    whose head moved if fewer rows than given were changed (the optimistic version check).
    A ``query`` step runs once per row and keeps each row's first result column."""

    stmt: Executable
    rows: list[dict[str, Any]]
    conflict: list[int] | None = None
    query: bool = False
    results: list[Any] = field(default_factory=list)

"""SQLITE_SYNCHRONOUS is a real setting and WAL checkpoints can be taken off the commit path."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from bot.config import Settings
from storage.db import checkpoint, create_all, make_engine


@pytest.mark.parametrize(("level", "code"), [("NORMAL", 1), ("full", 2)])
async def test_synchronous_level_is_applied(tmp_path: Path, level: str, code: int) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}", synchronous=level)
    async with engine.connect() as conn:
        assert (await conn.execute(text("PRAGMA synchronous"))).scalar() == code
    await engine.dispose()


def test_a_bad_level_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="NORMAL, FULL"):
        make_engine("sqlite+aiosqlite:///:memory:", synchronous="sometimes")


def test_the_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", "FULL")
    assert Settings().sqlite_synchronous == "FULL"


async def test_background_checkpoints_leave_commits_alone(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
                         background_checkpoints=True)
    await create_all(engine)
    async with engine.connect() as conn:
        assert (await conn.execute(text("PRAGMA wal_autocheckpoint"))).scalar() == 0
    async with engine.begin() as conn:
        for i in range(50):
            await conn.execute(text("INSERT INTO bot_state (key, value) VALUES (:k, 'v')"),
                               {"k": f"k{i}"})
    frames, done = await checkpoint(engine) or (0, 0)
    assert frames > 0 and done == frames  # the WAL waited for the checkpoint, then went in
    await engine.dispose()

"""The bot settles its heap once start-up is done (bot/heap.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.heap import YOUNG_THRESHOLD, settle_heap


@pytest.fixture
def restored_gc() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_start_up_heap_is_frozen_and_young_generation_enlarged(restored_gc: None) -> None:
    long_lived = [[i] for i in range(1000)]  # what start-up built
    _, middle, old = gc.get_threshold()
    settle_heap()
    assert gc.get_freeze_count() >= len(long_lived)
    assert gc.get_threshold() == (YOUNG_THRESHOLD, middle, old)
    # Cycles made later are still collected: the collector is tuned, not off.
    a: list[object] = []
    a.append(a)
    gc.collect()
    assert gc.isenabled()


async def test_the_runner_settles_the_heap_before_connecting(
        restored_gc: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import runner
    from bot.config import Settings
    from bot.discord import app

    seen: list[tuple[int, int, int]] = []

    async def connect(token: str, service: object, **kwargs: object) -> None:
        seen.append(gc.get_threshold())

    monkeypatch.setattr(app, "run", connect)
    settings = Settings(_env_file=None, discord_token="x",
                        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await runner.run_bot(settings)
    assert seen and seen[0][0] == YOUNG_THRESHOLD

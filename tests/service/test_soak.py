"""The crash soak, short: a driver killed with SIGKILL at random moments loses no acknowledged
move, applies none twice, and leaves every game verifiable and playable
(``python -m bench.soak_crash 100`` is the long run)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bench.soak_crash import soak


def test_kill_minus_nine_loses_and_duplicates_nothing(tmp_path: Path, any_engine: AsyncEngine
                                                      ) -> None:
    """On SQLite and on PostgreSQL (the hot path's batch statements differ)."""
    url = any_engine.url.render_as_string(hide_password=False)
    result = soak(3, tmp_path, low=2.0, high=3.0, seed=5, url=url)
    assert result["cycles"] == 3
    assert {k: v for k, v in result.items() if k not in ("cycles", "acked")} == {
        "lost": 0, "duplicated": 0, "retries applied": 0, "games failing verify": 0,
        "stuck games": 0}

"""The offline demo plays whole games through the service layer."""

from __future__ import annotations

import json
from pathlib import Path

from bot.demo import run_demo
from tests.fixtures.sealed_bids import RULES as SEALED


async def test_demo_plays_a_whole_game_and_writes_its_outputs(tmp_path: Path) -> None:
    summary = await run_demo("sealed_bids", 3, seed=4, out=tmp_path, config={"rounds": 12},
                             echo=False, games={"sealed_bids": SEALED})
    assert summary["status"] == "finished" and summary["result"]["winners"]
    assert summary["actions"] > 12
    saved = json.loads((tmp_path / "summary.json").read_text())
    assert {"game", "seed", "players", "actions", "result", "seconds"} <= saved.keys()
    transcript = (tmp_path / "transcript.txt").read_text()
    assert "has begun" in transcript and "is over" in transcript
    assert "You bid" not in transcript  # private lines never reach the public transcript
    assert any(tmp_path.glob("board-*.png"))
    assert any("You bid" in p.read_text() for p in tmp_path.glob("private-seat*.txt"))


async def test_demo_is_reproducible() -> None:
    a = await run_demo("sealed_bids", 2, seed=9, echo=False, games={"sealed_bids": SEALED})
    b = await run_demo("sealed_bids", 2, seed=9, echo=False, games={"sealed_bids": SEALED})
    assert a["result"] == b["result"] and a["actions"] == b["actions"]

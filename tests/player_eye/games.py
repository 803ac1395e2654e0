"""Every game, every mode, played by pressing what players see, read as players read it:
the run itself (one module per game, ``test_<game>.py``, so that ``make test``'s workers,
which take a file each, share the games).

See ``runs.py`` for which tables ``make test`` plays and ``table.py`` for how a simulated
player acts and what is collected; ``checks.py`` says what a line must not hold. A run fails
naming each kind of finding with examples."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from rules import registry
from tests.player_eye.hidden import hidden_check
from tests.player_eye.play import Run, run_table, summary_line
from tests.player_eye.reach import reach_check
from tests.player_eye.runs import PRESS_CAP, ROUNDS, all_runs
from tests.player_eye.secrets import leak_check

#: Presses a run may take before it counts as unfinished: random players make long games of
#: 4-player Catan (up to 5,236 presses in the full run of 2026-11-27), the others end far
#: sooner.
MAX_PRESSES = int(os.environ.get("PLAYER_EYE_MAX_PRESSES", "12000"))
#: Runs that still fail, with what another change is fixing (tests/player_eye/FINDINGS.md):
#: a game (every run of it) or a run id -> the finding.
KNOWN: dict[str, str] = {}


def _param(run: Run) -> Any:
    reason = KNOWN.get(run.id()) or KNOWN.get(run.game)
    marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
    return pytest.param(run, id=run.id(), marks=marks)


def cases(game: str) -> list[Any]:
    """The runs of ``game`` as pytest parameters (a known failing run marked xfail)."""
    return [_param(r) for r in all_runs() if r.game == game]


def seed_of(run: Run) -> int:
    return 7000 + sum(map(ord, run.id()))


async def play_and_check(simcord_env: Any, service: GameService, run: Run,
                         service_seed: int) -> None:
    """Play the run's table to its end (or its cap) and fail naming every finding."""
    started, cpu = time.perf_counter(), time.process_time()
    table = await run_table(simcord_env, service, run, service_seed)
    cap = MAX_PRESSES if run.to_end else PRESS_CAP
    status = await table.play(cap, rounds=None if run.to_end else ROUNDS.get(run.game))
    await reach_check(table, registry.get(run.game))
    await leak_check(table, registry.get(run.game))
    await hidden_check(table, registry.get(run.game))
    findings = table.check()
    line = summary_line(run, table, status, findings)
    report = os.environ.get("PLAYER_EYE_REPORT")
    if report:
        with Path(report).open("a", encoding="utf-8") as out:
            # CPU seconds too: on a shared machine the wall time says more about the load
            out.write(f"{line} in {time.perf_counter() - started:.1f} s "
                      f"({time.process_time() - cpu:.1f} s CPU)\n{findings.report()}\n")
    partial = not run.to_end and (status in ("rounds", "unfinished"))
    finished = status == "finished" or partial
    assert finished, f"{line}\n{findings.report()}"
    assert not findings, f"{line}\n{findings.report()}"

"""Every game, every mode, played by pressing what players see, read as players read it.

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
from tests.player_eye.play import Run, run_table, summary_line
from tests.player_eye.runs import FULL, ROUNDS, all_runs

#: Presses a run may take before it counts as unfinished (no game needs nearly as many).
MAX_PRESSES = 6000
#: Runs that still fail, with the finding another change is fixing: (run id, reason).
KNOWN: dict[str, str] = {}


def _param(run: Run) -> Any:
    marks = [pytest.mark.xfail(reason=KNOWN[run.id()], strict=False)] if run.id() in KNOWN \
        else []
    return pytest.param(run, id=run.id(), marks=marks)


@pytest.fixture
def service_seed(request: pytest.FixtureRequest) -> int:
    run: Run = request.node.callspec.params["run"]
    return 7000 + sum(map(ord, run.id()))


@pytest.mark.parametrize("run", [_param(r) for r in all_runs()])
async def test_a_game_as_players_see_it(simcord_env: Any, service: GameService, run: Run,
                                        service_seed: int) -> None:
    started = time.perf_counter()
    table = await run_table(simcord_env, service, run, service_seed)
    status = await table.play(MAX_PRESSES, rounds=None if FULL else ROUNDS.get(run.game))
    findings = table.check()
    line = summary_line(run, table, status, findings)
    report = os.environ.get("PLAYER_EYE_REPORT")
    if report:
        with Path(report).open("a", encoding="utf-8") as out:
            out.write(f"{line} in {time.perf_counter() - started:.1f} s\n{findings.report()}\n")
    finished = status == "finished" or (status == "rounds" and run.game in ROUNDS)
    assert finished, f"{line}\n{findings.report()}"
    assert not findings, f"{line}\n{findings.report()}"

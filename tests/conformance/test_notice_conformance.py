"""Reminders and deadline notices leak nothing, for every discovered game.

The service posts them in the thread, so they must be built from public information only: a
game played to a random point is copied, one awaited seat's secrets are changed in the copy
(``perturb_hidden``), and both copies run the same reminder and the same missed deadline. The
public reminder must be byte-identical, and so must the notice's wording around the move's
own public log lines (those may differ: a default discard reveals what it discards)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from bot.i18n import Msg
from bot.service import GameService, ManualClock, Post, ServiceSettings
from rules.base import GameRules
from rules.registry import games
from rules.rng import Rng
from storage.db import create_all, make_engine
from storage.models import Game

PLAYERS = [101, 102, 103, 104, 105, 106]
HOUR = 3600.0
MOVES = (1, 4, 12)  # random moves before the deadline is left to run: early, mid, later


def _cases() -> list[Any]:
    out = []
    for rules in games().values():
        for variant in rules.variants()[:2]:
            for moves in MOVES:
                out.append(pytest.param(rules, dict(variant.config), min(variant.seats), moves,
                                        id=f"{rules.id}-{variant.name}-{moves}"))
    return out


def _service(path: Path, rules: GameRules, clock: ManualClock) -> GameService:
    seeds = iter(range(500, 100000))
    return GameService(make_engine(f"sqlite+aiosqlite:///{path}"), clock=clock,
                       settings=ServiceSettings(), games={rules.id: rules},
                       seed_source=lambda: next(seeds))


async def _played_game(path: Path, rules: GameRules, config: dict[str, Any], n: int,
                       moves: int, clock: ManualClock) -> tuple[int, int]:
    service = _service(path, rules, clock)
    await create_all(service.engine)
    out = await service.create_game(PLAYERS[0], "P0", rules.id, config=config, max_seats=n,
                                    deadline_hours=24, excuses=0)
    gid = out.game_id
    for i, user in enumerate(PLAYERS[1:n], start=1):
        await service.join(gid, user, f"P{i}")
    await service.start(gid, PLAYERS[0])
    for user in PLAYERS[1:n]:
        await service.confirm_ready(gid, user)
    rng = Rng(77)
    for _ in range(moves):
        awaiting = (await service.summary(gid)).awaiting
        if not awaiting:
            break
        user = PLAYERS[rng.choice(sorted(awaiting))]
        await service.submit(gid, user, await service.suggest_action(gid, user, rng))
    head = await service._head(gid, fresh=True)
    seat = min(head.rules.awaiting(head.state)) if head.state is not None else -1
    await service.engine.dispose()
    return gid, seat


async def _public(path: Path, rules: GameRules, clock: ManualClock) -> list[Msg]:
    service = _service(path, rules, clock)
    out: list[Msg] = []
    clock.advance(22.5 * HOUR)  # the reminder (default lead: 2 h before the deadline)
    out += [e.msg for e in await service.run_due() if isinstance(e, Post)]
    clock.advance(2 * HOUR)  # the deadline
    out += [e.msg for e in await service.run_due() if isinstance(e, Post)]
    await service.engine.dispose()
    return out


def _shape(m: Msg) -> str:
    """A public message as the thread reads it, minus a default's own public log lines."""
    if m.key.startswith("deadline.defaulted"):
        return m.key + repr(m.params.get("player"))
    return m.render()


@pytest.mark.parametrize(("rules", "config", "n", "moves"), _cases())
async def test_reminders_and_deadline_notices_are_public_only(
    rules: GameRules, config: dict[str, Any], n: int, moves: int, tmp_path: Path
) -> None:
    start = ManualClock()
    base = tmp_path / "base.db"
    gid, seat = await _played_game(base, rules, config, n, moves, start)
    if seat < 0:
        pytest.skip("the random game ended before a deadline")
    twin = tmp_path / "twin.db"
    shutil.copy(base, twin)
    head_engine = make_engine(f"sqlite+aiosqlite:///{twin}")
    service = _service(twin, rules, start)
    head = await service._head(gid, fresh=True)
    await service.engine.dispose()
    changed = rules.perturb_hidden(head.state, seat, Rng(5))
    if changed is None:
        await head_engine.dispose()
        pytest.skip(f"seat {seat} holds no secret at this point")
    async with head_engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == gid)  # type: ignore[arg-type]
                           .values(state=rules.to_json(changed)))
    await head_engine.dispose()
    now = start.now()
    plain = await _public(base, rules, ManualClock(now))
    perturbed = await _public(twin, rules, ManualClock(now))
    assert any(m.key == "deadline.reminder" for m in plain)
    assert [_shape(m) for m in plain] == [_shape(m) for m in perturbed]

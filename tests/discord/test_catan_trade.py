"""A domestic trade on Discord from the other side: a player counters through the thread's
Counter… button, and the active player closes the trade with them at once from their panel,
while a third player has not answered yet. The offer's message then says it is closed and
keeps no buttons."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord.app import MaesterBot, create_bot
from bot.service import GameService, ManualClock
from rules.base import Action
from rules.catan_watch import RULES
from rules.catan_watch.data import RESOURCES
from rules.rng import Rng
from tests.discord.test_catan_harness import (
    AGENT_SEED,
    advance_to,
    catan_service,
    custom_ids,
    find_seed,
    labels,
    offer_message,
    start_game,
)

SEED = find_seed()


@pytest.fixture
def service(engine: AsyncEngine, clock: ManualClock) -> GameService:
    return catan_service(engine, clock, SEED)


@pytest.fixture
def simcord_bot(service: GameService) -> MaesterBot:
    return create_bot(service, deadline_interval=60.0)


def _richest(hand: list[int]) -> int:
    return max(range(5), key=lambda r: hand[r])


async def test_counter_in_the_thread_then_an_early_close(
    simcord_env: Any, service: GameService
) -> None:
    table = await start_game(simcord_env, service)
    rng = Rng(AGENT_SEED)
    # Red's move, with cards, and the next player holding a resource Red lacks.
    await advance_to(table, rng, lambda s: s.phase == "main" and not s.built
                     and any(s.hands[s.current])
                     and any(s.hands[(s.current + 1) % s.n][r] and not s.hands[s.current][r]
                             for r in range(5)))
    state = (await service._head(table.game_id)).state
    red, blue = state.current, (state.current + 1) % 3
    orange = 3 - red - blue
    give = _richest(state.hands[red])
    theirs = next(r for r in range(5) if state.hands[blue][r] and not state.hands[red][r])
    wanted = next(r for r in range(5) if r not in (give, theirs))
    before = [state.hands[red][:], state.hands[blue][:], state.hands[orange][:]]

    await table.play(red, Action("offer_trade", {"give": {RESOURCES[give]: 1},
                                                 "get": {RESOURCES[wanted]: 1}}))
    offer = offer_message(table.thread)
    assert "no answer yet" in offer.content

    # Blue counters in the thread: they give what they have, for Red's card.
    await table.play(blue, Action("counter_trade", {"give": {RESOURCES[theirs]: 1},
                                                    "get": {RESOURCES[give]: 1}}))
    offer = next(m for m in table.thread.history() if m.id == offer.id)
    assert "counters" in offer.content and "no answer yet" in offer.content
    assert set(RULES.awaiting((await service._head(table.game_id)).state)) == {red, orange}

    # Red need not wait for Orange: the panel offers the trade with Blue, and a cancel.
    panel = await table.panel(red)
    finish = [i for i in custom_ids(panel) if i.startswith("ctw:tf:")]
    assert sorted(i.rsplit(":", 1)[1] for i in finish) == sorted([str(blue), "x"])
    assert any(label.startswith("Trade with") for label in labels(panel))
    await table.play(red, Action("confirm_trade", {"partner": blue}))

    state = (await service._head(table.game_id)).state
    assert state.phase == "main" and state.trade is None
    assert state.hands[red][give] == before[0][give] - 1
    assert state.hands[red][theirs] == before[0][theirs] + 1
    assert state.hands[blue][theirs] == before[1][theirs] - 1
    assert state.hands[blue][give] == before[1][give] + 1
    assert state.hands[orange] == before[2]
    closed = next(m for m in table.thread.history() if m.id == offer.id)
    assert "closed" in closed.content and not custom_ids(closed)

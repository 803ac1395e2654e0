"""Deadlines in Catan apply the stated defaults and the table goes on: after a 7 a player who
does not choose discards the most plentiful resources first; an unanswered trade offer is
declined, and its message in the thread then says it is closed."""

from __future__ import annotations

from typing import Any

from bot.service import GameService, ManualClock
from rules.base import Action
from rules.catan_watch import RULES
from rules.catan_watch.agent import plentiful_first
from rules.catan_watch.common import counts_json, counts_text
from rules.catan_watch.data import RESOURCES
from rules.rng import Rng
from tests.answers import private
from tests.games.catan_watch.cw_helpers import en
from tests.games.catan_watch.harness import AGENT_SEED, advance_to, offer_message, start_catan
from tests.harness import DEADLINE_LOOP as LOOP
from tests.harness import custom_ids

DAY = 24 * 3600


async def pass_deadline(env: Any, clock: ManualClock) -> None:
    clock.advance(DAY + 60)
    await env.advance_time(LOOP)


async def test_missed_discards_and_trade_answers_get_the_defaults(
    simcord_env: Any, service: GameService, clock: ManualClock
) -> None:
    table = await start_catan(simcord_env, service, excuses=0)
    thread, gid = table.thread, table.game_id
    rng = Rng(AGENT_SEED)
    await advance_to(table, rng, lambda s: s.phase == "discard" and len(s.discard_need) >= 2)

    state = (await service._head(gid)).state
    first, *late = sorted(state.discard_need)
    expected = {s: counts_json(plentiful_first(state.hands[s], state.discard_need[s]))
                for s in late}
    # the first one chooses in their "My hand" panel; the others let the deadline pass
    panel = await table.panel(first)
    need = state.discard_need[first]
    picks = [f"{r}:{i}" for r in RESOURCES for i in range(state.hands[first][RESOURCES.index(r)])]
    cid = next(i for i in custom_ids(panel) if i.startswith("ctw:ds:"))
    chosen = await table.members[first].select(panel, picks[:need], custom_id=cid)
    assert private(chosen) and "discarded" not in "\n".join(m.content for m in thread.history())

    await pass_deadline(simcord_env, clock)
    text = "\n".join(m.content for m in thread.history())
    assert text.count("missed the deadline") >= len(late)
    for s in late:
        assert f"{en(RULES.seat_label(state, s))} discarded {counts_text(expected[s])}." in text

    # a trade offer nobody answers is declined by default; its message then says closed
    await advance_to(table, rng, lambda s: s.phase == "main" and any(s.hands[s.current])
                     and any(sum(s.hands[o]) for o in range(s.n) if o != s.current))
    state = (await service._head(gid)).state
    seat = state.current
    give = max(range(5), key=lambda r: state.hands[seat][r])
    get = (give + 1) % 5
    await table.play(seat, Action("offer_trade", {"give": {RESOURCES[give]: 1},
                                                  "get": {RESOURCES[get]: 1}}))
    offer = offer_message(thread)
    assert "Trade offer" in offer.content and "no answer yet" in offer.content
    await pass_deadline(simcord_env, clock)
    assert (await service._head(gid)).state.phase == "main"
    # Closed by the deadline itself, with nobody clicking: no buttons are left to press.
    closed = next(m for m in thread.history() if m.id == offer.id)
    assert "closed" in closed.content and not custom_ids(closed)

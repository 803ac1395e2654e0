"""What one move click costs: service calls, database round trips (a pooled connection, or a
call of the SQLite hot path), view computations, state decodes and summaries, counted through
simcord on a public move. The figures are printed (run
with ``-s``) and bounded, so a change that reloads what the move just produced shows up."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event

from bot.service import GameService
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.harness import server, start_game

#: The most each may cost per click (a move that ends a round: reveal, board, next DMs).
#: Measured before this bound existed: 14 calls, 8 connections, 7 views, 2 decodes, 3 summaries;
#: then 5, 4, 4, 1, 1 (the fresh panel with the answer); now 4, 3, 4, 1, 1 (the board snapshot
#: rides with the move's BoardChanged, its next deadline read in the move's own transaction).
BOUNDS = {"service calls": 4, "connections": 3, "views": 4, "decodes": 1, "summaries": 1}


class Costs:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.on = False
        self.depth = 0

    def count(self, what: str) -> None:
        if self.on:
            self.counts[what] += 1


def _wrap_service(service: GameService, costs: Costs, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, _fn in inspect.getmembers(type(service), inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue

        def make(name: str, bound: Callable[..., Any]) -> Callable[..., Any]:
            async def counted(*args: Any, **kwargs: Any) -> Any:
                if costs.depth == 0:  # calls the adapter makes, not the service's own
                    costs.count("service calls")
                costs.depth += 1
                try:
                    return await bound(*args, **kwargs)
                finally:
                    costs.depth -= 1

            return counted

        monkeypatch.setattr(service, name, make(name, getattr(service, name)))
    summarize = service._summary

    async def summary(*args: Any, **kwargs: Any) -> Any:
        costs.count("summaries")
        return await summarize(*args, **kwargs)

    monkeypatch.setattr(service, "_summary", summary)


@pytest.fixture
def costs(service: GameService, monkeypatch: pytest.MonkeyPatch) -> Iterator[Costs]:
    c = Costs()
    _wrap_service(service, c, monkeypatch)
    view, decode = SEALED.view, SEALED.from_json
    monkeypatch.setattr(SEALED, "view", lambda *a, **k: (c.count("views"), view(*a, **k))[1])
    monkeypatch.setattr(SEALED, "from_json",
                        lambda *a, **k: (c.count("decodes"), decode(*a, **k))[1])

    def checkout(*_args: Any) -> None:
        c.count("connections")

    event.listen(service.engine.sync_engine.pool, "checkout", checkout)
    if service.hot is not None:  # the hot path's reads and commits are round trips too
        for owner, name in ((service.hot, "_read"), (service.hot._writer, "call")):
            call = getattr(owner, name)

            async def counted(fn: Any, call: Any = call) -> Any:
                c.count("connections")
                return await call(fn)

            monkeypatch.setattr(owner, name, counted)
    yield c
    event.remove(service.engine.sync_engine.pool, "checkout", checkout)


async def test_one_move_click_costs(simcord_env: Any, service: GameService, costs: Costs,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], options="rounds=2")
    await alice.user.click(alice.user.dm_channel.last_message, label="ready")

    fresh = await bob.user.click(bob.user.dm_channel.last_message, label="ready")  # stale
    costs.on = True  # Bob's ready ends the round: a public move with a board and DMs
    await bob.user.click(fresh.response, label="ready")
    costs.on = False
    assert "Bids revealed" in "\n".join(m.content for m in thread.history())
    with capsys.disabled():
        print("\none public move click:", dict(sorted(costs.counts.items())))
    for what, bound in BOUNDS.items():
        assert costs.counts[what] <= bound, (what, dict(costs.counts))

"""AI players through the service (#28): bot seats at creation and from the lobby, named as
bots, always ready; the AI plays bot and open seats at once at the table's difficulty, from
the seat's own view, every move committed like a human's; a refused or failing AI falls back to
the default; a restart mid-bot-turn resumes without losing or doubling a move."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.i18n import render
from bot.service import GameService, ManualClock, Post, ServiceError
from bot.service import bots as bots_module
from bot.service.bots import AiWorkers, decision_seed, worker_count
from rules.base import Action
from storage import repo
from storage.db import create_all, make_engine
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.fixtures.sealed_bids_ai import SealedBidsAi
from tests.harness import make_service
from tests.service.helpers import ALICE, BOB, CAROL, started_game

FIXTURE_AI = SealedBidsAi(SEALED)


@pytest.fixture
def with_ai(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, int, str]]:
    """The fixture game gets its AI; returns the decisions asked of it (view, seat, level)."""
    asked: list[tuple[Any, int, str]] = []

    def ai_for(rules: Any) -> Any:
        return FIXTURE_AI

    real = FIXTURE_AI.choose

    def choose(view: Any, seat: int, rng: Any, budget: Any) -> Action:
        asked.append((view, seat, budget.difficulty))
        return real(view, seat, rng, budget)

    monkeypatch.setattr(bots_module, "ai_for", ai_for)
    monkeypatch.setattr(FIXTURE_AI, "choose", choose)
    return asked


def posts(effects: list[Any]) -> list[str]:
    return [e.msg.render() for e in effects if isinstance(e, Post)]


async def sources(engine: AsyncEngine, gid: int) -> list[tuple[int, int, str, str]]:
    async with engine.connect() as conn:
        return [(r.seq, r.seat, r.source, r.action["kind"])
                for r in await repo.actions_after(conn, gid, 0)]


async def test_bots_at_creation_are_named_ready_and_play_at_once(
        service: GameService, engine: AsyncEngine, with_ai: list[Any]) -> None:
    out = await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3, bots=2,
                                    difficulty="hard")
    gid = out.game_id
    text = posts(out.effects)
    assert "2 AI players take seats in game #1 (difficulty: hard)" in text[1]
    head = await service._head(gid)
    assert [(s.user_id, s.bot, s.ready) for s in head.seats] == [
        (ALICE, False, False), (None, True, True), (None, True, True)]
    assert [render(head.person(s).name) for s in (1, 2)] == ["🤖 Bot 1", "🤖 Bot 2"]
    started = await service.start(gid, ALICE)  # the one human is ready: the game begins
    assert posts(started.effects)[0] == ("Game #1 has begun! Seats: Seat 1: Alice, "
                                         "Seat 2: 🤖 Bot — Seat 2, Seat 3: 🤖 Bot — Seat 3.")
    # Both bots bid at once, from their own views, at the table's difficulty.
    assert {(seat, level) for _view, seat, level in with_ai} == {(1, "hard"), (2, "hard")}
    # (the AI's own moves; a pass it offers is settled by the default, "autopilot")
    logged = await sources(engine, gid)
    assert {(seat, source) for _q, seat, source, _k in logged if source == "bot"} == {
        (1, "bot"), (2, "bot")}
    assert {seat for _q, seat, _s, _k in logged} == {1, 2}
    summary = await service.summary(gid)
    assert summary.awaiting == [0] and summary.bots == frozenset({1, 2})
    # The AI saw its seat's own view (the state's is never handed over).
    assert all(view["you"]["seat"] == seat if "seat" in view["you"] else "you" in view
               for view, seat, _level in with_ai)


async def test_the_creator_adds_and_removes_bots_in_the_lobby(
        service: GameService) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3)).game_id
    with pytest.raises(ServiceError) as not_creator:
        await service.add_bot(gid, BOB)
    assert not_creator.value.msg.key == "error.not_creator"
    with pytest.raises(ServiceError) as none:
        await service.remove_bot(gid, ALICE)
    assert none.value.msg.key == "error.no_bot"
    added = await service.add_bot(gid, ALICE)
    assert posts(added.effects) == ["🤖 Bot 1 takes a seat in game #1 (2/3)."]
    await service.join(gid, BOB, "Bob")
    with pytest.raises(ServiceError) as full:
        await service.add_bot(gid, ALICE)
    assert full.value.msg.key == "error.lobby_full"
    removed = await service.remove_bot(gid, ALICE)
    assert posts(removed.effects) == ["A bot left game #1 (2/3)."]
    head = await service._head(gid)
    assert [(s.seat, s.user_id) for s in head.seats] == [(0, ALICE), (1, BOB)]


async def test_bad_bot_requests_are_refused(service: GameService) -> None:
    with pytest.raises(ServiceError) as level:
        await service.create_game(ALICE, "Alice", "sealed_bids", difficulty="brutal")
    assert level.value.msg.key == "error.bad_difficulty"
    with pytest.raises(ServiceError) as many:
        await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3, bots=3)
    assert many.value.msg.key == "error.too_many_bots"


async def test_the_game_waits_for_the_humans_not_the_bots(
        service: GameService, with_ai: list[Any]) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                     bots=1)).game_id
    await service.join(gid, BOB, "Bob")
    out = await service.start(gid, ALICE)
    assert "Bob" in posts(out.effects)[0] and "Bot" not in posts(out.effects)[0]
    await service.confirm_ready(gid, BOB)
    assert (await service.summary(gid)).awaiting == [0, 2]  # the bot (seat 2) has bid


async def test_an_open_seat_is_played_by_the_ai_at_the_tables_difficulty(
        service: GameService, engine: AsyncEngine, with_ai: list[Any]) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])  # a table from before: no level
    async with engine.begin() as conn:
        await repo.update_game(conn, gid, ai_difficulty=None)
    service._forget(gid)
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}))
    await service.resign(gid, BOB)
    assert (1, "normal") in {(seat, level) for _v, seat, level in with_ai}
    assert (1, "bot") in {(seat, source) for _q, seat, source, _k in await sources(engine, gid)}
    assert (await service.summary(gid)).awaiting == [0, 2]
    assert (await service.summary(gid)).bots == frozenset()  # open, not a bot seat


async def test_without_an_ai_an_open_seat_plays_the_default(
        service: GameService, engine: AsyncEngine) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    await service.resign(gid, BOB)
    assert (await sources(engine, gid))[-1][1:] == (1, "autopilot", "ready")


async def test_a_refused_or_failing_ai_move_plays_the_default(
        service: GameService, engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        def choose(self, view: Any, seat: int, rng: Any, budget: Any) -> Action:
            return Action("bid", {"amount": 999})  # more coins than it has: refused

        def budget(self, level: str) -> Any:
            return FIXTURE_AI.budget(level)  # type: ignore[arg-type]

    monkeypatch.setattr(bots_module, "ai_for", lambda rules: Broken())
    gid = await started_game(service, [ALICE, BOB, CAROL])
    with caplog.at_level(logging.WARNING, logger="bot.service.bots"):
        await service.resign(gid, BOB)
    assert "refused" in caplog.text
    assert (await sources(engine, gid))[-1][1:] == (1, "autopilot", "ready")

    def boom(view: Any, seat: int, rng: Any, budget: Any) -> Action:
        raise RuntimeError("the AI fell over")

    monkeypatch.setattr(Broken, "choose", staticmethod(boom))
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.service.bots"):
        await service.resign(gid, CAROL)
    assert "AI failed" in caplog.text
    assert (await sources(engine, gid))[-1][1:] == (2, "autopilot", "ready")


async def test_a_restart_mid_bot_turn_resumes_without_losing_or_doubling_a_move(
        engine: AsyncEngine, clock: ManualClock, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, with_ai: list[Any]) -> None:
    # The same table played without a restart, on a database of its own: the reference log.
    other = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'reference.db'}")
    await create_all(other)
    reference = make_service(other, ManualClock())
    ref_gid = (await reference.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                           bots=2)).game_id
    await reference.start(ref_gid, ALICE)
    expected = await sources(other, ref_gid)
    await other.dispose()

    first = make_service(engine, clock)
    gid = (await first.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                   bots=2)).game_id
    real = bots_module.BotOps._autopilot

    async def crash_after_one(self: Any, head: Any) -> list[Any]:
        # The process dies right after its first bot move is committed.
        seat = min(s.seat for s in head.seats if s.user_id is None)
        action, source = await self._bot_move(head, seat)
        new_state, events = head.rules.apply(head.state, seat, action)
        await self._commit_move(head, seat, None, action, new_state, events, source=source,
                                interaction_id=None)
        raise RuntimeError("the process died")

    monkeypatch.setattr(bots_module.BotOps, "_autopilot", crash_after_one)
    with pytest.raises(RuntimeError):
        await first.start(gid, ALICE)
    assert len(await sources(engine, gid)) == 1
    monkeypatch.setattr(bots_module.BotOps, "_autopilot", real)
    second = make_service(engine, clock)  # a new process: nothing in memory
    effects = await second.resume_bots()
    assert posts(effects)  # the resumed moves are narrated
    # Every decision is seeded by the position: the log is the uninterrupted table's.
    assert await sources(engine, gid) == expected
    assert await second.resume_bots() == []  # nothing left: nothing doubled
    assert (await second.summary(gid)).awaiting == [0]


async def test_a_bot_seat_claimed_is_a_person_again(
        service: GameService, with_ai: list[Any]) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                     bots=2)).game_id
    await service.start(gid, ALICE)
    await service.claim(gid, 2, CAROL, "Carol")
    head = await service._head(gid)
    assert [(s.user_id, s.bot) for s in head.seats][2] == (CAROL, False)
    assert (await service.summary(gid)).bots == frozenset({1})


def test_decisions_are_seeded_by_the_position_and_workers_configurable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert decision_seed(7, 1, 3, 2) == decision_seed(7, 1, 3, 2)
    assert len({decision_seed(7, 1, v, s) for v in range(5) for s in range(5)}) == 25
    monkeypatch.setenv("MAESTER_AI_WORKERS", "0")
    assert worker_count() == 0
    monkeypatch.delenv("MAESTER_AI_WORKERS")
    assert worker_count() == 1
    assert worker_count(3) == 3
    with pytest.raises(ValueError):
        worker_count(-1)
    assert AiWorkers(0).workers == 0


def _fixture_decide(game_id: str, view: Any, seat: int, seed: int, difficulty: str
                    ) -> dict[str, Any]:
    """``rules.ai.decide`` for the fixture game (not in the registry a worker reads)."""
    from rules.kit.ai import check_difficulty
    from rules.rng import Rng

    level = check_difficulty(difficulty)
    return FIXTURE_AI.choose(view, seat, Rng(seed), FIXTURE_AI.budget(level)).to_json()


async def test_decisions_run_in_a_worker_process_and_match_inline(
        engine: AsyncEngine, clock: ManualClock, monkeypatch: pytest.MonkeyPatch,
        with_ai: list[Any]) -> None:
    monkeypatch.setattr(bots_module, "decide", _fixture_decide)
    service = make_service(engine, clock)
    service.settings.ai_workers = 1
    try:
        gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                         bots=2)).game_id
        await service.start(gid, ALICE)
        head = await service._head(gid)
        seat = 1
        view = SEALED.view(head.state, seat)
        in_pool = await service.ai_workers.decide(head, view, seat, 99, "normal")
        inline = await AiWorkers(0).decide(head, view, seat, 99, "normal")
        assert in_pool == inline
        assert service.ai_workers.workers == 1 and service.ai_workers._pool is not None
        assert (await service.summary(gid)).awaiting == [0]
    finally:
        service.close()


async def test_a_bot_seat_still_awaited_at_its_deadline_is_played_by_the_ai(
        service: GameService, engine: AsyncEngine, clock: ManualClock,
        monkeypatch: pytest.MonkeyPatch, with_ai: list[Any]) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3, bots=2,
                                     deadline_hours=1)).game_id
    real = bots_module.BotOps._autopilot

    async def nothing(self: Any, head: Any) -> list[Any]:
        return []  # the bots' turn cut short (a restart) and never resumed

    monkeypatch.setattr(bots_module.BotOps, "_autopilot", nothing)
    await service.start(gid, ALICE)
    monkeypatch.setattr(bots_module.BotOps, "_autopilot", real)
    assert (await service.summary(gid)).awaiting == [0, 1, 2]
    clock.advance(2 * 3600)
    await service.run_due()
    summary = await service.summary(gid)
    assert 1 not in summary.awaiting and 2 not in summary.awaiting
    logged = await sources(engine, gid)
    assert {seat for _q, seat, source, _k in logged if source == "bot"} == {1, 2}
    assert all(source != "deadline" for _q, seat, source, _k in logged if seat in (1, 2))


def _runaway_decide(game_id: str, view: Any, seat: int, seed: int, difficulty: str
                    ) -> dict[str, Any]:
    import time

    time.sleep(60)  # an AI gone wrong
    return {}


async def test_a_runaway_decision_is_stopped_and_the_default_plays(
        engine: AsyncEngine, clock: ManualClock, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, with_ai: list[Any]) -> None:
    monkeypatch.setattr(bots_module, "decide", _runaway_decide)
    monkeypatch.setattr(bots_module, "DECISION_TIMEOUT", 0.5)
    service = make_service(engine, clock)
    service.settings.ai_workers = 1
    try:
        gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=2,
                                         bots=1)).game_id
        with caplog.at_level(logging.WARNING, logger="bot.service.bots"):
            await service.start(gid, ALICE)
        assert "AI failed" in caplog.text
        assert (await sources(engine, gid))[-1][1:] == (1, "autopilot", "ready")
        assert service.ai_workers._pool is None  # the runaway's process was stopped
    finally:
        service.close()

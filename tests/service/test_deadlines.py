from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, Notify, Post, ServiceError
from rules.base import Action
from rules.catan_watch import RULES as CATAN
from rules.rng import Rng
from storage import repo
from tests.service.helpers import ALICE, BOB, CAROL, DAVE, started_game

HOUR = 3600


def posts(effects: list) -> list[str]:
    return [e.msg.render() for e in effects if isinstance(e, Post)]


async def test_reminder_pings_only_awaited_seats_and_says_what_is_missing(
    service: GameService, clock: ManualClock
) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL], deadline_hours=24)
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("bid", {"amount": 2}))
    clock.advance(11.5 * HOUR)
    assert await service.run_due() == []
    clock.advance(1 * HOUR)  # half-time: a first reminder
    half = [e for e in await service.run_due() if isinstance(e, Post)]
    assert len(half) == 1 and set(half[0].mentions) == {BOB, CAROL}
    clock.advance(8.5 * HOUR)
    assert await service.run_due() == []
    clock.advance(1.5 * HOUR)  # default lead time: 2 h before the deadline
    effects = await service.run_due()
    reminder = [e for e in effects if isinstance(e, Post)]
    assert len(reminder) == 1
    assert set(reminder[0].mentions) == {BOB, CAROL}
    text = reminder[0].msg.render()
    assert "Bob (Seat 2)" in text and "Carol (Seat 3)" in text and "Alice" not in text
    # What each still owes is that seat's own business: it goes to the seat, not the thread.
    assert "press Ready" not in text and "your bid" not in text
    private = {e.user_id: e.msg.render() for e in effects if isinstance(e, Notify)}
    assert set(private) == {BOB, CAROL}
    assert "press Ready" in private[BOB] and "your bid" in private[CAROL]
    assert await service.run_due() == []  # reminders fire once


async def test_deadline_spends_an_excuse_then_applies_the_default(
    service: GameService, clock: ManualClock, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=10, excuses=1)
    await service.submit(gid, ALICE, Action("ready"))
    clock.advance(10 * HOUR + 1)
    effects = await service.run_due()
    assert any("used an excuse (0 left)" in p and "Bob" in p for p in posts(effects))
    assert (await service.summary(gid)).awaiting == [1]
    clock.advance(10 * HOUR + 1)
    effects = await service.run_due()
    text = posts(effects)
    notice = [p for p in text if "Bob (Seat 2) missed the deadline, so the bot moved" in p]
    assert len(notice) == 1 and "Seat 2 is ready." in notice[0], text
    assert not any(": ready" in p for p in text)  # no action ids in public text
    assert any("Bids revealed" in p for p in text)
    summary = await service.summary(gid)
    assert summary.phase_label == "Round 1 · prize choice"
    async with engine.connect() as conn:
        seats = await repo.seats_of(conn, gid)
        log = await repo.actions_after(conn, gid, 0)
    assert [s.missed for s in seats] == [0, 1]
    assert log[-1].source == "deadline" and log[-1].actor_id is None


async def test_acting_clears_the_deadline(service: GameService, clock: ManualClock) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=5, excuses=0)
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("ready"))
    clock.advance(4 * HOUR)
    claimant = (await service.summary(gid)).awaiting
    assert claimant == [0]
    await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
    clock.advance(2 * HOUR)
    assert not any("missed" in p for p in posts(await service.run_due()))


async def test_deadline_survives_a_restart(engine: AsyncEngine, clock: ManualClock) -> None:
    from tests.fixtures.sealed_bids import RULES

    first = GameService(engine, clock=clock, games={"sealed_bids": RULES})
    gid = await started_game(first, [ALICE, BOB], deadline_hours=1, excuses=0)
    clock.advance(HOUR + 1)
    second = GameService(engine, clock=clock, games={"sealed_bids": RULES})
    effects = await second.run_due()
    assert sum("missed the deadline" in p for p in posts(effects)) == 2
    assert (await second.summary(gid)).phase_label == "Round 1 · prize choice"


async def test_pause_stops_deadlines_and_resume_restarts_them(
    service: GameService, clock: ManualClock
) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=2, excuses=0)
    await service.vote(gid, ALICE, "pause")
    out = await service.vote(gid, BOB, "pause")
    assert any("is paused" in p for p in posts(out.effects))
    clock.advance(10 * HOUR)
    assert await service.run_due() == []
    with pytest.raises(ServiceError):
        await service.vote(gid, ALICE, "pause")
    await service.vote(gid, ALICE, "resume")
    await service.vote(gid, BOB, "resume")
    clock.advance(2 * HOUR + 1)
    assert any("missed the deadline" in p for p in posts(await service.run_due()))


async def test_replace_vote_opens_a_seat_that_someone_else_claims(
    service: GameService,
) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    await service.submit(gid, CAROL, Action("bid", {"amount": 6}))
    await service.vote(gid, ALICE, "replace", target_seat=2)
    out = await service.vote(gid, BOB, "replace")
    assert any("Seat 3 in game" in p and "is open" in p for p in posts(out.effects))
    with pytest.raises(ServiceError):
        await service.submit(gid, CAROL, Action("ready"))
    claimed = await service.claim(gid, 2, DAVE, "Dave")
    dms = [e for e in claimed.effects if isinstance(e, Notify)]
    assert dms and all(e.user_id == DAVE for e in dms) and dms[0].show_private
    view = await service.private_view(gid, DAVE)
    assert view.view["you"]["bid"] == 6  # the seat's secret passes to the new owner
    with pytest.raises(ServiceError) as err:
        await service.claim(gid, 2, 105, "Eve")
    assert err.value.msg.key == "error.seat_not_open"


async def test_cancel_vote_needs_a_majority(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    await service.vote(gid, ALICE, "cancel")
    out = await service.vote(gid, BOB, "cancel", yes=False)
    assert (await service.summary(gid)).status == "active"
    out = await service.vote(gid, CAROL, "cancel", yes=False)
    assert any("failed" in p for p in posts(out.effects))
    await service.vote(gid, ALICE, "cancel")
    out = await service.vote(gid, CAROL, "cancel")
    assert (await service.summary(gid)).status == "abandoned"


async def test_closed_dms_are_recorded_and_announced(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    assert await service.dm_ok(BOB)
    out = await service.dm_closed(gid, BOB)
    assert out.effects[0].mentions == (BOB,)  # type: ignore[union-attr]
    assert "Press **My hand**" in out.effects[0].msg.render()  # type: ignore[union-attr]
    assert not await service.dm_ok(BOB)
    await service.save_settings(BOB, dm_enabled=True)
    assert await service.dm_ok(BOB)


async def test_a_missed_turn_is_settled_by_defaults_while_only_that_seat_is_awaited(
    service: GameService, clock: ManualClock, engine: AsyncEngine
) -> None:
    gid = await started_game(service, [ALICE, BOB], deadline_hours=1, excuses=0)
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("bid", {"amount": 1}))
    await service.submit(gid, BOB, Action("ready"))  # Bob wins; only Bob is awaited (his prize)
    clock.advance(3601)
    text = posts(await service.run_due())
    # The prize default was applied; the next round awaits everyone, so it stops there and
    # both seats get fresh deadlines instead of Bob's next bid being defaulted as well.
    assert any("missed the deadline, so the bot moved for them" in p and "claim" not in p
               for p in text), text
    summary = await service.summary(gid)
    assert summary.awaiting == [0, 1] and summary.phase_label.startswith("Round 2")
    async with engine.connect() as conn:
        sources = [r.source for r in await repo.actions_after(conn, gid, 0)]
    assert sources.count("deadline") == 1


async def test_consecutive_decisions_of_an_absent_seat_are_all_defaulted(
    engine: AsyncEngine, clock: ManualClock
) -> None:
    service = GameService(engine, clock=clock, games={"catan_watch": CATAN})
    out = await service.create_game(ALICE, "Alice", "catan_watch", max_seats=3,
                                    deadline_hours=1, excuses=0)
    gid = out.game_id
    for user, name in ((BOB, "Bob"), (CAROL, "Carol")):
        await service.join(gid, user, name)
    await service.start(gid, ALICE)
    await service.confirm_ready(gid, BOB)
    await service.confirm_ready(gid, CAROL)
    assert (await service.summary(gid)).awaiting == [0]
    clock.advance(3601)
    text = posts(await service.run_due())
    # The set-up turn is a settlement and then its road: both defaulted for one miss.
    assert any("missed the deadline, so the bot moved for them" in p
               and "built a settlement" in p and "built a road" in p for p in text), text
    assert (await service.summary(gid)).awaiting == [1]
    async with engine.connect() as conn:
        seats = await repo.seats_of(conn, gid)
        log = await repo.actions_after(conn, gid, 0)
    assert [(r.seat, r.source) for r in log] == [(0, "deadline"), (0, "deadline")]
    assert [s.missed for s in seats] == [1, 0, 0]


async def test_a_defaulted_discard_stays_secret_while_others_still_choose(
    engine: AsyncEngine, clock: ManualClock
) -> None:
    """After a 7 one discarder misses the deadline for good while another still has an
    excuse: the default discard is made, but nothing public says which cards it took."""
    from rules.catan_watch.data import RESOURCES

    service, gid = await catan_game(engine, clock, excuses=1)  # its seed has such a 7
    state = await play_catan_until(service, gid, Rng(7), lambda s: s.phase == "discard"
                                   and len(s.discard_need) >= 2)
    first, second = sorted(state.discard_need)[:2]
    async with engine.begin() as conn:
        await repo.update_seat(conn, gid, first, excuses_left=0)
    service._forget(gid)  # the seat row changed behind the service
    clock.advance(HOUR + 1)
    text = posts(await service.run_due())
    notice = [p for p in text if "so the bot moved" in p]
    assert len(notice) == 1 and notice[0].endswith("chose the cards to discard."), notice
    assert any("used an excuse" in p for p in text)
    state = (await service._head(gid)).state
    assert state.phase == "discard" and first in state.pending_discard
    assert second not in state.pending_discard
    named = re.compile(r"\b(" + "|".join(RESOURCES) + r")\b")
    assert not any(named.search(p) for p in text), text


async def test_a_missed_catan_turn_is_rolled_and_ended(
    engine: AsyncEngine, clock: ManualClock
) -> None:
    """The stated defaults of a Catan turn: roll, then end the turn (no building, no
    trading); the next player is awaited with a fresh deadline."""
    service, gid = await catan_game(engine, clock, excuses=0)
    state = await play_catan_until(service, gid, Rng(3), lambda s: s.phase != "setup")
    assert state.phase == "roll"
    late = state.current
    hand_before = state.hands[late][:]
    clock.advance(HOUR + 1)
    text = posts(await service.run_due())
    state = (await service._head(gid)).state
    assert sum(state.dice[:2]) != 7  # this game's first roll; a 7 would stop at the discards
    assert any("missed the deadline, so the bot moved for them" in p and " rolled " in p
               and "ended turn" in p for p in text), text
    assert state.phase == "roll" and state.current == (late + 1) % 3
    assert (await service.summary(gid)).awaiting == [(late + 1) % 3]
    assert all(a >= b for a, b in zip(state.hands[late], hand_before, strict=True))
    async with engine.connect() as conn:
        log = await repo.actions_after(conn, gid, 0)
        seats = await repo.seats_of(conn, gid)
    assert [(r.action["kind"], r.source) for r in log[-2:]] == [("roll", "deadline"),
                                                               ("end_turn", "deadline")]
    assert seats[late].missed == 1


# ---- Catan games through the service -----------------------------------------------------------
async def catan_game(engine: AsyncEngine, clock: ManualClock, *, excuses: int
                     ) -> tuple[GameService, int]:
    """A started 3-player Catan game (Alice, Bob, Carol) on a fixed seed, 1 h per decision."""
    service = GameService(engine, clock=clock, games={"catan_watch": CATAN},
                          seed_source=lambda: 1)
    out = await service.create_game(ALICE, "Alice", "catan_watch", max_seats=3,
                                    deadline_hours=1, excuses=excuses)
    gid = out.game_id
    await service.join(gid, BOB, "Bob")
    await service.join(gid, CAROL, "Carol")
    await service.start(gid, ALICE)
    await service.confirm_ready(gid, BOB)
    await service.confirm_ready(gid, CAROL)
    return service, gid


async def play_catan_until(service: GameService, gid: int, rng: Any,
                           done: Callable[[Any], bool], limit: int = 5000) -> Any:
    """Random moves by the lowest awaited seat until ``done(state)``; returns that state."""
    users = [ALICE, BOB, CAROL]
    for _ in range(limit):
        state = (await service._head(gid)).state
        if done(state):
            return state
        seat = min(CATAN.awaiting(state))
        await service.submit(gid, users[seat], CATAN.random_action(state, seat, rng))
    raise AssertionError("the state never came")

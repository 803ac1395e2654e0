"""The follow window's short deadline (issue #12): the followers get ``follow_deadline``
percent of the game's turn deadline; when it passes each still undecided follower passes
(the default "no") and the game goes on; the Leader's decisions keep the whole deadline."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import GameService, ManualClock, Post, ServiceError
from rules.base import Action
from rules.fort import RULES
from storage import repo
from tests.harness import ALICE, BOB, CAROL, started_game

HOUR = 3600


@pytest.fixture
def service_seed() -> int:
    return 11


async def started(service: GameService, config: dict[str, object] | None = None) -> int:
    return await started_game(service, [ALICE, BOB, CAROL], "fort", deadline_hours=8,
                              config=config)


async def to_the_window(service: GameService, gid: int) -> None:
    """Play the Leader's defaults-but-play until the follow window opens."""
    for _ in range(60):
        state = (await service._head(gid)).state
        top = state.stack[-1]
        if top["kind"] == "card" and top["stage"] == "follow":
            return
        (seat,) = sorted(RULES.awaiting(state))[:1]
        legal = [a for a in RULES.legal_actions(state, seat) if isinstance(a, Action)]
        # Play a real card (not "no card") so that the window opens.
        plays = [a for a in legal if a.kind == "play" and a.params.get("card")]
        action = plays[0] if plays else RULES.default_action(state, seat)
        user = next(s.user_id for s in (await service._head(gid)).seats if s.seat == seat)
        await service.submit(gid, user, action)
    raise AssertionError("no follow window opened")


async def deadlines(service: GameService, gid: int) -> dict[int, timedelta]:
    now = service.clock.now()
    async with service.engine.connect() as conn:
        rows = await repo.deadlines_of(conn, gid)
    return {r.seat: r.due_at.replace(tzinfo=None) - now.replace(tzinfo=None)
            for r in rows if r.kind == "deadline"}


async def test_followers_get_a_quarter_of_the_deadline_and_then_pass(
        service: GameService, clock: ManualClock) -> None:
    gid = await started(service)
    state = (await service._head(gid)).state
    leader = state.leader
    assert await deadlines(service, gid) == {leader: timedelta(hours=8)}
    await to_the_window(service, gid)
    state = (await service._head(gid)).state
    followers = sorted(state.stack[-1]["followers"])
    assert followers == sorted(set(range(3)) - {leader})
    due = await deadlines(service, gid)
    assert due == dict.fromkeys(followers, timedelta(hours=2))  # 25 % of 8 h
    # The reminder of a 2-hour window comes within it, never after it.
    async with service.engine.connect() as conn:
        rows = await repo.deadlines_of(conn, gid)
    limit = clock.now().replace(tzinfo=None) + timedelta(hours=2)
    assert all(r.due_at.replace(tzinfo=None) <= limit for r in rows)

    clock.advance(2 * HOUR + 1)
    effects = await service.run_due()
    text = "\n".join(e.msg.render() for e in effects if isinstance(e, Post))
    # No excuse is spent on a yes/no and no deadline counts as missed: the default "no" is
    # given and the game goes on.
    after = (await service._head(gid)).state
    top = after.stack[-1]
    assert not (top["kind"] == "card" and top["stage"] == "follow"), text
    assert "used an excuse" not in text and text.count("Time is up for") == 2, text
    seats = {s.seat: s for s in (await service._head(gid)).seats}
    assert all(seats[f].missed == 0 and seats[f].excuses_left == 1 for f in followers)
    # Back to the Leader (or the next decision of the turn): the whole deadline again.
    awaited = sorted(RULES.awaiting(after))
    due = await deadlines(service, gid)
    assert due and set(due) == set(awaited)
    assert all(d == timedelta(hours=8) for d in due.values()), due


async def test_the_share_is_a_lobby_option_with_checked_bounds(
        service: GameService) -> None:
    gid = await started(service, {"follow_deadline": 50})
    await to_the_window(service, gid)
    due = await deadlines(service, gid)
    assert set(due.values()) == {timedelta(hours=4)}
    for bad in (0, 4, 101, "soon", True):
        with pytest.raises(ServiceError) as err:
            await service.create_game(ALICE, "Alice", "fort", max_seats=2,
                                           config={"follow_deadline": bad})
        assert "follow_deadline" in err.value.msg.render() or "5" in err.value.msg.render()

"""Lobby control and server admins: the creator cancels or kicks in their lobby; admins cancel,
pause, resume, extend, kick and force-start any game; others are refused; every act is in the
game log with who did it; idle lobbies expire; a second Ready says nothing to the table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import GameService, ManualClock, Post, ServiceError
from rules.base import Action
from storage import repo
from tests.service.helpers import ALICE, BOB, CAROL, NAMES, started_game

HOUR = 3600


def posts(effects: list) -> list[str]:
    return [e.msg.render() for e in effects if isinstance(e, Post)]


async def lobby(service: GameService, *players: int, guild_id: int | None = None) -> int:
    out = await service.create_game(players[0], NAMES[players[0]], "sealed_bids", max_seats=3,
                                    guild_id=guild_id)
    for p in players[1:]:
        await service.join(out.game_id, p, NAMES[p])
    return out.game_id


async def test_the_creator_cancels_and_kicks_in_their_lobby_only(service: GameService) -> None:
    gid = await lobby(service, ALICE, BOB, CAROL)
    with pytest.raises(ServiceError) as refused:
        await service.kick(gid, BOB, "Bob", 2)
    assert refused.value.msg.key == "error.not_creator_or_admin"
    out = await service.kick(gid, ALICE, "Alice", 2)
    assert posts(out.effects) == ["Alice removed Carol from the lobby of game #1."]
    assert [p[1] for p in (await service.summary(gid)).players] == [ALICE, BOB]
    with pytest.raises(ServiceError) as refused:
        await service.kick(gid, ALICE, "Alice", 0)
    assert refused.value.msg.key == "error.kick_creator"
    with pytest.raises(ServiceError):
        await service.cancel(gid, BOB, "Bob")
    await service.cancel(gid, ALICE, "Alice")
    assert (await service.summary(gid)).status == "abandoned"


async def test_a_running_game_answers_to_admins_not_to_players(
    service: GameService, clock: ManualClock
) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    for call in (service.cancel(gid, ALICE, "Alice"),
                 service.admin_act(gid, BOB, "Bob", "pause"),
                 service.kick(gid, ALICE, "Alice", 1)):
        with pytest.raises(ServiceError) as refused:
            await call
        assert refused.value.msg.key == "error.not_admin"
    out = await service.admin_act(gid, 999, "Mod", "pause", admin=True)
    assert "Mod (admin) paused game #1." in posts(out.effects)
    assert (await service.summary(gid)).paused
    await service.admin_act(gid, 999, "Mod", "resume", admin=True)
    before = (await service.summary(gid)).deadline
    assert before is not None
    await service.admin_act(gid, 999, "Mod", "extend", admin=True, hours=48)
    deadline = (await service.summary(gid)).deadline
    assert deadline is not None  # 48 hours added to the deadline that ran, not to now
    assert deadline.replace(tzinfo=None) == (before + timedelta(hours=48)).replace(tzinfo=None)
    out = await service.kick(gid, 999, "Mod", 2, admin=True)
    assert any("removed Carol (Seat 3)" in p for p in posts(out.effects))
    assert 2 not in (await service.summary(gid)).awaiting  # the autopilot moved for the seat
    log = await service.game_log(gid, ALICE)
    acts = [line for line in log if "⚑" in line]
    assert acts == ["0. ⚑ Mod paused the game.", "0. ⚑ Mod resumed the game.",
                    "0. ⚑ Mod extended the deadlines.", "0. ⚑ Mod removed Carol."]
    await service.cancel(gid, 999, "Mod", admin=True)
    assert (await service.summary(gid)).status == "abandoned"


async def test_an_admin_force_starts_a_lobby_with_enough_players(service: GameService) -> None:
    gid = await lobby(service, ALICE, BOB)
    with pytest.raises(ServiceError):
        await service.admin_act(gid, 999, "Mod", "start")
    out = await service.admin_act(gid, 999, "Mod", "start", admin=True)
    assert posts(out.effects)[0] == ("Mod (admin) started game #1 without waiting for the "
                                     "ready check.")
    assert (await service.summary(gid)).status == "active"


async def test_idle_lobbies_expire_and_activity_keeps_them(
    service: GameService, clock: ManualClock, engine: AsyncEngine
) -> None:
    async with engine.begin() as conn:
        await repo.save_guild_settings(conn, 5, lobby_expire_hours=10)
    gid = await lobby(service, ALICE, guild_id=5)
    clock.advance(8 * HOUR)
    await service.join(gid, BOB, "Bob")  # activity: the idle clock starts again
    clock.advance(8 * HOUR)
    assert await service.run_due() == []
    clock.advance(3 * HOUR)
    text = posts(await service.run_due())
    assert text == ["The lobby of **Sealed Bids (test fixture)** #1 stood idle too long and is "
                    "closed. Open a new one with `/game new`."]
    assert (await service.summary(gid)).status == "abandoned"


async def test_a_second_ready_is_not_told_twice(service: GameService) -> None:
    gid = await lobby(service, ALICE, BOB, CAROL)
    await service.start(gid, ALICE)
    first = await service.confirm_ready(gid, BOB)
    again = await service.confirm_ready(gid, BOB)
    assert posts(first.effects) and not again.effects
    assert again.reply.render() == "You are already marked ready for game #1."


async def test_lobby_names_an_exact_player_count(service: GameService) -> None:
    out = await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=2)
    # untitled: the game's name once, not "Sealed Bids #1 is open: Sealed Bids, …"
    assert out.reply.render().startswith(
        "**Sealed Bids (test fixture)** #1 is open: 2 players, 24 h per decision.")


async def test_a_titled_lobby_names_its_game(service: GameService) -> None:
    out = await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=2,
                                    title="Friday bids")
    assert out.reply.render().startswith(
        "**Friday bids** #1 is open: Sealed Bids (test fixture), 2 players, 24 h per decision.")
    assert out.reply.render("cs").startswith(
        "Hra **Friday bids** #1 je otevřená: Sealed Bids (test fixture), 2 hráči,")


async def test_acts_do_not_disturb_moves(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    await service.submit(gid, ALICE, Action("ready"))
    await service.admin_act(gid, 999, "Mod", "extend", admin=True)
    assert (await service.summary(gid)).awaiting == [1]


async def test_a_vote_names_its_closing_time_and_expires(
    service: GameService, clock: ManualClock
) -> None:
    gid = await started_game(service, [ALICE, BOB, CAROL])
    out = await service.vote(gid, ALICE, "pause")
    opened = [e.msg for e in out.effects if isinstance(e, Post) and e.msg.key == "vote.opened"]
    assert opened and opened[0].params["kind"] == "pause"
    assert "The vote closes" in opened[0].render()
    clock.advance(47 * HOUR)
    assert not any("expired" in p for p in posts(await service.run_due()))
    clock.advance(2 * HOUR)
    assert "The vote to **pause the game** in game #1 expired without enough votes." in posts(
        await service.run_due())
    again = await service.vote(gid, BOB, "pause")  # a new vote can open
    assert any(isinstance(e, Post) and e.msg.key == "vote.opened" for e in again.effects)


async def test_extend_without_hours_adds_a_turn_to_the_current_deadline_and_says_how_much(
        service: GameService, clock: ManualClock) -> None:
    """Not a reset to now + 24 h (the same deadline again right after a resume): the
    deadline that runs moves on by the game's time per decision, and the table is told by
    how much."""
    gid = await started_game(service, [ALICE, BOB])
    clock.advance(5 * HOUR)
    before = (await service.summary(gid)).deadline
    assert before is not None
    out = await service.admin_act(gid, 999, "Mod", "extend", admin=True)
    after = (await service.summary(gid)).deadline
    assert after is not None
    assert after.replace(tzinfo=None) == (before + timedelta(hours=24)).replace(tzinfo=None)
    assert any("extended the deadlines of game #1 by 24 h" in p for p in posts(out.effects))

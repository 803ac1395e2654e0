from __future__ import annotations

import pytest

from bot.service import GameService, ManualClock, Notify, Post, ServiceError
from tests.service.helpers import ALICE, BOB, CAROL, NAMES, started_game


async def test_create_join_start_ready_check(service: GameService) -> None:
    out = await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3,
                                    config={"rounds": 2})
    gid = out.game_id
    assert "Join with `/game join" in out.reply.render()
    await service.join(gid, BOB, "Bob")
    with pytest.raises(ServiceError) as err:
        await service.join(gid, BOB, "Bob")
    assert err.value.msg.key == "error.already_seated"
    with pytest.raises(ServiceError) as err:
        await service.start(gid, BOB)
    assert err.value.msg.key == "error.not_creator"
    check = await service.start(gid, ALICE)
    assert "Bob" in check.reply.render() and "Alice" not in check.reply.render()
    assert check.effects[0].mentions == (BOB,)  # type: ignore[union-attr]
    began = await service.confirm_ready(gid, BOB)
    assert (await service.summary(gid)).status == "active"
    dms = [e for e in began.effects if isinstance(e, Notify)]
    assert {e.user_id for e in dms} == {ALICE, BOB}
    assert all(e.show_private for e in dms if e.msg.key == "game.your_turn")


async def test_bad_options_are_refused(service: GameService) -> None:
    with pytest.raises(ServiceError) as err:
        await service.create_game(ALICE, "Alice", "sealed_bids", config={"rounds": 0})
    assert "rounds must be" in err.value.msg.render()
    with pytest.raises(ServiceError) as err:
        await service.create_game(ALICE, "Alice", "chess")
    assert "Unknown game type chess" in err.value.msg.render()
    with pytest.raises(ServiceError):
        await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=9)
    assert await service.my_games(ALICE) == []


async def test_too_few_players_and_full_lobby(service: GameService) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=2)).game_id
    with pytest.raises(ServiceError) as err:
        await service.start(gid, ALICE)
    assert "at least 2 players" in err.value.msg.render()
    await service.join(gid, BOB, "Bob")
    with pytest.raises(ServiceError) as err:
        await service.join(gid, CAROL, "Carol")
    assert err.value.msg.key == "error.lobby_full"


async def test_leave_renumbers_seats(service: GameService) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=4)).game_id
    await service.join(gid, BOB, "Bob")
    await service.join(gid, CAROL, "Carol")
    await service.leave(gid, BOB)
    summary = await service.summary(gid)
    assert [(s, u) for s, u, _ in summary.players] == [(0, ALICE), (1, CAROL)]
    with pytest.raises(ServiceError) as err:
        await service.leave(gid, ALICE)
    assert err.value.msg.key == "error.creator_leave"


async def test_ready_check_timeout_drops_unready(service: GameService, clock: ManualClock
                                                 ) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3)).game_id
    await service.join(gid, BOB, "Bob")
    await service.join(gid, CAROL, "Carol")
    await service.start(gid, ALICE)
    await service.confirm_ready(gid, CAROL)
    clock.advance(service.settings.ready_check_seconds + 1)
    effects = await service.run_due()
    posts = [e.msg.render() for e in effects if isinstance(e, Post)]
    assert any("Dropped: Bob" in p for p in posts)
    summary = await service.summary(gid)
    assert summary.status == "lobby"
    assert [u for _, u, _ in summary.players] == [ALICE, CAROL]


async def test_my_games_lists_active_games(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    mine = await service.my_games(BOB)
    assert [g.game_id for g in mine] == [gid]
    assert mine[0].phase_label.startswith("Round 1")
    assert mine[0].deadline is not None
    assert NAMES[ALICE] in [n for _, _, n in mine[0].players]

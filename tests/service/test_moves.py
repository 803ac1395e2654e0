from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service import (
    GameService,
    ManualClock,
    Notify,
    Post,
    ServiceError,
    ServiceSettings,
    StaleVersion,
)
from rules.base import Action
from rules.canonical_json import canonical_json
from storage import repo
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.service.helpers import ALICE, BOB, CAROL, started_game


async def test_submit_hides_bids_until_reveal(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    out = await service.submit(gid, ALICE, Action("bid", {"amount": 7}))
    assert out.reply.render() == "You bid 7."
    assert not [e for e in out.effects if isinstance(e, Post)]  # nothing public about a bid
    ready = await service.submit(gid, ALICE, Action("ready"))
    public = " ".join(e.msg.render() for e in ready.effects if isinstance(e, Post))
    assert "ready" in public and "7" not in public
    bob_view = await service.private_view(gid, BOB)
    assert bob_view.view["you"]["bid"] is None and "7" not in str(bob_view.view)
    done = await service.submit(gid, BOB, {"kind": "ready", "params": {}})
    public = " ".join(e.msg.render() for e in done.effects if isinstance(e, Post))
    assert "Bids revealed: [7, 0]" in public


async def test_rejected_move_says_why_and_changes_nothing(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    before = await service.summary(gid)
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, ALICE, Action("bid", {"amount": 50}))
    assert err.value.msg.render() == "You can bid from 0 to 10 coins."
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, CAROL, Action("ready"))
    assert err.value.msg.key == "error.not_seated"
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, ALICE, {"params": {}})
    assert err.value.msg.key == "error.bad_action"
    assert (await service.summary(gid)).version == before.version


async def test_double_submit_is_idempotent(service: GameService, engine: AsyncEngine) -> None:
    gid = await started_game(service, [ALICE, BOB])
    first = await service.submit(gid, ALICE, Action("ready"), interaction_id="i-1")
    again = await service.submit(gid, ALICE, Action("ready"), interaction_id="i-1")
    assert not first.duplicate and again.duplicate and again.effects == []
    # After a restart (fresh service, empty memory) the database still knows the interaction.
    fresh = GameService(engine, clock=service.clock, games={"sealed_bids": SEALED})
    third = await fresh.submit(gid, ALICE, Action("ready"), interaction_id="i-1")
    assert third.duplicate
    async with engine.connect() as conn:
        assert len(await repo.actions_after(conn, gid, 0)) == 1


async def test_concurrent_submits_on_one_version_serialize(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    version = (await service.summary(gid)).version
    results = await asyncio.gather(
        service.submit(gid, ALICE, Action("ready"), expected_version=version),
        service.submit(gid, BOB, Action("ready"), expected_version=version),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert len(applied) == 1 and len(stale) == 1
    assert stale[0].version == version + 1
    assert (await service.summary(gid)).version == version + 1


async def test_second_process_conflict_is_caught_by_the_database(
    service: GameService, engine: AsyncEngine, clock: ManualClock
) -> None:
    """Two processes cache version 0; the second's move meets the database's version check,
    is judged again on the stored head and goes through once — the player sees no conflict."""
    gid = await started_game(service, [ALICE, BOB])
    other = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    await other.private_view(gid, ALICE)  # both processes now hold version 0 in memory
    await other.submit(gid, BOB, Action("ready"))
    out = await service.submit(gid, ALICE, Action("ready"), interaction_id="late-1")
    assert out.version == 2 and not out.duplicate
    async with engine.connect() as conn:
        assert [a.seat for a in await repo.actions_after(conn, gid, 0, None)][-2:] == [1, 0]
    with pytest.raises(StaleVersion):  # a click made on version 1 is stale at version 2
        await service.submit(gid, BOB, Action("ready"), expected_version=1)


async def test_a_shared_database_never_serves_a_stale_cached_head(
    service: GameService, engine: AsyncEngine, clock: ManualClock
) -> None:
    """With other processes on the database, a read checks the cached head's version."""
    gid = await started_game(service, [ALICE, BOB])
    here = GameService(engine, clock=clock, games={"sealed_bids": SEALED},
                       settings=ServiceSettings(shared_database=True))
    before = await here.summary(gid)
    await service.submit(gid, BOB, Action("ready"))
    after = await here.summary(gid)
    assert after.version == before.version + 1


async def test_full_game_replays_from_log_and_snapshots(service: GameService,
                                                        engine: AsyncEngine) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 20})
    users = {0: ALICE, 1: BOB}
    moves = 0
    while (await service.summary(gid)).status == "active":
        summary = await service.summary(gid)
        for seat in summary.awaiting:
            user = users[seat]
            actions = await service.legal_actions(gid, user)
            pick = actions[-1] if moves % 3 else actions[0]
            await service.submit(gid, user, pick)  # type: ignore[arg-type]
            moves += 1
    summary = await service.summary(gid)
    assert summary.status == "finished" and summary.awaiting == []
    async with engine.connect() as conn:
        game = await repo.get_game(conn, gid)
        assert game is not None and game.result is not None
        snapshot = await repo.latest_snapshot(conn, gid)
    assert snapshot is not None and snapshot.seq % 50 == 0  # replay starts from it
    rebuilt = await service.rebuild(gid)
    assert SEALED.to_json(rebuilt) == game.state
    midway = await service.rebuild(gid, upto=7)
    assert SEALED.to_json(midway) != game.state
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, ALICE, Action("ready"))
    assert err.value.msg.key == "error.not_active"


async def test_finished_game_posts_the_result(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1})
    await service.submit(gid, ALICE, Action("bid", {"amount": 3}))
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("ready"))
    out = await service.submit(gid, ALICE, Action("claim", {"prize": "coins"}))
    posts = [e.msg.render() for e in out.effects if isinstance(e, Post)]
    assert any("is over" in p and "won" in p for p in posts)


async def test_log_shows_each_viewer_only_what_they_may_see(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    await service.submit(gid, ALICE, Action("bid", {"amount": 4}))
    assert "1. You bid 4." in await service.game_log(gid, ALICE)
    assert all("bid 4" not in line for line in await service.game_log(gid, BOB))
    assert all("bid 4" not in line for line in await service.game_log(gid, None))


async def test_private_events_reach_only_their_seat(service: GameService) -> None:
    gid = await started_game(service, [ALICE, BOB])
    out = await service.submit(gid, BOB, Action("bid", {"amount": 2}))
    assert out.reply.render() == "You bid 2."  # the actor's own secret comes back privately
    assert not [e for e in out.effects if isinstance(e, Notify)]  # and is DMed to nobody
    assert not [e for e in out.effects if isinstance(e, Post)]


async def test_verify_detects_a_tampered_head(service: GameService, engine: AsyncEngine) -> None:
    gid = await started_game(service, [ALICE, BOB])
    await service.submit(gid, ALICE, Action("bid", {"amount": 5}))
    await service.submit(gid, ALICE, Action("ready"))
    assert await service.verify(gid) is None
    assert await service.game_ids() == [gid]
    async with engine.begin() as conn:
        game = await repo.get_game(conn, gid)
        assert game is not None and game.state is not None
        await repo.update_game(conn, gid, state={**game.state, "coins": [99, 99]})
    assert await service.verify(gid) == "the replayed state differs from the stored head"


async def test_a_cached_head_keeps_only_its_current_state(service: GameService) -> None:
    """A move asks the engine about the state it leaves and the one it makes; once committed,
    the cached head lets the old one go (with its views) instead of keeping it alive."""
    import gc
    import weakref

    gid = await started_game(service, [ALICE, BOB])
    await service.private_view(gid, ALICE)
    head = service._heads[gid]
    old = weakref.ref(head.state)
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}))
    assert service._heads[gid] is head and head.state is not old()
    assert [facts.state for facts in head._facts] == [head.state]
    gc.collect()
    assert old() is None
    # Nor a second copy of the new one: the row keeps the text it stored, not a JSON tree.
    assert isinstance(head.game.state, str)
    assert json.loads(head.game.state) == json.loads(canonical_json(head.rules.to_json(
        head.state)))
    async with service.engine.connect() as conn:
        assert (await repo.get_game(conn, gid)).state == json.loads(head.game.state)

"""Per-server statistics and ratings (docs/ratings.md): computed from finished games, stored
when one finishes, recomputable from the logs."""

from __future__ import annotations

import pytest

from bot.service import GameService, ManualClock
from bot.service.stats import rate
from rules.base import Action
from storage.stats import ALL_GAMES, FinishedGame, replace_ratings, stored_ratings
from tests.service.helpers import ALICE, BOB, CAROL, started_game


def game(ranking: list[list[int]], users: list[int], winners: list[int]) -> FinishedGame:
    return FinishedGame(1, "x", None, {"ranking": ranking, "winners": winners},
                        {s: (u, f"p{u}") for s, u in enumerate(users)})


def test_a_duel_moves_both_ratings_by_half_k() -> None:
    players = rate([game([[0], [1]], [1, 2], [0])])
    assert players[1].rating == pytest.approx(1516) and players[2].rating == pytest.approx(1484)
    assert (players[1].won, players[2].won, players[1].played) == (1, 0, 1)


def test_a_shared_defeat_and_a_tie_move_nothing() -> None:
    players = rate([game([[0, 1, 2]], [1, 2, 3], [])])
    assert {round(p.rating) for p in players.values()} == {1500}


def test_a_four_player_game_is_scaled_like_a_duel() -> None:
    players = rate([game([[0], [1], [2], [3]], [1, 2, 3, 4], [0])])
    assert players[1].rating == pytest.approx(1500 + 32 / 3 * 1.5)
    assert sum(p.rating for p in players.values()) == pytest.approx(4 * 1500)


async def test_server_stats_count_games_wins_misses_and_response_times(
    service: GameService, clock: ManualClock
) -> None:
    for _ in range(2):
        gid = await started_game(service, [ALICE, BOB, CAROL], config={"rounds": 1},
                                 guild_id=9, deadline_hours=1, excuses=0)
        clock.advance(600)
        await service.submit(gid, ALICE, Action("bid", {"amount": 3}))
        await service.submit(gid, ALICE, Action("ready"))
        clock.advance(1200)
        await service.submit(gid, BOB, Action("ready"))
        clock.advance(3600)
        await service.run_due()  # Carol misses: her default is played
        summary = await service.summary(gid)
        if summary.status != "finished":
            await service.submit(gid, ALICE, Action("claim", {"prize": "points"}))
        assert (await service.summary(gid)).status == "finished"
    stats = await service.server_stats(9)
    assert {u: (p.played, p.won) for u, p in stats.items()} == {
        ALICE: (2, 2), BOB: (2, 0), CAROL: (2, 0)}
    assert stats[ALICE].rating > 1500 > stats[CAROL].rating
    assert stats[CAROL].missed == 2 and stats[ALICE].missed == 0
    assert stats[BOB].avg_response_hours == pytest.approx(1200 / 3600)
    assert await service.server_stats(10) == {}


async def test_the_standings_post_names_places_scores_days_and_misses(
    service: GameService, clock: ManualClock
) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1}, deadline_hours=1,
                             excuses=0)
    clock.advance(3 * 86400)
    await service.submit(gid, ALICE, Action("bid", {"amount": 2}))
    await service.submit(gid, ALICE, Action("ready"))
    clock.advance(3601)
    effects = await service.run_due()  # Bob misses: his ready is made for him
    out = await service.submit(gid, ALICE, Action("claim", {"prize": "points"}))
    posts = [e.msg.render() for e in [*effects, *out.effects] if hasattr(e, "msg")]
    standings = next(p for p in posts if "is over" in p)
    assert standings.startswith(
        "Game #1 is over after 3 days (most points after the last round): Alice (Seat 1) won.")
    lines = standings.splitlines()
    assert lines[1].startswith("1. Alice (Seat 1) — ")
    assert lines[2].startswith("2. Bob (Seat 2) (1 missed deadline) — ")


async def _finish(service: GameService, clock: ManualClock, guild: int) -> int:
    """A 2-player one-round sealed-bids game in ``guild`` that Alice wins."""
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1}, guild_id=guild,
                             deadline_hours=1, excuses=0)
    clock.advance(600)
    await service.submit(gid, ALICE, Action("bid", {"amount": 3}))
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("bid", {"amount": 1}))
    await service.submit(gid, BOB, Action("ready"))
    if (await service.summary(gid)).status != "finished":
        await service.submit(gid, ALICE, Action("claim", {"prize": "points"}))
    assert (await service.summary(gid)).status == "finished"
    return gid


async def _stored(service: GameService, guild: int, game_type: str) -> dict[int, tuple]:
    async with service.engine.connect() as conn:
        rows = await stored_ratings(conn, guild, game_type)
    return {r["user_id"]: (r["played"], r["won"], round(r["rating"], 6), r["missed"],
                           r["responses"]) for r in rows}


async def test_ratings_are_stored_when_a_game_finishes_and_recomputable_from_the_logs(
        service: GameService, clock: ManualClock) -> None:
    await _finish(service, clock, guild=7)
    per_game = await _stored(service, 7, "sealed_bids")
    together = await _stored(service, 7, ALL_GAMES)
    assert per_game == together and set(per_game) == {ALICE, BOB}
    assert per_game[ALICE][:2] == (1, 1) and per_game[BOB][:2] == (1, 0)
    assert per_game[ALICE][2] > 1500 > per_game[BOB][2]
    await _finish(service, clock, guild=7)
    assert (await _stored(service, 7, "sealed_bids"))[ALICE][:2] == (2, 2)
    # /game stats reads the stored rows ...
    stats = await service.server_stats(7, "sealed_bids")
    assert {u: (p.played, p.won) for u, p in stats.items()} == {ALICE: (2, 2), BOB: (2, 0)}
    # ... and the logs give them back whole: wiped or tampered rows are recomputed.
    kept = await _stored(service, 7, "sealed_bids")
    async with service.engine.begin() as conn:
        await replace_ratings(conn, 7, "sealed_bids", [])
        await replace_ratings(conn, 7, ALL_GAMES, [
            {"user_id": ALICE, "name": "x", "rating": 9.0, "played": 99, "won": 0, "missed": 0,
             "response_total": 0.0, "responses": 0, "updated_at": clock.now()}])
    assert await service.refresh_all_ratings() == 1
    assert await _stored(service, 7, "sealed_bids") == kept
    assert await _stored(service, 7, ALL_GAMES) == kept


async def test_stats_of_games_finished_before_stored_ratings_are_filled_on_first_read(
        service: GameService, clock: ManualClock) -> None:
    await _finish(service, clock, guild=8)
    async with service.engine.begin() as conn:  # as after the upgrade that added the table
        await replace_ratings(conn, 8, "sealed_bids", [])
        await replace_ratings(conn, 8, ALL_GAMES, [])
    stats = await service.server_stats(8)
    assert {u: p.won for u, p in stats.items()} == {ALICE: 1, BOB: 0}
    assert set(await _stored(service, 8, ALL_GAMES)) == {ALICE, BOB}


async def test_rolling_back_a_finished_game_takes_it_out_of_the_ratings(
        service: GameService, clock: ManualClock) -> None:
    gid = await _finish(service, clock, guild=6)
    assert (await _stored(service, 6, "sealed_bids"))[ALICE][:2] == (1, 1)
    await service.rollback(gid, CAROL, "Carol", to=2, admin=True)
    assert (await service.summary(gid)).status == "active"
    assert await _stored(service, 6, "sealed_bids") == {}
    assert await service.server_stats(6) == {}


def test_a_game_with_bots_counts_as_played_but_moves_no_rating() -> None:
    with_bot = FinishedGame(1, "x", None, {"ranking": [[0], [1], [2]], "winners": [0]},
                            {0: (1, "p1"), 1: (2, "p2"), 2: (None, "")}, frozenset({2}))
    players = rate([with_bot])
    assert {u: (p.played, p.won, p.rating) for u, p in players.items()} == {
        1: (1, 1, 1500.0), 2: (1, 0, 1500.0)}


async def test_server_ratings_skip_games_with_bots(service: GameService) -> None:
    gid = (await service.create_game(ALICE, "Alice", "sealed_bids", max_seats=3, bots=1,
                                     config={"rounds": 1}, guild_id=9)).game_id
    await service.join(gid, BOB, "Bob")
    await service.start(gid, ALICE)
    await service.confirm_ready(gid, BOB)  # (the bot plays its defaults: no AI here)
    await service.submit(gid, ALICE, Action("bid", {"amount": 3}))
    await service.submit(gid, ALICE, Action("ready"))
    await service.submit(gid, BOB, Action("ready"))
    if (await service.summary(gid)).status != "finished":
        await service.submit(gid, ALICE, Action("claim", {"prize": "points"}))
    assert (await service.summary(gid)).status == "finished"
    stats = await service.server_stats(9)
    assert {u: (p.played, p.won, p.rating) for u, p in stats.items()} == {
        ALICE: (1, 1, 1500.0), BOB: (1, 0, 1500.0)}

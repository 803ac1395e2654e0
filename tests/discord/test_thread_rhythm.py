"""A calm thread (issue 26), every game held to its budget by counting what the bot sends
Discord while it is played (``bench/thread_bench.py`` prints the same figures over longer
stretches): at most one new board message per unit of play (the game's turn key), on average
at most 3 Discord requests a move beyond the mover's own answer, and a burst of 50 autopilot
moves costs the thread a handful of messages and edits, not one per move. Counts, not
timings; the board images are stand-ins (their pixels are the renderers' business)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.discord.delivery as delivery_module
import bot.service.core as service_core
from bench.thread_bench import Rhythm, classify, counting, open_table, play, seats_for
from bot.discord.rhythm import turn_key
from bot.service import GameService
from tests.harness import boards, labels

GAMES = ("agot", "catan_watch", "fort", "great_wall", "northgard")
#: Moves a game is held to its budget over (the bench plays longer stretches).
MOVES = 60
#: The most requests a move may cost on average beyond the mover's own answer.
REQUESTS_PER_MOVE = 3.0
#: What a burst of 50 autopilot moves may add to the thread: the resign notice, the burst's
#: narration (a message per 2,000 characters of lines at most) and the final board (a new one,
#: the old losing its buttons, or one edit).
BURST_THREAD_CALLS = 6


@pytest.fixture(autouse=True)
def stand_in_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    async def board_png(game_id: int, version: int, game_type: str, view: Any,
                        locale: str | None = None) -> bytes:
        return b"\x89PNG\r\n\x1a\n" + version.to_bytes(4, "big")

    monkeypatch.setattr(delivery_module, "render_board_async", board_png)


@pytest.mark.parametrize("service_games", [(g,) for g in GAMES], ids=GAMES)
async def test_each_game_keeps_to_its_thread_budget(simcord_env: Any, service: GameService,
                                                    service_games: tuple[str, ...]) -> None:
    (game,) = service_games
    thread, _users = await open_table(simcord_env, game, seats_for(game))
    rhythm = Rhythm(game, seats_for(game))
    await play(simcord_env, service, 1, thread, MOVES, 7, rhythm)
    print("\n" + rhythm.line())
    assert rhythm.moves >= 40, rhythm.line()
    assert rhythm.counts["new boards"] <= rhythm.begun, rhythm.line()
    assert rhythm.counts["requests"] <= REQUESTS_PER_MOVE * rhythm.moves, rhythm.line()
    # The thread reads as a history: one board per unit, only the newest with its buttons.
    shown = boards(thread)
    assert len(shown) >= 1 + rhythm.counts["new boards"]
    assert "My hand" in labels(shown[-1])
    assert not any(labels(b) for b in shown[:-1])


@pytest.mark.parametrize("service_games", [(g,) for g in GAMES], ids=GAMES)
async def test_a_burst_of_50_autopilot_moves_posts_a_handful(
        simcord_env: Any, service: GameService, service_games: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (game,) = service_games
    n = seats_for(game)
    thread, users = await open_table(simcord_env, game, n)
    for user in users[1:]:  # their seats open: the autopilot plays them as they come up
        await user.slash(thread, "game resign", game=1)
    before = await service.board_snapshot(1)
    monkeypatch.setattr(service_core, "MAX_AUTOPILOT_MOVES", 50)
    calls = Rhythm(game, n)
    with counting(simcord_env, thread, calls):
        await users[0].slash(thread, "game resign", game=1)  # every seat open: one burst
    after = await service.board_snapshot(1)
    played = after.version - before.version
    assert played >= 50, played
    thread_calls = calls.counts["thread posts"] + calls.counts["thread edits"]
    print(f"\n{game}: {played} moves in one burst, {thread_calls} thread messages and edits, "
          f"{calls.counts['requests']} requests in all")
    assert thread_calls <= BURST_THREAD_CALLS, dict(calls.counts)
    assert calls.counts["new boards"] <= 1
    assert calls.counts["uploads"] <= 1
    if turn_key(game, before.view, before.summary) == turn_key(game, after.view,
                                                                after.summary):
        assert calls.counts["new boards"] == 0


@pytest.mark.parametrize("service_games", [("agot",), ("great_wall",)], ids=["agot", "gw"])
async def test_a_table_of_one_person_and_bots_keeps_to_the_budget(
        simcord_env: Any, service: GameService, service_games: tuple[str, ...]) -> None:
    """Each of the person's moves sets off the bots' answers at once (#28): one burst, so at
    most one new board per unit of play, whatever the bots played in it."""
    (game,) = service_games
    n = seats_for(game)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    person = guild.add_member(simcord_env.create_user("person"))
    await person.slash(channel, "game new", game_type=game, players=n, bots=n - 1,
                       difficulty="easy")
    (thread,) = channel.threads
    await person.slash(thread, "game start")
    rhythm = Rhythm(game, n)
    await play(simcord_env, service, 1, thread, MOVES, 7, rhythm)
    summary = await service.summary(1)
    played = summary.version
    print(f"\n{rhythm.line()} ({played} moves with the bots')")
    assert played > rhythm.moves >= 20, rhythm.line()
    assert rhythm.counts["new boards"] <= rhythm.begun, rhythm.line()
    assert rhythm.counts["requests"] <= REQUESTS_PER_MOVE * played, rhythm.line()


def test_requests_are_classified_by_where_they_go() -> None:
    from collections import Counter

    class Req:
        def __init__(self, method: str, path: str, json: Any = None) -> None:
            self.method, self.path, self.json = method, path, json

    counts: Counter[str] = Counter()
    board = {"embeds": [{"image": {"url": "attachment://board.png"}}]}
    for req in (Req("POST", "/channels/5/messages", board), Req("POST", "/channels/5/messages"),
                Req("PATCH", "/channels/5/messages/9"), Req("POST", "/channels/6/messages"),
                Req("PATCH", "/channels/6/messages/9"), Req("POST", "/users/@me/channels")):
        classify(req, "5", counts)
    assert counts == Counter({"requests": 6, "thread posts": 2, "new boards": 1,
                              "thread edits": 1, "dms": 1, "dm edits": 1})

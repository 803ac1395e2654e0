"""A game's own command used in another game's thread says which game the thread holds
(it answered "Something went wrong on my side": a KeyError)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.harness import SEALED_BIDS, server, start_game


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return (SEALED_BIDS, "catan_watch")


async def test_catan_commands_in_another_games_thread(simcord_env: Any) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob])
    for command, options in (("catan build", {"spot": "corner A/B/E"}),
                             ("catan move", {"option": "roll"})):
        answer = await alice.slash(thread, command, **options)
        text = answer.response.content
        assert "Game #1 is Sealed Bids (test fixture), not Catan" in text, text
        assert "went wrong" not in text


async def test_catan_board_in_another_games_thread_says_so(simcord_env: Any) -> None:
    _guild, channel, (alice, _bob) = server(simcord_env, "alice", "bob")
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2)
    (thread,) = channel.threads
    answer = await alice.slash(thread, "catan board")
    assert "is Sealed Bids (test fixture), not Catan" in answer.response.content

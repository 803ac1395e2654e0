"""What the player's-eye suite found in the core, fixed: a user's chosen language wins over
their client's in every answer; "My hand" answers with a panel that holds no "My hand";
`/game claim` infers the game in its thread; `/game status` says a paused game is paused and
shows an open seat as played by the bot; the leaderboard says what its rating means."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import custom_ids, server, start_game


async def test_the_language_a_user_chose_wins_over_their_client_everywhere(
        simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    # simcord's client speaks English; Bob chose Czech.
    saved = await bob.slash(channel, "game settings", language="cs")
    assert "Nastavení uloženo" in saved.response.content
    thread = await start_game(channel, [alice, bob], options="rounds=1")
    status = await bob.slash(thread, "game status")
    assert "Fáze:" in status.response.content and "Phase:" not in status.response.content
    assert "běží" in status.response.content  # the status in words, in Czech
    helped = await bob.slash(channel, "help")
    assert "Jak tu hra probíhá" in helped.response.content
    rules = await bob.slash(channel, "game rules", game_type="sealed_bids")
    assert "Players:" not in rules.response.content
    # A DM panel after its first press answers in Czech too.
    dm = bob.user.dm_channel.last_message
    move = next(i for i in custom_ids(dm) if i.startswith("mst:mv:"))
    pressed = await bob.user.click(dm, custom_id=move)
    assert "Jsi na tahu" in pressed.response.content or "Hotovo" in pressed.response.content \
        or "Čeká" in pressed.response.content, pressed.response.content
    # Alice, who chose nothing, is answered in her client's language.
    mine = await alice.slash(thread, "game status")
    assert "Phase:" in mine.response.content


async def test_my_hand_answers_with_a_panel_without_my_hand(
        simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], options="rounds=1")
    board = next(m for m in reversed(thread.history()) if any(
        i.startswith("mst:hand:") for i in custom_ids(m)))
    hand = await alice.click(board, label="My hand")
    assert hand.ephemeral and custom_ids(hand.response)
    assert not [i for i in custom_ids(hand.response) if i.startswith("mst:hand:")]
    dm = alice.user.dm_channel.last_message
    assert not [i for i in custom_ids(dm) if i.startswith("mst:hand:")]


async def test_claim_in_the_thread_status_of_paused_games_and_open_seats(
        simcord_env: Any, service: GameService) -> None:
    import discord

    guild, channel, (alice, bob, carol, dave) = server(simcord_env, "alice", "bob", "carol",
                                                        "dave")
    thread = await start_game(channel, [alice, bob, carol], options="rounds=3")
    await bob.slash(thread, "game resign")
    status = (await alice.slash(thread, "game status")).response.content
    assert "open — played by the bot" in status and "bob" not in status.lower().split(
        "players:")[1].split("\n")[0]
    # In the game's thread, claim needs no game option, and autocomplete offers its seats.
    seats = await dave.autocomplete(thread, "game claim", "seat", "")
    assert [c["value"] for c in seats] == [2]
    await dave.slash(thread, "game claim", seat=2)
    assert any(f"{dave.mention} now plays" in m.content for m in thread.history())
    # A paused game says so, with no deadline running.
    role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[role])
    await mod.slash(thread, "game admin", action="pause")
    paused = (await alice.slash(thread, "game status")).response.content
    assert "paused" in paused and "running" not in paused
    assert "Deadline: none while the game is paused" in paused


async def test_the_leaderboard_says_what_its_rating_means(
        simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice,) = server(simcord_env, "alice")
    board = (await alice.slash(channel, "game leaderboard", game_type="sealed_bids")).response
    assert "docs/" not in board.content and "starts at 1500" in board.content


def test_a_round_at_a_lines_start_is_not_a_numbered_list() -> None:
    from types import SimpleNamespace

    from bot.discord.text import no_list, phase_text
    from rules.base import text

    assert no_list("2. kolo — plánování") == "2\\. kolo — plánování"
    assert no_list("Kolo 2. fáze") == "Kolo 2. fáze"
    summary = SimpleNamespace(phase=text("engine.text", text="3. kolo"), phase_label="Round 3",
                              status="active", paused=False)
    assert phase_text(summary, "cs") == "3\\. kolo"
    paused = SimpleNamespace(phase=None, phase_label="", status="active", paused=True)
    assert phase_text(paused, "cs") == "pozastavena"

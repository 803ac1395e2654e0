"""The whole table through discord.py's real machinery (simcord): lobby → ready check →
secret bids → reveal → prize → result; nothing secret in public on the way; a player whose
DMs are closed plays everything through the ephemeral "My hand" button."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from tests.harness import boards, labels, server, start_game

SECRET_MARKERS = ("You bid", "**bid**: 7", "**bid**: 3", "bid 7", "bid 3")


def public_text(channel: Any, outsider: Any) -> str:
    """Everything an outsider sees in a channel: contents, embeds, button labels."""
    parts: list[str] = []
    for m in channel.history(viewer=outsider):
        parts.append(m.content)
        for e in m.embeds:
            parts.append(str(e.to_dict()))
        for row in m.components:
            for c in getattr(row, "children", [row]):
                parts.append(f"{getattr(c, 'label', '')} {getattr(c, 'custom_id', '')}")
    return "\n".join(parts)


def by_label(message: Any, label: str) -> bool:
    return label in labels(message)


async def test_lobby_to_result_through_buttons_dms_and_my_hand(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol, dave) = server(env, "alice", "bob", "carol", "dave")

    created = await alice.slash(channel, "game new", game_type="sealed_bids", players=3,
                                options="rounds=1", title="Sealed table")
    assert created.ephemeral
    callbacks = [r.json for r in env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1]["type"] == 5  # deferred first, then the answer as a follow-up
    assert "#1 is open" in created.response.content
    (thread,) = channel.threads
    assert thread.name == "Sealed table #1"
    assert "#1 is open" in thread.history()[0].content

    joined = await bob.click(thread.last_message, label="Join")
    # The thread says who joined; the presser gets no private copy of that line.
    assert not joined.followups and not joined.ephemeral
    assert "joined game #1 (2/3)" in thread.last_message.content
    offered = await carol.autocomplete(thread, "game join", "game", "")
    assert [c["value"] for c in offered] == [1]
    joined = await carol.slash(thread, "game join", game=1)
    assert "thread has it" in joined.response.content  # not a copy of the thread's line
    assert "(3/3)" in thread.last_message.content

    started = await alice.slash(thread, "game start")
    assert "thread has it" in started.response.content
    check = thread.last_message
    assert "about to start" in check.content
    assert by_label(check, "Ready") and carol.mention in check.content
    assert {u.id for u in check.mentions} == {bob.id, carol.id}  # only the unready pinged
    await bob.click(check, label="Ready")
    begun = await carol.click(thread.last_message, label="Ready")
    assert not begun.followups  # the thread says it has begun; no private copy
    assert any("has begun" in m.content for m in thread.history())
    board = thread.last_message
    assert board.attachments and board.attachments[0].filename == "board.png"
    assert by_label(board, "My hand")

    # Alice bids from her DM; her reply is a fresh panel where she presses ready.
    alice_dm = alice.user.dm_channel
    turn = alice_dm.last_message
    dms_before = len(alice_dm.history())
    assert "waits for you" in turn.content and turn.embeds
    bid = await alice.user.click(turn, label="bid 7")
    # The DM panel she clicked in is edited in place: no new message.
    assert bid.response.id == turn.id and "You bid 7." in bid.response.content
    assert len(alice_dm.history()) == dms_before
    assert "**bid**: 7" in str(bid.response.embeds[0].to_dict())
    await alice.user.click(bid.response, label="ready")

    # Bob uses the board's "My hand" button in the thread.
    hand = await bob.click(board, label="My hand")
    assert hand.ephemeral and hand.response.embeds
    assert "**bid**: —" in str(hand.response.embeds[0].to_dict())  # Bob never sees Alice's bid
    bid = await bob.click(hand.response, label="bid 3")
    await bob.click(bid.response, label="ready")

    # Within a phase the one board message is edited, not re-posted, and the phase's log
    # lines gather in one message headed by the phase, edited as they come.
    assert len(boards(thread)) == 1
    narrated = [m for m in thread.history() if "is ready." in m.content]
    assert len(narrated) == 1
    assert narrated[0].content == ("**Round 1 · place your bids**\nSeat 1 is ready.\n"
                                   "Seat 2 is ready.")

    # Nothing secret is public before the reveal, nor in Carol's autocomplete.
    seen = public_text(thread, dave) + public_text(channel, dave)
    assert not any(marker in seen for marker in SECRET_MARKERS)
    choices = await carol.user.autocomplete("game hand", "game", "")
    assert choices and not any(m in str(choices) for m in SECRET_MARKERS)

    # Carol uses /game hand in her DMs (her only game is picked) and readies with bid 0.
    hand = await carol.user.slash("game hand")
    assert hand.ephemeral and "Seat 3" in hand.response.embeds[0].title
    await carol.user.click(hand.response, label="ready")
    assert any("Bids revealed: [7, 3, 0]" in m.content for m in thread.history())
    # The reveal moved the game to a new phase: a new message, headed by it.
    reveal = next(m for m in thread.history() if "Bids revealed" in m.content)
    assert reveal.content.startswith("**Round 1 · prize choice**\n")
    assert reveal.id != narrated[0].id

    # Alice won the round: her DM offers the prize choice.
    prize = alice_dm.last_message
    assert "choose your prize" in prize.content
    done = await alice.user.click(prize, label="claim coins")
    assert done.response.id == prize.id  # answered in the DM she clicked in
    # The standings come as an embed: title, why it ended, places and scores.
    over = [e for m in thread.history() for e in m.embeds if "is over" in (e.description or "")]
    assert len(over) == 1 and "won" in over[0].description
    assert over[0].title == "Game #1 — final standings"
    assert (await service.summary(1)).status == "finished"
    assert len(boards(thread)) == 3  # bidding, prize choice, game over
    status = await dave.slash(channel, "game status", game=1)
    assert "finished" in status.response.content


async def test_closed_dms_fall_back_to_my_hand_without_retrying(
    simcord_env: Any, service: GameService
) -> None:
    env = simcord_env
    _guild, channel, (alice, carol, _dave) = server(env, "alice", "carol", "dave")
    carol_dm = carol.user.dm_channel
    dm_path = f"/channels/{carol_dm.id}/messages"
    env.inject_error("POST", dm_path, status=403, code=50007,
                     message="Cannot send messages to this user", times=None)

    thread = await start_game(channel, [alice, carol], options="rounds=1")

    assert not await service.dm_ok(carol.id)
    told = [m for m in thread.history() if "I cannot DM you" in m.content]
    assert len(told) == 1 and carol.mention in told[0].content
    assert {u.id for u in told[0].mentions} == {carol.id}
    assert by_label(told[0], "My hand")

    # Carol plays everything through the ephemeral My hand panel.
    await alice.user.click(alice.user.dm_channel.last_message, label="ready")
    hand = await carol.click(told[0], label="My hand")
    assert hand.ephemeral and "your bid" in hand.response.content
    bid = await carol.click(hand.response, label="bid 9")
    # The ephemeral panel is edited in place too.
    assert bid.response.id == hand.response.id and bid.response.ephemeral
    assert "bid 9" in bid.response.content or "You bid 9." in bid.response.content
    await carol.click(bid.response, label="ready")
    assert any("Bids revealed: [0, 9]" in m.content for m in thread.history())
    hand = await carol.click(told[0], label="My hand")
    assert "choose your prize" in hand.response.content
    await carol.click(hand.response, label="claim points")
    assert (await service.summary(1)).status == "finished"

    # One refused DM, never retried; the table was told once.
    attempts = [r for r in env.http_requests if r.method == "POST" and r.path == dm_path]
    assert len(attempts) == 1
    assert sum("I cannot DM you" in m.content for m in thread.history()) == 1

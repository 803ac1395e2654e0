"""A solo game through discord.py's real machinery (simcord): lobby, the secret General and
Advisor picks and the first Command card by buttons in the DM, the thread seeing only that a
card was chosen; then the game is played to its end by the service's suggested moves."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from rules.rng import Rng
from tests.harness import labels, server, start_game


def _with_label(user: Any, prefix: str, last: Any = None) -> tuple[Any, str]:
    """The newest message (the last click's answer first, then the DM) with such a button."""
    found = [last.response] if last is not None and last.response is not None else []
    for m in [*found, *reversed(list(user.dm_channel.history()))]:
        for label in labels(m):
            if label.startswith(prefix):
                return m, label
    raise AssertionError(f"no button starting {prefix!r}")


async def test_solo_game_through_discord(simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice,) = server(simcord_env, "alice")
    thread = await start_game(channel, [alice], "great_wall")
    assert any(a.filename == "board.png" for m in thread.history() for a in m.attachments)

    message, label = _with_label(alice.user, "General: ")
    clicked = await alice.user.click(message, label=label)
    message, label = _with_label(alice.user, "Active Advisor: ", clicked)
    clicked = await alice.user.click(message, label=label)
    message, label = _with_label(alice.user, "Play ", clicked)
    await alice.user.click(message, label=label)
    log = "\n".join(m.content for m in thread.history())
    assert "Yellow has chosen a General." in log
    assert "Yellow reveals" in log  # solo: the reveal follows at once

    rng = Rng(3)
    summary = await service.summary(1)
    for _ in range(3000):
        if summary.status == "finished":
            break
        await service.submit(1, alice.user.id, await service.suggest_action(1, alice.user.id,
                                                                                  rng))
        summary = await service.summary(1)
    assert summary.status == "finished"

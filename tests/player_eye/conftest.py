"""The player's-eye suite's fixtures: a service that knows every registered game, and each
simulated user's Discord client language (simcord sends every interaction as ``en-US``; a
Czech player here uses a Czech client)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord.interactions

import bot.render
from bot.discord.deadline_loop import DeadlineLoop
from rules import registry

#: user id -> the locale of that user's Discord client.
CLIENT_LOCALES: dict[int, str] = {}


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return tuple(sorted(registry.games()))


@pytest.fixture(autouse=True)
def client_locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> Any:
        record, payload = original(backend, **kw)
        locale = CLIENT_LOCALES.get(int(kw["user_id"]))
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    yield CLIENT_LOCALES
    CLIENT_LOCALES.clear()


#: The board image every board message carries here: the suite reads text, and the boards'
#: drawings are tested per game (a drawing costs more than the rest of a move).
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


@pytest.fixture(autouse=True)
def plain_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.render, "render_board", lambda *_a, **_k: PNG)


@pytest.fixture(autouse=True)
def no_deadline_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot here runs without its deadline poll. The suite never moves the clock to a
    deadline, so the poll has nothing to do; and simcord's settle does not count a
    ``discord.ext.tasks`` loop whose virtual wake time has passed as parked, so after a
    while every settle waited its 50 ms idle interval for it: 692 waits, 40 s of a 97 s
    Catan table. Deadlines, reminders and defaults have their own simcord tests."""
    async def cog_load(self: DeadlineLoop) -> None:
        return None
    monkeypatch.setattr(DeadlineLoop, "cog_load", cog_load)


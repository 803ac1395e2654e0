"""`/help` explains the bot and lists every command; `/game rules` pages a game's rules
reference (the `docs/games/<game>.md` its front ships) by section."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.help import pages, rules_sections
from rules.registry import games
from tests.harness import server


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return tuple(games())


def test_every_game_ships_its_rules_reference() -> None:
    for game_type in games():
        sections = rules_sections(game_type)
        assert len(sections) >= 3, game_type
        for _title, text in sections:
            assert all(len(p) <= 2000 for p in pages(text))


async def test_help_and_rules_answer_in_pages(simcord_env: Any) -> None:
    _guild, channel, (alice,) = server(simcord_env, "alice")
    answer = await alice.slash(channel, "help")
    text = "\n".join(m.content for m in [answer.response, *answer.followups] if m)
    assert "game master" in text and "`/game new` —" in text and "`/game rules` —" in text
    assert "`/fort board` —" in text

    contents = await alice.slash(channel, "game rules", game_type="fort")
    first = contents.response.content
    assert first.startswith("**Fort** — rules reference.") and "1. " in first
    title = rules_sections("fort")[1][0]
    offered = await alice.autocomplete(channel, "game rules", "section", title[:6],
                                       game_type="fort")
    assert title in [c["value"] for c in offered]
    section = await alice.slash(channel, "game rules", game_type="fort", section=title)
    assert section.response.content.startswith(f"**{title}**")

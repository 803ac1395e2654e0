"""`/help` explains the bot and lists every command; `/game rules` shows a game's player's
guide (``guide/<locale>.md`` in its front), one to three pages, in the reader's language: their
`/game settings language:` choice, else their Discord client's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import simcord.interactions

from bot.discord.help import PAGE, guide_pages
from bot.i18n import available_locales
from rules.registry import games
from tests.harness import server

#: What only the developers' rules reference says: never in a player's guide.
DEVELOPER_WORDS = ("Engine", "engine", "Tests and speed", "Seed vs spec", "provenance",
                   "`rules/", "docs/", ".json", ".py")


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return tuple(games())


def test_every_game_ships_a_players_guide_in_every_language() -> None:
    assert set(available_locales()) >= {"en", "cs"}
    for game_type in games():
        english = guide_pages(game_type, "en")
        for locale in available_locales():
            guide = guide_pages(game_type, locale)
            assert 1 <= len(guide) <= 3, (game_type, locale)
            for title, text in guide:
                assert len(f"**{title}**\n{text}") + 60 <= PAGE, (game_type, locale, title)
                assert not any(w in text for w in DEVELOPER_WORDS), (game_type, locale, title)
            if locale != "en":  # its own text, not the English one
                assert all(a != b for a, b in zip(guide, english, strict=False)), game_type


async def test_a_guide_names_only_commands_the_bot_has(simcord_env: Any) -> None:
    names = {c.qualified_name for c in simcord_env.bot.tree.walk_commands()}
    for game_type in games():
        for locale in available_locales():
            for _title, text in guide_pages(game_type, locale):
                for named in re.findall(r"`/([a-z_]+(?: [a-z_]+)?)", text):
                    assert named in names, (game_type, locale, named)


async def test_help_and_rules_answer_in_pages(simcord_env: Any) -> None:
    _guild, channel, (alice,) = server(simcord_env, "alice")
    answer = await alice.slash(channel, "help")
    text = "\n".join(m.content for m in [answer.response, *answer.followups] if m)
    assert "game master" in text and "`/game new` —" in text and "`/game rules` —" in text
    assert "`/fort board` —" in text

    guide = await alice.slash(channel, "game rules", game_type="fort")
    shown = [m.content for m in [guide.response, *guide.followups] if m]
    assert shown[0].startswith("**Fort** — player's guide")
    assert [t for t, _ in guide_pages("fort", "en")] == [
        line[2:-2] for text in shown for line in text.splitlines()
        if line.startswith("**") and line.endswith("**")]
    title = guide_pages("fort", "en")[1][0]
    offered = await alice.autocomplete(channel, "game rules", "section", title[:6],
                                       game_type="fort")
    assert title in [c["value"] for c in offered]
    page = await alice.slash(channel, "game rules", game_type="fort", section=title)
    assert [m.content for m in [page.response, *page.followups] if m] == [
        f"**Fort** — player's guide\n\n**{title}**\n{guide_pages('fort', 'en')[1][1]}"]


@pytest.fixture
def czech_clients(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[int]]:
    """Users whose Discord client is Czech (simcord sends every interaction as en-US)."""
    czech: set[int] = set()
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> Any:
        record, payload = original(backend, **kw)
        if int(kw["user_id"]) in czech:
            payload["locale"] = "cs"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    yield czech


async def test_every_guide_in_the_readers_language(simcord_env: Any,
                                                   czech_clients: set[int]) -> None:
    _guild, channel, (anna, petr, jana) = server(simcord_env, "anna", "petr", "jana")
    await petr.slash(channel, "game settings", language="cs")  # an English client, Czech chosen
    czech_clients.add(jana.id)  # a Czech client, nothing chosen
    await anna.slash(channel, "game settings", language="en")
    czech_clients.add(anna.id)  # a Czech client, English chosen: the choice wins
    for game_type in sorted(games()):
        for member, locale in ((anna, "en"), (petr, "cs"), (jana, "cs")):
            answer = await member.slash(channel, "game rules", game_type=game_type)
            text = "\n".join(m.content for m in [answer.response, *answer.followups] if m)
            for title, page in guide_pages(game_type, locale):
                assert f"**{title}**\n{page}" in text, (game_type, locale, title)
            heading = "player's guide" if locale == "en" else "průvodce pro hráče"
            assert heading in text.splitlines()[0], (game_type, locale)

"""Each reads their own language: a player who chose Czech gets Czech DMs, one who did not
gets English ones, and the thread speaks the server's language (its preferred locale, or
`/game server language:`). Played with Fort, whose every line is a catalog key."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("fort",)


@pytest.fixture
def service_seed() -> int:
    return 40


async def test_a_czech_and_an_english_player_at_a_czech_server(
    simcord_env: Any, service: GameService
) -> None:
    guild = simcord_env.create_guild(preferred_locale="cs")
    channel = guild.create_text_channel("hry")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    saved = await bob.slash(channel, "game settings", language="cs")
    # The language chosen wins over the client's (simcord's is English) from this very answer.
    assert "Nastavení uloženo" in saved.response.content
    await alice.slash(channel, "game new", game_type="fort", players=2)
    (thread,) = channel.threads
    assert "je otevřená" in thread.history()[0].content  # the server's language
    await bob.click(thread.history()[0], label="Přidat se")
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Připraveno")
    assert any("začala" in m.content for m in thread.history())
    bob_dm = "\n".join(m.content for m in bob.user.dm_channel.history())
    alice_dm = "\n".join(m.content for m in alice.user.dm_channel.history())
    assert "Ve hře #1 hraješ jako" in bob_dm and "You play" not in bob_dm
    assert "You play" in alice_dm and "hraješ" not in alice_dm

    # The server switches its threads to English; the players' own choices stay.
    manager = guild.add_member(simcord_env.create_user("owner"))
    await guild_owner_server_language(simcord_env, guild, manager, thread)
    await alice.slash(thread, "game status")
    assert (await service.guild_settings(guild.id)).locale == "en"


async def guild_owner_server_language(env: Any, guild: Any, member: Any, thread: Any) -> None:
    import discord

    role = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[role])
    answer = await admin.slash(thread, "game server", language="en")
    assert "Server settings" in answer.response.content or "Nastavení serveru" in \
        answer.response.content

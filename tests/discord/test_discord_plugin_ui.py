"""A game can replace the generic move UI with its own DynamicItems (the registry in
``bot.discord.panels``); its clicks still go through the one pipeline (``flows.play_action``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

import bot.games
from bot.discord import panels
from bot.discord.panels import Panel
from bot.games import GameFront
from bot.service import GameService, PrivateView
from rules.base import Action
from tests.harness import server, start_game


class AllIn(discord.ui.DynamicItem[discord.ui.Button[Any]],
            template=r"test:allin:(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+)"):
    def __init__(self, game_id: int, seat: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="All in",
                                           custom_id=f"test:allin:{game_id}:{seat}:{version}"))
        self.game_id, self.seat, self.version = game_id, seat, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> AllIn:
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = await interaction.client.service.private_view(  # type: ignore[attr-defined]
            self.game_id, interaction.user.id)
        coins = view.view["coins"][view.seat]
        await interaction.client.flows.play_action(  # type: ignore[attr-defined]
            interaction, self.game_id, self.seat, self.version,
            Action("bid", {"amount": coins}), secret=True)


class AllInUI:
    def panel(self, view: PrivateView, actions: Any, locale: str) -> Panel:
        ui = discord.ui.View(timeout=None)
        if view.awaited and view.view["phase"] == "bid":
            ui.add_item(AllIn(view.game_id, view.seat, view.version))
        return panels.GENERIC.panel(view, actions, locale) if not ui.children else Panel(ui)


@pytest.fixture(autouse=True)
def plugged(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Autouse, so the front is in place before the bot starts and registers its items."""
    monkeypatch.setitem(bot.games._discover(), "sealed_bids",
                        GameFront("sealed_bids", move_ui=AllInUI(), items=(AllIn,)))
    yield


async def test_per_game_items_plug_in(simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    await start_game(channel, [alice, bob])

    panel = alice.user.dm_channel.last_message
    await bob.user.click(bob.user.dm_channel.last_message, label="All in")  # version moves on
    done = await alice.user.click(panel, label="All in")  # a secret bid: still applies
    assert "You bid 10." in done.response.content
    assert (await service.private_view(1, alice.id)).view["you"]["bid"] == 10

"""``/northgard …``: the board image, what a card does, and any of the caller's options typed
with autocomplete (for the rare decision with more options than the panel shows). Thin: it
resolves the game and hands over to the adapter's pipeline."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.lookup import MAX_CHOICES, GameCommands, board_command, choose_game, move_command
from bot.discord.strings import cmd, described
from bot.discord.text import locale_of, tr
from bot.games.northgard.labels import action_label, card_text
from bot.games.northgard.names import card_name
from bot.service import PrivateView, ServiceError
from rules.base import Action
from rules.northgard.data import CLANS, data

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction[Any]
GAME = "northgard"
BOARD_FILE = "board.png"


def _describe(key: str) -> app_commands.locale_str:
    """A command or option description from the catalog (``northgard.cmd.<key>``)."""
    return described(f"northgard.cmd.{key}")


def _card_reply(card: str, locale: str) -> str:
    """The card's name in bold and what it does, the name once ("**Feast**: Recruit, …")."""
    name, does = card_name(card, locale), card_text(card, locale)
    if does == name:
        return f"**{name}**"
    if does.lower().startswith(name.lower()):
        return f"**{name}**{does[len(name):]}"
    return tr("northgard.cmd.card_text", locale, card=name, text=does)


def option_values(name: str, players: int | None) -> list[str]:
    """``/game new options:`` suggestions for ``clans``: random, or a few seatings."""
    if name != "clans":
        return []
    n = players if players in (2, 3, 4, 5) else 2
    return ["random", *("/".join((CLANS[k:] + CLANS[:k])[:n]) for k in range(len(CLANS)))]


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class NorthgardCog(GameCommands, group_name="northgard",
                   group_description=_describe("group")):
    game_type = GAME

    board = board_command(_describe("board"), cmd("game_option"))

    @app_commands.command(name="card", description=_describe("card"))
    @app_commands.describe(name=_describe("card.name"))
    async def card(self, interaction: Interaction, name: str) -> None:
        async def body() -> None:
            locale = locale_of(interaction)
            found = [c for c in data().cards if c == name
                     or card_name(c, locale).lower() == name.strip().lower()]
            if not found:
                raise ServiceError("northgard.error.no_card", name=name[:40])
            c = found[0]
            await self.bot.flows.answer(interaction, _card_reply(c, locale))

        await self.bot.flows.guarded(interaction, body)

    @card.autocomplete("name")
    async def _card_names(self, interaction: Interaction, current: str
                          ) -> list[app_commands.Choice[str]]:
        locale = locale_of(interaction)
        typed = current.strip().lower()
        out = []
        for c in data().cards:
            label = card_name(c, locale)
            if typed in label.lower():
                out.append(app_commands.Choice(name=label[:100], value=c))
        return out[:MAX_CHOICES]

    which_option = "northgard.error.which_option"

    def option_name(self, view: PrivateView, action: Action, locale: str) -> str:
        return action_label(action, locale)

    move = move_command(_describe("move"), _describe("move.option"), cmd("game_option"))

    choose_game(board, move)

"""``/game …``: translates slash commands into service calls and renders the answers.

One global group (Discord puts contexts on the top-level command only), usable in DMs for
``hand``, ``log``, ``mine``, ``status``, ``vote`` and ``settings``; the table commands answer
"use this in a server" in a DM. Commands that need a game take a ``game`` option
autocompleted from the caller's games; without it, the game of the current thread (or the
caller's only game) is used.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cog_game_admin import AdminCommands
from bot.discord.cog_game_base import Interaction
from bot.discord.cog_game_lobby import LobbyCommands
from bot.discord.cog_game_table import TableCommands
from bot.discord.lookup import choose_game
from bot.discord.strings import cmd
from bot.i18n import available_locales, msg


# The commands live in the lobby, admin and table classes. Their order here is the order the
# group's commands are sent to Discord in (the last base class's first), and so the sync digest.
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GameCog(TableCommands, AdminCommands, LobbyCommands, commands.GroupCog, group_name="game",
              group_description=cmd("game")):

    @app_commands.command(name="settings", description=cmd("settings"))
    @app_commands.describe(dms=cmd("settings.dms"),
                           reminder_minutes=cmd("settings.reminder_minutes"),
                           language=cmd("settings.language"))
    @app_commands.choices(language=[app_commands.Choice(name=cmd(f"settings.language.{code}"),
                                                        value=code)
                                    for code in available_locales()])
    async def settings(self, interaction: Interaction, dms: bool | None = None,
                       reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
                       language: str | None = None) -> None:
        # The confirmation is already in the language just chosen (``save_settings`` records
        # it where ``locale_of`` reads it).
        await self._run(interaction, lambda: self.service.save_settings(
            interaction.user.id, dm_enabled=dms, remind_minutes=reminder_minutes,
            locale=language))

    choose_game(LobbyCommands.leave, LobbyCommands.start, LobbyCommands.ready,
                TableCommands.resign, TableCommands.board, TableCommands.rollback,
                LobbyCommands.cancel, AdminCommands.kick, AdminCommands.admin,
                TableCommands.status, TableCommands.hand, TableCommands.log, TableCommands.vote)

    # ---- component custom ids that match no template ---------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """A forged ``mst:`` custom id no item recognises gets a clear answer, not silence."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("mst:"):
            return
        from bot.discord.panels import dynamic_items

        if any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in dynamic_items()):
            return
        await self.bot.flows.fail(interaction, msg("error.forged"))

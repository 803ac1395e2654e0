"""``/game`` commands of the host and the server's admins: kick, admin, server."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.cog_game_base import GameCogBase, Interaction
from bot.discord.flows import display_name
from bot.discord.strings import cmd
from bot.i18n import available_locales
from bot.service import ADMIN_ACTS, Outcome, ServiceError


class AdminCommands(GameCogBase):
    """The admin commands of ``/game``."""

    @app_commands.command(name="kick", description=cmd("kick"))
    @app_commands.describe(seat=cmd("kick.seat"), game=cmd("game_option"))
    async def kick(self, interaction: Interaction, seat: app_commands.Range[int, 1, 99],
                   game: int | None = None) -> None:
        await self._act_on(interaction, game, lambda gid, admin: self.service.kick(
            gid, interaction.user.id, display_name(interaction.user), seat - 1, admin=admin),
            admin=True)

    @app_commands.command(name="admin", description=cmd("admin"))
    @app_commands.describe(action=cmd("admin.action"), game=cmd("game_option"),
                           hours=cmd("admin.hours"))
    @app_commands.choices(action=[app_commands.Choice(name=cmd(f"admin.action.{k}"), value=k)
                                  for k in ADMIN_ACTS])
    async def admin(self, interaction: Interaction, action: str, game: int | None = None,
                    hours: app_commands.Range[float, 0.05, 336.0] | None = None) -> None:
        await self._act_on(interaction, game, lambda gid, admin: self.service.admin_act(
            gid, interaction.user.id, display_name(interaction.user), action, admin=admin,
            hours=hours), admin=True)

    @app_commands.command(name="server", description=cmd("server"))
    @app_commands.describe(auto_open_after=cmd("server.auto_open_after"),
                           admin_role=cmd("server.admin_role"),
                           lobby_expire_hours=cmd("server.lobby_expire_hours"),
                           language=cmd("server.language"))
    @app_commands.choices(language=[app_commands.Choice(name=cmd(f"settings.language.{code}"),
                                                        value=code)
                                    for code in available_locales()])
    async def server(self, interaction: Interaction,
                     auto_open_after: app_commands.Range[int, 0, 50] | None = None,
                     admin_role: discord.Role | None = None,
                     lobby_expire_hours: app_commands.Range[float, 0.0, 2160.0] | None = None,
                     language: str | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            if not await self._is_admin(interaction):
                raise ServiceError("error.server_admin_only")
            self.bot.delivery.forget_guild(interaction.guild_id or 0)
            return await self.service.save_guild_settings(
                interaction.guild_id or 0, auto_open_after=auto_open_after,
                admin_role_id=admin_role.id if admin_role is not None else None,
                lobby_expire_hours=lobby_expire_hours, locale=language)

        await self._run(interaction, call)

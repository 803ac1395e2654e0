"""What every part of ``/game …`` shares: the bot and service it answers through, the game a
command is about, the admin check, the caller's games as choices, running a service call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.text import locale_of, tr
from bot.service import GameService, ServiceError

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

Interaction = discord.Interaction[Any]
MAX_CHOICES = 25



class GameCogBase:
    """The helpers of the ``/game`` command classes (``cog_game`` composes them)."""

    def __init__(self, bot: BotLike) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ---- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _need_guild(interaction: Interaction) -> None:
        if interaction.guild is None:
            raise ServiceError("error.guild_only")

    async def _game(self, interaction: Interaction, game: int | None) -> int:
        if game is not None:
            return game
        if interaction.channel_id is not None:
            found = await self.service.game_for_thread(interaction.channel_id)
            if found is not None:
                return found
        mine = await self.service.my_games(interaction.user.id)
        if len(mine) == 1:
            return int(mine[0].game_id)
        raise ServiceError("error.which_game")

    async def _is_admin(self, interaction: Interaction) -> bool:
        """Manage Server, or the role the server named with `/game server admin_role:`."""
        member = interaction.user
        perms = getattr(member, "guild_permissions", None)
        if perms is not None and (perms.manage_guild or perms.administrator):
            return True
        if interaction.guild_id is None:
            return False
        role = (await self.service.guild_settings(interaction.guild_id)).admin_role_id
        return role is not None and any(r.id == role for r in getattr(member, "roles", []))

    async def _my_games_choices(self, interaction: Interaction, current: str
                                ) -> list[app_commands.Choice[int]]:
        """The caller's own games; names carry only public facts (title, phase)."""
        locale = locale_of(interaction)
        out: list[app_commands.Choice[int]] = []
        for s in await self.service.my_games(interaction.user.id):
            name = tr("ui.game_choice", locale, limit=100, game_id=s.game_id, title=s.title,
                      state=s.phase_label or s.status)
            if current.strip().lower() in name.lower():
                out.append(app_commands.Choice(name=name, value=s.game_id))
        return out[:MAX_CHOICES]

    async def _run(self, interaction: Interaction, call: Any) -> None:
        await self.bot.flows.run(interaction, call)

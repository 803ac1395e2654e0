"""What every part of ``/game …`` shares: the bot and service it answers through, the game a
command is about, the admin check, the caller's games as choices, running a service call."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.lookup import MAX_CHOICES, GameLookup
from bot.service import Outcome, ServiceError

Interaction = discord.Interaction[Any]

__all__ = ["MAX_CHOICES", "GameCogBase", "Interaction"]


class GameCogBase(GameLookup):
    """The helpers of the ``/game`` command classes (``cog_game`` composes them); the game a
    command means may be of any type."""

    # ---- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _need_guild(interaction: Interaction) -> None:
        if interaction.guild is None:
            raise ServiceError("error.guild_only")

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

    async def _run(self, interaction: Interaction, call: Any) -> None:
        await self.bot.flows.run(interaction, call)

    async def _act_on(self, interaction: Interaction, game: int | None,
                      act: Callable[..., Awaitable[Outcome]], *, guild_only: bool = True,
                      admin: bool = False) -> None:
        """Run ``act(game_id)`` on the game the command means — in a server unless not
        ``guild_only``; with ``admin``, ``act`` is also told whether the caller is an admin
        (``admin=…``) — and answer with its outcome."""
        async def call() -> Outcome:
            if guild_only:
                self._need_guild(interaction)
            gid = await self._game(interaction, game)
            if admin:
                return await act(gid, admin=await self._is_admin(interaction))
            return await act(gid)

        await self._run(interaction, call)

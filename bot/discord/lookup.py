"""Which game a command means: the one given, else the thread's, else the caller's only one —
and, for a game's own command group, a clear answer when the thread holds another game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from bot.service import GameService, ServiceError

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike


async def resolve_game(service: GameService, interaction: discord.Interaction[Any],
                       game: int | None, game_type: str | None = None) -> int:
    if game is None and interaction.channel_id is not None:
        game = await service.game_for_thread(interaction.channel_id)
    if game is None:
        mine = [s for s in await service.my_games(interaction.user.id)
                if game_type is None or s.game_type == game_type]
        if len(mine) != 1:
            raise ServiceError("error.which_game")
        game = int(mine[0].game_id)
    if game_type is not None:
        summary = await service.summary(game)
        if summary.game_type != game_type:
            try:
                wanted = service.rules_for(game_type).title
            except ServiceError:  # a front whose game this service does not run
                wanted = game_type
            raise ServiceError("error.wrong_game", game_id=game, holds=summary.game_type_title,
                               wanted=wanted)
    return game


class GameCommands(commands.GroupCog):
    """The base of a game's own command group (``/<game> …``): the bot, its service,
    and the game a command means — of this group's game type."""

    game_type: ClassVar[str] = ""

    def __init__(self, bot: BotLike) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def _game(self, interaction: discord.Interaction[Any], game: int | None) -> int:
        """This thread's game (or ``game``, or the caller's only one of this type); another
        game's thread is named, not misread."""
        return await resolve_game(self.service, interaction, game, self.game_type)

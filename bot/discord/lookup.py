"""Which game a command means: the one given, else the thread's, else the caller's only one —
and, for a game's own command group, a clear answer when the thread holds another game; the
group's shared wiring (its ``game:`` choices, and moves named by a typed or autocompleted
option)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.panels import context_token
from bot.discord.text import locale_of, tr
from bot.service import GameService, PrivateView, ServiceError
from rules.base import Action

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

#: Discord's most autocomplete choices, and the longest choice name.
MAX_CHOICES = 25
CHOICE_NAME = 100


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


class GameLookup:
    """The bot and service a command class answers through, and the game a command means: of
    ``game_type`` when the class sets one (a game's own group), else of any type (``/game``)."""

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
        return await resolve_game(self.service, interaction, game, self.game_type or None)

    async def game_choices(self, interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[int]]:
        """The caller's games (of this class's type) for a ``game:`` option, each with its
        state, matching what was typed; names carry only public facts (title, phase)."""
        locale = locale_of(interaction)
        needle = current.strip().lower()
        out = []
        for s in await self.service.my_games(interaction.user.id):
            if self.game_type and s.game_type != self.game_type:
                continue
            name = tr("ui.game_choice", locale, limit=CHOICE_NAME, game_id=s.game_id,
                      title=s.title, state=s.phase_label or s.status)
            if needle in name.lower():
                out.append(app_commands.Choice(name=name, value=s.game_id))
        return out[:MAX_CHOICES]

    async def answer_on(self, interaction: discord.Interaction[Any], game: int | None,
                        answer: Callable[[discord.Interaction[Any], int], Awaitable[None]]
                        ) -> None:
        """``answer`` about the game the command means; a refusal is the caller's reply."""
        async def body() -> None:
            await answer(interaction, await self._game(interaction, game))

        await self.bot.flows.guarded(interaction, body)

    # ---- the callbacks of the commands several groups offer alike (see ``board_command``) ----
    async def board_answer(self, interaction: discord.Interaction[Any],
                           game: int | None = None) -> None:
        await self.answer_on(interaction, game, self.bot.flows.answer_board)

    async def log_answer(self, interaction: discord.Interaction[Any], game: int | None = None,
                         lines: app_commands.Range[int, 1, 60] = 20) -> None:
        await self.answer_on(interaction, game, partial(self.bot.flows.answer_log, limit=lines))


# A group's copy of a shared command: its own texts, the one callback above. The callbacks are
# methods of ``GameLookup`` (a function defined in a class), so discord.py hands them the cog
# the command is bound to as ``self``, whichever group holds the command.
def board_command(description: app_commands.locale_str, game: app_commands.locale_str
                  ) -> app_commands.Command[Any, ..., None]:
    """``board``: the game's board image, only for the caller."""
    command = app_commands.command(name="board", description=description)(
        GameLookup.board_answer)
    return app_commands.describe(game=game)(command)


def log_command(description: app_commands.locale_str, game: app_commands.locale_str,
                lines: app_commands.locale_str) -> app_commands.Command[Any, ..., None]:
    """``log``: the game's last ``lines`` log entries (20 by default), only for the caller."""
    command = app_commands.command(name="log", description=description)(GameLookup.log_answer)
    return app_commands.describe(game=game, lines=lines)(command)


def choose_game(*commands: app_commands.Command[Any, ..., Any]) -> None:
    """Each command's ``game:`` option autocompletes with the caller's games (of the group's
    type: ``GameLookup.game_choices``, bound to the cog as any method of it is)."""
    for command in commands:
        command.autocomplete("game")(GameLookup.game_choices)


class GameCommands(GameLookup, commands.GroupCog):
    """The base of a game's own command group (``/<game> …``), of its ``game_type``."""

    # ---- a move named by an option: autocomplete sends ``version:context:index`` ----------
    #: The catalog key telling a player their typed text names no single option.
    which_option: ClassVar[str] = ""

    def option_name(self, view: PrivateView, action: Action, locale: str) -> str:
        """How an option reads in the autocomplete list (each group words its moves)."""
        raise NotImplementedError

    async def option_choices(self, interaction: discord.Interaction[Any], current: str,
                             kinds: frozenset[str] | None = None
                             ) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (of ``kinds``) whose names hold what was typed."""
        try:
            gid = await self._game(interaction, getattr(interaction.namespace, "game", None))
            view = await self.service.private_view(gid, interaction.user.id)
            actions = await self.service.legal_actions(gid, interaction.user.id)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        ctx = context_token(view, actions)
        typed = current.strip().lower()
        out: list[app_commands.Choice[str]] = []
        for i, a in enumerate(actions):
            if not isinstance(a, Action) or (kinds is not None and a.kind not in kinds):
                continue
            name = self.option_name(view, a, locale)
            if typed and typed not in name.lower():
                continue
            out.append(app_commands.Choice(name=name[:CHOICE_NAME],
                                           value=f"{view.version}:{ctx}:{i}"))
        return out[:MAX_CHOICES]

    # The callbacks of ``move_command`` (methods, so discord.py binds them to the cog).
    async def move_answer(self, interaction: discord.Interaction[Any], option: str,
                          game: int | None = None) -> None:
        await self.play_option(interaction, game, option)

    async def typed_options(self, interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
        return await self.option_choices(interaction, current)

    async def play_option(self, interaction: discord.Interaction[Any], game: int | None,
                          value: str, kinds: frozenset[str] | None = None) -> None:
        """Play the option ``value`` names: an autocompleted one, or the only option whose
        name holds the typed text."""
        async def body() -> None:
            gid = await self._game(interaction, game)
            view = await self.service.private_view(gid, interaction.user.id)
            parts = value.split(":")
            if len(parts) == 3 and all(parts) and parts[0].isdigit() and parts[2].isdigit():
                version, ctx, index = int(parts[0]), parts[1], int(parts[2])
            else:
                matches = await self.option_choices(interaction, value, kinds)
                if len(matches) != 1:
                    raise ServiceError(self.which_option, text=value[:40], n=len(matches))
                version_s, ctx, index_s = matches[0].value.split(":")
                version, index = int(version_s), int(index_s)
            await self.bot.flows.play_indexed(interaction, gid, view.seat, version, ctx, index)

        await self.bot.flows.guarded(interaction, body)


def move_command(description: app_commands.locale_str, option: app_commands.locale_str,
                 game: app_commands.locale_str) -> app_commands.Command[Any, ..., None]:
    """``move``: any of the caller's options, named by typing with autocomplete (for the rare
    decision with more options than the panel shows)."""
    command = app_commands.command(name="move", description=description)(
        GameCommands.move_answer)
    command.autocomplete("option")(GameCommands.typed_options)
    return app_commands.describe(option=option, game=game)(command)

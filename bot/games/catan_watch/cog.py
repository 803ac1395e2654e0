"""``/catan …``: the same moves as the buttons, typed — with autocomplete of the caller's own
legal options (spots named as on the board image). Thin: it resolves the game and the
option, then hands over to the adapter's pipeline or ``catan_watch_flow``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.lookup import GameCommands, board_command, choose_game, move_command
from bot.discord.strings import cmd, described
from bot.discord.text import locale_of
from bot.games.catan_watch import flow as flow
from bot.games.catan_watch.names import OPTION, action_details, action_label
from bot.games.catan_watch.panels import terms_digest
from bot.games.catan_watch.parse import parse_counts
from bot.service import PrivateView
from rules.base import Action

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction[Any]
BUILD_KINDS = frozenset({"place_settlement", "place_road", "place_guard", "place_free_road",
                         "build_settlement", "build_keep", "build_road", "build_guard"})


def _describe(key: str) -> app_commands.locale_str:
    """A command or option description from the catalog (``catan.cmd.<key>``); other locales
    come through the adapter's translator, which looks the key up again."""
    return described(f"catan.cmd.{key}")


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class CatanCog(GameCommands, group_name="catan", group_description=_describe("group")):
    game_type = "catan_watch"

    which_option = "catan.error.which_option"

    def option_name(self, view: PrivateView, action: Action, locale: str) -> str:
        name = action_label(view.view, action, locale)
        details = action_details(view.view, action, locale)
        return (f"{name} — {details}" if details else name)[:OPTION]

    async def _terms(self, interaction: Interaction, game: int | None, give: str, get: str
                     ) -> tuple[int, PrivateView, dict[str, int], dict[str, int]]:
        """A typed trade's game, the caller's view of it, and the counts given and got."""
        gid = await self._game(interaction, game)
        locale = locale_of(interaction)
        gives, gets = parse_counts(give, locale), parse_counts(get, locale)
        return gid, await self.service.private_view(gid, interaction.user.id), gives, gets

    # ---- commands ----------------------------------------------------------------------------
    board = board_command(_describe("board"), cmd("game_option"))

    @app_commands.command(name="build", description=_describe("build"))
    @app_commands.describe(spot=_describe("build.spot"), game=cmd("game_option"))
    async def build(self, interaction: Interaction, spot: str, game: int | None = None) -> None:
        await self.play_option(interaction, game, spot, BUILD_KINDS)

    @build.autocomplete("spot")
    async def _build_spots(self, interaction: Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self.option_choices(interaction, current, BUILD_KINDS)

    move = move_command(_describe("move"), _describe("move.option"), cmd("game_option"))

    @app_commands.command(name="offer", description=_describe("offer"))
    @app_commands.describe(give=_describe("offer.give"), get=_describe("offer.get"),
                           game=cmd("game_option"))
    async def offer(self, interaction: Interaction, give: app_commands.Range[str, 1, 120],
                    get: app_commands.Range[str, 1, 120], game: int | None = None) -> None:
        async def body() -> None:
            gid, view, gives, gets = await self._terms(interaction, game, give, get)
            await flow.submit_offer(interaction, gid, view.seat, view.version, gives, gets)

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="counter", description=_describe("counter"))
    @app_commands.describe(give=_describe("counter.give"),
                           get=_describe("counter.get"), game=cmd("game_option"))
    async def counter(self, interaction: Interaction, give: app_commands.Range[str, 1, 120],
                      get: app_commands.Range[str, 1, 120], game: int | None = None) -> None:
        async def body() -> None:
            gid, view, gives, gets = await self._terms(interaction, game, give, get)
            turn, digest = int(view.view.get("turn", 0)), terms_digest(view.view.get("trade"))
            await flow.submit_counter(interaction, gid, turn, digest, gives, gets)

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="discard", description=_describe("discard"))
    @app_commands.describe(cards=_describe("discard.cards"),
                           game=cmd("game_option"))
    async def discard(self, interaction: Interaction, cards: app_commands.Range[str, 1, 120],
                      game: int | None = None) -> None:
        async def body() -> None:
            gid = await self._game(interaction, game)
            counts = parse_counts(cards, locale_of(interaction))
            view = await self.service.private_view(gid, interaction.user.id)
            await flow.submit_discard(interaction, gid, view.seat, counts)

        await self.bot.flows.guarded(interaction, body)

    choose_game(build, move, offer, counter, discard)

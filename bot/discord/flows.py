"""What an interaction does, in one place: defer first (3-second rule), call the service,
answer the caller ephemerally in their locale, then deliver the effects to everyone else.

Every move click — generic buttons/selects and per-game items alike — goes through ``play``:
it reloads the seat from the service, checks the button belongs to the clicker's seat, lets
the item resolve its action against the current options (``None`` = the click is stale),
submits with the interaction id (idempotent) and the version it checked, and answers with the
fresh private panel. A stale click gets "the board changed" plus fresh options.

A click in the clicker's own panel (an ephemeral answer or their DM) is answered by editing
that panel in place (a deferred *update*), so a planning round leaves one panel, not one
message per click; a click in a public message (the board's My hand, Join, a vote) gets a new
ephemeral answer. Errors always come as a new ephemeral note and leave the panel as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import logs
from bot.discord.panels import context_token, move_panel, note_text
from bot.discord.presenters import board_embed, board_files, image_embeds, private_embed
from bot.discord.text import client_locale, learn_locale, locale_of, render, tr
from bot.i18n import Msg, msg
from bot.render import as_images, render_board_async
from bot.service import (
    Effect,
    GameService,
    Notify,
    Outcome,
    Post,
    PrivateView,
    ServiceError,
    StaleVersion,
)
from rules.base import Action, ActionSpec

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"

Options = Sequence[Action | ActionSpec]
#: Given the seat's current view and options, the action a click means — or None if stale.
Chooser = Callable[[PrivateView, Options], Action | None]


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def unheld(view: discord.ui.View) -> discord.ui.View:
    """``view`` stopped when each of its controls is a persistent item, so that discord.py
    does not hold it. The bot's registered ``DynamicItem`` classes answer such a control from
    its custom id alone; the view is only their container. Held, an ephemeral answer's view
    without a timeout gets discord.py's 15 minutes and a live timer each, which pile up with
    every answer (and, under a virtual clock that never moves, slow every later event)."""
    if all(isinstance(item, discord.ui.DynamicItem) for item in view.walk_children()
           if item.is_dispatchable()):
        view.stop()
    return view


class Flows:
    def __init__(self, bot: BotLike) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ---- answering -------------------------------------------------------------------------
    @staticmethod
    def in_place(interaction: discord.Interaction[Any]) -> bool:
        """A click in the clicker's own panel (an ephemeral answer, or their DM) is answered
        by editing that panel; a click in a public message gets a new ephemeral answer. A
        form (modal) opened from one's own panel counts as a click in it: its answer edits
        the panel instead of posting a second sheet under it."""
        message = interaction.message
        if interaction.type not in (discord.InteractionType.component,
                                    discord.InteractionType.modal_submit) or message is None:
            return False
        return interaction.guild_id is None or message.flags.ephemeral

    @classmethod
    async def defer(cls, interaction: discord.Interaction[Any], *, quiet: bool = False) -> None:
        """``quiet``: a public button whose answer the table sees (Join, Ready) — acknowledged
        without a private answer of its own; an error still gets one."""
        if not interaction.response.is_done():
            if cls.in_place(interaction) or (
                    quiet and interaction.type is discord.InteractionType.component):
                await interaction.response.defer()  # "updating the message": nothing new shown
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)

    @staticmethod
    def deferred_update(interaction: discord.Interaction[Any]) -> bool:
        return interaction.response.type is discord.InteractionResponseType.deferred_message_update

    @staticmethod
    async def answer(interaction: discord.Interaction[Any], content: str, *,
                     embed: discord.Embed | None = None,
                     view: discord.ui.View | None = None) -> None:
        kwargs: dict[str, Any] = {"ephemeral": True,
                                  "allowed_mentions": discord.AllowedMentions.none()}
        if embed is not None:
            kwargs["embed"] = embed
        if view is not None:
            kwargs["view"] = unheld(view)
        await interaction.followup.send(content[:2000] or "\u200b", **kwargs)

    async def answer_log(self, interaction: discord.Interaction[Any], game_id: int,
                         limit: int = 20) -> None:
        """The game's log lines this user may see, newest kept when it is too long."""
        locale = locale_of(interaction)
        lines = await self.bot.service.game_log(game_id, interaction.user.id, limit=limit,
                                                locale=locale)
        head = tr("log.title", locale, game_id=game_id)
        text = "\n".join(lines) if lines else tr("log.empty", locale)
        room = 2000 - len(head) - 1
        if len(text) > room:
            text = "…" + text[-(room - 1):]
        await self.answer(interaction, f"{head}\n{text}")

    async def fail(self, interaction: discord.Interaction[Any], error: Msg) -> None:
        await self.defer(interaction)
        await self.answer(interaction, render(error, locale_of(interaction)))

    async def guarded(self, interaction: discord.Interaction[Any],
                      body: Callable[[], Awaitable[None]], *, quiet: bool = False) -> None:
        """Defer, run, and turn a ServiceError into an ephemeral message (nothing changed)."""
        await self.defer(interaction, quiet=quiet)
        await learn_locale(interaction)
        # DMs follow the language of the player's client unless they chose one.
        self.service.note_locale(interaction.user.id, client_locale(interaction))
        try:
            await body()
        except ServiceError as err:
            await self.answer(interaction, render(err.msg, locale_of(interaction)))
        except Exception:
            log.exception("interaction %s failed", interaction.id)
            await self.answer(interaction, render(msg("error.internal"), locale_of(interaction)))
            raise

    async def finish(self, interaction: discord.Interaction[Any], outcome: Outcome,
                     extra: Sequence[Msg] = (), *, quiet: bool = False) -> None:
        """Reply to the caller, then deliver the outcome's effects to the table. ``quiet`` (a
        press of Join or Ready): a reply the table is told anyway ("Bob joined") is not said
        to the presser a second time."""
        locale = locale_of(interaction)
        told = not extra and any(isinstance(e, Post) and e.msg == outcome.reply
                                 for e in outcome.effects)
        if quiet and told and self.deferred_update(interaction):
            pass
        elif told and await self._in_thread_of(interaction, outcome.game_id):
            # a command must be answered, but not with a copy of what its thread just showed
            await self.answer(interaction, render(msg("ui.told_thread"), locale))
        else:
            text = "\n".join(render(m, locale) for m in (outcome.reply, *extra))
            await self.answer(interaction, text)
        await self.bot.delivery.deliver(outcome.effects)

    async def _in_thread_of(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        if not game_id or interaction.channel_id is None:
            return False
        summary = await self.service.summary(game_id)
        return interaction.channel_id == (summary.thread_id or summary.channel_id)

    async def run(self, interaction: discord.Interaction[Any],
                  call: Callable[[], Awaitable[Outcome]], *, quiet: bool = False) -> None:
        async def body() -> None:
            await self.finish(interaction, await call(), quiet=quiet)

        await self.guarded(interaction, body, quiet=quiet)

    # ---- lobby buttons ---------------------------------------------------------------------
    async def join(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        user = interaction.user
        await self.run(interaction,
                       lambda: self.service.join(game_id, user.id, display_name(user)),
                       quiet=True)

    async def bot_seat(self, interaction: discord.Interaction[Any], game_id: int,
                       add: bool) -> None:
        """The lobby's Add a bot / Remove a bot buttons."""
        user_id = interaction.user.id
        call = self.service.add_bot if add else self.service.remove_bot
        await self.run(interaction, lambda: call(game_id, user_id), quiet=True)

    async def ready(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.run(interaction,
                       lambda: self.service.confirm_ready(game_id, interaction.user.id),
                       quiet=True)

    # ---- the board, on request -------------------------------------------------------------
    async def answer_board(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The game's current board image and summary, to the caller only, in their language
        (`/game board` and every game's own `board` command)."""
        locale = locale_of(interaction)
        snap = await self.service.board_snapshot(game_id)
        pngs = as_images(await render_board_async(game_id, snap.version, snap.game_type,
                                                  snap.view, locale))
        await interaction.followup.send(
            embeds=[board_embed(snap.summary, locale, image=BOARD_FILE),
                    *image_embeds(len(pngs))],
            files=board_files(pngs, BOARD_FILE), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none())

    # ---- private panel ---------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.guarded(interaction, lambda: self.panel(interaction, game_id, []))

    async def panel(self, interaction: discord.Interaction[Any], game_id: int,
                    header: Sequence[Msg]) -> None:
        """The caller's private view + their current options, ephemerally."""
        view, actions = await self.service.seat_options(game_id, interaction.user.id)
        await self.show_panel(interaction, view, actions, header)

    async def show_panel(self, interaction: discord.Interaction[Any], view: PrivateView,
                         actions: Options, header: Sequence[Msg]) -> None:
        locale = locale_of(interaction)
        panel = move_panel(view, list(actions) if view.awaited else [], locale)
        lines = [render(m, locale) for m in header]
        if view.awaited and not any(m.key == "game.your_turn" for m in header):
            lines.append(render(msg("hand.your_turn", progress=view.progress), locale))
        if note := note_text(panel, locale):
            lines.append(note)
        await self.show(interaction, "\n".join(lines), embed=private_embed(view, locale),
                        view=panel.view)

    async def show(self, interaction: discord.Interaction[Any], content: str, *,
                   embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None) -> None:
        """A panel for the clicker: the one they clicked in becomes it (buttons included)
        when that was their own panel; else a new ephemeral answer."""
        if not self.deferred_update(interaction):
            await self.answer(interaction, content, embed=embed, view=view)
            return
        await interaction.edit_original_response(
            content=content[:2000] or "\u200b", embed=embed, view=view,
            allowed_mentions=discord.AllowedMentions.none())

    # ---- moves -----------------------------------------------------------------------------
    async def play_indexed(self, interaction: discord.Interaction[Any], game_id: int, seat: int,
                           version: int, ctx: str, index: int) -> None:
        """A generic move item: option ``index`` of the list the seat saw at ``ctx``."""

        def choose(view: PrivateView, actions: Options) -> Action | None:
            if context_token(view, actions) != ctx:
                if view.version == version:  # same board, other options: not ours to click
                    raise ServiceError("error.forged")
                return None
            chosen = actions[index] if 0 <= index < len(actions) else None
            if not isinstance(chosen, Action):
                raise ServiceError("error.forged")
            return chosen

        await self.play(interaction, game_id, seat, version, choose)

    async def play_action(self, interaction: discord.Interaction[Any], game_id: int, seat: int,
                          version: int, action: Action, *, secret: bool = False,
                          window: Callable[[dict[str, Any]], bool] | None = None) -> None:
        """For per-game items that carry a concrete action: stale unless the board is still
        at ``version`` — or, for a ``secret`` simultaneous commitment, while the action is
        still one of the seat's options (and, given a ``window``, while the seat's view is
        still in the window the button was offered in)."""

        def choose(view: PrivateView, actions: Options) -> Action | None:
            still = secret and (window is None or window(view.view))
            if view.version == version or (still and action in actions):
                return action
            return None

        await self.play(interaction, game_id, seat, version, choose)

    async def play(self, interaction: discord.Interaction[Any], game_id: int, seat: int,
                   version: int, choose: Chooser) -> None:
        """The one move pipeline (see the module docstring)."""
        user = interaction.user.id
        logs.bind(game_id=game_id, guild_id=interaction.guild_id, user_id=user)

        async def body() -> None:
            view, actions = await self.service.seat_options(game_id, user)
            if view.seat != seat:
                raise ServiceError("error.not_your_button", game_id=game_id)
            action = choose(view, actions)
            try:
                if action is None:
                    raise StaleVersion(view.version)
                outcome = await self.service.submit(
                    game_id, user, action, interaction_id=str(interaction.id),
                    expected_version=view.version)
            except StaleVersion as stale:
                await self.panel(interaction, game_id, [stale.msg])
                return
            own, rest = split_for(outcome.effects, user)
            header = [outcome.reply, *(m for m in own if m != outcome.reply)]
            if outcome.private is not None:  # the move's answer carries the fresh panel
                await self.show_panel(interaction, outcome.private, outcome.options, header)
            else:  # a duplicate click: read the panel as it stands
                await self.panel(interaction, game_id, header)
            await self.bot.delivery.deliver(rest)

        await self.guarded(interaction, body)


def split_for(effects: Sequence[Effect], user_id: int) -> tuple[list[Msg], list[Effect]]:
    """The caller's own notices (shown in their reply, with the fresh panel) and the rest."""
    own: list[Msg] = []
    rest: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Notify) and effect.user_id == user_id:
            own.append(effect.msg)
        else:
            rest.append(effect)
    return own, rest

"""Service effects → Discord, after the service has returned (never inside it).

* ``Post`` → a message in the game's thread (or its channel), pinging only the listed users;
  some posts carry a persistent button (Join on the lobby, Ready on the ready check, …).
* ``Notify`` → a DM to the seat's user (with the private view and move buttons when
  ``show_private``), unless their DMs are known closed. A DM refused with 50007 is recorded
  with ``service.dm_closed`` and its table post delivered; it is never retried blindly.
* ``BoardChanged`` → the board PNG (rendered off the loop) edited into the board message
  while the phase is the same (or it is still the thread's last message); a new phase gets
  a new board message at the bottom of the thread (``service.set_board_message``); then the
  game's board hook, if its front declares one (``GameFront.board_hook``), brings its own thread
  messages up to date (e.g. an open trade offer with its answer buttons).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.components import HandButton, JoinButton, ReadyButton, VoteButton
from bot.discord.panels import move_panel, note_text
from bot.discord.presenters import board_embed, private_embed
from bot.discord.text import guild_locale_of, render
from bot.games import front
from bot.i18n import DEFAULT_LOCALE, Person, msg, view_text
from bot.render import render_board_async
from bot.service import (
    BoardChanged,
    BoardSnapshot,
    Effect,
    GameService,
    Notify,
    Post,
    ServiceError,
)
from bot.service.locks import GameLocks

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

log = logging.getLogger(__name__)

CANNOT_DM = 50007
BOARD_FILE = "board.png"

#: catalog key of a Post -> the persistent button it carries.
POST_BUTTONS: dict[str, type[discord.ui.DynamicItem[Any]]] = {
    "lobby.created": JoinButton,
    "lobby.joined": JoinButton,
    "lobby.left": JoinButton,
    "lobby.dropped": JoinButton,
    "lobby.ready_check": ReadyButton,
    "lobby.ready": ReadyButton,
    "game.started": HandButton,
    "game.dm_closed": HandButton,
    "deadline.reminder": HandButton,
    "game.your_turn_thread": HandButton,
}


def post_items(post: Post, locale: str) -> list[discord.ui.Item[Any]]:
    """The persistent buttons a thread post carries (a vote's ballot buttons, Join, …)."""
    if post.msg.key == "vote.opened" and isinstance(post.msg.params.get("kind"), str):
        kind = post.msg.params["kind"]
        return [VoteButton(post.game_id, kind, True, locale),
                VoteButton(post.game_id, kind, False, locale)]
    item = POST_BUTTONS.get(post.msg.key)
    return [item(post.game_id, locale)] if item is not None else []

#: The most text one public post may carry before it is cut, across several messages.
MAX_POST = 20_000
MESSAGE_LIMIT = 2000  # Discord's limit on a message's content


def split_message(text: str, size: int = 2000) -> list[str]:
    """``text`` in parts of at most ``size`` characters, cut at line ends where possible."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > size:  # one line longer than a message: cut it hard
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:size])
            line = line[size:]
        if current and len(current) + 1 + len(line) > size:
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not parts:
        parts.append(current)
    return parts


Messageable = discord.TextChannel | discord.Thread | discord.DMChannel | discord.VoiceChannel

def mentions_only(user_ids: Iterable[int]) -> discord.AllowedMentions:
    users = [discord.Object(id=u) for u in user_ids]
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


class Delivery:
    def __init__(self, bot: BotLike) -> None:
        self.bot = bot
        self._targets: dict[int, int | None] = {}
        #: Per game, the newest board asked for. A game's boards are drawn one at a time, and
        #: one still waiting its turn when a newer one is asked for gives way to it: a burst
        #: of moves (a simultaneous phase) renders the first board and the last, not each —
        #: a render is ~25 ms of CPU, a move's service work ~1 ms. A snapshot delivered late
        #: (a later move's delivery overtook it) is older than this, so it never puts an
        #: older board back.
        self._wanted: dict[int, int] = {}
        self._drawing = GameLocks()
        self._guild_locales: dict[int, str | None] = {}
        #: Per game, the thread message that narrates the current phase: (message, the phase
        #: as shown, its text so far). Kept per process; after a restart a new one begins.
        self._narration: dict[int, tuple[discord.Message, str, str]] = {}

    async def table_locale(self, guild: discord.Guild | None) -> str:
        """The language of a server's threads and boards: `/game server language:`, else the
        server's preferred locale (remembered per process; `/game server` forgets it)."""
        if guild is None:
            return guild_locale_of(None)
        if guild.id not in self._guild_locales:
            self._guild_locales[guild.id] = (await self.service.guild_settings(guild.id)).locale
        return self._guild_locales[guild.id] or guild_locale_of(guild)

    def forget_guild(self, guild_id: int) -> None:
        self._guild_locales.pop(guild_id, None)

    def forget_channel(self, game_id: int) -> None:
        """The game's thread changed (it was just created): read it again next time."""
        self._targets.pop(game_id, None)
        self._narration.pop(game_id, None)

    @property
    def service(self) -> GameService:
        return self.bot.service

    async def deliver(self, effects: Iterable[Effect]) -> None:
        """Deliver in order; one failing message never stops the others."""
        boards: set[int] = set()
        for effect in effects:
            try:
                if isinstance(effect, Post):
                    await self.post(effect)
                elif isinstance(effect, Notify):
                    await self.notify(effect)
                elif isinstance(effect, BoardChanged) and effect.game_id not in boards:
                    boards.add(effect.game_id)
                    await self.board(effect.game_id, effect.snapshot)
            except (discord.HTTPException, ServiceError):
                # Never the effect itself: a private notice's text may hold a hand or an order.
                log.exception("could not deliver a %s for game %s", type(effect).__name__,
                              effect.game_id)

    # ---- the game's channel ----------------------------------------------------------------
    async def channel_of(self, game_id: int) -> Messageable | None:
        # A game's thread is set once, when its lobby opens: remembered, not re-read per post.
        if game_id not in self._targets:
            summary = await self.service.summary(game_id)
            self._targets[game_id] = summary.thread_id or summary.channel_id
        target = self._targets[game_id]
        if target is None:
            return None
        channel = self.bot.get_channel(target)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(target)
            except (discord.NotFound, discord.Forbidden):
                log.warning("game %s: channel %s is gone", game_id, target)
                return None
        if not isinstance(channel, Messageable):
            return None
        return channel

    async def post(self, post: Post) -> discord.Message | None:
        channel = await self.channel_of(post.game_id)
        if channel is None:
            return None
        locale = await self.table_locale(getattr(channel, "guild", None))
        items = post_items(post, locale)
        kwargs: dict[str, Any] = {}
        if items:
            view = discord.ui.View(timeout=None)
            for item in items:
                view.add_item(item)
            kwargs["view"] = view
        if post.phase is not None and not post.mentions and not items:
            return await self._narrate(channel, post, locale)
        if post.title is not None:  # a card (the standings): the post players come back to
            embed = discord.Embed(
                title=render(post.title, locale),
                description=render(post.msg, locale, limit=4000),
                colour=discord.Colour.gold())
            return await channel.send(embed=embed, allowed_mentions=mentions_only(post.mentions),
                                      **kwargs)
        # A long public message (a default that settled a whole turn) is sent in parts cut at
        # line ends, never clipped: the thread is the table's record.
        parts = split_message(render(post.msg, locale, limit=MAX_POST))
        sent: discord.Message | None = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            sent = await channel.send(part, allowed_mentions=mentions_only(post.mentions),
                                      **(kwargs if last else {}))
        return sent

    async def _narrate(self, channel: Messageable, post: Post, locale: str
                       ) -> discord.Message | None:
        """The engine's lines of one phase go into one thread message, edited as the phase
        goes on and headed by the phase; a new phase (or a full message) starts a new one.
        The full log stays in `/game log`."""
        phase = view_text(post.phase, locale)
        lines = render(post.msg, locale, limit=MAX_POST)
        current = self._narration.get(post.game_id)
        if current is not None and current[1] == phase \
                and len(current[2]) + 1 + len(lines) <= MESSAGE_LIMIT:
            message, _, text = current
            content = f"{text}\n{lines}"
            try:
                await message.edit(content=content, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:  # deleted or not editable: a new message instead
                pass
            else:
                self._narration[post.game_id] = (message, phase, content)
                return message
        heading = f"**{phase}**\n" if phase else ""
        sent: discord.Message | None = None
        for part in split_message(heading + lines, MESSAGE_LIMIT):
            sent = await channel.send(part, allowed_mentions=discord.AllowedMentions.none())
            if sent is not None:
                self._narration[post.game_id] = (sent, phase, part)
        return sent

    # ---- private messages ------------------------------------------------------------------
    async def notify(self, note: Notify) -> None:
        ok, user_locale = await self.service.dm_target(note.user_id)
        if not ok:
            # Known closed or turned off: never retried blindly. A turn must not stall
            # silently, so the player is pinged in the thread with a My hand button — the
            # ping names nobody's secrets; what they owe is behind the button.
            if note.show_private:
                await self.turn_ping(note)
            return
        locale = user_locale or DEFAULT_LOCALE
        content = render(note.msg, locale)
        kwargs: dict[str, Any] = {}
        if note.show_private:
            try:
                if note.private is not None:  # as the move left it: nothing to read back
                    view, actions = note.private, list(note.options)
                else:
                    view, actions = await self.service.seat_options(note.game_id,
                                                                    note.user_id)
            except ServiceError:
                pass  # the seat changed hands meanwhile: send the text alone
            else:
                panel = move_panel(view, actions if view.awaited else [], locale)
                kwargs["embed"] = private_embed(view, locale)
                if panel.view is not None:
                    kwargs["view"] = panel.view
                extra = note_text(panel, locale)
                content = f"{content}\n{extra}" if extra else content
        try:
            dm = await self.bot.create_dm(discord.Object(id=note.user_id))
            await dm.send(content[:2000], allowed_mentions=discord.AllowedMentions.none(),
                          **kwargs)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                raise
            log.info("user %s refuses DMs; telling the table of game %s", note.user_id,
                     note.game_id)
            outcome = await self.service.dm_closed(note.game_id, note.user_id)
            await self.deliver(outcome.effects)
            if note.show_private:
                await self.turn_ping(note)

    async def turn_ping(self, note: Notify) -> None:
        await self.post(Post(note.game_id, msg("game.your_turn_thread", game_id=note.game_id,
                                               player=Person(note.user_id, "")),
                             (note.user_id,)))

    # ---- the board ---------------------------------------------------------------------------
    async def board(self, game_id: int, snapshot: BoardSnapshot | None = None) -> None:
        game_type = await self._draw_board(game_id, snapshot)
        f = front(game_type or "")
        hook = f.board_hook if f is not None else None
        if hook is not None:
            await hook(self.bot, game_id)

    async def _draw_board(self, game_id: int, snapshot: BoardSnapshot | None = None
                          ) -> str | None:
        """The board image into the thread; returns the game's type (None: no channel).
        ``snapshot``: the board as the move left it (else it is read)."""
        snap = snapshot or await self.service.board_snapshot(game_id)
        self._wanted[game_id] = max(snap.version, self._wanted.get(game_id, -1))
        async with self._drawing.hold(game_id):
            if snap.version < self._wanted[game_id]:
                return snap.game_type
            return await self._draw(game_id, snap)

    async def _draw(self, game_id: int, snap: BoardSnapshot) -> str | None:
        """Render ``snap`` and put it into the game's board message (or a new one)."""
        summary = snap.summary
        self._targets[game_id] = summary.thread_id or summary.channel_id
        channel = await self.channel_of(game_id)
        if channel is None:
            return None
        game_type, version, view = snap.game_type, snap.version, snap.view
        locale = await self.table_locale(getattr(channel, "guild", None))
        png = await render_board_async(game_id, version, game_type, view, locale)
        embed = board_embed(summary, locale, image=BOARD_FILE)
        f = front(game_type)
        embeds = [embed, *(f.board_embeds(view, locale)
                           if f is not None and f.board_embeds is not None else [])][:10]
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(HandButton(game_id, locale))
        file = discord.File(io.BytesIO(png), filename=BOARD_FILE)
        current = snap.board_message_id
        if current is not None:
            try:
                old = await channel.fetch_message(current)
            except discord.NotFound:
                old = None
            same_phase = bool(old and old.embeds
                              and old.embeds[0].description == embed.description)
            if old is not None and (same_phase
                                    or getattr(channel, "last_message_id", None) == current):
                await old.edit(embeds=embeds, attachments=[file], view=buttons)
                return game_type
        sent = await channel.send(embeds=embeds, file=file, view=buttons,
                                  allowed_mentions=discord.AllowedMentions.none())
        await self.service.set_board_message(game_id, sent.id)
        return game_type

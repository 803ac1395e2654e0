"""Service effects → Discord, after the service has returned (never inside it).

* ``Post`` → a message in the game's thread (or its channel), pinging only the listed users;
  some posts carry a persistent button (Join on the lobby, Ready on the ready check, …). The
  engine's own lines (a ``Post`` with a ``phase``) are narrated: gathered into one thread
  message per unit of play, edited as the unit goes on, each phase headed within it.
* ``Notify`` → a DM to the seat's user (with the private view and move buttons when
  ``show_private``), unless their DMs are known closed. A DM refused with 50007 is recorded
  with ``service.dm_closed`` and its table post delivered; it is never retried blindly.
* ``BoardChanged`` → the board PNG (rendered off the loop) edited into the board message
  while the game's unit of play (its turn key, ``bot.discord.rhythm``) is the same; the next
  unit gets a new board message at the bottom of the thread (``service.set_board_message``)
  and the previous board loses its buttons, so the thread reads as a history with one board
  per unit. Then the game's board hook, if its front declares one (``GameFront.board_hook``),
  brings its own thread messages up to date (e.g. an open trade offer with its answer buttons).

One delivery (a move with every autopilot move and default it set off) is one burst: its
narration lines go out in one message (or one edit), each player gets one DM however many
notices the burst holds for them, and the board is drawn once, after the lines, as the burst
left it — a handful of requests, far inside Discord's rate limits, not a few per move.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.bursts import (
    BURST_NARRATION,
    MAX_POST,
    MESSAGE_LIMIT,
    Narration,
    coalesce,
    mentions_only,
    narrated,
    post_items,
    split_message,
)
from bot.discord.components import HandButton
from bot.discord.panels import move_panel, note_text
from bot.discord.presenters import board_embed, board_files, image_embeds, private_embed
from bot.discord.rhythm import turn_key
from bot.discord.text import guild_locale_of, render, tr
from bot.games import front
from bot.i18n import DEFAULT_LOCALE, Person, msg, view_text
from bot.render import as_images, render_board_async
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


Messageable = discord.TextChannel | discord.Thread | discord.DMChannel | discord.VoiceChannel


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
        #: Per game, the thread message that narrates the current unit of play: (message,
        #: the last phase as shown, its text so far, the unit). Kept per process; after a
        #: restart a new one begins.
        self._narration: dict[int, tuple[discord.Message, str, str, Hashable]] = {}
        #: Per game, the board message and the unit of play it shows (kept per process: after
        #: a restart the stored board is compared by its phase line once).
        self._boards: dict[int, tuple[int, Hashable]] = {}
        #: Per game, what its board message shows (message, image digest, embeds): a move
        #: that changes neither (a secret choice, a follow) costs no request.
        self._shown: dict[int, tuple[int, str, list[dict[str, Any]]]] = {}
        #: game -> (its board message, file name -> (the image's digest, its attachment))
        self._attached: dict[int, tuple[int, dict[str, tuple[str, discord.Attachment]]]] = {}

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
        """Deliver one burst in order, as few messages as it needs (see the module
        docstring); each game's board last, once. One failing message never stops the
        others."""
        effects = list(effects)
        boards: dict[int, BoardChanged] = {}
        for effect in effects:
            if isinstance(effect, BoardChanged):
                boards[effect.game_id] = effect  # every one carries the burst's last board
        units = {gid: self.unit_of(b.snapshot) for gid, b in boards.items()
                 if b.snapshot is not None}
        for item in coalesce(effects):
            try:
                if isinstance(item, Narration):
                    await self.narrate(item, units.get(item.game_id))
                elif isinstance(item, Post):
                    await self.post(item)
                elif isinstance(item, Notify):
                    await self.notify(item)
            except (discord.HTTPException, ServiceError):
                # Never the effect itself: a private notice's text may hold a hand or an order.
                log.exception("could not deliver a %s for game %s", type(item).__name__,
                              item.game_id)
        for board in boards.values():
            try:
                await self.board(board.game_id, board.snapshot)
            except (discord.HTTPException, ServiceError):
                log.exception("could not deliver a board for game %s", board.game_id)

    @staticmethod
    def unit_of(snap: BoardSnapshot) -> Hashable:
        return turn_key(snap.game_type, snap.view, snap.summary)

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
        if narrated(post):
            return await self._narrate(channel, post.game_id, [post], None, locale)
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

    async def narrate(self, run: Narration, unit: Hashable | None) -> discord.Message | None:
        channel = await self.channel_of(run.game_id)
        if channel is None:
            return None
        locale = await self.table_locale(getattr(channel, "guild", None))
        return await self._narrate(channel, run.game_id, run.posts, unit, locale)

    async def _narrate(self, channel: Messageable, game_id: int, posts: list[Post],
                       unit: Hashable | None, locale: str) -> discord.Message | None:
        """The engine's lines go into one thread message per unit of play (``unit``; without
        one, per phase), edited as the unit goes on, each phase headed where it begins; a new
        unit (or a full message) starts a new message. The full log stays in `/game log`."""
        current = self._narration.get(game_id)
        phase = current[1] if current is not None else None
        text = ""
        for post in posts:
            shown = view_text(post.phase, locale)
            lines = render(post.msg, locale, limit=MAX_POST)
            if shown != phase and shown:
                text += f"{chr(10) if text else ''}**{shown}**"
            phase = shown
            text += f"{chr(10) if text else ''}{lines}"
        trimmed = len(posts) > 1 and len(text) > BURST_NARRATION
        if trimmed:
            text = self._latest(text, locale)
        first = view_text(posts[0].phase, locale)
        if current is not None and not trimmed:
            message, last_phase, so_far, last_unit = current
            same = (unit is not None and unit == last_unit) or (unit is None
                                                                and last_phase == first)
            if same and len(so_far) + 1 + len(text) <= MESSAGE_LIMIT:
                content = f"{so_far}\n{text}"
                try:
                    await message.edit(content=content,
                                       allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException:  # deleted or not editable: a new message instead
                    pass
                else:
                    self._narration[game_id] = (message, phase or "", content, unit)
                    return message
        if first and not trimmed and not text.startswith(f"**{first}**"):
            text = f"**{first}**\n{text}"  # a new message always says which phase it is in
        sent: discord.Message | None = None
        for part in split_message(text, MESSAGE_LIMIT):
            sent = await channel.send(part, allowed_mentions=discord.AllowedMentions.none())
            if sent is not None:
                self._narration[game_id] = (sent, phase or "", part, unit)
        return sent

    @staticmethod
    def _latest(text: str, locale: str) -> str:
        """The tail of a long burst's narration that fits ``BURST_NARRATION``, under the
        heading of the phase it starts in and a line saying how many lines it left out."""
        lines = text.split("\n")
        kept: list[str] = []
        size = 0
        while lines and size + len(lines[-1]) + 1 <= BURST_NARRATION - 300:
            size += len(lines[-1]) + 1
            kept.insert(0, lines.pop())
        heading = next((line for line in reversed(lines) if line.startswith("**")), None)
        left_out = sum(1 for line in lines if not line.startswith("**"))
        if heading is not None and not (kept and kept[0].startswith("**")):
            kept.insert(0, heading)
        return "\n".join([tr("narration.left_out", locale, n=left_out), *kept])

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

    async def _same_unit(self, channel: Messageable, game_id: int, current: int,
                         unit: Hashable, embed: discord.Embed) -> bool:
        """Whether the board message ``current`` shows ``unit``: known in this process, else
        (after a restart) read once and judged by its phase line."""
        known = self._boards.get(game_id)
        if known is not None and known[0] == current:
            return known[1] == unit
        try:
            old = await channel.fetch_message(current)
        except discord.NotFound:
            return False
        if old.embeds and old.embeds[0].description == embed.description:
            self._boards[game_id] = (current, unit)
            return True
        return False

    def _kept(self, game_id: int, message_id: int, files: list[discord.File],
              digests: list[str]) -> list[discord.Attachment | discord.File]:
        """The board's attachments for an edit: an image the message shows already (the same
        bytes under the same name) is kept, not uploaded again — a board in parts often
        changes in one part only."""
        shown = self._attached.get(game_id)
        if shown is None or shown[0] != message_id:
            return list(files)
        out: list[discord.Attachment | discord.File] = []
        for file, digest in zip(files, digests, strict=True):
            old = shown[1].get(file.filename)
            out.append(old[1] if old is not None and old[0] == digest else file)
        return out

    def _remember(self, game_id: int, message: discord.Message, files: list[discord.File],
                  digests: list[str]) -> None:
        by_name = {a.filename: a for a in getattr(message, "attachments", None) or []}
        self._attached[game_id] = (message.id, {
            f.filename: (d, by_name[f.filename])
            for f, d in zip(files, digests, strict=True) if f.filename in by_name})

    async def _draw(self, game_id: int, snap: BoardSnapshot) -> str | None:
        """Render ``snap`` and put it into the game's board message (or a new one)."""
        summary = snap.summary
        self._targets[game_id] = summary.thread_id or summary.channel_id
        channel = await self.channel_of(game_id)
        if channel is None:
            return None
        game_type, version, view = snap.game_type, snap.version, snap.view
        locale = await self.table_locale(getattr(channel, "guild", None))
        pngs = as_images(await render_board_async(game_id, version, game_type, view, locale))
        embed = board_embed(summary, locale, image=BOARD_FILE)
        f = front(game_type)
        embeds = [embed, *image_embeds(len(pngs)),
                  *(f.board_embeds(view, locale)
                    if f is not None and f.board_embeds is not None else [])][:10]
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(HandButton(game_id, locale))
        files = board_files(pngs)
        unit = self.unit_of(snap)
        current = snap.board_message_id
        digests = [hashlib.sha256(png).hexdigest() for png in pngs]
        digest, embed_data = " ".join(digests), [e.to_dict() for e in embeds]
        if current is not None and await self._same_unit(channel, game_id, current, unit,
                                                         embed):
            if self._shown.get(game_id) == (current, digest, embed_data):
                return game_type
            self._shown[game_id] = (current, digest, embed_data)
            try:
                edited = await channel.get_partial_message(current).edit(
                    embeds=embeds, attachments=self._kept(game_id, current, files, digests),
                    view=buttons)
            except discord.NotFound:  # deleted meanwhile: a new board below
                files = board_files(pngs)
            else:
                self._remember(game_id, edited, files, digests)
                return game_type
        sent = await channel.send(embeds=embeds, files=files, view=buttons,
                                  allowed_mentions=discord.AllowedMentions.none())
        await self.service.set_board_message(game_id, sent.id)
        self._boards[game_id] = (sent.id, unit)
        self._shown[game_id] = (sent.id, digest, embed_data)
        self._remember(game_id, sent, files, digests)
        if current is not None and current != sent.id:
            # The last unit's board stays as the thread's history, without buttons to press.
            try:
                await channel.get_partial_message(current).edit(view=None)
            except discord.HTTPException:
                log.info("game %s: board %s could not lose its buttons", game_id, current)
        return game_type

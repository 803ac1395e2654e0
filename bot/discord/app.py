"""The bot: ``MaesterBot`` (a ``commands.Bot`` holding a ``GameService``), ``create_bot`` and
``run`` — the entry point the CLI (``python -m bot run``) calls::

    await bot.discord.app.run(token, service, dev_guild_id=None, sync=True,
                              deadline_interval=30.0)
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Shards
from bot.discord.cog_game import GameCog
from bot.discord.deadline_loop import DeadlineLoop
from bot.discord.delivery import Delivery
from bot.discord.flows import Flows
from bot.discord.help import HelpCog
from bot.discord.observe import count_requests, serve
from bot.discord.panels import dynamic_items
from bot.discord.strings import CatalogTranslator
from bot.discord.text import learn_locale, locale_of, render
from bot.games import fronts
from bot.i18n import available_locales, catalog, msg
from bot.service import GameService
from rules.canonical_json import canonical_json

log = logging.getLogger(__name__)



class MaesterBot(commands.Bot):
    """Slash commands and components only: ``Intents.default()``, no privileged intents."""

    def __init__(self, service: GameService, *, dev_guild_id: int | None = None,
                 sync: bool = True, deadline_interval: float = 30.0,
                 **client_options: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), help_command=None,
                         **client_options)
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync
        self.deadline_interval = deadline_interval
        self.delivery = Delivery(self)
        self.flows = Flows(self)
        count_requests(self)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        # Before any command or autocomplete: the language the user chose, for its answer.
        self.tree.interaction_check = learn_locale  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.add_cog(GameCog(self))
        await self.add_cog(HelpCog(self))
        # Each discovered game front brings its own command group, added before the one sync.
        for game_front in fronts().values():
            cog_class = game_front.cog
            if cog_class is not None and self.get_cog(cog_class.__cog_name__) is None:
                await self.add_cog(cog_class(self))
        await self.add_cog(DeadlineLoop(self, self.deadline_interval))
        self.add_dynamic_items(*dynamic_items())
        await self.tree.set_translator(CatalogTranslator())
        if self.sync_commands:
            await self.sync_tree()

    async def sync_tree(self, *, force: bool = False) -> bool:
        """To the dev guild when set (instant, but guild commands do not work in DMs), else
        globally — only when the commands (or their catalog texts) changed since the last
        sync, since Discord limits command writes per day. Returns whether it synced."""
        guild = discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        # Every language's texts count: a changed Czech description must reach Czech clients.
        texts = [catalog(loc) for loc in available_locales()]
        digest = hashlib.sha256(canonical_json([payload, texts]).encode()).hexdigest()
        key = f"command_tree:{guild.id if guild else 'global'}"
        if not force and await self.service.bot_state(key) == digest:
            log.info("slash commands unchanged since the last sync; not syncing")
            return False
        await self.tree.sync(guild=guild)
        await self.service.save_bot_state(key, digest)
        return True

    async def _on_tree_error(self, interaction: discord.Interaction[Any],
                             error: app_commands.AppCommandError) -> None:
        log.error("app command failed", exc_info=error)
        text = render(msg("error.internal"), locale_of(interaction))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


class ShardedMaesterBot(MaesterBot, commands.AutoShardedBot):
    """The bot as one of several processes, each serving a range of Discord's shards: it gets
    only its shards' servers' events (direct messages come to shard 0). Whatever it must post
    elsewhere — a thread of a server another process serves — goes through Discord's REST API,
    which any process may use, and due deadlines are claimed in the database, so every process
    runs the same deadline loop."""


def create_bot(service: GameService, *, dev_guild_id: int | None = None, sync: bool = True,
               deadline_interval: float = 30.0, shards: Shards | None = None) -> MaesterBot:
    if shards is None:
        return MaesterBot(service, dev_guild_id=dev_guild_id, sync=sync,
                          deadline_interval=deadline_interval)
    return ShardedMaesterBot(service, dev_guild_id=dev_guild_id,
                             sync=sync and shards.syncs_commands,
                             deadline_interval=deadline_interval, shard_count=shards.count,
                             shard_ids=list(shards.ids) if shards.ids else None)


async def run(token: str, service: GameService, *, dev_guild_id: int | None = None,
              sync: bool = True, deadline_interval: float = 30.0,
              shards: Shards | None = None,
              metrics: tuple[str, int] | None = None) -> None:
    """Log in and serve until cancelled. The caller owns the service (and its engine) and
    may configure logging first; otherwise discord.py's default handler is installed. With
    ``metrics`` (host, port) the metrics and health endpoint is served too."""
    if not logging.getLogger().handlers:
        discord.utils.setup_logging()
    bot = create_bot(service, dev_guild_id=dev_guild_id, sync=sync,
                     deadline_interval=deadline_interval, shards=shards)
    runner = await serve(bot, *metrics) if metrics else None
    try:
        async with bot:
            await bot.start(token)
    finally:
        if runner is not None:
            await runner.cleanup()

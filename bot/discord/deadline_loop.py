"""The deadline poller: every ``interval`` seconds ask the service what is due (reminders,
deadlines, ready checks — all rows in the database, so a restart loses nothing) and deliver
the effects."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from storage.db import checkpoint

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike
    from bot.service import Effect

log = logging.getLogger(__name__)


class DeadlineLoop(commands.Cog):
    def __init__(self, bot: BotLike, interval: float = 30.0) -> None:
        self.bot = bot
        self._resumed = False
        self.tick.change_interval(seconds=interval)

    async def cog_load(self) -> None:
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()

    @tasks.loop(seconds=30.0)
    async def tick(self) -> None:
        # An unhandled error would stop a tasks.loop for good: log it, the next tick goes on.
        try:
            effects: list[Effect] = []
            if not self._resumed:  # the first tick: bot turns a restart cut short go on
                self._resumed = True
                effects += await self.bot.service.resume_bots()
            effects += await self.bot.service.run_due()
        except Exception:
            log.exception("run_due failed")
            return
        try:
            await self.bot.delivery.deliver(effects)
        except Exception:
            log.exception("delivering due effects failed")
        try:  # the WAL is checkpointed here, off every move's commit path
            await checkpoint(self.bot.service.engine)
        except Exception:
            log.exception("WAL checkpoint failed")

    @tick.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

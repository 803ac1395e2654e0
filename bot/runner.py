"""Wiring for ``python -m bot run``: migrate, build the service, start the Discord adapter."""

from __future__ import annotations

import logging

from bot.config import Settings
from bot.service import GameService, ServiceSettings
from storage.db import make_engine
from storage.migrate import upgrade_async

log = logging.getLogger("maester")


async def run_bot(settings: Settings) -> None:
    await upgrade_async(settings.database_url)
    engine = make_engine(settings.database_url)
    service = GameService(engine, settings=ServiceSettings(
        ready_check_seconds=int(settings.ready_check_hours * 3600),
        head_cache=settings.head_cache,
    ))
    from bot.discord.app import run

    log.info("starting Maester with %d game types", len(service.games))
    try:
        await run(settings.discord_token or "", service, dev_guild_id=settings.dev_guild_id,
                  deadline_interval=settings.reminder_poll_seconds)
    finally:
        await engine.dispose()

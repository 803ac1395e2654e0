"""Wiring for ``python -m bot run``: migrate, build the service, start the Discord adapter."""

from __future__ import annotations

import logging

from bot.config import Settings
from bot.service import GameService, ServiceSettings
from rules.content import configure, load
from rules.registry import games
from storage.db import make_engine
from storage.migrate import upgrade_async

log = logging.getLogger("maester")


def load_content(content_dir: str | None) -> None:
    """Point the engines at ``CONTENT_DIR`` and load every game's content now: a bad pack
    stops the bot at start with the file, entry and field named — nothing half-loads."""
    configure(content_dir)
    for rules in games().values():
        schema = rules.content_schema()
        if schema is not None:
            load(schema)


async def run_bot(settings: Settings) -> None:
    load_content(settings.content_dir)
    await upgrade_async(settings.database_url)
    engine = make_engine(settings.database_url, synchronous=settings.sqlite_synchronous,
                         background_checkpoints=True)
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

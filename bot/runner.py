"""Wiring for ``python -m bot run``: migrate, build the service, start the Discord adapter."""

from __future__ import annotations

import logging

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.config import Settings
from bot.env_errors import EnvironmentFault, check_url, explain
from bot.heap import settle_heap
from bot.service import GameService, ServiceSettings
from rules.content import ContentError, configure, load
from rules.registry import GameLoadError, games
from storage.db import make_engine
from storage.migrate import upgrade_async

log = logging.getLogger("maester")


def load_content(content_dir: str | None) -> None:
    """Point the engines at ``CONTENT_DIR`` and load every game's content now: a bad pack
    stops the bot at start with the file, entry and field named — nothing half-loads."""
    configure(content_dir)
    try:
        found = games()
    except GameLoadError as exc:
        raise _broken(content_dir, exc.name, exc.cause) from exc
    for rules in found.values():
        schema = rules.content_schema()
        if schema is not None:
            load(schema)
        # A pack can fit the schema and still break what the game checks of its content as
        # a whole (a deck's size, a map's geometry): set every mode up once, now, so that is
        # refused at start too rather than when the first table opens.
        for variant in rules.variants():
            try:
                config = rules.check_config(variant.config, min(variant.seats))
                rules.new_game(config, min(variant.seats), 0)
            except ContentError:
                raise
            except Exception as exc:  # whatever the game's own check raises, named
                raise _broken(content_dir, rules.id, exc, variant.name) from exc


def _broken(content_dir: str | None, game: str, cause: BaseException, mode: str = ""
            ) -> ContentError:
    """A pack that fits the schema but fails the game's own check of its content as a whole
    (no single entry and field to name: the game's message says what is wrong)."""
    where = f"{content_dir}/{game}" if content_dir else f"{game} (shipped content)"
    return ContentError(where, None, None, "the game's check of its content"
                        + (f" (mode {mode})" if mode else "") + f" fails: {cause}")


async def open_database(settings: Settings) -> AsyncEngine:
    """Migrate the database and prove it can be written, before Discord is contacted: a
    database fault is then told as one (``EnvironmentFault``), never as a network problem, and
    a read-only database is found at start rather than at the first move."""
    url = settings.database_url
    check_url(url)
    engine: AsyncEngine | None = None
    try:
        await upgrade_async(url)
        engine = make_engine(url, synchronous=settings.sqlite_synchronous,
                             background_checkpoints=True)
        async with engine.begin() as conn:
            await conn.exec_driver_sql("UPDATE bot_state SET value = value WHERE 1 = 0")
    except Exception as exc:
        if engine is not None:
            await engine.dispose()
        found = explain(exc, url)
        if found is None:
            raise
        raise EnvironmentFault(found) from exc
    return engine


async def run_bot(settings: Settings) -> None:
    load_content(settings.content_dir)
    engine = await open_database(settings)
    service = GameService(engine, settings=ServiceSettings(
        ready_check_seconds=int(settings.ready_check_hours * 3600),
        head_cache=settings.head_cache, ai_workers=settings.ai_workers,
    ))
    from bot.discord.app import run

    settle_heap()
    log.info("starting Maester with %d game types", len(service.games))
    try:
        await run(settings.discord_token or "", service, dev_guild_id=settings.dev_guild_id,
                  deadline_interval=settings.reminder_poll_seconds,
                  shards=settings.shards(),
                  metrics=(settings.metrics_host, settings.metrics_port)
                  if settings.metrics_port else None)
    finally:
        await engine.dispose()

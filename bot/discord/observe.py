"""Seeing inside a running bot: Prometheus metrics and a health check on ``METRICS_PORT``, and
the counting of the bot's requests to Discord.

``GET /metrics`` is the Prometheus text format (``bot.metrics``); ``GET /health`` answers 200
when the bot is connected to Discord and its database takes a write, else 503 — with a JSON
body that says which failed. The server is aiohttp's (discord.py's own HTTP library), on the
bot's event loop, bound to 127.0.0.1 unless ``METRICS_HOST`` says otherwise.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.metrics import DISCORD_RATE_LIMITED, DISCORD_REQUESTS, OPEN_GAMES, REGISTRY

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

log = logging.getLogger(__name__)


class _RateLimits(logging.Filter):
    """discord.py says a 429 only in its log (it waits the limit out): count those lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "429" in str(record.msg):
            DISCORD_RATE_LIMITED.inc()
        return True


_RATE_LIMITS = _RateLimits()


def count_requests(client: Any) -> None:
    """Count every request to Discord's REST API, by method — the client's and the interaction
    answers' — and every 429."""
    http = client.http
    if getattr(http, "_maester_counted", False):
        return
    send = http.request

    async def counted(route: Any, **kwargs: Any) -> Any:
        DISCORD_REQUESTS.labels(route.method).inc()
        return await send(route, **kwargs)

    http.request = counted
    http._maester_counted = True
    _count_webhook_requests()
    for name in ("discord.http", "discord.webhook.async_"):
        logger = logging.getLogger(name)
        if _RATE_LIMITS not in logger.filters:
            logger.addFilter(_RATE_LIMITS)


def _count_webhook_requests() -> None:
    """Interaction answers and follow-ups go through discord.py's webhook adapter, not the
    client's HTTP layer: one process-wide adapter, counted once."""
    from discord.webhook import async_

    adapter = async_.AsyncWebhookAdapter
    if getattr(adapter, "_maester_counted", False):
        return
    send = adapter.request

    async def counted(self: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        DISCORD_REQUESTS.labels(route.method).inc()
        return await send(self, route, *args, **kwargs)

    adapter.request = counted  # type: ignore[method-assign]
    adapter._maester_counted = True  # type: ignore[attr-defined]


async def health(bot: BotLike) -> tuple[bool, dict[str, Any]]:
    """Whether the bot is connected and its database writable, and what each check said."""
    connected = bot.is_ready() and not bot.is_closed()
    try:
        await bot.service.check_writable()
        database: Any = True
    except Exception as exc:  # whatever the database says, the answer is "not healthy"
        database = f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
    return connected and database is True, {"discord": connected, "database": database}


def app(bot: BotLike) -> web.Application:
    async def metrics(_request: web.Request) -> web.Response:
        try:
            for status, n in (await bot.service.open_game_counts()).items():
                OPEN_GAMES.labels(status).set(n)
        except Exception:  # the scrape still answers; the database errors say the rest
            log.warning("could not count open games for the metrics", exc_info=True)
        return web.Response(body=generate_latest(REGISTRY),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def healthy(_request: web.Request) -> web.Response:
        ok, checks = await health(bot)
        return web.json_response({"ok": ok, **checks}, status=200 if ok else 503)

    application = web.Application()
    application.router.add_get("/metrics", metrics)
    application.router.add_get("/health", healthy)
    return application


async def serve(bot: BotLike, host: str, port: int) -> web.AppRunner:
    """Start the endpoint; the caller cleans the returned runner up."""
    runner = web.AppRunner(app(bot), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("metrics and health on http://%s:%d/metrics and /health", host, port)
    return runner

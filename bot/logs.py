"""The bot's log: one line per event, as text or (``LOG_FORMAT=json``) one JSON object a line,
each with what it concerns — the game, the server, the user and the move's version.

What a line concerns is bound once per interaction or move (``bind``) in a context variable:
every interaction and every deadline run is its own asyncio task, so what one binds never
reaches another's lines. Secret choices are never logged: the bot's own lines name games,
seats and move kinds, never a move's parameters, and discord.py's HTTP layer — which at DEBUG
prints every request's body, a DM's secret hand included — is held at INFO.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

#: What the current task's lines concern (game_id, guild_id, user_id, version).
_CONTEXT: ContextVar[dict[str, Any] | None] = ContextVar("maester_log_context", default=None)
FIELDS = ("game_id", "guild_id", "user_id", "version")


def bind(**fields: Any) -> None:
    """Say what the current task's next lines concern; a field given as None is dropped."""
    current = dict(_CONTEXT.get() or {})
    for key, value in fields.items():
        if value is None:
            current.pop(key, None)
        else:
            current[key] = value
    _CONTEXT.set(current)


def context_of(record: logging.LogRecord) -> dict[str, Any]:
    """The bound fields, overridden by any the call passed itself (``extra={...}``)."""
    found = dict(_CONTEXT.get() or {})
    found.update({k: getattr(record, k) for k in FIELDS if getattr(record, k, None) is not None})
    return found


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **context_of(record),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """The classic line, with what it concerns at its end (``game=12 user=…``)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        fields = context_of(record)
        if not fields:
            return text
        tail = " ".join(f"{k.removesuffix('_id')}={v}" for k, v in fields.items())
        first, _, rest = text.partition("\n")  # after the message, before a traceback
        return f"{first} [{tail}]" + (f"\n{rest}" if rest else "")


def configure(level: str | int = "INFO", fmt: str = "text") -> None:
    """Log to standard error in the chosen format — unless the root logger already has a
    handler (a host program's or a test runner's), which it keeps, as ``basicConfig`` does."""
    if fmt not in ("text", "json"):
        raise ValueError(f"LOG_FORMAT must be text or json, not {fmt!r}")
    root = logging.getLogger()
    root.setLevel(level)
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
        root.addHandler(handler)
    quiet()


def quiet() -> None:
    """Loggers that would print what no log may hold, or noise on every start."""
    logging.getLogger("discord.http").setLevel(logging.INFO)  # request bodies at DEBUG
    logging.getLogger("alembic").setLevel(logging.WARNING)  # its plugin list on every start

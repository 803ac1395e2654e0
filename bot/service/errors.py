"""Errors a player sees (ephemerally). Each carries a catalog message; nothing was changed."""

from __future__ import annotations

from typing import Any

from bot.i18n import Msg


class ServiceError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        self.msg = Msg(key, params)
        super().__init__(key)


class StaleVersion(ServiceError):
    """The caller acted on an old board; ``version`` is the current one."""

    def __init__(self, version: int) -> None:
        super().__init__("error.stale", version=version)
        self.version = version


def first_line(exc: BaseException) -> str:
    """A database error's own message on one line (without SQLAlchemy's statement dump)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return (text.splitlines() or [type(exc).__name__])[0][:200]

"""What a bad environment is told: one line that says what is wrong and what to do.

The command line (``python -m bot run | db | demo``) meets the environment's faults as
exceptions from three libraries — SQLAlchemy's URL parser and dialect loader, the database
drivers (sqlite3, asyncpg) and the operating system — often wrapped two or three deep
(SQLAlchemy wraps the driver's error, whose cause is the OS's). ``explain`` walks that chain
and names the fault in the operator's words; an exception it does not recognise is not an
environment fault, so it returns None and the caller lets the traceback through.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterator
from typing import Any

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, InvalidRequestError, NoSuchModuleError

from bot.i18n import Msg, msg

#: The errno of a full disk or a file-size limit (a process with RLIMIT_FSIZE set).
_FULL = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}
_UNREACHABLE = {errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT,
                errno.ECONNRESET}


class EnvironmentFault(Exception):
    """An environment fault already put in words; the command line prints ``msg`` alone."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.key)
        self.msg = message


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The exception, what it wraps (SQLAlchemy's ``orig``) and what caused it, once each."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop(0)
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        orig = getattr(e, "orig", None)
        todo += [orig if isinstance(orig, BaseException) else None, e.__cause__, e.__context__]


def _where(url: str) -> str:
    """The database as an operator recognises it: the file, or host:port/database."""
    try:
        u = make_url(url)
    except ArgumentError:
        return "DATABASE_URL"
    if u.get_backend_name() == "sqlite":
        return u.database or ":memory:"
    port = f":{u.port}" if u.port else ""
    return f"{u.host or 'localhost'}{port}/{u.database or ''}"


def _first_line(exc: BaseException, limit: int = 160) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _url_fault(exc: BaseException, url: str) -> Msg | None:
    """A DATABASE_URL that cannot be used at all: unparseable, an unknown or missing driver, a
    driver that is not asyncio."""
    scheme = url.split("://", 1)[0] if "://" in url else url
    for e in _chain(exc):
        if isinstance(e, NoSuchModuleError):
            return msg("env.db_unknown_driver", driver=scheme)
        if isinstance(e, ArgumentError):
            return msg("env.db_bad_url", url=_hide_password(url))
        if isinstance(e, InvalidRequestError) and "async" in str(e):
            return msg("env.db_sync_driver", driver=scheme)
        if isinstance(e, ModuleNotFoundError):
            return msg("env.db_missing_driver", driver=scheme, module=e.name or "?")
    return None


def _hide_password(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url if len(url) <= 80 else url[:79] + "…"


def _server_fault(exc: BaseException, url: str) -> Msg | None:
    """PostgreSQL's answers: no such database, a refused login; or no server answering."""
    where = _where(url)
    for e in _chain(exc):
        name = type(e).__name__
        if name == "InvalidCatalogNameError":
            return msg("env.db_no_database", where=where, database=make_url(url).database or "")
        if name in ("InvalidPasswordError", "InvalidAuthorizationSpecificationError"):
            return msg("env.db_login_refused", where=where, reason=_first_line(e))
        if isinstance(e, ConnectionRefusedError | TimeoutError) or (
                isinstance(e, OSError) and e.errno in _UNREACHABLE and not _is_file_error(e)):
            return msg("env.db_unreachable", where=where, reason=_first_line(e))
        if isinstance(e, OSError) and "Connect call failed" in str(e):
            return msg("env.db_unreachable", where=where, reason=_first_line(e))
    return None


def _is_file_error(e: OSError) -> bool:
    return e.filename is not None


def _file_fault(exc: BaseException, url: str) -> Msg | None:
    """An SQLite file that is not a database, cannot be opened or written, or a disk that is
    full (or a file-size limit) — also for files the command writes besides the database."""
    where = _where(url)
    for e in _chain(exc):
        text = str(e).lower()
        if isinstance(e, OSError) and e.errno in _FULL:
            return msg("env.disk_full", where=e.filename or where)
        if isinstance(e, sqlite3.DatabaseError):
            if "file is not a database" in text or "malformed" in text:
                return msg("env.db_not_a_database", where=where)
            if "readonly" in text or "read-only" in text:
                return msg("env.db_read_only", where=where)
            if "database or disk is full" in text or "disk i/o error" in text:
                # SQLite reports a write refused by a file-size limit as an I/O error.
                return msg("env.disk_full", where=where)
            if "unable to open database file" in text:
                return msg("env.db_cannot_open", where=where)
        if isinstance(e, PermissionError | IsADirectoryError | NotADirectoryError
                      | FileExistsError):
            return msg("env.db_cannot_open", where=e.filename or where)
    return None


def explain(exc: BaseException, url: str) -> Msg | None:
    """The fault behind ``exc`` in one line, or None when it is not the environment's."""
    if isinstance(exc, EnvironmentFault):
        return exc.msg
    for find in (_url_fault, _server_fault, _file_fault):
        found = find(exc, url)
        if found is not None:
            return found
    return None


def check_url(url: str) -> None:
    """Refuse a DATABASE_URL that no engine can be made from, before anything is written."""
    from sqlalchemy.ext.asyncio import create_async_engine

    try:
        engine: Any = create_async_engine(url)
    except Exception as exc:
        found = _url_fault(exc, url)
        if found is None:
            raise
        raise EnvironmentFault(found) from exc
    engine.sync_engine.dispose()

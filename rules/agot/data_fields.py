"""Checking one field of an AGoT data file (its type, id form, provenance): the loader's
helpers, each failing with a ``DataError`` that names the file and the entry."""

from __future__ import annotations

import re
from typing import Any

from rules.agot.data_records import PROVENANCES, DataError

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _fail(where: str, msg: str) -> DataError:
    return DataError(f"agot data: {where}: {msg}")


def _get(d: Any, key: str, typ: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(d, dict):
        raise _fail(where, "expected an object")
    if key not in d:
        raise _fail(where, f"missing field {key!r}")
    val = d[key]
    # bool is a subclass of int: reject it where an int is wanted
    if typ is int and isinstance(val, bool):
        raise _fail(where, f"field {key!r} must be int, not bool")
    if not isinstance(val, typ):
        raise _fail(where, f"field {key!r} has wrong type {type(val).__name__}")
    return val


def _prov(d: dict[str, Any], where: str) -> str:
    p = _get(d, "provenance", str, where)
    if p not in PROVENANCES:
        raise _fail(where, f"unknown provenance {p!r}")
    return p


def _id(d: dict[str, Any], where: str, key: str = "id") -> str:
    v = _get(d, key, str, where)
    if not _ID.match(v):
        raise _fail(where, f"{key} {v!r} is not snake_case")
    return v


def _check(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise _fail(where, msg)

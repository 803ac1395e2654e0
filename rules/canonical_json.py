"""JSON written one way, whatever writes it: canonical text for hashes and comparisons, and a
value's JSON form (its canonical form; a round trip). Actions, events, states and content
packs all hash or compare through these."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import orjson

JSON = Any


def canonical_form(value: Any) -> Any:
    """Canonical JSON form, so that equal actions compare and hash equal: what
    ``json.loads(json.dumps(value, sort_keys=True))`` gives. Through orjson when that is
    certainly the same (an action's parameters come from anyone: a NaN, which orjson writes
    as null, sends every text with a null to the standard library)."""
    out = _orjson_exactly(value, _CANONICAL, lambda text: b"null" in text)
    if out is None:
        return json.loads(json.dumps(value, sort_keys=True))
    return orjson.loads(out)


def json_round_trip(value: Any) -> Any:
    """What ``json.loads(json.dumps(value))`` gives — a deep copy in JSON's own types (tuples
    become lists) — for a game state's data: through orjson (string keys, integers within 64
    bits, no float), else the standard library. Like ``canonical_json``, it relies on a state
    holding no NaN or infinity (no float at all: the conformance suite checks)."""
    out = _orjson_exactly(value, _PASSTHROUGH, _has_float)
    if out is None:
        return json.loads(json.dumps(value))
    return orjson.loads(out)


def canonical_json(data: JSON) -> str:
    """Keys sorted, no spaces, UTF-8 as is: byte for byte the standard library's
    ``json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` (every stored
    state hash was computed over that text).

    Written by orjson (a well-kept Rust serializer, ~10x faster on a game state; a move
    serializes its state once) wherever orjson writes the same bytes: string keys, integers
    within 64 bits, no float. Anything else — an integer key, a bigger integer, a lone
    surrogate, a type orjson would write differently — makes orjson refuse, and a float is
    seen in its output: those go to the standard library. One difference is left: NaN and
    the infinities, which are not JSON (PostgreSQL refuses them), are written ``null``; a
    game's state holds no float at all (the rules conformance suite checks every game)."""
    out = _orjson_exactly(data, _CANONICAL, _has_float)
    if out is None:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return out.decode()


def _orjson_exactly(value: Any, option: int, suspect: Callable[[bytes], bool]
                    ) -> bytes | None:
    """``value`` written by orjson, or None where the standard library must write it: orjson
    refuses it (an integer key, an integer beyond 64 bits, a lone surrogate, a subclass…), or
    its text is ``suspect`` (holds what orjson writes differently)."""
    try:
        out = orjson.dumps(value, option=option)
    except TypeError:  # orjson.JSONEncodeError
        return None
    return None if suspect(out) else out


def _has_float(text: bytes) -> bool:
    return _FLOAT_MARK in text.translate(_NUMBER_BYTES)


# Subclasses, dataclasses and datetimes passed through: orjson refuses them (the standard
# library writes a str or int subclass by its value and refuses the others).
_PASSTHROUGH = (orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
                | orjson.OPT_PASSTHROUGH_DATETIME)
_CANONICAL = orjson.OPT_SORT_KEYS | _PASSTHROUGH
# A float in JSON is a digit followed by "." or an exponent (orjson writes 1e-7 where the
# standard library writes 1e-07). Seen in strings too ("v1.2"), which costs only the
# standard library's time.
_NUMBER_BYTES = bytes(0x30 if 0x30 <= c <= 0x39 else 0x2E if c in b".eE" else 0x20
                      for c in range(256))
_FLOAT_MARK = b"0."


def hash_json(data: JSON) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()

"""Reading JSON columns: orjson where it reads exactly what the standard library reads.

A head load decodes the game's state (a few KB) and every JSON column of its seats; with the
standard library's parser that was the largest single cost of a cold load. orjson (a
well-kept Rust parser, ~3x faster on a state) returns the same values for every text except
two kinds, which go to the standard library instead:

* an integer beyond 64 bits, which orjson reads as a float (silently) — any run of 19 or more
  digits is sent to the standard library, found with a byte-table scan costing ~2 µs;
* what orjson refuses and the standard library reads (NaN, Infinity, a lone surrogate, an
  exponent beyond a float's range, nesting beyond 1,024).

Writing is not here: a state is written as ``rules.base.canonical_json`` gives it (the text
its hash is computed over), other columns through SQLAlchemy's serializer.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_DIGITS = bytes(0x30 if 0x30 <= c <= 0x39 else 0x20 for c in range(256))
_LONG_NUMBER = b"0" * 19


def loads(text: str | bytes) -> Any:
    try:
        data = text.encode() if isinstance(text, str) else text
    except UnicodeEncodeError:  # a lone surrogate
        return json.loads(text)
    if _LONG_NUMBER not in data.translate(_DIGITS):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)

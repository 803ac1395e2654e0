"""JSON columns are read with orjson where it reads exactly what the standard library reads
(storage/jsoncol.py); every other text goes to the standard library."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import jsoncol
from storage.db import make_engine

_SCALARS = (st.none() | st.booleans() | st.integers()
            | st.integers(min_value=-(2**70), max_value=2**70)
            | st.floats(allow_nan=False, allow_infinity=False) | st.text())
VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=6), max_leaves=40)


def _same(a: Any, b: Any) -> bool:
    """Equal values of equal types (1 and 1.0 differ; so do 0.0 and -0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_reads_what_the_standard_library_reads(value: Any) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False),
                 json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)):
        assert _same(jsoncol.loads(text), json.loads(text))
        assert _same(jsoncol.loads(text.encode()), json.loads(text))


def test_texts_orjson_would_read_otherwise() -> None:
    for text in ('{"seed": 18446744073709551616}', '[-9223372036854775809]',
                 '[12345678901234567890123]', '[1.2345678901234567890123]', '[1e400]',
                 '[NaN, Infinity, -Infinity]', '"\\ud800"',
                 json.dumps("\ud800", ensure_ascii=False), '{"a": 1, "a": 2}', "[-0, -0.0]"):
        expected = json.loads(text)
        got = jsoncol.loads(text)
        assert json.dumps(got) == json.dumps(expected), text[:40]
    assert jsoncol.loads('{"seed": 18446744073709551616}')["seed"] == 2**64  # not a float


def test_engines_read_json_columns_through_it() -> None:
    assert make_engine("sqlite+aiosqlite://").dialect._json_deserializer is jsoncol.loads

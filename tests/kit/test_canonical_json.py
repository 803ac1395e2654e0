"""``canonical_json`` is byte for byte the standard library's sorted, compact, UTF-8 text
(every stored state hash was computed over it), whichever serializer writes it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.canonical_json import canonical_json


def _std(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_KEYS = st.text(max_size=6) | st.integers(-20, 20)
_SCALARS = (st.none() | st.booleans() | st.integers()
            | st.integers(min_value=-(2**70), max_value=2**70)
            | st.floats(allow_nan=False, allow_infinity=False)
            | st.text() | st.text(alphabet=st.characters(max_codepoint=0x40)))
VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=6)
                      | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=6)
                      | st.dictionaries(_KEYS, inner, max_size=6), max_leaves=40)


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_same_text_as_the_standard_library(value: Any) -> None:
    try:
        expected = _std(value)
    except TypeError:  # mixed int and str keys cannot be sorted: refused either way
        return
    assert canonical_json(value) == expected


def test_cases_orjson_would_write_otherwise() -> None:
    for value in ({"x": 1e-7}, {"x": 1e16}, [0.1, -0.0, 5e-324], {10: "a", 9: "b", 2: "c"},
                  [2**64], [-(2**63) - 1], ["\ud800"], {"v": "1.2e3"}, {True: 1, False: 2}):
        assert canonical_json(value) == _std(value)


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_round_trips_give_the_standard_library_s_values(value: Any) -> None:
    """``json_round_trip`` (for states: no float) and ``canonical_form`` (an action's parameters:
    anything) give the standard library's round trip, key order included."""
    from rules.canonical_json import canonical_form, json_round_trip

    try:
        plain = json.loads(json.dumps(value))
        ordered = json.loads(json.dumps(value, sort_keys=True))
    except TypeError:
        return
    assert _same(json_round_trip(value), plain)
    assert _same(canonical_form(value), ordered)
    for weird in (float("nan"), float("inf")):  # anyone's parameters may hold them
        frozen = canonical_form({"x": [value, weird]})["x"]
        assert _same(frozen[0], ordered) and _same(frozen[1], weird)


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return bool(a == b) or (a != a and b != b)

"""The service boundary: what a caller hands to ``submit`` is checked for kind, size and depth
before any engine code runs, so that nothing a game cannot mean reaches an engine, a lock or
the log (issue 16).

Generic limits (every game):

- game id: a real ``int`` (not ``bool``, ``"1"`` or ``1.0``) in ``1..2**63-1`` — the column is a
  64-bit integer, and the per-game lock is keyed by it, so ``1`` and ``True`` must not be two
  keys for one game;
- user id: an ``int`` in ``0..2**63-1``; expected version: an ``int`` in ``0..2**63-1``; a seat:
  an ``int`` in ``0..MAX_SEAT``;
- interaction id: a ``str`` of 1 to 40 printable characters (the column's width);
- action: an ``Action`` or a mapping with ``kind`` and ``params`` only; the kind a short name
  (1 to 40 printable characters, no spaces); params a mapping of short ``str`` keys whose values
  are JSON only (``None``, ``bool``, ``int`` within ±2**53, finite ``float``, ``str`` without NUL
  or lone surrogates, lists and ``str``-keyed dicts), nested at most ``MAX_DEPTH`` levels, at most
  ``MAX_PARAMS_BYTES`` of canonical JSON in all.

Then the game's own declaration: each game declares what every action kind takes
(``GameRules.action_schema``: kinds, parameter names, types, ranges, choices; see
``rules/kit/params.py``) and ``check_schema`` refuses what does not fit, naming the kind, the
parameter and what would fit. Rejections are ``ServiceError``s with a catalog key; user input is
quoted shortened (``quote``), never whole.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bot.i18n import Msg
from bot.service.errors import ServiceError
from rules.base import Action, GameRules, Text
from rules.canonical_json import canonical_json
from rules.kit.params import check as params_check
from storage.models import ActionRow

#: Longest quotation of user input in a message (Discord allows 2,000 characters in all).
QUOTE_MAX = 60
MAX_ID = 2**63 - 1
MAX_SEAT = 1_000
MAX_NAME = 40  # an action kind, a top-level parameter name
MAX_DEPTH = 8
MAX_PARAMS_BYTES = 4096
MAX_INT = 2**53
#: The width of ``actions.interaction_id`` (40): a longer id would make the log unreadable.
MAX_INTERACTION_ID: int = ActionRow.__table__.c.interaction_id.type.length or 40


def _unreadable(key: str, **params: Any) -> ServiceError:
    """An action that cannot be read: ``error.bad_action`` with the specific reason."""
    return ServiceError("error.bad_action", reason=Msg(key, params))


# ---- quoting user input --------------------------------------------------------------------
def quote(value: Any, limit: int = QUOTE_MAX) -> str:
    """User input for a message: text shortened to ``limit`` characters (with an ellipsis),
    control characters and lone surrogates replaced; anything but short scalars named by its
    type (a repr of a huge int or a deep list could itself fail)."""
    if isinstance(value, str):
        text = value[: limit + 1]
        if len(value) > limit:
            text = text[: limit - 1] + "…"
        text = "".join(c if c.isprintable() else "?" for c in text)
        return text.encode("utf-8", "replace").decode("utf-8")
    if value is None or isinstance(value, bool | float):
        return quote(repr(value), limit)
    if isinstance(value, int):
        if abs(value) < 10**limit:
            return quote(str(value), limit)
        return f"a {value.bit_length()}-bit number"
    return f"a {type(value).__name__}"


# ---- ids ---------------------------------------------------------------------------------
def _whole(value: Any, low: int, high: int, refusal: str) -> int:
    """``value`` as a whole number in ``[low, high]`` (never a bool), or the ``refusal``."""
    if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
        raise ServiceError(refusal, value=quote(value))
    return int(value)


def check_game_id(game_id: Any) -> int:
    return _whole(game_id, 1, MAX_ID, "error.bad_game_id")


def check_user_id(user_id: Any) -> int:
    return _whole(user_id, 0, MAX_ID, "error.bad_user_id")


def check_seat(seat: Any) -> int:
    return _whole(seat, 0, MAX_SEAT, "error.bad_seat")


def check_version(version: Any) -> int | None:
    return None if version is None else _whole(version, 0, MAX_ID, "error.bad_version")


def check_interaction_id(interaction_id: Any) -> str | None:
    if interaction_id is None:
        return None
    if (not isinstance(interaction_id, str)
            or not 1 <= len(interaction_id) <= MAX_INTERACTION_ID
            or not interaction_id.isprintable()
            or not _encodable(interaction_id)):
        raise ServiceError("error.bad_interaction_id", value=quote(interaction_id),
                           max=MAX_INTERACTION_ID)
    return str(interaction_id)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no database stores it
        return False
    return True


def _name_ok(name: Any) -> bool:
    return (isinstance(name, str) and 1 <= len(name) <= MAX_NAME and name.isprintable()
            and not any(c.isspace() for c in name) and _encodable(name))


# ---- the action ----------------------------------------------------------------------------
def check_action(action: Any) -> Action:
    """``action`` (an ``Action`` or its JSON form) checked and returned as an ``Action``."""
    if isinstance(action, Action):
        kind, params = action.kind, action.params
    elif isinstance(action, Mapping):
        extra = [k for k in action if k not in ("kind", "params")]
        if extra:
            raise _unreadable("bad_action.shape", value=quote(extra[0]))
        if "kind" not in action:
            raise _unreadable("bad_action.kind", value=quote(None))
        kind, params = action["kind"], action.get("params")
        if params is None:
            params = {}
    else:
        raise _unreadable("bad_action.shape", value=quote(action))
    if not _name_ok(kind):
        raise _unreadable("bad_action.kind", value=quote(kind))
    if not isinstance(params, Mapping):
        raise _unreadable("bad_action.params", value=quote(params))
    check_params(params)
    return Action(str(kind), dict(params))


def check_params(params: Mapping[Any, Any]) -> None:
    """Keys, kinds, depth and size of an action's parameters (without recursion: a 10,000
    levels deep list is refused at level ``MAX_DEPTH + 1``)."""
    budget = MAX_PARAMS_BYTES - 1  # braces, with the commas counted per key
    for key in params:
        if not _name_ok(key):
            raise _unreadable("bad_action.param_name", value=quote(key))
        budget -= len(key) + 4
        if budget < 0:
            raise _unreadable("bad_action.too_large", max=MAX_PARAMS_BYTES)
    for key, top in params.items():
        # (value, depth of the value if it is a container): params itself is level 1.
        stack: list[tuple[Any, int]] = [(top, 2)]
        while stack:
            value, depth = stack.pop()
            if value is None or isinstance(value, bool):
                budget -= 4
            elif isinstance(value, int):
                if not -MAX_INT <= value <= MAX_INT:
                    raise _unreadable("bad_action.param_number", name=quote(key), max="2^53")
                budget -= len(str(value))
            elif isinstance(value, float):
                if not math.isfinite(value):
                    raise _unreadable("bad_action.param_value", name=quote(key),
                                       value=quote(value))
                budget -= len(repr(value))
            elif isinstance(value, str):
                budget -= len(value) + 2
                if budget < 0:
                    break
                if "\x00" in value or not _encodable(value):
                    raise _unreadable("bad_action.param_text", name=quote(key))
            elif isinstance(value, dict | list | tuple):
                if depth > MAX_DEPTH:
                    raise _unreadable("bad_action.param_depth", name=quote(key), max=MAX_DEPTH)
                budget -= 1 + len(value)  # brackets and commas
                if budget < 0:
                    break
                if isinstance(value, dict):
                    for k, v in value.items():
                        if not isinstance(k, str) or "\x00" in k or not _encodable(k):
                            raise _unreadable("bad_action.param_name", value=quote(k))
                        budget -= len(k) + 3
                        stack.append((v, depth + 1))
                else:
                    stack.extend((v, depth + 1) for v in value)
            else:
                raise _unreadable("bad_action.param_value", name=quote(key), value=quote(value))
            if budget < 0:
                break
        if budget < 0:
            raise _unreadable("bad_action.too_large", max=MAX_PARAMS_BYTES)
    # The walk underestimates (escapes); the exact figure is cheap once it is known small.
    if len(canonical_json(dict(params)).encode("utf-8")) > MAX_PARAMS_BYTES:
        raise _unreadable("bad_action.too_large", max=MAX_PARAMS_BYTES)


def check_submission(game_id: Any, user_id: Any, action: Any, interaction_id: Any,
                     expected_version: Any) -> Action:
    """Everything ``submit`` receives, checked before a lock, a cache or an engine sees it;
    returns the action as an ``Action``."""
    check_game_id(game_id)
    check_user_id(user_id)
    check_interaction_id(interaction_id)
    check_version(expected_version)
    return check_action(action)


# ---- an engine's refusal -------------------------------------------------------------------
#: Longest engine reason passed on (an engine may quote a whole parameter back).
MAX_REASON = 400


def _long_texts(value: Any, found: set[str]) -> None:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if len(v) > QUOTE_MAX:
                found.add(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)


def _shorten(text: str, long: list[str], limit: int) -> str:
    for s in long:
        if s in text:
            text = text.replace(repr(s), repr(quote(s))).replace(s, quote(s))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shorten_param(value: Any, long: list[str]) -> Any:
    if isinstance(value, str):
        return _shorten(value, long, MAX_REASON)
    if isinstance(value, Text):
        return Text(value.key, {k: _shorten_param(v, long) for k, v in value.params.items()})
    if isinstance(value, list | tuple):
        return [_shorten_param(v, long) for v in value]
    return value


def engine_reason(reason: str | Text, action: Action) -> str | Text:
    """An engine's ``RuleViolation`` message with the player's own long texts quoted short
    (an engine may say ``'<3,000 characters>' is not a House card``), at most ``MAX_REASON``
    characters."""
    found: set[str] = set()
    _long_texts(action.params, found)
    long = sorted(found, key=len, reverse=True)
    if isinstance(reason, Text):
        return _shorten_param(reason, long)  # type: ignore[no-any-return]
    return _shorten(reason, long, MAX_REASON)


# ---- what this game declares ---------------------------------------------------------------
def check_schema(rules: GameRules, action: Action) -> None:
    """Refuse, before the engine sees it, an action its game's declared schema does not allow:
    an unknown kind, a parameter it does not take, a missing one, a value of the wrong type or
    out of range (``GameRules.action_schema``; nothing for a game that declares none)."""
    schema = rules.action_schema()
    if schema is None:
        return
    problem = params_check(schema, action.kind, action.params)
    if problem is None:
        return
    kind = quote(action.kind)
    if problem.reason == "kind":
        raise ServiceError("error.schema_kind", kind=kind)
    if problem.reason == "unknown":
        raise ServiceError("error.param_unknown", kind=kind, name=quote(problem.path),
                           allowed=problem.expected)
    if problem.reason == "missing":
        raise ServiceError("error.schema_missing", kind=kind, name=quote(problem.path),
                           expected=problem.expected)
    raise ServiceError("error.schema_type", kind=kind, name=quote(problem.path),
                       expected=problem.expected)

"""Reading action parameters defensively: every malformed value becomes a RuleViolation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.agot.board import UNIT_INDEX, board
from rules.base import Action, RuleViolation, text


def get(action: Action, key: str, default: Any = ...) -> Any:
    if key in action.params:
        return action.params[key]
    if default is ...:
        raise RuleViolation("bad_params", text("agot.error.missing_param", key=key))
    return default


#: The refusal for an unknown area, by what the area was meant to be.
_UNKNOWN_AREA = {"area": "agot.error.unknown_area", "destination": "agot.error.unknown_destination",
                 "sea": "agot.error.unknown_sea", "target": "agot.error.unknown_target"}


def area(value: Any, what: str = "area") -> str:
    if not isinstance(value, str) or value not in board().name:
        raise RuleViolation("bad_params", text(_UNKNOWN_AREA[what], value=repr(value)))
    return value


def boolean(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise RuleViolation("bad_params", text("agot.error.param_bool", key=key))
    return value


def integer(value: Any, key: str, lo: int = 0, hi: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleViolation("bad_params", text("agot.error.param_int", key=key, lo=lo, hi=hi))
    return value


def counts(value: Any, key: str = "units") -> list[int]:
    """``{"footman": 1, "knight": 2, "ship": 0}`` -> ``[1, 2, 0]``."""
    if not isinstance(value, Mapping):
        raise RuleViolation("bad_params", text("agot.error.param_counts", key=key))
    out = [0, 0, 0]
    for k, v in value.items():
        if k not in UNIT_INDEX:
            raise RuleViolation("bad_params", text("agot.error.unknown_unit_type", value=repr(k)))
        out[UNIT_INDEX[k]] += integer(v, f"{key}.{k}", 0, 20)
    return out


def mapping(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RuleViolation("bad_params", text("agot.error.param_mapping", key=key))
    return value


def seq(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise RuleViolation("bad_params", text("agot.error.param_list", key=key))
    return list(value)


def count_dict(c: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {name: n for name, n in zip(("footman", "knight", "ship"), c, strict=True) if n}

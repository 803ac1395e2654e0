"""A content entry's fields: the types a collection declares for them and the check of a value
against its declaration, printed quantities ("2 gold") included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

FieldType = Literal["str", "int", "float", "bool", "list", "dict", "any", "quantity"]
_PY: dict[str, tuple[type, ...]] = {
    "str": (str,), "int": (int,), "float": (int, float), "bool": (bool,),
    "list": (list,), "dict": (dict,),
}


@dataclass(frozen=True)
class Field:
    """One field of an entry. ``items`` types the elements of a ``list`` field or the values of
    a ``dict`` field."""

    type: FieldType
    doc: str = ""
    required: bool = True
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    items: FieldType | None = None
    #: The full spec of a list's elements or a dict's values, for nested or constrained
    #: items (a grid of quantities); ``items`` is the short form of ``of=Field(items)``.
    of: Field | None = None


def quantity(value: Any) -> tuple[str, int]:
    """A printed quantity as (thing, amount): ``"gold"`` is one gold, ``"2 gold"`` or
    ``{"gold": 2}`` two, ``""`` (or ``null``) nothing, ``("", 0)``. Raises ``ValueError``
    on anything else."""
    if value is None or value == "":
        return "", 0
    if isinstance(value, dict) and len(value) == 1:
        ((thing, n),) = value.items()
    elif isinstance(value, str):
        head, _, tail = value.strip().partition(" ")
        thing, n = (tail.strip(), head) if tail else (head, 1)
        try:
            n = int(n)
        except ValueError:
            raise ValueError(f"{value!r} is not 'thing' or 'n thing'") from None
    else:
        raise ValueError(f"{value!r} is not 'thing', 'n thing' or {{thing: n}}")
    if not isinstance(thing, str) or not thing or thing[0].isdigit() or isinstance(n, bool) \
            or not isinstance(n, int):
        raise ValueError(f"{value!r} is not 'thing', 'n thing' or {{thing: n}}")
    if n < 1:
        raise ValueError(f"{value!r}: the amount must be at least 1")
    return thing, n


def _check_quantity(value: Any, spec: Field) -> str | None:
    try:
        thing, n = quantity(value)
    except ValueError as exc:
        return str(exc)
    if thing and spec.choices and thing not in spec.choices:
        return f"{thing!r} must be one of {', '.join(map(str, spec.choices))}"
    if spec.maximum is not None and n > spec.maximum:
        return f"the amount must be at most {spec.maximum}"
    return None


def check_value(value: Any, spec: Field) -> str | None:
    """Why ``value`` does not fit ``spec``, or None."""
    if spec.type == "quantity":
        return _check_quantity(value, spec)
    if spec.type != "any" and (not isinstance(value, _PY[spec.type]) or (
            spec.type in ("int", "float") and isinstance(value, bool))):
        return f"must be {spec.type}, not {type(value).__name__}"
    if spec.choices and value not in spec.choices:
        return f"must be one of {', '.join(map(str, spec.choices))}"
    if spec.type in ("int", "float"):
        if spec.minimum is not None and value < spec.minimum:
            return f"must be at least {spec.minimum}"
        if spec.maximum is not None and value > spec.maximum:
            return f"must be at most {spec.maximum}"
    if (spec.items is not None or spec.of is not None) and spec.type in ("list", "dict"):
        inner = spec.of or Field(spec.items or "any")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for i, item in items:
            problem = check_value(item, inner)
            if problem:
                return f"item {i}: {problem}"
    return None

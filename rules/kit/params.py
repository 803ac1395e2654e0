"""Action parameter schemas: what each action kind of a game takes, declared once by the game
(``GameRules.action_schema``) and checked by the service before any engine code runs
(issue #16). A schema is data, not code: types, ranges, allowed keys and choices.

    SCHEMA = {
        "bid": {"amount": Int(0, 99), "ready": Opt(Bool())},
        "ready": {},
        "place_orders": {"orders": Map(Str(max_len=40), Str(max_len=40)), "ready": Opt(Bool())},
    }

``check(schema, kind, params)`` returns None when the parameters fit, else a ``Problem``: what
is wrong and where, for a specific refusal. The engine still checks legality (an amount the
player cannot afford): the schema only says what a move of that kind can *look* like.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import Text, text

#: Longest text or collection a schema allows unless it says otherwise.
DEFAULT_MAX_LEN = 64


class Param(ABC):
    """One parameter's type; ``optional`` parameters may be left out."""

    optional = False

    @abstractmethod
    def problem(self, value: Any, path: str) -> Problem | None:
        """None when ``value`` fits, else what is wrong at ``path``."""

    @abstractmethod
    def describe(self) -> Text:
        """What fits, for the refusal (a catalog ``Text``: ``schema.*``)."""


@dataclass(frozen=True)
class Problem:
    """Why a parameter does not fit: ``path`` names it (``orders.winterfell``), ``expected``
    says what fits, ``reason`` is ``unknown``, ``missing`` or ``type``."""

    reason: str
    path: str
    expected: Text | str = ""


@dataclass(frozen=True)
class Int(Param):
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, value: Any, path: str) -> Problem | None:
        if not isinstance(value, int) or isinstance(value, bool):
            return Problem("type", path, self.describe())
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            return Problem("type", path, self.describe())
        return None

    def describe(self) -> Text:
        if self.minimum is not None and self.maximum is not None:
            return text("schema.int_range", min=self.minimum, max=self.maximum)
        if self.minimum is not None:
            return text("schema.int_min", min=self.minimum)
        return text("schema.int")


@dataclass(frozen=True)
class Bool(Param):
    def problem(self, value: Any, path: str) -> Problem | None:
        return None if isinstance(value, bool) else Problem("type", path, self.describe())

    def describe(self) -> Text:
        return text("schema.bool")


@dataclass(frozen=True)
class Str(Param):
    """Text; with ``choices``, one of them."""

    choices: tuple[str, ...] = ()
    max_len: int = DEFAULT_MAX_LEN

    def problem(self, value: Any, path: str) -> Problem | None:
        if not isinstance(value, str) or len(value) > self.max_len:
            return Problem("type", path, self.describe())
        if self.choices and value not in self.choices:
            return Problem("type", path, self.describe())
        return None

    def describe(self) -> Text:
        if self.choices:
            shown = ", ".join(self.choices[:8]) + (", …" if len(self.choices) > 8 else "")
            return text("schema.choice", choices=shown)
        return text("schema.text", n=self.max_len)


@dataclass(frozen=True)
class Seq(Param):
    """A list of ``of``, at most ``max_len`` long."""

    of: Param
    max_len: int = DEFAULT_MAX_LEN

    def problem(self, value: Any, path: str) -> Problem | None:
        if not isinstance(value, list) or len(value) > self.max_len:
            return Problem("type", path, self.describe())
        for i, item in enumerate(value):
            if (p := self.of.problem(item, f"{path}[{i}]")) is not None:
                return p
        return None

    def describe(self) -> Text:
        return text("schema.list", n=self.max_len, of=self.of.describe())


@dataclass(frozen=True)
class Map(Param):
    """A mapping from text keys (checked by ``keys``) to ``values``."""

    keys: Str
    values: Param
    max_len: int = DEFAULT_MAX_LEN

    def problem(self, value: Any, path: str) -> Problem | None:
        if not isinstance(value, Mapping) or len(value) > self.max_len:
            return Problem("type", path, self.describe())
        for k, v in value.items():
            if (p := self.keys.problem(k, f"{path}.{k}")) is not None:
                return p
            if (p := self.values.problem(v, f"{path}.{k}")) is not None:
                return p
        return None

    def describe(self) -> Text:
        return text("schema.map", keys=self.keys.describe(), values=self.values.describe())


@dataclass(frozen=True)
class Record(Param):
    """A mapping with these named fields (a nested parameter set)."""

    fields: Mapping[str, Param]

    def problem(self, value: Any, path: str) -> Problem | None:
        if not isinstance(value, Mapping):
            return Problem("type", path, self.describe())
        return check_fields(self.fields, value, path + ".")

    def describe(self) -> Text:
        return text("schema.record", fields=", ".join(self.fields))


@dataclass(frozen=True)
class OneOf(Param):
    """Any of several types (an id that is a number or a text, a value or null)."""

    options: tuple[Param, ...]

    def problem(self, value: Any, path: str) -> Problem | None:
        for option in self.options:
            if option.problem(value, path) is None:
                return None
        return Problem("type", path, self.describe())

    def describe(self) -> Text:
        return text("schema.or", options=[o.describe() for o in self.options])


@dataclass(frozen=True)
class Null(Param):
    def problem(self, value: Any, path: str) -> Problem | None:
        return None if value is None else Problem("type", path, self.describe())

    def describe(self) -> Text:
        return text("schema.null")


@dataclass(frozen=True)
class Opt(Param):
    """``of``, and the parameter may be left out."""

    of: Param
    optional = True

    def problem(self, value: Any, path: str) -> Problem | None:
        return self.of.problem(value, path)

    def describe(self) -> Text:
        return self.of.describe()


def check_fields(fields: Mapping[str, Param], params: Mapping[str, Any], prefix: str = ""
                 ) -> Problem | None:
    for name in params:
        if name not in fields:
            return Problem("unknown", f"{prefix}{name}", ", ".join(sorted(fields)) or "—")
    for name, param in fields.items():
        if name not in params:
            if not param.optional:
                return Problem("missing", f"{prefix}{name}", param.describe())
            continue
        if (p := param.problem(params[name], f"{prefix}{name}")) is not None:
            return p
    return None


Schema = Mapping[str, Mapping[str, Param]]


def check(schema: Schema, kind: str, params: Mapping[str, Any]) -> Problem | None:
    """None when a ``kind`` action with these ``params`` fits the schema."""
    fields = schema.get(kind)
    if fields is None:
        return Problem("kind", kind, ", ".join(sorted(schema)))
    return check_fields(fields, params)


def ids(values: Sequence[str]) -> Str:
    """One of these ids (areas, cards, resources: the game's static vocabulary)."""
    return Str(tuple(values), max(len(v) for v in values) if values else 1)

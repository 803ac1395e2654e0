"""The message catalog. Every player-facing string is a key, rendered for a locale.

The core's keys live in ``bot/i18n/<locale>.json``; each game front brings its own keys in
``bot/games/<game>/i18n/<locale>.json`` (engine log lines included: engines return
``rules.base.Text`` — a key and parameters — which ``as_msg`` turns into a ``Msg``). Older
engine strings pass through the ``engine.text`` key.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from rules.base import Text

DEFAULT_LOCALE = "en"
_DIR = Path(__file__).parent


@dataclass(frozen=True)
class Msg:
    """A catalog key plus its parameters, rendered late (per recipient locale)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, locale: str | None = None, style: Style | None = None) -> str:
        return render(self, locale, style or PLAIN)


def msg(key: str, **params: Any) -> Msg:
    return Msg(key, params)


def game_kind(key: str, title: str, game_type_title: str) -> Msg | str:
    """The game's name after its title (``key`` places it in the sentence), or nothing when
    the title is that name already: an untitled game reads "A Game of Thrones #1 — running",
    not the name twice."""
    if title.strip() == game_type_title.strip():
        return ""
    return msg(key, game_type_title=game_type_title)


class Lines(tuple[Any, ...]):
    """A parameter rendered one item per line (log lines of one move)."""


def as_msg(value: Any) -> Msg:
    """An engine's ``Text`` (or legacy ``str``) as a catalog message."""
    if isinstance(value, Msg):
        return value
    if isinstance(value, Text):
        return Msg(value.key, {k: _from_engine(v) for k, v in value.params.items()})
    return Msg("engine.text", {"text": str(value)})


def _from_engine(value: Any) -> Any:
    if isinstance(value, Text):
        return as_msg(value)
    if isinstance(value, list | tuple) and not isinstance(value, Lines):
        return [_from_engine(v) for v in value]
    return value


def view_text(value: Any, locale: str | None = None) -> str:
    """A label rendered in ``locale``: a ``Text`` or ``Msg`` (a phase heading travels as one),
    a ``Text`` as JSON (``{"key", "params"}``) as a view carries it, or a plain string."""
    if isinstance(value, Text | Msg):
        return render(as_msg(value), locale)
    if isinstance(value, dict) and "key" in value and "params" in value:
        return render(as_msg(Text.from_json(value)), locale)
    return "" if value is None else str(value)


def lines_msg(values: Any) -> Msg:
    """Several engine lines (``Text`` or ``str``) as one message, one per line."""
    return Msg("engine.lines", {"lines": Lines(as_msg(v) for v in values)})


@cache
def catalog(locale: str) -> dict[str, Any]:
    """The core's ``<locale>.json`` merged with each game front's ``i18n/<locale>.json``; a key
    defined twice is an error, so games cannot silently override each other's strings."""
    from bot.games import catalog_dirs

    data: dict[str, Any] = {}
    paths = sorted(_DIR.glob(f"{locale}.json"))
    paths += [d / f"{locale}.json" for d in catalog_dirs() if (d / f"{locale}.json").is_file()]
    for path in paths:
        part: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        clash = data.keys() & part.keys()
        if clash:
            raise ValueError(f"{path.name} redefines catalog keys: {sorted(clash)[:5]}")
        data.update(part)
    return data


def plural_category(locale: str, n: Any) -> str:
    """The CLDR plural category ("one", "few", "many", "other") of ``n`` in ``locale``; a
    catalog entry that is an object picks its form by the message's ``n`` parameter
    (Czech: 1 oblast, 2 oblasti, 5 oblastí)."""
    try:
        return str(_locale(locale).plural_form(abs(n) if isinstance(n, int | float) else 0))
    except (ValueError, TypeError):
        return "other"


@cache
def _locale(code: str) -> Any:
    from babel import Locale

    return Locale.parse(code)


def available_locales() -> list[str]:
    return list(_shipped_locales())


@cache
def _shipped_locales() -> tuple[str, ...]:
    # the catalogs ship with the code; every message's reader asks, so the folder is read once
    return tuple(sorted({p.name.split(".")[0] for p in _DIR.glob("*.json")}))


def pick_locale(discord_locale: str | None) -> str:
    """``'cs'``, ``'en-US'`` → a catalog we ship, falling back to English."""
    if discord_locale:
        code = str(discord_locale).split("-")[0].lower()
        if code in available_locales():
            return code
    return DEFAULT_LOCALE


@dataclass(frozen=True)
class Person:
    """A player named in a message: adapters render a mention, text renders the name."""

    user_id: int | None
    #: The name shown where no mention is possible; a ``Msg``/``Text`` is rendered in the
    #: reader's language first ("Bob (Seat 2)", "Bob (Red)").
    name: Any


def plain_time(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M UTC")


def plain_person(person: Person) -> str:
    return person.name


@dataclass(frozen=True)
class Style:
    """How an adapter shows times and people (Discord: ``<t:…:R>`` and ``<@id>``)."""

    time: Callable[[datetime], str] = plain_time
    person: Callable[[Person], str] = plain_person


PLAIN = Style()


def render(m: Msg, locale: str | None = None, style: Style = PLAIN) -> str:
    loc = locale or DEFAULT_LOCALE
    template: Any = catalog(loc).get(m.key) or catalog(DEFAULT_LOCALE).get(m.key)
    if template is None:
        raise KeyError(f"message key {m.key!r} is missing from the catalog")
    if isinstance(template, dict):
        template = template.get(plural_category(loc, m.params.get("n", 0))) or template["other"]
    # A list parameter is joined by the key's ``<key>.sep`` entry when the catalog has one
    # ("; " between march moves whose parts are themselves comma lists), else by ", ".
    sep = catalog(loc).get(f"{m.key}.sep") or catalog(DEFAULT_LOCALE).get(f"{m.key}.sep") or ", "
    params = {k: _param(v, loc, style, sep) for k, v in m.params.items()}
    # str.format_map: the same format syntax as string.Formatter, parsed in C (every panel,
    # post and summary renders through here).
    return str(template).format_map(_Defaulting(params))


def _param(value: Any, loc: str, style: Style, sep: str = ", ") -> Any:
    if isinstance(value, Lines):
        return "\n".join(str(_param(v, loc, style)) for v in value)
    if isinstance(value, Msg):
        return render(value, loc, style)
    if isinstance(value, Text):
        return render(as_msg(value), loc, style)
    if isinstance(value, datetime):
        return style.time(value)
    if isinstance(value, Person):
        if not isinstance(value.name, str):
            value = Person(value.user_id, str(_param(value.name, loc, style)))
        return style.person(value)
    if isinstance(value, list | tuple):
        return sep.join(str(_param(v, loc, style)) for v in value)
    return value


class _Defaulting(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"

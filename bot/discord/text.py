"""Rendering catalog messages the Discord way: ``<t:TS:R>`` times and ``<@id>`` mentions."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from bot.i18n import DEFAULT_LOCALE, Msg, Person, Style, as_msg, msg, pick_locale

MAX_CONTENT = 2000


def discord_time(when: datetime) -> str:
    if when.tzinfo is None:  # SQLite hands back naive UTC
        when = when.replace(tzinfo=UTC)
    stamp = int(when.timestamp())
    # Absolute in the reader's own time zone and relative: "24 November 2026 18:00 (in 3 hours)".
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def discord_person(person: Person) -> str:
    return f"<@{person.user_id}>" if person.user_id is not None else person.name


DISCORD_STYLE = Style(time=discord_time, person=discord_person)


def render(m: Msg, locale: str | None = None, *, limit: int = MAX_CONTENT) -> str:
    text = m.render(locale or DEFAULT_LOCALE, DISCORD_STYLE)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tr(key: str, locale: str | None = None, *, limit: int = MAX_CONTENT, **params: Any) -> str:
    return render(msg(key, **params), locale, limit=limit)


def locale_of(interaction: discord.Interaction[Any]) -> str:
    return pick_locale(str(interaction.locale) if interaction.locale else None)


def guild_locale_of(guild: discord.Guild | None) -> str:
    return pick_locale(str(guild.preferred_locale) if guild is not None else None)


def say(value: Any, locale: str | None = None, *, limit: int = MAX_CONTENT) -> str:
    """An engine's text (``str`` or ``rules.base.Text``) or a ``Msg``, in ``locale``."""
    if isinstance(value, str):
        return value
    return render(as_msg(value), locale, limit=limit)

"""Rendering catalog messages the Discord way: ``<t:TS:R>`` times and ``<@id>`` mentions."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import discord

from bot.i18n import (
    DEFAULT_LOCALE,
    Msg,
    Person,
    Style,
    as_msg,
    catalog,
    msg,
    pick_locale,
    view_text,
)

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
    """The language to answer a user in: the one they chose with `/game settings language:`
    (read by ``learn_locale`` before any command, autocomplete or click is handled), else
    their Discord client's."""
    service = getattr(getattr(interaction, "client", None), "service", None)
    chosen = getattr(service, "chosen_locales", {}).get(interaction.user.id)
    if chosen:
        return str(chosen)
    return pick_locale(str(interaction.locale) if interaction.locale else None)


def client_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of the user's Discord client."""
    return pick_locale(str(interaction.locale) if interaction.locale else None)


async def learn_locale(interaction: discord.Interaction[Any]) -> bool:
    """Read the language the user chose (once per process) so that ``locale_of`` knows it."""
    service = getattr(interaction.client, "service", None)
    known = getattr(service, "chosen_locales", None)
    if known is not None and interaction.user.id not in known:
        await service.chosen_locale(interaction.user.id)
    return True


def guild_locale_of(guild: discord.Guild | None) -> str:
    return pick_locale(str(guild.preferred_locale) if guild is not None else None)


_LIST_START = re.compile(r"(?m)^(\s*\d+)\. ")


def no_list(text: str) -> str:
    """``text`` with a number and a full stop at a line's start escaped ("2. kolo" is a
    round, not Markdown's numbered list item)."""
    return _LIST_START.sub(r"\1\\. ", text)


def phase_text(summary: Any, locale: str) -> str:
    """A game's phase in ``locale`` (the engine's label rendered for the reader), escaped
    for Markdown; its status in words when it has no phase."""
    label = view_text(summary.phase, locale) if getattr(summary, "phase", None) else \
        summary.phase_label
    return no_list(label) if label else status_text(summary, locale)


def status_text(summary: Any, locale: str) -> str:
    """A game's status in words ("running", "paused")."""
    state = "paused" if summary.paused and summary.status == "active" else summary.status
    return tr(f"status.state.{state}", locale)


def mode_title(game_type: str, mode: str, locale: str) -> str:
    """A game mode's name for players (the game's ``<game>.mode.<mode>`` entry)."""
    key = f"{game_type}.mode.{mode}"
    if key in catalog(locale) or key in catalog(DEFAULT_LOCALE):
        return tr(key, locale)
    return mode.replace("_", " ")


def say(value: Any, locale: str | None = None, *, limit: int = MAX_CONTENT) -> str:
    """An engine's text (``str`` or ``rules.base.Text``) or a ``Msg``, in ``locale``."""
    if isinstance(value, str):
        return value
    return render(as_msg(value), locale, limit=limit)

"""Slash-command names' descriptions come from the catalog too (keys ``cmd.*``): English at
registration, other locales through discord.py's translator when a catalog has the key."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import DEFAULT_LOCALE, catalog, pick_locale


def described(key: str) -> app_commands.locale_str:
    """A command's or option's description: the catalog's English text under ``key``, which
    the translator looks up again for the other locales. A missing key fails at import."""
    text = catalog(DEFAULT_LOCALE).get(key)
    if text is None:
        raise KeyError(f"message key {key!r} is missing from the catalog")
    return app_commands.locale_str(str(text)[:100], key=key)


def cmd(key: str) -> app_commands.locale_str:
    """The core's ``/game`` descriptions (``cmd.<key>``)."""
    return described(f"cmd.{key}")


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        code = pick_locale(str(locale))
        if not key or code == DEFAULT_LOCALE:
            return None
        text = catalog(code).get(key)
        return text[:100] if text else None

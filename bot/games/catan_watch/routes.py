"""The click handlers of this front's persistent items, by name (see ``bot.discord.routes``)."""

from __future__ import annotations

from bot.discord.routes import Routes

ROUTES = Routes("catan_watch")

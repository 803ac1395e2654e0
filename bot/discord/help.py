"""Help and onboarding: `/help` (what the bot does, how a game runs here, every command) and a
game's player's guide (`/game rules`): ``guide/<locale>.md`` in each game's front package (found
by the front's folder, never listed), one to three pages — a ``## `` heading each — in the
reader's language, English where a language has none. The developers' rules reference stays
in ``docs/games/<game>.md``."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.strings import cmd
from bot.discord.text import locale_of, tr
from bot.games import front_dir
from bot.i18n import DEFAULT_LOCALE

#: The most text one ephemeral message carries.
PAGE = 1900


def guide_path(game_type: str, locale: str) -> Path | None:
    """A game's player's guide in ``locale``, else in English; None if it ships none."""
    folder = front_dir(game_type)
    if folder is None:
        return None
    for loc in dict.fromkeys((locale, DEFAULT_LOCALE)):
        path = folder / "guide" / f"{loc}.md"
        if path.is_file():
            return path
    return None


@cache
def guide_pages(game_type: str, locale: str = DEFAULT_LOCALE) -> list[tuple[str, str]]:
    """(heading, text) of each page (``## `` section) of a game's player's guide; [] if none
    ships."""
    doc = guide_path(game_type, locale)
    if doc is None:
        return []
    sections: list[tuple[str, str]] = []
    title, lines = "", []
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if lines and any(x.strip() for x in lines):
                sections.append((title, "\n".join(lines).strip()))
            title, lines = line[3:].strip(), []
        elif line.startswith("# ") and not title:
            title = line[2:].strip()
        else:
            lines.append(line)
    if lines and any(x.strip() for x in lines):
        sections.append((title, "\n".join(lines).strip()))
    return sections


def pages(text: str, size: int = PAGE) -> list[str]:
    """``text`` in pieces of at most ``size`` characters, cut at paragraph or line ends."""
    out: list[str] = []
    current = ""
    for block in re.split(r"(\n\n)", text):
        while len(block) > size:
            cut = block.rfind("\n", 0, size)
            cut = cut if cut > 0 else size
            if current:
                out.append(current)
                current = ""
            out.append(block[:cut])
            block = block[cut:].lstrip("\n")
        if len(current) + len(block) > size:
            out.append(current.rstrip())
            current = block.lstrip("\n")
        else:
            current += block
    if current.strip():
        out.append(current.rstrip())
    return out or [""]


def command_lines(tree: app_commands.CommandTree[Any], locale: str) -> list[str]:
    """Every slash command with its description, in the reader's language where translated."""
    lines: list[str] = []
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        children = getattr(command, "commands", None)
        for sub in ([command] if children is None else sorted(children, key=lambda c: c.name)):
            name = sub.qualified_name
            described = _described(getattr(sub, "_locale_description", None)
                                   or getattr(sub, "description", ""), locale)
            lines.append(tr("help.command", locale, name=name, description=described))
    return lines


def _described(value: Any, locale: str) -> str:
    """A command description: a catalog ``locale_str`` (its key in ``extras``) or text."""
    key = getattr(value, "extras", {}).get("key") if value is not None else None
    if key:
        return tr(key, locale)
    return str(getattr(value, "message", value) or "")


async def send_pages(interaction: discord.Interaction[Any], texts: list[str]) -> None:
    for text in texts:
        await interaction.followup.send(text or "\u200b", ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())


class HelpCog(commands.Cog):
    """`/help`: the bot, how a game runs here, and every command."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=cmd("help"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        async def body() -> None:
            locale = locale_of(interaction)
            games = ", ".join(sorted(r.title for r in self.bot.service.games.values()))
            text = "\n".join([tr("help.intro", locale, games=games), "",
                              tr("help.how", locale), "", tr("help.commands", locale),
                              *command_lines(self.bot.tree, locale)])
            await send_pages(interaction, pages(text))

        await self.bot.flows.guarded(interaction, body)

"""``/fort …``: the board image, a reference of the cards in play (names, symbols, what they
do) and the log. Thin: it resolves the game (this thread's, or the caller's only Fort game),
refuses a game of another type naming it, and reads only the public view — plus the caller's
own private view for their hand and Lookout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.lookup import GameCommands, board_command, choose_game, log_command
from bot.discord.strings import described
from bot.discord.text import locale_of, tr
from bot.games.fort.names import card_line, cat_line, perk_line, rule_line, seat_name
from bot.service import ServiceError
from rules.fort.data import tables

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction[Any]
Choice = app_commands.Choice
GAME = "fort"
BOARD_FILE = "board.png"
MESSAGE = 2000
WHICH = ("table", "kids", "dogs", "cats", "perks", "rules")


def text(key: str) -> app_commands.locale_str:
    """A command/option description from the catalog (``fort.cmd.*``); other locales come
    through the adapter's translator, which looks the key up again."""
    return described(f"fort.cmd.{key}")


def chunks(lines: list[str], limit: int = MESSAGE) -> list[str]:
    """Lines packed into messages of at most ``limit`` characters (a long line is cut)."""
    out: list[str] = []
    cur = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if cur and len(cur) + 1 + len(line) > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out


def _kid_ids() -> list[str]:
    return [cid for cid, ct in tables().cards.items() if ct.kind == "kid"]


def reference(which: str, game_id: int, public: Mapping[str, Any],
              mine: Mapping[str, Any] | None, locale: str) -> list[str]:
    """The lines of ``/fort cards``: the cards on the table (with the caller's hand and
    Lookout), or every kid / dog / cat / perk / Made-Up Rule of this game."""
    cfg = public.get("config") or {}
    head = f"**{tr(f'fort.cards.{which}', locale, game_id=game_id)}**"
    lines = [head]
    if which == "table":
        def section(title: str, cards: list[str]) -> None:
            if cards:
                lines.append(f"__{title}__")
                lines.extend(f"• {card_line(c, locale)}" for c in cards)

        section(tr("fort.cards.park", locale), list(public.get("park") or []))
        for p in public.get("players", []):
            section(tr("fort.cards.in_play", locale,
                       seat=seat_name(int(p["seat"]), locale, public)),
                    list(p.get("played") or []))
            section(tr("fort.cards.yard", locale, seat=seat_name(int(p["seat"]), locale, public)),
                    list(p.get("yard") or []))
        if mine is not None:
            section(tr("fort.cards.hand", locale), list(mine.get("hand") or []))
            section(tr("fort.cards.lookout", locale), list(mine.get("lookout") or []))
        cats = public.get("cats_table") or []
        if cats:
            lines.append(f"__{tr('fort.cards.cats_table', locale)}__")
            for entry in cats:
                line = cat_line(str(entry["cat"]), locale)
                if entry.get("owner") is not None:
                    line = tr("fort.cards.owner", locale, line=line,
                              seat=seat_name(int(entry["owner"]), locale, public))
                lines.append(f"• {line}")
        if public.get("perk_row"):
            lines.append(f"__{tr('fort.cards.perk_row', locale)}__")
            lines.extend(f"• {perk_line(k, locale)}" for k in public["perk_row"])
    elif which == "kids":
        lines.extend(f"• {card_line(c, locale)}" for c in _kid_ids())
    elif which == "dogs":
        if not cfg.get("dogs"):
            raise ServiceError("fort.error.no_dogs", game_id=game_id)
        lines.extend(f"• {card_line(c, locale)}" for c in tables().dogs)
    elif which == "cats":
        if not cfg.get("cats"):
            raise ServiceError("fort.error.no_cats", game_id=game_id)
        lines.extend(f"• {cat_line(str(e['cat']), locale)}" for e in public.get("cats_table")
                     or [])
    elif which == "perks":
        lines.extend(f"• {perk_line(k, locale)}" for k in tables().perk_order)
    else:
        lines.extend(f"• {rule_line(k, locale)}" for k in tables().rule_order)
    return lines


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class FortCog(GameCommands, group_name="fort", group_description=text("group")):
    game_type = GAME

    board = board_command(text("board"), text("game"))

    @app_commands.command(name="cards", description=text("cards"))
    @app_commands.describe(which=text("cards.which"), game=text("game"))
    @app_commands.choices(which=[Choice(name=text(f"which.{w}"), value=w) for w in WHICH])
    async def cards(self, interaction: Interaction, which: str = "table",
                    game: int | None = None) -> None:
        async def body() -> None:
            gid = await self._game(interaction, game)
            locale = locale_of(interaction)
            _type, _version, public = await self.service.public_view(gid)
            mine: Mapping[str, Any] | None = None
            try:
                pv = await self.service.private_view(gid, interaction.user.id)
                mine = next((p for p in pv.view.get("players", [])
                             if int(p["seat"]) == pv.seat), None)
            except ServiceError:
                mine = None
            kind = which if which in WHICH else "table"
            for part in chunks(reference(kind, gid, public, mine, locale)):
                await self.bot.flows.answer(interaction, part)

        await self.bot.flows.guarded(interaction, body)

    log = log_command(text("log"), text("game"), text("log.lines"))
    choose_game(board, cards, log)

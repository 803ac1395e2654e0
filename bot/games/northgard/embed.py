"""The private "My hand" embed: the seat's hand with what each card does, its hidden fame,
resources, deck, the upgrades it may still take, the cards on offer and what it is deciding
now (the drawn cards to keep, the card it picked up) — from the seat's redacted view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.text import say, tr
from bot.games.northgard.labels import amounts, card_text
from bot.games.northgard.names import card_name
from bot.i18n import view_text
from bot.service import PrivateView

FIELD = 1024
COLOURS = {"red": 0xCE2C2C, "yellow": 0xE8C41E, "purple": 0x8440A8, "blue": 0x2C60CE,
           "green": 0x289640}


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _card(card: str, locale: str) -> str:
    """A card's name in bold and what it does (the name alone where that says it all)."""
    name, does = card_name(card, locale), card_text(card, locale)
    return f"**{name}**" + ("" if does == name else f" — {does}")


def _cards(cards: list[str], locale: str) -> str:
    if not cards:
        return tr("northgard.hand.none", locale)
    lines = []
    seen: dict[str, int] = {}
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
    for c, k in seen.items():
        count = f"{k}× " if k > 1 else ""
        lines.append(f"• {count}{_card(c, locale)}")
    return "\n".join(lines)


def northgard_embed(view: PrivateView, locale: str) -> discord.Embed:
    data: Mapping[str, Any] = view.view
    seat = view.seat
    me = data["seats"][seat] if 0 <= seat < len(data.get("seats", [])) else {}
    embed = discord.Embed(
        title=_clip(tr("northgard.hand.title", locale, game=view.game_id,
                       seat=say(view.label, locale)), 256),
        colour=COLOURS.get(str(me.get("colour")), 0x888888),
        description=_clip(view_text(data.get("phase_label"), locale), 4096),
    )
    owe = say(view.progress, locale) if view.awaited else tr("northgard.hand.nothing", locale)
    embed.add_field(name=tr("northgard.hand.owe", locale), value=_clip(owe), inline=False)
    you = data.get("you") or {}
    embed.add_field(name=tr("northgard.hand.hand", locale),
                    value=_clip(_cards(list(you.get("hand", [])), locale)), inline=False)
    pending = data.get("pending") or {}
    if pending.get("cards"):
        embed.add_field(name=tr("northgard.hand.drawn", locale, n=int(pending.get("keep", 0))),
                        value=_clip(_cards(list(pending["cards"]), locale)), inline=False)
    if pending.get("sel"):
        embed.add_field(name=tr("northgard.hand.selected", locale),
                        value=_clip(_card(str(pending["sel"]), locale)), inline=False)
    if me:
        res = amounts(dict(me.get("res", {})), locale)
        embed.add_field(name=tr("northgard.hand.fame", locale),
                        value=tr("northgard.hand.fame_value", locale, n=int(you.get("fame", 0))),
                        inline=True)
        if "team_fame" in you:
            embed.add_field(name=tr("northgard.hand.team_fame", locale),
                            value=tr("northgard.hand.fame_value", locale,
                                     n=int(you["team_fame"])), inline=True)
        embed.add_field(name=tr("northgard.hand.resources", locale), value=_clip(res),
                        inline=True)
        embed.add_field(name=tr("northgard.hand.deck", locale),
                        value=tr("northgard.hand.deck_value", locale, deck=me.get("deck", 0),
                                 discard=len(me.get("discard", [])),
                                 active=len(me.get("active", []))), inline=True)
        ups = list(me.get("upgrades", []))
        if ups:
            embed.add_field(name=tr("northgard.hand.upgrades", locale),
                            value=_clip(_cards(ups, locale)), inline=False)
    row = list(data.get("ach_row", []) if data.get("year") == data.get("years")
               else data.get("dev_row", []))
    if row:
        embed.add_field(name=tr("northgard.hand.offer", locale), value=_clip(_cards(row, locale)),
                        inline=False)
    embed.set_footer(text=tr("northgard.hand.footer", locale, version=view.version))
    return embed

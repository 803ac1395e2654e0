"""The private "My hand" embed: what is behind the seat's screen (resources, Command and
Tactic hands, Advisors, won Horde cards, setup cards) — from the seat's redacted view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.text import say, tr
from bot.i18n import msg
from bot.service import PrivateView

FIELD = 1024
RESOURCES = ("wood", "stone", "gold", "chi")


def _clip(value: str) -> str:
    return value if len(value) <= FIELD else value[: FIELD - 1] + "…"


def _cards(cards: list[Any], locale: str) -> str:
    if not cards:
        return tr("great_wall.embed.none", locale)
    return ", ".join(tr(f"great_wall.card.{c}", locale) for c in cards)


def great_wall_embed(view: PrivateView, locale: str) -> discord.Embed:
    v: Mapping[str, Any] = view.view
    me: Mapping[str, Any] = v.get("me") or {}
    seat = int(me.get("seat", view.seat))
    clan = v["clans"][seat]
    embed = discord.Embed(title=tr("great_wall.embed.title", locale, limit=256,
                                   seat=say(view.label, locale)), colour=0xB03A2E)
    embed.add_field(name=tr("great_wall.embed.phase", locale),
                    value=_clip(tr("great_wall.board.year", locale, year=v["year"],
                                   season=tr(f"great_wall.season.{v['season']}", locale))),
                    inline=True)
    embed.add_field(name=tr("great_wall.embed.honor", locale), value=str(clan["honor"]),
                    inline=True)
    if view.awaited:
        embed.add_field(name=tr("great_wall.embed.todo", locale),
                        value=_clip(say(view.progress, locale)), inline=False)
    res = me.get("res") or {}
    embed.add_field(name=tr("great_wall.embed.resources", locale), value=_clip(" · ".join(
        tr(f"great_wall.amount.{r}", locale, n=int(res.get(r, 0))) for r in RESOURCES)),
        inline=False)
    sup = clan["supply"]
    embed.add_field(name="\u200b", value=_clip(tr(
        "great_wall.embed.supply", locale,
        clerks=msg("great_wall.count.clerk", n=int(clan["clerks"])), unhired=clan["unhired"],
        spear=msg("great_wall.count.spearman", n=int(sup["spearman"])),
        archer=msg("great_wall.count.archer", n=int(sup["archer"])),
        horse=msg("great_wall.count.horseman", n=int(sup["horseman"])))), inline=False)
    hand = list(me.get("hand") or [])
    chosen = me.get("chosen")
    text = _cards(hand, locale)
    if chosen:
        text += "\n" + tr("great_wall.embed.chosen", locale,
                          card=tr(f"great_wall.card.{chosen}", locale))
    embed.add_field(name=tr("great_wall.embed.hand", locale), value=_clip(text), inline=False)
    embed.add_field(name=tr("great_wall.embed.tactics", locale),
                    value=_clip(_cards(list(me.get("tactics") or []), locale)), inline=False)
    advisors = []
    if clan.get("general"):
        advisors.append(tr("great_wall.embed.general", locale,
                           card=tr(f"great_wall.card.{clan['general']}", locale)))
    advisors.append(tr("great_wall.embed.active", locale, cards=_cards(clan["active"], locale)))
    advisors.append(tr("great_wall.embed.support", locale,
                       cards=_cards(list(me.get("support") or []), locale)))
    embed.add_field(name=tr("great_wall.embed.advisors", locale),
                    value=_clip("\n".join(advisors)), inline=False)
    won = [tr("great_wall.embed.won_card", locale, card=tr(f"great_wall.card.{w['id']}", locale),
              n=w["shame"]) for w in me.get("won") or []]
    embed.add_field(name=tr("great_wall.embed.won", locale),
                    value=_clip("\n".join(won) or tr("great_wall.embed.none", locale)),
                    inline=False)
    dealt = list(me.get("deal_g") or []) + list(me.get("deal_a") or [])
    if dealt:
        embed.add_field(name=tr("great_wall.embed.dealt", locale), value=_clip(_cards(dealt,
                                                                                  locale)),
                        inline=False)
    return embed

"""The private "My hand" embed for Catan: hand, development cards, points, bank rates,
hero, the open trade and the table's public numbers — from the seat's redacted view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.text import say, tr
from bot.games.catan_watch.names import (
    RESOURCES,
    counts_text,
    dev_name,
    res_name,
    seat_name,
    terms_text,
)
from bot.i18n import catalog
from bot.service import PrivateView
from rules.catan_watch.data import HEROES

FIELD = 1024
COLOURS = (0xC0392B, 0x2E86C1, 0xE67E22, 0xECF0F1)


def hero_text(hero: Mapping[str, Any], locale: str) -> str:
    """A hero's ability in the reader's language (``catan.hero_text.<id>``); a hero only a
    content pack knows keeps the pack's words."""
    number = int(hero.get("number", 0))
    key = f"catan.hero_text.{HEROES[number]['id']}" if number in HEROES else ""
    if key and key in catalog("en"):
        return tr(key, locale)
    return str(hero.get("text", ""))


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def phase_text(view: Mapping[str, Any], locale: str) -> str:
    """The phase in the catalog's words, naming seats as the table does (from 1)."""
    phase = str(view.get("phase", ""))
    current = seat_name(int(view.get("current", 0)), locale)
    waiting = ", ".join(seat_name(int(s), locale) for s in view.get("awaiting", []))
    return tr(f"catan.phase.{phase}", locale, player=current, waiting=waiting or "—")


def hand_line(hand: Mapping[str, int], locale: str) -> str:
    parts = [tr("catan.hand.res", locale, res=res_name(r, locale), n=int(hand.get(r, 0)))
             for r in RESOURCES]
    total = sum(int(hand.get(r, 0)) for r in RESOURCES)
    return tr("catan.hand.line", locale, cards=" · ".join(parts), total=total)


def _dev_lines(you: Mapping[str, Any], locale: str) -> str:
    cards = [str(c["card"]) for c in you.get("development_cards", [])]
    if not cards:
        return tr("catan.hand.no_dev", locale)
    new = list(you.get("bought_this_turn") or [])
    playable = set(you.get("playable_development") or [])
    lines = []
    for card in cards:
        name = dev_name(card, locale)
        if card in new:
            new.remove(card)
            lines.append(tr("catan.hand.dev_new", locale, card=name))
        elif card in playable:
            lines.append(tr("catan.hand.dev_playable", locale, card=name))
        else:
            lines.append(tr("catan.hand.dev", locale, card=name))
    return "\n".join(lines)


def _player_line(view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
    seat = int(p["seat"])
    badges = []
    if view.get("longest_road") == seat:
        badges.append(tr("catan.badge.longest_road", locale))
    if view.get("largest_watch") == seat:
        badges.append(tr("catan.badge.largest_watch", locale))
    line = tr("catan.table.line", locale, player=seat_name(seat, locale), vp=p["vp"],
              cards=p["cards"], dev=p["development_cards"], road=p["road_length"],
              watches=p["watches_played"])
    if "guards_on_wall" in p:
        line += tr("catan.table.guards", locale, n=p["guards_on_wall"])
    if p.get("discard"):
        key = "catan.table.discard_done" if p["discard"]["committed"] else "catan.table.discard"
        line += tr(key, locale, n=p["discard"]["must"])
    if badges:
        line += " · " + ", ".join(badges)
    return line


def _trade_text(view: Mapping[str, Any], locale: str) -> str | None:
    trade = view.get("trade")
    if not trade:
        return None
    lines = [tr("catan.trade.open", locale, player=seat_name(int(view["current"]), locale),
                terms=terms_text(trade["give"], trade["get"], locale))]
    for seat, answer in sorted((trade.get("responses") or {}).items()):
        who = seat_name(int(seat), locale)
        if answer is None:
            lines.append(tr("catan.trade.declined", locale, player=who))
        elif answer["give"] == trade["give"] and answer["get"] == trade["get"]:
            lines.append(tr("catan.trade.accepted", locale, player=who))
        else:
            # the responder's side: they give what the active player gets
            lines.append(tr("catan.trade.countered", locale, player=who,
                            terms=terms_text(answer["get"], answer["give"], locale)))
    return "\n".join(lines)


def catan_embed(pv: PrivateView, locale: str) -> discord.Embed:
    view = pv.view
    you: Mapping[str, Any] = view.get("you") or {}
    seat = pv.seat
    embed = discord.Embed(
        title=tr("catan.hand.title", locale, limit=256, game_id=pv.game_id,
                 player=seat_name(seat, locale)),
        description=_clip(phase_text(view, locale), 4096),
        colour=discord.Colour(COLOURS[seat % len(COLOURS)]),
    )
    owe = say(pv.progress, locale) if pv.awaited else tr("hand.nothing_owed", locale)
    embed.add_field(name=tr("catan.hand.decision", locale), value=_clip(owe or "—"), inline=False)
    if you:
        embed.add_field(name=tr("catan.hand.cards", locale),
                        value=_clip(hand_line(you.get("hand") or {}, locale)), inline=False)
        if you.get("pending_discard"):
            embed.add_field(name=tr("catan.hand.discarding", locale),
                            value=counts_text(you["pending_discard"], locale), inline=False)
        embed.add_field(name=tr("catan.hand.dev_title", locale),
                        value=_clip(_dev_lines(you, locale)), inline=False)
        me = next((p for p in view.get("players", []) if p["seat"] == seat), None)
        public = int(me["vp"]) if me else 0
        hidden = int(you.get("hidden_vp", 0))
        embed.add_field(name=tr("catan.hand.vp_title", locale),
                        value=tr("catan.hand.vp", locale, total=public + hidden, public=public,
                                 hidden=hidden), inline=True)
        rates = you.get("bank_rates") or {}
        embed.add_field(name=tr("catan.hand.rates_title", locale), value=_clip(" · ".join(
            tr("catan.hand.rate", locale, res=res_name(r, locale), n=rates.get(r, 4))
            for r in RESOURCES)), inline=True)
        hero = me.get("hero") if me else None
        if hero:
            ready = tr("catan.hero.ready" if you.get("hero_ready") else "catan.hero.not_ready",
                       locale, turn=hero.get("usable_from_turn", 0))
            embed.add_field(name=tr("catan.hero.title", locale),
                            value=_clip(tr("catan.hero.line", locale, name=hero["name"],
                                           side=hero["side"], text=hero_text(hero, locale),
                                           ready=ready)), inline=False)
    trade = _trade_text(view, locale)
    if trade:
        embed.add_field(name=tr("catan.trade.title", locale), value=_clip(trade), inline=False)
    table = "\n".join(_player_line(view, p, locale) for p in view.get("players", []))
    if table:
        embed.add_field(name=tr("hand.table", locale), value=_clip(table), inline=False)
    embed.set_footer(text=tr("hand.footer", locale, version=pv.version))
    return embed

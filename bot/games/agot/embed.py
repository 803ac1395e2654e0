"""The private embed of one AGoT seat: house, power, House cards, own areas and secret
choices (orders, bid, card), the battle at hand and the public tracks.

It reads only the seat's redacted view (``PrivateView.view``): another seat's orders, bids or
card are not in it to begin with.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.text import say, tr
from bot.games.agot.text import (
    area_name,
    area_units,
    card_line,
    card_name,
    clip,
    my_areas,
    seat_house,
    token_label,
    track_name,
    units_text,
    westeros_name,
)
from bot.i18n import view_text
from bot.service import PrivateView

FIELD = 1024


def agot_private_embed(view: PrivateView, locale: str) -> discord.Embed:
    v = view.view
    you: dict[str, Any] = v.get("you") or {}
    embed = discord.Embed(
        title=tr("agot.hand.title", locale, limit=256, game_id=view.game_id,
                 house=seat_house(v, you.get("seat"))),
        description=clip(view_text(v.get("phase_label"), locale), 4096),
        colour=discord.Colour.dark_gold() if view.awaited else discord.Colour.dark_grey(),
    )
    owe = say(view.progress, locale) if view.awaited else waiting_text(v, locale)
    embed.add_field(name=tr("agot.hand.decision", locale), value=clip(owe or "—", FIELD),
                    inline=False)
    mine = next((s for s in v.get("seats", []) if s.get("seat") == you.get("seat")), {})
    embed.add_field(name=tr("agot.hand.house", locale), value=tr(
        "agot.hand.stats", locale, limit=FIELD, power=you.get("power", 0),
        stars=you.get("stars", 0), supply=mine.get("supply", 0), castles=mine.get("castles", 0),
        to_win=v.get("castles_to_win", 0)), inline=False)
    hand = [card_line(c, locale) for c in you.get("hand", [])]
    embed.add_field(name=tr("agot.hand.cards", locale),
                    value=clip("\n".join(hand) or "—", FIELD), inline=False)
    discards = [card_name(c) for c in you.get("discards", [])]
    embed.add_field(name=tr("agot.hand.discards", locale),
                    value=clip(", ".join(discards) or "—", FIELD), inline=False)
    embed.add_field(name=tr("agot.hand.areas", locale), value=clip(areas_text(v, locale), FIELD),
                    inline=False)
    secret = secrets_text(v, locale)
    if secret:
        embed.add_field(name=tr("agot.hand.secret", locale), value=clip(secret, FIELD),
                        inline=False)
    battle = v.get("battle")
    if isinstance(battle, dict):
        embed.add_field(name=tr("agot.hand.battle", locale),
                        value=clip(battle_text(v, battle, locale), FIELD), inline=False)
    embed.add_field(name=tr("agot.hand.table", locale), value=clip(tracks_text(v, locale), FIELD),
                    inline=False)
    embed.set_footer(text=tr("hand.footer", locale, version=view.version))
    return embed


def waiting_text(v: dict[str, Any], locale: str) -> str:
    houses = [seat_house(v, s) for s in v.get("awaiting", [])]
    if not houses:
        return tr("hand.nothing_owed", locale)
    return tr("agot.waiting", locale, houses=", ".join(houses))


def areas_text(v: dict[str, Any], locale: str) -> str:
    you = v.get("you") or {}
    planned: dict[str, str] = dict(you.get("your_orders") or {})
    lines = []
    for area in my_areas(v):
        info = v["board"][area]
        order = planned.get(area)
        if order is None and isinstance(info.get("order"), dict):
            order = info["order"].get("token")
        routed = {u: int((info.get("routed") or {}).get(f, 0)) for u, f in
                  (("footman", "footmen"), ("knight", "knights"), ("ship", "ships"))}
        lines.append(tr("agot.hand.area_line", locale, area=area_name(area),
                        units=units_text(area_units(info), locale),
                        routed=tr("agot.hand.routed", locale, units=units_text(routed, locale))
                        if any(routed.values()) else "",
                        order=token_label(order, locale) if order
                        else tr("agot.order.none", locale)))
    return "\n".join(lines) or "—"


def secrets_text(v: dict[str, Any], locale: str) -> str:
    """The seat's own pending secret commitments (bid, House card)."""
    you = v.get("you") or {}
    lines = []
    if "your_bid" in you:
        lines.append(tr("agot.hand.your_bid", locale, amount=you["your_bid"]))
    if "your_card" in you:
        lines.append(tr("agot.hand.your_card", locale, card=card_name(you["your_card"])))
    return "\n".join(lines)


def battle_text(v: dict[str, Any], b: dict[str, Any], locale: str) -> str:
    defender = (seat_house(v, b["defender"]) if b.get("defender") is not None
                else tr("agot.neutral_force", locale, strength=b.get("neutral_strength")))
    lines = [tr("agot.battle.line", locale, attacker=seat_house(v, b.get("attacker")),
                defender=defender, area=area_name(str(b.get("area"))),
                units=units_text(b.get("attacking_units") or {}, locale),
                origin=area_name(str(b.get("from"))))]
    support = b.get("support") or {}
    if support:
        parts = [tr(f"agot.support.{side or 'pending'}", locale, area=area_name(a))
                 for a, side in sorted(support.items())]
        lines.append(tr("agot.battle.support", locale, support="; ".join(parts)))
    cur = b.get("current_strength")
    if isinstance(cur, dict):
        lines.append(tr("agot.battle.strength_before", locale, attacker=cur.get("attacker"),
                        defender=cur.get("defender")))
    cards = b.get("cards")
    if isinstance(cards, dict):
        lines.append(tr("agot.battle.cards", locale, attacker=card_name(cards.get("attacker")),
                        defender=card_name(cards.get("defender"))))
    strength = b.get("strength")
    if isinstance(strength, dict):
        lines.append(tr("agot.battle.result", locale, attacker=strength.get("attacker"),
                        defender=strength.get("defender"),
                        winner=seat_house(v, b.get("winner"))))
    return "\n".join(lines)


def tracks_text(v: dict[str, Any], locale: str) -> str:
    lines = [tr("agot.tracks.line", locale, track=track_name(t, locale),
                houses=" › ".join(seat_house(v, s) for s in order))
             for t, order in (v.get("tracks") or {}).items()]
    lines.append(tr("agot.tracks.wildlings", locale, threat=v.get("wildling_threat", 0)))
    if v.get("restrictions"):
        lines.append(tr("agot.tracks.restrictions", locale,
                        cards=", ".join(westeros_name(str(r), locale) for r in v["restrictions"])))
    return "\n".join(lines)


def board_panel_embed(v: dict[str, Any], locale: str) -> discord.Embed:
    """What the board image's side panel used to show (tracks, dominance tokens, houses, this
    round's Westeros cards, revealed bids, the battle) as embed text, which Discord shows
    legibly at any size; from the PUBLIC view only."""
    embed = discord.Embed(title=tr("agot.board.panel_title", locale, limit=256),
                          colour=discord.Colour.dark_gold())
    blade = seat_house(v, v.get("valyrian_steel_blade"))
    if v.get("blade_used"):
        blade = tr("agot.board.blade_used", locale, house=blade)
    holders = tr("agot.board.holders", locale, throne=seat_house(v, v.get("iron_throne")),
                 blade=blade, raven=seat_house(v, v.get("messenger_raven")))
    embed.add_field(name=tr("agot.board.tracks", locale),
                    value=clip(f"{tracks_text(v, locale)}\n{holders}", FIELD), inline=False)
    houses = [tr("agot.tracks.house", locale, house=s.get("name") or seat_house(v, s.get("seat")),
                 power=s.get("power", 0), supply=s.get("supply", 0),
                 castles=s.get("castles", 0), to_win=v.get("castles_to_win", 0),
                 cards=s.get("hand_size", 0)) for s in v.get("seats", [])]
    embed.add_field(name=tr("agot.board.houses", locale),
                    value=clip("\n".join(houses) or "—", FIELD), inline=False)
    cards = [tr("agot.board.westeros_line", locale, numeral=("I", "II", "III")[k] if k < 3
                else str(k + 1), card=westeros_name(str(c), locale))
             for k, c in enumerate(v.get("westeros_cards") or [])]
    embed.add_field(name=tr("agot.board.westeros", locale),
                    value=clip("\n".join(cards) or "—", FIELD), inline=False)
    bids = (v.get("frame") or {}).get("bids")
    if isinstance(bids, dict) and bids:
        lines = [tr("agot.board.bid_line", locale, house=seat_house(v, int(seat)), amount=amount)
                 for seat, amount in sorted(bids.items(), key=lambda kv: -int(kv[1]))]
        embed.add_field(name=tr("agot.board.bids", locale), value=clip("\n".join(lines), FIELD),
                        inline=False)
    battle = v.get("battle")
    if isinstance(battle, dict):
        embed.add_field(name=tr("agot.board.battle", locale),
                        value=clip(battle_text(v, battle, locale), FIELD), inline=False)
    letters = {k: tr(f"agot.img.order.{k}", locale)
               for k in ("march", "defense", "support", "raid", "consolidate")}
    embed.add_field(name=tr("agot.board.legend", locale),
                    value=clip(tr("agot.board.legend_text", locale, **letters), FIELD),
                    inline=False)
    return embed

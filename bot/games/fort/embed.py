"""The private "My hand" embed for Fort, from the seat's redacted view only: the hand (names,
symbols, both actions in words), the Lookout's cards, the Made-Up Rules held, the draft packet
while drafting, the seat's own fort, what the game waits for, and the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord.text import say
from bot.games.fort.names import (
    card_line,
    card_name,
    cat_name,
    names_list,
    perk_name,
    phase_text,
    rule_line,
    seat_name,
    tr,
    waiting_text,
)
from bot.i18n import Msg, msg
from bot.service import PrivateView

FIELD = 1024
COLOURS = {"red": 0xC83232, "yellow": 0xE6BE28, "green": 0x3C9646, "orange": 0xEB8228}


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(cards: list[str], locale: str) -> str:
    if not cards:
        return tr("fort.hand.empty", locale)
    return _clip("\n".join(f"• {card_line(c, locale)}" for c in cards))


def _me(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    return next((p for p in view.get("players", []) if int(p["seat"]) == seat), {})


def counts(res: Mapping[str, Any]) -> list[Msg]:
    """Pizza and toys as a list reads them ("2 pizza, 1 toy"; Czech "2 pizzy, 1 hračka")."""
    return [msg(f"fort.count.{r}", n=int(res.get(r, 0))) for r in ("pizza", "toy")]


def _you_line(me: Mapping[str, Any], locale: str) -> str:
    stuff, pack = me.get("stuff") or {}, me.get("pack") or {}
    lines = [tr("fort.hand.you_line", locale, vp=me.get("vp", 0), level=me.get("level", 0),
                stuff=counts(stuff), pack=counts(pack),
                cap=me.get("pack_cap", 0), deck=me.get("deck_n", 0),
                discard=len(me.get("discard") or []))]
    if me.get("perks"):
        lines.append(tr("fort.hand.perks", locale,
                        perks=", ".join(perk_name(p, locale) for p in me["perks"])))
    if me.get("cats"):
        lines.append(tr("fort.hand.cats", locale,
                        cats=", ".join(cat_name(c, locale) for c in me["cats"])))
    if me.get("kennel"):
        lines.append(tr("fort.hand.kennel", locale, n=len(me["kennel"])))
    if me.get("played"):
        lines.append(tr("fort.hand.played", locale, cards=names_list(me["played"], locale)))
    return "\n".join(lines)


def _table(view: Mapping[str, Any], locale: str) -> str:
    lines = []
    leader = view.get("leader")
    for p in view.get("players", []):
        seat = int(p["seat"])
        key = "fort.hand.table_leader" if seat == leader else "fort.hand.table_line"
        lines.append(tr(key, locale, seat=seat_name(seat, locale, view), vp=p["vp"],
                        level=p["level"], hand=p["hand_n"],
                        yard=names_list(p.get("yard") or [], locale)))
    return "\n".join(lines)


def _scores(view: Mapping[str, Any], locale: str) -> str:
    rows = ((view.get("final") or {}).get("rows")) or []
    return "\n".join(tr("fort.hand.score_line", locale, seat=seat_name(int(r["seat"]), locale,
                                                                        view),
                        total=r["total"], track=r["track"], rules=sum(r["rules"].values()),
                        macaroni=r["macaroni"], dogs=r["dogs"], cats=r["cats"])
                     for r in rows)


def _draft(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    pending = view.get("pending") or []
    top = pending[-1] if pending else None
    return top if top is not None and top.get("kind") == "draft" else None


def fort_embed(pv: PrivateView, locale: str) -> discord.Embed:
    view = pv.view
    seat = pv.seat
    me = _me(view, seat)
    embed = discord.Embed(
        title=tr("fort.hand.title", locale, game_id=pv.game_id,
                 seat=seat_name(seat, locale, view))[:256],
        description=_clip(phase_text(view, locale), 4096),
        colour=discord.Colour(COLOURS.get(str(me.get("colour")), 0x777777)),
    )
    if pv.awaited:
        owe = say(pv.progress, locale) or "—"
    else:
        owe = tr("hand.nothing_owed", locale)
        if view.get("awaiting"):
            owe += "\n" + tr("fort.hand.waiting", locale, seats=waiting_text(view, locale))
    embed.add_field(name=tr("fort.hand.decision", locale), value=_clip(owe), inline=False)
    draft = _draft(view)
    if draft is not None:
        packet = list(draft.get("packet") or [])
        embed.add_field(name=tr("fort.hand.draft", locale), value=_lines(packet, locale),
                        inline=False)
        extra = [tr("fort.hand.drafted", locale,
                    cards=names_list(list(draft.get("drafted") or []), locale))]
        if draft.get("pick"):
            extra.append(tr("fort.hand.picked", locale, card=card_name(str(draft["pick"]),
                                                                        locale)))
        embed.add_field(name="\u200b", value=_clip("\n".join(extra)), inline=False)
    if me:
        embed.add_field(name=tr("fort.hand.hand", locale),
                        value=_lines(list(me.get("hand") or []), locale), inline=False)
        lookout = list(me.get("lookout") or [])
        if lookout or me.get("lookout_cap"):
            embed.add_field(name=tr("fort.hand.lookout", locale, n=len(lookout),
                                    cap=me.get("lookout_cap", 0)),
                            value=_lines(lookout, locale), inline=False)
        rules = list(me.get("rules") or [])
        if rules:
            embed.add_field(name=tr("fort.hand.rules", locale),
                            value=_clip("\n".join(f"• {rule_line(r, locale)}" for r in rules)),
                            inline=False)
        embed.add_field(name=tr("fort.hand.you", locale), value=_clip(_you_line(me, locale)),
                        inline=False)
    if view.get("final"):
        embed.add_field(name=tr("fort.hand.scores", locale), value=_clip(_scores(view, locale)),
                        inline=False)
    table = _table(view, locale)
    if table:
        embed.add_field(name=tr("hand.table", locale), value=_clip(table), inline=False)
    embed.set_footer(text=tr("hand.footer", locale, version=pv.version))
    return embed

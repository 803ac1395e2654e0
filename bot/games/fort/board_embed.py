"""The words beside the Fort board image: what is too small to read at chat size — the cards
by name (the Park, each Yard, the cards in play), the Perk row and each player's Perks, the
cats, the Made-Up Rules and, at the end, how each final score was made. From the PUBLIC view
only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.fort.names import cat_name, names_list, perk_name, rule_name, seat_name, tr
from bot.render.kit import player_label

FIELD = 1024
COLOURS = {"red": 0xC83232, "yellow": 0xE6BE28, "green": 0x3C9646, "orange": 0xEB8228}


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _name(view: Mapping[str, Any], seat: int, locale: str) -> str:
    return player_label(view, seat, seat_name(seat, locale, view), locale)


def _table(view: Mapping[str, Any], locale: str) -> str:
    park = names_list(list(view.get("park") or []), locale)
    lines = [f"**{tr('fort.img.park', locale)}**: {park} · "
             + tr("fort.img.park_deck", locale, n=view.get("park_deck_n", 0))]
    perks = ", ".join(perk_name(p, locale) for p in view.get("perk_row") or [])
    lines.append(f"**{tr('fort.img.perks', locale)}**: {perks or tr('fort.none', locale)} · "
                 + tr("fort.img.rule_stack", locale, n=view.get("rule_stack_n", 0)))
    cats = []
    for entry in view.get("cats_table") or []:
        owner = entry.get("owner")
        cat = cat_name(str(entry["cat"]), locale)
        cats.append(tr("fort.img.cat_free", locale, cat=cat) if owner is None else
                    tr("fort.img.cat_owned", locale, cat=cat,
                       seat=_name(view, int(owner), locale)))
    if cats:
        lines.append(f"**{tr('fort.img.cats', locale)}**: {', '.join(cats)}")
    return "\n".join(lines)


def _player(view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
    lines = [f"{tr('fort.img.yard', locale)}: {names_list(list(p.get('yard') or []), locale)}"]
    if p.get("played"):
        lines.append(f"{tr('fort.img.played', locale)}: {names_list(list(p['played']), locale)}")
    if p.get("perks"):
        lines.append(f"{tr('fort.img.perks', locale)}: "
                     + ", ".join(perk_name(k, locale) for k in p["perks"]))
    if p.get("cats"):
        lines.append(f"{tr('fort.img.cats', locale)}: "
                     + ", ".join(cat_name(k, locale) for k in p["cats"]))
    if (view.get("config") or {}).get("dogs"):
        lines.append(tr("fort.img.kennel", locale, n=len(p.get("kennel") or [])))
    if view.get("result") is not None and p.get("rules"):  # revealed for the final scoring
        lines.append(f"{tr('fort.img.rules', locale)}: "
                     + ", ".join(rule_name(k, locale) for k in p["rules"]))
    else:
        lines.append(tr("fort.img.rules_held", locale, n=p.get("rules_n", 0)))
    return "\n".join(lines)


def _scores(view: Mapping[str, Any], locale: str) -> str:
    rows = ((view.get("final") or {}).get("rows")) or []
    return "\n".join(tr("fort.hand.score_line", locale, seat=_name(view, int(r["seat"]), locale),
                        total=r["total"], track=r["track"], rules=sum(r["rules"].values()),
                        macaroni=r["macaroni"], dogs=r["dogs"], cats=r["cats"])
                     for r in rows)


def board_embed(view: Mapping[str, Any], locale: str) -> discord.Embed:
    """The table in words, for the board message beside its image."""
    embed = discord.Embed(title=tr("fort.board.title", locale)[:256],
                          description=_clip(_table(view, locale), 4096),
                          colour=discord.Colour(0xB07A3C))
    for p in view.get("players", [])[:20]:
        embed.add_field(name=_clip(_name(view, int(p["seat"]), locale), 256),
                        value=_clip(_player(view, p, locale)), inline=True)
    if view.get("final"):
        embed.add_field(name=tr("fort.hand.scores", locale), value=_clip(_scores(view, locale)),
                        inline=False)
    return embed

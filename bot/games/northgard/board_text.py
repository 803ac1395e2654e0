"""The text embed under the Northgard board image: what the image leaves out so that its map
stays legible at chat size — each clan's resources, hand, deck and units, the cards on offer,
the monster row, the stacks — and the whole legend of the map's letters and names. From the
PUBLIC view only."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.text import tr
from bot.games.northgard.labels import amounts
from bot.games.northgard.names import card_name
from bot.games.northgard.render import seat_name
from bot.games.northgard.render_legend import legend_notes, shown_in, symbol_notes

FIELD = 1024


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board_text_embed(v: dict[str, Any], locale: str) -> discord.Embed:
    embed = discord.Embed(title=tr("northgard.board.text_title", locale, limit=256),
                          colour=discord.Colour.dark_green())
    lines = []
    for s in v["seats"]:
        seat = int(s["seat"])
        clan = tr(f"northgard.clan.{s['clan']}", locale)
        who = f"**{seat_name(v, seat, locale)}** · {clan}"
        if s.get("team") is not None:
            who += " · " + tr(f"northgard.board.team_{'ab'[int(s['team'])]}", locale)
        lines.append(who)
        lines.append(amounts(dict(s["res"]), locale) + " · " + tr(
            "northgard.board.cards", locale, hand=s["hand"], deck=s["deck"], units=s["on_map"]))
    embed.add_field(name=tr("northgard.board.text_players", locale),
                    value=_clip("\n".join(lines)), inline=False)
    row = v.get("ach_row") if v.get("year") == v.get("years") else v.get("dev_row")
    table = []
    if row:
        table.append(tr("northgard.board.row", locale,
                        cards=", ".join(card_name(str(c), locale) for c in row)))
    monsters = v.get("monster_row") or []
    if monsters:
        table.append(tr("northgard.board.monsters", locale, monsters=", ".join(
            tr(f"northgard.monster.{m}", locale) for m in monsters)))
    table.append(tr("northgard.board.stacks", locale, tiles=v["tile_stack"], dev=v["dev_deck"],
                    unrest=v["unrest_left"]))
    embed.add_field(name=tr("northgard.board.text_table", locale),
                    value=_clip("\n".join(table)), inline=False)
    embed.add_field(name=tr("northgard.board.text_legend", locale),
                    value=_clip("\n".join([*symbol_notes(locale),
                                            *legend_notes(v, locale, shown_in(v))])),
                    inline=False)
    return embed

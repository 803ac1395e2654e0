"""The text embed under The Great Wall's board image: what the image leaves out so that its
sections stay legible at chat size — the locations with their clerks and overseers, each
clan's clerks, soldiers and Tactic cards, the Tea order and command track, the Storehouse,
the Advisor offer, the Artifacts (co-op: Requests and Events), Chin's track — and the whole
legend in words. From the PUBLIC view only."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.text import tr
from bot.games.great_wall.render import clan_name, legend_notes
from bot.games.great_wall.render import marks as board_marks

FIELD = 1024
LOCATIONS = ("lumber_mill", "quarry", "gold_mine", "temple", "barracks", "builders_camp",
             "tea_house", "headquarters", "embassy", "war_academy")
RESOURCES = ("wood", "stone", "gold", "chi")


def _clip(text: str, limit: int = FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _cards(cards: list[Any], locale: str) -> str:
    return ", ".join(tr(f"great_wall.card.{c}", locale) for c in cards if c) or \
        tr("great_wall.embed.none", locale)


def _field(embed: discord.Embed, name: str, lines: list[str]) -> None:
    embed.add_field(name=name, value=_clip("\n".join(lines) or "—"), inline=False)


def board_text_embed(v: dict[str, Any], locale: str) -> discord.Embed:
    embed = discord.Embed(title=tr("great_wall.board.text_title", locale, limit=256),
                          colour=0xB03A2E)
    _field(embed, tr("great_wall.board.text_locations", locale), _locations(v, locale))
    clans = []
    for c in v["clans"]:
        sup = c["supply"]
        clans.append(tr("great_wall.board.text_clan", locale, clan=clan_name(v, c["who"], locale),
                        honor=c["honor"], clerks=c["clerks"], unhired=c["unhired"],
                        spear=sup["spearman"], archer=sup["archer"], horse=sup["horseman"],
                        tactics=c["tactics"]))
    _field(embed, tr("board.players", locale), clans)
    _field(embed, tr("great_wall.board.text_tracks", locale), _tracks(v, locale))
    _field(embed, tr("great_wall.board.text_legend", locale), legend_notes(locale))
    return embed


def _locations(v: dict[str, Any], locale: str) -> list[str]:
    lines = []
    for loc in LOCATIONS:
        clerks = [clan_name(v, who, locale) for who in v["locations"].get(loc, [])]
        overseers = [tr("great_wall.board.text_overseer", locale,
                        clan=clan_name(v, c["who"], locale), level=c["overseers"][loc])
                     for c in v["clans"] if loc in c["overseers"]]
        who = ", ".join([*clerks, *overseers]) or "—"
        name = tr(f"great_wall.loc.{loc}", locale)
        spots = int(v["spots"].get(loc, 99))
        if spots < 90:
            lines.append(tr("great_wall.board.text_location", locale, loc=name,
                            used=f"{len(clerks)}/{spots}", clerks=who))
        else:
            lines.append(tr("great_wall.board.text_location_open", locale, loc=name, clerks=who))
    return lines


def _tracks(v: dict[str, Any], locale: str) -> list[str]:
    lines = [tr("great_wall.board.tea", locale) + ": " + " › ".join(
        clan_name(v, who, locale) for who in v["tea"])]
    track = [f"{i + 1}. {clan_name(v, t['who'], locale)}" for i, t in enumerate(v["track"])
             if t is not None]
    if track:
        lines.append(tr("great_wall.board.track", locale) + ": " + ", ".join(track))
    store = " · ".join(tr(f"great_wall.amount.{r}", locale, n=int(v["storehouse"].get(r, 0)))
                       for r in RESOURCES)
    lines.append(tr("great_wall.board.store", locale) + ": " + store)
    lines.append(tr("great_wall.board.offer", locale) + ": " + _cards(v["offer"], locale))
    if v["mode"] == "coop":
        lines.append(tr("great_wall.board.requests", locale, done=v["fulfilled"],
                        target=v.get("target", 0)) + ": " + _cards(v["requests"], locale))
        if v["events"]:
            lines.append(tr("great_wall.board.events", locale) + ": " +
                         _cards(v["events"][-4:], locale))
    else:
        lines.append(tr("great_wall.board.artifacts", locale) + ": " +
                     _cards(v["artifacts"], locale))
    marks = board_marks(locale)
    for i, sec in enumerate(v["sections"]):
        staged = [clan_name(v, who, locale) + " " + " ".join(
            f"{n}{marks[u]}" for u, n in units.items()) for who, units in sec["staging"].items()]
        if staged:
            lines.append(tr("great_wall.board.text_staging", locale, s=i + 1,
                            who=", ".join(staged)))
    if v["chin_track"]:
        lines.append(tr("great_wall.board.chin", locale) + ": " + " › ".join(
            tr(f"great_wall.loc.{loc}", locale) for loc in v["chin_track"]))
    return lines

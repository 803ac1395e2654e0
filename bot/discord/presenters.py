"""Embeds for a seat's private view and for the public board, with per-game overrides.

A game's front declares ``GameFront.presenter`` — ``(PrivateView, locale) -> discord.Embed``
— to show its private view its own way; others get the generic embed. Presenters only ever
receive what the service already redacted for that viewer.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import discord

from bot.discord.text import discord_time, phase_text, say, tr
from bot.games import front
from bot.i18n import Person
from bot.service import GameSummary, PrivateView

PrivatePresenter = Callable[[PrivateView, str], discord.Embed]


FIELD_LIMIT = 1024
_PHASE_KEYS = ("phase", "phase_label", "you")


def private_embed(view: PrivateView, locale: str) -> discord.Embed:
    f = front(view.game_type)
    presenter: PrivatePresenter = (f.presenter if f is not None else None) \
        or generic_private_embed
    return presenter(view, locale)


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _value(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "—"
    return json.dumps(value, ensure_ascii=False)


def _lines(data: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    return "\n".join(f"**{k}**: {_value(v)}" for k, v in data.items() if k not in skip)


def generic_private_embed(view: PrivateView, locale: str) -> discord.Embed:
    """Seat label, phase, what the seat owes, its private data, then the table."""
    data = view.view
    embed = discord.Embed(
        title=tr("hand.title", locale, limit=256, game_id=view.game_id, seat_label=view.label),
        colour=discord.Colour.dark_gold() if view.awaited else discord.Colour.dark_grey(),
    )
    phase = str(data.get("phase_label") or data.get("phase") or "")
    if phase:
        embed.add_field(name=tr("hand.phase", locale), value=_clip(phase), inline=False)
    owe = say(view.progress, locale) if view.awaited else tr("hand.nothing_owed", locale)
    embed.add_field(name=tr("hand.owe", locale), value=_clip(owe or "—"), inline=False)
    mine = data.get("you")
    if isinstance(mine, dict):
        yours = _lines(mine) or tr("hand.no_private", locale)
    elif mine is not None:
        yours = _value(mine)
    else:
        yours = tr("hand.no_private", locale)
    embed.add_field(name=tr("hand.private", locale), value=_clip(yours), inline=False)
    table = _lines(data, _PHASE_KEYS)
    if table:
        embed.add_field(name=tr("hand.table", locale), value=_clip(table), inline=False)
    embed.set_footer(text=tr("hand.footer", locale))
    return embed


def seat_name(summary: GameSummary, seat: int, user_id: int | None, name: str, locale: str,
              *, labelled: bool = True) -> str:
    """What a seat is called in a listing: its player, "🤖 Bot — Lannister" for a bot seat
    (``labelled=False``: "🤖 Bot", where the seat's label stands beside it), or an open seat
    (played by the AI until someone claims it: never its old player)."""
    if user_id is not None:
        return name
    if seat in summary.bots:
        label = summary.seat_labels.get(seat)
        if not labelled:
            return tr("game.bot", locale)
        if label:
            return tr("game.bot_seat", locale, label=say(label, locale))
        return tr("game.bot_no", locale, n=1 + sum(b < seat for b in summary.bots))
    return tr("status.open_seat", locale)


def board_embed(summary: GameSummary, locale: str, *, image: str | None = None
                ) -> discord.Embed:
    """The public board message: phase, who is awaited and until when (no secrets)."""
    embed = discord.Embed(
        title=tr("board.title", locale, limit=256, title=summary.title, game_id=summary.game_id),
        description=tr("board.phase", locale, limit=4096, phase=phase_text(summary, locale)),
        colour=discord.Colour.dark_teal(),
    )
    names = {seat: Person(uid, seat_name(summary, seat, uid, name, locale, labelled=False))
             for seat, uid, name in summary.players}
    players = "\n".join(
        tr("board.player_line", locale, player=person,
           seat=summary.seat_labels.get(seat) or tr("board.seat", locale, seat=seat + 1))
        for seat, person in sorted(names.items()))
    if players:
        embed.add_field(name=tr("board.players", locale), value=_clip(players), inline=True)
    if summary.status == "active":
        waiting = [names.get(s, Person(None, str(s + 1))) for s in summary.awaiting]
        embed.add_field(name=tr("board.waiting", locale),
                        value=_clip(tr("board.waiting_list", locale, players=waiting)
                                    if waiting else "—"), inline=True)
        if summary.paused:
            embed.add_field(name=tr("board.deadline", locale), value=tr("board.paused", locale),
                            inline=True)
        elif summary.deadline is not None:
            embed.add_field(name=tr("board.deadline", locale),
                            value=discord_time(summary.deadline), inline=True)
    if image:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=tr("board.footer", locale))
    return embed


def board_files(pngs: list[bytes], image: str = "board.png") -> list[discord.File]:
    """A board's images as attachments: the first is ``image``, the board embed's image; a
    renderer's further images (a board in parts) are ``board-2.png``, ``board-3.png``…"""
    return [discord.File(io.BytesIO(png), filename=image if k == 0 else f"board-{k + 1}.png")
            for k, png in enumerate(pngs)]


def image_embeds(count: int) -> list[discord.Embed]:
    """An embed for each image after the first (Discord shows one image per embed, each in
    its own box: several parts stay as large as one picture would be)."""
    return [discord.Embed(colour=discord.Colour.dark_teal()).set_image(
        url=f"attachment://board-{k + 1}.png") for k in range(1, count)]

"""The strip under the map: the round, the phase and the wildling threat — what a player
needs at a glance. The tracks, houses and cards are the ``/agot board`` embed's (embed.py):
written beside the map they made the image too wide to read in Discord's preview."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.style import GOLD, PANEL, PANEL_INK, font
from bot.i18n import msg, view_text
from bot.i18n import render as tr_render

#: Same size as the map's names, so the strip reads in the preview too.
STATUS_PX = 20


def house_of(houses: list[str], seat: Any) -> str:
    return houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else ""


def fit(text: str, width: float, size: int = STATUS_PX) -> str:
    """``text``, cut with an ellipsis so that it is at most ``width`` wide."""
    f = font(size)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip(" ,·—-") + "…"


def status_texts(view: dict[str, Any], locale: str | None) -> tuple[str, str]:
    """(the phase with its round, the wildling threat) in ``locale``."""
    # The phase label already names the round ("Round 3 · Planning").
    left = view_text(view.get("phase_label"), locale) or tr_render(
        msg("agot.img.round", round=int(view.get("round") or 0)), locale)
    right = tr_render(msg("agot.img.wildlings", threat=int(view.get("wildling_threat") or 0)),
                      locale)
    return left, right


def draw_status(img: Image.Image, top: int, left: str, right: str = "",
                size: int = STATUS_PX) -> None:
    """The strip from ``top`` to the bottom of ``img``: ``left`` in light ink, ``right`` in
    gold at the right edge; the left text is shortened when both would not fit."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, top, img.width, img.height), fill=PANEL)
    mid = (top + img.height) / 2
    pad = 10
    right_w = font(size).getlength(right) if right else 0.0
    if right:
        d.text((img.width - pad, mid), right, font=font(size), fill=GOLD, anchor="rm")
    room = img.width - 2 * pad - (right_w + 16 if right else 0)
    d.text((pad, mid), fit(left, room, size), font=font(size), fill=PANEL_INK, anchor="lm")

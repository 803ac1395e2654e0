"""The Wall above the map in Night's Watch mode: the clans and their camps, the trails to
the Wall's sections, each section's clearing and its guard fields."""

from __future__ import annotations

from bot.games.catan_watch.board_canvas import PAPER, PLAYER, Box4, Point, _Board
from bot.games.catan_watch.board_pieces import _token_r, _wildling
from bot.render.kit import (
    INK,
)
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    CLAN_TRAILS,
    FIELDS_PER_SECTION,
    N_SECTIONS,
    TRAIL_SECTION,
    WALL,
)


# ---- the Wall (Night's Watch) ---------------------------------------------------------------
def _wall_height(c: _Board) -> float:
    f = c.f
    return f * 1.3 + f * 1.6 + f * 1.5 + f * 2.6 + 8


def _north(c: _Board, box: Box4) -> None:
    """The clans with their camps, the trails to the Wall's sections, each section's
    clearing (wildlings waiting) and its guard fields."""
    wall = c.view["wall"]
    x0, y0, x1, _y1 = box
    f = c.f
    tr = _token_r(c)
    clans_h = f * 1.3 + f * 1.5
    trails_y = y0 + clans_h + f * 0.8
    sect_top = trails_y + f * 0.8
    sect_h = f * 2.6
    width = (x1 - x0) / N_SECTIONS
    section_x = [x0 + (s + 0.5) * width for s in range(N_SECTIONS)]
    clans = wall.get("clans") or []
    cw = (x1 - x0) / max(1, len(clans))
    # trails first, so the boxes and the discs cover their ends
    for i, _clan in enumerate(clans):
        cx0 = x0 + i * cw + 3
        for j, trail in enumerate(CLAN_TRAILS[i] if i < len(CLAN_TRAILS) else []):
            sx = cx0 + 14 + j * (tr * 2 + 4)
            tx = section_x[TRAIL_SECTION.get(trail, 0)] + (-width / 5 if trail % 2 else width / 5)
            c.s.draw.line((sx, y0 + clans_h, tx, sect_top), fill=(200, 190, 170), width=3)
    for i, clan in enumerate(clans):
        bx = (x0 + i * cw + 3, y0, x0 + (i + 1) * cw - 3, y0 + clans_h)
        c.s.draw.rounded_rectangle(bx, 8, fill=(235, 240, 245), outline=INK, width=2)
        name = c.t(f"catan.img.clan.{WALL['clans'][i]['id']}") if i < len(WALL["clans"]) \
            else str(clan.get("name", ""))
        c.s.fitted(((bx[0] + bx[2]) / 2, y0 + f * 0.7), name, bx[2] - bx[0] - 8, f,
                   anchor="mm")
        camps = clan.get("camps") or []
        step = (bx[2] - bx[0] - 8) / CAMPS_PER_CLAN
        cy = y0 + f * 1.3 + f * 0.75
        for k in range(CAMPS_PER_CLAN):
            # camp 1 (nearest the trails) on the right-hand side of the box
            cx = bx[0] + 4 + (CAMPS_PER_CLAN - 1 - k) * step + step / 2
            if k < len(camps):
                _wildling(c, (cx, cy), str(camps[k]), tr)
            else:
                c.disc((cx, cy), tr, (250, 250, 250), outline=(120, 120, 120), width=1)
                c.s.text((cx, cy), str(k + 1), f, fill=(120, 120, 120), anchor="mm")
    for i, _clan in enumerate(clans):
        cx0 = x0 + i * cw + 3
        for j, trail in enumerate(CLAN_TRAILS[i] if i < len(CLAN_TRAILS) else []):
            sx = cx0 + 14 + j * (tr * 2 + 4)
            tx = section_x[TRAIL_SECTION.get(trail, 0)] + (-width / 5 if trail % 2 else width / 5)
            mid = ((sx + tx) / 2, trails_y)
            c.disc(mid, tr, PAPER, width=1)
            c.s.text(mid, c.t("catan.img.trail", n=trail), f, bold=True, anchor="mm")
    for s, section in enumerate(wall["sections"]):
        sx0 = x0 + s * width + 2
        sx1 = sx0 + width - 4
        c.s.draw.rectangle((sx0, sect_top, sx1, sect_top + sect_h), fill=(206, 228, 242),
                           outline=INK, width=2)
        c.s.text((sx0 + f * 0.5, sect_top + sect_h / 2), str(s + 1), f, bold=True,
                 anchor="mm")
        # the clearing: wildlings waiting in front of this section
        clearing = [str(k) for k in section.get("clearing") or []]
        room = sx1 - sx0 - f * 1.2
        cstep = min(tr * 2 + 2, room / max(1, len(clearing)))
        for k, kind in enumerate(clearing):
            _wildling_dot(c, (sx0 + f * 1.2 + tr + k * cstep, sect_top + tr + 2), kind, tr)
        # the guard fields, in the guards' colours
        guards = section.get("guards") or []
        field = min(f * 0.8, room / FIELDS_PER_SECTION)
        gy = sect_top + sect_h - field - 4
        for k in range(FIELDS_PER_SECTION):
            fx = sx0 + f * 1.2 + k * field
            fill = PLAYER[guards[k] % 4] if k < len(guards) else (235, 245, 250)
            c.s.draw.rectangle((fx, gy, fx + field - 2, gy + field), fill=fill, outline=INK,
                               width=1)


def _wildling_dot(c: _Board, xy: Point, kind: str, r: float) -> None:
    """A wildling in a clearing: its colour and mark, as in the camps."""
    _wildling(c, xy, kind, r * 0.8 if r * 1.6 >= c.f else r)

"""The Northgard board image, from the PUBLIC view only, laid out for the box Discord shows an
embed's image in (about 400×300 px; ``bot.render.kit``): the map on the left
(``render_map``), and beside it the year and phase, whom the game waits for and for what,
every player by name in their colour with their strongholds toward the instant win (fame lies
face down until the end, so it is shown only then, with the final standings), the tile being
placed and a legend of every mark the map shows (``render_legend``). The rest of the table
(resources, hands, decks, the rows) is the board message's text (``board_text``)."""

from __future__ import annotations

from typing import Any

from bot.games.northgard.render_legend import FIRST, PASSED, draw_legend, marks, text
from bot.games.northgard.render_map import (
    PLAYER,
    MapGeometry,
    controller,
    draw_map,
    shade,
    tile_layers,
    tile_marks,
)
from bot.i18n import catalog, view_text
from bot.render.kit import GREY, INK, RGB, Sheet, display_name, panel, player_chip, player_label
from rules.northgard.data import data

WIDTH, HEIGHT = 1200, 900
#: Colours of the PNG: a flat drawing needs few, and quantizing to fewer is faster.
PALETTE = 64
#: The panel beside the map is never narrower than this.
PANEL_MIN = 480
#: Rows of the panel, in font sizes.
LEADING = 1.2
BG: RGB = (34, 38, 46)
SEA_BAND: RGB = (70, 100, 130)
#: Room under the map worth a legend of its own (in legend rows).
UNDER_ROWS = 3
#: Strongholds (closed territories with a large building) that win at once.
INSTANT, INSTANT_TEAM = 3, 5
PREVIEW = 120


def seat_name(view: dict[str, Any], seat: int, locale: str) -> str:
    """"Alice (Red)": the player's name and colour (the colour alone without names)."""
    colour = str(view["seats"][seat]["colour"])
    return player_label(view, seat, text(locale, f"northgard.colour.{colour}"), locale)


def _colour(view: dict[str, Any], seat: int) -> RGB:
    return PLAYER.get(str(view["seats"][seat]["colour"]), GREY)


def strongholds(view: dict[str, Any]) -> dict[int, int]:
    """Per seat, the closed territories it controls holding a large building (the instant
    win counts them), from the public map."""
    out = {int(s["seat"]): 0 for s in view["seats"]}
    for t in view["territories"]:
        seat = controller(t)
        if seat is None or not t["closed"]:
            continue
        large = {str(k) for k, kind in t["slots"] if kind == "large"}
        if any(str(k) in large for k, _ in t["buildings"]):
            out[seat] = out.get(seat, 0) + 1
    return out


def map_geometry(sheet: Sheet, view: dict[str, Any]) -> MapGeometry:
    """Where the map goes: it takes the width its tiles can use at the height they get (the
    rulers' text at the legible floor), the panel the rest. A map its width keeps short goes
    to the top, leaving the room below it to the legend (``under_map``)."""
    size = sheet.min_px
    ruler_w = sheet.measure("17", size) + 14
    ruler_h = round(size * 1.3)
    probe = MapGeometry(view, (0, 0, WIDTH - PANEL_MIN, HEIGHT), ruler_w, ruler_h)
    right = min(WIDTH - PANEL_MIN, probe.map_w + ruler_w + 16)
    bottom = HEIGHT
    if HEIGHT - ruler_h - probe.map_h >= UNDER_ROWS * size * (LEADING + 0.1) + 16:
        bottom = ruler_h + probe.map_h + 8
    return MapGeometry(view, (0, 0, right, bottom), ruler_w, ruler_h)


def draw(view: dict[str, Any], locale: str = "en") -> Sheet:
    sheet = Sheet(WIDTH, HEIGHT, BG)
    g = map_geometry(sheet, view)
    sheet.draw.rectangle(g.box, fill=SEA_BAND)
    shown = draw_map(sheet, g, marks(locale), sheet.min_px)
    areas = []
    if g.box[3] < HEIGHT:
        # The legend starts under the map, on the panel's ground, and goes on in the panel.
        sheet.draw.rectangle((0, g.box[3], g.box[2], HEIGHT), fill=panel.PANEL)
        sheet.frame(0, g.box[3], g.box[2], HEIGHT, "legend under the map")
        areas.append((14.0, g.box[3] + 6, g.box[2] - 14, HEIGHT - 4))
    _panel(sheet, view, locale, g.box[2], shown, areas)
    return sheet


def render(view: dict[str, Any], locale: str | None = "en") -> bytes:
    return draw(view, locale or "en").png(palette=True, colors=PALETTE)


# ---- the panel beside the map ---------------------------------------------------------------
def _panel(sheet: Sheet, v: dict[str, Any], locale: str, left: float, shown: set[str],
           areas: list[tuple[float, float, float, float]]) -> None:
    pad = 14
    x0, x1 = left + pad, WIDTH - pad
    room = x1 - x0
    y = panel.side_panel(sheet, (left, 0, WIDTH, HEIGHT),
                         view_text(v.get("phase_label"), locale),
                         band=BG, pad=pad, max_lines=3, leading=LEADING) + 6
    result = v.get("result")
    if result:
        y = _standings(sheet, v, locale, x0, y, room)
    else:
        y = _waiting(sheet, v, locale, x0, y, room)
        y = _players(sheet, v, locale, x0, y, room)
        previews = _previews(v)
        if previews:
            y = _draw_previews(sheet, previews, x0, y + 4, room)
    y += 6
    sheet.draw.line((x0, y, x1, y), fill=panel.DIM, width=2)
    draw_legend(sheet, v, locale, [*areas, (x0, y + 4, x1, HEIGHT - 4)], shown, LEADING)


def _waiting(sheet: Sheet, v: dict[str, Any], locale: str, x: float, y: float,
             room: float) -> float:
    """Whom the game waits for, and for what."""
    seats = [int(s) for s in v.get("awaiting") or []]
    if not seats:
        return y
    if len(seats) > 1 and len(seats) == len(v["seats"]):
        named = text(locale, "northgard.board.waiting_all")
    else:
        named = text(locale, "northgard.board.waiting",
                     players=", ".join(seat_name(v, s, locale) for s in seats))
    kind = str((v.get("pending") or {}).get("kind", ""))
    key = f"northgard.what.{kind}"
    counted = text(locale, "northgard.board.waiting_n", n=len(seats))
    what = text(locale, key) if kind and key in catalog("en") else ""
    return panel.awaited(sheet, x, y, room, named, counted, what, leading=LEADING)


def _players(sheet: Sheet, v: dict[str, Any], locale: str, x: float, y: float,
             room: float) -> float:
    """One row per player: colour, name, first player / passed, and the strongholds that
    count toward the instant win (or, in the long game, the territories held)."""
    size = sheet.min_px
    long_game = int(v.get("years", 7)) > 7
    need = INSTANT_TEAM if v.get("team") else INSTANT
    if long_game:
        held: dict[int, int] = {}
        for t in v["territories"]:
            seat = controller(t)
            if seat is not None:
                held[seat] = held.get(seat, 0) + 1
        head = text(locale, "northgard.board.territories_head")
    else:
        held = strongholds(v)
        head = text(locale, "northgard.board.strongholds_head", n=need)
    y = sheet.wrapped(x, y, head, room, size, panel.DIM, max_lines=2, leading=LEADING)
    first = int(v.get("first", 0))
    awaited_seats = {int(s) for s in v.get("awaiting") or []}
    teams = sorted({int(s["team"]) for s in v["seats"] if s.get("team") is not None})
    groups = [[s for s in v["seats"] if s.get("team") == team] for team in teams] or \
        [list(v["seats"])]
    for team, members in zip(teams or [None], groups, strict=True):
        if team is not None:
            # A team scores together: its strongholds on its heading, its members below.
            total = sum(held.get(int(s["seat"]), 0) for s in members)
            score = str(total) + ("" if long_game else f"/{need}")
            name = text(locale, f"northgard.board.team_{'ab'[team]}")
            sheet.text((x, y + size * 0.1), name, size, INK, bold=True)
            sheet.text((x + room, y + size * 0.1), score, size, INK, bold=True, anchor="ra")
            y += size * LEADING
        for s in members:
            seat = int(s["seat"])
            flags = (FIRST if seat == first else "") + (PASSED if s["passed"] else "")
            score = "" if team is not None else \
                str(held.get(seat, 0)) + ("" if long_game else f"/{need}")
            flag_w = sheet.measure(flags, size) + 8 if flags else 0
            chip = player_chip(sheet, x, y, room - flag_w, _colour(v, seat),
                               seat_name(v, seat, locale), score, size=size,
                               active=seat in awaited_seats, leading=1.3,
                               short=display_name(v, seat) or "")
            if flags:
                sheet.text((x + room, (chip.y0 + chip.y1) / 2), flags, size, panel.GOLD,
                           anchor="rm")
            y = chip.y1 + 1
    return sheet.wrapped(x, y + 2, text(locale, "northgard.board.fame_secret"), room, size,
                         panel.DIM, max_lines=2, leading=LEADING)


def _standings(sheet: Sheet, v: dict[str, Any], locale: str, x: float, y: float,
               room: float) -> float:
    """The result as the game posts it: the winners, then every place with its score (the
    final fame; a team's total in a team game)."""
    result = v["result"]
    winners = [int(s) for s in result.get("winners") or []]
    names = ", ".join(seat_name(v, s, locale) for s in winners)
    scores = result.get("scores") or {}
    fame = result.get("fame") or {}
    rows = [panel.Standing(place, _colour(v, int(seat)), seat_name(v, int(seat), locale),
                           str(scores.get(str(seat),
                                          (fame.get(str(seat)) or {}).get("total", ""))),
                           int(seat) in winners, display_name(v, int(seat)) or "")
            for place, seats in enumerate(result.get("ranking") or [], start=1)
            for seat in seats]
    line = text(locale, "northgard.board.winner", players=names, n=len(winners)) \
        if winners else ""
    return panel.standings(sheet, x, y, room, line, rows,
                           head=text(locale, "northgard.board.final_fame"), leading=LEADING)


# ---- the tile being placed -------------------------------------------------------------------
def _previews(view: dict[str, Any]) -> list[tuple[str, int, str]]:
    """The tile being placed, as (tile, rotation, caption): the candidates while a tile is
    chosen, then the chosen one in its four rotations (captioned with the degrees the buttons
    name)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "place_tile":
        return []
    if pending.get("tile"):
        return [(str(pending["tile"]), r, f"{90 * r}°") for r in range(4)]
    tiles = list(pending.get("tiles") or [])
    seat = pending.get("seat")
    if not tiles and isinstance(seat, int) and 0 <= seat < len(view["seats"]):
        tiles = list(view["seats"][seat].get("held_tiles") or [])
    # The tile buttons describe a tile's territories (no ids): the picture needs no caption.
    return [(t, 0, "") for t in dict.fromkeys(tiles)][:4]


def _draw_previews(sheet: Sheet, previews: list[tuple[str, int, str]], x: float, top: float,
                   room: float) -> float:
    """The tiles side by side from ``top``; returns the y below their captions."""
    size = sheet.min_px
    side = int(min(PREVIEW, (room - 10 * (len(previews) - 1)) / max(1, len(previews))))
    d = sheet.draw
    for tid, rot, caption in previews:
        if tid not in data().tiles:
            continue
        masks, borders, _ = tile_layers(tid, rot, side)
        for t, mask in enumerate(masks):
            sheet.img.paste(shade(f"{tid}.{t}"), (int(x), int(top)), mask)
        sheet.img.paste(borders, (int(x), int(top)), borders)
        tile_marks(d, tid, rot, int(x), int(top), side)
        d.rectangle((x, top, x + side, top + side), outline=INK, width=1)
        sheet.symbol(x, top, x + side, top + side, "tile preview")
        if caption:
            sheet.fitted((x + side / 2, top + side + 4), caption, side + 8, size, INK,
                         anchor="ma")
        x += side + 10
    return top + side + 4 + (size * 1.25 if any(c for _, _, c in previews) else 0)


__all__ = ["HEIGHT", "WIDTH", "draw", "map_geometry", "render", "seat_name", "strongholds"]

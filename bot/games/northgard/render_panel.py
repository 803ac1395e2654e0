"""The Northgard board's second image, the panel (its own 4:3 chat box beside the map's): the
year and phase, whom the game waits for and for what, every clan by name in its colour with
its resources and its strongholds toward the instant win (fame lies face down until the end,
so it is shown only then, with the final standings the result posts), the tile being placed,
and the rest of the legend the map's own image had no room for."""

from __future__ import annotations

from typing import Any

from bot.games.northgard.render_legend import FIRST, PASSED, text
from bot.games.northgard.render_map import PLAYER, RES, controller, shade, tile_layers, tile_marks
from bot.i18n import catalog, view_text
from bot.render.kit import GREY, INK, RGB, Sheet, display_name, panel, player_chip, player_label
from rules.northgard.data import data

#: The panel image: 4:3, so it fills its chat box as the map's image does.
WIDTH, HEIGHT = 1000, 750
#: Rows of the panel, in font sizes.
LEADING = 1.2
BAND: RGB = (34, 38, 46)
PAD = 14
#: Strongholds (closed territories with a large building) that win at once.
INSTANT, INSTANT_TEAM = 3, 5
PREVIEW = 120


def seat_name(view: dict[str, Any], seat: int, locale: str) -> str:
    """"Alice (Red)": the player's name and colour (the colour alone without names)."""
    colour = str(view["seats"][seat]["colour"])
    return player_label(view, seat, text(locale, f"northgard.colour.{colour}"), locale)


def colour_of(view: dict[str, Any], seat: int) -> RGB:
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


def draw_panel(sheet: Sheet, v: dict[str, Any], locale: str) -> float:
    """Title band, then whom the game waits for, the clans and the tile being placed (or the
    winner and the standings); returns the y below them, where the legend goes on."""
    x0, x1 = PAD, sheet.width - PAD
    room = x1 - x0
    y = panel.side_panel(sheet, (0, 0, sheet.width, sheet.height),
                         view_text(v.get("phase_label"), locale),
                         band=BAND, pad=PAD, max_lines=2, leading=LEADING) + 6
    if v.get("result"):
        y = _standings(sheet, v, locale, x0, y, room)
    else:
        y = _waiting(sheet, v, locale, x0, y, room)
        y = _players(sheet, v, locale, x0, y, room)
        previews = _previews(v)
        if previews:
            y = _draw_previews(sheet, previews, x0, y + 4, room)
    y += 6
    sheet.draw.line((x0, y, x1, y), fill=panel.DIM, width=2)
    return y + 6


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


def _resources(sheet: Sheet, v: dict[str, Any], seat: int, right: float, mid: float,
               size: int) -> float:
    """The clan's food, wood and lore (a dot in the map's colour and the amount), right
    aligned at ``right``; returns their left edge."""
    res = v["seats"][seat].get("res") or {}
    cell = size * 2.6
    x = right - cell * len(RES)
    for k, name in enumerate(RES):
        cx = x + k * cell
        dot = (cx, mid - size * 0.4, cx + size * 0.8, mid + size * 0.4)
        sheet.draw.ellipse(dot, fill=RES[name], outline=INK)
        sheet.symbol(*dot, label=name)
        sheet.text((cx + size, mid), str(int(res.get(name, 0))), size, INK, bold=True,
                   anchor="lm")
    return x


def _players(sheet: Sheet, v: dict[str, Any], locale: str, x: float, y: float,
             room: float) -> float:
    """One row per clan: colour and name, first player / passed, its food, wood and lore, and
    the strongholds that count toward the instant win (in the long game, the territories
    held)."""
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
    # What the score at the right of each row counts (the resource dots are the legend's).
    y = sheet.wrapped(x, y, head, room, size, panel.DIM, max_lines=2, leading=LEADING)
    first = int(v.get("first", 0))
    awaited_seats = {int(s) for s in v.get("awaiting") or []}
    teams = sorted({int(s["team"]) for s in v["seats"] if s.get("team") is not None})
    groups = [[s for s in v["seats"] if s.get("team") == team] for team in teams] or \
        [list(v["seats"])]
    score_w = sheet.measure(f"{need}/{need}", size, True) + size * 0.6
    flag_w = sheet.measure(FIRST + PASSED, size) + size * 0.4
    for team, members in zip(teams or [None], groups, strict=True):
        if team is not None:
            # A team scores together: its strongholds on its heading, its members below.
            total = sum(held.get(int(s["seat"]), 0) for s in members)
            score = str(total) + ("" if long_game else f"/{need}")
            name = text(locale, f"northgard.board.team_{'ab'[team]}")
            sheet.text((x, y + size * 0.1), name, size, INK, bold=True)
            sheet.text((x + room - 4, y + size * 0.1), score, size, INK, bold=True, anchor="ra")
            y += size * LEADING
        for s in members:
            seat = int(s["seat"])
            flags = (FIRST if seat == first else "") + (PASSED if s["passed"] else "")
            score = "" if team is not None else \
                str(held.get(seat, 0)) + ("" if long_game else f"/{need}")
            h = size * 1.3
            mid = y + h / 2
            right = x + room - score_w
            if score:
                sheet.text((x + room - 4, mid), score, size, INK, bold=True, anchor="rm")
            left = _resources(sheet, v, seat, right - flag_w, mid, size)
            if flags:
                sheet.text((right - 4, mid), flags, size, panel.GOLD, anchor="rm")
            chip = player_chip(sheet, x, y, left - x - size * 0.3, colour_of(v, seat),
                               seat_name(v, seat, locale), size=size,
                               active=seat in awaited_seats, leading=1.3,
                               short=display_name(v, seat) or "")
            y = chip.y1 + 2
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
    rows = [panel.Standing(place, colour_of(v, int(seat)), seat_name(v, int(seat), locale),
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

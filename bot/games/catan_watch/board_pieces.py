"""The hexes' letters and number tokens, roads, settlements and keeps, Tormund and the
wildlings on the Catan board image."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.catan_watch.board_canvas import (
    PAPER,
    PLAYER,
    TORMUND_COLOUR,
    WILDLING_COLOUR,
    Point,
    _Board,
)
from bot.render.kit import (
    INK,
    WHITE,
)


# ---- the hexes and the pieces ---------------------------------------------------------------
def _outlined(c: _Board, xy: Point, text: str) -> None:
    """A hex letter: bold white, outlined, at the floor size."""
    c.s.text(xy, text, c.f, WHITE, bold=True, anchor="mm", stroke=2, stroke_fill=INK)


def _spots(c: _Board, h: int, tokens: int) -> tuple[Point, Point | None, list[Point]]:
    """Where the letter, the number token and the tokens (Tormund, wildlings) sit on hex
    ``h``. A roomy hex has the letter at the top, the number in the middle, a token beside
    the number and a second under them; a small one (the Gift under the Wall) has the letter
    higher and the number lower, a token right of the number and a second left of the
    letter."""
    cx, cy = c.hex_centre(h)
    r = c.r
    has_number = bool(c.board["hexes"][h].get("number"))
    nr = _number_r(c)
    if r < 44:
        letter_at = (cx, cy - 0.47 * r)
        if not tokens:
            return letter_at, (cx, cy + 0.33 * r) if has_number else None, []
        second = (cx - 0.62 * r, cy - 0.42 * r)
        if not has_number:
            return letter_at, None, [(cx, cy + 0.3 * r), second][:tokens]
        return letter_at, (cx - 0.3 * r, cy + 0.3 * r), [(cx + 0.45 * r, cy + 0.3 * r),
                                                         second][:tokens]
    letter_at = (cx, cy - 0.55 * r)
    if not tokens:
        return letter_at, (cx, cy + 0.12 * r) if has_number else None, []
    if not has_number:
        spots = [(cx, cy + 0.12 * r), (cx, cy + 0.62 * r)]
        return letter_at, None, spots[:tokens]
    spots = [(cx + nr + 1, cy + 0.08 * r), (cx, cy + 0.08 * r + 2 * nr)]
    return letter_at, (cx - nr - 1, cy + 0.08 * r), spots[:tokens]


def _number_r(c: _Board) -> float:
    return c.s.measure("10", c.f) / 2 + (3 if c.r >= 44 else 1)


def _token_r(c: _Board) -> float:
    return c.f * (0.62 if c.r >= 44 else 0.55)


def _number_token(c: _Board, xy: Point, number: int) -> None:
    red = number in (6, 8)
    colour = (200, 30, 30) if red else INK
    c.disc(xy, _number_r(c), PAPER, width=1)
    c.s.text(xy, str(number), c.f, fill=colour, bold=red, anchor="mm")


def _road_line(c: _Board, a: Point, b: Point, colour: Any, k: float = 1.0) -> None:
    (ax, ay), (bx, by) = a, b
    c.s.draw.line((ax, ay, bx, by), fill=INK, width=max(5, round(12 * k)))
    c.s.draw.line((ax, ay, bx, by), fill=colour, width=max(3, round(7 * k)))


def _roads(c: _Board) -> None:
    k = c.r / 48
    for road in c.board["roads"]:
        a, b = c.board["edges"][road["edge"]]
        (ax, ay), (bx, by) = c.vertex(a), c.vertex(b)
        # shortened, so the corners (and what stands on them) stay visible
        _road_line(c, (ax + (bx - ax) * 0.16, ay + (by - ay) * 0.16),
                   (bx - (bx - ax) * 0.16, by - (by - ay) * 0.16), PLAYER[road["seat"] % 4], k)


def _building(c: _Board, xy: Point, kind: str, colour: Any, k: float = 1.0) -> None:
    x, y = xy
    if kind == "keep":
        s = 13 * k
        pts = [(x - s, y + s), (x - s, y - s), (x - s / 2, y - s), (x - s / 2, y - s / 2),
               (x, y - s / 2), (x, y - s), (x + s / 2, y - s), (x + s / 2, y - s / 2),
               (x + s, y - s / 2), (x + s, y + s)]
    else:
        s = 10 * k
        pts = [(x - s, y + s * 0.8), (x - s, y - s * 0.2), (x, y - s * 1.1),
               (x + s, y - s * 0.2), (x + s, y + s * 0.8)]
    c.s.draw.polygon(pts, fill=colour, outline=INK, width=2)


def _buildings(c: _Board) -> None:
    k = max(0.8, c.r / 48)
    for b in c.board["buildings"]:
        _building(c, c.vertex(b["vertex"]), b["kind"], PLAYER[b["seat"] % 4], k)


def _mark(c: _Board, xy: Point, r: float, fill: Any, ring: Any, mark: str) -> None:
    c.disc(xy, r, fill, outline=ring, width=2)
    c.s.text(xy, mark, c.f, fill=WHITE, bold=True, anchor="mm", kind="symbol")


def _tormund_token(c: _Board, xy: Point, r: float) -> None:
    _mark(c, xy, r, TORMUND_COLOUR, (240, 240, 240), c.t("catan.img.mark.tormund"))


def _wildling(c: _Board, xy: Point, kind: str, r: float) -> None:
    mark = c.t(f"catan.img.mark.{kind}") if kind in WILDLING_COLOUR else "?"
    _mark(c, xy, r, WILDLING_COLOUR.get(kind, (90, 90, 90)), (240, 240, 240), mark)


def _tokens(c: _Board) -> dict[int, list[Callable[[Point, float], None]]]:
    on_hex: dict[int, list[Callable[[Point, float], None]]] = {}
    h = c.board.get("tormund")
    if h is not None:
        on_hex.setdefault(int(h), []).append(lambda xy, r: _tormund_token(c, xy, r))
    if c.nw:
        for g, kind in (c.view["wall"].get("gift") or {}).items():
            on_hex.setdefault(int(g), []).append(
                lambda xy, r, k=str(kind): _wildling(c, xy, k, r))
    return on_hex

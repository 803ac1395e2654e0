"""The Catan board image (Pillow, on the board kit ``bot.render.kit``) from the PUBLIC view
only, in the server's language, designed for the 400×300 box Discord shows it in.

Landscape, 800×600: a bar on top says what the game waits for and the turn; the map fills the
left — hexes in terrain colours with their letters A, B, C… (the letters the Discord selects
use: "corner A/B/E", "path A–B") and number tokens (6 and 8 in red), harbours as tiles in the
sea ("3:1", or "2:1" in the colour of the resource they take), roads, settlements and keeps in
player colours, Tormund and the wildlings; in Night's Watch mode the Wall above the Gift — the
clans' camps, the trails, each section's clearing and its guards. On the right the dice, the
deck (and the breaches) and every player by name and colour with VP, cards, development cards,
road length (and guards), the player whose turn it is highlighted. A legend under both names
every colour and symbol. Every word comes from the catalog in the locale asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from bot.games.catan_watch.board_canvas import (
    BORDER,
    HEIGHT,
    MAP_WIDTH,
    NW_BG,
    PAD,
    PAPER,
    PLAYER,
    RESOURCE_COLOUR,
    ROAD_BADGE,
    SEA,
    TERRAIN,
    WATCH_BADGE,
    WIDTH,
    WILDLING_COLOUR,
    YIELD,
    Box4,
    _Board,
)
from bot.games.catan_watch.board_harbours import _fit_map, _harbours, _tags, harbour_edges
from bot.games.catan_watch.board_pieces import (
    _building,
    _buildings,
    _number_token,
    _outlined,
    _road_line,
    _roads,
    _spots,
    _token_r,
    _tokens,
    _tormund_token,
    _wildling,
)
from bot.games.catan_watch.board_side import _badge, _guard_icon, _side, _side_height, _stat_items
from bot.games.catan_watch.board_wall import _north, _wall_height
from bot.i18n import view_text
from bot.render.kit import (
    HIGHLIGHT,
    INK,
    LegendItem,
    Sheet,
    legend,
    legend_row_height,
    legend_rows,
    status_bar,
)
from rules.catan_watch.names import letter

__all__ = ["BORDER", "HIGHLIGHT", "PLAYER", "RESOURCE_COLOUR", "draw", "harbour_edges", "plan",
           "render"]


# ---- the status bar and the legend ----------------------------------------------------------
def _status(c: _Board) -> float:
    view = c.view
    if view.get("phase") == "over":
        winners = ", ".join(c.name(int(w)) for w in (view.get("result") or {}).get(
            "winners", []))
        left = (c.t("catan.img.over", winners=winners) if winners
                else c.t("catan.img.over_none"))
    else:
        left = view_text(_named(c, view.get("phase_label")), c.locale)
    right = c.t("catan.img.turn", turn=view.get("turn", 0))
    if c.nw:
        # The deck beside the turn when both still leave the phase one line (the players'
        # column then has a row more for the legend).
        with_deck = c.t("catan.img.turn_deck", turn=view.get("turn", 0),
                        n=view.get("development_deck", 0))
        room = WIDTH - c.f - c.s.measure(with_deck, c.f, True) - c.f
        c.deck_in_status = c.s.measure(left, c.f, True) <= room
        if c.deck_in_status:
            right = with_deck
    return status_bar(c.s, (0, 0, WIDTH, round(c.f * 2)), left, right, size=c.f,
                      max_lines=2)


def _named(c: _Board, label: Any) -> Any:
    """The phase heading with a seat named by its colour ("Blue: trade…") naming its player
    instead ("Bořivoj (Blue): trade…"), as the players' column does."""
    if not isinstance(label, dict) or not isinstance(label.get("params"), dict):
        return label
    seats = {repr(p.get("label")): int(p["seat"]) for p in c.view.get("players", [])}
    params = {k: c.name(seats[repr(v["$text"])])
              if isinstance(v, dict) and repr(v.get("$text")) in seats else v
              for k, v in label["params"].items()}
    return {**label, "params": params}


def _legend_items(c: _Board) -> list[LegendItem]:
    def terrain(t: str) -> Callable[[Sheet, Box4], None]:
        def draw(s: Sheet, b: Box4) -> None:
            x, y, r = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) / 2
            pts = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                   for a in range(30, 390, 60)]
            s.draw.polygon(pts, fill=TERRAIN[t], outline=INK, width=1)
        return draw

    items = [LegendItem(terrain(t), c.t(f"catan.res.{res}")) for t, res in YIELD.items()]
    if any(h["terrain"] == "ice_field" for h in c.board["hexes"]):
        items.append(LegendItem(terrain("ice_field"),
                                c.t("catan.img.barren", terrain=c.t("catan.terrain.ice_field"))))

    def harbour(s: Sheet, b: Box4) -> None:
        s.draw.rounded_rectangle(b, 4, fill=PAPER, outline=INK, width=2)

    items.append(LegendItem(harbour, c.t("catan.img.harbours_short")))
    mid = lambda b: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)  # noqa: E731
    k = c.f / 26
    # Only the symbols the board shows: a crowded legend would leave the map no room.
    kinds = {b["kind"] for b in c.board["buildings"]}
    if c.board["roads"]:
        items.append(LegendItem(lambda s, b: _road_line(c, (b[0], b[3] - 3), (b[2], b[1] + 3),
                                                        PAPER, k), c.t("catan.img.piece.road")))
    if "settlement" in kinds:
        items.append(LegendItem(lambda s, b: _building(c, mid(b), "settlement", PAPER, k),
                                c.t("catan.img.piece.settlement")))
    if "keep" in kinds:
        items.append(LegendItem(lambda s, b: _building(c, mid(b), "keep", PAPER, k * 0.85),
                                c.t("catan.img.piece.keep")))
    return items


def _token_items(c: _Board) -> list[LegendItem]:
    """The legend of the tokens (Tormund, the wildlings, guards) and the titles held: what
    the players' column shows beside the players when it has room."""
    items: list[LegendItem] = []
    mid = lambda b: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)  # noqa: E731
    if c.board.get("tormund") is not None:
        items.append(LegendItem(lambda s, b: _tormund_token(c, mid(b), (b[2] - b[0]) / 2 + 2),
                                c.t("catan.img.tormund")))
    if c.nw:
        wall = c.view["wall"]
        shown = {str(w) for clan in wall.get("clans") or [] for w in clan.get("camps") or []}
        shown |= {str(w) for sec in wall["sections"] for w in sec.get("clearing") or []}
        shown |= {str(w) for w in (wall.get("gift") or {}).values()}
        for kind in WILDLING_COLOUR:
            if kind in shown:
                items.append(LegendItem(
                    lambda s, b, k2=kind: _wildling(c, mid(b), k2, (b[2] - b[0]) / 2 + 2),
                    c.t(f"catan.img.wildling.{kind}")))
        items.append(LegendItem(lambda s, b: _guard_icon(c, b), c.t("catan.img.guard")))
    for holder, colour, key in (("longest_road", ROAD_BADGE, "catan.badge.longest_road"),
                                ("largest_watch", WATCH_BADGE, "catan.badge.largest_watch")):
        if c.view.get(holder) is not None:
            items.append(LegendItem(lambda s, b, col=colour: _badge(c, b, col), c.t(key)))
    return items


def plan(view: Mapping[str, Any], locale: str | None = None) -> _Board:
    """The board with its status bar and map placed (nothing else drawn yet): where each
    hex is, for ``draw`` and for tests."""
    c = _Board(view, locale)
    f = c.f
    c.top = _status(c) + 4
    # The players' symbols, then the tokens' and titles', go into the players' column as
    # far as it has room (one per row; each moved there gives the map a share of a legend
    # row below), the rest into the legend below.
    base, movable = _legend_items(c), _stat_items(c) + _token_items(c)
    need = _side_height(c, WIDTH - PAD - MAP_WIDTH - PAD)
    side_row = legend_row_height(f, 1.2)
    for k in range(len(movable), -1, -1):
        c.items = base + movable[k:]
        rows = legend_rows(c.s, PAD, WIDTH - PAD, c.items, spacing=0.55)
        c.legend_top = HEIGHT - 4 - rows * legend_row_height(f, 1.3)
        if need + k * side_row <= c.legend_top - 4 - c.top or k == 0:
            c.side_stats = movable[:k]
            break
    c.s.draw.rectangle((0, c.top - 4, MAP_WIDTH, c.legend_top - 4), fill=NW_BG if c.nw else SEA)
    map_top = c.top
    if c.nw:
        map_top = c.top + _wall_height(c) + 4
    c.tags = _tags(c)
    _fit_map(c, c.tags, (PAD, map_top, MAP_WIDTH - PAD, c.legend_top - 8))
    return c


def draw(view: Mapping[str, Any], locale: str | None = None) -> Sheet:
    """The board on a kit ``Sheet`` (its ``layout`` records every label, for tests)."""
    c = plan(view, locale)
    f = c.f
    if c.nw:
        _north(c, (PAD, c.top, MAP_WIDTH - PAD, c.top + _wall_height(c)))
    _harbours(c, c.tags)
    on_hex = _tokens(c)
    # hexes under the roads and buildings; letters, numbers and tokens over them
    for info in c.board["hexes"]:
        c.s.draw.polygon([c.vertex(v) for v in info["vertices"]],
                         fill=TERRAIN.get(info["terrain"], (200, 200, 200)), outline=BORDER,
                         width=3)
    _roads(c)
    _buildings(c)
    for h, info in enumerate(c.board["hexes"]):
        tokens = on_hex.get(h, [])[:2]
        letter_at, number_at, spots = _spots(c, h, len(tokens))
        _outlined(c, letter_at, letter(h))
        if number_at is not None:
            _number_token(c, number_at, int(info["number"]))
        for spot, token in zip(spots, tokens, strict=False):
            token(spot, _token_r(c))
    _side(c, (MAP_WIDTH + PAD, c.top, WIDTH - PAD, c.legend_top - 4))
    if c.side_stats:
        legend(c.s, MAP_WIDTH + PAD,
               c.legend_top - 4 - len(c.side_stats) * legend_row_height(f, 1.2),
               WIDTH - PAD, c.side_stats, columns=1, leading=1.2)
    legend(c.s, PAD, c.legend_top, WIDTH - PAD, c.items, leading=1.3, spacing=0.55)
    return c.s


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    """The public view → PNG bytes (never pass a private view: its "you" is ignored)."""
    return draw(view, locale).png(palette=True)

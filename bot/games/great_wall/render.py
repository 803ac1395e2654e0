"""The Great Wall board image, from the PUBLIC view only, laid out for the box Discord shows an
embed's image in (about 400×300 px; ``bot.render.kit``): the three wall sections with their
Horde cards on the left (``render_wall``), and beside them the year and season, the time
track, whom the game waits for and for what, every clan by its player's name in its colour
with its Honor (at the end: the winner and the standings the result posts), the Shame bank,
the Horde deck and a legend of every mark. The locations, tracks, Storehouse and cards on
offer are the board message's text (``board_text``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from bot.games.great_wall.render_wall import (
    CLAN,
    REWARDS,
    UNITS,
    barricade,
    clan_colour,
    cross,
    disc,
    draw_section,
    firing_slot,
    reward_field,
    reward_mark,
)
from bot.i18n import catalog, msg
from bot.i18n import render as render_msg
from bot.render.kit import (
    INK,
    RGB,
    LegendItem,
    Sheet,
    display_name,
    panel,
    player_chip,
    player_label,
)

WIDTH, HEIGHT = 1200, 900
#: Colours of the PNG: a flat drawing needs few, and quantizing to fewer is faster.
PALETTE = 64
PANEL_W = 430
BG: RGB = (236, 226, 200)
LEADING = 1.2


def text(locale: str | None, key: str, **params: Any) -> str:
    return render_msg(msg(key, **params), locale)


def marks(locale: str | None) -> dict[str, str]:
    """The letter drawn for each reward and each kind of soldier."""
    return {k: text(locale, f"great_wall.board.mark.{k}") for k in (*REWARDS, *UNITS)}


def clan_name(v: dict[str, Any], who: Any, locale: str | None) -> str:
    """A clan as the board names it: "Alice (Red)" for a player, the automated clans by
    name."""
    if isinstance(who, str) and not who.isdigit():
        return text(locale, f"great_wall.who.{who}")
    seat = int(who)
    return player_label(v, seat, text(locale, f"great_wall.seat.{_seat_colour(seat)}"), locale)


def short_name(v: dict[str, Any], who: Any) -> str:
    """A player's name alone ("Alice"), for a row whose swatch shows the colour; "" for an
    automated clan or a view without names."""
    if isinstance(who, str) and not who.isdigit():
        return ""
    return display_name(v, int(who)) or ""


def _seat_colour(seat: int) -> str:
    return ("yellow", "red", "blue", "green")[seat % 4]


def draw(view: dict[str, Any], locale: str | None = None) -> Sheet:
    sheet = Sheet(WIDTH, HEIGHT, BG)
    say = partial(text, locale)
    m = marks(locale)
    left = WIDTH - PANEL_W
    col = (left - 16) / 3
    for i in range(3):
        x0 = 6 + i * (col + 2)
        draw_section(sheet, view, i, (x0, 6, x0 + col - 4, HEIGHT - 6), m, say)
    _panel(sheet, view, locale, left)
    return sheet


def render(view: dict[str, Any], locale: str | None = None) -> bytes:
    return draw(view, locale).png(palette=True, colors=PALETTE)


def _panel(s: Sheet, v: dict[str, Any], locale: str | None, left: float) -> None:
    size = s.min_px
    pad = 14
    x0, x1 = left + pad, WIDTH - pad
    room = x1 - x0
    season = text(locale, f"great_wall.season.{v['season']}")
    y = panel.side_panel(s, (left, 0, WIDTH, HEIGHT), text(
        locale, "great_wall.board.year", year=v["year"], season=season), pad=pad,
        max_lines=1, leading=LEADING) + 6
    y = s.wrapped(x0, y, text(locale, "great_wall.board.time_track", time=v["time"],
                              last=v["time_last"], cas=v["casualty"]), room, size, panel.DIM,
                  leading=LEADING)
    if v["mode"] == "coop":
        # The co-op game's progress: the Emperor's Requests fulfilled toward the target.
        y = s.wrapped(x0, y, text(locale, "great_wall.board.requests", done=v["fulfilled"],
                                  target=v.get("target", 0)), room, size, INK, bold=True,
                      leading=LEADING)
    if v.get("result"):
        y = _standings(s, v, locale, x0, y, room)
    else:
        y = _waiting(s, v, locale, x0, y, room)
        y = _clans(s, v, locale, x0, y, room)
    y = s.wrapped(x0, y + 2, text(locale, "great_wall.board.decks", shame=v["shame_bank"],
                                  hordes=v["horde_deck"]), room, size, panel.DIM, leading=LEADING)
    y += 4
    s.draw.line((x0, y, x1, y), fill=panel.DIM, width=2)
    _legend(s, v, locale, x0, y + 4, x1, HEIGHT - 4)


def _waiting(s: Sheet, v: dict[str, Any], locale: str | None, x: float, y: float,
             room: float) -> float:
    decision = v.get("decision") or {}
    seats = [int(c) for c in decision.get("awaiting") or []]
    if not seats:
        return y
    humans = [c for c in v["clans"] if not isinstance(c["who"], str)]
    if len(seats) > 1 and len(seats) == len(humans):
        named = text(locale, "great_wall.board.waiting_all")
    else:
        named = text(locale, "great_wall.board.waiting",
                     players=", ".join(clan_name(v, c, locale) for c in seats))
    key = f"great_wall.progress.{decision.get('kind', '')}"
    counted = text(locale, "great_wall.board.waiting_n", n=len(seats))
    what = text(locale, key) if key in catalog("en") else ""
    return panel.awaited(s, x, y, room, named, counted, what, leading=LEADING)


def _clans(s: Sheet, v: dict[str, Any], locale: str | None, x: float, y: float,
           room: float) -> float:
    """Every clan in its colour with its Honor (the automated clans too)."""
    size = s.min_px
    s.text((x + room, y), text(locale, "great_wall.board.honor"), size, panel.DIM, anchor="ra")
    y += size * LEADING
    awaited_seats = {int(c) for c in (v.get("decision") or {}).get("awaiting") or []}
    for c in v["clans"]:
        who = c["who"]
        chip = player_chip(s, x, y, room, clan_colour(who), clan_name(v, who, locale),
                           str(c["honor"]), size=size,
                           active=not isinstance(who, str) and int(who) in awaited_seats,
                           leading=1.3, short=short_name(v, who))
        y = chip.y1 + 1
    return y


def _standings(s: Sheet, v: dict[str, Any], locale: str | None, x: float, y: float,
               room: float) -> float:
    """The result as the game posts it: the winners (or that nobody won, and why), then
    every place with its final score."""
    result = v["result"]
    winners = [int(c) for c in result.get("winners") or []]
    if winners:
        line = text(locale, "great_wall.board.winner", n=len(winners),
                    players=", ".join(clan_name(v, c, locale) for c in winners))
    else:
        line = text(locale, "great_wall.board.no_winner")
    reason = f"great_wall.reason.{result.get('reason', '')}"
    scores = result.get("scores") or {}
    ranked = [int(c) for place in result.get("ranking") or [] for c in place]
    rows = [panel.Standing(place, clan_colour(c), clan_name(v, c, locale),
                           _score(scores.get(str(c))), int(c) in winners, short_name(v, c))
            for place, seats in enumerate(result.get("ranking") or [], start=1)
            for c in seats]
    # Chin's total, which a solo player had to beat (not a place of the standings).
    for key, score in scores.items():
        if int(key) not in ranked and int(key) < len(v["clans"]):
            who = v["clans"][int(key)]["who"]
            rows.append(panel.Standing(0, clan_colour(who), clan_name(v, who, locale),
                                 _score(score)))
    return panel.standings(s, x, y, room, line, rows,
                           head=text(locale, "great_wall.board.final_score"),
                           note=text(locale, reason) if reason in catalog("en") else "",
                           leading=LEADING)


def _score(value: Any) -> str:
    """A score as the result post writes it (a whole number without its ".0")."""
    if value is None:
        return ""
    return str(int(value) if float(value).is_integer() else round(float(value), 2))


def _legend(s: Sheet, v: dict[str, Any], locale: str | None, x: float, y: float,
            right: float, bottom: float) -> float:
    """Every mark on the sections, each as drawn there, as far as room allows (the most
    needed first); the text under the image names them all."""
    m = marks(locale)
    items = [LegendItem(_unit(m[u]), text(locale, f"great_wall.unit.{u}")) for u in UNITS]
    items.append(LegendItem(_offence, text(locale, "great_wall.board.legend.card_offence")))
    items += [LegendItem(_reward(m[r]), text(locale, f"great_wall.board.reward.{r}"))
              for r in REWARDS]
    shown = _amount_shown(v)
    if shown:
        reward, n = shown
        items.append(LegendItem(_reward(reward_mark(m, reward, n)), text(
            locale, "great_wall.board.legend.amount", n=n,
            reward=text(locale, f"great_wall.board.reward.{reward}"))))
    items += [LegendItem(cross, text(locale, "great_wall.board.legend.wound")),
              LegendItem(_barricade, text(locale, "great_wall.board.legend.barricade")),
              LegendItem(firing_slot, text(locale, "great_wall.board.legend.firing"))]
    y, _ = panel.legend_within(s, x, y, right, bottom, items, leading=LEADING + 0.08)
    y, _ = panel.notes_within(s, x, y, right, bottom,
                              [text(locale, "great_wall.board.legend.offence")],
                              leading=LEADING)
    return y


def _amount_shown(v: dict[str, Any]) -> tuple[str, int] | None:
    """A free field on the board whose reward comes more than once, as (reward, amount): the
    legend explains the number with it."""
    for sec in v.get("sections") or []:
        if sec.get("blocked"):
            continue
        for card in sec.get("hordes") or []:
            for r, row in enumerate(card.get("fields") or []):
                for c, value in enumerate(row):
                    try:
                        n = int(card["amounts"][r][c] or 1)
                    except (KeyError, IndexError, TypeError, ValueError):
                        n = 1
                    if value is None and n > 1 and card["rewards"][r][c] in REWARDS:
                        return str(card["rewards"][r][c]), n
    return None


def _offence(s: Sheet, b: tuple[float, float, float, float]) -> None:
    """The mark beside a Horde card's offence, as the card shows it."""
    s.text(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), "⚔", s.min_px, INK, bold=True,
           anchor="mm", kind="symbol")


def _unit(letter: str) -> Any:
    def drawer(s: Sheet, b: tuple[float, float, float, float]) -> None:
        r = (b[2] - b[0]) / 2 + 3
        disc(s, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, r, None, letter, s.min_px)
    return drawer


def _reward(mark: str) -> Any:
    def drawer(s: Sheet, b: tuple[float, float, float, float]) -> None:
        grow = max(0.0, (s.measure(mark, s.min_px) + 6 - (b[2] - b[0])) / 2)
        reward_field(s, (b[0] - grow, b[1] - 3, b[2] + grow, b[3] + 3), mark, s.min_px)
    return drawer


def _barricade(s: Sheet, b: tuple[float, float, float, float]) -> None:
    barricade(s, (b[0] + (b[2] - b[0]) * 0.25, b[1], b[2] - (b[2] - b[0]) * 0.25, b[3]))


def legend_notes(locale: str | None) -> list[str]:
    """Every mark on the sections in words (the text under the image)."""
    m = marks(locale)
    rewards = " · ".join(f"{m[r]} {text(locale, f'great_wall.board.reward.{r}')}"
                         for r in REWARDS)
    units = " · ".join(f"{m[u]} {text(locale, f'great_wall.unit.{u}')}" for u in UNITS)
    return [text(locale, "great_wall.board.legend.units", marks=units),
            text(locale, "great_wall.board.legend.rewards", marks=rewards),
            text(locale, "great_wall.board.legend.amounts", example=reward_mark(m, "gold", 2),
                 reward=text(locale, "great_wall.board.reward.gold")),
            text(locale, "great_wall.board.legend.symbols"),
            text(locale, "great_wall.board.legend.offence")]


__all__ = ["CLAN", "HEIGHT", "WIDTH", "clan_name", "draw", "legend_notes", "render"]

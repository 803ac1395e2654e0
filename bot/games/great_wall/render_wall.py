"""The Great Wall's three wall sections on a board ``Sheet``: in each, the Horde cards (the card
nearest the wall lowest) with their name, offence and fields — a free field shows its reward's
mark (with its amount when more than one: "2G", two gold), a covered one the soldier's clan
colour and kind, a wounded one a red cross — then the
wall's level and barricades, defence against offence, the firing positions with their archers
and the clans' soldiers in the staging area. Every mark is in the legend (``render``)."""

from __future__ import annotations

from typing import Any

from bot.render.kit import INK, RGB, Box, Sheet, ink_on

Rect = tuple[float, float, float, float]

CARD: RGB = (214, 180, 140)
EMPTY_SLOT: RGB = (170, 160, 140)
FREE: RGB = (248, 242, 226)
WOUND: RGB = (178, 34, 34)
WALL: RGB = (150, 140, 125)
BLOCKED: RGB = (190, 180, 165)
BREACH: RGB = (178, 34, 34)
BARRICADE: RGB = (120, 78, 40)
CLAN: dict[Any, RGB] = {0: (230, 190, 30), 1: (200, 40, 40), 2: (40, 90, 210),
                        3: (40, 150, 70), "reed": (120, 170, 160), "chin": (110, 60, 140)}
UNITS = ("spearman", "archer", "horseman")
REWARDS = ("honor", "wood", "stone", "gold", "chi", "tactic")
LEADING = 1.2
#: The side of a field on a card of three rows (two rows: up to 56 px).
TALL_FIELD = 44.0


def clan_colour(who: Any) -> RGB:
    key: Any = int(who) if isinstance(who, str) and who.isdigit() else who
    return CLAN.get(key, (90, 90, 90))


def disc(s: Sheet, cx: float, cy: float, r: float, who: Any, letter: str, size: int) -> None:
    """A soldier (or clerk): a disc in its clan's colour with its kind's letter."""
    fill = clan_colour(who)
    box = (cx - r, cy - r, cx + r, cy + r)
    s.draw.ellipse(box, fill=fill, outline=INK, width=2)
    if letter:
        s.draw.text((cx, cy), letter, fill=ink_on(fill), font=_font(size, True), anchor="mm")
        s.layout.add(Box(*box, "text", letter, size))
    else:
        s.symbol(*box, label="clan")


def cross(s: Sheet, box: Rect) -> None:
    """A wound: a red field with a white cross."""
    x0, y0, x1, y1 = box
    s.draw.rectangle(box, fill=WOUND, outline=INK)
    k = (x1 - x0) * 0.25
    s.draw.line((x0 + k, y0 + k, x1 - k, y1 - k), fill=(255, 255, 255), width=4)
    s.draw.line((x0 + k, y1 - k, x1 - k, y0 + k), fill=(255, 255, 255), width=4)
    s.symbol(*box, label="wound")


def barricade(s: Sheet, box: Rect) -> None:
    x0, y0, x1, y1 = box
    s.draw.rectangle(box, fill=BARRICADE, outline=INK)
    s.draw.line((x0, y1, x1, y0), fill=(230, 200, 150), width=3)
    s.symbol(*box, label="barricade")


def firing_slot(s: Sheet, box: Rect) -> None:
    s.draw.ellipse(box, fill=FREE, outline=INK, width=2)
    s.symbol(*box, label="firing position")


def draw_section(s: Sheet, v: dict[str, Any], i: int, box: Rect, marks: dict[str, str],
                 say: Any) -> None:
    """Section ``i`` into ``box``; ``marks`` maps rewards and units to their letters, ``say``
    renders a catalog key."""
    sec = v["sections"][i]
    size = s.min_px
    x0, y0, x1, y1 = box
    w = x1 - x0
    s.frame(*box, label=f"section {i + 1}")
    s.text(((x0 + x1) / 2, y0 + 2), say("great_wall.board.section", s=i + 1), size, INK,
           bold=True, anchor="ma")
    y = y0 + size * 1.3
    if sec["blocked"]:
        s.draw.rectangle((x0, y, x1, y1), fill=BLOCKED)
        s.wrapped(x0 + 8, (y + y1) / 2 - size, say("great_wall.board.blocked"), w - 16, size)
        return
    field = min(56.0, (w - 12) / 3)
    title = size * 1.25 + 4
    for row in (2, 1, 0):
        # A card of three rows of fields is drawn taller, with smaller fields.
        tall = row < len(sec["hordes"]) and len(sec["hordes"][row]["fields"]) > 2
        card_h = title + (3 * TALL_FIELD if tall else 2 * field) + 8
        rect = (x0, y, x1, y + card_h)
        if row < len(sec["hordes"]):
            _card(s, sec["hordes"][row], rect, TALL_FIELD if tall else field, marks, say)
        else:
            s.draw.rectangle(rect, outline=EMPTY_SLOT, width=2)
        y += card_h + 6
    y = _wall(s, sec, x0, y, x1, say)
    y = _firing(s, sec, x0, y + 4, x1, marks)
    _staging(s, sec, x0, y + 4, x1, y1, marks)


def _card(s: Sheet, card: dict[str, Any], rect: Rect, field: float, marks: dict[str, str],
          say: Any) -> None:
    """A Horde card: its name across the top, its fields below, its offence beside them (in
    the name's row when the fields leave it no room)."""
    size = s.min_px
    x0, y0, x1, _ = rect
    s.draw.rectangle(rect, fill=CARD, outline=INK, width=2)
    fields = card["fields"]
    rows = len(fields)
    left, top = x0 + 6, y0 + size * 1.25 + 4
    amounts = card.get("amounts") or []
    # Each field as wide as its mark needs ("2St" is wider than a square).
    widths = [[max(field, s.measure(reward_mark(marks, card["rewards"][r][c],
                                                _amount(amounts, r, c)), size) + 10)
               if value is None else field for c, value in enumerate(row)]
              for r, row in enumerate(fields)]
    offence = f"⚔{card['offence']}"
    name_room = x1 - x0 - 12
    if left + sum(widths[-1]) + 6 > x1 - 8 - s.measure(offence, size, True):
        b = s.text((x1 - 8, y0 + 4), offence, size, INK, bold=True, anchor="ra")
        name_room = b.x0 - 8 - (x0 + 6)
    else:
        s.text((x1 - 8, top + rows * field), offence, size, INK, bold=True, anchor="rd")
    s.fitted((x0 + 6, y0 + 4), say(f"great_wall.card.{card['id']}"), name_room, size, INK,
             bold=True)
    for r, row in enumerate(fields):
        x = left
        for c, value in enumerate(row):
            w = widths[r][c]
            box = (x + 2, top + r * field + 2, x + w - 2, top + (r + 1) * field - 2)
            x += w
            if value == "w":
                cross(s, box)
            elif value is None:
                reward_field(s, box, reward_mark(marks, card["rewards"][r][c],
                                                 _amount(amounts, r, c)), size)
            else:
                s.draw.rectangle(box, fill=FREE, outline=INK)
                disc(s, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2,
                     value[0], marks[value[1]], size)


def _amount(amounts: list[list[int]], r: int, c: int) -> int:
    """A field's printed amount (1 when the view has none)."""
    try:
        return int(amounts[r][c] or 1)
    except (IndexError, TypeError, ValueError):
        return 1


def reward_mark(marks: dict[str, str], reward: str, amount: int = 1) -> str:
    """What a free field shows: its reward's mark, after its amount when more than one."""
    mark = marks.get(reward, "")
    return f"{amount}{mark}" if mark and amount > 1 else mark


def reward_field(s: Sheet, box: Rect, mark: str, size: int) -> None:
    """A free field with its reward's mark (none printed: an empty field)."""
    s.draw.rectangle(box, fill=FREE, outline=INK)
    if mark:
        s.draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), mark, fill=INK,
                    font=_font(size), anchor="mm")
        s.layout.add(Box(*box, "text", mark, size))
    else:
        s.symbol(*box, label="field")


def _wall(s: Sheet, sec: dict[str, Any], x0: float, y: float, x1: float, say: Any) -> float:
    """The wall: its level and barricades, then defence against offence (red when the Horde
    would break through)."""
    size = s.min_px
    h = size * LEADING
    s.draw.rectangle((x0, y, x1, y + 3 * h + 10), fill=WALL)
    b = s.text((x0 + 8, y + 4), say("great_wall.board.wall_level", level=sec["wall"]), size, INK,
               bold=True)
    bx = b.x1 + 10
    bw = size * 0.55
    for _ in range(int(sec["barricades"])):
        if bx + bw > x1 - 4:
            break
        barricade(s, (bx, y + 6, bx + bw, y + 4 + size))
        bx += bw + 4
    breach = int(sec["offence"]) > int(sec["defence"])
    s.fitted((x0 + 8, y + 6 + h), say("great_wall.board.defence", d=sec["defence"]),
             x1 - x0 - 16, size, INK)
    s.fitted((x0 + 8, y + 6 + 2 * h), say("great_wall.board.offence", o=sec["offence"]),
             x1 - x0 - 16, size, BREACH if breach else INK, bold=breach)
    return y + 3 * h + 10


def _firing(s: Sheet, sec: dict[str, Any], x0: float, y: float, x1: float,
            marks: dict[str, str]) -> float:
    """The firing positions: an archer's disc where one stands, an empty ring where none."""
    size = s.min_px
    r = size * 0.62
    x = x0 + r + 4
    for k in range(int(sec["slots"])):
        if x + r > x1:
            break
        if k < len(sec["firing"]):
            disc(s, x, y + r, r, sec["firing"][k], marks["archer"], size)
        else:
            firing_slot(s, (x - r, y, x + r, y + 2 * r))
        x += 2 * r + 6
    return y + 2 * r


def _staging(s: Sheet, sec: dict[str, Any], x0: float, y: float, x1: float, bottom: float,
             marks: dict[str, str]) -> float:
    """Each clan's soldiers in the staging area: its colour, then how many of each kind (as
    many clans as the section has room for; the text under the image lists them all)."""
    size = s.min_px
    h = size * LEADING
    for who, units in sec["staging"].items():
        if y + h > bottom:
            break
        sq = size * 0.9
        s.draw.rectangle((x0 + 4, y + (h - sq) / 2, x0 + 4 + sq, y + (h + sq) / 2),
                         fill=clan_colour(who), outline=INK)
        s.symbol(x0 + 4, y + (h - sq) / 2, x0 + 4 + sq, y + (h + sq) / 2, label="clan")
        parts = " ".join(f"{n}{marks[u]}" for u, n in units.items())
        s.fitted((x0 + 12 + sq, y + h / 2), parts, x1 - x0 - 16 - sq, size, INK, anchor="lm")
        y += h
    return y


def _font(size: int, bold: bool = False) -> Any:
    from bot.render.font import font

    return font(size, bold)

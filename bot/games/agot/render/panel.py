"""The side panel: tracks, houses, supply, the round, the Westeros cards and the context
of the current phase."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.agot.render.sprites import (
    BORDER_STYLE,
    _paste,
    _star,
    disc_sprite,
    neutral_sprite,
    order_sprite,
    power_sprite,
    unit_sprite,
)
from bot.games.agot.render.style import (
    GOLD,
    PANEL_DIM,
    PANEL_INK,
    RGB,
    font,
    house_style,
    plain,
)
from bot.i18n import view_text
from rules.agot.board import Board

TRACK_ROWS = (("throne", "Iron Throne"), ("fiefdoms", "Fiefdoms"), ("court", "King's Court"))


class Panel:
    """The side panel, written top to bottom with a moving cursor."""

    def __init__(self, img: Image.Image, x0: int, width: int) -> None:
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.x0 = x0
        self.w = width
        self.y = 12

    def text(self, x: float, y: float, s: str, size: int = 14, fill: RGB = PANEL_INK,
             anchor: str = "la") -> float:
        s = plain(s)
        self.d.text((x, y), s, font=font(size), fill=fill, anchor=anchor)
        return font(size).getlength(s)

    def heading(self, s: str) -> None:
        self.y += 8
        self.text(self.x0, self.y, s.upper(), 13, GOLD)
        self.d.line([(self.x0, self.y + 18), (self.x0 + self.w, self.y + 18)],
                    fill=(90, 80, 70), width=1)
        self.y += 24

    def chip(self, x: float, y: float, house: str, label: str | None = None, w: int = 0,
             h: int = 22) -> float:
        st = house_style(house)
        label = label if label is not None else house.capitalize()
        w = w or int(font(13).getlength(label)) + 14
        # A dark house colour needs a light edge to stand out on the dark panel.
        edge = (150, 150, 160) if sum(st.fill) < 200 else st.rim
        self.d.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=st.fill, outline=edge)
        self.text(x + w / 2, y + h / 2, label, 13, st.ink, anchor="mm")
        return w

    def wrap(self, s: str, size: int, width: float) -> list[str]:
        words, lines, cur = plain(s).split(), [], ""
        for w in words:
            trial = f"{cur} {w}".strip()
            if font(size).getlength(trial) <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        if cur:
            lines.append(cur)
        return lines


def _house_of(houses: list[str], seat: Any) -> str:
    return houses[seat] if isinstance(seat, int) and 0 <= seat < len(houses) else ""


def _draw_panel(img: Image.Image, b: Board, view: dict[str, Any], x0: int, width: int) -> None:
    p = Panel(img, x0 + 16, width - 32)
    seats = view.get("seats") or []
    houses = [s.get("house", "") for s in seats]
    names = {s.get("house", ""): s.get("name") or str(s.get("house", "")).capitalize()
             for s in seats}

    # Round track and phase.
    p.text(p.x0, p.y, "A GAME OF THRONES", 19, GOLD)
    rnd = int(view.get("round") or 0)
    p.y += 30
    cell = p.w / 10
    for k in range(1, 11):
        x = p.x0 + (k - 1) * cell
        current = k == rnd
        fill = GOLD if current else ((70, 64, 60) if k < rnd else (52, 48, 54))
        p.d.rounded_rectangle((x + 1, p.y, x + cell - 3, p.y + 24), radius=4, fill=fill,
                              outline=(110, 100, 90))
        p.text(x + cell / 2 - 1, p.y + 12, str(k), 14, (30, 20, 0) if current else PANEL_DIM,
               anchor="mm")
    p.y += 32
    label = view_text(view.get("phase_label") or view.get("phase"))
    for line in p.wrap(label, 15, p.w)[:3]:
        p.text(p.x0, p.y, line, 15)
        p.y += 20

    result = view.get("result")
    awaiting = [a for a in view.get("awaiting") or [] if isinstance(a, int)]
    p.y += 4
    if result:
        winners = [_house_of(houses, w) for w in result.get("winners") or []]
        p.text(p.x0, p.y + 3, "Winner:", 14, PANEL_DIM)
        x = p.x0 + 70
        for h in winners:
            x += p.chip(x, p.y, h, names.get(h)) + 6
        p.y += 28
    else:
        p.text(p.x0, p.y + 3, "Waiting for:", 14, PANEL_DIM)
        x = p.x0 + 92
        for seat in awaiting:
            h = _house_of(houses, seat)
            w = int(font(13).getlength(names.get(h, h))) + 14
            if x + w > p.x0 + p.w:
                x = p.x0 + 92
                p.y += 26
            x += p.chip(x, p.y, h, names.get(h)) + 6
        if not awaiting:
            p.text(x, p.y + 3, "nobody", 14, PANEL_DIM)
        p.y += 28

    # Influence tracks, with the dominance tokens' holders.
    p.heading("Influence tracks")
    tracks = view.get("tracks") or {}
    n = max(1, len(houses))
    stars = {s.get("house"): int(s.get("stars") or 0) for s in seats}
    label_w = 100
    slot = (p.w - label_w) / n
    for key, title in TRACK_ROWS:
        p.text(p.x0, p.y + 4, title, 14)
        for pos, seat in enumerate(tracks.get(key) or []):
            h = _house_of(houses, seat)
            x = p.x0 + label_w + pos * slot
            p.text(x + 2, p.y - 1, str(pos + 1), 10, PANEL_DIM)
            p.chip(x + 10, p.y, h, house_style(h).short if n > 3 else names.get(h, h),
                   w=int(slot - 14))
            if key == "court":
                for k in range(stars.get(h, 0)):
                    _star(p.d, (x + 16 + k * 11, p.y + 29), 5, GOLD)
        p.y += 40 if key == "court" else 30
    holders = (("Iron Throne", view.get("iron_throne"), ""),
               ("Blade", view.get("valyrian_steel_blade"),
                " (used)" if view.get("blade_used") else ""),
               ("Raven", view.get("messenger_raven"), ""))
    x = p.x0
    for title, seat, suffix in holders:
        h = _house_of(houses, seat)
        x += p.text(x, p.y + 3, f"{title}:", 13, PANEL_DIM) + 4
        x += p.chip(x, p.y, h, (names.get(h, h) or "—") + suffix) + 10
    p.y += 28

    # Houses: castles vs the target, supply, power, cards.
    p.heading("Houses")
    cols = (("Castles", 146), ("Supply", 240), ("Power", 292), ("Hand", 342), ("Disc.", 390))
    for title, cx in cols:
        p.text(p.x0 + cx, p.y, title, 12, PANEL_DIM, anchor="ma")
    p.y += 18
    to_win = int(view.get("castles_to_win") or 7)
    for s in seats:
        h = s.get("house", "")
        p.chip(p.x0, p.y, h, names.get(h, h), w=94)
        castles = int(s.get("castles") or 0)
        pip = 9
        for k in range(to_win):
            x = p.x0 + 102 + k * (pip + 2)
            p.d.rectangle((x, p.y + 6, x + pip, p.y + 16),
                          fill=house_style(h).fill if k < castles else (60, 56, 62),
                          outline=(120, 110, 100))
        p.text(p.x0 + 104 + to_win * (pip + 2), p.y + 11, f"{castles}/{to_win}", 13,
               PANEL_INK, anchor="lm")
        values = (s.get("supply"), s.get("power"), s.get("hand_size"),
                  len(s.get("discards") or []))
        for (_title, cx), v in zip(cols[1:], values, strict=True):
            p.text(p.x0 + cx, p.y + 11, str(v if v is not None else "–"), 15, anchor="mm")
        p.y += 27

    # Supply track 0..6 with each house's marker.
    p.heading("Supply track")
    steps = b.max_supply + 1
    colw = p.w / steps
    by_level: dict[int, list[str]] = {}
    for s in seats:
        by_level.setdefault(int(s.get("supply") or 0), []).append(s.get("house", ""))
    for lvl in range(steps):
        x = p.x0 + lvl * colw
        p.d.rounded_rectangle((x + 2, p.y, x + colw - 4, p.y + 40), radius=4,
                              fill=(52, 48, 54), outline=(100, 92, 84))
        p.text(x + 8, p.y + 3, str(lvl), 12, PANEL_DIM)
        for k, h in enumerate(by_level.get(lvl, [])):
            _paste(img, disc_sprite(h), x + 24 + (k % 2) * 18, p.y + 11 + (k // 2) * 17)
    p.y += 46

    # Wildling threat 0..12.
    p.heading("Wildling threat")
    threat = int(view.get("wildling_threat") or 0)
    wmax = b.wildling_max
    bar_w = p.w - 40
    p.d.rounded_rectangle((p.x0, p.y, p.x0 + bar_w, p.y + 16), radius=6, fill=(52, 48, 54),
                          outline=(100, 92, 84))
    if threat:
        fill_w = bar_w * min(threat, wmax) / wmax
        colour = (200, 60, 40) if threat >= 10 else ((210, 140, 40) if threat >= 6
                                                    else (120, 160, 200))
        p.d.rounded_rectangle((p.x0, p.y, p.x0 + fill_w, p.y + 16), radius=6, fill=colour)
    for k in range(0, wmax + 1, 2):
        x = p.x0 + bar_w * k / wmax
        p.text(x, p.y + 19, str(k), 11, PANEL_DIM, anchor="ma")
    p.text(p.x0 + p.w, p.y + 8, str(threat), 18, PANEL_INK, anchor="rm")
    p.y += 34

    # This round's Westeros cards and their restrictions.
    p.heading("Westeros cards this round")
    cards = view.get("westeros_cards") or []
    if not cards:
        p.text(p.x0, p.y, "none drawn yet", 14, PANEL_DIM)
        p.y += 20
    for k, cid in enumerate(cards):
        wc = b.wcards.get(cid)
        p.text(p.x0, p.y, ("I", "II", "III")[k] if k < 3 else str(k + 1), 14, GOLD)
        p.text(p.x0 + 32, p.y, wc.name if wc else str(cid), 14)
        p.y += 20
    restrictions = view.get("restrictions") or []
    if restrictions:
        names_r = [b.wcards[r].name if r in b.wcards else str(r) for r in restrictions]
        p.text(p.x0, p.y, "In force: " + ", ".join(names_r), 13, (240, 140, 110))
        p.y += 20

    _draw_context(p, b, view, houses, names)
    _draw_legend(p, img, view)


def _draw_context(p: Panel, b: Board, view: dict[str, Any], houses: list[str],
                  names: dict[str, str]) -> None:
    """What the current procedure makes public: a battle, revealed bids, ready flags."""
    battle = view.get("battle")
    frame = view.get("frame") or {}
    if battle:
        p.heading("Battle")
        area = str(battle.get("area", ""))
        att = _house_of(houses, battle.get("attacker"))
        dfn = _house_of(houses, battle.get("defender"))
        x = p.x0
        x += p.chip(x, p.y, att, names.get(att, att)) + 6
        x += p.text(x, p.y + 3, "attacks", 14, PANEL_DIM) + 6
        if dfn:
            x += p.chip(x, p.y, dfn, names.get(dfn, dfn)) + 6
        else:
            x += p.text(x, p.y + 3, f"neutral {battle.get('neutral_strength')}", 14) + 6
        p.y += 26
        p.text(p.x0, p.y, f"in {b.name.get(area, area)}", 14)
        p.y += 20
        strength = battle.get("strength") or battle.get("current_strength") or {}
        if strength:
            final = "strength" in battle
            p.text(p.x0, p.y, f"{'Final' if final else 'Before cards'}: "
                              f"{strength.get('attacker', '?')} vs {strength.get('defender', '?')}",
                   14)
            p.y += 20
        support = [(a, side) for a, side in (battle.get("support") or {}).items()]
        if support:
            backed = {"attacker": names.get(att, att), "defender": names.get(dfn, dfn) or "neutral"}
            parts = [f"{b.name.get(a, a)} ({backed.get(side, 'none') if side else '?'})"
                     for a, side in support]
            for line in p.wrap("Support: " + ", ".join(parts), 13, p.w)[:3]:
                p.text(p.x0, p.y, line, 13, PANEL_DIM)
                p.y += 18
        cards = battle.get("cards") or {}
        if cards:
            for side in ("attacker", "defender"):
                c = b.cards.get(cards.get(side) or "")
                if c:
                    p.text(p.x0, p.y, f"{side.capitalize()}: {c.name} ({c.strength})", 13)
                    p.y += 18
        elif battle.get("step") == "cards":
            ready = battle.get("cards_ready") or {}
            done = [s for s in ("attacker", "defender") if ready.get(s)]
            p.text(p.x0, p.y, "House cards chosen: " + (", ".join(done) or "none yet"), 13,
                   PANEL_DIM)
            p.y += 18
    bids = frame.get("bids")
    if isinstance(bids, dict) and bids:
        p.heading("Bids")
        x = p.x0
        for seat, bid in sorted(bids.items(), key=lambda kv: -int(kv[1])):
            h = _house_of(houses, int(seat))
            w = p.chip(x, p.y, h, f"{house_style(h).short} {bid}")
            x += w + 6
        p.y += 28
    elif view.get("phase") == "planning" and isinstance(frame.get("ready"), dict):
        ready = [int(s) for s, r in frame["ready"].items() if r]
        if ready:
            p.y += 4
            x = p.x0 + p.text(p.x0, p.y + 3, "Orders locked:", 14, PANEL_DIM) + 8
            for seat in ready:
                h = _house_of(houses, seat)
                x += p.chip(x, p.y, h, house_style(h).short) + 6
            p.y += 28


def _draw_legend(p: Panel, img: Image.Image, view: dict[str, Any]) -> None:
    """A key at the foot of the panel, so the glyphs need no explanation elsewhere."""
    y = max(p.y + 10, img.height - 92)
    p.d.line([(p.x0, y - 6), (p.x0 + p.w, y - 6)], fill=(90, 80, 70), width=1)
    x = float(p.x0)
    demo = "lannister"
    items: list[tuple[Image.Image, str]] = [
        (unit_sprite("footmen", demo, 2), "footmen"), (unit_sprite("knights", demo, 1), "knight"),
        (unit_sprite("ships", demo, 3), "ships"), (unit_sprite("footmen", demo, 1, True), "routed"),
    ]
    for sprite, label in items:
        _paste(img, sprite, x + sprite.width / 2, y + 11)
        x += sprite.width + 4 + p.text(x + sprite.width + 4, y + 4, label, 12, PANEL_DIM) + 12
    y += 28
    x = float(p.x0)
    items = [(power_sprite(demo), "power"), (neutral_sprite(3), "neutral"),
             (order_sprite(demo, "march", 1, True), "order"),
             (order_sprite(demo, None), "face down")]
    for sprite, label in items:
        _paste(img, sprite, x + sprite.width / 2, y + 11)
        x += sprite.width + 4 + p.text(x + sprite.width + 4, y + 4, label, 12, PANEL_DIM) + 12
    y += 28
    x = float(p.x0)
    p.d.line([(x, y + 11), (x + 22, y + 11)], fill=BORDER_STYLE[("land-land", False)][0], width=5)
    x += 28 + p.text(x + 28, y + 4, "river: no border", 12, PANEL_DIM) + 14
    for k in range(0, 24, 8):
        p.d.line([(x + k, y + 11), (x + k + 4, y + 11)], fill=(238, 226, 196), width=3)
    x += 30 + p.text(x + 30, y + 4, "a border", 12, PANEL_DIM) + 14
    p.d.line([(x, y + 11), (x + 20, y + 11)], fill=(200, 30, 30), width=5)
    p.d.polygon([(x + 28, y + 11), (x + 18, y + 5), (x + 18, y + 17)], fill=(200, 30, 30))
    p.text(x + 34, y + 4, "attack", 12, PANEL_DIM)


# --------------------------------------------------------------------------------- render



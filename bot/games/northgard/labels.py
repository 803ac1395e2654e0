"""How the generic move panel names Northgard's moves (buttons and select options), and the
short texts of what a card does — all from the catalog, in the reader's language."""

from __future__ import annotations

from typing import Any

from bot.discord.text import tr
from bot.games.northgard.names import card_name, cell_name, slot_name, terr_name
from rules.base import Action
from rules.northgard.data import RESOURCES, data

LIMIT = 80


def _res(r: str, locale: str) -> str:
    """One unit of a resource, counted ("1 lore", Czech "1 znalost")."""
    return tr(f"northgard.res.{r}.n", locale, n=1)


def amounts(values: dict[str, Any], locale: str) -> str:
    parts = [tr(f"northgard.res.{r}.n", locale, n=int(values.get(r, 0))) for r in RESOURCES
             if int(values.get(r, 0))]
    return ", ".join(parts) or tr("northgard.log.nothing", locale)


def effect_text(e: dict[str, Any], locale: str) -> str:
    do = e.get("do", "")
    if do == "recruit":
        return tr("northgard.effect.recruit", locale, n=int(e["n"]))
    if do == "move":
        extra = ""
        if int(e.get("strength", 0)):
            extra += tr("northgard.effect.plus_strength", locale, n=int(e["strength"]))
        if int(e.get("casualties", 0)):
            extra += tr("northgard.effect.plus_casualty", locale, n=int(e["casualties"]))
        return tr("northgard.effect.move", locale, n=int(e["steps"]), extra=extra)
    if do == "explore":
        k = int(e.get("draw", 1))
        return tr("northgard.effect.explore_draw", locale, n=k) if k > 1 else tr(
            "northgard.effect.explore", locale)
    if do == "build":
        d = int(e.get("discount", 0))
        return tr("northgard.effect.build_discount", locale, n=d) if d else tr(
            "northgard.effect.build", locale)
    if do == "draw":
        return tr(f"northgard.effect.draw_{e['rest']}", locale, n=int(e["n"]),
                  keep=int(e["keep"]))
    if do == "gain":
        return tr("northgard.effect.gain", locale, res=amounts(e, locale))
    if do == "fame":
        return tr("northgard.effect.fame", locale, n=int(e["n"]))
    if do == "fame_per":
        return tr(f"northgard.effect.fame_per_{e['per']}", locale, n=int(e["n"]))
    if do == "feast":
        return tr("northgard.effect.feast", locale)
    if do == "scorch":
        return tr("northgard.effect.scorch", locale)
    if do == "choose":
        return tr("northgard.effect.choose", locale, options=" / ".join(
            " + ".join(effect_text(x, locale) for x in opt) for opt in e["options"]))
    return do


def card_text(card: str, locale: str) -> str:
    """What a card does: its effects, the Snake's token, lightning and printed fame."""
    c = data().cards.get(card)
    if c is None:
        return card
    if c.deck == "unrest":
        return tr("northgard.effect.unrest", locale)
    if c.deck == "achievement" and c.score:
        return tr(f"northgard.effect.score_{c.score['per']}", locale, n=int(c.score["fame"]),
                  div=int(c.score.get("div", 1)))
    parts = [effect_text(dict(e), locale) for e in c.effects]
    text = " + ".join(parts)
    if c.lightning:
        text = tr("northgard.effect.lightning", locale) + " " + text
    if c.fame:
        text += " " + tr("northgard.effect.printed_fame", locale, n=c.fame)
    return text


def card_line(card: str, locale: str, sep: str = ": ") -> str:
    """A card's name and what it does — the name once where the text starts with it (the
    basic "Build" card does "Build", not "Build: Build")."""
    name, does = card_name(card, locale), card_text(card, locale)
    return does if does.lower().startswith(name.lower()) else f"{name}{sep}{does}"


def tile_text(tile_id: str, locale: str) -> str:
    """A map tile by what each of its territories holds ("Map tile: 1 food, 2 building slots |
    1 wood, den | empty"), so that two drawn tiles read apart without their ids."""
    tile = data().tiles.get(tile_id)
    if tile is None:
        return tile_id
    parts = []
    for t in tile.territories:
        bits = [tr(f"northgard.res.{r}.n", locale, n=t.res.count(r)) for r in RESOURCES
                if t.res.count(r)]
        if t.slots:
            bits.append(tr("northgard.count.slot", locale, n=len(t.slots)))
        if t.den:
            bits.append(tr("northgard.label.den", locale))
        parts.append(", ".join(bits) or tr("northgard.label.empty", locale))
    return tr("northgard.label.tile", locale, parts=parts)


def action_label(action: Action, locale: str) -> str:
    return _label(action, locale)[:LIMIT]


def _label(action: Action, locale: str) -> str:
    k, p = action.kind, action.params
    if k == "card":
        return card_line(str(p["card"]), locale)
    if k == "pass":
        take = str(p.get("take") or "")
        return tr("northgard.label.pass_take", locale, card=card_name(take, locale)) if take \
            else tr("northgard.label.pass", locale)
    if k == "upgrade":
        return tr(f"northgard.label.upgrade_{p['to']}", locale,
                  card=card_name(str(p["pick"]), locale))
    if k == "tile":
        return tile_text(str(p["tile"]), locale)
    if k == "cell":
        return tr("northgard.label.cell", locale, cell=cell_name(int(p["x"]), int(p["y"])))
    if k == "rotate":
        return tr("northgard.label.rotate", locale, deg=90 * int(p["rot"]))
    if k == "group":
        key = "group_kaija" if p.get("kaija") else "group"
        return tr(f"northgard.label.{key}", locale, terr=terr_name(str(p["terr"])))
    if k in ("monster_to", "spawn", "retreat", "scorch"):
        return tr(f"northgard.label.{k}", locale, terr=terr_name(str(p["terr"])))
    if k in ("food", "retreat_n"):
        return tr(f"northgard.label.{k}", locale, n=int(p["n"]))
    if k == "face":
        return tr(f"northgard.label.face_{p['take']}", locale)
    if k == "lose_kaija":
        return tr("northgard.label.lose_kaija_yes" if p["yes"] else "northgard.label.keep_kaija",
                  locale)
    if k == "step":
        return tr("northgard.label.step", locale, frm=terr_name(str(p["frm"])),
                  to=terr_name(str(p["to"])))
    if k == "count":
        if p.get("kaija") and not int(p["n"]):
            return tr("northgard.label.count_kaija_alone", locale)
        key = "count_kaija" if p.get("kaija") else "count"
        return tr(f"northgard.label.{key}", locale, n=int(p["n"]))
    if k in ("attack", "battle"):
        mid = str(p.get("monster") or "")
        if k == "battle" and not mid:
            return tr("northgard.label.battle", locale, terr=terr_name(str(p["terr"])))
        return tr(f"northgard.label.{k}_monster", locale, terr=terr_name(str(p["terr"])),
                  monster=tr(f"northgard.monster.{mid}", locale))
    if k == "recruit":
        key = "recruit_kaija" if p.get("kaija") else "recruit"
        return tr(f"northgard.label.{key}", locale, terr=terr_name(str(p["terr"])))
    if k == "build":
        return tr("northgard.label.build", locale,
                  building=tr(f"northgard.building.{p['building']}", locale))
    if k == "build_at":
        return tr("northgard.label.build_at", locale, slot=slot_name(str(p["slot"])))
    if k == "keep":
        return tr("northgard.label.keep", locale, card=card_name(str(p["card"]), locale))
    if k == "feast":
        return tr("northgard.label.feast", locale,
                  action=tr(f"northgard.action.{p['action']}", locale))
    if k == "choose":
        what = str(p.get("what") or "")
        if what in ("recruit", "explore", "move", "build"):
            what = tr(f"northgard.action.{what}", locale)
        return tr("northgard.label.choose", locale, n=int(p["option"]) + 1, what=what)
    if k == "take":
        return tr("northgard.label.take", locale, res=_res(str(p["res"]), locale))
    if k == "trade":
        return tr("northgard.label.trade", locale, res=_res(str(p["get"]), locale))
    if k == "pay":
        return tr("northgard.label.pay", locale, res=amounts(dict(p), locale))
    if k in ("swap", "swap_accept", "swap_decline"):
        return tr(f"northgard.label.{k}", locale, give=_res(str(p["give"]), locale),
                  get=_res(str(p["get"]), locale))
    return tr(f"northgard.label.{k}", locale)

"""Button and select labels for The Great Wall's concrete actions (the generic move panel
shows them): every word from the catalog (``great_wall.act.*``)."""

from __future__ import annotations

from bot.discord.text import tr
from rules.base import Action
from rules.great_wall.describe import COLOURS, unit_forms


def _loc(loc: str, locale: str) -> str:
    return tr(f"great_wall.loc.{loc}", locale)


def _card(card: str, locale: str) -> str:
    return tr(f"great_wall.card.{card}", locale)


def _unit(unit: str, locale: str) -> str:
    return tr(f"great_wall.unit.{unit}", locale)


def _where(where: str, locale: str) -> str:
    if where.startswith("unit:"):
        return tr("great_wall.act.under_unit", locale, **unit_forms(where[5:]))
    if where.startswith("horde:"):
        return tr("great_wall.act.on_horde", locale, n=int(where[6:]) + 1)
    return tr(f"great_wall.act.shame_{where}", locale)


#: Moves named by their positions alone: each (placeholder, parameter) pair, counted from 1
#: on the button as the board counts (sections, fields, rows, slots).
_NUMBERED: dict[str, tuple[tuple[str, str], ...]] = {
    "staging": (("s", "s"),), "field": (("f", "f"),), "wound": (("row", "row"), ("f", "f")),
    "move": (("a", "from"), ("b", "to")), "fulfil": (("n", "slot"),),
    "reed_discard": (("n", "slot"),), "reed_barricade": (("s", "s"),),
    "reed_spearman": (("s", "s"), ("f", "f")),
}


def action_label(action: Action, locale: str) -> str:
    p = action.params
    k = action.kind
    if k in _NUMBERED:
        return tr(f"great_wall.act.{k}", locale,
                  **{name: int(p.get(param, 0)) + 1 for name, param in _NUMBERED[k]})
    if k in ("general", "advisor", "command", "discard", "copy"):
        return tr(f"great_wall.act.{k}", locale, card=_card(str(p.get("card")), locale))
    if k in ("stop", "skip", "done", "pass", "donate"):
        return tr(f"great_wall.act.{k}", locale)
    if k == "position":
        return tr("great_wall.act.position", locale, pos=p.get("pos"))
    if k in ("place", "advanced", "activate"):
        return tr(f"great_wall.act.{k}", locale, loc=_loc(str(p.get("loc")), locale))
    if k == "source" and p.get("src") == "supply":
        return tr("great_wall.act.source_supply", locale)
    if k == "source":
        return tr("great_wall.act.source", locale, loc=_loc(str(p.get("src")), locale))
    if k == "promote":
        if p.get("unit"):
            return tr("great_wall.act.promote_new", locale, loc=_loc(str(p.get("loc")), locale),
                      unit=_unit(str(p.get("unit")), locale))
        return tr("great_wall.act.promote", locale, loc=_loc(str(p.get("loc")), locale))
    if k == "build":
        return tr(f"great_wall.act.build_{p.get('what')}", locale, s=int(p.get("s", 0)) + 1)
    if k == "hire":
        if p.get("what") == "clerk":
            return tr("great_wall.act.hire_clerk", locale)
        return tr("great_wall.act.hire_advisor", locale, n=int(p.get("slot", 0)) + 1)
    if k == "role":
        return tr(f"great_wall.act.role_{p.get('role')}", locale)
    if k == "recruit":
        return tr("great_wall.act.recruit", locale, **unit_forms(str(p.get("unit"))))
    if k == "target":
        if p.get("row") == -1:
            return tr("great_wall.act.firing", locale, s=int(p.get("s", 0)) + 1)
        return tr("great_wall.act.target", locale, s=int(p.get("s", 0)) + 1,
                  row=int(p.get("row", 0)) + 1, f=int(p.get("f", 0)) + 1)
    if k == "attacker":
        return tr(f"great_wall.act.attacker_{p.get('from')}", locale,
                  **unit_forms(str(p.get("unit"))), s=int(p.get("s", 0)) + 1)
    if k == "next":
        return tr("great_wall.act.next", locale, clan=tr(
            f"great_wall.seat.{COLOURS[int(p.get('clan', 0)) % 4]}", locale))
    if k == "kill":
        return tr("great_wall.act.kill", locale, **unit_forms(str(p.get("unit"))),
                  row=int(p.get("row", 0)) + 1)
    if k == "rescue":
        return tr("great_wall.act.rescue_unit", locale, **unit_forms(str(p.get("unit"))))
    if k == "pay":
        parts = [tr(f"great_wall.amount.{r}", locale, n=int(p[r]))
                 for r in ("wood", "stone", "gold") if int(p.get(r, 0))]
        return tr("great_wall.act.pay", locale, mix=", ".join(parts))
    if k == "take_back":
        return tr("great_wall.act.take_back", locale, card=_card(str(p.get("card")), locale))
    if k == "hq_all":
        return tr("great_wall.act.hq_all", locale)
    if k == "hq_unit":
        return tr(f"great_wall.act.hq_{p.get('from')}_{p.get('to')}", locale,
                  **unit_forms(str(p.get("unit"))))
    if k == "reed_move":
        return tr("great_wall.act.reed_move", locale, a=_loc(str(p.get("src")), locale),
                  b=_loc(str(p.get("dst")), locale))
    if k == "shame":
        return tr("great_wall.act.shame", locale, where=_where(str(p.get("where")), locale))
    if k == "unshame":
        return tr("great_wall.act.unshame", locale, where=_where(str(p.get("where")), locale))
    if k == "recover":
        return tr("great_wall.act.recover_take" if p.get("take") else
                  "great_wall.act.recover_honor", locale)
    if k == "play":
        key = "great_wall.act.play_enhanced" if p.get("enhanced") else "great_wall.act.play"
        return tr(key, locale, card=_card(str(p.get("card")), locale))
    return tr("great_wall.act.other", locale)

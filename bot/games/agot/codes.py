"""What a click means, in a few characters: short action codes and multi-step drafts that
ride inside a component's ``custom_id`` (so a panel survives restarts and needs no memory).

Everything decoded here is client data: it only ever becomes an ``Action`` proposal that the
engine validates (and the pipeline checks against the seat's current options).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.agot.text import UNITS, area_units, is_sea
from rules.agot.board import board
from rules.agot.supply import fits
from rules.base import Action, ActionSpec

Options = Sequence[Action | ActionSpec]
SIDES = ("attacker", "defender", "none")
MAX_ROWS = 4  # selects per panel; the fifth row holds buttons
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


# ---- pick codes: one concrete choice ----------------------------------------------------------
def pick_code(action: Action) -> str | None:
    """The code of a pickable action (ready, support side, House card, bid, tie order)."""
    p = action.params
    if action.kind == "ready":
        return "r"
    if action.kind == "support" and p.get("side") in SIDES:
        return f"s.{p['side']}"
    if action.kind == "support" and isinstance(p.get("areas"), Mapping) and len(p["areas"]) == 1:
        ((area, side),) = p["areas"].items()
        return f"a.{side}.{area}" if side in SIDES else None
    if action.kind == "choose_card" and isinstance(p.get("card"), str):
        return f"c.{p['card']}"
    if action.kind == "bid" and isinstance(p.get("amount"), int):
        return f"b.{p['amount']}"
    if action.kind == "order_ties":
        return "t." + ".".join(str(s) for s in p.get("ranking", []))
    return None


def decode_pick(code: str) -> tuple[Action, bool] | None:
    """(action, secret): a secret pick stays valid while it is still one of the seat's options
    (simultaneous choices: others moving meanwhile do not make it stale). One area's support
    (``a.side.area``) is not secret; ``agot_flow.pick`` keeps it valid while that area is
    still undeclared."""
    head, _, rest = code.partition(".")
    if head == "r" and not rest:
        return Action("ready"), True
    if head == "s" and rest in SIDES:
        return Action("support", {"side": rest}), True
    side, _, area = rest.partition(".")
    if head == "a" and side in SIDES and area:
        return Action("support", {"areas": {area: side}}), False
    if head == "c" and rest:
        return Action("choose_card", {"card": rest, "ready": True}), True
    if head == "b" and rest.isdigit() and len(rest) <= 3:
        return Action("bid", {"amount": int(rest), "ready": True}), True
    if head == "t" and rest:
        parts = rest.split(".")
        if all(x.isdigit() and len(x) <= 2 for x in parts):
            return Action("order_ties", {"ranking": [int(x) for x in parts]}), False
    return None


# ---- orders --------------------------------------------------------------------------------
def order_choices(area: str, mine: Mapping[str, str], tokens: Sequence[str], stars: int
                  ) -> list[str]:
    """Order tokens the seat may still put in ``area``: not placed elsewhere, within the star
    limit, no Consolidate Power at sea, only kinds allowed this round (``tokens``). Identical
    tokens (two Defense +1) are offered once."""
    b = board()
    elsewhere = {a: t for a, t in mine.items() if a != area}
    used = set(elsewhere.values())
    special_used = sum(1 for t in elsewhere.values() if b.tokens[t].special)
    current = mine.get(area)
    out: list[str] = []
    seen: set[str] = set()
    ordered = ([current] if current in tokens else []) + [t for t in tokens if t != current]
    for tok in ordered:
        t = b.tokens.get(tok)
        if t is None or tok in used or t.label in seen:
            continue
        if t.special and special_used >= stars:
            continue
        if t.kind == "consolidate" and is_sea(area):
            continue
        seen.add(t.label)
        out.append(tok)
    return sorted(out, key=lambda x: list(b.token_ids).index(x))


# ---- march drafts: a destination index per unit, plus "leave a power token" -------------------
def march_slots(info: Mapping[str, Any]) -> list[str]:
    """The units that can march from an area, one slot each (footmen, knights, ships)."""
    counts = area_units(info)
    return [u for u in UNITS for _ in range(counts[u])][:MAX_ROWS]


def encode_march(dests: Sequence[int], power: bool) -> str:
    return ".".join(str(d) for d in dests) + ("-1" if power else "-0")


def decode_march(text: str, slots: int) -> tuple[list[int], bool]:
    body, _, power = text.rpartition("-")
    picks = [int(x) for x in body.split(".") if x.isdigit() and len(x) <= 2] if body else []
    picks = (picks + [0] * slots)[:slots]
    return picks, power == "1"


def march_moves(slots: Sequence[str], picks: Sequence[int], dests: Sequence[str]
                ) -> dict[str, dict[str, int]]:
    moves: dict[str, dict[str, int]] = {}
    for unit, pick in zip(slots, picks, strict=False):
        if 1 <= pick <= len(dests):
            to = moves.setdefault(dests[pick - 1], {})
            to[unit] = to.get(unit, 0) + 1
    return moves


# ---- muster drafts: a build combination per castle ------------------------------------------
Build = dict[str, str]


def muster_combos(area: str, view: Mapping[str, Any]) -> list[list[Build]]:
    """What a castle (1 point) or stronghold (2 points) can build: nothing, one item, a knight,
    or two one-point items. Ships go to an adjacent sea free of other houses."""
    b = board()
    seat = (view.get("you") or {}).get("seat")
    here = view.get("board", {}).get(area, {})
    singles: list[Build] = [{"area": area, "unit": "footman"}]
    if here.get("seat") == seat and here.get("footmen", 0):
        singles.append({"area": area, "unit": "upgrade"})
    for sea in b.sea_adj.get(area, ()):
        other = view.get("board", {}).get(sea, {})
        if other.get("seat") in (None, seat) and "neutral" not in other:
            singles.append({"area": area, "unit": "ship", "sea": sea})
    combos: list[list[Build]] = [[]] + [[s] for s in singles]
    if b.castle.get(area, 0) >= 2:
        combos.append([{"area": area, "unit": "knight"}])
        upgrades = int(here.get("footmen", 0)) if here.get("seat") == seat else 0
        for i, first in enumerate(singles):
            combos += [[first, second] for second in singles[i:]
                       if not (first["unit"] == second["unit"] == "upgrade" and upgrades < 2)]
    return combos[:25]


def encode_muster(picks: Sequence[int]) -> str:
    return "".join(BASE36[p] if 0 <= p < len(BASE36) else "0" for p in picks) or "0"


def decode_muster(text: str, n: int) -> list[int]:
    picks = [BASE36.index(ch) if ch in BASE36 else 0 for ch in text[:n]]
    return (picks + [0] * n)[:n]


def muster_builds(areas: Sequence[str], picks: Sequence[int], view: Mapping[str, Any]
                  ) -> list[Build]:
    builds: list[Build] = []
    for area, pick in zip(areas, picks, strict=False):
        combos = muster_combos(area, view)
        if 0 <= pick < len(combos):
            builds += combos[pick]
    return builds


def muster_refusal(builds: Sequence[Build], view: Mapping[str, Any]) -> str | None:
    """Why the engine would refuse these builds, in its order: ``"supply"`` (a new unit
    over the supply limit), ``"limit"`` (every unit of a kind already on the board), else
    None. The panel then disables Confirm and says why (a press would only be refused)."""
    seat = (view.get("you") or {}).get("seat")
    level = next((int(s.get("supply", 0)) for s in view.get("seats", [])
                  if s.get("seat") == seat), 0)
    sizes: dict[str, int] = {}
    counts = dict.fromkeys(UNITS, 0)
    for area, info in (view.get("board") or {}).items():
        if info.get("seat") == seat:
            units = area_units(info)
            sizes[area] = sum(units.values())
            for unit in UNITS:
                counts[unit] += units[unit]
    limits = dict(zip(("footman", "knight", "ship"), board().unit_limits, strict=True))
    for build in builds:
        unit = str(build.get("unit"))
        if unit == "upgrade":
            if counts["knight"] >= limits["knight"]:
                return "limit"
            counts["footman"], counts["knight"] = counts["footman"] - 1, counts["knight"] + 1
            continue
        if unit not in limits:
            continue
        if counts[unit] >= limits[unit]:
            return "limit"
        target = str(build.get("sea") if unit == "ship" else build.get("area"))
        sizes[target] = sizes.get(target, 0) + 1
        if not fits(list(sizes.values()), level):
            return "supply"
        counts[unit] += 1
    return None


# ---- destroying chosen units --------------------------------------------------------------
def unit_values(view: Mapping[str, Any], areas: Sequence[str]) -> list[tuple[str, str, int]]:
    """(area, unit, n-th) for every standing unit of the viewer in ``areas``."""
    out = []
    for area in areas:
        counts = area_units(view.get("board", {}).get(area, {}))
        for unit in UNITS:
            out += [(area, unit, k) for k in range(counts[unit])]
    return out[:25]


def destroy_units(values: Sequence[str]) -> dict[str, dict[str, int]]:
    units: dict[str, dict[str, int]] = {}
    for value in values:
        area, _, rest = value.partition("|")
        unit, _, _k = rest.partition("|")
        if area and unit in UNITS:
            here = units.setdefault(area, {})
            here[unit] = here.get(unit, 0) + 1
    return units


def spec_of(actions: Options, kind: str) -> ActionSpec | None:
    return next((a for a in actions if isinstance(a, ActionSpec) and a.kind == kind), None)


def concrete(actions: Options, kind: str | None = None) -> list[tuple[int, Action]]:
    return [(i, a) for i, a in enumerate(actions)
            if isinstance(a, Action) and (kind is None or a.kind == kind)]

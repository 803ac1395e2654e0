"""Redacted views: the public table plus, for a seat, its hand, its fame and what only it may
see of a pending decision; the phase label and what a seat still owes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.base import Text, text
from rules.northgard.board import (
    bear_seat,
    on_map,
    regular_on_map,
    supply,
    team_of,
)
from rules.northgard.data import UNITS_PER_PLAYER
from rules.northgard.geometry import map_info, on_forget
from rules.northgard.machine import MACHINE
from rules.northgard.names import colour, terr_name
from rules.northgard.state import State, deep

#: Frames that name the phase the game is in (innermost wins).
PHASES = {"setup": "setup", "actions": "actions", "monster_phase": "monsters",
          "harvest": "harvest", "second_chance": "end_of_year"}


def phase_id(st: State) -> str:
    if st.result is not None:
        return "game_over"
    for fr in reversed(st.stack):
        if fr["kind"] in PHASES:
            return PHASES[fr["kind"]]
        if fr["kind"] == "year":
            return {3: "winter", 4: "winter", 5: "end_of_year"}.get(fr["step"], "start")
    return "start"


def phase_label(st: State) -> Text:
    if st.result is not None:
        return text("northgard.phase.game_over", reason=Text.from_json(st.result["reason"]))
    return text(f"northgard.phase.{phase_id(st)}", year=st.year, years=st.years)


def progress(st: State, seat: int) -> Text:
    if st.result is not None:
        return text("northgard.progress.over")
    if seat not in MACHINE.awaiting(st):
        return text("northgard.progress.waiting")
    fr = st.stack[-1]
    return MACHINE.handlers[fr["kind"]].progress(st, fr, seat)  # type: ignore[return-value]


@lru_cache(maxsize=512)
def _static(placements: tuple[tuple[str, int, int, int], ...]) -> tuple[dict[str, Any], ...]:
    """The map's territories as drawn (shared between views of one map: never mutated)."""
    m = map_info(placements)
    return tuple({
        "id": r, "name": terr_name(r), "nodes": list(m.members[r]), "closed": m.closed[r],
        "span": m.span[r], "res": list(m.res[r]), "den": m.den[r],
        "slots": [[k, kind] for k, kind in m.slots[r]],
        "adjacent": {terr_name(t): kind for t, kind in m.adj[r].items()},
    } for r in m.roots)


on_forget(_static.cache_clear)


def _territories(st: State) -> list[dict[str, Any]]:
    bear = bear_seat(st)
    here: dict[str, list[str]] = {}
    for mid in st.monster_row:
        if mid in st.monsters:
            here.setdefault(st.monsters[mid], []).append(mid)
    out = []
    for static in _static(tuple(tuple(p) for p in st.placements)):  # type: ignore[misc]
        r = static["id"]
        u = st.units.get(r)
        built = [[k, st.buildings[k]] for k, _ in static["slots"] if k in st.buildings]
        out.append({
            **static,
            "units": {str(s): u[s] for s in range(st.n) if u[s]} if u else {},
            "kaija": bear if st.kaija == r else -1,
            "buildings": built, "building_types": [b for _, b in built],
            "monsters": here.get(r, []), "scorch": st.scorch == r,
        })
    return out


def _pending(st: State, seat: int | None) -> dict[str, Any]:
    """The decision being taken, as the table sees it (never another seat's secrets)."""
    if not st.stack:
        return {}
    fr = st.stack[-1]
    kind = fr["kind"]
    out: dict[str, Any] = {"kind": kind, "seats": sorted(MACHINE.awaiting(st))}
    if kind == "combat":
        out.update({k: fr[k] for k in ("terr", "att", "dfn", "monster", "food", "face", "pick",
                                       "step")})
        out["name"] = terr_name(fr["terr"])
    elif kind == "place_tile":
        out.update(purpose=fr["purpose"], tile=fr["tile"], cell=fr["cell"],
                   tiles=list(fr["tiles"]) if fr["purpose"] == "explore" else [])
    elif kind in ("move", "recruit", "build"):
        out.update({k: fr[k] for k in ("left", "btype") if k in fr})
        if kind == "move":
            out["step"] = fr["sel"]
    elif kind == "keep":
        out.update(n=len(fr["cards"]), keep=fr["keep"])
        if seat == fr["seat"]:
            out["cards"] = list(fr["cards"])
    elif kind == "turn":
        out.update(main=fr["main"])
        if seat == fr["seat"]:
            out["sel"] = fr["sel"]
    elif kind == "trade":
        out.update(done=list(fr["done"]), get=list(fr["get"]),
                   offers=[dict(o) if o else None for o in fr.get("offers") or [None] * st.n])
    if "seat" in fr:
        out["seat"] = fr["seat"]
    return out


#: Frame fields only their seat may see: a Draw's cards, the card picked up in a turn.
_SECRET = {"keep": ("cards",), "turn": ("sel",)}


def _procedure(st: State) -> list[dict[str, Any]]:
    """The whole stack of procedures, as the table sees it: what is still to be done after the
    pending decision (an AI rebuilds the game from it). Secret fields read ``None`` here (a
    seat sees its own in ``pending``); a Draw's cards are counted."""
    out = []
    for fr in st.stack:
        hide = _SECRET.get(fr["kind"], ())
        copy = {k: (None if k in hide else v) for k, v in fr.items()}
        if fr["kind"] == "keep":
            copy["cards"] = len(fr["cards"])
        elif fr["kind"] == "turn":
            copy["sel"] = fr["sel"] is not None
        elif fr["kind"] == "trade":
            # the offers list is created by its first reader (TradeFrame.offers): shown the
            # same whether or not anything read it yet, so a stored and reloaded state views
            # alike (a panel's context token is a digest of the view)
            copy["offers"] = [dict(o) if o else None for o in fr.get("offers") or [None] * st.n]
        out.append(copy)
    return deep(out)


def seat_view(st: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """``build_view(st, seat)`` from the public view of ``st``: the same but for the pending
    decision as the seat sees it and the seat's own hand."""
    return {**public, "pending": _pending(st, seat), "you": _you(st, seat)}


def _you(st: State, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "hand": list(st.hand[seat]), "fame": st.fame[seat]}
    if st.team:
        # "Navíc mají společnou slávu." — teammates share their fame: both see the team's
        # total (the other team still sees neither).
        out["team_fame"] = st.fame[seat] + st.fame[(seat + 2) % 4]
    return out


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    bear = bear_seat(st)
    seats = []
    for s in range(st.n):
        known = st.draw[s][len(st.draw[s]) - st.known_top[s]:] if st.known_top[s] else []
        seats.append({
            "seat": s, "colour": colour(s), "clan": st.clans[s],
            "team": team_of(st, s) if st.team else None,
            "res": {"food": st.res[s][0], "wood": st.res[s][1], "lore": st.res[s][2]},
            "hand": len(st.hand[s]), "deck": len(st.draw[s]), "deck_top": list(known),
            "discard": list(st.discard[s]), "active": list(st.active[s]),
            "passed": st.passed[s], "units": regular_on_map(st, s),
            "on_map": on_map(st, s), "supply": supply(st, s), "max_units": UNITS_PER_PLAYER,
            "kaija": (st.kaija or "in_supply") if s == bear else None,
            "upgrades": list(st.upgrades[s]), "held_tiles": list(st.held[s]),
        })
    view: dict[str, Any] = {
        "game": "northgard",
        "phase": phase_id(st),
        "phase_label": phase_label(st).to_json(),
        "year": st.year, "years": st.years, "first": st.first, "team": st.team,
        "monsters_on": st.monsters_on, "more_monsters": st.more_monsters,
        "seats": seats,
        "tiles": [list(p) for p in st.placements],
        "territories": _territories(st),
        "dev_row": list(st.dev_row), "ach_row": list(st.ach_row),
        "dev_deck": len(st.dev_deck), "tile_stack": len(st.tile_stack),
        "unrest_left": st.unrest_left, "pass_order": list(st.pass_order),
        "monster_row": list(st.monster_row), "monster_deck": len(st.monster_deck),
        "monster_discard": list(st.monster_discard),
        "pending": _pending(st, seat),
        "awaiting": sorted(MACHINE.awaiting(st)),
        "procedure": _procedure(st),
    }
    if st.result is not None:
        view["result"] = {"winners": st.result["winners"], "ranking": st.result["ranking"],
                          "scores": st.result["scores"], "fame": st.result["fame"]}
    if seat is not None:
        view["you"] = _you(st, seat)
    return view

"""Redacted views: the public board plus, for a seat, its private information."""

from __future__ import annotations

from typing import Any

from rules.agot.board import board
from rules.agot.control import castle_counts, controllers
from rules.agot.flow import HANDLERS, awaiting
from rules.agot.planning import stars
from rules.agot.state import State
from rules.base import Text, text


def reason_text(reason: Any) -> str | Text:
    """A stored result's reason: a catalog text (a sentence in games finished before)."""
    return Text.from_json(reason) if isinstance(reason, dict) else str(reason)


def _json_label(label: str | Text) -> Any:
    return label.to_json() if isinstance(label, Text) else label


def phase_id(st: State) -> str:
    if st.result is not None:
        return "game_over"
    fr = st.stack[-1]
    step = fr.get("step")
    return f"{fr['kind']}:{step}" if isinstance(step, str) else fr["kind"]


def phase_label(st: State) -> str | Text:
    if st.result is not None:
        return text("agot.phase.game_over", reason=reason_text(st.result["reason"]))
    fr = st.stack[-1]
    return text("agot.phase.round", round=st.round, phase=HANDLERS[fr["kind"]].label(st, fr))


def build_view(st: State, seat: int | None) -> dict[str, Any]:
    return _with_seat(st, _shared(st), seat)


def seat_view(st: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """``build_view(st, seat)`` from the public view of ``st``: its parts are the same for
    every viewer but the frame's (and the battle's) and the seat's own."""
    return _with_seat(st, dict(public), seat)


def _shared(st: State) -> dict[str, Any]:
    """Every part of the view that is the same whoever looks (the frame's is filled in by
    ``_with_seat``)."""
    b = board()
    areas: dict[str, Any] = {}
    for a, u in sorted(st.units.items()):
        areas[a] = {"house": st.houses[u[0]], "seat": u[0],
                    "footmen": u[1], "knights": u[2], "ships": u[3],
                    "routed": {"footmen": u[4], "knights": u[5], "ships": u[6]}}
    for a, s in sorted(st.tokens.items()):
        areas.setdefault(a, {})["power_token"] = st.houses[s]
    for a, o in sorted(st.orders.items()):
        areas.setdefault(a, {})["order"] = {"seat": o[0], "token": o[1],
                                            "label": b.tokens[o[1]].label}
    top = st.stack[-1] if st.stack else None
    if top is not None and top["kind"] == "planning":
        # A house that pressed Ready has put its orders on the board face down: where they
        # stand is public (as at the table), which order each is stays secret.
        for s in range(st.n):
            if top["ready"][s]:
                for a in sorted(top["orders"][s]):
                    areas.setdefault(a, {})["order"] = {"seat": s, "face_down": True}
    for a, (strength, house) in sorted(st.neutral.items()):
        areas.setdefault(a, {})["neutral"] = {"strength": strength, "house": house}
    controlled = {a: st.houses[c] for a, c in controllers(st).items()}
    counts = castle_counts(st)
    view: dict[str, Any] = {
        "game": "agot",
        "phase": phase_id(st),
        "phase_label": _json_label(phase_label(st)),
        "round": st.round,
        "seats": [{"seat": s, "house": st.houses[s], "name": b.house_name[st.houses[s]],
                   "power": st.power[s], "supply": st.supply[s], "castles": counts[s],
                   "stars": stars(st, s), "hand_size": len(st.hands[s]),
                   "discards": list(st.discards[s])} for s in range(st.n)],
        "tracks": {k: list(v) for k, v in st.tracks.items()},
        "iron_throne": st.tracks["throne"][0],
        "valyrian_steel_blade": st.tracks["fiefdoms"][0],
        "blade_used": st.blade_used,
        "messenger_raven": st.tracks["court"][0],
        "wildling_threat": st.wildling,
        "castles_to_win": st.castles_to_win,
        "westeros_cards": list(st.westeros),
        "restrictions": list(st.restrictions),
        "board": areas,
        "control": controlled,
        "awaiting": sorted(awaiting(st)),
        "frame": {},
        "result": st.result,
    }
    return view


def _with_seat(st: State, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``view`` (the shared parts) completed for ``seat``: the frame as the seat sees it, the
    battle behind it, and the seat's own hand, orders and bids."""
    fr = st.stack[-1] if st.stack else None
    view["frame"] = HANDLERS[fr["kind"]].view(st, fr, seat) if fr else {}
    # The stack below the top frame carries public context (e.g. the battle behind a choice).
    for below in st.stack[:-1]:
        if below["kind"] == "battle":
            view["battle"] = HANDLERS["battle"].view(st, below, seat)
    if fr is not None and fr["kind"] == "battle":
        view["battle"] = view["frame"]
    if seat is not None:
        view["you"] = {"seat": seat, "house": st.houses[seat], "hand": sorted(st.hands[seat]),
                       "discards": list(st.discards[seat]), "power": st.power[seat],
                       "stars": stars(st, seat)}
        for below in st.stack:
            h = HANDLERS[below["kind"]]
            v = h.view(st, below, seat)
            for key in ("your_orders", "your_bid", "your_card"):
                if key in v:
                    view["you"][key] = v[key]
    return view

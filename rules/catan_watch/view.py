"""Redacted, JSON-safe views of the state."""

from __future__ import annotations

from typing import Any

from rules.base import Text, text
from rules.catan_watch import dev_cards, heroes, trade
from rules.catan_watch import phases as ph
from rules.catan_watch.common import counts_json, piece_text
from rules.catan_watch.data import CLAN_NAMES, DEV_CARDS, HEROES, RESOURCES
from rules.catan_watch.describe import COLOURS, seat_label
from rules.catan_watch.engine import awaiting
from rules.catan_watch.points import guards_on_wall, hidden_vp, public_vp
from rules.catan_watch.state import State


def phase_label(state: State) -> Text:
    p, cur = state.phase, seat_label(state.current)
    if p == ph.SETUP:
        seat, step = state.setup_queue[0]
        return text("catan.label.setup", who=seat_label(seat), piece=piece_text(step))
    if p == ph.ROAD_BUILDING:
        return text("catan.label.road_building", who=cur, n=state.free_roads)
    if p == ph.DISCARD:
        return text("catan.label.discard")
    if p == ph.OVER:
        return text("catan.label.over")
    return text(_LABELS[p], who=cur)


_LABELS = {
    ph.ROLL: "catan.label.roll",
    ph.TORMUND: "catan.label.tormund",
    ph.MAIN: "catan.label.main",
    ph.TRADE: "catan.label.trade",
    ph.TRADE_CONFIRM: "catan.label.trade_confirm",
    ph.MORMONT: "catan.label.mormont",
    ph.MELISANDRE: "catan.label.melisandre",
    ph.MANCE: "catan.label.mance",
    ph.TRAGEDY: "catan.label.tragedy",
}


def progress(state: State, seat: int) -> Text:
    if seat not in awaiting(state):
        return text("catan.progress.waiting")
    p = state.phase
    if p == ph.SETUP:
        return text("catan.progress.setup", piece=piece_text(state.setup_queue[0][1]))
    if p == ph.DISCARD:
        return text("catan.progress.discard", n=state.discard_need[seat])
    if p == ph.TRADE and seat == state.current:
        return text("catan.progress.own_offer")
    if p == ph.TRADE:
        return text("catan.progress.answer_offer")
    if p == ph.ROLL:
        return text("catan.progress.roll")
    if p == ph.MAIN:
        return text("catan.progress.main")
    return phase_label(state)


#: The board's printed part (hexes, corners, edges) per layout: a layout is shared and never
#: changed once made (``board.make_layout``), so its listing is built once, not per view.
#: Views are read, never edited, by everything that takes them.
_PRINTED: dict[int, tuple[Any, dict[str, Any]]] = {}
_PRINTED_KEPT = 256


def _printed(state: State) -> dict[str, Any]:
    lay = state.layout
    hit = _PRINTED.get(id(lay))
    if hit is not None and hit[0] is lay:
        return hit[1]
    geo = state.geo
    printed = {
        "shape": lay.shape,
        "hexes": [
            {"id": h, "q": q, "r": r, "terrain": lay.terrain[h], "number": lay.number[h] or None,
             "vertices": list(geo.hex_vertices[h])}
            for h, (q, r) in enumerate(geo.hexes)
        ],
        "vertices": [{"id": v, "x": x, "y": y, "hexes": list(geo.vertex_hexes[v]),
                      "harbour": _harbour_name(lay.harbour[v])}
                     for v, (x, y) in enumerate(geo.vertex_xy)],
        "edges": [list(e) for e in geo.edge_vertices],
    }
    if len(_PRINTED) >= _PRINTED_KEPT:
        _PRINTED.clear()
    _PRINTED[id(lay)] = (lay, printed)  # the layout kept: its id is not reused meanwhile
    return printed


def _board(state: State) -> dict[str, Any]:
    return {
        **_printed(state),
        "buildings": [
            {"vertex": v, "seat": o, "kind": "settlement" if state.building[v] == 1 else "keep"}
            for v, o in enumerate(state.owner) if o >= 0
        ],
        "roads": [{"edge": e, "seat": o} for e, o in enumerate(state.road) if o >= 0],
        "tormund": state.tormund if state.tormund >= 0 else None,
    }


def _harbour_name(kind: int) -> str | None:
    if kind < 0:
        return None
    return "3:1" if kind == 5 else f"2:1 {RESOURCES[kind]}"


def _players(state: State) -> list[dict[str, Any]]:
    out = []
    for s in range(state.n):
        p = state.pieces[s]
        item: dict[str, Any] = {
            "seat": s,
            "colour": COLOURS[s],
            "label": seat_label(s).to_json(),
            "cards": sum(state.hands[s]),
            "development_cards": len(state.dev_hand[s]),
            "watches_played": state.watches[s],
            "vp": public_vp(state, s),
            "road_length": state.road_len[s],
            "pieces_left": {"settlements": p[0], "keeps": p[1], "roads": p[2]},
        }
        if state.nw:
            item["pieces_left"]["guards"] = p[3]
            item["guards_on_wall"] = guards_on_wall(state, s)
            item["hero"] = _hero(state, s)
        if state.phase == ph.DISCARD and s in state.discard_need:
            item["discard"] = {"must": state.discard_need[s],
                               "committed": s in state.pending_discard}
        out.append(item)
    return out


def _hero(state: State, s: int) -> dict[str, Any] | None:
    h = state.hero[s]
    if not h:
        return None
    return {"number": h, "name": HEROES[h]["name"], "side": state.hero_side[s],
            "usable_from_turn": state.hero_turn[s] + 1, "text": HEROES[h]["text"]}


def _wall(state: State) -> dict[str, Any]:
    return {
        "sections": [{"guards": g[:], "clearing": c[:]}
                     for g, c in zip(state.guards, state.clearings, strict=False)],
        "breaches": state.breaches,
        "clans": [{"name": CLAN_NAMES[i], "camps": c[:]} for i, c in enumerate(state.clans)],
        "gift": {str(h): w for h, w in enumerate(state.gift) if w},
        "wildlings_in_gift": sum(1 for w in state.gift if w),
        "token_supply": len(state.tokens),
        "tokens_used": [list(t) for t in state.token_discard],
        "hero_offer": [{"number": h, "name": HEROES[h]["name"]} for h in state.hero_offer],
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    out = _public(state)
    if seat is not None:
        out["you"] = _you(state, seat)
    return out


def seat_view(state: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """``view(state, seat)`` from the public view of ``state``: the same plus the seat's own."""
    return {**public, "you": _you(state, seat)}


def _public(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "catan_watch",
        "mode": state.mode,
        "layout": state.layout_kind,
        "heroes_tragedy": state.tragedy_variant,
        "phase": state.phase,
        "phase_label": phase_label(state).to_json(),
        "turn": state.turn,
        "current": state.current,
        "first_player": state.first,
        "start_rolls": state.start_rolls,
        "awaiting": sorted(awaiting(state)),
        "dice": state.dice[:],
        "rolled": state.rolled,
        "board": _board(state),
        "bank": {r: state.bank[i] for i, r in enumerate(RESOURCES)},
        "development_deck": len(state.dev_deck),
        "longest_road": state.longest if state.longest >= 0 else None,
        "largest_watch": state.largest if state.largest >= 0 else None,
        "players": _players(state),
        "trade": None,
        "result": state.result,
        # Public facts of the running turn that decide what is legal (trading is over once
        # the active player has built; Tarly's ability needs a roll that yielded nothing) and
        # how many offers it has seen: everyone saw them happen, and an AI player, which sees
        # only its view, needs them.
        "built": state.built,
        "got_yield": state.got_yield,
        "offers_made": state.trade_count,
    }
    if state.trade is not None:
        out["trade"] = {
            "give": counts_json(state.trade["give"]),
            "get": counts_json(state.trade["get"]),
            "responses": {
                k: (None if v is None else {"give": counts_json(v["give"]),
                                            "get": counts_json(v["get"])})
                for k, v in state.trade["responses"].items()
            },
        }
    if state.nw:
        out["wall"] = _wall(state)
    return out


def _you(state: State, seat: int) -> dict[str, Any]:
    you: dict[str, Any] = {
        "seat": seat,
        "hand": {r: state.hands[seat][i] for i, r in enumerate(RESOURCES)},
        "development_cards": [
            {"card": c, "name": DEV_CARDS[c]["name"]} for c in sorted(state.dev_hand[seat])
        ],
        "hidden_vp": hidden_vp(state, seat),
        "bank_rates": {r: trade.bank_rate(state, seat, i) for i, r in enumerate(RESOURCES)},
        "playable_development": (
            dev_cards.playable_cards(state, seat) if seat == state.current else []
        ),
        "progress": progress(state, seat).to_json(),
    }
    if seat == state.current:
        you["bought_this_turn"] = sorted(state.dev_new)
    if seat in state.pending_discard:
        you["pending_discard"] = counts_json(state.pending_discard[seat])
    if state.nw:
        you["hero_ready"] = seat == state.current and heroes.ready(state, seat) is None
    if (state.phase == ph.MELISANDRE and seat == state.current and state.pending):
        you["melisandre_cards"] = list(state.pending["cards"])
    if state.phase == ph.MANCE and seat == state.current and state.pending:
        # The hand Mance Rayder's user has looked at (they take one card of it).
        target = state.pending["target"]
        you["mance_target"] = {"seat": target, "hand": counts_json(state.hands[target])}
    return you

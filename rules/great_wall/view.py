"""What each seat may see (GW-15, spec §7.1): everything on the table; behind a seat's screen
only for that seat (resources, Command hand, Tactic hand, support Advisor faces, won Horde card
faces, the cards dealt at setup and the choices not yet revealed)."""

from __future__ import annotations

from typing import Any

from rules.canonical_json import json_round_trip
from rules.content_fields import quantity
from rules.great_wall import board as B
from rules.great_wall.data import PRODUCTION, UNITS, data
from rules.great_wall.machine import MACHINE
from rules.great_wall.state import State


def who(st: State, clan: int) -> int | str:
    """A clan as views and events name it: a seat number, or "reed"/"chin"."""
    kind = st.kind(clan)
    return clan if kind == "human" else kind


def public_clan(st: State, clan: int) -> dict[str, Any]:
    c = st.clans[clan]
    advisors = data().advisors
    return {
        "who": who(st, clan), "honor": c["honor"] + c.get("token", 0), "clerks": c["clerks"],
        "unhired": c["unhired"], "supply": dict(c["sup"]), "shamed": dict(c["shamed"]),
        "hand": len(c["hand"]), "tactics": len(c["tactics"]), "general": c["general"],
        "active": list(c["active"]),
        "support": [advisors[a]["symbol"] for a in c["support"]],
        "won": [w["shame"] for w in c["won"]],
        "overseers": {loc: st.overseers[loc][clan] for loc in PRODUCTION
                      if st.overseers[loc][clan]},
    }


def section_view(st: State, s: int) -> dict[str, Any]:
    sec = st.sections[s]
    hordes = data().hordes
    return {
        "wall": sec["wall"], "barricades": sec["barricades"], "blocked": sec["blocked"],
        "defence": B.defence(st, s), "offence": B.offence(st, s),
        "firing": [who(st, c) for c in sec["firing"]], "slots": B.firing_slots(sec),
        "staging": {str(who(st, c)): {u: sec["staging"][c][u] for u in UNITS if
                                      sec["staging"][c][u]}
                    for c in range(len(st.clans)) if B.staging_total(sec, c)},
        "hordes": [{"id": card["id"], "fields": [[_cell(st, x) for x in row] for row in card["f"]],
                    "rewards": [[quantity(q)[0] for q in row]
                                for row in hordes[card["id"]]["fields"]],
                    "amounts": [[quantity(q)[1] for q in row]
                                for row in hordes[card["id"]]["fields"]],
                    "offence": hordes[card["id"]]["offence"],
                    "ability": hordes[card["id"]]["ability"]} for card in sec["hordes"]],
    }


def _cell(st: State, x: Any) -> Any:
    if isinstance(x, list):
        return [who(st, x[0]), x[1]]
    return x


def view(st: State, seat: int | None) -> dict[str, Any]:
    out = _public(st, _decision(st, seat))
    if seat is not None and 0 <= seat < st.n:
        out["me"] = _me(st, seat)
    return out


def seat_view(st: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """``view(st, seat)`` from the public view of ``st``: the same but for the decision as the
    seat sees it and the seat's own part."""
    out = {**public, "decision": _decision(st, seat)}
    if 0 <= seat < st.n:
        out["me"] = _me(st, seat)
    return out


def _decision(st: State, seat: int | None) -> dict[str, Any]:
    top = MACHINE.top(st)
    decision: dict[str, Any] = {}
    if top is not None and st.result is None:
        decision = MACHINE.handler(top).view(st, top, seat)
        decision["awaiting"] = sorted(MACHINE.awaiting(st))
    return decision


def _public(st: State, decision: dict[str, Any]) -> dict[str, Any]:
    from rules.great_wall.procedures import casualty_value, invasion_section
    from rules.great_wall.seasons import last_space, time_track

    out: dict[str, Any] = {
        "mode": st.mode, "n": st.n, "year": st.year, "season": st.season, "time": st.time,
        "time_last": last_space(st), "casualty": casualty_value(st),
        "hordes_next": time_track(st)["hordes"][st.time] if st.time < last_space(st) else 0,
        "tea": [who(st, c) for c in st.tea], "shame_bank": st.shame_bank,
        "storehouse": dict(st.storehouse), "offer": list(st.offer),
        "artifacts": list(st.artifacts), "requests": list(st.requests),
        "fulfilled": st.fulfilled, "events": list(st.events), "lasting": dict(st.lasting),
        "track": [None if t is None else {"who": who(st, t["clan"]), "card": t["card"]}
                  for t in st.track],
        "discard": [{"who": who(st, d["clan"]), "card": d["card"]} for d in st.cmd_discard],
        "chin_track": list(st.chin_track),
        "locations": {loc: [who(st, c) for c in clerks] for loc, clerks in st.locs.items()},
        "spots": {loc: B.spots(st, loc) for loc in st.locs},
        "sections": [section_view(st, s) for s in range(3)],
        "horde_deck": len(st.decks["horde"]),
        "invasion": invasion_section(st) if st.decks["horde"] else None,
        "clans": [public_clan(st, c) for c in range(len(st.clans))],
        "decision": decision, "result": st.result,
        "procedure": _procedure(st),
    }
    if st.mode == "coop":
        from rules.great_wall.coop import target

        out["target"] = target(st)
    return out


def _procedure(st: State) -> dict[str, Any]:
    """Where the table is in the rulebook's procedure: the whole frame stack (every field of a
    frame is a public fact — questions that depend on hidden resources are put either way,
    ``machine.Declinable.with_pass``), this Fall's revealed Command cards and production, the
    Tactic defence bonuses, which soldier (uid) covers which Horde fields — a horseman covers
    two — and the setup options. A player at the table knows all this from
    what happened; an AI player reads it here to rebuild a state it can play ahead in."""
    return {"stack": json_round_trip(st.stack), "turn": json_round_trip(st.turn), "uid": st.uid,
            "bonus": [sec.get("bonus", 0) for sec in st.sections], "cfg": dict(st.cfg),
            "uids": [[[[x[2] if isinstance(x, list) else None for x in row] for row in card["f"]]
                      for card in sec["hordes"]] for sec in st.sections]}


def _me(st: State, seat: int) -> dict[str, Any]:
    c = st.clans[seat]
    return {
        "seat": seat, "res": dict(c["res"]), "hand": list(c["hand"]),
        "tactics": list(c["tactics"]), "support": list(c["support"]),
        "won": [dict(w) for w in c["won"]], "deal_g": list(c["deal_g"]),
        "deal_a": list(c["deal_a"]),
        "chosen": st.secret.get("command", {}).get(str(seat)),
        "picks": st.secret.get("setup", {}).get(str(seat), []),
    }

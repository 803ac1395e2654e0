"""What a seat may see (``view``), how the game is labelled, and ``perturb_hidden``.

Hidden: hands, deck order (and contents), the Made-Up Rules held and their stack, the Park
deck, the identities of Lookout cards (their suits show), the draft packets and picks of
others, and the pending follow choices (only who has chosen shows until the reveal).
Public: Yards, discard piles, Park, Perk row, VP, fort levels, Stuff, Pack, kennels,
cats, the played and added cards.
"""

from __future__ import annotations

from typing import Any

from rules.base import Text, text
from rules.fort.common import lookout_cap, pack_cap
from rules.fort.data import ctype, tables
from rules.fort.machine import MACHINE
from rules.fort.state import State


def _pending(st: State, seat: int | None) -> list[dict[str, Any]]:
    return [{"kind": fr["kind"], **MACHINE.handler(fr).view(st, fr, seat)} for fr in st.stack]


#: A player's own cards, shown to that player only (after them: their Made-Up Rules).
_MINE = ("hand", "lookout", "rules")


def seat_view(st: State, seat: int, public: dict[str, Any]) -> dict[str, Any]:
    """``view(st, seat)`` from the public view of ``st``: the same but for the seat's own
    cards in its player row and the pending decisions as the seat sees them."""
    out = dict(public)
    if 0 <= seat < len(st.players):
        p = st.players[seat]
        row = {k: v for k, v in public["players"][seat].items() if k not in _MINE}
        row.update((k, list(p[k])) for k in _MINE)
        players = list(public["players"])
        players[seat] = row
        out["players"] = players
    out["pending"] = _pending(st, seat)
    return out


def view(st: State, seat: int | None) -> dict[str, Any]:
    public = _public(st)
    return public if seat is None else seat_view(st, seat, public)


def _public(st: State) -> dict[str, Any]:
    players = []
    for i, p in enumerate(st.players):
        row: dict[str, Any] = {
            "seat": i,
            "colour": p["colour"],
            "vp": p["vp"],
            "level": p["level"],
            "stuff": dict(p["stuff"]),
            "pack": dict(p["pack"]),
            "pack_cap": pack_cap(st, i),
            "lookout_cap": lookout_cap(st, i),
            "hand_n": len(p["hand"]),
            "deck_n": len(p["deck"]),
            "discard": list(p["discard"]),
            "yard": list(p["yard"]),
            "played": list(p["played"]),
            "kennel": list(p["kennel"]),
            "lookout_suits": [list(ctype(c).suits) for c in p["lookout"]],
            "rules_n": len(p["rules"]),
            "perks": list(p["perks"]),
            "best_friends": list(p["bf"]),
            "cats": sorted(c for c, o in st.cats.items() if o == i),
        }
        players.append(row)
    pending = _pending(st, None)
    out: dict[str, Any] = {
        "n": st.n,
        "config": dict(st.cfg),
        "round": st.round,
        "first": st.first,
        "leader": st.leader,
        "players": players,
        "park": list(st.park),
        "park_deck_n": len(st.park_deck),
        "rule_stack_n": len(st.rule_stack),
        "perk_row": list(st.perk_row),
        # Sorted: a view must not depend on whether the state was reloaded (a panel's
        # buttons are checked against a digest of the view).
        "cats_table": [{"cat": c, "owner": st.cats[c]} for c in sorted(st.cats)],
        "macaroni": st.macaroni,
        "end": st.end,
        "trashed": list(st.box),
        "pending": pending,
        "awaiting": sorted(MACHINE.awaiting(st)) if st.result is None else [],
    }
    if st.result is not None:
        out["result"] = st.result
        out["final"] = st.final
        # At the end every Made-Up Rule is revealed for scoring.
        for i, p in enumerate(st.players):
            players[i]["rules"] = list(p["rules"])
    return out


def seat_label(seat: int) -> Text:
    boards = tables().boards
    colour = boards[seat][0] if 0 <= seat < len(boards) else "red"
    return text("fort.seat", colour=text(f"fort.colour.{colour}"))


def phase_label(st: State) -> Text:
    if st.result is not None:
        return text("fort.phase.over")
    fr = MACHINE.top(st)
    if fr is None:
        return text("fort.phase.over")
    label = MACHINE.handler(fr).label(st, fr)
    if isinstance(label, Text):
        params = {k: (seat_label(v) if k == "seat" and isinstance(v, int) else v)
                  for k, v in label.params.items()}
        if "card" in params and isinstance(params["card"], str):
            params["card"] = card_text(params["card"])
        return text("fort.phase.round", round=st.round, phase=Text(label.key, params))
    return text("fort.phase.round", round=st.round, phase=str(label))


def card_text(cid: str) -> Text:
    return text(f"fort.card.{ctype(cid).id}")


def progress(st: State, seat: int) -> Text:
    if st.result is not None:
        return text("fort.progress.over")
    if seat not in MACHINE.awaiting(st):
        return text("fort.progress.waiting")
    fr = MACHINE.top(st)
    assert fr is not None
    out = MACHINE.handler(fr).progress(st, fr, seat)
    return out if isinstance(out, Text) else text("fort.progress.waiting")


def perturb_hidden(st: State, seat: int, rng: Any) -> State | None:
    """A copy differing only in ``seat``'s secrets: a hand card swapped with a deck card (or
    with a Park-deck card while drafting), else a Made-Up Rule swapped with the stack."""
    s = st.copy()
    p = s.players[seat]
    if s.result is not None:
        return None
    top = s.stack[-1] if s.stack else None
    # The card chosen to play stays in the hand while its cats resolve: it is not swapped.
    keep = {fr["pending"] for fr in s.stack if fr["kind"] == "play" and fr.get("pending")}
    if top is not None and top["kind"] == "card" and top["stage"] == "follow" \
            and seat in top["followers"] and top["choices"][seat] is not None:
        # The pending secret follow choice: another of the seat's options.
        mine = top["choices"][seat]
        handler: Any = MACHINE.handler(top)
        alts = [a for a in handler.follow_options(s, top, seat)
                if a.kind != "ready" and (a.kind, dict(a.params)) != (mine["kind"], mine["params"])]
        if alts:
            alt = rng.choice(alts)
            top["choices"][seat] = {"kind": alt.kind, "params": dict(alt.params)}
            return s
        keep |= {mine["params"].get("card")} - {None}
    if top is not None and top["kind"] == "draft":
        packet = top["packets"][seat]
        free = [i for i, c in enumerate(packet) if c != top["picks"][seat]]
        others = [j for j, c in enumerate(s.park_deck)
                  if all(ctype(c).id != ctype(packet[i]).id for i in free)]
        if free and others:
            i, j = rng.choice(free), rng.choice(others)
            packet[i], s.park_deck[j] = s.park_deck[j], packet[i]
            return s
    pairs = [(i, j) for i, h in enumerate(p["hand"]) for j, d in enumerate(p["deck"])
             if ctype(h).id != ctype(d).id and h not in keep]
    if pairs:
        i, j = rng.choice(pairs)
        p["hand"][i], p["deck"][j] = p["deck"][j], p["hand"][i]
        return s
    if p["rules"] and s.rule_stack:
        pairs = [(i, j) for i, r in enumerate(p["rules"]) for j, q in enumerate(s.rule_stack)
                 if r != q]
        if pairs:
            i, j = rng.choice(pairs)
            p["rules"][i], s.rule_stack[j] = s.rule_stack[j], p["rules"][i]
            return s
    return None

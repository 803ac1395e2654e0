"""The automated clans, as engine code: the Reed Clan (GW-R1 … R9) and Chin Tiou-Shao
(GW-S1 … S17). Every choice is deterministic from the state (and its rng where the rulebook
says "randomly") and logged publicly. Where the rulebook lets the ruler choose for the Reed
Clan, a human ruler is asked (``reed``) and these fixed rules are the default."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.great_wall import board as B
from rules.great_wall.building import build, wall_cost
from rules.great_wall.data import CHIN_LOCATIONS, PRODUCTION
from rules.great_wall.procedures import (
    auto_field,
    cover,
    invasion_section,
    remove_shame,
    shame_held,
)
from rules.great_wall.reed import decide
from rules.great_wall.state import State
from rules.kit.frames import Frame


# ---- Command cards -------------------------------------------------------------------------------
def automated_commands(st: State, revealed: dict[int, Any], ev: list[Event]) -> None:
    reed = st.clan_of("reed")
    if reed is not None:
        revealed[reed] = "reed"  # GW-R5: its one card, every Fall
    chin = st.clan_of("chin")
    if chin is not None:
        deck = st.decks["chin"]
        if not deck:
            rng = st.draw_rng()
            deck.extend(rng.shuffled(st.decks["chin_discard"]))
            st.keep_rng(rng)
            st.decks["chin_discard"] = []
        card = deck.pop()
        st.decks["chin_discard"].append(card)
        revealed[chin] = card  # GW-S8: the top of his deck


def activation_pick(st: State, owner: int, pending: list[str]) -> str:
    """Chin activates his own locations first, highest on his track (GW-S12); otherwise the
    board order."""
    if st.kind(owner) == "chin":
        mine = [loc for loc in st.chin_track if loc in pending and owner in st.locs[loc]]
        if mine:
            return mine[0]
    return pending[0]


# ---- the Reed Clan -------------------------------------------------------------------------------
def reed_move(st: State, ev: list[Event]) -> None:
    """The Reed card: the ruler moves one Reed clerk (``reed.move_options``)."""
    reed = st.clan_of("reed")
    if reed is not None:
        decide(st, "move", reed, ev)


def reed_temple(st: State, ev: list[Event]) -> None:
    """GW-R9: the active player removes one of their own Shame tokens."""
    active = st.turn.get("active")
    if active is None or not st.human(active):
        return
    held = shame_held(st, active)
    if held:
        remove_shame(st, active, held[0], ev)


def location_effect(st: State, loc: str, clan: int, k: int, ev: list[Event]) -> None:
    kind = st.kind(clan)
    if kind == "chin":
        if loc == "barracks":
            chin_recruit(st, k, ev)
        return
    if loc == "embassy" and st.offer:
        decide(st, "discard", clan, ev)
    elif loc == "builders_camp":
        decide(st, "barricade", clan, ev)
    elif loc == "barracks":
        decide(st, "spearman", clan, ev)
    elif loc == "tea_house":
        B.tea_up(st, clan, False, ev)


# ---- Chin Tiou-Shao ------------------------------------------------------------------------------
def chin_place(st: State, n: int, ev: list[Event]) -> None:
    """GW-S10: clerks to the locations lowest on his track (rightmost token first), skipping
    full ones; with all 8 on the board he moves one from the allowed location highest on his
    track."""
    c = st.clan_of("chin")
    if c is None:
        return
    for _ in range(n):
        targets = [loc for loc in reversed(st.chin_track) if B.can_enter(st, c, loc)]
        if not targets:
            return
        dst = targets[0]
        if st.clans[c]["clerks"] > 0:
            st.clans[c]["clerks"] -= 1
            src = "supply"
        else:
            srcs = [loc for loc in st.chin_track
                    if loc != dst and c in st.locs[loc] and not B.full(st, loc)]
            if not srcs:
                return
            src = srcs[0]
            st.locs[src].remove(c)
        st.locs[dst].append(c)
        ev.append(Event("clerk_placed", {"clan": c, "loc": dst, "src": src}))


def chin_effect(st: State, fr: Frame, eff: dict[str, Any], ev: list[Event]) -> None:
    c = st.clan_of("chin")
    if c is None:
        return
    do = eff["do"]
    if do == "chin_place":
        chin_place(st, int(eff.get("n", 1)), ev)
    elif do == "chin_advanced":
        loc = st.chin_track[0]  # the one highest on his track (GW-S12)
        if loc not in fr["adv"]:
            fr["adv"].append(loc)
            ev.append(Event("advanced", {"clan": c, "loc": loc}))
    elif do == "chin_honor":
        B.honor(st, c, int(eff["n"]))
        ev.append(Event("gain", {"clan": c, "res": [], "honor": int(eff["n"])}))
    elif do == "chin_recruit":
        chin_recruit(st, int(eff.get("n", 1)), ev)
    elif do == "chin_build":
        chin_build(st, ev)


def chin_produce(st: State, loc: str, k: int, ev: list[Event]) -> None:
    """GW-S11: Honor = his clerks there × his overseer level there."""
    c = st.clan_of("chin")
    assert c is not None
    got = k * st.overseers[loc][c]
    B.honor(st, c, got)
    ev.append(Event("chin_produce", {"loc": loc, "n": got}))


def chin_track_up(st: State, loc: str, ev: list[Event]) -> None:
    """GW-S2: an activated location of his goes to the leftmost space."""
    if loc in st.chin_track:
        st.chin_track.remove(loc)
        st.chin_track.insert(0, loc)
        ev.append(Event("chin_track", {"track": list(st.chin_track)}))


def chin_recruit(st: State, n: int, ev: list[Event]) -> None:
    """GW-S13/14: spearmen attack the nearest-wall card at the invasion section, else the
    other section; if neither can take one, it is not recruited."""
    c = st.clan_of("chin")
    assert c is not None
    for _ in range(n):
        if st.clans[c]["sup"]["spearman"] <= 0:
            return
        first = invasion_section(st)
        order = [first] + [s for s in B.used_sections(st) if s != first]
        for s in order:
            cards = st.sections[s]["hordes"]
            f = auto_field(cards[0]) if cards else None
            if f is not None:
                st.clans[c]["sup"]["spearman"] -= 1
                ev.append(Event("recruit", {"clan": c, "unit": "spearman", "res": []}))
                cover(st, c, "spearman", s, 0, [f], B.next_uid(st), ev)
                break
        else:
            return


def chin_build(st: State, ev: list[Event]) -> None:
    """GW-S7: the invasion section (else the other), paid from the Storehouse only."""
    c = st.clan_of("chin")
    assert c is not None
    first = invasion_section(st)
    for s in [first] + [x for x in B.used_sections(st) if x != first]:
        cost = wall_cost(st, c, s)
        if cost is None:
            continue
        if B.building_affordable(st, c, cost):
            build(st, c, "wall", s, ev)
        return


def chin_advisors(st: State, taken: list[str], ev: list[Event]) -> None:
    c = st.clan_of("chin")
    assert c is not None
    st.clans[c]["support"].extend(taken)
    ev.append(Event("chin_advisors", {"n": len(taken)}))


__all__ = ["CHIN_LOCATIONS", "PRODUCTION"]

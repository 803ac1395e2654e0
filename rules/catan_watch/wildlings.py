"""Night's Watch mode: wildling tokens, clans and camps, trails, clearings, the Wall and
the Gift."""

from __future__ import annotations

from rules.catan_watch.common import Events, ev
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    CLAN_NAMES,
    CLAN_TRAILS,
    TRAIL_CLAN,
    TRAIL_SECTION,
)
from rules.catan_watch.ending import tragic_end
from rules.catan_watch.state import State, Token
from rules.kit import cards

MAX_GIFT_WILDLINGS = 7
BREACHES_TO_END = 3


def draw_token(state: State) -> Token | None:
    """Top of the face-down supply; an empty supply is refilled from the used tokens."""
    got = cards.draw(state.tokens, 1, state.rng, state.token_discard)
    return got[0] if got else None


def reveal(state: State, token: Token, why: str, events: Events) -> None:
    """Flip a token: the wildling it shows goes from the Frostfangs to its clan."""
    wtype, clan = token
    state.token_discard.append(token)
    events.append(ev("wildling_token", {"wildling": wtype, "clan": clan, "why": why}))
    enter_clan(state, clan, wtype, events)


def reveal_from_supply(state: State, why: str, events: Events) -> None:
    token = draw_token(state)
    if token is not None:
        reveal(state, token, why, events)


def enter_clan(state: State, clan: int, wtype: str, events: Events) -> None:
    camps = state.clans[clan]
    camps.append(wtype)  # camps fill from the one nearest the trails
    if len(camps) > CAMPS_PER_CLAN:
        # Wildling attack: the two nearest camps rush the Wall, the lower trail first.
        first, second = camps.pop(0), camps.pop(0)
        trails = CLAN_TRAILS[clan]
        events.append(ev("wildling_attack", {"clan": clan, "clan_name": CLAN_NAMES[clan]}))
        arrive(state, min(trails), first, events)
        if state.result is None:
            arrive(state, max(trails), second, events)


def wildling_die(state: State, face: int, events: Events) -> None:
    clan = TRAIL_CLAN.get(face)
    if clan is None or not state.clans[clan]:
        return  # the roll's own line shows the die; "no wildling moves" each turn is noise
    wtype = state.clans[clan].pop(0)  # the camp with the hottest fire, nearest the trail
    arrive(state, face, wtype, events)


def arrive(state: State, trail: int, wtype: str, events: Events) -> None:
    section = TRAIL_SECTION[trail]
    events.append(ev("wildling_advances", {"wildling": wtype, "trail": trail, "section": section}))
    guards = state.guards[section]
    if wtype == "climber":
        occupy_gift(state, section, wtype, events)
        return
    if wtype == "giant":
        if guards:
            seat = guards.pop(0)
            state.pieces[seat][3] += 1
            events.append(ev("giant_kills_guard", {"section": section, "seat": seat}))
            check_clearing(state, section, events)
            return
        state.clearings[section].append(wtype)
        breach(state, section, events)
        return
    state.clearings[section].append(wtype)
    check_clearing(state, section, events)


def check_clearing(state: State, section: int, events: Events) -> None:
    if len(state.clearings[section]) > len(state.guards[section]):
        breach(state, section, events)


def breach(state: State, section: int, events: Events) -> None:
    guards = state.guards[section]
    lost = guards.pop(0) if guards else -1
    if lost >= 0:
        state.pieces[lost][3] += 1
    state.breaches += 1
    crossing = state.clearings[section]
    state.clearings[section] = []
    events.append(ev("wall_breach", {
        "section": section, "guard_lost": lost, "breaches": state.breaches,
        "wildlings": crossing[:],
    }))
    for wtype in crossing:
        occupy_gift(state, section, wtype, events)
        if state.result is not None:
            return
    if state.breaches >= BREACHES_TO_END:
        tragic_end(state, "breach", events)


def occupy_gift(state: State, section: int, wtype: str, events: Events) -> None:
    for h in state.geo.section_paths[section]:
        if not state.gift[h]:
            state.gift[h] = wtype
            events.append(ev("wildling_in_gift", {"wildling": wtype, "hex": h, "section": section}))
            break
    if sum(1 for w in state.gift if w) > MAX_GIFT_WILDLINGS:
        tragic_end(state, "gift", events)


def remove_guard_shift(state: State, section: int, field: int) -> int:
    seat = state.guards[section].pop(field)
    state.pieces[seat][3] += 1
    return seat

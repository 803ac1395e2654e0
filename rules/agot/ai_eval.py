"""The AGoT AI's judgement of a position and of single areas.

A ten-round game never ends inside a rollout, so ``evaluate`` scores the running board the
way players do: castles and strongholds first (they win the game), then supply (the armies
it allows), power (bids and tokens), units on the board, the influence tracks, and the
danger to one's own castles. Measured relative to the strongest rival, not to zero.
"""

from __future__ import annotations

from rules.agot.board import board
from rules.agot.control import castle_counts, control
from rules.agot.forces import has_ships, ship_coasts
from rules.agot.state import State

W_CASTLE = 10.0
W_SUPPLY = 1.5
W_POWER = 0.4
W_UNIT = 1.0
W_TRACK = 0.8
#: Whether the score rewards leading the castle race outright (what wins the game).
RACE = True


def area_value(st: State, area: str, seat: int) -> float:
    """What holding ``area`` is worth to ``seat`` (castles weigh most; one's home most)."""
    b = board()
    v = W_CASTLE * (1.0 + 0.2 * (b.castle[area] - 1)) if b.castle[area] else 0.0
    v += W_SUPPLY * b.supply[area] + 0.8 * b.crowns[area]
    if b.home_of.get(area) == st.houses[seat]:
        v += 6.0
    return v + 0.5


def unit_strength(u: list[int]) -> int:
    """Land attack strength of a unit list (footmen 1, knights 2; ships count 1)."""
    return u[1] + 2 * u[2] + u[3]


def threat(st: State, area: str, seat: int) -> int:
    """The most land strength one rival could march into ``area``: from next door, or from a
    coast its ships carry armies from (a chain of seas each holding its ships, one of them
    touching ``area``) — the AI's own marches use transport, and a threat without it left
    every coastal castle open to a fleet (Greyjoy won 58% of all-AI games)."""
    b = board()
    sources: dict[int, set[str]] = {}
    for a in b.land_adj[area]:
        u = st.units.get(a)
        if u is not None and u[0] != seat:
            sources.setdefault(u[0], set()).add(a)
    if not b.is_sea[area]:
        for sea in b.sea_adj[area]:
            rival = st.units[sea][0] if sea in st.units else seat
            if rival != seat and has_ships(st, rival, sea):
                sources.setdefault(rival, set()).update(
                    a for a in ship_coasts(st, rival, [sea])
                    if a != area and st.units.get(a, (None,))[0] == rival)
    per = [sum(st.units[a][1] + 2 * st.units[a][2] for a in areas)
           for areas in sources.values()]
    return max(per, default=0)


def _seat_score(st: State, seat: int, castles: int) -> float:
    n = st.n
    s = W_CASTLE * castles + W_SUPPLY * st.supply[seat] + W_POWER * st.power[seat]
    for k in ("throne", "fiefdoms", "court"):
        s += W_TRACK * (n - 1 - st.tracks[k].index(seat)) / max(1, n - 1) * 3
    return s


def evaluate(st: State, seat: int) -> float:
    if st.result is not None:
        winners = st.result["winners"]
        if seat in winners:
            return 1000.0 / len(winners)
        for i, place in enumerate(st.result["ranking"]):
            if seat in place:
                return -100.0 * i
        return -500.0
    b = board()
    counts = castle_counts(st)
    units = [0.0] * st.n
    for u in st.units.values():
        units[u[0]] += u[1] + 2 * u[2] + u[3] + 0.5 * (u[4] + 2 * u[5] + u[6])
    scores = [_seat_score(st, s, counts[s]) + W_UNIT * units[s] for s in range(st.n)]
    # Castles one is about to lose: a rival stands next to a weakly held castle of ours.
    danger = 0.0
    for a in b.castle_areas:
        if control(st, a) != seat:
            continue
        u = st.units.get(a)
        mine = (u[1] + 2 * u[2]) if u is not None else 0
        if threat(st, a, seat) > mine + 1:
            danger += 3.0
    others = [scores[s] for s in range(st.n) if s != seat]
    rival = 0.6 * max(others) + 0.4 * sum(others) / len(others)
    # Near the castle goal every castle weighs more.
    closeness = 4.0 * counts[seat] / max(1, st.castles_to_win)
    race = 0.0
    if RACE:
        best_rival = max(counts[s] for s in range(st.n) if s != seat)
        lead = counts[seat] - best_rival
        race = 8.0 * max(-1, min(2, lead)) + (2.0 if lead == 0 else 0.0)
        danger *= 0.5
    return scores[seat] - rival - danger + closeness * counts[seat] + race

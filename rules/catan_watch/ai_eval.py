"""The heuristic: how good a position is for a seat, in victory points (docs/ai/catan_watch.md).

A seat's strength is its victory points plus what its position is worth on the way to more:
production (pips of the numbers it is settled on, Tormund's and the wildlings' hexes left out,
weighted by resource and with a bonus for each resource it produces at all), expansion (free
corners its roads reach, and those one road further), its hand (cards, with a bonus when it
pays for a settlement or a keep, a penalty for cards a 7 would halve), development cards, the
race for Longest Road and Largest Watch, and guards on the Wall. A position is the seat's
strength minus half the strongest opponent's.
"""

from __future__ import annotations

from rules.catan_watch.board import PIPS
from rules.catan_watch.data import COSTS, TERRAIN_RESOURCE
from rules.catan_watch.points import guard_vp, guards_on_wall, public_vp
from rules.catan_watch.state import State

WIN = 100.0
PROD = 2.6  # a 12-pip corner (a third of a card per roll) is worth about 0.9 VP
RES_WEIGHT = (1.0, 1.0, 0.8, 1.0, 0.95)  # brick, lumber, wool, grain, ore
DIVERSITY = 0.12
SPOT = 0.35  # share of a reachable corner's worth (it still needs a settlement)
NEAR = 0.12  # share of a corner one road further
CARD = 0.1
OVER_LIMIT = 0.06  # each card past seven loses its worth and more (a 7 halves the hand)
DEV = 0.32
OPPONENT = 0.5
WATCH = 0.12  # per Watch played, on the way to Largest Watch
GUARD_COVER = 0.2  # per guard with others below it on its section
GUARD_RACE = 0.6  # per guard of lead over the best rival, times (1 + breaches)
#: A hand that pays for a settlement or a keep, over its cards' worth: less than building
#: gains (a point and its corner's production, less the reachable corner it used up), or the
#: AI holds the cards and ends its turn — with 0.6 and 0.65 it did, and won 89% of games
#: against random players instead of 94%.
SETTLE_READY = 0.35
KEEP_READY = 0.4

_SETTLE = COSTS["settlement"]
_KEEP = COSTS["keep"]
_DEVCOST = COSTS["development"]
_GUARD = COSTS["guard"]

_HEX_CACHE: dict[int, tuple[object, tuple[int, ...], tuple[float, ...]]] = {}


def hex_tables(state: State) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Per hex: its resource (-1 none) and its worth per roll (pips/36, weighted)."""
    lay = state.layout
    hit = _HEX_CACHE.get(id(lay))
    if hit is not None and hit[0] is lay:
        return hit[1], hit[2]
    res = tuple(TERRAIN_RESOURCE[t] for t in lay.terrain)
    worth = tuple(PIPS.get(lay.number[h], 0) / 36 * (RES_WEIGHT[r] if r >= 0 else 0)
                  for h, r in enumerate(res))
    if len(_HEX_CACHE) > 64:
        _HEX_CACHE.clear()
    _HEX_CACHE[id(lay)] = (lay, res, worth)
    return res, worth


def corner_worth(state: State, v: int) -> float:
    """What a settlement on corner v would produce per roll (weighted), blocked hexes out."""
    _, worth = hex_tables(state)
    tormund, gift = state.tormund, state.gift
    total = 0.0
    for h in state.geo.vertex_hexes[v]:
        if h != tormund and not (gift and gift[h]):
            total += worth[h]
    return total


def missing(hand: list[int], cost: tuple[int, ...]) -> int:
    return sum(c - h for h, c in zip(hand, cost, strict=True) if c > h)


def hand_value(state: State, seat: int, hand: list[int]) -> float:
    """The cards' worth: each card, more when they pay for a build the seat can make."""
    total = sum(hand)
    value = CARD * min(total, 7) - OVER_LIMIT * max(0, total - 7)
    pieces = state.pieces[seat]
    can_settle = pieces[0] > 0 and bool(state.spots[seat])
    can_keep = pieces[1] > 0 and pieces[0] < 5
    best = 0.0
    if can_keep:
        gap = missing(hand, _KEEP)
        best = max(best, KEEP_READY if gap == 0 else 0.3 - 0.08 * gap)
    if can_settle:
        gap = missing(hand, _SETTLE)
        best = max(best, SETTLE_READY if gap == 0 else 0.3 - 0.08 * gap)
    if state.nw and pieces[3] > 0:
        gap = missing(hand, _GUARD)
        best = max(best, 0.5 if gap == 0 else 0.25 - 0.08 * gap)
    if state.dev_deck:
        gap = missing(hand, _DEVCOST)
        best = max(best, 0.15 if gap == 0 else 0.08 - 0.04 * gap)
    return value + best


def strength(state: State, seat: int, own: bool) -> float:
    """The seat's victory points plus its position's worth, in victory points."""
    dev = state.dev_hand[seat]
    vp = public_vp(state, seat)
    if own:
        vps = dev.count("victory_point")
        value = vp + vps + DEV * (len(dev) - vps)
    else:
        value = vp + DEV * len(dev)  # a hidden card may be a victory point
    res, worth = hex_tables(state)
    tormund, gift = state.tormund, state.gift
    vertex_hexes = state.geo.vertex_hexes
    building = state.building
    made = [0.0] * 5
    for v in state.corners_of[seat]:
        k = building[v]
        for h in vertex_hexes[v]:
            r = res[h]
            if r >= 0 and h != tormund and not (gift and gift[h]):
                made[r] += worth[h] * k
    value += PROD * sum(made) + DIVERSITY * sum(1 for m in made if m > 0)
    rates = state.rates[seat]
    for r in range(5):
        if rates[r] == 2:
            value += 0.6 * made[r]
    pieces = state.pieces[seat]
    if pieces[0] > 0:
        spots = state.spots[seat]
        if spots:
            best = max(corner_worth(state, v) for v in spots)
            value += SPOT * (1 + PROD * best) + 0.05 * min(3, len(spots))
        else:
            value += NEAR * _near_spot(state, seat)
    value += hand_value(state, seat, state.hands[seat])
    if state.longest != seat:
        value += 0.03 * min(state.road_len[seat], 8)
    if state.largest != seat:
        value += WATCH * min(state.watches[seat], 3)
    if state.nw:
        on_wall = guards_on_wall(state, seat)
        value += (0.12 + 0.25 * state.breaches) * on_wall
        if guard_vp(state, seat) < 2 and on_wall in (2, 4):
            value += 0.2  # one guard from the next point
        for section in state.guards:  # a breach or a giant takes the lowest guard first
            for i, s in enumerate(section):
                if s == seat:
                    value += GUARD_COVER * min(i, 2)
    return value


def _near_spot(state: State, seat: int) -> float:
    """Worth of the best free corner one road beyond the seat's network (0 if none)."""
    geo, free, road = state.geo, state.free, state.road
    best = -1.0
    seen: set[int] = set()
    for e in state.roads_of[seat]:
        for v in geo.edge_vertices[e]:
            if v in seen:
                continue
            seen.add(v)
            owner = state.owner[v]
            if owner >= 0 and owner != seat:
                continue  # an opponent's building cuts the way
            for f, w in geo.vertex_adj[v]:
                if road[f] < 0 and free[w]:
                    best = max(best, corner_worth(state, w))
    return 0.0 if best < 0 else 1 + PROD * best


def evaluate(state: State, seat: int) -> float:
    result = state.result
    if result is not None:
        winners = result["winners"]
        if seat in winners:
            return WIN / len(winners)
        return -WIN + float(result["scores"].get(seat, result["scores"].get(str(seat), 0)))
    mine = strength(state, seat, True)
    rival = max(strength(state, s, False) for s in range(state.n) if s != seat)
    value = mine - OPPONENT * rival
    if state.nw:
        # A fallen Wall (or a Gift overrun) ends the game for the most guards on the Wall:
        # the nearer that end, the more the guard race is the game.
        guards = [guards_on_wall(state, s) for s in range(state.n)]
        lead = guards[seat] - max(g for s, g in enumerate(guards) if s != seat)
        value += GUARD_RACE * (1 + state.breaches) * (lead if lead <= 0 else lead + 1)
    return value

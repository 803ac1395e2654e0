"""How good a Northgard position is for a side, in fame (docs/ai/northgard.md).

A rollout rarely reaches the end of the game, so a running position is scored as the fame a
side would count now (tokens, a third of its resources, the printed and achievement fame of
its cards, −5 per Unrest card) plus what its position is worth in the harvests still to come
(closed territories and Altars give fame each year, every territory and building yields
resources), plus a little for what breaks ties and wins fights (territories, units,
buildings), less what the next winter will cost it if it cannot pay (an Unrest card: −5).
In a team game a side is both teammates. The value is the side's estimate less the best other
side's: the AI plays to be ahead, not merely to score.
"""

from __future__ import annotations

from functools import cache

from rules.northgard.board import RES_INDEX, bear_seat, geo, monster_kinds
from rules.northgard.data import LARGE, data
from rules.northgard.scoring import achievement_fame
from rules.northgard.state import State

UNREST = 5.0
#: What one more territory, unit and building is worth beyond the fame they bring.
TERRITORY, UNIT, BUILDING = 0.6, 0.35, 0.4
#: Closed territories with a large building: the instant win needs 3 (5 for a team).
STRONGHOLD = 2.5


@cache
def _card_fame(card: str) -> tuple[int, bool, bool]:
    """(printed fame counted at the end, an Achievement that scores, an Unrest card)."""
    c = data().cards[card]
    printed = c.fame if c.deck in ("early", "advanced", "achievement") else 0
    return printed, c.deck == "achievement" and bool(c.score), card == "unrest"


@cache
def _produces(btype: str) -> int:
    p = data().buildings[btype].produces
    return RES_INDEX[p] if p else -1


def harvests_left(st: State) -> int:
    """Harvests still to come this game (this year's, unless it is past)."""
    past = 0
    for fr in st.stack:
        if fr["kind"] == "year":
            past = 1 if fr["step"] > 3 else 0
        if fr["kind"] == "harvest" and fr["step"] > 1:
            past = 1
    return max(0, st.years - st.year + 1 - past)


def seat_worth(st: State, seat: int) -> float:
    """The fame ``seat`` may expect to count, as things stand."""
    m = geo(st)
    gd = data()
    res = st.res[seat]
    cards = (st.draw[seat], st.discard[seat], st.hand[seat], st.active[seat])
    fame = float(st.fame[seat]) + sum(res) / 3.0
    for pile in cards:
        for card in pile:
            printed, scores, unrest = _card_fame(card)
            fame += printed
            if scores:
                fame += achievement_fame(st, seat, card)
            if unrest:
                fame -= UNREST
    # The map: what the seat holds and what it will yield in the harvests to come.
    left = harvests_left(st)
    bear = bear_seat(st)
    terrs = units = buildings = strongholds = 0
    prod = [0, 0, 0]
    yearly_fame = 0.0
    for t, u in st.units.items():
        here = u[seat]
        if not here and not (st.kaija == t and seat == bear):
            continue
        units += here
        terrs += 1
        wolf = "wolf" in monster_kinds(st, t) if st.monster_row else False
        if not wolf:
            for r in m.res.get(t, ()):
                prod[0 if r == "food" else 1 if r == "wood" else 2] += 1
        large = False
        for k, _ in m.slots.get(t, ()):
            b = st.buildings.get(k)
            if b is None:
                continue
            buildings += 1
            i = _produces(b)
            if i >= 0:
                prod[i] += 1
            if b in LARGE:
                large = True
            if b == "altar":
                yearly_fame += 3
        if m.closed[t]:
            if not wolf:
                yearly_fame += 2 if m.span[t] >= 3 else 1
            if large:
                strongholds += 1
    if st.kaija and seat == bear and st.kaija not in st.units:
        terrs += 1
    fame += left * (yearly_fame + sum(prod) / 3.0)
    fame += TERRITORY * terrs + UNIT * units + BUILDING * buildings
    if not st.config.get("long_game"):
        fame += STRONGHOLD * strongholds
    # Winter: the next upkeep against what the seat has and its harvest will bring.
    if left:
        food, wood = gd.winter_cost(units)
        short = max(0, food - res[0] - prod[0]) + max(0, wood - res[1] - prod[1])
        if short:
            fame -= min(UNREST, 1.5 + short)
    return fame


def sides(st: State) -> list[tuple[int, ...]]:
    if st.team:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(st.n)]


def relative(st: State, seat: int) -> float:
    """The seat's side's worth less the best other side's."""
    mine = -1e9
    best_other = -1e9
    for side in sides(st):
        worth = sum(seat_worth(st, s) for s in side)
        if seat in side:
            mine = worth
        elif worth > best_other:
            best_other = worth
    return mine - best_other

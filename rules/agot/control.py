"""Who controls what, power tokens, turn order and small shared board queries."""

from __future__ import annotations

from rules.agot.board import UNIT_NAMES, board
from rules.agot.state import State
from rules.base import Text, text


def seat_of_house(st: State, house: str) -> int | None:
    try:
        return st.houses.index(house)
    except ValueError:
        return None


def control(st: State, area: str) -> int | None:
    """The seat controlling a land area: its land units, else its power token, else the house
    whose home it is (until an enemy unit or power token is there). Seas are never controlled."""
    b = board()
    if b.is_sea[area]:
        return None
    u = st.units.get(area)
    if u is not None:
        return u[0]
    t = st.tokens.get(area)
    if t is not None:
        return t
    if area in st.neutral:
        return None
    home = b.home_of.get(area)
    return seat_of_house(st, home) if home else None


def controllers(st: State) -> dict[str, int]:
    """``control`` of every land area that someone controls, in area order."""
    return {a: c for a in board().land_ids if (c := control(st, a)) is not None}


def castles(st: State, seat: int) -> int:
    b = board()
    return sum(1 for a in b.castle_areas if control(st, a) == seat)


def castle_counts(st: State) -> list[int]:
    b = board()
    counts = [0] * st.n
    units, tokens, neutral = st.units, st.tokens, st.neutral
    home_seat = {h: i for i, h in enumerate(st.houses)}
    for a in b.castle_areas:
        u = units.get(a)
        if u is not None:
            counts[u[0]] += 1
            continue
        t = tokens.get(a)
        if t is not None:
            counts[t] += 1
            continue
        if a in neutral:
            continue
        h = b.home_of.get(a)
        if h is not None and h in home_seat:
            counts[home_seat[h]] += 1
    return counts


def tokens_on_board(st: State, seat: int) -> int:
    return sum(1 for s in st.tokens.values() if s == seat)


def gain_power(st: State, seat: int, amount: int) -> int:
    """Take up to ``amount`` power from the bank; a house owns at most its printed tokens."""
    room = board().power_max - tokens_on_board(st, seat) - st.power[seat]
    got = max(0, min(amount, room))
    st.power[seat] += got
    return got


def turn_order(st: State) -> list[int]:
    return st.tracks["throne"]


def throne_holder(st: State) -> int:
    return st.tracks["throne"][0]


def blade_holder(st: State) -> int:
    return st.tracks["fiefdoms"][0]


def raven_holder(st: State) -> int:
    return st.tracks["court"][0]


def unit_total(u: list[int]) -> int:
    return u[1] + u[2] + u[3] + u[4] + u[5] + u[6]


def units_of(st: State, seat: int) -> list[str]:
    return [a for a, u in st.units.items() if u[0] == seat]


def count_type(st: State, seat: int, kind: int) -> int:
    return sum(u[1 + kind] + u[4 + kind] for u in st.units.values() if u[0] == seat)


def add_units(st: State, area: str, seat: int, counts: list[int], routed: bool = False) -> None:
    if sum(counts) == 0:
        return
    u = st.units.get(area)
    if u is None:
        u = st.units[area] = [seat, 0, 0, 0, 0, 0, 0]
    off = 4 if routed else 1
    for i in range(3):
        u[off + i] += counts[i]


def remove_units(st: State, area: str, counts: list[int], routed: bool = False) -> None:
    u = st.units[area]
    off = 4 if routed else 1
    for i in range(3):
        u[off + i] -= counts[i]
    if unit_total(u) == 0:
        del st.units[area]


def describe_counts(counts: list[int] | tuple[int, ...]) -> Text | list[Text]:
    """Unit counts as catalog texts ("2 footmen, 1 ship"; "no units")."""
    parts = [text(f"agot.log.unit.{UNIT_NAMES[i]}", n=c) for i, c in enumerate(counts) if c]
    return parts or text("agot.unit.none")


def house_label(st: State, seat: int) -> str:
    return board().house_name.get(st.houses[seat], st.houses[seat])


def area_label(area: str) -> str:
    return board().name.get(area, area)

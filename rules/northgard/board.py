"""Who stands where: units and the she-bear Kaija, control, teams, buildings and monsters by
territory, production, and keeping all of it on the right territories when tiles merge them.
"""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.northgard.data import LARGE, RESOURCES, UNITS_PER_PLAYER, data
from rules.northgard.geometry import MapInfo, map_info, node_key
from rules.northgard.state import State

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}


def emit(ev: list[Event], kind: str, visible_to: frozenset[int] | None = None, **data: Any
         ) -> None:
    ev.append(Event(kind, data, visible_to))


def geo(st: State) -> MapInfo:
    return map_info(st.placements)


def bear_seat(st: State) -> int:
    return st.clans.index("bear") if "bear" in st.clans else -1


def clan_seat(st: State, clan: str) -> int:
    return st.clans.index(clan) if clan in st.clans else -1


def teammate(st: State, seat: int) -> int | None:
    """Team game: seats alternate A, B, A, B, so seat s plays with s + 2."""
    return (seat + 2) % 4 if st.team else None


def team_of(st: State, seat: int) -> int:
    return seat % 2 if st.team else seat


def enemies(st: State, seat: int, other: int) -> bool:
    return other != seat and other != teammate(st, seat)


# ---- units ---------------------------------------------------------------------------------
def regular(st: State, terr: str, seat: int) -> int:
    u = st.units.get(terr)
    return u[seat] if u else 0


def has_kaija(st: State, terr: str, seat: int) -> bool:
    return bool(st.kaija) and st.kaija == terr and seat == bear_seat(st)


def units_of(st: State, terr: str, seat: int) -> int:
    """Units of a seat in a territory, Kaija included (she is a unit)."""
    return regular(st, terr, seat) + (1 if has_kaija(st, terr, seat) else 0)


def seats_at(st: State, terr: str) -> list[int]:
    u = st.units.get(terr)
    seats = [s for s in range(st.n) if u and u[s]]
    b = bear_seat(st)
    if st.kaija == terr and b >= 0 and b not in seats:
        seats.append(b)
        seats.sort()
    return seats


def controller(st: State, terr: str) -> int | None:
    seats = seats_at(st, terr)
    return seats[0] if len(seats) == 1 else None


def occupied(st: State) -> set[str]:
    out = {t for t, u in st.units.items() if any(u)}
    if st.kaija:
        out.add(st.kaija)
    return out


def controlled(st: State, seat: int) -> list[str]:
    terrs = {t for t, u in st.units.items() if u[seat]}
    if st.kaija and seat == bear_seat(st):
        terrs.add(st.kaija)
    return sorted(terrs, key=node_key)


def on_map(st: State, seat: int) -> int:
    """Units on the map, Kaija included."""
    return sum(u[seat] for u in st.units.values()) + (
        1 if st.kaija and seat == bear_seat(st) else 0)


def regular_on_map(st: State, seat: int) -> int:
    return sum(u[seat] for u in st.units.values())


def supply(st: State, seat: int) -> int:
    """Ordinary units still in the seat's supply (14 figures per colour)."""
    return UNITS_PER_PLAYER - regular_on_map(st, seat)


def kaija_free(st: State, seat: int) -> bool:
    return seat == bear_seat(st) and not st.kaija


def add_units(st: State, terr: str, seat: int, n: int) -> None:
    if n <= 0:
        return
    u = st.units.setdefault(terr, [0] * st.n)
    u[seat] += n


def remove_units(st: State, terr: str, seat: int, n: int) -> int:
    """Take up to n ordinary units off a territory; returns how many went."""
    u = st.units.get(terr)
    if not u:
        return 0
    k = min(n, u[seat])
    u[seat] -= k
    if not any(u):
        del st.units[terr]
    return k


def owners(st: State) -> dict[str, frozenset[int]]:
    """Seats with units per territory (for tile placement: no territory of two players)."""
    out: dict[str, frozenset[int]] = {}
    for t in occupied(st):
        out[t] = frozenset(seats_at(st, t))
    return out


# ---- buildings, monsters, production -------------------------------------------------------
def buildings_in(st: State, terr: str, m: MapInfo | None = None) -> list[str]:
    m = m or geo(st)
    return [st.buildings[k] for k, _ in m.slots.get(terr, ()) if k in st.buildings]


def building_points(st: State, terr: str, m: MapInfo | None = None) -> int:
    return sum(3 if b in LARGE else 1 for b in buildings_in(st, terr, m))


def monsters_in(st: State, terr: str) -> list[str]:
    """Monsters on a territory, in the monster row's order."""
    return [mid for mid in st.monster_row if st.monsters.get(mid) == terr]


def remove_monster(st: State, mid: str) -> None:
    """A defeated monster leaves its territory and the row for the discard pile."""
    st.monsters.pop(mid, None)
    if mid in st.monster_row:
        st.monster_row.remove(mid)
    st.monster_discard.append(mid)


def monster_kinds(st: State, terr: str) -> set[str]:
    gd = data()
    return {gd.monsters[mid].kind for mid in monsters_in(st, terr)}


def hostile_in(st: State, terr: str) -> list[str]:
    gd = data()
    return [mid for mid in monsters_in(st, terr) if gd.monsters[mid].hostile]


def production(st: State, terr: str, m: MapInfo | None = None, tiles: bool = True
               ) -> list[int]:
    """[food, wood, lore] a territory yields in harvest: its printed symbols (not under a
    wolf) and its buildings' products."""
    m = m or geo(st)
    out = [0, 0, 0]
    if tiles and "wolf" not in monster_kinds(st, terr):
        for r in m.res.get(terr, ()):
            out[RES_INDEX[r]] += 1
    gd = data()
    for b in buildings_in(st, terr, m):
        p = gd.buildings[b].produces
        if p:
            out[RES_INDEX[p]] += 1
    return out


def resources_shown(st: State, terr: str, m: MapInfo | None = None) -> int:
    """Resource symbols on the territory's tiles and buildings (monster movement ranks)."""
    m = m or geo(st)
    gd = data()
    return len(m.res.get(terr, ())) + sum(1 for b in buildings_in(st, terr, m)
                                          if gd.buildings[b].produces)


def gain_fame(st: State, seat: int, n: int, ev: list[Event], why: str, **extra: Any) -> None:
    """Fame tokens are face down, but what earns them is public (the log), as at the table."""
    if n == 0:
        return
    st.fame[seat] += n
    emit(ev, "fame", seat=seat, n=n, why=why, **extra)


def gain(st: State, seat: int, amounts: list[int]) -> None:
    for i, k in enumerate(amounts):
        st.res[seat][i] += k


# ---- merging ------------------------------------------------------------------------------
def normalize(st: State, m: MapInfo) -> None:
    """After a tile joined territories, key units, Kaija, monsters and the scorched earth by
    the merged territories' names (a placement never joins two players' units)."""
    units: dict[str, list[int]] = {}
    for t, u in st.units.items():
        r = m.root[t]
        if r in units:
            units[r] = [a + b for a, b in zip(units[r], u, strict=True)]
        else:
            units[r] = u
    st.units = units
    if st.kaija:
        st.kaija = m.root[st.kaija]
    if st.scorch:
        st.scorch = m.root[st.scorch]
    for mid, t in st.monsters.items():
        st.monsters[mid] = m.root[t]

"""How far and how hard a house's forces reach: land areas through ship transport, the
supports that may join a battle, and attack strength. March resolution and battles both count
with these."""

from __future__ import annotations

from rules.agot.board import FOOT, KNIGHT, SHIP, UNIT_STRENGTH, board
from rules.agot.state import State


def transport_reach(st: State, seat: int, origin: str) -> set[str]:
    """Land areas reachable from a land area: adjacent land, or through a chain of seas that
    each hold one of ``seat``'s ships (never another house's)."""
    b = board()
    out = set(b.land_adj[origin])
    out |= ship_coasts(st, seat, [s for s in b.sea_adj[origin] if has_ships(st, seat, s)])
    out.discard(origin)
    return out


def ship_coasts(st: State, seat: int, seas: list[str]) -> set[str]:
    """The land areas on the coasts of the chains of seas holding ``seat``'s ships that start
    at ``seas`` (each of which holds its ships): where those ships carry an army to or from."""
    b = board()
    out: set[str] = set()
    seen: set[str] = set()
    frontier = list(seas)
    while frontier:
        sea = frontier.pop()
        if sea in seen:
            continue
        seen.add(sea)
        for nxt in b.adj[sea]:
            if b.is_sea[nxt]:
                if nxt not in seen and has_ships(st, seat, nxt):
                    frontier.append(nxt)
            else:
                out.add(nxt)
    return out


def has_ships(st: State, seat: int, sea: str) -> bool:
    u = st.units.get(sea)
    return u is not None and u[0] == seat and (u[3] + u[6]) > 0


def support_areas(st: State, battle_area: str) -> dict[str, int]:
    """Areas whose Support order may help a battle here, with the owning seat. Land units never
    support into the sea; nothing supports through ship transport."""
    b = board()
    sea_battle = b.is_sea[battle_area]
    out: dict[str, int] = {}
    for a in b.adj[battle_area]:
        o = st.orders.get(a)
        if o is None or b.tokens[o[1]].kind != "support":
            continue
        if sea_battle and not b.is_sea[a]:
            continue
        if a in st.units:
            out[a] = o[0]
    return out


def support_strength(st: State, area: str, rains: bool, no_ships: bool = False) -> int:
    b = board()
    u = st.units[area]
    s = u[1] * (0 if rains else UNIT_STRENGTH[FOOT]) + u[2] * UNIT_STRENGTH[KNIGHT]
    s += u[3] * (0 if no_ships else UNIT_STRENGTH[SHIP])
    return s + b.tokens[st.orders[area][1]].bonus


def max_support(st: State, area: str) -> int:
    rains = "rains_of_autumn" in st.restrictions
    return sum(support_strength(st, a, rains) for a in support_areas(st, area))


def attack_strength(counts: list[int]) -> int:
    return counts[0] * UNIT_STRENGTH[FOOT] + counts[1] * UNIT_STRENGTH[KNIGHT] + counts[2]

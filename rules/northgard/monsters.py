"""The monster module: the monster deck and row, a monster appearing (setup, a den explored,
"More monsters!"), its activation, and the monster phase (2.5): every monster in the row, left
to right, moves by its priorities and then acts."""

from __future__ import annotations

from rules.base import Action, Event
from rules.northgard.board import (
    building_points,
    controller,
    emit,
    geo,
    has_kaija,
    monsters_in,
    remove_units,
    resources_shown,
    seats_at,
    units_of,
)
from rules.northgard.combat import start_combat
from rules.northgard.data import data
from rules.northgard.geometry import node_key
from rules.northgard.machine import Auto, Decision, pop, push, register
from rules.northgard.state import Frame, State


def reveal(st: State, ev: list[Event]) -> str | None:
    """The top monster card, onto the right end of the row (the discard pile is reshuffled
    when the deck is empty)."""
    if not st.monster_deck and st.monster_discard:
        st.monster_deck = st.rng.shuffled(st.monster_discard)
        st.monster_discard = []
        emit(ev, "monster_deck_reshuffled")
    if not st.monster_deck:
        return None
    mid = st.monster_deck.pop()
    st.monster_row.append(mid)
    return mid


def appear(st: State, terr: str, ev: list[Event], activate: bool, why: str) -> str | None:
    mid = reveal(st, ev)
    if mid is None:
        emit(ev, "no_monster_left", terr=terr)
        return None
    st.monsters[mid] = terr
    emit(ev, "monster_appeared", monster=mid, terr=terr, purpose=why)
    if activate:
        activate_monster(st, mid, ev)
    return mid


def activate_monster(st: State, mid: str, ev: list[Event]) -> None:
    """A draug takes a unit from the territory's controller; a fallen valkyrie attacks it.
    Wolves and bears act only through their lasting effects."""
    terr = st.monsters.get(mid)
    if terr is None:
        return
    kind = data().monsters[mid].kind
    owner = controller(st, terr)
    if owner is None:
        return
    if kind == "draug":
        if remove_units(st, terr, owner, 1) == 0 and has_kaija(st, terr, owner):
            st.kaija = ""
        emit(ev, "draug_took", monster=mid, terr=terr, seat=owner)
    elif kind == "valkyrie":
        start_combat(st, terr, att=-1, dfn=owner, monster=mid, ev=ev)


# ---- the monster phase ---------------------------------------------------------------------
def _rank(st: State, mid: str, terr: str) -> tuple[int, ...]:
    m = geo(st)
    keys = []
    for p in data().monsters[mid].priorities:
        if p == "buildings":
            keys.append(building_points(st, terr, m))
        elif p == "units":
            keys.append(sum(units_of(st, terr, s) for s in seats_at(st, terr)))
        else:
            keys.append(resources_shown(st, terr, m))
    return tuple(keys)


def destinations(st: State, mid: str) -> list[str]:
    """Where the monster may go, best first by its rules; several = a tie the first player
    breaks. Adjacent (rough borders count as regular), never onto another monster, territories
    with units before neutral ones, then the card's priorities."""
    terr = st.monsters[mid]
    m = geo(st)
    free = [t for t in m.neighbours(terr) if not monsters_in(st, t)]
    if not free:
        return []
    manned = [t for t in free if seats_at(st, t)]
    pool = manned or free
    best = max(_rank(st, mid, t) for t in pool)
    return sorted((t for t in pool if _rank(st, mid, t) == best), key=node_key)


def move_monster(st: State, mid: str, to: str, ev: list[Event]) -> None:
    emit(ev, "monster_moved", monster=mid, frm=st.monsters[mid], terr=to)
    st.monsters[mid] = to
    activate_monster(st, mid, ev)


class MonsterPhase(Auto):
    kind = "monster_phase"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["i"] == 0 and not fr.get("started"):
            fr["started"] = True
            emit(ev, "monster_phase")
        while fr["i"] < len(fr["order"]):
            mid = fr["order"][fr["i"]]
            fr["i"] += 1
            if mid not in st.monsters:
                continue
            dests = destinations(st, mid)
            if not dests:
                emit(ev, "monster_stayed", monster=mid, terr=st.monsters[mid])
                activate_monster(st, mid, ev)
                return True
            if len(dests) == 1:
                move_monster(st, mid, dests[0], ev)
                return True
            push(st, "monster_tie", seat=st.first, monster=mid, options=dests)
            return True
        pop(st, fr)
        return True


class MonsterTie(Decision):
    """The first player breaks a tie the monster's priorities leave (N13: first candidate)."""

    kind = "monster_tie"
    actions = ("monster_to",)
    what = "northgard.what.monster_tie"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        return [Action("monster_to", {"terr": t}) for t in fr["options"]]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        move_monster(st, fr["monster"], action.params["terr"], ev)


class SpawnOffer(Decision):
    """"More monsters!": after passing, with fewer monsters on the map than players, the
    passing player may make one appear on a den without a monster (else anywhere without one);
    it does not move but acts."""

    kind = "spawn_offer"
    actions = ("spawn", "no_spawn")
    what = "northgard.what.spawn"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        if len(st.monsters) >= st.n or not (st.monster_deck or st.monster_discard):
            return []
        m = geo(st)
        taken = set(st.monsters.values())
        dens = [t for t in m.roots if m.den[t] and t not in taken]
        spots = dens or [t for t in m.roots if t not in taken]
        return [Action("no_spawn"), *(Action("spawn", {"terr": t}) for t in spots)]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        if action.kind == "spawn":
            appear(st, action.params["terr"], ev, activate=True, why="more")


register(MonsterPhase())
register(MonsterTie())
register(SpawnOffer())

"""Placing a map tile (setup, Explore, a second chance): choose the tile, the cell, then the
rotation; then the merged territories, closing fame, clan rewards and a den's monster; and
placing a group of 3 units (setup, second chance)."""

from __future__ import annotations

from rules.base import Action, Event, Text, text
from rules.northgard.board import (
    add_units,
    controlled,
    controller,
    emit,
    gain,
    gain_fame,
    geo,
    hostile_in,
    kaija_free,
    monster_kinds,
    normalize,
    occupied,
    owners,
    production,
)
from rules.northgard.data import data
from rules.northgard.geometry import Fit, fits, map_info, new_nodes_closed, node, node_key
from rules.northgard.machine import Auto, Decision, pop, push, register
from rules.northgard.monsters import appear
from rules.northgard.state import Frame, State

GROUP = 3


def explore_from(st: State, seat: int) -> set[str]:
    """Open territories the seat controls, without a bear (no exploring from it)."""
    m = geo(st)
    return {t for t in controlled(st, seat)
            if not m.closed[t] and "bear" not in monster_kinds(st, t)}


def explore_refusal(st: State, seat: int) -> str | None:
    """Why the seat cannot explore now (a catalog key), or None when it can: the tile stack
    is empty ("Pokud je sloupek desek prázdný, akci průzkum již nelze provést.") or it
    controls no open territory to explore from ("Průzkum smíte provádět pouze z otevřeného
    území, které ovládáte.")."""
    if not st.tile_stack:
        return "northgard.error.explore_no_tiles"
    if not explore_from(st, seat):
        return "northgard.error.explore_no_territory"
    return None


def tile_fits(st: State, fr: Frame, tile: str) -> list[Fit]:
    purpose = fr["purpose"]
    m = geo(st)
    own = owners(st)
    if purpose == "explore":
        return fits(m, tile, own, touch=explore_from(st, fr["seat"]))
    return fits(m, tile, own, start_only=purpose == "setup1", need_empty=True)


def candidates(st: State, fr: Frame) -> list[str]:
    return st.held[fr["seat"]] if fr["purpose"].startswith("setup") else fr["tiles"]


class PlaceTile(Decision):
    kind = "place_tile"
    actions = ("tile", "cell", "rotate", "back")
    what = "northgard.what.place_tile"

    def _placeable(self, st: State, fr: Frame) -> list[str]:
        seen: list[str] = []
        for t in candidates(st, fr):
            if t not in seen and tile_fits(st, fr, t):
                seen.append(t)
        return seen

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        placeable = self._placeable(st, fr)
        if not placeable:
            return []
        if fr["tile"] is None:
            return [Action("tile", {"tile": t}) for t in placeable]
        fs = tile_fits(st, fr, fr["tile"])
        back = [Action("back")] if len(placeable) > 1 or fr["cell"] is not None else []
        if fr["cell"] is None:
            cells: list[tuple[int, int]] = []
            for f in fs:
                if (f.x, f.y) not in cells:
                    cells.append((f.x, f.y))
            return [*(Action("cell", {"x": x, "y": y}) for x, y in cells), *back]
        x, y = fr["cell"]
        return [*(Action("rotate", {"rot": f.rot}) for f in fs if (f.x, f.y) == (x, y)),
                *back]

    def choose_default(self, st: State, fr: Frame, seat: int, opts: list[Action]) -> Action:
        return next((a for a in opts if a.kind != "back"), opts[0])

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        """Which of the three picks is asked: the tile, its cell, or how it is turned."""
        if fr["tile"] is None:
            return text("northgard.what.place_tile_pick")
        if fr["cell"] is None:
            return text(self.what)
        return text("northgard.what.place_tile_turn")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        placeable = self._placeable(st, fr)
        if fr["tile"] is None and len(placeable) == 1:
            fr["tile"] = placeable[0]
            return True
        if placeable:
            return False
        self._none_fits(st, fr, ev)
        return True

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind == "tile":
            fr["tile"] = action.params["tile"]
        elif action.kind == "cell":
            fr["cell"] = [action.params["x"], action.params["y"]]
        elif action.kind == "back":
            if fr["cell"] is not None:
                fr["cell"] = None
            else:
                fr["tile"] = None
        else:
            x, y = fr["cell"]
            place(st, fr, x, y, int(action.params["rot"]), ev)

    def _none_fits(self, st: State, fr: Frame, ev: list[Event]) -> None:
        """No drawn tile fits: they go back and a new one is drawn (if the stack allows)."""
        seat, purpose = fr["seat"], fr["purpose"]
        fr["tile"] = fr["cell"] = None
        if purpose.startswith("setup"):
            if st.tile_stack and fr["tries"] < 40:
                fr["tries"] += 1
                st.held[seat].append(st.tile_stack.pop())
                emit(ev, "tile_redrawn", seat=seat)
                return
            # Nothing fits anywhere: the group goes on any empty territory (our fallback).
            pop(st, fr)
            push(st, "place_group", seat=seat, purpose="anywhere", p=-1)
            return
        back, fr["tiles"] = fr["tiles"], []
        # Explore: "…umístěte je zpět do sloupku desek a doberte si novou desku, kterou
        # přiložíte místo nich, pokud je to možné." One new tile, drawn from the rest of the
        # stack (drawing back a tile that did not fit would make the second chance none);
        # if it does not fit either, the Explore fails.
        if purpose == "explore":
            limit = 1 if explore_from(st, seat) else 0
        else:  # the second chance: a tile is found for the clan while the stack lasts
            limit = len(st.tile_stack) + len(back)
        drawn = st.tile_stack.pop() if st.tile_stack and fr["tries"] < limit else None
        if back:
            st.tile_stack = st.rng.shuffled(st.tile_stack + back)
        if drawn is not None:
            fr["tries"] += 1
            fr["tiles"] = [drawn]
            emit(ev, "tile_redrawn", seat=seat)
            return
        emit(ev, "explore_failed" if purpose == "explore" else "no_room", seat=seat)
        pop(st, fr)


def place(st: State, fr: Frame, x: int, y: int, rot: int, ev: list[Event]) -> None:
    seat, purpose, tile = fr["seat"], fr["purpose"], fr["tile"]
    before = geo(st)
    if purpose.startswith("setup"):
        st.held[seat].remove(tile)
    else:
        fr["tiles"].remove(tile)
        if fr["tiles"]:
            st.tile_stack = st.rng.shuffled(st.tile_stack + fr["tiles"])
            fr["tiles"] = []
    st.placements.append([tile, x, y, rot])
    p = len(st.placements) - 1
    after = map_info(st.placements)
    normalize(st, after)
    emit(ev, "tile_placed", seat=seat, tile=tile, x=x, y=y, rot=rot, p=p, purpose=purpose)
    closed = new_nodes_closed(before, after)
    for r in closed:
        emit(ev, "territory_closed", terr=r, span=after.span[r], seat=controller(st, r)
             if controller(st, r) is not None else -1)
    pop(st, fr)
    if purpose == "explore":
        _explore_rewards(st, seat, closed, ev)
    den = next((after.root[node(p, t)] for t, terr in enumerate(data().tiles[tile].territories)
                if terr.den), None)
    if purpose.startswith("setup") or purpose == "second":
        push(st, "place_group", seat=seat, purpose=purpose, p=p)
    if st.monsters_on and den is not None:
        # Setup: the monster appears before the units and does not act; exploring: it acts.
        appear(st, den, ev, activate=purpose == "explore", why=purpose)


def _explore_rewards(st: State, seat: int, closed: list[str], ev: list[Event]) -> None:
    """Closing fame (1 per tile the territory spans, only for your own territory, in your
    turn) and the Boar, Raven and Stag abilities."""
    clan = st.clans[seat]
    mine = [r for r in closed if controller(st, r) == seat]
    m = geo(st)
    for r in mine:
        gain_fame(st, seat, m.span[r], ev, "closed", terr=r)
        if clan == "stag":
            gain_fame(st, seat, 1, ev, "stag_closed", terr=r)
        if clan == "raven":
            got = production(st, r, m)
            gain(st, seat, got)
            emit(ev, "raven_harvest", seat=seat, terr=r, res=got)
    if clan == "boar" and not closed:
        gain_fame(st, seat, 1, ev, "boar")


def group_spots(st: State, fr: Frame) -> list[str]:
    m = geo(st)
    taken = occupied(st)
    if fr["p"] >= 0:
        p = fr["p"]
        tile = st.placements[p][0]
        spots = {m.root[node(p, t)] for t in range(len(data().tiles[tile].territories))}
    else:
        spots = set(m.roots)
    return sorted((t for t in spots if t not in taken and not hostile_in(st, t)), key=node_key)


class PlaceGroup(Decision):
    """A group of 3 units on an empty territory (of the new tile in setup and when a second
    chance needed a tile). The Bear clan may bring Kaija as one of the three."""

    kind = "place_group"
    actions = ("group",)
    what = "northgard.what.place_group"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        out = []
        for t in group_spots(st, fr):
            out.append(Action("group", {"terr": t, "kaija": False}))
            if kaija_free(st, seat):
                out.append(Action("group", {"terr": t, "kaija": True}))
        return out

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        terr, kaija = action.params["terr"], bool(action.params["kaija"])
        add_units(st, terr, seat, GROUP - (1 if kaija else 0))
        if kaija:
            st.kaija = terr
        emit(ev, "group_placed", seat=seat, terr=terr, kaija=kaija, purpose=fr["purpose"])
        pop(st, fr)

    def on_empty(self, st: State, fr: Frame, ev: list[Event]) -> None:
        emit(ev, "no_room", seat=fr["seat"])
        pop(st, fr)


class SecondChance(Auto):
    """End of year B: a player without units places 3 on a neutral territory; with none on the
    map, a new tile is drawn and placed to make one."""

    kind = "second_chance"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        seat = fr["seat"]
        pop(st, fr)
        if controlled(st, seat):
            return True
        emit(ev, "second_chance", seat=seat)
        probe = {"p": -1}
        if group_spots(st, probe):
            push(st, "place_group", seat=seat, purpose="second_any", p=-1)
        elif st.tile_stack:
            push(st, "place_tile", seat=seat, purpose="second", tiles=[st.tile_stack.pop()],
                 tile=None, cell=None, tries=0)
        return True

    def label(self, st: State, fr: Frame) -> object:
        return text("northgard.what.second_chance")


register(PlaceTile())
register(PlaceGroup())
register(SecondChance())

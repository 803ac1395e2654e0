"""Building: roads, settlements, keeps, guards and development cards; placement rules."""

from __future__ import annotations

from bisect import insort
from itertools import compress

from rules.base import text
from rules.catan_watch.common import Events, counts_json, ev, illegal, missing_message, pay
from rules.catan_watch.data import COSTS, FIELDS_PER_SECTION, N_SECTIONS, TERRAIN_RESOURCE
from rules.catan_watch.names import corner_name, path_name
from rules.catan_watch.specials import update_longest
from rules.catan_watch.state import State, add_harbour
from rules.catan_watch.wildlings import draw_token, reveal
from rules.kit import cards

SETTLEMENTS, KEEPS, ROADS, GUARDS = 0, 1, 2, 3


# ---- placement predicates --------------------------------------------------------------
def distance_ok(state: State, v: int) -> bool:
    owner = state.owner
    return owner[v] == -1 and all(owner[w] == -1 for w in state.geo.vertex_neighbours[v])


def touches_own_road(state: State, seat: int, v: int) -> bool:
    road = state.road
    return any(road[e] == seat for e in state.geo.vertex_edges[v])


def road_connects(state: State, seat: int, e: int) -> bool:
    """A road continues your road or touches your building; your road does not continue
    through a corner holding an opponent's settlement or keep."""
    owner, road = state.owner, state.road
    for v, others in state.geo.edge_adj[e]:
        o = owner[v]
        if o == seat:
            return True
        if o != -1:
            continue
        for f in others:
            if road[f] == seat:
                return True
    return False


def _network_vertices(state: State, seat: int) -> set[int]:
    """Corners touched by the seat's roads."""
    ev_ = state.geo.edge_vertices
    out: set[int] = set()
    for e in state.roads_of[seat]:
        out.update(ev_[e])
    return out


def settlement_spots(state: State, seat: int) -> list[int]:
    """Free corners (distance rule) on the seat's roads: kept up to date in state.spots."""
    return sorted(state.spots[seat])


def has_settlement_spot(state: State, seat: int) -> bool:
    return bool(state.spots[seat])


def setup_settlement_spots(state: State) -> list[int]:
    """Every corner free by the distance rule (kept up to date in state.free)."""
    return list(compress(range(len(state.free)), state.free))


def road_spots(state: State, seat: int) -> list[int]:
    """Every free path next to one of your buildings or to a free corner your roads reach
    (what road_connects accepts: a corner an opponent holds passes nothing on, and a path
    through it that does connect is found from its other end)."""
    geo = state.geo
    road, owner, ev_, v_edges = state.road, state.owner, geo.edge_vertices, geo.vertex_edges
    frontier = set(state.corners_of[seat])
    for e in state.roads_of[seat]:
        a, b = ev_[e]
        if owner[a] == -1:
            frontier.add(a)
        if owner[b] == -1:
            frontier.add(b)
    return sorted({e for v in frontier for e in v_edges[v] if road[e] == -1})


def setup_road_spots(state: State) -> list[int]:
    v = state.setup_last_vertex
    return [e for e in state.geo.vertex_edges[v] if state.road[e] == -1]


def keep_spots(state: State, seat: int) -> list[int]:
    building = state.building
    return [v for v in state.corners_of[seat] if building[v] == 1]


def guard_sections(state: State) -> list[int]:
    return [s for s in range(N_SECTIONS) if len(state.guards[s]) < FIELDS_PER_SECTION]


# ---- checks with player-facing messages ------------------------------------------------
def need(state: State, seat: int, what: str) -> None:
    msg = missing_message(state.hands[seat], COSTS[what])
    if msg:
        raise illegal(msg)


def check_settlement_spot(state: State, seat: int, v: int, setup: bool) -> None:
    owner = state.owner
    if owner[v] != -1:
        raise illegal(text("catan.error.corner_taken"))
    if not distance_ok(state, v):
        raise illegal(text("catan.error.distance_rule"))
    if not setup and not touches_own_road(state, seat, v):
        raise illegal(text("catan.error.settlement_road"))


def check_road_spot(state: State, seat: int, e: int) -> None:
    if state.road[e] != -1:
        raise illegal(text("catan.error.path_taken"))
    if not road_connects(state, seat, e):
        raise illegal(text("catan.error.road_connect"))


def check_guard_section(state: State, seat: int, section: int) -> None:
    if state.pieces[seat][GUARDS] <= 0:
        raise illegal(text("catan.error.no_guards"))
    if len(state.guards[section]) >= FIELDS_PER_SECTION:
        raise illegal(text("catan.error.section_full"))


# ---- effects ---------------------------------------------------------------------------
def put_road(state: State, seat: int, e: int, events: Events, free: bool) -> None:
    state.road[e] = seat
    # The per-seat lists and sets are replaced, never edited: clones share them.
    state.roads_of[seat] = [*state.roads_of[seat], e]
    open_corner = state.free
    new = [v for v in state.geo.edge_vertices[e] if open_corner[v]]
    if new:
        state.spots[seat] = state.spots[seat].union(new)
    state.pieces[seat][ROADS] -= 1
    events.append(ev("road_built", {"seat": seat, "edge": e, "free": free,
                                    "at": path_name(state.layout.shape, e)}))
    update_longest(state, [seat], events)


def put_settlement(state: State, seat: int, v: int, events: Events, setup: bool) -> None:
    state.owner[v] = seat
    state.building[v] = 1
    # The per-seat lists and sets are replaced, never edited: clones share them.
    corners = state.corners_of[seat][:]
    insort(corners, v)
    state.corners_of[seat] = corners
    bit = 1 << seat
    hex_owners = state.hex_owners
    for h in state.geo.vertex_hexes[v]:
        hex_owners[h] |= bit
    harbour = state.layout.harbour[v]
    if harbour >= 0:
        rates = state.rates[seat][:]
        add_harbour(rates, harbour)
        state.rates[seat] = rates
    gone = {v, *state.geo.vertex_neighbours[v]}  # no longer free by the distance rule
    all_spots = state.spots
    for s, spots in enumerate(all_spots):
        if not spots.isdisjoint(gone):
            all_spots[s] = spots - gone
    open_corner = state.free
    for w in gone:
        open_corner[w] = False
    _income_changed(state, v)
    state.pieces[seat][SETTLEMENTS] -= 1
    events.append(ev("settlement_built", {"seat": seat, "vertex": v, "setup": setup,
                                          "at": corner_name(state.layout.shape, v)}))
    # A settlement can cut opponents' roads running through this corner.
    cut = sorted({state.road[e] for e in state.geo.vertex_edges[v]} - {-1, seat})
    if cut:
        update_longest(state, cut, events)
    # "Vždy, když postavíte osadu, otočte žeton Divokého ležící na kartě stavebních nákladů
    # pod ní." — the set-up settlements too: they come off the cost card like any other.
    if state.nw:
        tokens = state.card_settlement_tokens[seat]
        if tokens:
            reveal(state, tokens.pop(), "settlement", events)


def _income_changed(state: State, v: int) -> None:
    """Forget the yields of the dice totals on the hexes around corner v (a new dict:
    clones may share the old one)."""
    number = state.layout.number
    stale = {number[h] for h in state.geo.vertex_hexes[v]}
    state.income = {t: e for t, e in state.income.items() if t not in stale}


def put_guard(state: State, seat: int, section: int, events: Events, how: str) -> None:
    state.guards[section].append(seat)  # the lowest free field
    state.pieces[seat][GUARDS] -= 1
    events.append(ev("guard_built", {
        "seat": seat, "section": section, "field": len(state.guards[section]), "how": how,
    }))


def build_road(state: State, seat: int, e: int, events: Events) -> None:
    if state.pieces[seat][ROADS] <= 0:
        raise illegal(text("catan.error.no_roads"))
    check_road_spot(state, seat, e)
    need(state, seat, "road")
    pay(state, seat, COSTS["road"])
    state.built = True  # step 3 has begun: no more trading this turn
    put_road(state, seat, e, events, free=False)


def build_settlement(state: State, seat: int, v: int, events: Events) -> None:
    if state.pieces[seat][SETTLEMENTS] <= 0:
        raise illegal(text("catan.error.no_settlements"))
    check_settlement_spot(state, seat, v, setup=False)
    need(state, seat, "settlement")
    pay(state, seat, COSTS["settlement"])
    state.built = True  # step 3 has begun: no more trading this turn
    put_settlement(state, seat, v, events, setup=False)


def build_keep(state: State, seat: int, v: int, events: Events) -> None:
    if state.owner[v] != seat or state.building[v] != 1:
        raise illegal(text("catan.error.keep_own"))
    if state.pieces[seat][KEEPS] <= 0:
        raise illegal(text("catan.error.no_keeps"))
    need(state, seat, "keep")
    pay(state, seat, COSTS["keep"])
    state.built = True  # step 3 has begun: no more trading this turn
    state.building[v] = 2
    _income_changed(state, v)
    state.pieces[seat][KEEPS] -= 1
    state.pieces[seat][SETTLEMENTS] += 1
    events.append(ev("keep_built", {"seat": seat, "vertex": v,
                                    "at": corner_name(state.layout.shape, v)}))
    if state.nw:
        under = state.card_keep_tokens[seat].pop() if state.card_keep_tokens[seat] else []
        for token in under:
            reveal(state, token, "keep", events)
            if state.result is not None:
                return
        # The returned settlement goes back on the cost card over a fresh token.
        fresh = draw_token(state)
        if fresh is not None:
            state.card_settlement_tokens[seat].append(fresh)


def build_guard(state: State, seat: int, section: int, events: Events) -> None:
    check_guard_section(state, seat, section)
    need(state, seat, "guard")
    pay(state, seat, COSTS["guard"])
    state.built = True  # step 3 has begun: no more trading this turn
    put_guard(state, seat, section, events, "built")


def buy_development(state: State, seat: int, events: Events) -> None:
    if not state.dev_deck:
        raise illegal(text("catan.error.deck_empty"))
    need(state, seat, "development")
    pay(state, seat, COSTS["development"])
    state.built = True  # step 3 has begun: no more trading this turn
    (card,) = cards.draw(state.dev_deck, 1, state.rng)
    take_development(state, seat, card, events)


def take_development(state: State, seat: int, card: str, events: Events) -> None:
    state.dev_hand[seat].append(card)
    state.dev_new.append(card)
    events.append(ev("development_bought", {"seat": seat, "left": len(state.dev_deck)}))
    events.append(ev("development_drawn", {"seat": seat, "card": card}, frozenset({seat})))


def setup_yield(state: State, seat: int, v: int, events: Events) -> None:
    """The second settlement of the set-up yields 1 card per adjacent land hex."""
    got = [0] * 5
    for h in state.geo.vertex_hexes[v]:
        r = TERRAIN_RESOURCE[state.layout.terrain[h]]
        if r >= 0 and state.bank[r] > 0:
            got[r] += 1
            state.bank[r] -= 1
            state.hands[seat][r] += 1
    events.append(ev("setup_yield", {"seat": seat, "cards": counts_json(got)}))

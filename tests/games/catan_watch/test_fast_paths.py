"""The engine's fast paths against plain reference implementations: the inlined generator
against rules.rng.Rng, the pruned Longest Road search against an exhaustive one, and the
incremental bookkeeping against a rebuild from scratch."""

from __future__ import annotations

import copy

import pytest

from rules.base import Action, Event
from rules.catan_watch import RULES, common
from rules.catan_watch.agent import option_action, uniform_action, uniform_options
from rules.catan_watch.build import (
    distance_ok,
    road_connects,
    road_spots,
    settlement_spots,
    touches_own_road,
)
from rules.catan_watch.common import counts_json
from rules.catan_watch.data import RESOURCES
from rules.catan_watch.longest_road import longest_road
from rules.catan_watch.points import hidden_vp, public_vp, total_vp
from rules.catan_watch.production import income, produce
from rules.catan_watch.state import State, reindex
from rules.rng import Rng


@pytest.mark.parametrize("seed", [0, 1, 7, -3, 2**70])
def test_generator_helpers_draw_exactly_like_rng(seed: int) -> None:
    for n in [*range(1, 70), 100, 1000]:
        a, b = Rng(seed, 5), Rng(seed, 5)
        assert [a.randbelow(n) for _ in range(40)] == [common.randbelow(b, n) for _ in range(40)]
        assert a.counter == b.counter
    a, b = Rng(seed), Rng(seed)
    assert [a.die(6) for _ in range(30)] == [common.die(b, 6) for _ in range(30)]
    assert [a.die(12) for _ in range(30)] == [common.die(b, 12) for _ in range(30)]
    for _ in range(30):
        assert [a.die(6), a.die(6), a.die(12)] == common.roll_dice(b, (6, 6, 12))
        assert a.counter == b.counter
    items = list(range(23))
    assert a.choice(items) == common.choice(b, items)
    assert a.sample(items, 9) == common.sample(b, items, 9)
    x, y = items[:], items[:]
    a.shuffle(x)
    common.shuffle(b, y)
    assert x == y and a.counter == b.counter


def test_generator_helpers_fall_back_to_other_generators() -> None:
    class Fixed:
        def randbelow(self, n: int) -> int:
            return n - 1

    assert common.randbelow(Fixed(), 6) == 5
    assert common.choice(Fixed(), "abc") == "c"


def _reference_longest(state: State, seat: int) -> int:
    """Exhaustive: a depth-first search from every corner touched by the seat's roads."""
    road, owner, geo = state.road, state.owner, state.geo
    best = 0

    def dfs(v: int, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        if length and owner[v] not in (-1, seat):
            return
        for e in geo.vertex_edges[v]:
            if road[e] == seat and e not in used:
                a, b = geo.edge_vertices[e]
                dfs(b if a == v else a, used | {e}, length + 1)

    for e, o in enumerate(road):
        if o == seat:
            for v in geo.edge_vertices[e]:
                dfs(v, frozenset(), 0)
    return best


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_longest_road_matches_exhaustive_search(mode: str) -> None:
    rng = Rng(99)
    for trial in range(300):
        s = RULES.new_game({"mode": mode}, 4, trial)
        n_edges, n_vertices = s.geo.n_edges, s.geo.n_vertices
        # Dense random networks (loops, forks, figure eights) plus opponents' buildings.
        for e in range(n_edges):
            if rng.randbelow(3) == 0:
                s.road[e] = rng.randbelow(2)
        for _ in range(rng.randbelow(8)):
            s.owner[rng.randbelow(n_vertices)] = rng.randbelow(4)
        reindex(s)
        for seat in range(2):
            assert longest_road(s, seat) == _reference_longest(s, seat), (trial, seat)


def test_longest_road_of_plain_loops() -> None:
    s = RULES.new_game({}, 4, 1)
    ring = s.geo.hex_vertices[9]
    for k in range(6):
        a, b = ring[k], ring[(k + 1) % 6]
        s.road[s.geo.edge_of[(min(a, b), max(a, b))]] = 0
    reindex(s)
    assert longest_road(s, 0) == 6


_DERIVED = ("roads_of", "corners_of", "spots", "free", "hex_owners", "rates")


@pytest.mark.parametrize("config", [{}, {"mode": "nights_watch"}])
def test_bookkeeping_matches_a_rebuild(config: dict[str, str]) -> None:
    """Road lists kept up to date move by move equal the ones rebuilt from the board."""
    for seed in range(6):
        s = RULES.new_game(config, 4, seed)
        rng = Rng(seed)
        while s.result is None:
            seat = min(RULES.awaiting(s))
            RULES.step(s, seat, RULES.random_action(s, seat, rng))
            kept = {k: copy.deepcopy(getattr(s, k)) for k in _DERIVED}
            kept["roads_of"] = [sorted(r) for r in kept["roads_of"]]
            cached = s.income
            reindex(s)
            assert kept == {k: getattr(s, k) for k in _DERIVED}
            assert s.free == [  # the distance rule, as written
                s.owner[v] == -1 and all(s.owner[w] == -1 for w in s.geo.vertex_neighbours[v])
                for v in range(len(s.owner))]
            assert all(cached[t] == income(s, t) for t in cached)
            assert s.road_len == [_reference_longest(s, p) for p in range(s.n)]
            assert [total_vp(s, p) for p in range(s.n)] == [
                public_vp(s, p) + hidden_vp(s, p) for p in range(s.n)]
            if s.turn % 3 == 0:
                for p in range(s.n):
                    assert road_spots(s, p) == [
                        e for e in range(s.geo.n_edges)
                        if s.road[e] == -1 and road_connects(s, p, e)]
                    assert settlement_spots(s, p) == [
                        v for v in range(s.geo.n_vertices)
                        if distance_ok(s, v) and touches_own_road(s, p, v)]


def _reference_produce(state: State, total: int) -> list[Event]:
    """The yield rule written plainly, resource by resource."""
    events: list[Event] = []
    geo, lay = state.geo, state.layout
    want = [[0] * 5 for _ in range(state.n)]
    for h, r in lay.producing.get(total, ()):
        if h == state.tormund or (state.nw and state.gift[h]):
            continue
        for v in geo.hex_vertices[h]:
            if state.owner[v] >= 0:
                want[state.owner[v]][r] += state.building[v]
    got = [[0] * 5 for _ in range(state.n)]
    for r in range(5):
        demand = sum(w[r] for w in want)
        if not demand:
            continue
        takers = [s for s in range(state.n) if want[s][r]]
        if demand <= state.bank[r]:
            for s in takers:
                got[s][r] = want[s][r]
        else:
            if len(takers) == 1:
                got[takers[0]][r] = state.bank[r]
            events.append(Event("bank_short", {"resource": RESOURCES[r], "takers": takers}))
        for s in takers:
            state.bank[r] -= got[s][r]
            state.hands[s][r] += got[s][r]
    state.got_yield = any(got[state.current])
    cards = {str(s): counts_json(got[s]) for s in range(state.n) if any(got[s])}
    events.append(Event("yields", {"total": total, "cards": cards}))
    return events


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_yields_match_the_plain_rule(mode: str) -> None:
    rng = Rng(5)
    for trial in range(300):
        s = RULES.new_game({"mode": mode, "layout": "variable"}, 3 + trial % 2, trial)
        for _ in range(rng.randbelow(14)):
            v = rng.randbelow(s.geo.n_vertices)
            s.owner[v] = rng.randbelow(s.n)
            s.building[v] = 1 + rng.randbelow(2)
        s.bank = [rng.randbelow(5) for _ in range(5)]  # short banks on purpose
        s.tormund = rng.randbelow(len(s.layout.number))
        if s.nw:
            s.gift = ["regular" if rng.randbelow(4) == 0 else "" for _ in s.gift]
        reindex(s)
        for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            a, b = s.copy(), s.copy()
            fast: list[Event] = []
            produce(a, total, fast)
            plain = _reference_produce(b, total)
            assert [e.to_json() for e in fast] == [e.to_json() for e in plain]
            assert [list(e.data.get("cards", ())) for e in fast] == [
                list(e.data.get("cards", ())) for e in plain]
            assert (a.hands, a.bank, a.got_yield) == (b.hands, b.bank, b.got_yield)


@pytest.mark.parametrize(("mode", "n"), [("base", 4), ("base", 3), ("nights_watch", 4)])
def test_uniform_player_chooses_among_exactly_the_concrete_legal_actions(mode: str,
                                                                          n: int) -> None:
    """The benchmark's uniformly random player: its compact options, made into actions, are
    the concrete legal actions, no more and no fewer, at every step of whole games."""
    checked = 0
    for seed in range(2):
        state = RULES.new_game({"mode": mode}, n, seed)
        rng = Rng(seed + 11)
        while state.result is None and state.turn < 400:
            seat = min(RULES.awaiting(state))
            options = uniform_options(state, seat)
            if options is not None:
                made = [option_action(o) for o in options]
                legal = [a for a in RULES.legal_actions(state, seat) if isinstance(a, Action)]
                assert len(made) == len(set(made))
                assert set(made) == set(legal), state.phase
                checked += 1
            RULES.step(state, seat, uniform_action(state, seat, rng))
    assert checked > 500

"""A new game: config, board, decks, wildling tokens, heroes and the set-up rounds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import RuleViolation, text
from rules.catan_watch.board import beginner_layout, geometry, variable_layout
from rules.catan_watch.build import (
    check_guard_section,
    check_settlement_spot,
    put_guard,
    put_road,
    put_settlement,
    setup_road_spots,
    setup_yield,
)
from rules.catan_watch.common import Events, die, ev, illegal, int_param, piece_text
from rules.catan_watch.data import (
    BANK_START,
    COMPONENTS,
    DEV_CARDS,
    HEROES,
    N_SECTIONS,
    PIECES,
    STARTING_HEROES,
    WILDLING_TYPES,
)
from rules.catan_watch.phases import ROLL, SETUP
from rules.catan_watch.state import BASE, NIGHTS_WATCH, State, seal_base
from rules.kit import cards
from rules.rng import Rng

CONFIG_DEFAULTS: dict[str, Any] = {"mode": BASE, "layout": "beginner", "heroes_tragedy": False}


def check_config(config: Mapping[str, Any], n_seats: int) -> dict[str, Any]:
    unknown = set(config) - set(CONFIG_DEFAULTS)
    if unknown:
        raise RuleViolation("bad_config", text("catan.error.unknown_options",
                                                names=", ".join(sorted(unknown))))
    cfg = {**CONFIG_DEFAULTS, **config}
    if cfg["mode"] not in (BASE, NIGHTS_WATCH):
        raise RuleViolation("bad_config", text("catan.error.mode_values"))
    if cfg["layout"] not in ("beginner", "variable"):
        raise RuleViolation("bad_config", text("catan.error.layout_values"))
    if not isinstance(cfg["heroes_tragedy"], bool):
        raise RuleViolation("bad_config", text("catan.error.tragedy_bool"))
    if cfg["heroes_tragedy"] and cfg["mode"] != NIGHTS_WATCH:
        raise RuleViolation("bad_config", text("catan.error.tragedy_nw"))
    if not 3 <= n_seats <= 4:
        raise RuleViolation("bad_config", text("catan.error.seats"))
    return cfg


def new_game(config: Mapping[str, Any], n: int, seed: int) -> State:
    cfg = check_config(config, n)
    rng = Rng(seed)
    nw = cfg["mode"] == NIGHTS_WATCH
    shape = f"gift_{n}" if nw else "base_beginner"
    layout = beginner_layout(shape) if cfg["layout"] == "beginner" else variable_layout(shape, rng)
    geo = geometry(shape)
    s = State.__new__(State)
    s.mode = cfg["mode"]
    s.nw = nw
    s.layout_kind = cfg["layout"]
    s.tragedy_variant = cfg["heroes_tragedy"]
    s.n = n
    s.layout = layout
    s.geo = geo
    s.rng = rng
    s.start_rolls = []
    s.first = _starting_player(s) if nw else 0  # base game: the oldest player, seat 0
    order = [(s.first + i) % n for i in range(n)]
    s.setup_queue = setup_queue(s.first, n, nw)
    s.setup_last_vertex = -1
    s.phase = SETUP
    s.turn = 0
    s.current = s.first
    s.building = [0] * geo.n_vertices
    s.owner = [-1] * geo.n_vertices
    s.road = [-1] * geo.n_edges
    s.roads_of = [[] for _ in range(n)]
    s.corners_of = [[] for _ in range(n)]
    s.spots = [set() for _ in range(n)]
    s.income = {}
    s.hex_owners = [0] * len(geo.hexes)
    s.free = [True] * geo.n_vertices
    s.rates = [[3 if nw else 4] * 5 for _ in range(n)]  # the bank: 4:1 (3:1 in Night's Watch)
    s.tormund = -1 if nw else layout.terrain.index("ice_field")
    s.hands = [[0] * 5 for _ in range(n)]
    s.bank = [BANK_START] * 5
    deck = [c["id"] for c in DEV_CARDS.values() if nw or c["base"] for _ in range(c["count"])]
    s.dev_deck = cards.shuffled_deck(deck, rng)
    s.dev_hand = [[] for _ in range(n)]
    s.dev_new = []
    s.dev_played_turn = -1
    s.watches = [0] * n
    s.pieces = [
        [PIECES["settlement"], PIECES["keep"], PIECES["road"], PIECES["guard"] if nw else 0]
        for _ in range(n)
    ]
    s.road_len = [0] * n
    s.longest = -1
    s.largest = -1
    s.rolled = False
    s.dice = []
    s.pending_discard = {}
    s.discard_need = {}
    s.return_phase = ROLL
    s.trade = None
    s.trade_count = 0
    s.free_roads = 0
    s.result = None
    s.guards = [[] for _ in range(N_SECTIONS)] if nw else []
    s.breaches = 0
    s.clans = [[] for _ in range(3)] if nw else []
    s.clearings = [[] for _ in range(N_SECTIONS)] if nw else []
    s.gift = [""] * len(layout.number) if nw else []
    s.tokens = []
    s.token_discard = []
    s.card_settlement_tokens = [[] for _ in range(n)]
    s.card_keep_tokens = [[] for _ in range(n)]
    s.hero = [0] * n
    s.hero_side = ["A"] * n
    s.hero_turn = [0] * n
    s.hero_offer = []
    s.hero_used_turn = -1
    s.pending = None
    s.wild_pending = 0
    s.got_yield = False
    s.built = False
    if nw:
        _wildling_setup(s)
        _hero_setup(s, order)
    seal_base(s)
    return s


def _starting_player(s: State) -> int:
    """Night's Watch mode: everyone rolls one die, highest starts (ties roll again)."""
    contenders = list(range(s.n))
    while True:
        rolls = [die(s.rng, 6) for _ in contenders]
        s.start_rolls.append([rolls[contenders.index(i)] if i in contenders else 0
                              for i in range(s.n)])
        top = max(rolls)
        contenders = [c for c, r in zip(contenders, rolls, strict=False) if r == top]
        if len(contenders) == 1:
            return contenders[0]


def _wildling_setup(s: State) -> None:
    per_clan = COMPONENTS["wildling_tokens"]["per_clan"]
    tokens = [(t, clan) for clan in range(3) for t in WILDLING_TYPES for _ in range(per_clan[t])]
    supply = cards.shuffled_deck(tokens, s.rng)
    # "Položte po 1 Žetonu Divokého lícem dolů na každé pole pro osadu na svých přehledových
    # kartách stavebních nákladů…": one face-down token under every settlement space of the
    # cost card (the set-up settlements flip theirs when placed), two under each keep; the
    # rest is the general supply.
    for seat in range(s.n):
        s.card_settlement_tokens[seat] = cards.draw(supply, PIECES["settlement"], s.rng)
        s.card_keep_tokens[seat] = [cards.draw(supply, 2, s.rng) for _ in range(PIECES["keep"])]
    s.tokens = supply


def _hero_setup(s: State, order: list[int]) -> None:
    start = STARTING_HEROES[s.n]
    for k, seat in enumerate(order):
        s.hero[seat] = start[k]
    s.hero_offer = sorted(set(HEROES) - set(start))


def setup_step(state: State, seat: int, kind: str, params: Mapping[str, Any],
               events: Events) -> None:
    step = state.setup_queue[0][1]
    expected = {"settlement": "place_settlement", "road": "place_road", "guard": "place_guard"}
    if kind != expected[step]:
        raise RuleViolation("wrong_phase", text("catan.error.setup_place", piece=piece_text(step),
                                                 action=expected[step]))
    if step == "settlement":
        v = int_param(params, "vertex", 0, state.geo.n_vertices, "corner")
        check_settlement_spot(state, seat, v, setup=True)
        second = state.pieces[seat][0] == 4
        put_settlement(state, seat, v, events, setup=True)
        state.setup_last_vertex = v
        if second:
            setup_yield(state, seat, v, events)
    elif step == "road":
        e = int_param(params, "edge", 0, state.geo.n_edges, "path")
        if e not in setup_road_spots(state):
            raise illegal(text("catan.error.setup_road"))
        put_road(state, seat, e, events, free=True)
    else:
        section = int_param(params, "section", 0, N_SECTIONS, "wall section")
        check_guard_section(state, seat, section)
        put_guard(state, seat, section, events, "setup")
    state.setup_queue.pop(0)
    if state.setup_queue:
        state.current = state.setup_queue[0][0]
    else:
        state.turn = 1
        state.current = state.first
        state.phase = ROLL
        events.append(ev("turn_started", {"seat": state.current, "turn": state.turn}))


def setup_queue(first: int, n: int, nw: bool) -> list[list[Any]]:
    """The set-up placements in order: a settlement and a road each from the first player
    round, then back in reverse, then (Night's Watch) a guard each."""
    order = [(first + i) % n for i in range(n)]
    queue: list[list[Any]] = []
    for seat in order:
        queue += [[seat, "settlement"], [seat, "road"]]
    for seat in reversed(order):
        queue += [[seat, "settlement"], [seat, "road"]]
    if nw:
        queue += [[seat, "guard"] for seat in order]
    return queue

"""The game state: plain lists and ints in one slotted object, cloned by hand for speed."""

from __future__ import annotations

from typing import Any

from rules.catan_watch.board import ANY_HARBOUR, Geometry, Layout, geometry
from rules.rng import Rng

BASE = "base"
NIGHTS_WATCH = "nights_watch"

Token = tuple[str, int]  # (wildling type, clan index)


class State:
    __slots__ = (
        "bank",
        "breaches",
        "building",
        "built",
        "card_keep_tokens",
        "card_settlement_tokens",
        "clans",
        "clearings",
        "corners_of",
        "current",
        "dev_deck",
        "dev_hand",
        "dev_new",
        "dev_played_turn",
        "dice",
        "discard_need",
        "first",
        "free",
        "free_roads",
        "geo",
        "gift",
        "got_yield",
        "guards",
        "hands",
        "hero",
        "hero_offer",
        "hero_side",
        "hero_turn",
        "hero_used_turn",
        "hex_owners",
        "income",
        "largest",
        "layout",
        "layout_kind",
        "longest",
        "mode",
        "n",
        "nw",
        "owner",
        "pending",
        "pending_discard",
        "phase",
        "pieces",
        "rates",
        "result",
        "return_phase",
        "rng",
        "road",
        "road_len",
        "roads_of",
        "rolled",
        "setup_last_vertex",
        "setup_queue",
        "spots",
        "start_rolls",
        "token_discard",
        "tokens",
        "tormund",
        "trade",
        "trade_count",
        "tragedy_variant",
        "turn",
        "watches",
        "wild_pending",
    )

    mode: str
    nw: bool  # mode == NIGHTS_WATCH
    layout_kind: str
    tragedy_variant: bool
    n: int
    layout: Layout
    geo: Geometry
    rng: Rng
    phase: str
    turn: int
    current: int
    first: int
    setup_queue: list[list[Any]]  # [seat, step] still to do, step in settlement/road/guard
    setup_last_vertex: int
    building: list[int]  # per vertex: 0 empty, 1 settlement, 2 keep
    owner: list[int]  # per vertex: seat or -1
    road: list[int]  # per edge: seat or -1
    # Derived from road and owner, kept in step by the engine (see reindex): per seat its
    # roads, its building corners (ascending) and its settlement spots (free corners by the
    # distance rule that its roads touch). The per-seat lists and sets (also in rates) are
    # replaced when they change, never edited in place, so clones share them.
    roads_of: list[list[int]]
    corners_of: list[list[int]]
    spots: list[set[int]]
    free: list[bool]  # per corner: free by the distance rule (no building on it or next to it)
    hex_owners: list[int]  # per hex: bit per seat with a building on one of its corners
    rates: list[list[int]]  # per seat: its bank rate per resource (harbours it holds)
    # Derived from owner and building: per dice total, who gets what (see
    # production.income), filled on demand. Replaced (never edited) when a building
    # changes, so clones may share it.
    income: dict[int, Any]
    tormund: int  # hex index, -1 = his camp off the board
    hands: list[list[int]]
    bank: list[int]
    dev_deck: list[str]
    dev_hand: list[list[str]]
    dev_new: list[str]  # cards the active player bought this turn
    dev_played_turn: int  # turn number when the active player last played a card (-1)
    watches: list[int]  # Watch cards played per seat
    pieces: list[list[int]]  # per seat [settlements, keeps, roads, guards] in supply
    road_len: list[int]
    longest: int  # seat holding Longest Road, -1 none
    largest: int  # seat holding Largest Watch, -1 none
    rolled: bool
    dice: list[int]  # last roll [d6, d6] or [d6, d6, d12]
    pending_discard: dict[int, list[int]]
    discard_need: dict[int, int]
    return_phase: str
    trade: dict[str, Any] | None
    trade_count: int
    free_roads: int
    result: dict[str, Any] | None
    guards: list[list[int]]  # per wall section, seats from field 1 upwards
    breaches: int
    clans: list[list[str]]  # per clan, wildling types from the camp nearest the trails
    clearings: list[list[str]]  # per wall section, wildlings waiting in its clearing
    gift: list[str]  # per hex: wildling type blocking it, "" none
    tokens: list[Token]  # face-down supply (hidden order)
    token_discard: list[Token]
    card_settlement_tokens: list[list[Token]]
    card_keep_tokens: list[list[list[Token]]]
    hero: list[int]  # hero number per seat, 0 none
    hero_side: list[str]  # "A" / "B"
    hero_turn: list[int]  # turn the seat obtained its current hero card
    hero_offer: list[int]
    hero_used_turn: int  # turn when the active player last used a hero (-1)
    pending: dict[str, Any] | None  # multi-step hero resolution
    wild_pending: int  # wildling die result still to resolve after a 7 (0 none)
    got_yield: bool  # the active player received resources from this turn's roll
    built: bool  # the active player has built or bought this turn (step 3: trading is over)
    start_rolls: list[list[int]]

    def copy(self) -> State:
        """A deep copy (what apply works on). Parts that are never changed in place are
        shared: the board layout and geometry, the set-up die rolls, the final result, the
        dice (replaced, not edited) and, in the base game, the empty Night's Watch parts
        (immutable tuples there, see ``seal_base``)."""
        c = _new(State)
        c.mode = self.mode
        c.nw = self.nw
        c.layout_kind = self.layout_kind
        c.tragedy_variant = self.tragedy_variant
        c.n = self.n
        c.layout = self.layout
        c.geo = self.geo
        rng = _new(Rng)
        rng.seed = self.rng.seed
        rng.counter = self.rng.counter
        c.rng = rng
        c.phase = self.phase
        c.turn = self.turn
        c.current = self.current
        c.first = self.first
        c.setup_queue = [x[:] for x in self.setup_queue] if self.setup_queue else []
        c.setup_last_vertex = self.setup_last_vertex
        c.building = self.building[:]
        c.owner = self.owner[:]
        c.road = self.road[:]
        c.roads_of = self.roads_of[:]  # their per-seat parts are shared (never edited)
        c.corners_of = self.corners_of[:]
        c.spots = self.spots[:]
        c.income = self.income
        c.hex_owners = self.hex_owners[:]
        c.free = self.free[:]
        c.rates = self.rates[:]
        c.tormund = self.tormund
        c.hands = [*map(_copy_list, self.hands)]
        c.bank = self.bank[:]
        c.dev_deck = self.dev_deck[:]
        c.dev_hand = [*map(_copy_list, self.dev_hand)]
        c.dev_new = self.dev_new[:]
        c.dev_played_turn = self.dev_played_turn
        c.watches = self.watches[:]
        c.pieces = [*map(_copy_list, self.pieces)]
        c.road_len = self.road_len[:]
        c.longest = self.longest
        c.largest = self.largest
        c.rolled = self.rolled
        c.dice = self.dice
        c.pending_discard = (
            {k: v[:] for k, v in self.pending_discard.items()} if self.pending_discard else {}
        )
        c.discard_need = dict(self.discard_need) if self.discard_need else {}
        c.return_phase = self.return_phase
        c.trade = None if self.trade is None else _deep(self.trade)
        c.trade_count = self.trade_count
        c.free_roads = self.free_roads
        c.result = self.result
        c.breaches = self.breaches
        c.hero_used_turn = self.hero_used_turn
        c.pending = None if self.pending is None else _deep(self.pending)
        c.wild_pending = self.wild_pending
        c.got_yield = self.got_yield
        c.built = self.built
        c.start_rolls = self.start_rolls
        if not self.nw:
            c.guards = self.guards
            c.clans = self.clans
            c.clearings = self.clearings
            c.gift = self.gift
            c.tokens = self.tokens
            c.token_discard = self.token_discard
            c.card_settlement_tokens = self.card_settlement_tokens
            c.card_keep_tokens = self.card_keep_tokens
            c.hero = self.hero
            c.hero_side = self.hero_side
            c.hero_turn = self.hero_turn
            c.hero_offer = self.hero_offer
            return c
        c.guards = [*map(_copy_list, self.guards)]
        c.clans = [*map(_copy_list, self.clans)]
        c.clearings = [*map(_copy_list, self.clearings)]
        c.gift = self.gift[:]
        c.tokens = self.tokens[:]
        c.token_discard = self.token_discard[:]
        c.card_settlement_tokens = [*map(_copy_list, self.card_settlement_tokens)]
        c.card_keep_tokens = [[p[:] for p in x] for x in self.card_keep_tokens]
        c.hero = self.hero[:]
        c.hero_side = self.hero_side[:]
        c.hero_turn = self.hero_turn[:]
        c.hero_offer = self.hero_offer[:]
        return c

    # ---- persistence ---------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "layout_kind": self.layout_kind,
            "tragedy_variant": self.tragedy_variant,
            "n": self.n,
            "layout": self.layout.to_json(),
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "turn": self.turn,
            "current": self.current,
            "first": self.first,
            "setup_queue": [list(x) for x in self.setup_queue],
            "setup_last_vertex": self.setup_last_vertex,
            "building": self.building[:],
            "owner": self.owner[:],
            "road": self.road[:],
            "tormund": self.tormund,
            "hands": [h[:] for h in self.hands],
            "bank": self.bank[:],
            "dev_deck": self.dev_deck[:],
            "dev_hand": [h[:] for h in self.dev_hand],
            "dev_new": self.dev_new[:],
            "dev_played_turn": self.dev_played_turn,
            "watches": self.watches[:],
            "pieces": [p[:] for p in self.pieces],
            "road_len": self.road_len[:],
            "longest": self.longest,
            "largest": self.largest,
            "rolled": self.rolled,
            "dice": self.dice[:],
            "pending_discard": {str(k): v[:] for k, v in self.pending_discard.items()},
            "discard_need": {str(k): v for k, v in self.discard_need.items()},
            "return_phase": self.return_phase,
            "trade": _deep(self.trade),
            "trade_count": self.trade_count,
            "free_roads": self.free_roads,
            "result": _deep(self.result),
            "guards": [g[:] for g in self.guards],
            "breaches": self.breaches,
            "clans": [x[:] for x in self.clans],
            "clearings": [x[:] for x in self.clearings],
            "gift": list(self.gift),
            "tokens": [list(t) for t in self.tokens],
            "token_discard": [list(t) for t in self.token_discard],
            "card_settlement_tokens": [[list(t) for t in x] for x in self.card_settlement_tokens],
            "card_keep_tokens": [
                [[list(t) for t in p] for p in x] for x in self.card_keep_tokens
            ],
            "hero": list(self.hero),
            "hero_side": list(self.hero_side),
            "hero_turn": list(self.hero_turn),
            "hero_offer": list(self.hero_offer),
            "hero_used_turn": self.hero_used_turn,
            "pending": _deep(self.pending),
            "wild_pending": self.wild_pending,
            "got_yield": self.got_yield,
            "built": self.built,
            "start_rolls": [r[:] for r in self.start_rolls],
        }

    @classmethod
    def adopt(cls, d: dict[str, Any]) -> State:
        """``from_json`` keeping ``d``'s lists (decoded JSON: lists already), for a caller that
        gives ``d`` up; what is stored in another form (tuples, int keys) is converted."""
        s = cls.__new__(cls)
        s.mode = d["mode"]
        s.nw = s.mode == NIGHTS_WATCH
        s.layout_kind = d["layout_kind"]
        s.tragedy_variant = d["tragedy_variant"]
        s.n = d["n"]
        s.layout = Layout.from_json(d["layout"])
        s.geo = geometry(s.layout.shape)
        s.rng = Rng.from_json(d["rng"])
        s.phase = d["phase"]
        s.turn = d["turn"]
        s.current = d["current"]
        s.first = d["first"]
        s.setup_queue = d["setup_queue"]
        s.setup_last_vertex = d["setup_last_vertex"]
        s.building = d["building"]
        s.owner = d["owner"]
        s.road = d["road"]
        s.tormund = d["tormund"]
        s.hands = d["hands"]
        s.bank = d["bank"]
        s.dev_deck = d["dev_deck"]
        s.dev_hand = d["dev_hand"]
        s.dev_new = d["dev_new"]
        s.dev_played_turn = d["dev_played_turn"]
        s.watches = d["watches"]
        s.pieces = d["pieces"]
        s.road_len = d["road_len"]
        s.longest = d["longest"]
        s.largest = d["largest"]
        s.rolled = d["rolled"]
        s.dice = d["dice"]
        s.pending_discard = {int(k): list(v) for k, v in d["pending_discard"].items()}
        s.discard_need = {int(k): v for k, v in d["discard_need"].items()}
        s.return_phase = d["return_phase"]
        s.trade = d["trade"]
        s.trade_count = d["trade_count"]
        s.free_roads = d["free_roads"]
        s.result = d["result"]
        s.guards = d["guards"]
        s.breaches = d["breaches"]
        s.clans = d["clans"]
        s.clearings = d["clearings"]
        s.gift = d["gift"]
        s.tokens = [(t[0], t[1]) for t in d["tokens"]]
        s.token_discard = [(t[0], t[1]) for t in d["token_discard"]]
        s.card_settlement_tokens = [[(t[0], t[1]) for t in x] for x in d["card_settlement_tokens"]]
        s.card_keep_tokens = [
            [[(t[0], t[1]) for t in p] for p in x] for x in d["card_keep_tokens"]
        ]
        s.hero = d["hero"]
        s.hero_side = d["hero_side"]
        s.hero_turn = d["hero_turn"]
        s.hero_offer = d["hero_offer"]
        s.hero_used_turn = d["hero_used_turn"]
        s.pending = d["pending"]
        s.wild_pending = d["wild_pending"]
        s.got_yield = d["got_yield"]
        s.built = d.get("built", False)  # absent in states saved before the flag existed
        s.start_rolls = d["start_rolls"]
        reindex(s)
        seal_base(s)
        return s

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        return cls.adopt(_deep(d))  # its own copy of every list and dict of d


_new = object.__new__
_copy_list = list.copy


def seal_base(state: State) -> None:
    """Base game: the Night's Watch parts (wall, wildlings, tokens, heroes) stay empty for
    the whole game. They are made immutable, so that clones can share them and any
    accidental change fails loudly."""
    if state.mode == NIGHTS_WATCH:
        return
    n = state.n
    state.guards = ()
    state.clans = ()
    state.clearings = ()
    state.gift = ()
    state.tokens = ()
    state.token_discard = ()
    state.card_settlement_tokens = ((),) * n
    state.card_keep_tokens = ((),) * n
    state.hero = (0,) * n
    state.hero_side = ("A",) * n
    state.hero_turn = (0,) * n
    state.hero_offer = ()


def add_harbour(rates: list[int], kind: int) -> None:
    """A building on a corner with this harbour kind (-1 none, ANY_HARBOUR = 3:1, else
    2:1 in that resource) improves the seat's bank rates."""
    if kind == ANY_HARBOUR:
        rates[:] = [min(r, 3) for r in rates]
    elif kind >= 0:
        rates[kind] = 2


def reindex(state: State) -> None:
    """Rebuild the derived data (roads_of, corners_of, spots, free, hex_owners, rates,
    income) from ``road``,
    ``owner`` and ``building``.

    The engine keeps them in step itself; code that writes ``state.road``,
    ``state.owner`` or ``state.building`` directly (tests building a position by hand)
    calls this afterwards.
    """
    n, owner, geo = state.n, state.owner, state.geo
    state.income = {}
    state.roads_of = [[] for _ in range(n)]
    state.corners_of = [[] for _ in range(n)]
    state.spots = [set() for _ in range(n)]
    for e, seat in enumerate(state.road):
        if seat >= 0:
            state.roads_of[seat].append(e)
    state.hex_owners = [0] * len(geo.hexes)
    # A corner is free when neither it nor a neighbour is built on (the distance rule):
    # marked from the few built corners rather than checked at every corner (neighbourhood
    # is symmetric; a load does this for every game it reads).
    nbrs = geo.vertex_neighbours
    state.free = [True] * len(owner)
    for v, seat in enumerate(owner):
        if seat >= 0:
            state.corners_of[seat].append(v)
            for h in geo.vertex_hexes[v]:
                state.hex_owners[h] |= 1 << seat
            state.free[v] = False
            for w in nbrs[v]:
                state.free[w] = False
    state.rates = [[3 if state.nw else 4] * 5 for _ in range(n)]
    for seat in range(n):
        for v in state.corners_of[seat]:
            add_harbour(state.rates[seat], state.layout.harbour[v])
    for seat in range(n):
        for e in state.roads_of[seat]:
            for v in geo.edge_vertices[e]:
                if state.free[v]:
                    state.spots[seat].add(v)


def _deep(x: Any) -> Any:
    """Copy of a small JSON-like value (dicts, lists, scalars)."""
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_deep(v) for v in x]
    return x

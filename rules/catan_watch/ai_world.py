"""Determinization: a whole state rebuilt from one seat's view (docs/ai/catan_watch.md).

What the seat sees is copied (board, pieces, bank, its own hand and cards, the Wall); what it
cannot see is sampled from what it cannot rule out: the other hands from the resource cards
that are neither in the bank nor in its own hand, the other development hands and the deck
from the cards not in its hand and not played as Watches, the face-down wildling tokens from
those not yet revealed. The state's own random stream gets a fresh seed.
"""

from __future__ import annotations

from typing import Any

from rules.catan_watch.data import (
    BANK_START,
    COMPONENTS,
    DEV_CARDS,
    HEROES,
    RES_INDEX,
    WILDLING_TYPES,
)
from rules.catan_watch.heroes import AFTER_ROLL
from rules.catan_watch.phases import (
    DISCARD,
    MAIN,
    MANCE,
    MELISANDRE,
    MORMONT,
    ROAD_BUILDING,
    ROLL,
    SETUP,
    TORMUND,
    TRAGEDY,
)
from rules.catan_watch.setup import setup_queue
from rules.catan_watch.state import State
from rules.rng import Rng

_PLAYABLE = ("watch", "road_building", "winter_is_coming", "new_recruits")
_PER_CLAN = COMPONENTS["wildling_tokens"]["per_clan"]
_ALL_TOKENS = [(t, clan) for clan in range(3) for t in WILDLING_TYPES for _ in range(_PER_CLAN[t])]


def counts(d: dict[str, int] | None) -> list[int]:
    out = [0] * 5
    for name, k in (d or {}).items():
        out[RES_INDEX[name]] = k
    return out


def _deck(nw: bool) -> list[str]:
    return [c["id"] for c in DEV_CARDS.values() if nw or c["base"] for _ in range(c["count"])]


def _take(pool: list[Any], items: list[Any]) -> None:
    for x in items:
        if x in pool:
            pool.remove(x)


def _setup_queue(view: dict[str, Any], n: int, nw: bool, done: int) -> list[list[Any]]:
    return setup_queue(view["first_player"], n, nw)[done:]


def _deal_hands(view: dict[str, Any], seat: int, n: int, rng: Rng) -> list[list[int]]:
    """Every other hand: cards the seat knows they hold first (an accepted offer, a hand
    seen with Mance Rayder), the rest drawn from the unseen cards."""
    you = view["you"]
    mine = counts(you["hand"])
    bank = counts(view["bank"])
    unseen = [BANK_START - bank[r] - mine[r] for r in range(5)]
    hands = [[0] * 5 for _ in range(n)]
    hands[seat] = mine
    known: dict[int, list[int]] = {}
    mance = you.get("mance_target")
    if mance is not None:
        known[mance["seat"]] = counts(mance["hand"])
    trade = view["trade"]
    if trade is not None:
        for k, v in trade["responses"].items():
            if v is not None and int(k) != seat:
                # They answered with cards they had; the offer's terms are from the active
                # player's side, so what the responder gives is "get".
                known.setdefault(int(k), counts(v["get"]))
    for s, cards in known.items():
        hands[s] = cards[:]
        for r in range(5):
            unseen[r] -= cards[r]
    pool = [r for r in range(5) for _ in range(max(0, unseen[r]))]
    rng.shuffle(pool)
    for s in range(n):
        if s == seat:
            continue
        want = view["players"][s]["cards"] - sum(hands[s])
        for r in pool[:want]:
            hands[s][r] += 1
        del pool[:want]
    return hands


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    players = view["players"]
    n = len(players)
    nw = view["mode"] == "nights_watch"
    you = view["you"]
    board = view["board"]
    phase = view["phase"]
    turn, current = view["turn"], view["current"]
    n_vertices, n_edges = len(board["vertices"]), len(board["edges"])
    building, owner, road = [0] * n_vertices, [-1] * n_vertices, [-1] * n_edges
    for b in board["buildings"]:
        owner[b["vertex"]] = b["seat"]
        building[b["vertex"]] = 1 if b["kind"] == "settlement" else 2
    for r in board["roads"]:
        road[r["edge"]] = r["seat"]
    wall = view.get("wall")
    guards = [s["guards"][:] for s in wall["sections"]] if wall else []

    queue: list[list[Any]] = []
    last_vertex = -1
    if phase == SETUP:
        done = len(board["buildings"]) + len(board["roads"]) + sum(map(len, guards))
        queue = _setup_queue(view, n, nw, done)
        if queue and queue[0][1] == "road":
            # The settlement just placed is the mover's one that no road of theirs touches.
            who = queue[0][0]
            touched = {v for e, o in enumerate(road) if o == who for v in board["edges"][e]}
            lonely = [v for v, o in enumerate(owner) if o == who and v not in touched]
            last_vertex = lonely[0] if lonely else -1

    hands = _deal_hands(view, seat, n, rng)

    # Development cards: the seat's own as they are; the rest from the deck minus its hand,
    # the Watches played, and Melisandre's offer in front of it.
    mine_dev = [c["card"] for c in you["development_cards"]]
    pool = _deck(nw)
    _take(pool, mine_dev)
    _take(pool, ["watch"] * sum(p["watches_played"] for p in players))
    melisandre = you.get("melisandre_cards")
    if melisandre is not None:
        _take(pool, list(melisandre))
    rng.shuffle(pool)
    dev_hand: list[list[str]] = []
    for s in range(n):
        if s == seat:
            dev_hand.append(mine_dev)
            continue
        k = players[s]["development_cards"]
        dev_hand.append(pool[:k])
        del pool[:k]
    melisandre_cards = list(melisandre) if melisandre is not None else []
    if phase == MELISANDRE and melisandre is None:
        melisandre_cards, pool = pool[:3], pool[3:]
    deck = pool[:view["development_deck"]]

    mine_current = seat == current
    dev_new = list(you.get("bought_this_turn", [])) if mine_current else []
    dev_played = -1
    if phase == ROAD_BUILDING:
        dev_played = turn
    elif (mine_current and phase in (ROLL, MAIN) and not you["playable_development"]
          and any(mine_dev.count(c) > dev_new.count(c) for c in _PLAYABLE)):
        dev_played = turn  # it holds a playable card, yet may play none: it played one

    pending_discard: dict[str, list[int]] = {}
    discard_need: dict[str, int] = {}
    if phase == DISCARD:
        for s, p in enumerate(players):
            d = p.get("discard")
            if d is None:
                continue
            discard_need[str(s)] = d["must"]
            if d["committed"]:
                if s == seat:
                    pending_discard[str(s)] = counts(you["pending_discard"])
                else:
                    cards = [r for r in range(5) for _ in range(hands[s][r])]
                    picked = [0] * 5
                    for r in rng.sample(cards, d["must"]):
                        picked[r] += 1
                    pending_discard[str(s)] = picked

    hero = [0] * n
    hero_side = ["A"] * n
    hero_turn = [0] * n
    hero_used = -1
    if nw:
        for s, p in enumerate(players):
            h = p.get("hero")
            if h:
                hero[s], hero_side[s] = h["number"], h["side"]
                hero_turn[s] = h["usable_from_turn"] - 1
        if phase in (MELISANDRE, MANCE, MORMONT):
            hero_used = turn
        elif mine_current and not you.get("hero_ready") and hero[seat] and phase in (ROLL, MAIN):
            after_roll = HEROES[hero[seat]]["id"] in AFTER_ROLL
            if hero_turn[seat] < turn and (view["rolled"] or not after_roll):
                hero_used = turn  # nothing else holds the hero back: it was used

    pending: dict[str, Any] | None = None
    if phase == TRAGEDY:
        pending = {"kind": "tragedy"}
    elif phase == MELISANDRE:
        pending = {"kind": "melisandre", "cards": melisandre_cards, "return": MAIN}
    elif phase == MANCE:
        target = you["mance_target"]["seat"] if "mance_target" in you else next(
            (s for s in range(n) if s != current and sum(hands[s])), (current + 1) % n)
        pending = {"kind": "mance", "target": target, "return": MAIN}
    elif phase == MORMONT:
        pending = {"kind": "mormont", "owed": [(current + 1) % n], "return": MAIN}

    trade = None
    if view["trade"] is not None:
        t = view["trade"]
        trade = {"give": counts(t["give"]), "get": counts(t["get"]),
                 "responses": {k: None if v is None else {"give": counts(v["give"]),
                                                          "get": counts(v["get"])}
                               for k, v in t["responses"].items()}}

    label = view["phase_label"]
    free_roads = label["params"].get("n", 0) if phase == ROAD_BUILDING else 0

    d: dict[str, Any] = {
        "mode": view["mode"],
        "layout_kind": view["layout"],
        "tragedy_variant": view["heroes_tragedy"],
        "n": n,
        "layout": {"shape": board["shape"], "terrain": [h["terrain"] for h in board["hexes"]],
                   "number": [h["number"] or 0 for h in board["hexes"]]},
        "rng": {"seed": rng.randbelow(1 << 62), "counter": 0},
        "phase": phase,
        "turn": turn,
        "current": current,
        "first": view["first_player"],
        "setup_queue": queue,
        "setup_last_vertex": last_vertex,
        "building": building,
        "owner": owner,
        "road": road,
        "tormund": -1 if board["tormund"] is None else board["tormund"],
        "hands": hands,
        "bank": counts(view["bank"]),
        "dev_deck": deck,
        "dev_hand": dev_hand,
        "dev_new": dev_new,
        "dev_played_turn": dev_played,
        "watches": [p["watches_played"] for p in players],
        "pieces": [[p["pieces_left"]["settlements"], p["pieces_left"]["keeps"],
                    p["pieces_left"]["roads"], p["pieces_left"].get("guards", 0)]
                   for p in players],
        "road_len": [p["road_length"] for p in players],
        "longest": -1 if view["longest_road"] is None else view["longest_road"],
        "largest": -1 if view["largest_watch"] is None else view["largest_watch"],
        "rolled": view["rolled"],
        "dice": list(view["dice"]),
        "pending_discard": pending_discard,
        "discard_need": discard_need,
        "return_phase": (MAIN if view["rolled"] else ROLL) if phase == ROAD_BUILDING else ROLL,
        "trade": trade,
        "trade_count": view["offers_made"],
        "free_roads": free_roads,
        "result": view["result"],
        "guards": guards,
        "breaches": wall["breaches"] if wall else 0,
        "clans": [c["camps"][:] for c in wall["clans"]] if wall else [],
        "clearings": [s["clearing"][:] for s in wall["sections"]] if wall else [],
        "gift": _gift(wall, len(board["hexes"])) if wall else [],
        "hero": hero,
        "hero_side": hero_side,
        "hero_turn": hero_turn,
        "hero_offer": [h["number"] for h in wall["hero_offer"]] if wall else [],
        "hero_used_turn": hero_used,
        "pending": pending,
        "wild_pending": (view["dice"][2] if nw and phase in (DISCARD, TORMUND)
                         and len(view["dice"]) > 2 else 0),
        "got_yield": view["got_yield"],
        "built": view["built"],
        "start_rolls": [r[:] for r in view["start_rolls"]],
        "tokens": [], "token_discard": [],
        "card_settlement_tokens": [[] for _ in range(n)],
        "card_keep_tokens": [[] for _ in range(n)],
    }
    if wall:
        _deal_tokens(d, wall, rng)
    return State.adopt(d)


def _gift(wall: dict[str, Any], n_hexes: int) -> list[str]:
    gift = [""] * n_hexes
    for h, w in wall["gift"].items():
        gift[int(h)] = w
    return gift


def _deal_tokens(d: dict[str, Any], wall: dict[str, Any], rng: Rng) -> None:
    """The face-down wildling tokens: the supply (as many as it holds) and those under the
    pieces on the cost cards, from the tokens not yet revealed."""
    used = [(t[0], t[1]) for t in wall["tokens_used"]]
    pool = _ALL_TOKENS[:]
    _take(pool, used)
    rng.shuffle(pool)
    k = wall["token_supply"]
    d["tokens"], pool = pool[:k], pool[k:]
    d["token_discard"] = used
    for s, pieces in enumerate(d["pieces"]):
        keeps = []
        for _ in range(pieces[1]):
            keeps.append(pool[:2])
            pool = pool[2:]
        settlements, pool = pool[:pieces[0]], pool[pieces[0]:]
        d["card_keep_tokens"][s] = keeps
        d["card_settlement_tokens"][s] = settlements



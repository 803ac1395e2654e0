"""Menus (legal actions), deadline defaults and the random agent's sensible policy."""

from __future__ import annotations

from itertools import compress
from operator import ge, sub
from typing import Any

from rules.base import Action, ActionSpec, Text, text
from rules.catan_watch import dev_cards, heroes, trade
from rules.catan_watch import phases as ph
from rules.catan_watch.build import (
    GUARDS,
    KEEPS,
    ROADS,
    SETTLEMENTS,
    guard_sections,
    keep_spots,
    road_spots,
    settlement_spots,
    setup_road_spots,
    setup_settlement_spots,
)
from rules.catan_watch.common import (
    act,
    afford_check,
    choice,
    counts_json,
    has,
    randbelow,
    sample,
)
from rules.catan_watch.data import BOARDS, COSTS, RESOURCES
from rules.catan_watch.engine import awaiting
from rules.catan_watch.state import State
from rules.rng import Rng

_MAX_HEXES = max(sum(len(row) for row in spec["rows"]) for spec in BOARDS["layouts"].values())


def _move_table(tag: tuple[str, ...]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """[hex][mask of robbable seats next to it] -> the moves to that hex, as tag + (hex,
    victim), victims ascending, victim -1 when there is nobody to rob."""
    return tuple(
        tuple(tuple((*tag, h, s) for s in range(4) if mask >> s & 1) or ((*tag, h, -1),)
              for mask in range(16))
        for h in range(_MAX_HEXES)
    )


_MOVES = _move_table(())
_WATCH_MOVES = _move_table(("watch",))


def _tormund_options(state: State, seat: int, table: Any) -> list[Any]:
    hands = state.hands
    robbable = 0  # bit per opponent with cards
    for s in range(state.n):
        if s != seat and any(hands[s]):
            robbable |= 1 << s
    here, owners = state.tormund, state.hex_owners
    out: list[Any] = []
    for h in state.layout.numbered:
        if h != here:
            out += table[h][owners[h] & robbable]
    return out


def tormund_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """Every legal Tormund move as (hex, victim), victim -1 when nobody can be robbed; in
    hex order, victims ascending (what ``victims`` gives for each target hex)."""
    return _tormund_options(state, seat, _MOVES)


def tormund_moves(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"hex": h} if v < 0 else {"hex": h, "victim": v} for h, v in tormund_pairs(state, seat)]


_WINTER_PAIRS = tuple((i, j) for i in range(5) for j in range(i, 5))
DevOption = tuple[str, int, int]  # (card, a, b): see _dev_params


def _dev_choices(state: State, seat: int) -> list[DevOption]:
    """dev_options in a compact form, built without the parameter dicts."""
    out: list[DevOption] = []
    for card in dev_cards.playable_cards(state, seat):
        if card == "watch":
            out += _tormund_options(state, seat, _WATCH_MOVES)
            if state.nw:
                out += [("watch_wildling", h, 0) for h, w in enumerate(state.gift) if w]
        elif card == "road_building":
            if state.pieces[seat][ROADS] > 0:
                out.append(("road_building", 0, 0))
        elif card == "winter_is_coming":
            bank = state.bank
            out += [("winter_is_coming", i, j) for i, j in _WINTER_PAIRS
                    if bank[i] >= (2 if i == j else 1) and bank[j]]
        elif card == "new_recruits" and state.pieces[seat][GUARDS] > 0:
            out += [("new_recruits", s, 0) for s in guard_sections(state)]
    return out


def _dev_params(option: DevOption) -> dict[str, Any]:
    card, a, b = option
    if card == "watch":
        return {"card": card, "hex": a} if b < 0 else {"card": card, "hex": a, "victim": b}
    if card == "watch_wildling":
        return {"card": "watch", "wildling_hex": a}
    if card == "winter_is_coming":
        return {"card": card, "resources": [RESOURCES[a], RESOURCES[b]]}
    if card == "new_recruits":
        return {"card": card, "section": a}
    return {"card": card}


def dev_options(state: State, seat: int) -> list[dict[str, Any]]:
    return [_dev_params(o) for o in _dev_choices(state, seat)]


def bank_options(state: State, seat: int) -> list[dict[str, str]]:
    hand = state.hands[seat]
    out: list[dict[str, str]] = []
    for g in range(5):
        if hand[g] >= trade.bank_rate(state, seat, g):
            out += [{"give": RESOURCES[g], "get": RESOURCES[r]}
                    for r in range(5) if r != g and state.bank[r]]
    return out


def build_options(state: State, seat: int) -> list[Action]:
    hand, pieces = state.hands[seat], state.pieces[seat]
    out: list[Action] = []
    if pieces[KEEPS] and has(hand, COSTS["keep"]):
        out += [Action("build_keep", {"vertex": v}) for v in keep_spots(state, seat)]
    if pieces[SETTLEMENTS] and has(hand, COSTS["settlement"]):
        out += [Action("build_settlement", {"vertex": v}) for v in settlement_spots(state, seat)]
    if pieces[ROADS] and has(hand, COSTS["road"]):
        out += [Action("build_road", {"edge": e}) for e in road_spots(state, seat)]
    if state.nw and pieces[GUARDS] and has(hand, COSTS["guard"]):
        out += [Action("build_guard", {"section": s}) for s in guard_sections(state)]
    if state.dev_deck and has(hand, COSTS["development"]):
        out.append(Action("buy_development"))
    return out


def _trade_spec(kind: str, label: Text) -> ActionSpec:
    return ActionSpec(kind, {"give": None, "get": None}, label)


def legal_actions(state: State, seat: int) -> list[Action | ActionSpec]:
    if seat not in awaiting(state):
        return []
    phase = state.phase
    if phase == ph.SETUP:
        step = state.setup_queue[0][1]
        if step == "settlement":
            spots = setup_settlement_spots(state)
            return [Action("place_settlement", {"vertex": v}) for v in spots]
        if step == "road":
            return [Action("place_road", {"edge": e}) for e in setup_road_spots(state)]
        return [Action("place_guard", {"section": s}) for s in guard_sections(state)]
    if phase == ph.DISCARD:
        n = state.discard_need[seat]
        return [ActionSpec("discard", {"cards": None}, text("catan.spec.discard", n=n))]
    if phase == ph.TORMUND:
        return [Action("move_tormund", m) for m in tormund_moves(state, seat)]
    if phase == ph.TRADE and seat != state.current:
        out: list[Action | ActionSpec] = []
        assert state.trade is not None
        if has(state.hands[seat], state.trade["get"]):
            out.append(Action("accept_trade"))
        out.append(Action("decline_trade"))
        out.append(_trade_spec("counter_trade", text("catan.spec.counter_trade")))
        return out
    if phase in (ph.TRADE, ph.TRADE_CONFIRM):  # the offerer closes the trade
        out = [Action("confirm_trade", {"partner": p}) for p in _payable_partners(state, seat)]
        return [*out, Action("cancel_trade")]
    if phase == ph.ROAD_BUILDING:
        return [Action("place_free_road", {"edge": e}) for e in road_spots(state, seat)]
    if phase == ph.MORMONT:
        return [Action("give_back", {"resource": RESOURCES[r]})
                for r in range(5) if state.hands[seat][r]]
    if phase == ph.MANCE:
        assert state.pending is not None
        theirs = state.hands[state.pending["target"]]
        return [Action("take_card", {"resource": RESOURCES[r]}) for r in range(5) if theirs[r]]
    if phase == ph.MELISANDRE:
        assert state.pending is not None
        n_cards = len(state.pending["cards"])
        return [Action("pick_development", {"index": i}) for i in range(n_cards)]
    if phase == ph.TRAGEDY:
        return [Action("remove_hero", {"hero": h}) for h in state.hero_offer]
    out = [Action("play_development", p) for p in dev_options(state, seat)]
    if state.nw and heroes.ready(state, seat) is None:
        out.append(ActionSpec("use_hero", {"after": ["flip", "swap"], "take": state.hero_offer},
                              text("catan.spec.use_hero")))
    if phase == ph.ROLL:
        return [Action("roll"), *out]
    assert phase == ph.MAIN
    out += build_options(state, seat)
    if not state.built:  # trading (step 2) comes before building (step 3)
        out += [Action("bank_trade", p) for p in bank_options(state, seat)]
        out.append(_trade_spec("offer_trade", text("catan.spec.offer_trade")))
    out.append(Action("end_turn"))
    return out


def _payable_partners(state: State, seat: int) -> list[int]:
    return [p for p in trade.partners(state)
            if has(state.hands[seat], state.trade["responses"][str(p)]["give"])]  # type: ignore[index]


def most_plentiful(hand: list[int]) -> int:
    """The resource a hand holds most of (ties: brick, lumber, wool, grain, ore): what the
    deadline defaults give up or take."""
    return max(range(5), key=lambda i: (hand[i], -i))


def plentiful_first(hand: list[int], n: int) -> list[int]:
    """The stated deadline rule for discards: repeatedly the most plentiful resource."""
    left, out = hand[:], [0] * 5
    for _ in range(n):
        r = most_plentiful(left)
        left[r] -= 1
        out[r] += 1
    return out


def default_action(state: State, seat: int) -> Action:
    phase = state.phase
    if phase == ph.DISCARD:
        cards = plentiful_first(state.hands[seat], state.discard_need[seat])
        return Action("discard", {"cards": counts_json(cards)})
    if phase == ph.TRADE and seat != state.current:
        return Action("decline_trade")
    if phase in (ph.TRADE, ph.TRADE_CONFIRM):
        return Action("cancel_trade")
    if phase == ph.ROLL:
        return Action("roll")
    if phase == ph.MAIN:
        return Action("end_turn")
    if phase == ph.MORMONT:
        return Action("give_back", {"resource": RESOURCES[most_plentiful(state.hands[seat])]})
    if phase == ph.MANCE:  # the target's most plentiful resource
        assert state.pending is not None
        theirs = state.hands[state.pending["target"]]
        return Action("take_card", {"resource": RESOURCES[most_plentiful(theirs)]})
    acts = [a for a in legal_actions(state, seat) if isinstance(a, Action)]
    return acts[0]


_ROLL = Action("roll")
_END_TURN = Action("end_turn")
_BUY = Action("buy_development")
_ACCEPT = Action("accept_trade")
_DECLINE = Action("decline_trade")
_CANCEL = Action("cancel_trade")
_KEEP_COST = COSTS["keep"]
_SETTLEMENT_COST = COSTS["settlement"]
_DEV_COST = COSTS["development"]
_ROAD_COST = COSTS["road"]
_CAN_KEEP = afford_check(COSTS["keep"])
_CAN_SETTLE = afford_check(COSTS["settlement"])
_CAN_ROAD = afford_check(COSTS["road"])
_CAN_GUARD = afford_check(COSTS["guard"])
_CAN_DEVELOP = afford_check(COSTS["development"])
_R5 = range(5)
_NEGATIVE = (0).__gt__  # d -> d < 0


def random_action(state: State, seat: int, rng: Rng) -> Action:
    """A legal action from a simple policy: build when possible, trade a little, end the
    turn otherwise — so random playouts finish."""
    phase = state.phase
    if phase == ph.MAIN:
        return _main_move(state, seat, rng)
    if phase == ph.ROLL:
        if state.dev_hand[seat] and randbelow(rng, 4) == 0:
            opts = _dev_choices(state, seat)
            if opts:
                return act("play_development", _dev_params(choice(rng, opts)))
        return _ROLL
    if phase == ph.TRADE and seat != state.current:
        return _respond(state, seat, rng)
    if phase in (ph.TRADE, ph.TRADE_CONFIRM):
        partners = _payable_partners(state, seat)
        if partners and randbelow(rng, 5):
            return act("confirm_trade", {"partner": choice(rng, partners)})
        return _CANCEL
    if phase == ph.DISCARD:
        hand = state.hands[seat]
        pool = [r for r in range(5) for _ in range(hand[r])]
        cards = [0] * 5
        for r in sample(rng, pool, state.discard_need[seat]):
            cards[r] += 1
        return act("discard", {"cards": counts_json(cards)})
    if phase == ph.TORMUND and seat == state.current:
        h, v = choice(rng, tormund_pairs(state, seat))
        return act("move_tormund", {"hex": h} if v < 0 else {"hex": h, "victim": v})
    if phase == ph.SETUP:
        who, step = state.setup_queue[0]
        if step == "settlement":
            spots = setup_settlement_spots(state)
            return act("place_settlement", {"vertex": _good_spot(state, spots, rng)})
        if step == "road" and seat == who:
            return act("place_road", {"edge": choice(rng, setup_road_spots(state))})
    if phase == ph.ROAD_BUILDING and seat == state.current:
        return act("place_free_road", {"edge": choice(rng, road_spots(state, seat))})
    acts = [a for a in legal_actions(state, seat) if isinstance(a, Action)]
    return choice(rng, acts)


def _good_spot(state: State, spots: list[int], rng: Rng) -> int:
    """A random corner among the 3 most productive ones (so random games stay short)."""
    ranked = sorted(spots, key=state.layout.vertex_pips.__getitem__, reverse=True)
    return choice(rng, ranked[:3])


def _respond(state: State, seat: int, rng: Rng) -> Action:
    assert state.trade is not None
    hand = state.hands[seat]
    roll = randbelow(rng, 20)
    if roll < 6 and has(hand, state.trade["get"]):
        return _ACCEPT
    if roll == 6 and sum(hand):
        mine = max(range(5), key=hand.__getitem__)
        want = choice(rng, [r for r in range(5) if r != mine])
        return act("counter_trade", {"give": {RESOURCES[mine]: 1}, "get": {RESOURCES[want]: 1}})
    return _DECLINE


def _main_move(state: State, seat: int, rng: Rng) -> Action:
    hand, pieces = state.hands[seat], state.pieces[seat]
    if pieces[KEEPS] and _CAN_KEEP(hand):
        spots = keep_spots(state, seat)
        if spots:
            return act("build_keep", {"vertex": choice(rng, spots)})
    # Whether the seat has a corner for a settlement decides what it saves for.
    can_settle = bool(pieces[SETTLEMENTS] and state.spots[seat])  # has_settlement_spot
    if can_settle and _CAN_SETTLE(hand):
        spots = settlement_spots(state, seat)
        return act("build_settlement", {"vertex": _good_spot(state, spots, rng)})
    if state.dev_hand[seat] and randbelow(rng, 3) == 0:
        plays = _dev_choices(state, seat)
        if plays:
            return act("play_development", _dev_params(choice(rng, plays)))
    # Save for a settlement while there is a spot for one; otherwise spend freely.
    saving = can_settle
    nw = state.nw
    if nw and pieces[GUARDS] and _CAN_GUARD(hand) and randbelow(rng, 2):
        sections = guard_sections(state)
        if sections:
            return act("build_guard", {"section": choice(rng, sections)})
    if state.dev_deck and _CAN_DEVELOP(hand) and (not saving or randbelow(rng, 3) == 0):
        return _BUY
    if pieces[ROADS] and _CAN_ROAD(hand) and (not saving or randbelow(rng, 4) == 0):
        edges = road_spots(state, seat)
        if edges:
            return act("build_road", {"edge": choice(rng, edges)})
    if nw and randbelow(rng, 4) == 0:
        uses = heroes.candidates(state, seat, rng)
        if uses:
            return act("use_hero", choice(rng, uses))
    # What it saves for: a settlement if it has a spot, else a keep, else a development
    # card (or a road to find a spot).
    if can_settle:
        target = _SETTLEMENT_COST
    elif pieces[KEEPS] and pieces[SETTLEMENTS] < 5:
        target = _KEEP_COST
    elif state.dev_deck:
        target = _DEV_COST
    else:
        target = _ROAD_COST
    # Per resource: spare (+) or missing (-); the index lists are picked without loops.
    diff = list(map(sub, hand, target))
    missing = list(compress(_R5, map(_NEGATIVE, diff)))
    if missing and not state.built:  # no trading once the seat has built this turn
        spare: list[int] = []
        if max(diff) >= 2:  # no bank rate is better than 2:1
            spare = list(compress(_R5, map(ge, diff, state.rates[seat])))  # bank_rates
        gets = list(compress(missing, map(state.bank.__getitem__, missing)))
        if spare and gets:
            give = max(spare, key=diff.__getitem__)
            get = RESOURCES[choice(rng, gets)]
            return act("bank_trade", {"give": RESOURCES[give], "get": get})
        rich = max(range(5), key=diff.__getitem__)
        if state.trade_count == 0 and diff[rich] > 0 and randbelow(rng, 4) == 0:
            return act("offer_trade", {"give": {RESOURCES[rich]: 1},
                                       "get": {RESOURCES[choice(rng, missing)]: 1}})
    return _END_TURN


# ---- a uniformly random player -------------------------------------------------------------
# The benchmark's like-for-like comparison with catanatron's RandomPlayer, which picks
# uniformly among all its playable actions: this player picks uniformly among the concrete
# legal actions (the templates — domestic offers, counter-offers, hero uses — are left out,
# as catanatron's random players make no domestic offers), and discards at random. The hot
# phases build compact option tuples and only the chosen one becomes an Action.
Option = tuple[Any, ...]


def uniform_options(state: State, seat: int) -> list[Option] | None:
    """The concrete legal actions in compact form, in the phases a base game spends its
    time in; None elsewhere (the caller falls back to ``legal_actions``)."""
    phase = state.phase
    if phase == ph.MAIN:
        hand, pieces = state.hands[seat], state.pieces[seat]
        out: list[Option] = [("dev", o) for o in _dev_choices(state, seat)]
        if pieces[KEEPS] and _CAN_KEEP(hand):
            out += [("build_keep", v) for v in keep_spots(state, seat)]
        if pieces[SETTLEMENTS] and _CAN_SETTLE(hand):
            out += [("build_settlement", v) for v in state.spots[seat]]
        if pieces[ROADS] and _CAN_ROAD(hand):
            out += [("build_road", e) for e in road_spots(state, seat)]
        if state.nw and pieces[GUARDS] and _CAN_GUARD(hand):
            out += [("build_guard", s) for s in guard_sections(state)]
        if state.dev_deck and _CAN_DEVELOP(hand):
            out.append(("buy_development",))
        if not state.built:
            bank, rates = state.bank, state.rates[seat]
            for g in _R5:
                if hand[g] >= rates[g]:
                    out += [("bank_trade", g, r) for r in _R5 if r != g and bank[r]]
        out.append(("end_turn",))
        return out
    if phase == ph.ROLL:
        return [("roll",), *[("dev", o) for o in _dev_choices(state, seat)]]
    if phase == ph.TORMUND:
        return [("move_tormund", h, v) for h, v in tormund_pairs(state, seat)]
    if phase == ph.ROAD_BUILDING:
        return [("place_free_road", e) for e in road_spots(state, seat)]
    if phase == ph.SETUP:
        step = state.setup_queue[0][1]
        if step == "settlement":
            return [("place_settlement", v) for v in setup_settlement_spots(state)]
        if step == "road":
            return [("place_road", e) for e in setup_road_spots(state)]
    return None


def option_action(option: Option) -> Action:
    kind = option[0]
    if kind == "dev":
        return act("play_development", _dev_params(option[1]))
    if kind == "bank_trade":
        return act(kind, {"give": RESOURCES[option[1]], "get": RESOURCES[option[2]]})
    if kind == "move_tormund":
        h, v = option[1], option[2]
        return act(kind, {"hex": h} if v < 0 else {"hex": h, "victim": v})
    if len(option) == 1:
        return act(kind, {})
    key = _OPTION_KEY[kind]
    return act(kind, {key: option[1]})


_OPTION_KEY = {
    "build_keep": "vertex", "build_settlement": "vertex", "place_settlement": "vertex",
    "build_road": "edge", "place_free_road": "edge", "place_road": "edge",
    "build_guard": "section",
}


def uniform_action(state: State, seat: int, rng: Rng) -> Action:
    """A uniformly random concrete legal action (a random discard after a 7)."""
    if state.phase == ph.DISCARD:
        return random_action(state, seat, rng)  # that policy's discard is uniformly random
    options = uniform_options(state, seat)
    if options is None:
        return choice(rng, [a for a in legal_actions(state, seat) if isinstance(a, Action)])
    return option_action(options[randbelow(rng, len(options))])

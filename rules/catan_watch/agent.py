"""Menus (legal actions), deadline defaults and the random agent's sensible policy."""

from __future__ import annotations

from typing import Any

from rules.base import Action, ActionSpec
from rules.catan_watch import dev_cards, heroes, trade
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
from rules.catan_watch.common import counts_json, has
from rules.catan_watch.data import COSTS, RESOURCES
from rules.catan_watch.engine import awaiting
from rules.catan_watch.production import tormund_targets, victims
from rules.catan_watch.state import (
    DISCARD,
    MAIN,
    MELISANDRE,
    MORMONT,
    ROAD_BUILDING,
    ROLL,
    SETUP,
    TORMUND,
    TRADE,
    TRADE_CONFIRM,
    TRAGEDY,
    State,
)
from rules.rng import Rng


def tormund_moves(state: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for h in tormund_targets(state):
        vs = victims(state, seat, h)
        if vs:
            out += [{"hex": h, "victim": v} for v in vs]
        else:
            out.append({"hex": h})
    return out


def dev_options(state: State, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for card in dev_cards.playable_cards(state, seat):
        if card == "watch":
            out += [{"card": card, **m} for m in tormund_moves(state, seat)]
            if state.nw:
                out += [{"card": card, "wildling_hex": h} for h, w in enumerate(state.gift) if w]
        elif card == "road_building":
            if state.pieces[seat][ROADS] > 0:
                out.append({"card": card})
        elif card == "winter_is_coming":
            for i, a in enumerate(RESOURCES):
                for b in RESOURCES[i:]:
                    if state.bank[i] >= (2 if a == b else 1) and state.bank[RESOURCES.index(b)]:
                        out.append({"card": card, "resources": [a, b]})
        elif card == "new_recruits" and state.pieces[seat][GUARDS] > 0:
            out += [{"card": card, "section": s} for s in guard_sections(state)]
    return out


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


def _trade_spec(kind: str, label: str) -> ActionSpec:
    return ActionSpec(kind, {"give": None, "get": None}, label)


def legal_actions(state: State, seat: int) -> list[Action | ActionSpec]:
    if seat not in awaiting(state):
        return []
    phase = state.phase
    if phase == SETUP:
        step = state.setup_queue[0][1]
        if step == "settlement":
            spots = setup_settlement_spots(state)
            return [Action("place_settlement", {"vertex": v}) for v in spots]
        if step == "road":
            return [Action("place_road", {"edge": e}) for e in setup_road_spots(state)]
        return [Action("place_guard", {"section": s}) for s in guard_sections(state)]
    if phase == DISCARD:
        n = state.discard_need[seat]
        return [ActionSpec("discard", {"cards": None}, f"discard {n} resource cards")]
    if phase == TORMUND:
        return [Action("move_tormund", m) for m in tormund_moves(state, seat)]
    if phase == TRADE:
        out: list[Action | ActionSpec] = []
        assert state.trade is not None
        if has(state.hands[seat], state.trade["get"]):
            out.append(Action("accept_trade"))
        out.append(Action("decline_trade"))
        out.append(_trade_spec("counter_trade", "counter-offer: what you give / what you get"))
        return out
    if phase == TRADE_CONFIRM:
        out = [Action("confirm_trade", {"partner": p}) for p in _payable_partners(state, seat)]
        return [*out, Action("cancel_trade")]
    if phase == ROAD_BUILDING:
        return [Action("place_free_road", {"edge": e}) for e in road_spots(state, seat)]
    if phase == MORMONT:
        return [Action("give_back", {"resource": RESOURCES[r]})
                for r in range(5) if state.hands[seat][r]]
    if phase == MELISANDRE:
        assert state.pending is not None
        n_cards = len(state.pending["cards"])
        return [Action("pick_development", {"index": i}) for i in range(n_cards)]
    if phase == TRAGEDY:
        return [Action("remove_hero", {"hero": h}) for h in state.hero_offer]
    out = [Action("play_development", p) for p in dev_options(state, seat)]
    if state.nw and heroes.ready(state, seat) is None:
        out.append(ActionSpec("use_hero", {"after": ["flip", "swap"], "take": state.hero_offer},
                              heroes.hero_id(state, seat)))
    if phase == ROLL:
        return [Action("roll"), *out]
    assert phase == MAIN
    out += build_options(state, seat)
    out += [Action("bank_trade", p) for p in bank_options(state, seat)]
    out.append(_trade_spec("offer_trade", "offer a trade: what you give / what you get"))
    out.append(Action("end_turn"))
    return out


def _payable_partners(state: State, seat: int) -> list[int]:
    return [p for p in trade.partners(state)
            if has(state.hands[seat], state.trade["responses"][str(p)]["give"])]  # type: ignore[index]


def plentiful_first(hand: list[int], n: int) -> list[int]:
    """The stated deadline rule for discards: repeatedly the most plentiful resource
    (ties: brick, lumber, wool, grain, ore)."""
    left, out = hand[:], [0] * 5
    for _ in range(n):
        r = max(range(5), key=lambda i: (left[i], -i))
        left[r] -= 1
        out[r] += 1
    return out


def default_action(state: State, seat: int) -> Action:
    phase = state.phase
    if phase == DISCARD:
        cards = plentiful_first(state.hands[seat], state.discard_need[seat])
        return Action("discard", {"cards": counts_json(cards)})
    if phase == TRADE:
        return Action("decline_trade")
    if phase == TRADE_CONFIRM:
        return Action("cancel_trade")
    if phase == ROLL:
        return Action("roll")
    if phase == MAIN:
        return Action("end_turn")
    if phase == MORMONT:
        r = max(range(5), key=lambda i: (state.hands[seat][i], -i))
        return Action("give_back", {"resource": RESOURCES[r]})
    acts = [a for a in legal_actions(state, seat) if isinstance(a, Action)]
    return acts[0]


def random_action(state: State, seat: int, rng: Rng) -> Action:
    """A legal action from a simple policy: build when possible, trade a little, end the
    turn otherwise — so random playouts finish."""
    phase = state.phase
    if phase == DISCARD:
        hand = state.hands[seat]
        pool = [r for r in range(5) for _ in range(hand[r])]
        cards = [0] * 5
        for r in rng.sample(pool, state.discard_need[seat]):
            cards[r] += 1
        return Action("discard", {"cards": counts_json(cards)})
    if phase == TRADE:
        return _respond(state, seat, rng)
    if phase == TRADE_CONFIRM:
        partners = _payable_partners(state, seat)
        if partners and rng.randbelow(5):
            return Action("confirm_trade", {"partner": rng.choice(partners)})
        return Action("cancel_trade")
    if phase == ROLL:
        if state.dev_hand[seat] and rng.randbelow(4) == 0:
            opts = dev_options(state, seat)
            if opts:
                return Action("play_development", rng.choice(opts))
        return Action("roll")
    if phase == MAIN:
        return _main_move(state, seat, rng)
    if phase == SETUP and state.setup_queue[0][1] == "settlement":
        spots = setup_settlement_spots(state)
        return Action("place_settlement", {"vertex": _good_spot(state, spots, rng)})
    acts = [a for a in legal_actions(state, seat) if isinstance(a, Action)]
    return rng.choice(acts)


# Ways to roll each number with two dice: how productive a number token is.
_PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _good_spot(state: State, spots: list[int], rng: Rng) -> int:
    """A random corner among the 3 most productive ones (so random games stay short)."""
    number, hexes = state.layout.number, state.geo.vertex_hexes
    ranked = sorted(spots, key=lambda v: -sum(_PIPS.get(number[h], 0) for h in hexes[v]))
    return rng.choice(ranked[:3])


def _respond(state: State, seat: int, rng: Rng) -> Action:
    assert state.trade is not None
    hand = state.hands[seat]
    roll = rng.randbelow(20)
    if roll < 6 and has(hand, state.trade["get"]):
        return Action("accept_trade")
    if roll == 6 and sum(hand):
        mine = max(range(5), key=lambda i: hand[i])
        want = rng.choice([r for r in range(5) if r != mine])
        return Action("counter_trade", {"give": {RESOURCES[mine]: 1}, "get": {RESOURCES[want]: 1}})
    return Action("decline_trade")


def _main_move(state: State, seat: int, rng: Rng) -> Action:
    hand, pieces = state.hands[seat], state.pieces[seat]
    if pieces[KEEPS] and has(hand, COSTS["keep"]):
        spots = keep_spots(state, seat)
        if spots:
            return Action("build_keep", {"vertex": rng.choice(spots)})
    spots = settlement_spots(state, seat) if pieces[SETTLEMENTS] else []
    if spots and has(hand, COSTS["settlement"]):
        return Action("build_settlement", {"vertex": _good_spot(state, spots, rng)})
    if state.dev_hand[seat] and rng.randbelow(3) == 0:
        plays = dev_options(state, seat)
        if plays:
            return Action("play_development", rng.choice(plays))
    # Save for a settlement while there is a spot for one; otherwise spend freely.
    saving = bool(spots)
    if state.nw and pieces[GUARDS] and has(hand, COSTS["guard"]) and rng.randbelow(2):
        sections = guard_sections(state)
        if sections:
            return Action("build_guard", {"section": rng.choice(sections)})
    if state.dev_deck and has(hand, COSTS["development"]) and (not saving or rng.randbelow(3) == 0):
        return Action("buy_development")
    if pieces[ROADS] and has(hand, COSTS["road"]) and (not saving or rng.randbelow(4) == 0):
        edges = road_spots(state, seat)
        if edges:
            return Action("build_road", {"edge": rng.choice(edges)})
    if state.nw and rng.randbelow(4) == 0:
        uses = heroes.candidates(state, seat, rng)
        if uses:
            return Action("use_hero", rng.choice(uses))
    target = _target_cost(state, seat, bool(spots))
    missing = [r for r in range(5) if hand[r] < target[r]]
    if missing:
        rates = trade.bank_rates(state, seat)
        spare = [r for r in range(5) if hand[r] - target[r] >= rates[r]]
        gets = [r for r in missing if state.bank[r]]
        if spare and gets:
            give = max(spare, key=lambda i: hand[i] - target[i])
            get = RESOURCES[rng.choice(gets)]
            return Action("bank_trade", {"give": RESOURCES[give], "get": get})
        rich = max(range(5), key=lambda i: hand[i] - target[i])
        if state.trade_count == 0 and hand[rich] > target[rich] and rng.randbelow(4) == 0:
            return Action("offer_trade", {"give": {RESOURCES[rich]: 1},
                                          "get": {RESOURCES[rng.choice(missing)]: 1}})
    return Action("end_turn")


def _target_cost(state: State, seat: int, settlement_spot: bool) -> tuple[int, ...]:
    """What the random agent saves for: a settlement if it has a spot, else a keep, else a
    development card (or a road to find a spot)."""
    pieces = state.pieces[seat]
    if settlement_spot:
        return COSTS["settlement"]
    if pieces[KEEPS] and pieces[SETTLEMENTS] < 5:
        return COSTS["keep"]
    if state.dev_deck:
        return COSTS["development"]
    return COSTS["road"]

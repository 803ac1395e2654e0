"""The moves the AI compares in each phase (docs/ai/catan_watch.md).

Most phases offer every concrete legal move. The templates get concrete stand-ins: a
discard keeps the cards nearest a build (one move, no search), an answer to an offer accepts
only a trade that brings the hand nearer a build, hero uses are a sample of validated ones.
Its own domestic offers are one card it can spare for one it misses for a build, at most
``MAX_OFFERS`` a turn (an offer nobody takes would otherwise come back every move).
"""

from __future__ import annotations

from rules.base import Action
from rules.catan_watch import agent, heroes
from rules.catan_watch.ai_eval import hand_value
from rules.catan_watch.common import counts_json, has
from rules.catan_watch.data import COSTS, RESOURCES
from rules.catan_watch.phases import DISCARD, MAIN, ROLL, TRADE
from rules.catan_watch.points import public_vp
from rules.catan_watch.state import State
from rules.rng import Rng

_KEEP, _SETTLE, _DEVCOST = COSTS["keep"], COSTS["settlement"], COSTS["development"]
HERO_SAMPLE = 6
MAX_OFFERS = 2


def moves(state: State, seat: int, rng: Rng) -> list[Action]:
    phase = state.phase
    if phase == DISCARD:
        return [discard(state, seat)]
    if phase == TRADE and seat != state.current:
        return [answer(state, seat)]
    legal = [a for a in agent.legal_actions(state, seat) if isinstance(a, Action)]
    if phase in (ROLL, MAIN) and state.nw and heroes.ready(state, seat) is None:
        uses = heroes.candidates(state, seat, rng)
        if len(uses) > HERO_SAMPLE:
            uses = rng.sample(uses, HERO_SAMPLE)
        legal += [Action("use_hero", p) for p in uses]
    if phase == MAIN:
        legal += offers(state, seat)
    return legal or [agent.default_action(state, seat)]


def offers(state: State, seat: int) -> list[Action]:
    """1:1 offers that bring a keep, a settlement or a development card within reach."""
    if state.built or state.trade_count >= MAX_OFFERS:
        return []
    hand, pieces = state.hands[seat], state.pieces[seat]
    targets = []
    if pieces[1] > 0 and pieces[0] < 5:
        targets.append(_KEEP)
    if pieces[0] > 0 and state.spots[seat]:
        targets.append(_SETTLE)
    if state.dev_deck:
        targets.append(_DEVCOST)
    out: dict[Action, None] = {}
    for cost in targets:
        gap = [c - h for h, c in zip(hand, cost, strict=True)]
        short = [r for r in range(5) if gap[r] > 0]
        spare = [r for r in range(5) if gap[r] < 0]
        if not short or not spare or sum(gap[r] for r in short) > 2:
            continue
        give = min(spare, key=lambda r: (gap[r], r))
        for want in short:
            out.setdefault(Action("offer_trade", {"give": {RESOURCES[give]: 1},
                                                  "get": {RESOURCES[want]: 1}}))
    return list(out)[:3]


def discard(state: State, seat: int) -> Action:
    """Give up, card by card, the one whose loss costs the hand least (ties: the resource
    held most)."""
    hand = state.hands[seat][:]
    out = [0] * 5
    for _ in range(state.discard_need[seat]):
        best, best_value = -1, float("-inf")
        for r in range(5):
            if not hand[r]:
                continue
            hand[r] -= 1
            value = hand_value(state, seat, hand) + 0.001 * hand[r]
            hand[r] += 1
            if value > best_value:
                best, best_value = r, value
        hand[best] -= 1
        out[best] += 1
    return Action("discard", {"cards": counts_json(out)})


def answer(state: State, seat: int) -> Action:
    """Accept an offer that brings the hand nearer a build, unless the offerer is close to
    winning; decline otherwise."""
    trade = state.trade
    assert trade is not None
    hand = state.hands[seat]
    give, get = trade["get"], trade["give"]  # the offer's terms, from this seat's side
    if not has(hand, give) or public_vp(state, state.current) >= 8:
        return Action("decline_trade")
    after = [h - g + t for h, g, t in zip(hand, give, get, strict=True)]
    if hand_value(state, seat, after) > hand_value(state, seat, hand) + 0.05:
        return Action("accept_trade")
    return Action("decline_trade")



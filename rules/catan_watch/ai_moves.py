"""The moves the AI compares in each phase (docs/ai/catan_watch.md).

Most phases offer every concrete legal move. The templates get concrete stand-ins: a
discard keeps the cards nearest a build (one move, no search), an answer to an offer accepts
only a trade that brings the hand nearer a build, hero uses are a sample of validated ones.
No domestic offers of its own: the view does not say how many the turn has had, and an offer
nobody takes would come back every move.
"""

from __future__ import annotations

from rules.base import Action
from rules.catan_watch import agent, heroes
from rules.catan_watch.ai_eval import hand_value
from rules.catan_watch.common import counts_json, has
from rules.catan_watch.points import public_vp
from rules.catan_watch.state import DISCARD, MAIN, ROLL, TRADE, State
from rules.rng import Rng

HERO_SAMPLE = 6


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
    return legal or [agent.default_action(state, seat)]


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



"""Step 2 of a turn: domestic trade with counter-offers, and trade with the bank."""

from __future__ import annotations

from typing import Any

from rules.base import text
from rules.catan_watch.common import (
    ONE_SEAT,
    Events,
    counts_json,
    counts_of,
    ev,
    has,
    illegal,
    missing_message,
    res_text,
)
from rules.catan_watch.data import RESOURCES
from rules.catan_watch.phases import MAIN, TRADE, TRADE_CONFIRM
from rules.catan_watch.state import State


def check_trading_open(state: State) -> None:
    """The turn's steps come in a fixed order: roll, trade, build. Once the active player
    has built something or bought a development card (step 3), trading is over."""
    if state.built:
        raise illegal(text("catan.error.trading_over"))


def bank_rate(state: State, seat: int, r: int) -> int:
    """4:1 always; 3:1 with a 3:1 harbour or in Night's Watch mode; 2:1 with that
    resource's harbour (kept up to date in state.rates as settlements are built)."""
    return state.rates[seat][r]


def bank_rates(state: State, seat: int) -> list[int]:
    """The seat's rate for each resource."""
    return state.rates[seat][:]


def bank_trade(state: State, seat: int, give: int, get: int, events: Events) -> None:
    check_trading_open(state)
    if give == get:
        raise illegal(text("catan.error.trade_different"))
    rate = bank_rate(state, seat, give)
    if state.hands[seat][give] < rate:
        raise illegal(text("catan.error.bank_rate", n=rate, res=res_text(give)))
    if state.bank[get] <= 0:
        raise illegal(text("catan.error.bank_none_left", res=res_text(get)))
    state.hands[seat][give] -= rate
    state.bank[give] += rate
    state.hands[seat][get] += 1
    state.bank[get] -= 1
    events.append(ev("bank_trade", {
        "seat": seat, "give": {RESOURCES[give]: rate}, "get": {RESOURCES[get]: 1}, "rate": rate,
    }))


def _terms(params: Any) -> tuple[list[int], list[int]]:
    give = counts_of(params.get("give"), "give")
    get = counts_of(params.get("get"), "get")
    if not any(give) or not any(get):
        raise illegal(text("catan.error.trade_empty"))
    if any(g and t for g, t in zip(give, get, strict=False)):
        raise illegal(text("catan.error.trade_same"))
    return give, get


def offer(state: State, seat: int, params: Any, events: Events) -> None:
    check_trading_open(state)
    give, get = _terms(params)
    msg = missing_message(state.hands[seat], give, offer=True)
    if msg:
        raise illegal(msg)
    state.trade = {"give": give, "get": get, "responses": {}}
    state.trade_count += 1
    state.phase = TRADE
    events.append(ev("trade_offered", {
        "seat": seat, "give": counts_json(give), "get": counts_json(get),
    }))


def respond(state: State, seat: int, kind: str, params: Any, events: Events) -> None:
    trade = state.trade
    assert trade is not None
    if kind == "accept_trade":
        msg = missing_message(state.hands[seat], trade["get"])
        if msg:
            raise illegal(msg)
        trade["responses"][str(seat)] = {"give": trade["give"], "get": trade["get"]}
        events.append(ev("trade_accepted", {"seat": seat}))
    elif kind == "counter_trade":
        # The responder's terms: what they give and what they want in return.
        mine_give, mine_get = _terms(params)
        msg = missing_message(state.hands[seat], mine_give)
        if msg:
            raise illegal(msg)
        trade["responses"][str(seat)] = {"give": mine_get, "get": mine_give}
        events.append(ev("trade_countered", {
            "seat": seat, "give": counts_json(mine_give), "get": counts_json(mine_get),
        }))
    else:
        trade["responses"][str(seat)] = None
        events.append(ev("trade_declined", {"seat": seat}))
    if len(trade["responses"]) == state.n - 1:
        if any(v is not None for v in trade["responses"].values()):
            state.phase = TRADE_CONFIRM
        else:
            state.trade = None
            state.phase = MAIN
            events.append(ev("trade_closed", {"seat": state.current, "partner": None,
                                              "why": "declined"}))


def responders_left(state: State) -> frozenset[int]:
    trade = state.trade
    if trade is None:
        return frozenset()
    responses, current = trade["responses"], state.current
    return frozenset(
        [s for s in range(state.n) if s != current and _KEYS[s] not in responses]
    )


def awaited(state: State) -> frozenset[int]:
    """Who the open offer waits for: the players who have not answered yet, and — once
    someone has accepted or countered — the active player too, who may close the trade with
    that player (or cancel it) without waiting for the rest: one absent player does not
    hold up the turn until their deadline. The active player joins only then, so their
    deadline always runs from a moment they had something to decide."""
    left = responders_left(state)
    trade = state.trade
    if trade is not None and any(v is not None for v in trade["responses"].values()):
        return left | ONE_SEAT[state.current]
    return left


def check_responder(state: State, seat: int) -> None:
    if seat == state.current:
        raise illegal(text("catan.error.own_offer"))


def check_offerer(state: State, seat: int) -> None:
    if seat != state.current:
        raise illegal(text("catan.error.offerer_only"))


_KEYS = tuple(str(s) for s in range(8))


def partners(state: State) -> list[int]:
    trade = state.trade
    if trade is None:
        return []
    return sorted(int(k) for k, v in trade["responses"].items() if v is not None)


def confirm(state: State, seat: int, partner: int, events: Events) -> None:
    trade = state.trade
    assert trade is not None
    terms = trade["responses"].get(str(partner))
    if terms is None:
        raise illegal(text("catan.error.not_partner"))
    give, get = terms["give"], terms["get"]  # from the active player's side
    if not has(state.hands[seat], give):
        msg = missing_message(state.hands[seat], give)
        assert msg is not None
        raise illegal(msg)
    me, them = state.hands[seat], state.hands[partner]
    for i in range(5):
        me[i] += get[i] - give[i]
        them[i] += give[i] - get[i]
    state.trade = None
    state.phase = MAIN
    events.append(ev("trade_closed", {
        "seat": seat, "partner": partner, "give": counts_json(give), "get": counts_json(get),
    }))


def cancel(state: State, seat: int, events: Events) -> None:
    # Who had accepted or countered: the thread says why no trade came of their answer.
    answered = partners(state)
    state.trade = None
    state.phase = MAIN
    events.append(ev("trade_closed", {"seat": seat, "partner": None, "why": "withdrawn",
                                      "answered": answered}))

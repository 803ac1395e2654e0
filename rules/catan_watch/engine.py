"""The turn machine: who is awaited, which action kinds fit each phase, and dispatch."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Action, RuleViolation, Text, text
from rules.catan_watch import dev_cards, heroes, trade
from rules.catan_watch import phases as ph
from rules.catan_watch.build import (
    build_guard,
    build_keep,
    build_road,
    build_settlement,
    buy_development,
)
from rules.catan_watch.common import ONE_SEAT, Events, counts_of, ev, illegal, int_param, res_of
from rules.catan_watch.data import HEROES, N_SECTIONS
from rules.catan_watch.ending import check_win
from rules.catan_watch.production import finish_roll, move_tormund, roll, submit_discard
from rules.catan_watch.setup import setup_step
from rules.catan_watch.state import State

#: Action kinds allowed in each phase (for the active player unless noted).
PHASE_KINDS: dict[str, frozenset[str]] = {
    ph.SETUP: frozenset({"place_settlement", "place_road", "place_guard"}),
    ph.ROLL: frozenset({"roll", "play_development", "use_hero"}),
    ph.DISCARD: frozenset({"discard"}),
    ph.TORMUND: frozenset({"move_tormund"}),
    ph.MAIN: frozenset({
        "build_road", "build_settlement", "build_keep", "build_guard", "buy_development",
        "play_development", "bank_trade", "offer_trade", "use_hero", "end_turn",
    }),
    # The other players answer; the active player may close the trade early (trade.awaited).
    ph.TRADE: frozenset({"accept_trade", "decline_trade", "counter_trade", "confirm_trade",
                      "cancel_trade"}),
    ph.TRADE_CONFIRM: frozenset({"confirm_trade", "cancel_trade"}),
    ph.ROAD_BUILDING: frozenset({"place_free_road"}),
    ph.MORMONT: frozenset({"give_back"}),
    ph.MELISANDRE: frozenset({"pick_development"}),
    ph.MANCE: frozenset({"take_card"}),
    ph.TRAGEDY: frozenset({"remove_hero"}),
    ph.OVER: frozenset(),
}
ALL_KINDS = frozenset().union(*PHASE_KINDS.values())


_ACTIVE_ONLY = frozenset(PHASE_KINDS) - {ph.OVER, ph.SETUP, ph.DISCARD, ph.TRADE}


def awaiting(state: State) -> frozenset[int]:
    phase = state.phase
    if phase in _ACTIVE_ONLY:
        return ONE_SEAT[state.current]
    if phase == ph.OVER:
        return frozenset()
    if phase == ph.SETUP:
        return ONE_SEAT[state.setup_queue[0][0]]
    if phase == ph.DISCARD:
        return frozenset(s for s in state.discard_need if s not in state.pending_discard)
    if phase == ph.TRADE:
        return trade.awaited(state)
    return ONE_SEAT[state.current]


_CHECK_WIN_PHASES = frozenset({ph.ROLL, ph.MAIN, ph.ROAD_BUILDING})
_CHECKED = frozenset({"roll", "move_tormund"})


def step(state: State, seat: int, action: Action) -> Events:
    kind = action.kind
    entry = _DISPATCH[state.phase].get(kind)
    if entry is None:
        if kind not in ALL_KINDS:
            raise RuleViolation("unknown_action",
                                text("catan.error.unknown_action", kind=repr(kind)))
        raise RuleViolation("wrong_phase", _wrong_phase_message(state, seat, kind))
    handler, win_check = entry
    events: Events = []
    handler(state, seat, action.params, events)
    # The active player's moves end with the win check (in the phases where one can win);
    # a roll and Tormund's move end in finish_roll, which has just made it.
    if win_check and state.result is None and state.phase in _CHECK_WIN_PHASES:
        check_win(state, events)
    return events


Params = Mapping[str, Any]


def _discard(state: State, seat: int, params: Params, events: Events) -> None:
    submit_discard(state, seat, counts_of(params.get("cards"), "cards"), events)


def _roll(state: State, seat: int, params: Params, events: Events) -> None:
    roll(state, events)


def _move_tormund(state: State, seat: int, params: Params, events: Events) -> None:
    h = int_param(params, "hex", 0, len(state.layout.number), "hex")
    move_tormund(state, seat, h, params.get("victim"), events)
    finish_roll(state, events)


def _build_road(state: State, seat: int, params: Params, events: Events) -> None:
    build_road(state, seat, int_param(params, "edge", 0, state.geo.n_edges, "path"), events)


def _build_settlement(state: State, seat: int, params: Params, events: Events) -> None:
    v = int_param(params, "vertex", 0, state.geo.n_vertices, "corner")
    build_settlement(state, seat, v, events)


def _build_keep(state: State, seat: int, params: Params, events: Events) -> None:
    v = int_param(params, "vertex", 0, state.geo.n_vertices, "corner")
    build_keep(state, seat, v, events)


def _build_guard(state: State, seat: int, params: Params, events: Events) -> None:
    if not state.nw:
        raise illegal(text("catan.error.guards_nw_only"))
    build_guard(state, seat, int_param(params, "section", 0, N_SECTIONS, "section"), events)


def _buy_development(state: State, seat: int, params: Params, events: Events) -> None:
    buy_development(state, seat, events)


def _bank_trade(state: State, seat: int, params: Params, events: Events) -> None:
    give, get = res_of(params.get("give"), "give"), res_of(params.get("get"), "get")
    trade.bank_trade(state, seat, give, get, events)


def _confirm_trade(state: State, seat: int, params: Params, events: Events) -> None:
    trade.confirm(state, seat, int_param(params, "partner", 0, state.n, "partner seat"), events)


def _cancel_trade(state: State, seat: int, params: Params, events: Events) -> None:
    trade.cancel(state, seat, events)


def _place_free_road(state: State, seat: int, params: Params, events: Events) -> None:
    e = int_param(params, "edge", 0, state.geo.n_edges, "path")
    dev_cards.place_free_road(state, seat, e, events)


def _remove_hero(state: State, seat: int, params: Params, events: Events) -> None:
    h = params.get("hero")
    if not isinstance(h, int) or isinstance(h, bool) or h not in state.hero_offer:
        raise illegal(text("catan.error.hero_from_offer"))
    state.hero_offer.remove(h)
    state.pending = None
    state.phase = ph.MAIN
    events.append(ev("hero_removed", {"seat": seat, "hero": h, "name": HEROES[h]["name"]}))


def _end_turn(state: State, seat: int, params: Params, events: Events) -> None:
    end_turn(state, events)


_HANDLERS: dict[str, Callable[[State, int, Params, Events], None]] = {
    "roll": _roll,
    "move_tormund": _move_tormund,
    "play_development": dev_cards.play,
    "use_hero": heroes.use,
    "build_road": _build_road,
    "build_settlement": _build_settlement,
    "build_keep": _build_keep,
    "build_guard": _build_guard,
    "buy_development": _buy_development,
    "bank_trade": _bank_trade,
    "offer_trade": trade.offer,
    "confirm_trade": _confirm_trade,
    "cancel_trade": _cancel_trade,
    "place_free_road": _place_free_road,
    "give_back": heroes.mormont_give,
    "pick_development": heroes.melisandre_pick,
    "take_card": heroes.mance_take,
    "remove_hero": _remove_hero,
    "end_turn": _end_turn,
}

Entry = tuple[Callable[[State, int, Params, Events], None], bool]  # (handler, win check)


def _responder(kind: str) -> Callable[[State, int, Params, Events], None]:
    def answer(state: State, seat: int, params: Params, events: Events) -> None:
        trade.check_responder(state, seat)
        trade.respond(state, seat, kind, params, events)

    return answer


def _early(handler: Callable[[State, int, Params, Events], None]
           ) -> Callable[[State, int, Params, Events], None]:
    """Confirm or cancel while answers are still outstanding: the offerer's only."""
    def close(state: State, seat: int, params: Params, events: Events) -> None:
        trade.check_offerer(state, seat)
        handler(state, seat, params, events)

    return close


def _placer(kind: str) -> Callable[[State, int, Params, Events], None]:
    return lambda state, seat, params, events: setup_step(state, seat, kind, params, events)


#: Per phase: the action kinds allowed and how each is carried out.
_DISPATCH: dict[str, dict[str, Entry]] = {}
for _phase, _kinds in PHASE_KINDS.items():
    if _phase == ph.SETUP:
        _DISPATCH[_phase] = {k: (_placer(k), False) for k in _kinds}
    elif _phase == ph.DISCARD:
        _DISPATCH[_phase] = {k: (_discard, False) for k in _kinds}
    elif _phase == ph.TRADE:
        _DISPATCH[_phase] = {k: (_early(_HANDLERS[k]) if k in _HANDLERS else _responder(k),
                                 False) for k in _kinds}
    else:
        _DISPATCH[_phase] = {k: (_HANDLERS[k], k not in _CHECKED) for k in _kinds}


def end_turn(state: State, events: Events) -> None:
    events.append(ev("turn_ended", {"seat": state.current, "turn": state.turn}))
    state.current = (state.current + 1) % state.n
    state.turn += 1
    state.rolled = False
    state.dev_new = []
    state.trade_count = 0
    state.got_yield = False
    state.built = False
    state.phase = ph.ROLL
    events.append(ev("turn_started", {"seat": state.current, "turn": state.turn}))


#: Why an action kind does not fit the phase: what the table waits for now.
_WAITING_FOR: dict[str, str] = {
    ph.DISCARD: "catan.error.wait_discards",
    ph.TORMUND: "catan.error.tormund_first",
    ph.TRADE_CONFIRM: "catan.error.confirm_or_cancel",
    ph.ROAD_BUILDING: "catan.error.free_roads_first",
    ph.MANCE: "catan.error.mance_first",
    ph.SETUP: "catan.error.setup_running",
}


def _wrong_phase_message(state: State, seat: int, kind: str) -> Text:
    phase = state.phase
    if phase == ph.ROLL and kind in PHASE_KINDS[ph.MAIN]:
        return text("catan.error.roll_first")
    if phase == ph.TRADE:
        own = seat == state.current
        return text("catan.error.own_offer_open" if own else "catan.error.offer_open")
    key = _WAITING_FOR.get(phase)
    return text(key) if key else text("catan.error.not_now", kind=kind)

"""Development ("action") cards: Watch, progress cards, victory points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import text
from rules.catan_watch.build import (
    ROADS,
    check_guard_section,
    check_road_spot,
    put_guard,
    put_road,
    road_spots,
)
from rules.catan_watch.common import Events, bad, ev, illegal, int_param, res_of, res_text
from rules.catan_watch.data import DEV_CARDS, N_SECTIONS, RESOURCES, TERRAIN_RESOURCE
from rules.catan_watch.phases import MAIN, ROAD_BUILDING, ROLL
from rules.catan_watch.production import check_tormund_move, move_tormund
from rules.catan_watch.specials import update_largest
from rules.catan_watch.state import State

PLAYABLE = ("watch", "road_building", "winter_is_coming", "new_recruits")


def playable_cards(state: State, seat: int) -> list[str]:
    """Cards the active player may play now: one per turn, not one bought this turn."""
    if state.dev_played_turn == state.turn or state.phase not in (ROLL, MAIN):
        return []
    hand, new = state.dev_hand[seat], state.dev_new
    if not new:
        return [c for c in PLAYABLE if c in hand]
    return [c for c in PLAYABLE if hand.count(c) > new.count(c)]


def play(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    card = params.get("card")
    if not isinstance(card, str) or card not in DEV_CARDS:
        raise bad(text("catan.error.unknown_dev", card=repr(card)))
    if card == "victory_point":
        raise illegal(text("catan.error.vp_hidden"))
    if state.dev_played_turn == state.turn:
        raise illegal(text("catan.error.one_dev_per_turn"))
    hand = state.dev_hand[seat]
    if card not in hand:
        raise illegal(text("catan.error.no_dev_card", card=text(f"catan.dev.{card}")))
    if hand.count(card) <= state.dev_new.count(card):
        raise illegal(text("catan.error.dev_bought_now"))
    if card == "watch":
        _check_watch(state, seat, params)
    elif card == "road_building":
        if state.pieces[seat][ROADS] <= 0:
            raise illegal(text("catan.error.no_roads_to_build"))
    elif card == "winter_is_coming":
        picks = _two_resources(params)
        for r in set(picks):
            if state.bank[r] < picks.count(r):
                raise illegal(text("catan.error.bank_not_enough", res=res_text(r)))
    elif card == "new_recruits":
        if not state.nw:
            raise illegal(text("catan.error.recruits_nw_only"))
        check_guard_section(state, seat, int_param(params, "section", 0, N_SECTIONS, "section"))
    hand.remove(card)
    state.dev_played_turn = state.turn
    events.append(ev("development_played", {"seat": seat, "card": card}))
    if card == "watch":
        _play_watch(state, seat, params, events)
    elif card == "road_building":
        state.free_roads = min(2, state.pieces[seat][ROADS])
        state.return_phase = state.phase
        state.phase = ROAD_BUILDING
        skip_if_stuck(state, seat, events)
    elif card == "winter_is_coming":
        for r in _two_resources(params):
            state.bank[r] -= 1
            state.hands[seat][r] += 1
        events.append(ev("took_from_bank", {
            "seat": seat, "cards": [RESOURCES[r] for r in _two_resources(params)],
        }))
    else:
        put_guard(state, seat, params["section"], events, "new_recruits")


def _two_resources(params: Mapping[str, Any]) -> list[int]:
    picks = params.get("resources")
    if not isinstance(picks, list) or len(picks) != 2:
        raise bad(text("catan.error.two_resources"))
    return [res_of(p) for p in picks]


def _check_watch(state: State, seat: int, params: Mapping[str, Any]) -> None:
    if "wildling_hex" in params:
        if not state.nw:
            raise illegal(text("catan.error.watch_base"))
        h = int_param(params, "wildling_hex", 0, len(state.gift), "hex")
        if not state.gift[h]:
            raise illegal(text("catan.error.no_wildling_hex"))
        return
    h = int_param(params, "hex", 0, len(state.layout.number), "hex")
    check_tormund_move(state, seat, h, params.get("victim"))


def _play_watch(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    state.watches[seat] += 1
    update_largest(state, events)
    if state.result is not None:
        return
    if "wildling_hex" in params:
        # Night's Watch mode: drive a wildling out of the Gift and take that hex's yield.
        h = params["wildling_hex"]
        state.gift[h] = ""
        r = TERRAIN_RESOURCE[state.layout.terrain[h]]
        got = r >= 0 and state.bank[r] > 0
        if got:
            state.bank[r] -= 1
            state.hands[seat][r] += 1
        events.append(ev("wildling_driven_out", {
            "seat": seat, "hex": h, "resource": RESOURCES[r] if got else None,
        }))
        return
    move_tormund(state, seat, params["hex"], params.get("victim"), events)


def place_free_road(state: State, seat: int, e: int, events: Events) -> None:
    check_road_spot(state, seat, e)
    put_road(state, seat, e, events, free=True)
    state.free_roads -= 1
    skip_if_stuck(state, seat, events)


def skip_if_stuck(state: State, seat: int, events: Events) -> None:
    """Road Building ends after its roads, or early when no road can be placed."""
    if state.free_roads > 0 and state.pieces[seat][ROADS] > 0 and road_spots(state, seat):
        return
    if state.free_roads > 0:
        events.append(ev("free_roads_lost", {"seat": seat, "count": state.free_roads}))
    state.free_roads = 0
    state.phase = state.return_phase

"""The Westeros phase: cards, the wildling threat, auctions, mustering limits, consolidation."""

from __future__ import annotations

import pytest

from rules.agot import RULES
from rules.agot.flow import drive
from rules.agot.scenario import (
    act,
    act_events,
    awaited,
    begin,
    clear,
    game,
    order,
    put,
    seat,
    tracks,
)
from rules.agot.state import State
from rules.base import Event, RuleViolation
from tests.games.agot.text_helpers import refused


def _westeros(st: State, cards: list[str]) -> list[Event]:
    """Stack the three decks so that ``cards`` come up, then run the Westeros phase."""
    for deck, cid in zip(st.decks, cards, strict=True):
        deck.remove(cid)
        deck.insert(0, cid)
    st.round = 2
    st.stack = [{"kind": "round", "step": 1}, {"kind": "westeros", "step": 0}]
    ev: list[Event] = []
    drive(st, ev)
    return ev


def test_threat_rises_per_icon_before_the_cards_resolve() -> None:
    st = game()
    ev = _westeros(st, ["last_days_of_summer", "last_days_of_summer", "sea_of_storms"])
    assert st.wildling == 6
    assert [e.kind for e in ev][:3] == ["westeros_revealed", "wildling_threat", "westeros_card"]
    assert st.restrictions == ["sea_of_storms"]
    assert RULES.view(st, None)["phase"] == "planning"


def test_winter_is_coming_reshuffles_and_draws_again() -> None:
    st = game()
    ev = _westeros(st, ["winter_is_coming", "last_days_of_summer", "sea_of_storms"])
    kinds = [e.kind for e in ev]
    # One line says it all ("Winter Is Coming: Westeros deck 1 is reshuffled"), not two.
    assert "winter_is_coming" in kinds and "deck_shuffled" not in kinds
    assert st.westeros[0] != "winter_is_coming"
    assert sorted(st.decks[0]) == sorted(w.id for w in __import__(
        "rules.agot.data", fromlist=["load"]).load().westeros_deck(1))


def test_game_of_thrones_pays_crowns() -> None:
    st = clear(game(), neutral=True)
    bar = seat(st, "baratheon")
    put(st, "kings_landing", "baratheon", footmen=1)  # 2 crowns
    before = st.power[bar]
    _westeros(st, ["last_days_of_summer", "game_of_thrones", "sea_of_storms"])
    assert st.power[bar] == before + 2 + 1  # + Dragonstone, the home area


def test_night_watch_holds_and_the_top_bidder_takes_a_card_back() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["stark", "lannister", "baratheon", "tyrell", "greyjoy"])
    st.wildling = 6
    sta, lan = seat(st, "stark"), seat(st, "lannister")
    st.hands[lan].remove("tywin_lannister")
    st.discards[lan].append("tywin_lannister")
    begin(st, "wildlings")
    st = act(st, "stark", "bid", amount=3, ready=True)
    st = act(st, "lannister", "bid", amount=3, ready=True)
    for h in ("baratheon", "tyrell", "greyjoy"):
        st = act(st, h, "ready")
    assert st.wildling == 0 and st.power[sta] == 2
    assert awaited(st) == {"stark"}  # Stark holds the Iron Throne and breaks the tie
    with pytest.raises(RuleViolation):
        act(st, "stark", "choose_bidder", seat=seat(st, "baratheon"))
    st = act(st, "stark", "choose_bidder", seat=lan)
    st = act(st, "lannister", "reclaim_card", card="tywin_lannister")
    assert "tywin_lannister" in st.hands[lan]


def test_wildlings_win_every_house_pays_two_the_lowest_four() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["stark", "lannister", "baratheon", "tyrell", "greyjoy"])
    st.wildling = 12
    put(st, "winterfell", "stark", footmen=2, knights=1)
    put(st, "lannisport", "lannister", knights=2)
    put(st, "the_golden_sound", "lannister", ships=1)
    put(st, "dragonstone", "baratheon", footmen=1)
    begin(st, "wildlings")
    for h, amount in (("stark", 1), ("lannister", 2), ("baratheon", 0), ("tyrell", 0),
                      ("greyjoy", 0)):
        st = act(st, h, "bid", amount=amount, ready=True)
    # Baratheon, Tyrell and Greyjoy tie at 0: Stark (Iron Throne) names the lowest.
    assert awaited(st) == {"stark"}
    st = act(st, "stark", "choose_bidder", seat=seat(st, "baratheon"))
    assert awaited(st) == {"stark", "lannister", "baratheon"}  # houses with units
    with pytest.raises(RuleViolation):  # a footman and a knight is more than 2 points
        act(st, "stark", "destroy_units", units={"winterfell": {"footman": 1, "knight": 1}})
    st = act(st, "stark", "destroy_units", units={"winterfell": {"knight": 1}})
    with pytest.raises(RuleViolation):  # one ship is not enough
        act(st, "lannister", "destroy_units", units={"the_golden_sound": {"ship": 1}})
    st = act(st, "lannister", "destroy_units", units={"lannisport": {"knight": 1}})
    st = act(st, "baratheon", "destroy_units", units={"dragonstone": {"footman": 1}})  # all
    assert st.units["winterfell"][1:3] == [2, 0]
    assert "dragonstone" not in st.units
    assert st.wildling == 0


def test_clash_of_kings_three_auctions_and_the_new_holder_breaks_later_ties() -> None:
    st = clear(game(), neutral=True)
    st.power = [5] * 5
    begin(st, "clash", track=0)
    bids = {"baratheon": 0, "lannister": 5, "stark": 1, "tyrell": 2, "greyjoy": 3}
    for h, b in bids.items():
        st = act(st, h, "bid", amount=b, ready=True)
    assert [st.houses[s] for s in st.tracks["throne"]] == [
        "lannister", "greyjoy", "tyrell", "stark", "baratheon"]
    assert st.stack[-1]["track"] == 1
    for h in ("baratheon", "stark", "tyrell", "greyjoy"):
        st = act(st, h, "bid", amount=0, ready=True)
    # Lannister has no power left and bids 0 automatically; all tie: the new holder orders.
    assert awaited(st) == {"lannister"}
    ranking = [seat(st, h) for h in ("stark", "lannister", "baratheon", "tyrell", "greyjoy")]
    st = act(st, "lannister", "order_ties", ranking=ranking)
    assert st.tracks["fiefdoms"] == ranking


def test_mustering_ships_need_a_sea_free_of_enemy_ships_and_unit_limits_hold() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st, "the_golden_sound", "greyjoy", ships=1)
    st.supply[seat(st, "lannister")] = 6
    begin(st, "mustering")
    with refused("another house"):
        act(st, "lannister", "muster",
            builds=[{"area": "lannisport", "unit": "ship", "sea": "the_golden_sound"}])
    with pytest.raises(RuleViolation):
        act(st, "lannister", "muster",
            builds=[{"area": "lannisport", "unit": "ship", "sea": "sunset_sea"}])
    st2 = clear(game(), neutral=True)
    tracks(st2, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st2, "seagard", "lannister", knights=4)
    st2.supply[seat(st2, "lannister")] = 6
    begin(st2, "mustering")
    with refused("knights"):
        act(st2, "lannister", "muster", builds=[{"area": "lannisport", "unit": "knight"}])


def test_consolidate_power_and_raided_consolidation() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    bar = seat(st, "baratheon")
    put(st, "dragonstone", "baratheon", footmen=1)
    order(st, "dragonstone", "consolidate_a")
    put(st, "kings_landing", "baratheon", footmen=1)
    order(st, "kings_landing", "consolidate_b")
    put(st, "blackwater", "lannister", footmen=1)
    order(st, "blackwater", "raid_a")
    before = st.power[bar]
    st.power = [p for p in st.power]
    begin(st, "raids")
    st, _ = act_events(st, "lannister", "raid", **{"from": "blackwater",
                                                    "targets": ["kings_landing"]})
    # Dragonstone's order: 1 + its crown; King's Landing's was pillaged.
    assert st.power[bar] == before + 2
    assert st.round == 2

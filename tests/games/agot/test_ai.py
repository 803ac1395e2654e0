"""The AGoT AI's own parts: determinization from a view, the heuristic's preferences in
constructed positions, and a whole game of AIs without a refused move."""

from __future__ import annotations

from rules.agot.ai import AI
from rules.agot.ai_eval import evaluate, threat
from rules.agot.ai_moves import best_march, pick_card
from rules.agot.ai_plan import clash_bid, plan_orders, wildling_bid
from rules.agot.ai_world import determinize
from rules.agot.board import board
from rules.agot.planning import check_orders, orderable
from rules.agot.state import State
from rules.base import Action
from rules.canonical_json import canonical_json
from rules.registry import get
from rules.rng import Rng

RULES = get("agot")
HOUSES = "stark/lannister/baratheon/greyjoy/tyrell"


def _new(n: int = 5, seed: int = 1) -> State:
    houses = "/".join(HOUSES.split("/")[:n])
    return RULES.new_game({"houses": houses}, n, seed)


def test_the_sampled_state_shows_each_seat_its_own_view_through_a_game() -> None:
    for n, seed in ((5, 4), (3, 8)):
        st = RULES.new_game({}, n, seed)
        rng = Rng(seed)
        for step in range(400):
            if RULES.result(st) is not None:
                break
            awaited = sorted(RULES.awaiting(st))
            for seat in awaited:
                view = RULES.view(st, seat)
                sample = determinize(view, seat, Rng(step))
                assert canonical_json(RULES.view(sample, seat)) == canonical_json(view)
            seat = awaited[step % len(awaited)]
            st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))


def test_own_orders_kept_and_a_ready_rivals_orders_sampled_legally() -> None:
    st = _new()
    mine = plan_orders(st, 0, Rng(1))
    st, _ = RULES.apply(st, 0, Action("place_orders", {"orders": mine, "ready": False}))
    theirs = plan_orders(st, 1, Rng(2))
    st, _ = RULES.apply(st, 1, Action("place_orders", {"orders": theirs, "ready": True}))
    for k in range(5):
        sample = determinize(RULES.view(st, 0), 0, Rng(k))
        fr = sample.stack[-1]
        assert fr["orders"][0] == mine
        assert sorted(fr["orders"][1]) == sorted(theirs)  # where they lie is public
        check_orders(sample, 1, fr["orders"][1])
        assert fr["orders"][2] == {}  # not ready: nothing on the board to go by
        assert fr["ready"][:2] == [False, True]


def test_the_deck_order_is_resampled_but_its_contents_kept() -> None:
    st = _new()
    a = determinize(RULES.view(st, 0), 0, Rng(1))
    b = determinize(RULES.view(st, 0), 0, Rng(2))
    assert [sorted(d) for d in a.decks] == [sorted(d) for d in st.decks]
    assert a.decks != b.decks


def test_evaluate_prefers_holding_one_more_castle() -> None:
    st = _new()
    better = st.copy()
    better.units["moat_cailin"] = [0, 1, 0, 0, 0, 0, 0]
    assert evaluate(better, 0) > evaluate(st, 0)


def test_the_threat_to_a_castle_counts_armies_a_rivals_ships_can_carry() -> None:
    st = _new()
    st.units = {}
    st.units["riverrun"] = [0, 1, 0, 0, 0, 0, 0]
    st.units["pyke"] = [3, 2, 1, 0, 0, 0, 0]  # Greyjoy: two footmen and a knight, strength 4
    assert threat(st, "riverrun", 0) == 0  # no ship: Pyke is an island
    st.units["ironmans_bay"] = [3, 0, 0, 1, 0, 0, 0]
    assert threat(st, "riverrun", 0) == 4


def test_a_chain_of_the_rivals_own_ships_carries_and_anothers_ship_breaks_it() -> None:
    st = _new()
    st.units = {}
    st.units["lannisport"] = [1, 1, 0, 0, 0, 0, 0]
    st.units["pyke"] = [3, 2, 0, 0, 0, 0, 0]
    st.units["ironmans_bay"] = [3, 0, 0, 1, 0, 0, 0]
    st.units["the_golden_sound"] = [3, 0, 0, 1, 0, 0, 0]
    assert threat(st, "lannisport", 1) == 2  # Pyke, Ironman's Bay, the Golden Sound
    st.units["ironmans_bay"] = [4, 0, 0, 1, 0, 0, 0]  # Tyrell's ship: no chain
    assert threat(st, "lannisport", 1) == 0


def test_plan_marches_toward_an_open_castle() -> None:
    st = _new()
    orders = plan_orders(st, 0, Rng(3))
    assert set(orders) == set(orderable(st, 0))
    kinds = {a: board().tokens[t].kind for a, t in orders.items()}
    assert "march" in kinds.values()


def test_a_march_takes_the_empty_castle_next_door() -> None:
    st = _new()
    # Stark's army in White Harbor, Moat Cailin (a castle) empty next door.
    st.orders = {"white_harbor": [0, "march_0"]}
    st.units["white_harbor"] = [0, 2, 0, 0, 0, 0, 0]
    st.stack = [{"kind": "round", "step": 5},
                {"kind": "marches", "idx": st.tracks["throne"].index(0), "seat": 0}]
    act = best_march(st, 0)
    assert act.params["from"] == "white_harbor"
    assert "moat_cailin" in act.params["moves"]


def test_a_hopeless_or_certain_battle_spends_the_weakest_card() -> None:
    st = _new()
    st.units["moat_cailin"] = [1, 1, 0, 0, 0, 0, 0]
    fr = {"kind": "battle", "area": "moat_cailin", "from": "winterfell", "att": 0, "dfn": 1,
          "units": [1, 4, 0], "bonus": 1, "step": "cards", "decl": {}, "sup_seat": {},
          "cards": [None, None], "ready": [False, False], "revealed": False,
          "cancel": [False, False], "blade": -1, "forced": -1, "winner": -1,
          "strength": [0, 0], "casualties": 0, "effect": None}
    st.stack.append(fr)
    b = board()
    weakest = min(b.cards[c].strength for c in st.hands[0])
    assert b.cards[pick_card(st, fr, 0)].strength == weakest


def test_bids_stay_within_power() -> None:
    st = _new()
    for seat in range(st.n):
        for track in range(3):
            assert 0 <= clash_bid(st, seat, track) <= st.power[seat]
        st.wildling = 10
        assert 0 <= wildling_bid(st, seat) <= st.power[seat]


def test_ais_play_a_whole_five_house_game_without_a_refused_move() -> None:
    st = RULES.new_game({}, 5, 11)
    moves = 0
    while RULES.result(st) is None:
        seat = sorted(RULES.awaiting(st))[0]
        move = AI.choose(RULES.view(st, seat), seat, Rng(moves), AI.budget("easy"))
        st, _ = RULES.apply(st, seat, move)  # raises if the AI's move is refused
        moves += 1
        assert moves < 5000
    assert RULES.result(st) is not None


def test_the_night_watch_tie_is_rebuilt_from_the_view() -> None:
    st = _new()
    # The Watch lost; seats 1 and 3 bid least (0) and the Throne holder picks among them.
    st.stack = [{"kind": "round", "step": 1}, {"kind": "westeros", "step": 4},
                {"kind": "wildlings", "track": 0, "step": "tie", "bids": [2, 0, 1, 0, 1],
                 "ready": [True] * 5, "ranking": [], "chosen": -1, "owed": [0] * 5,
                 "won": False, "tied": [1, 3]}]
    st.westeros = ["supply", "game_of_thrones", "wildling_attack"]
    holder = st.tracks["throne"][0]
    view = RULES.view(st, holder)
    assert view["frame"]["watch_wins"] is False and view["frame"]["tied"] == [1, 3]
    sample = determinize(view, holder, Rng(0))
    assert sample.stack[-1]["tied"] == [1, 3] and sample.stack[-1]["won"] is False
    move = AI.choose(view, holder, Rng(0), AI.budget("normal"))
    assert move.kind == "choose_bidder" and move.params["seat"] in (1, 3)
    RULES.apply(st, holder, move)

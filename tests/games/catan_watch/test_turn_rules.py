"""Base-game turn rules: set-up, dice, the 7, Tormund, trading, development cards, winning."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.agent import default_action
from rules.catan_watch.phases import DISCARD, MAIN, TORMUND, TRADE, TRADE_CONFIRM
from rules.catan_watch.state import reindex
from tests.games.catan_watch.cw_helpers import (
    act,
    corner,
    en,
    force_roll,
    fresh,
    give,
    hand,
    hex_at,
    kinds,
    path_edges,
    roads,
    settle,
    side,
    to_roll,
    top_zigzag,
)


def test_setup_snake_order_and_second_settlement_yield() -> None:
    s = RULES.new_game({}, 4, 3)
    order = []
    while s.phase == "setup":
        seat = next(iter(RULES.awaiting(s)))
        action = RULES.default_action(s, seat)
        if action.kind == "place_settlement":
            order.append(seat)
            before = sum(s.hands[seat])
        s, events = RULES.apply(s, seat, action)
        if action.kind == "place_settlement" and len(order) > 4:
            gained = sum(s.hands[seat]) - before
            land = [h for h in s.geo.vertex_hexes[action.params["vertex"]]
                    if s.layout.terrain[h] != "ice_field"]
            assert gained == len(land)
            assert "setup_yield" in kinds(events)
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert sum(map(sum, s.hands)) > 0 and s.phase == "roll" and s.current == 0


def test_setup_road_must_touch_the_new_settlement() -> None:
    s = RULES.new_game({}, 3, 3)
    s, _ = act(s, 0, "place_settlement", vertex=20)
    far = next(e for e, (a, b) in enumerate(s.geo.edge_vertices) if 20 not in (a, b))
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "place_road", edge=far)
    assert "settlement you just placed" in en(err.value)


def test_seven_discards_are_secret_and_simultaneous() -> None:
    s = fresh()
    to_roll(s, 0)
    give(s, 1, brick=5, ore=4)  # 9 cards: discard 4
    give(s, 2, wool=8)  # 8 cards: discard 4
    give(s, 3, grain=7)  # 7 cards: keeps all
    force_roll(s, 7)
    s, _ = act(s, 0, "roll")
    assert s.phase == DISCARD
    assert RULES.awaiting(s) == frozenset({1, 2})
    with pytest.raises(RuleViolation) as err:
        act(s, 1, "discard", cards={"brick": 5})
    assert "exactly 4" in en(err.value)
    s, _ = act(s, 1, "discard", cards={"brick": 3, "ore": 1})
    assert RULES.awaiting(s) == frozenset({2})
    # Nobody else can tell what seat 1 chose while others are still choosing.
    assert "pending_discard" in RULES.view(s, 1)["you"]
    for viewer in (None, 0, 2, 3):
        view = RULES.view(s, viewer)
        assert view["players"][1]["discard"] == {"must": 4, "committed": True}
        assert "pending_discard" not in view.get("you", {})
    assert hand(s, 1) == {"brick": 5, "ore": 4}
    s, _events = act(s, 2, "discard", cards={"wool": 4})
    assert hand(s, 1) == {"brick": 2, "ore": 3}
    assert hand(s, 2) == {"wool": 4}
    assert hand(s, 3) == {"grain": 7}
    assert s.phase == TORMUND


def test_default_discard_takes_the_most_plentiful_first() -> None:
    s = fresh()
    give(s, 1, brick=2, lumber=5, ore=3)
    s.phase = DISCARD
    s.discard_need = {1: 5}
    action = default_action(s, 1)
    assert action.params["cards"] == {"lumber": 3, "ore": 1, "brick": 1}


def test_tormund_moves_blocks_the_hex_and_steals_secretly() -> None:
    s = fresh()
    h = hex_at(s, 1, 1)  # hills 6
    settle(s, 1, corner(s, h, 0))
    give(s, 1, ore=1)
    s.phase = TORMUND
    with pytest.raises(RuleViolation):
        act(s, 0, "move_tormund", hex=s.tormund)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "move_tormund", hex=h)
    assert "Choose whom to rob" in en(err.value)
    s, events = act(s, 0, "move_tormund", hex=h, victim=1)
    assert hand(s, 0) == {"ore": 1} and hand(s, 1) == {}
    secret = next(e for e in events if e.kind == "stolen_card")
    assert secret.visible_to == frozenset({0, 1})
    assert secret.data["resource"] == "ore"
    assert next(e for e in events if e.kind == "robbed").visible_to is None
    assert s.phase == MAIN
    from rules.catan_watch.production import produce

    produce(s, 6, [])
    assert hand(s, 1) == {}  # Tormund's hex yields nothing


def test_bank_shortage() -> None:
    from rules.catan_watch.production import produce

    s = fresh()
    h = hex_at(s, 1, 1)  # hills 6
    settle(s, 0, corner(s, h, 0))
    settle(s, 1, corner(s, h, 2), keep=True)
    s.bank[0] = 2  # 3 brick wanted by two players: nobody gets any
    produce(s, 6, [])
    assert hand(s, 0) == {} and hand(s, 1) == {}
    s.owner[corner(s, h, 0)] = -1  # only one player now: takes what is left
    reindex(s)
    produce(s, 6, [])
    assert hand(s, 1) == {"brick": 2}


def test_bank_and_harbour_rates() -> None:
    s = fresh()
    give(s, 0, brick=4, wool=2)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "bank_trade", give="wool", get="ore")
    assert "4 wool" in en(err.value)
    s2, _ = act(s, 0, "bank_trade", give="brick", get="ore")
    assert hand(s2, 0) == {"wool": 2, "ore": 1}
    wool_harbour = next(v for v, k in s.layout.harbour_vertices if k == 2)
    any_harbour = next(v for v, k in s.layout.harbour_vertices if k == 5)
    settle(s, 0, wool_harbour)
    s3, _ = act(s, 0, "bank_trade", give="wool", get="ore")
    assert hand(s3, 0) == {"brick": 4, "ore": 1}
    settle(s, 0, any_harbour)
    give(s, 0, brick=-1)
    s4, _ = act(s, 0, "bank_trade", give="brick", get="grain")
    assert hand(s4, 0) == {"wool": 2, "grain": 1}


def test_domestic_trade_with_counter_offer() -> None:
    s = fresh()
    give(s, 0, brick=2, ore=1)
    give(s, 1, wool=1)
    give(s, 2, grain=2)
    s, _ = act(s, 0, "offer_trade", give={"brick": 1}, get={"wool": 1})
    assert s.phase == TRADE and RULES.awaiting(s) == frozenset({1, 2, 3})
    with pytest.raises(RuleViolation):
        act(s, 3, "accept_trade")  # seat 3 has no wool
    s, _ = act(s, 1, "accept_trade")
    s, _ = act(s, 2, "counter_trade", give={"grain": 2}, get={"brick": 1, "ore": 1})
    s, _ = act(s, 3, "decline_trade")
    assert s.phase == TRADE_CONFIRM and RULES.awaiting(s) == frozenset({0})
    with pytest.raises(RuleViolation):
        act(s, 0, "confirm_trade", partner=3)
    s, _events = act(s, 0, "confirm_trade", partner=2)
    assert hand(s, 0) == {"brick": 1, "grain": 2}
    assert hand(s, 2) == {"brick": 1, "ore": 1}
    assert hand(s, 1) == {"wool": 1}
    assert s.phase == MAIN


def test_the_offerer_may_close_the_trade_before_everyone_has_answered() -> None:
    """One absent player does not hold the turn up: once someone accepted or countered, the
    active player may trade with them (or cancel) at once; the rest need not answer."""
    s = fresh()
    give(s, 0, brick=2)
    give(s, 1, wool=1)
    give(s, 2, wool=1)
    s, _ = act(s, 0, "offer_trade", give={"brick": 1}, get={"wool": 1})
    # Nothing to close yet: the offerer waits for a first answer.
    assert RULES.awaiting(s) == frozenset({1, 2, 3})
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "cancel_trade")
    assert err.value.code == "not_your_turn"
    s, _ = act(s, 1, "accept_trade")
    assert RULES.awaiting(s) == frozenset({0, 2, 3})
    assert en(RULES.progress(s, 0)).startswith("your trade offer")
    assert [a for a in RULES.legal_actions(s, 0)] == [
        Action("confirm_trade", {"partner": 1}), Action("cancel_trade")]
    assert default_action(s, 0) == Action("cancel_trade")
    assert default_action(s, 2) == Action("decline_trade")
    # Each side keeps to its own part.
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "accept_trade")
    assert "your own offer" in en(err.value)
    with pytest.raises(RuleViolation) as err:
        act(s, 2, "cancel_trade")
    assert "Only the player who made the offer" in en(err.value)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "confirm_trade", partner=2)  # seat 2 has not answered
    assert "did not accept or counter" in en(err.value)
    s, events = act(s, 0, "confirm_trade", partner=1)
    assert kinds(events) == ["trade_closed"]
    assert hand(s, 0) == {"brick": 1, "wool": 1} and hand(s, 1) == {"brick": 1}
    assert s.phase == MAIN and s.trade is None and RULES.awaiting(s) == frozenset({0})
    with pytest.raises(RuleViolation) as err:
        act(s, 2, "accept_trade")  # too late: the offer is closed
    assert err.value.code == "not_your_turn"


def test_the_offerer_may_cancel_once_a_counter_offer_is_in() -> None:
    s = fresh()
    give(s, 0, brick=1)
    give(s, 3, ore=1)
    s, _ = act(s, 0, "offer_trade", give={"brick": 1}, get={"wool": 1})
    s, _ = act(s, 3, "counter_trade", give={"ore": 1}, get={"brick": 1})
    assert RULES.awaiting(s) == frozenset({0, 1, 2})
    s, events = act(s, 0, "cancel_trade")
    assert kinds(events) == ["trade_closed"] and s.phase == MAIN
    assert hand(s, 0) == {"brick": 1} and hand(s, 3) == {"ore": 1}


def test_trade_needs_the_roll_and_only_with_the_active_player() -> None:
    s = fresh()
    to_roll(s, 0)
    give(s, 0, brick=1)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "offer_trade", give={"brick": 1}, get={"ore": 1})
    assert err.value.code == "wrong_phase"
    with pytest.raises(RuleViolation) as err:
        act(s, 1, "offer_trade", give={"brick": 1}, get={"ore": 1})
    assert err.value.code == "not_your_turn"


def test_no_trading_after_building_this_turn() -> None:
    """The steps of a turn come in a fixed order: trade (step 2), then build (step 3).

    Rulebook, "Přehled tahu hráče": "Ve svém tahu provedete následující kroky v pevně
    daném pořadí: Krok 1: Hoďte oběma hracími kostkami … Krok 2: Můžete obchodovat
    s kartami surovin se spoluhráči a/nebo s bankem. Krok 3: Můžete stavět osady, stavět
    cesty či vylepšovat osady na tvrze a kupovat si akční karty." — "In your turn you carry
    out the following steps in a fixed order: step 1 roll both dice …; step 2 you may trade
    resource cards with other players and/or the bank; step 3 you may build settlements,
    roads, upgrade settlements to keeps and buy action cards." Once you have built (or
    bought a card), trading is over for the turn; playing a card stays allowed."""
    s = fresh()
    h = hex_at(s, 2, 1)
    settle(s, 0, corner(s, h, 0))
    give(s, 0, brick=6, lumber=2, ore=1, wool=1, grain=1)
    give(s, 1, wool=1)
    # Trading first, then building: fine.
    s, _ = act(s, 0, "bank_trade", give="brick", get="ore")
    s, _ = act(s, 0, "build_road", edge=side(s, h, 0))
    assert s.built
    for kind, params in (("bank_trade", {"give": "brick", "get": "ore"}),
                         ("offer_trade", {"give": {"brick": 1}, "get": {"wool": 1}})):
        with pytest.raises(RuleViolation) as err:
            act(s, 0, kind, **params)
        assert "Trading is over" in en(err.value)
    legal = {a.kind for a in RULES.legal_actions(s, 0)}
    assert "bank_trade" not in legal and "offer_trade" not in legal
    assert "buy_development" in legal and "end_turn" in legal
    # Buying a development card is part of step 3 too.
    b = fresh()
    give(b, 0, ore=5, wool=1, grain=1)
    b, _ = act(b, 0, "buy_development")
    with pytest.raises(RuleViolation):
        act(b, 0, "bank_trade", give="ore", get="brick")
    # The next turn trades again; the flag survives a save and load.
    assert RULES.from_json(RULES.to_json(s)).built
    s, _ = act(s, 0, "end_turn")
    assert not s.built


def test_piece_limits() -> None:
    s = fresh()
    s.pieces[0] = [0, 4, 0, 0]
    give(s, 0, brick=2, lumber=2, wool=1, grain=1)
    roads(s, 0, [side(s, hex_at(s, 2, 1), 0)])
    s.pieces[0][2] = 0
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "build_road", edge=side(s, hex_at(s, 2, 1), 1))
    assert "15 per player" in en(err.value)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "build_settlement", vertex=corner(s, hex_at(s, 2, 1), 1))
    assert "5 per player" in en(err.value)


def test_no_fifth_keep() -> None:
    s = fresh()
    v = corner(s, hex_at(s, 2, 1), 1)
    settle(s, 0, v)
    give(s, 0, ore=3, grain=2)
    s.pieces[0][1] = 0  # all 4 keeps are on the board
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "build_keep", vertex=v)
    assert "4 per player" in en(err.value)
    assert not any(a.kind == "build_keep" for a in RULES.legal_actions(s, 0))
    s.pieces[0][1] = 1
    settlements = s.pieces[0][0]
    s, _ = act(s, 0, "build_keep", vertex=v)
    assert s.building[v] == 2 and s.pieces[0][:2] == [settlements + 1, 0]


def test_development_cards_timing() -> None:
    s = fresh()
    s.dev_deck.append("watch")
    give(s, 0, ore=1, wool=1, grain=1)
    s, events = act(s, 0, "buy_development")
    drawn = next(e for e in events if e.kind == "development_drawn")
    assert drawn.visible_to == frozenset({0}) and drawn.data["card"] == "watch"
    target = hex_at(s, 0, 0)
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "play_development", card="watch", hex=target)
    assert "turn you bought" in en(err.value)
    s.dev_new = []  # next turn
    s.dev_hand[0].append("watch")
    s, _ = act(s, 0, "play_development", card="watch", hex=target)
    assert s.tormund == target and s.watches[0] == 1
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "play_development", card="watch", hex=hex_at(s, 0, 1))
    assert "one development card per turn" in en(err.value)


def test_watch_card_before_the_roll() -> None:
    s = fresh()
    to_roll(s, 0)
    s.dev_hand[0] = ["watch"]
    s, _ = act(s, 0, "play_development", card="watch", hex=hex_at(s, 0, 0))
    assert s.phase == "roll" and s.watches[0] == 1


def test_largest_watch_from_three_and_taken_by_strictly_more() -> None:
    s = fresh()
    s.watches = [2, 3, 0, 0]
    s.dev_hand[0] = ["watch"]
    from rules.catan_watch.specials import update_largest

    update_largest(s, [])
    assert s.largest == 1
    s, _ = act(s, 0, "play_development", card="watch", hex=hex_at(s, 0, 0))
    assert s.largest == 1  # 3 vs 3: the holder keeps it
    s.dev_hand[0] = ["watch"]
    s.turn += 1
    s, _events = act(s, 0, "play_development", card="watch", hex=hex_at(s, 0, 1))
    assert s.largest == 0
    from rules.catan_watch.points import public_vp

    assert public_vp(s, 0) == 2


def test_progress_cards() -> None:
    s = fresh()
    s.dev_hand[0] = ["winter_is_coming", "road_building"]
    s, _ = act(s, 0, "play_development", card="winter_is_coming", resources=["ore", "ore"])
    assert hand(s, 0) == {"ore": 2}
    s.turn += 1
    h = hex_at(s, 2, 1)
    settle(s, 0, corner(s, h, 0))
    s, _ = act(s, 0, "play_development", card="road_building")
    assert s.phase == "road_building"
    s, _ = act(s, 0, "place_free_road", edge=side(s, h, 0))
    s, _ = act(s, 0, "place_free_road", edge=side(s, h, 1))
    assert s.phase == MAIN and s.pieces[0][2] == 13 and hand(s, 0) == {"ore": 2}


def test_new_recruits_is_not_in_the_base_deck() -> None:
    s = RULES.new_game({}, 4, 5)
    assert "new_recruits" not in s.dev_deck and len(s.dev_deck) == 23
    s = RULES.new_game({"mode": "nights_watch"}, 4, 5)
    assert s.dev_deck.count("new_recruits") == 2 and len(s.dev_deck) == 25


def test_victory_point_card_wins_the_turn_it_is_bought() -> None:
    s = fresh()
    for v in (corner(s, hex_at(s, 0, 0), 0), corner(s, hex_at(s, 2, 0), 0),
              corner(s, hex_at(s, 4, 0), 3)):
        settle(s, 0, v, keep=True)
    for v in (corner(s, hex_at(s, 2, 4), 1), corner(s, hex_at(s, 4, 2), 3)):
        settle(s, 0, v)
    s.dev_hand[0] = ["victory_point"]
    s.dev_deck.append("victory_point")
    give(s, 0, ore=1, wool=1, grain=1)
    assert RULES.result(s) is None
    s, events = act(s, 0, "buy_development")
    result = RULES.result(s)
    assert result is not None and result.winners == (0,)
    assert result.scores[0] == 10
    assert "game_over" in kinds(events)


def test_win_only_on_your_own_turn() -> None:
    """Seat 1 reaches 10 points when seat 0 breaks nothing… so we hand seat 1 the points
    during seat 0's turn: the game goes on until seat 1's own turn."""
    s = fresh()
    path = top_zigzag(s, 2, 5)
    roads(s, 1, path_edges(s, path))
    for v in (corner(s, hex_at(s, 0, 0), 0), corner(s, hex_at(s, 0, 2), 1),
              corner(s, hex_at(s, 4, 0), 3), corner(s, hex_at(s, 4, 2), 3)):
        settle(s, 1, v, keep=True)
    s.longest = 1  # 8 + 2 = 10 points for seat 1
    s, _events = act(s, 0, "end_turn")
    result = RULES.result(s)
    assert result is not None and result.winners == (1,)
    s2 = fresh()
    for v in (corner(s2, hex_at(s2, 0, 0), 0), corner(s2, hex_at(s2, 0, 2), 1),
              corner(s2, hex_at(s2, 4, 0), 3), corner(s2, hex_at(s2, 4, 2), 3)):
        settle(s2, 1, v, keep=True)
    s2.longest = 1
    give(s2, 0, ore=1, wool=1, grain=1)
    s2, _ = act(s2, 0, "buy_development")
    assert RULES.result(s2) is None  # seat 1 has 10 points, but it is seat 0's turn


def test_junk_parameters_are_refused() -> None:
    s = fresh()
    for action in (Action("build_road", {"edge": "x"}), Action("bank_trade", {"give": 3}),
                   Action("play_development", {"card": []}),
                   Action("offer_trade", {"give": {"gold": 1}, "get": {"ore": 1}})):
        with pytest.raises(RuleViolation) as err:
            RULES.apply(s, 0, action)
        assert err.value.code in ("bad_params", "illegal")


def test_a_keep_only_replaces_ones_own_settlement() -> None:
    """"Tvrz lze postavit jedině vylepšením vlastní osady." """
    s = fresh()
    mine, theirs = corner(s, hex_at(s, 2, 1), 1), corner(s, hex_at(s, 0, 0), 1)
    settle(s, 0, mine)
    settle(s, 1, theirs)
    give(s, 0, ore=3, grain=2)
    empty = next(v for v in range(s.geo.n_vertices) if s.owner[v] < 0)
    for v in (empty, theirs):
        before = RULES.state_hash(s)
        with pytest.raises(RuleViolation):
            act(s, 0, "build_keep", vertex=v)
        assert RULES.state_hash(s) == before
    assert {a.params["vertex"] for a in RULES.legal_actions(s, 0)
            if isinstance(a, Action) and a.kind == "build_keep"} == {mine}


def test_no_development_card_can_be_bought_from_an_empty_deck() -> None:
    """"Dojde-li balíček, máte smůlu, další karty kupovat nelze." """
    s = fresh()
    s.dev_deck = []
    give(s, 0, ore=1, wool=1, grain=1)
    before = RULES.state_hash(s)
    with pytest.raises(RuleViolation):
        act(s, 0, "buy_development")
    assert RULES.state_hash(s) == before
    assert "buy_development" not in {a.kind for a in RULES.legal_actions(s, 0)}

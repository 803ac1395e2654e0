"""Planning (secret orders, limits, Raven), control, power tokens, supply and victory."""

from __future__ import annotations

import pytest

from rules.agot import RULES
from rules.agot.control import castles, control
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
    token,
    tracks,
)
from rules.base import Action, RuleViolation
from tests.games.agot.text_helpers import refused


def test_fresh_game_setup_5_players() -> None:
    st = game()
    view = RULES.view(st, None)
    assert view["round"] == 1 and view["phase"] == "planning"
    assert view["wildling_threat"] == 0
    assert st.power == [5] * 5
    assert st.houses[view["iron_throne"]] == "baratheon"
    assert st.houses[view["valyrian_steel_blade"]] == "greyjoy"
    assert st.houses[view["messenger_raven"]] == "lannister"
    assert st.units["winterfell"][1:4] == [1, 1, 0]
    assert set(st.neutral) == {"kings_landing", "the_eyrie", "sunspear"}


@pytest.mark.parametrize("n", [3, 4])
def test_fewer_players_leave_neutral_houses(n: int) -> None:
    st = game(n)
    assert "greyjoy" not in st.houses
    assert st.neutral["pyke"][0] == 3 and st.neutral["ironmans_bay"][0] == 2
    assert ("highgarden" in st.neutral) == (n == 3)
    assert st.castles_to_win == (8 if n == 3 else 7)
    assert all(sorted(t) == list(range(n)) for t in st.tracks.values())


def test_orders_are_secret_until_all_are_ready() -> None:
    st = game()
    sta = seat(st, "stark")
    st = act(st, "stark", "place_order", area="winterfell", order="march_0")
    assert RULES.view(st, sta)["you"]["your_orders"] == {"winterfell": "march_0"}
    for viewer in [None, *[s for s in range(5) if s != sta]]:
        assert "march_0" not in str(RULES.view(st, viewer)["frame"])
    with refused("Winterfell already has an order"):
        act(st, "stark", "place_order", area="winterfell", order="raid_a")
    with refused("no more"):
        act(st, "stark", "place_orders", orders={"winterfell": "raid_a",
                                                  "white_harbor": "raid_a"})
    with refused("only be placed on land"):
        act(st, "stark", "place_orders", orders={"the_shivering_sea": "consolidate_a"})
    with refused("no units"):
        act(st, "stark", "place_orders", orders={"pyke": "raid_a"})
    st = act(st, "stark", "remove_order", area="winterfell")
    st = act(st, "stark", "place_orders", orders={"winterfell": "march_+1s",
                                                   "white_harbor": "defense_+2s",
                                                   "the_shivering_sea": "support_+1s"},
             ready=True)
    assert "stark" not in awaited(st)
    for h in ("baratheon", "lannister", "tyrell", "greyjoy"):
        st = act(st, h, "ready")
    # Revealed to everyone (then the Raven holder, Lannister, is asked).
    assert RULES.view(st, None)["board"]["winterfell"]["order"]["token"] == "march_+1s"


def test_special_orders_are_limited_by_kings_court_stars() -> None:
    st = game()  # 5 players: court Lannister 3, Stark 3, Baratheon 2, Greyjoy 1, Tyrell 0
    with refused("allows 0 special"):
        act(st, "tyrell", "place_orders", orders={"highgarden": "march_+1s"})
    with refused("allows 1 special"):
        act(st, "greyjoy", "place_orders", orders={"pyke": "march_+1s",
                                                    "ironmans_bay": "raid_s"})
    act(st, "greyjoy", "place_orders", orders={"pyke": "march_+1s", "ironmans_bay": "raid_a"})


def test_westeros_restrictions_forbid_orders_and_bind_the_raven() -> None:
    st = game()
    st.restrictions = ["sea_of_storms", "storm_of_swords", "feast_for_crows"]
    for tok, msg in (("raid_a", "Sea of Storms"), ("defense_+1a", "Storm of Swords"),
                     ("consolidate_a", "Feast for Crows")):
        with refused(msg):
            act(st, "lannister", "place_orders", orders={"lannisport": tok})
    st = act(st, "lannister", "place_orders", orders={"lannisport": "march_0"}, ready=True)
    for h in ("baratheon", "stark", "tyrell", "greyjoy"):
        st = act(st, h, "ready")
    assert awaited(st) == {"lannister"}  # Messenger Raven
    with pytest.raises(RuleViolation):
        act(st, "lannister", "raven_swap", area="lannisport", order="raid_a")
    st, events = act_events(st, "lannister", "raven_swap", area="lannisport",
                            order="support_0a")
    assert events[0].kind == "raven_swap" and events[0].data["new"] == "support_0a"


def test_power_token_keeps_control_and_is_removed_by_an_enemy() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "tyrell", "baratheon", "stark", "greyjoy"])
    lan, tyr = seat(st, "lannister"), seat(st, "tyrell")
    put(st, "stoney_sept", "lannister", footmen=1)
    order(st, "stoney_sept", "march_0")
    put(st, "searoad_marches", "tyrell", footmen=1)
    order(st, "searoad_marches", "march_0")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    power = st.power[lan]
    st = act(st, "lannister", "march", **{"from": "stoney_sept",
                                           "moves": {"harrenhal": {"footman": 1}},
                                           "leave_power": True})
    assert st.tokens["stoney_sept"] == lan and st.power[lan] == power - 1
    assert control(st, "stoney_sept") == lan
    st = act(st, "tyrell", "march", **{"from": "searoad_marches",
                                        "moves": {"stoney_sept": {"footman": 1}}})
    assert "stoney_sept" not in st.tokens and control(st, "stoney_sept") == tyr
    assert control(st, "searoad_marches") is None  # left without a token


def test_home_area_stays_controlled_until_an_enemy_enters() -> None:
    st = clear(game(), neutral=True)
    assert control(st, "winterfell") == seat(st, "stark")
    token(st, "winterfell", "lannister")
    assert control(st, "winterfell") == seat(st, "lannister")


def test_supply_golden_rule_on_march() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "tyrell", "baratheon", "stark", "greyjoy"])
    lan = seat(st, "lannister")
    st.supply[lan] = 0  # armies 2, 2
    put(st, "lannisport", "lannister", footmen=2)
    order(st, "lannisport", "march_0")
    put(st, "stoney_sept", "lannister", footmen=2)
    put(st, "riverrun", "lannister", footmen=1)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    with refused("supply"):
        act(st, "lannister", "march", **{"from": "lannisport",
                                          "moves": {"stoney_sept": {"footman": 1}}})
    with refused("supply"):  # Riverrun would hold 3
        act(st, "lannister", "march", **{"from": "lannisport",
                                          "moves": {"riverrun": {"footman": 2}}})
    put(st, "searoad_marches", "tyrell", footmen=1)
    put(st, "the_golden_sound", "greyjoy", ships=1)
    put(st, "riverrun", "greyjoy", footmen=1)
    with refused("only one battle"):
        act(st, "lannister", "march", **{"from": "lannisport", "moves": {
            "searoad_marches": {"footman": 1}, "riverrun": {"footman": 1}}})


def test_seven_castles_win_at_once() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "tyrell", "baratheon", "stark", "greyjoy"])
    lan = seat(st, "lannister")
    for area in ("riverrun", "seagard", "harrenhal", "crackclaw_point", "the_reach"):
        put(st, area, "lannister", footmen=1)
    put(st, "blackwater", "lannister", footmen=1)
    order(st, "blackwater", "march_0")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    assert castles(st, lan) == 6  # + Lannisport, the home area
    st, events = act_events(st, "lannister", "march", **{
        "from": "blackwater", "moves": {"kings_landing": {"footman": 1}}})
    result = RULES.result(st)
    assert result is not None and result.winners == (lan,)
    assert not RULES.awaiting(st)
    assert events[-1].kind == "game_over"


def test_retreat_without_any_legal_area_destroys_the_units() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["baratheon", "lannister", "tyrell", "stark", "greyjoy"])
    put(st, "storms_end", "baratheon", knights=2)
    order(st, "storms_end", "march_0")
    put(st, "shipbreaker_bay", "baratheon", ships=1)
    put(st, "dragonstone", "lannister", footmen=2)  # an island: no way out without ships
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    st.supply = [6] * 5
    begin(st, "marches")
    with pytest.raises(RuleViolation):  # ships never march onto land
        act(st, "baratheon", "march", **{"from": "shipbreaker_bay",
                                          "moves": {"dragonstone": {"ship": 1}}})
    st = act(st, "baratheon", "march", **{"from": "storms_end",
                                           "moves": {"dragonstone": {"knight": 2}}})
    st = act(st, "baratheon", "choose_card", card="ser_davos_seaworth", ready=True)
    st, events = act_events(st, "lannister", "choose_card", card="kevan_lannister", ready=True)
    assert "destroyed_no_retreat" in [e.kind for e in events]
    assert st.units["dragonstone"][0] == seat(st, "baratheon")


def test_wrong_phase_and_unknown_actions_are_refused() -> None:
    st = game()
    with pytest.raises(RuleViolation) as info:
        RULES.apply(st, 0, Action("march", {"from": "winterfell"}))
    assert info.value.code == "wrong_phase"
    with pytest.raises(RuleViolation) as info:
        RULES.apply(st, 0, Action("fly", {}))
    assert info.value.code == "unknown_action"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_view_s_control_map_is_control_of_every_area(seed: int) -> None:
    """``controllers`` (one pass, for the view) agrees with ``control`` area by area, in
    area order, all through random games; court stars are read once per player count."""
    from rules.agot.board import board
    from rules.agot.control import controllers
    from rules.rng import Rng

    rng = Rng(seed)
    st = RULES.new_game({}, 2 + seed, seed)
    for _ in range(400):
        expected = {a: s for a in board().area_ids if (s := control(st, a)) is not None}
        assert controllers(st) == expected and list(controllers(st)) == list(expected)
        waiting = sorted(RULES.awaiting(st))
        if not waiting:
            break
        seat = waiting[rng.randbelow(len(waiting))]
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    assert board().stars(st.n) is board().stars(st.n)

"""Every worked example of the 1st-edition rulebook, replayed through RULES.apply."""

from __future__ import annotations

from typing import Any

import pytest

from rules.agot import RULES
from rules.agot.forces import transport_reach
from rules.agot.scenario import begin, clear, game, order, put, seat, tracks
from rules.agot.state import State
from rules.base import Action, RuleViolation
from tests.games.agot.text_helpers import refused

ORDER5 = ["baratheon", "lannister", "stark", "tyrell", "greyjoy"]


def act(st: State, house: str, kind: str, **params: Any) -> State:
    new, _ = RULES.apply(st, seat(st, house), Action(kind, params))
    return new


def units(st: State, area: str) -> list[int] | None:
    u = st.units.get(area)
    return None if u is None else u[1:]


def awaited(st: State) -> set[str]:
    return {st.houses[s] for s in RULES.awaiting(st)}


def test_lannister_supply_reduction() -> None:
    st = clear(game())
    put(st, "harrenhal", "lannister", footmen=2, knights=2)
    put(st, "the_golden_sound", "lannister", ships=3)
    put(st, "searoad_marches", "lannister", knights=2)
    put(st, "stoney_sept", "lannister", footmen=2)
    put(st, "crackclaw_point", "lannister", footmen=1)  # a lone unit: no army, no limit
    st.supply[seat(st, "lannister")] = 5
    # Riverrun and Seagard are lost: Lannisport (2 barrels) + Searoad Marches (1) remain.
    begin(st, "supply")
    assert st.supply[seat(st, "lannister")] == 3
    assert awaited(st) == {"lannister"}
    with pytest.raises(RuleViolation):  # one unit is not enough
        act(st, "lannister", "destroy_units", units={"harrenhal": {"footman": 1}})
    with pytest.raises(RuleViolation):  # three is more than the rule asks
        act(st, "lannister", "destroy_units", units={
            "harrenhal": {"footman": 1}, "the_golden_sound": {"ship": 1},
            "stoney_sept": {"footman": 1}})
    after = act(st, "lannister", "destroy_units", units={
        "harrenhal": {"footman": 1}, "the_golden_sound": {"ship": 1}})
    assert units(after, "harrenhal")[:3] == [1, 2, 0]
    assert units(after, "the_golden_sound")[:3] == [0, 0, 2]
    assert units(after, "searoad_marches")[:3] == [0, 2, 0]
    assert units(after, "stoney_sept")[:3] == [2, 0, 0]
    # The default action is a legal reconciliation of the same size.
    dflt = RULES.default_action(st, seat(st, "lannister"))
    RULES.apply(st, seat(st, "lannister"), dflt)


def test_mustering_example() -> None:
    st = clear(game())
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st, "riverrun", "lannister", knights=3)
    put(st, "lannisport", "lannister", footmen=1)
    put(st, "harrenhal", "lannister", footmen=2)
    put(st, "stoney_sept", "lannister", footmen=1)
    put(st, "sunset_sea", "lannister", ships=1)
    st.supply[seat(st, "lannister")] = 3
    begin(st, "mustering")
    assert awaited(st) == {"lannister"}
    builds = [
        {"area": "lannisport", "unit": "footman"},
        {"area": "lannisport", "unit": "ship", "sea": "the_golden_sound"},
        {"area": "harrenhal", "unit": "upgrade"},
        {"area": "riverrun", "unit": "ship", "sea": "the_golden_sound"},
    ]
    # Riverrun's second point cannot be used: Riverrun and the Golden Sound are at the limit.
    for extra in ({"area": "riverrun", "unit": "footman"},
                  {"area": "riverrun", "unit": "ship", "sea": "the_golden_sound"}):
        with pytest.raises(RuleViolation):
            act(st, "lannister", "muster", builds=[*builds, extra])
    with pytest.raises(RuleViolation):  # Lannisport has only 2 points
        act(st, "lannister", "muster", builds=[*builds, {"area": "lannisport", "unit": "footman"}])
    with pytest.raises(RuleViolation):  # Stoney Sept is no castle
        act(st, "lannister", "muster", builds=[{"area": "stoney_sept", "unit": "footman"}])
    after = act(st, "lannister", "muster", builds=builds)
    assert units(after, "riverrun")[:3] == [0, 3, 0]
    assert units(after, "lannisport")[:3] == [2, 0, 0]
    assert units(after, "harrenhal")[:3] == [1, 1, 0]
    assert units(after, "the_golden_sound")[:3] == [0, 0, 2]
    assert "lannister" not in awaited(after)


def test_clash_of_kings_fiefdoms_bidding() -> None:
    st = clear(game())
    tracks(st, throne=["greyjoy", "lannister", "baratheon", "stark", "tyrell"])
    for house, power in (("lannister", 4), ("baratheon", 3), ("stark", 3), ("tyrell", 2),
                         ("greyjoy", 0)):
        st.power[seat(st, house)] = power
    begin(st, "clash", track=1)
    assert awaited(st) == {"lannister", "baratheon", "stark", "tyrell"}  # Greyjoy has nothing
    for house, bid in (("lannister", 4), ("baratheon", 3), ("stark", 3), ("tyrell", 2)):
        st = act(st, house, "bid", amount=bid, ready=True)
    assert awaited(st) == {"greyjoy"}  # the Iron Throne holder breaks the tie
    wrong = [seat(st, h) for h in ("baratheon", "lannister", "stark", "tyrell", "greyjoy")]
    with pytest.raises(RuleViolation):
        RULES.apply(st, seat(st, "greyjoy"), Action("order_ties", {"ranking": wrong}))
    ranking = [seat(st, h) for h in ("lannister", "baratheon", "stark", "tyrell", "greyjoy")]
    st = act(st, "greyjoy", "order_ties", ranking=ranking)
    assert st.tracks["fiefdoms"] == ranking
    assert RULES.view(st, None)["valyrian_steel_blade"] == seat(st, "lannister")
    assert st.power == [0] * 5  # bids are lost
    assert st.stack[-1]["kind"] == "clash" and st.stack[-1]["track"] == 2  # King's Court next


def test_raid_sequence() -> None:
    st = clear(game())
    tracks(st, throne=["greyjoy", "stark", "lannister", "baratheon", "tyrell"])
    put(st, "sunset_sea", "greyjoy", ships=1)
    order(st, "sunset_sea", "raid_a")
    put(st, "highgarden", "tyrell", footmen=1)
    order(st, "highgarden", "consolidate_a")
    put(st, "the_reach", "tyrell", footmen=1)
    order(st, "the_reach", "raid_a")
    put(st, "blackwater", "lannister", footmen=1)
    order(st, "blackwater", "raid_a")
    put(st, "the_golden_sound", "lannister", ships=1)
    order(st, "the_golden_sound", "raid_b")
    put(st, "searoad_marches", "lannister", footmen=1)
    order(st, "searoad_marches", "support_0a")
    put(st, "riverrun", "lannister", footmen=1)
    order(st, "riverrun", "support_0b")
    put(st, "harrenhal", "baratheon", knights=1)
    order(st, "harrenhal", "raid_a")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")  # keeps the round at the march step for inspection
    begin(st, "raids")
    assert awaited(st) == {"greyjoy"}
    power = st.power[seat(st, "greyjoy")]
    st = act(st, "greyjoy", "raid", **{"from": "sunset_sea", "targets": ["highgarden"]})
    assert st.power[seat(st, "greyjoy")] == power + 1  # pillage
    assert awaited(st) == {"lannister"}  # Stark has no raid
    st = act(st, "lannister", "raid", **{"from": "blackwater", "targets": ["the_reach"]})
    assert awaited(st) == {"baratheon"}
    st = act(st, "baratheon", "raid", **{"from": "harrenhal", "targets": ["riverrun"]})
    # Tyrell's raid is gone; Lannister's Golden Sound raid has nothing left to hit and is
    # removed; the raid step ends and Stark's march is next.
    assert awaited(st) == {"stark"}
    assert sorted(st.orders) == ["searoad_marches", "winterfell"]


def test_land_raid_never_targets_sea_and_special_raid_removes_two() -> None:
    st = clear(game())
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st, "lannisport", "lannister", footmen=1)
    order(st, "lannisport", "raid_s")
    put(st, "the_golden_sound", "greyjoy", ships=1)
    order(st, "the_golden_sound", "support_0a")
    put(st, "riverrun", "tyrell", footmen=1)
    order(st, "riverrun", "support_0a")
    put(st, "stoney_sept", "stark", footmen=1)
    order(st, "stoney_sept", "consolidate_a")
    begin(st, "raids")
    with pytest.raises(RuleViolation):
        act(st, "lannister", "raid", **{"from": "lannisport", "targets": ["the_golden_sound"]})
    with pytest.raises(RuleViolation):
        act(st, "lannister", "raid",
            **{"from": "lannisport", "targets": ["riverrun", "stoney_sept", "riverrun"]})
    st = act(st, "lannister", "raid", **{"from": "lannisport",
                                          "targets": ["riverrun", "stoney_sept"]})
    assert "riverrun" not in st.orders and "stoney_sept" not in st.orders
    assert "the_golden_sound" in st.orders or st.round == 2


def test_ship_transport_examples() -> None:
    st = clear(game(), neutral=True)
    put(st, "pyke", "greyjoy", knights=2)
    put(st, "ironmans_bay", "greyjoy", ships=1)
    reach = transport_reach(st, seat(st, "greyjoy"), "pyke")
    assert {"flints_finger", "greywater_watch", "seagard", "riverrun"} <= reach
    assert "highgarden" not in reach
    put(st, "sunset_sea", "greyjoy", ships=1)
    reach = transport_reach(st, seat(st, "greyjoy"), "pyke")
    assert {"highgarden", "searoad_marches", "oldtown"} <= reach
    put(st, "the_golden_sound", "lannister", ships=1)  # never through another house's ships
    assert "lannisport" not in transport_reach(st, seat(st, "greyjoy"), "pyke")

    # Tyrell: ships in Sunset Sea, Redwyne Straits and the Summer Sea carry an army from
    # Highgarden straight to Sunspear with one March order.
    st = clear(game(), neutral=True)
    tracks(st, throne=["tyrell", "baratheon", "lannister", "stark", "greyjoy"])
    put(st, "highgarden", "tyrell", footmen=1, knights=1)
    order(st, "highgarden", "march_0")
    put(st, "sunset_sea", "tyrell", ships=2)
    put(st, "redwyne_straits", "tyrell", ships=1)
    put(st, "summer_sea", "tyrell", ships=1)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    st = act(st, "tyrell", "march", **{"from": "highgarden",
                                        "moves": {"sunspear": {"footman": 1, "knight": 1}}})
    assert units(st, "sunspear")[:3] == [1, 1, 0]
    assert "highgarden" not in st.units


def test_march_example_lannisport_split() -> None:
    st = clear(game())
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st, "lannisport", "lannister", footmen=3)
    order(st, "lannisport", "march_-1")
    put(st, "searoad_marches", "lannister", footmen=1)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    st.supply[seat(st, "lannister")] = 2
    begin(st, "marches")
    st = act(st, "lannister", "march", **{"from": "lannisport", "moves": {
        "stoney_sept": {"footman": 1}, "searoad_marches": {"footman": 1}}})
    assert units(st, "lannisport")[:3] == [1, 0, 0]
    assert units(st, "stoney_sept")[:3] == [1, 0, 0]
    assert units(st, "searoad_marches")[:3] == [2, 0, 0]
    assert "lannisport" not in st.orders


def _blackwater() -> State:
    st = clear(game(), neutral=True)
    tracks(st, throne=["tyrell", "lannister", "baratheon", "stark", "greyjoy"])
    put(st, "the_reach", "tyrell", knights=2)
    order(st, "the_reach", "march_+1s")
    put(st, "blackwater", "lannister", footmen=1)
    order(st, "blackwater", "march_-1")
    put(st, "kings_landing", "tyrell", knights=1)
    order(st, "kings_landing", "support_0a")
    put(st, "stoney_sept", "lannister", footmen=1, knights=1)
    order(st, "stoney_sept", "support_0a")
    put(st, "harrenhal", "baratheon", knights=1)
    order(st, "harrenhal", "support_0a")
    begin(st, "marches")
    st = act(st, "tyrell", "march", **{"from": "the_reach",
                                        "moves": {"blackwater": {"knight": 2}}})
    assert awaited(st) == {"tyrell", "lannister", "baratheon"}
    st = act(st, "lannister", "support", side="defender")
    st = act(st, "baratheon", "support", side="defender")
    st = act(st, "tyrell", "support", side="attacker")
    return st


def test_blackwater_support_battle_7_vs_6() -> None:
    st = _blackwater()
    battle = RULES.view(st, None)["battle"]
    assert battle["current_strength"] == {"attacker": 7, "defender": 6}
    assert awaited(st) == {"tyrell", "lannister"}
    st = act(st, "tyrell", "choose_card", card="mace_tyrell", ready=True)
    # Before both are chosen, nobody else sees Tyrell's card.
    assert "cards" not in RULES.view(st, seat(st, "lannister"))["battle"]
    assert RULES.view(st, seat(st, "tyrell"))["you"]["your_card"] == "mace_tyrell"
    st = act(st, "lannister", "choose_card", card="tyrion_lannister", ready=True)
    # 7 + 3 vs 6 + 2: Tyrell wins, Mace's two swords against Tyrion's fort kill the footman.
    assert units(st, "blackwater")[:3] == [0, 2, 0]
    assert st.units["blackwater"][0] == seat(st, "tyrell")
    assert "blackwater" not in st.orders  # the defender's order goes with the area
    assert "mace_tyrell" in st.discards[seat(st, "tyrell")]


def test_rains_of_autumn_footmen_do_not_support() -> None:
    st = _blackwater()
    st.restrictions.append("rains_of_autumn")
    assert RULES.view(st, None)["battle"]["current_strength"] == {"attacker": 7, "defender": 5}


def _tywin_vs_margaery(tyrell_knights: int) -> State:
    st = clear(game(), neutral=True)
    tracks(st, throne=["lannister", "tyrell", "baratheon", "stark", "greyjoy"])
    put(st, "searoad_marches", "lannister", footmen=2, knights=1)
    order(st, "searoad_marches", "march_0")
    put(st, "highgarden", "tyrell", footmen=2, knights=tyrell_knights)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    st.supply = [6] * 5
    begin(st, "marches")
    st = act(st, "lannister", "march", **{"from": "searoad_marches", "moves": {
        "highgarden": {"footman": 2, "knight": 1}}})
    st = act(st, "lannister", "choose_card", card="tywin_lannister", ready=True)
    return act(st, "tyrell", "choose_card", card="margaery_tyrell", ready=True)


def test_tywin_vs_margaery_casualties() -> None:
    st = _tywin_vs_margaery(0)  # Lannister 4 + 3 beats Tyrell 2 + 1
    # Two swords against one fort: one casualty; then Tyrell retreats its last footman.
    assert awaited(st) == {"tyrell"}
    assert st.stack[-1]["step"] == "retreat_wait"
    assert st.units["highgarden"][1] == 1
    with pytest.raises(RuleViolation):  # never where the attack came from
        act(st, "tyrell", "retreat", area="searoad_marches")
    st = act(st, "tyrell", "retreat", area="oldtown")
    assert st.units["oldtown"][0] == seat(st, "tyrell") and st.units["oldtown"][4] == 1
    assert st.units["highgarden"][0] == seat(st, "lannister")

    st = _tywin_vs_margaery(3)  # Tyrell 2 + 6 + 1 beats Lannister 7
    # Margaery has no swords: Lannister loses nothing and goes home routed.
    assert st.units["searoad_marches"] == [seat(st, "lannister"), 0, 0, 0, 2, 1, 0]
    assert st.units["highgarden"][1:4] == [2, 3, 0]


def test_storms_end_routed_knight() -> None:
    st = clear(game(), neutral=True)
    tracks(st, throne=["baratheon", "tyrell", "lannister", "stark", "greyjoy"])
    put(st, "the_reach", "baratheon", knights=2)
    order(st, "the_reach", "march_0")
    put(st, "dragonstone", "baratheon", knights=2)
    order(st, "dragonstone", "march_-1")
    put(st, "shipbreaker_bay", "baratheon", ships=1)
    put(st, "kingswood", "tyrell", knights=1)
    put(st, "storms_end", "tyrell", footmen=1)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    st.supply = [6] * 5
    begin(st, "marches")
    st = act(st, "baratheon", "march", **{"from": "the_reach",
                                           "moves": {"kingswood": {"knight": 2}}})
    st = act(st, "baratheon", "choose_card", card="stannis_baratheon", ready=True)
    st = act(st, "tyrell", "choose_card", card="margaery_tyrell", ready=True)
    st = act(st, "tyrell", "retreat", area="storms_end")
    assert st.units["storms_end"][1:] == [1, 0, 0, 0, 1, 0]  # the knight lies routed
    st = act(st, "stark", "march", **{"from": "winterfell", "moves": {}})
    # Later the same round: two knights carried from Dragonstone attack Storm's End.
    st = act(st, "baratheon", "march", **{"from": "dragonstone",
                                           "moves": {"storms_end": {"knight": 2}}})
    assert RULES.view(st, None)["battle"]["current_strength"] == {"attacker": 3, "defender": 1}
    st = act(st, "baratheon", "choose_card", card="renly_baratheon", ready=True)
    st = act(st, "tyrell", "choose_card", card="brienne_of_tarth", ready=True)
    # The routed knight cannot retreat twice and is destroyed; the footman withdraws.
    if st.stack and st.stack[-1].get("step") == "retreat_wait":
        st = act(st, "tyrell", "retreat", area="dornish_marches")
    assert st.units["storms_end"][0] == seat(st, "baratheon")
    tyrell = seat(st, "tyrell")
    assert sum(u[2] + u[5] for u in st.units.values() if u[0] == tyrell) == 0


def _sunspear(declare: str) -> State:
    st = clear(game())
    tracks(st, throne=["tyrell", "baratheon", "lannister", "stark", "greyjoy"])
    put(st, "yronwood", "tyrell", footmen=1, knights=1)
    order(st, "yronwood", "march_+1s")
    put(st, "summer_sea", "tyrell", ships=1)
    order(st, "summer_sea", "support_0a")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    assert st.neutral["sunspear"][0] == 5
    st = act(st, "tyrell", "march", **{"from": "yronwood",
                                        "moves": {"sunspear": {"footman": 1, "knight": 1}}})
    return act(st, "tyrell", "support", side=declare)


def test_sunspear_taken_from_the_neutral_force() -> None:
    st = _sunspear("attacker")  # 2 + 1 + 1 (March +1) + 1 (the ship's support) = 5 >= 5
    assert "sunspear" not in st.neutral
    assert units(st, "sunspear")[:3] == [1, 1, 0]
    assert st.hands[seat(st, "tyrell")] == list(st.hands[seat(st, "tyrell")])  # no card played
    assert len(st.hands[seat(st, "tyrell")]) == 7
    st = _sunspear("none")  # 4 < 5: the march fails, the units stay
    assert st.neutral["sunspear"][0] == 5
    assert units(st, "yronwood")[:3] == [1, 1, 0]


def test_neutral_force_out_of_reach_is_refused() -> None:
    st = clear(game())
    tracks(st, throne=["tyrell", "baratheon", "lannister", "stark", "greyjoy"])
    put(st, "yronwood", "tyrell", footmen=1)
    order(st, "yronwood", "march_0")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    with refused("neutral force"):
        act(st, "tyrell", "march", **{"from": "yronwood", "moves": {"sunspear": {"footman": 1}}})


def test_three_players_greyjoy_units_are_a_neutral_force() -> None:
    st = clear(game(3))
    st.neutral.pop("sunspear", None)
    tracks(st, throne=["lannister", "baratheon", "stark"])
    put(st, "riverrun", "lannister", footmen=1, knights=1)
    order(st, "riverrun", "march_0")
    put(st, "stoney_sept", "lannister", footmen=1)
    order(st, "stoney_sept", "support_0a")
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    assert st.neutral["greywater_watch"][0] == 1 and st.neutral["pyke"][0] == 3
    # Seagard is free; Greywater Watch holds one neutral Greyjoy footman.
    st = act(st, "lannister", "march", **{"from": "riverrun", "moves": {
        "seagard": {"footman": 1}}})
    assert units(st, "seagard")[:3] == [1, 0, 0]
    view = RULES.view(st, None)
    assert view["board"]["pyke"]["neutral"] == {"strength": 3, "house": "greyjoy"}

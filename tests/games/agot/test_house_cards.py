"""Every 1st-edition House card ability, the Valyrian Steel Blade and the card cycle."""

from __future__ import annotations

import pytest

from rules.agot import RULES
from rules.agot.scenario import (
    act,
    act_events,
    awaited,
    battle_at,
    clear,
    game,
    order,
    put,
    seat,
)
from rules.agot.state import State
from rules.base import Action, Event, RuleViolation

LAST: list[Event] = []


def card(st: State, house: str, name: str, blade: bool | None = False) -> State:
    """Choose and lock a House card; remember the events for ``_result``. The blade's holder,
    asked in every battle it fights, answers ``blade`` (None: leave the question open)."""
    new, events = act_events(st, house, "choose_card", card=name, ready=True)
    top = new.stack[-1] if new.stack else {}
    if blade is not None and top.get("kind") == "battle" and top.get("step") == "blade_wait":
        (holder,) = RULES.awaiting(new)
        new, more = act_events(new, new.houses[holder], "use_blade", use=blade)
        events = [*events, *more]
    LAST[:] = events
    return new


def _fight(att_card: str, def_card: str, *, att: dict[str, int] | None = None,
           dfn: tuple[int, int, int] = (1, 0, 0), attacker: str = "lannister",
           defender: str = "tyrell", defense: str | None = None) -> State:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    a = att or {"footman": 1}
    put(st, "searoad_marches", attacker, footmen=a.get("footman", 0),
        knights=a.get("knight", 0))
    put(st, "the_reach", defender, footmen=dfn[0], knights=dfn[1])
    if defense:
        order(st, "the_reach", defense)
    st = battle_at(st, attacker, "searoad_marches", "the_reach", a)
    st = card(st, attacker, att_card)
    return card(st, defender, def_card)


def retreat(st: State) -> State:
    """Let a beaten defender take its default retreat, if it is asked for one."""
    top = st.stack[-1] if st.stack else {}
    if top.get("kind") == "battle" and top.get("step") == "retreat_wait":
        house = st.houses[top["dfn"]]
        return act(st, house, "retreat", **RULES.default_action(st, top["dfn"]).params)
    return st


def _result(st: State) -> dict[str, int]:
    for e in LAST:
        if e.kind == "battle_result":
            return {"att": e.data["strength"][0], "def": e.data["strength"][1]}
    raise AssertionError("no battle result in the last events")


def test_vargo_hoat_attacking_footmen_add_two() -> None:
    st = _fight("vargo_hoat", "margaery_tyrell", att={"footman": 2}, dfn=(0, 2, 0))
    # Vargo: 2 footmen x 2 = 4 + 0 vs 2 knights 4 + Margaery 1 = 5: Tyrell wins.
    assert st.units["searoad_marches"][4] == 2  # routed back home
    st = _fight("vargo_hoat", "brienne_of_tarth", att={"footman": 2}, dfn=(0, 2, 0))
    assert st.units["the_reach"][0] == seat(st, "tyrell")  # 4 vs 4: Tyrell higher on Fiefdoms


def test_balon_zeroes_the_opponents_card_and_queen_of_thorns_cancels_it() -> None:
    st = _fight("tywin_lannister", "queen_of_thorns", attacker="lannister", defender="tyrell",
                dfn=(3, 0, 0))
    # Tywin 3 + 1 footman vs 3 footmen + 0: Lannister 4 vs Tyrell 3 -> Lannister wins, and
    # Tywin's two swords kill two footmen; the third must retreat.
    assert _result(st) == {"att": 4, "def": 3}
    assert st.units["the_reach"][1] == 1 and awaited(st) == {"tyrell"}

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "searoad_marches", "greyjoy", footmen=2)
    put(st, "the_reach", "tyrell", footmen=2)
    st = battle_at(st, "greyjoy", "searoad_marches", "the_reach", {"footman": 2})
    st = card(st, "greyjoy", "balon_greyjoy")
    st = card(st, "tyrell", "mace_tyrell")
    # Mace counts 0: 2 vs 2, Greyjoy is first on Fiefdoms and wins.
    assert _result(st) == {"att": 2, "def": 2}
    st = retreat(st)
    assert st.units["the_reach"][0] == seat(st, "greyjoy")

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "searoad_marches", "greyjoy", footmen=2)
    put(st, "the_reach", "tyrell", footmen=2)
    st = battle_at(st, "greyjoy", "searoad_marches", "the_reach", {"footman": 2})
    st = card(st, "greyjoy", "balon_greyjoy")
    st = card(st, "tyrell", "queen_of_thorns")
    # Queen of Thorns cancels Balon: 2 vs 2 + 0, Greyjoy still wins the tie on Fiefdoms.
    assert _result(st) == {"att": 2, "def": 2}


def test_catelyn_doubles_defense_and_brienne_discards_it() -> None:
    st = _fight("tyrion_lannister", "catelyn_stark", att={"footman": 1, "knight": 1},
                defender="stark", dfn=(2, 0, 0), defense="defense_+1a")
    # 3 + 2 = 5 vs 2 + 2 (Defense +1 doubled) + 0 = 4 -> Lannister; Tyrion has no swords.
    assert _result(st) == {"att": 5, "def": 4}
    st = _fight("brienne_of_tarth", "eddard_stark", attacker="tyrell", defender="stark",
                att={"footman": 1, "knight": 1}, dfn=(1, 0, 0), defense="defense_+2s")
    # Brienne removes the Defense +2: 3 + 0 vs 1 + 3 -> Stark wins (4 > 3).
    assert _result(st) == {"att": 3, "def": 4}


def test_robb_and_loras() -> None:
    st = _fight("robb_stark", "margaery_tyrell", attacker="stark", att={"knight": 2},
                dfn=(2, 1, 0))
    # Robb: 2 knights x 3 = 6 + 2 vs 2 + 2 + 1 = 5.
    assert _result(st) == {"att": 8, "def": 5}
    st = _fight("ser_loras_tyrell", "tywin_lannister", attacker="tyrell", defender="lannister",
                att={"knight": 1}, dfn=(2, 0, 0))
    # Loras kills a defending footman first: 2 + 2 vs 1 + 3 = 4 -> tie, Tyrell above on
    # Fiefdoms wins.
    assert _result(st) == {"att": 4, "def": 4}
    st = retreat(st)
    assert st.units["the_reach"][0] == seat(st, "tyrell")


def test_salladhor_zeroes_opposing_supporting_ships() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "crackclaw_point", "baratheon", knights=1)
    put(st, "kings_landing", "lannister", footmen=1)
    put(st, "blackwater_bay", "lannister", ships=2)
    order(st, "blackwater_bay", "support_0a")
    st = battle_at(st, "baratheon", "crackclaw_point", "kings_landing", {"knight": 1})
    st = act(st, "lannister", "support", side="defender")
    assert RULES.view(st, None)["battle"]["current_strength"] == {"attacker": 2, "defender": 3}
    st = card(st, "baratheon", "salladhor_saan")
    st = card(st, "lannister", "vargo_hoat")
    # Ships count 0 against Salladhor: 2 + 0 vs 1 + 0 + 0 -> Baratheon.
    assert _result(st) == {"att": 2, "def": 1}


def test_jaime_cersei_and_luwin_after_winning() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    lan = seat(st, "lannister")
    put(st, "searoad_marches", "lannister", knights=2)
    put(st, "the_reach", "tyrell", footmen=1)
    put(st, "highgarden", "tyrell", footmen=1)
    order(st, "highgarden", "consolidate_a")
    st = battle_at(st, "lannister", "searoad_marches", "the_reach", {"knight": 2})
    power = st.power[lan]
    st = card(st, "lannister", "ser_jaime_lannister")
    st = card(st, "tyrell", "margaery_tyrell")
    assert st.power[lan] == power + 2

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "searoad_marches", "lannister", knights=2)
    put(st, "the_reach", "tyrell", footmen=1)
    put(st, "highgarden", "tyrell", footmen=1)
    order(st, "highgarden", "consolidate_a")
    st = battle_at(st, "lannister", "searoad_marches", "the_reach", {"knight": 2})
    st = card(st, "lannister", "cersei_lannister")
    st = card(st, "tyrell", "margaery_tyrell")
    st = act(st, "tyrell", "retreat", area="dornish_marches")
    assert awaited(st) == {"lannister"}
    with pytest.raises(RuleViolation):
        act(st, "lannister", "ability", target=None)  # Cersei is not optional
    st = act(st, "lannister", "ability", target="highgarden")
    assert "highgarden" not in st.orders

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    sta = seat(st, "stark")
    st.hands[sta].remove("eddard_stark")
    st.discards[sta].append("eddard_stark")
    put(st, "moat_cailin", "stark", knights=2)
    put(st, "the_twins", "lannister", footmen=1)
    st = battle_at(st, "stark", "moat_cailin", "the_twins", {"knight": 2})
    st = card(st, "stark", "maester_luwin")
    st = retreat(card(st, "lannister", "cersei_lannister"))
    st = act(st, "stark", "ability", target="eddard_stark")
    assert "eddard_stark" in st.hands[sta] and "maester_luwin" in st.discards[sta]


def test_melisandre_renly_and_asha() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    bar, lan = seat(st, "baratheon"), seat(st, "lannister")
    put(st, "the_reach", "baratheon", footmen=2, knights=1)
    put(st, "blackwater", "lannister", footmen=1)
    st = battle_at(st, "baratheon", "the_reach", "blackwater", {"footman": 2, "knight": 1})
    st = card(st, "baratheon", "melisandre_of_asshai")
    st = retreat(card(st, "lannister", "vargo_hoat"))
    assert awaited(st) == {"baratheon"}
    power = st.power[bar]
    st = act(st, "baratheon", "ability", target="tywin_lannister")
    assert st.power[bar] == power - 1
    assert "tywin_lannister" in st.discards[lan] and "tywin_lannister" not in st.hands[lan]

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "the_reach", "baratheon", footmen=2)
    put(st, "blackwater", "lannister", footmen=1)
    st = battle_at(st, "baratheon", "the_reach", "blackwater", {"footman": 2})
    st = card(st, "baratheon", "renly_baratheon")
    st = retreat(card(st, "lannister", "vargo_hoat"))
    st = act(st, "baratheon", "ability", target="blackwater")
    assert st.units["blackwater"][1:3] == [1, 1]

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "ironmans_bay", "greyjoy", ships=2)
    put(st, "the_golden_sound", "lannister", ships=1)
    put(st, "lannisport", "lannister", footmen=1)
    order(st, "lannisport", "support_0a")
    st = battle_at(st, "greyjoy", "ironmans_bay", "the_golden_sound", {"ship": 2})
    st = card(st, "greyjoy", "asha_greyjoy")
    st = retreat(card(st, "lannister", "vargo_hoat"))
    st = act(st, "greyjoy", "ability", target="lannisport")
    assert "lannisport" not in st.orders


def test_victarion_and_land_units_never_support_at_sea() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "ironmans_bay", "greyjoy", ships=2)
    put(st, "the_golden_sound", "lannister", ships=2)
    put(st, "lannisport", "lannister", footmen=1)
    order(st, "lannisport", "support_0a")
    st = battle_at(st, "greyjoy", "ironmans_bay", "the_golden_sound", {"ship": 2})
    assert awaited(st) == {"greyjoy", "lannister"}  # no support step: straight to cards
    st = card(st, "greyjoy", "victarion_greyjoy")
    st = card(st, "lannister", "vargo_hoat")
    assert _result(st) == {"att": 4, "def": 2}


def test_blade_is_offered_in_every_battle_of_its_holder() -> None:
    """Once per round, in any battle its holder fights — even one the +1 cannot turn — and
    the shown strength follows the choice."""
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "seagard", "greyjoy", footmen=2)
    put(st, "riverrun", "lannister", footmen=1)
    st = battle_at(st, "greyjoy", "seagard", "riverrun", {"footman": 2})
    st = card(st, "greyjoy", "theon_greyjoy")
    st = card(st, "lannister", "tywin_lannister", blade=None)
    assert awaited(st) == {"greyjoy"}  # Greyjoy wins without it, and is still asked
    st, events = RULES.apply(st, seat(st, "greyjoy"), Action("use_blade", {"use": False}))
    result = next(e for e in events if e.kind == "battle_result")
    assert not st.blade_used and result.data["strength"][0] == 4


def test_blade_turns_a_battle_when_used() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    # Greyjoy holds the blade (first on Fiefdoms) and attacks one short.
    put(st, "seagard", "greyjoy", footmen=2)
    put(st, "riverrun", "lannister", footmen=2)
    st = battle_at(st, "greyjoy", "seagard", "riverrun", {"footman": 2})
    st = card(st, "greyjoy", "theon_greyjoy")
    st = card(st, "lannister", "tywin_lannister", blade=None)
    assert awaited(st) == {"greyjoy"}
    st = retreat(act(st, "greyjoy", "use_blade", use=True))
    assert st.units["riverrun"][0] == seat(st, "greyjoy")
    assert st.blade_used


def test_seventh_card_brings_the_hand_back() -> None:
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    lan = seat(st, "lannister")
    st.discards[lan] = [c for c in st.hands[lan] if c != "tywin_lannister"]
    st.hands[lan] = ["tywin_lannister"]
    put(st, "searoad_marches", "lannister", knights=2)
    put(st, "the_reach", "tyrell", footmen=1)
    st = battle_at(st, "lannister", "searoad_marches", "the_reach", {"knight": 2})
    assert awaited(st) == {"tyrell"}  # one card left: chosen automatically
    st = card(st, "tyrell", "margaery_tyrell")
    assert len(st.hands[lan]) == 7 and st.discards[lan] == []

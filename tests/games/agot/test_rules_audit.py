"""Scenario tests for rules found wrong (or unclear) in an audit against the rulebook (seed 004).

Each test quotes the Czech rulebook passage it checks, with an English translation.
"""

from __future__ import annotations

from rules.agot import RULES
from rules.agot.scenario import act, awaited, begin, clear, game, order, put, seat, tracks
from rules.agot.state import State
from rules.agot.supply import within_supply


def _beaten_attacker(supply: int, lannisport: dict[str, int], moves: dict[str, dict[str, int]],
                     others: dict[str, int]) -> State:
    """Lannister marches from Lannisport into Stoney Sept (2 Tyrell knights) and loses."""
    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    st.supply[seat(st, "lannister")] = supply
    tracks(st, throne=["lannister", "baratheon", "stark", "tyrell", "greyjoy"])
    put(st, "lannisport", "lannister", **lannisport)
    order(st, "lannisport", "march_0")
    for area, n in others.items():
        put(st, area, "lannister", footmen=n)
    put(st, "stoney_sept", "tyrell", knights=2)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    st = act(st, "lannister", "march", **{"from": "lannisport", "moves": moves})
    st = act(st, "lannister", "choose_card", card="lannister_captain", ready=True)
    # Tyrell 2 knights (4) + Margaery (1) = 5 beats Lannister; Margaery has no swords.
    return act(st, "tyrell", "choose_card", card="margaery_tyrell", ready=True)


def test_beaten_attacker_cannot_retreat_beyond_supply() -> None:
    """Golden rule, p.9: "Nikdy nemůžete přesunout jednotku (nebo utíkat s ní) tak, abyste
    porušili aktuální omezení zásobování … Když tak učiníte náhodou, musíte okamžitě zničit
    dostatečný počet jednotek" — you may never move a unit (or retreat with it) so that you
    break your current supply limit; if it happens, destroy enough units at once. And p.11:
    "Nikdy nemůžete ustoupit s jednotkou na území, na kterém byste tímto přesáhli svůj limit
    zásobování. Pokud je to nezbytné, ustupte s jednotkami splňujícími omezení zásobování a
    zbylé jednotky zničte." — never retreat a unit into an area where it would exceed your
    supply limit; if necessary retreat the units that fit and destroy the rest.

    Supply 1 allows armies 3 and 2. Lannister (Lannisport 3 F, Harrenhal 2 F, Searoad Marches
    1 F) sends one footman to Searoad Marches and one into Stoney Sept, and loses. Back in
    Lannisport it would make a third army of 2: it is destroyed instead."""
    st = _beaten_attacker(1, {"footmen": 3}, {"searoad_marches": {"footman": 1},
                                             "stoney_sept": {"footman": 1}},
                          {"harrenhal": 2, "searoad_marches": 1})
    lannister = seat(st, "lannister")
    assert st.units["lannisport"] == [lannister, 1, 0, 0, 0, 0, 0]
    assert within_supply(st, lannister)


def test_beaten_attacker_chooses_which_units_supply_destroys() -> None:
    """Same passages (p.9 golden rule, p.11 retreat and supply). Supply 5 allows armies
    4, 3, 2, 2. Lannister has Lannisport 3 F + 1 K, Searoad Marches 2 F, Harrenhal 3 F; it
    moves one footman to Searoad Marches (3) and attacks Stoney Sept with 1 F + 1 K, leaving
    1 F at home. Beaten, both returning units would make Lannisport a third army of 3; only
    one of them fits, and the Lannister player chooses which one is destroyed."""
    st = _beaten_attacker(5, {"footmen": 3, "knights": 1},
                          {"searoad_marches": {"footman": 1},
                           "stoney_sept": {"footman": 1, "knight": 1}},
                          {"searoad_marches": 2, "harrenhal": 3})
    assert awaited(st) == {"lannister"}
    lannister = seat(st, "lannister")
    legal = RULES.legal_actions(st, lannister)
    assert {a.params["area"] for a in legal} == {"lannisport"}
    st = act(st, "lannister", "retreat", area="lannisport", destroy={"footman": 1})
    assert st.units["lannisport"] == [lannister, 1, 0, 0, 0, 1, 0]  # the knight lies routed
    assert st.units["stoney_sept"][0] == seat(st, "tyrell")
    assert within_supply(st, lannister)

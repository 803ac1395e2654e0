"""Rulebook sentences of the form "only if / only one / may not", each refused with its reason
or resolved as the text says: the Messenger Raven's special order, Consolidate Power's crown,
and a march's one battle next to a neutral force."""

from __future__ import annotations

from rules.agot import RULES
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
from rules.agot.state import State
from rules.base import Action
from tests.games.agot.text_helpers import refused

SPECIALS = ("march_+1s", "defense_+2s", "support_+1s", "raid_s", "consolidate_s")


def _raven(orders: dict[str, str]) -> State:
    """Lannister (top of King's Court: 3 stars) placed ``orders``; everyone is ready; the
    Messenger Raven is Lannister's to use."""
    st = clear(game(), neutral=True)
    tracks(st, court=["lannister", "stark", "baratheon", "tyrell", "greyjoy"])
    for area in ("lannisport", "stoney_sept", "riverrun", "harrenhal"):
        put(st, area, "lannister", footmen=1)
    begin(st, "planning")
    st = act(st, "lannister", "place_orders", orders=orders, ready=True)
    assert awaited(st) == {"lannister"}
    return st


def _swaps(st: State) -> set[tuple[str, str]]:
    return {(a.params["area"], a.params["order"]) for a in RULES.legal_actions(
        st, seat(st, "lannister")) if isinstance(a, Action) and a.kind == "raven_swap"}


def test_the_raven_gives_no_special_order_once_every_star_was_used() -> None:
    """"…nahradit jeden ze svých rozkazů jedním ze svých nepřidělených rozkazů (speciální
    rozkaz může ale použít jenom tehdy, pokud mu zůstaly nevyužité hvězdičky z kroku 1)." —
    all three stars used: not even one special order for another."""
    st = _raven({"lannisport": "march_+1s", "stoney_sept": "defense_+2s",
                 "riverrun": "support_+1s", "harrenhal": "raid_a"})
    swaps = _swaps(st)
    assert not any(tok in SPECIALS for _, tok in swaps)
    assert ("lannisport", "march_0") in swaps
    before = RULES.state_hash(st)
    with refused("star you left unused"):
        act(st, "lannister", "raven_swap", area="lannisport", order="raid_s")
    with refused("star you left unused"):
        act(st, "lannister", "raven_swap", area="harrenhal", order="consolidate_s")
    assert RULES.state_hash(st) == before
    st, ev = act_events(st, "lannister", "raven_swap", area="lannisport", order="march_0")
    assert ev[0].data["new"] == "march_0"


def test_the_raven_may_give_a_special_order_with_a_star_left() -> None:
    """"…speciální rozkaz může ale použít jenom tehdy, pokud mu zůstaly nevyužité hvězdičky
    z kroku 1." — two of three stars used: one special order is still possible."""
    st = _raven({"lannisport": "march_+1s", "stoney_sept": "defense_+2s",
                 "riverrun": "support_0a", "harrenhal": "raid_a"})
    assert ("harrenhal", "raid_s") in _swaps(st)
    st, ev = act_events(st, "lannister", "raven_swap", area="harrenhal", order="raid_s")
    assert ev[0].data["new"] == "raid_s"


def test_consolidate_power_gives_one_more_token_for_an_area_with_a_crown_not_per_crown(
        ) -> None:
    """"…získá 1 žeton moci a navíc získá 1 žeton moci také za každé území, které společně s
    rozkazem konsolidace sil obsahuje symbol moci (korunu)" — King's Landing prints two
    crowns and pays 1 + 1."""
    st = clear(game(), neutral=True)
    tracks(st, throne=["baratheon", "lannister", "stark", "tyrell", "greyjoy"])
    bar = seat(st, "baratheon")
    put(st, "kings_landing", "baratheon", footmen=1)
    order(st, "kings_landing", "consolidate_a")
    put(st, "blackwater_bay", "baratheon", ships=1)
    st.power = [5] * st.n
    begin(st, "raids")
    assert st.round == 2
    assert st.power[bar] == 5 + 2


def _dorne() -> State:
    st = clear(game())
    tracks(st, throne=["tyrell", "baratheon", "lannister", "stark", "greyjoy"])
    put(st, "yronwood", "tyrell", footmen=1, knights=2)
    order(st, "yronwood", "march_+1s")
    put(st, "dornish_marches", "baratheon", footmen=1)
    put(st, "starfall", "baratheon", footmen=1)
    put(st, "winterfell", "stark", footmen=1)
    order(st, "winterfell", "march_0")
    begin(st, "marches")
    assert st.neutral["sunspear"][0] == 5
    return st


def test_taking_a_neutral_area_does_not_use_up_the_marchs_one_battle() -> None:
    """"Vpochodování do neutrální oblasti nevyvolá bitvu…" and "U všech rozkazů Pochodu
    můžete jednotky z daného území posunout jenom na jedno přilehlé území, obsazené
    nepřátelskými jednotkami jiného rodu." — a neutral force is no house: one march takes
    Sunspear (2 knights + March +1 = 5) and attacks the Dornish Marches."""
    st = _dorne()
    st, ev = act_events(st, "tyrell", "march", **{"from": "yronwood", "moves": {
        "sunspear": {"knight": 2}, "dornish_marches": {"footman": 1}}})
    assert "sunspear" not in st.neutral
    assert st.units["sunspear"][:3] == [seat(st, "tyrell"), 0, 2]
    assert [e.kind for e in ev].index("neutral_defeated") >= 0
    battle = st.stack[-1]
    assert battle["kind"] == "battle" and battle["area"] == "dornish_marches"
    assert battle["dfn"] == seat(st, "baratheon")


def test_a_march_still_starts_only_one_battle_against_houses() -> None:
    """"…během jednoho Pochodu můžete začít jenom jednu bitvu." """
    st = _dorne()
    before = RULES.state_hash(st)
    with refused("only one battle"):
        act(st, "tyrell", "march", **{"from": "yronwood", "moves": {
            "starfall": {"knight": 1}, "dornish_marches": {"footman": 1}}})
    assert RULES.state_hash(st) == before


def test_a_house_with_all_its_power_tokens_receives_no_more() -> None:
    """"Jestliže má hráč například všech 20 žetonů moci, nemůže obdržet další, dokud některé
    nepoužije při hře." — tokens on the board count among the 20."""
    st = clear(game(), neutral=True)
    tracks(st, throne=["baratheon", "lannister", "stark", "tyrell", "greyjoy"])
    bar = seat(st, "baratheon")
    put(st, "dragonstone", "baratheon", footmen=1)
    order(st, "dragonstone", "consolidate_a")
    put(st, "blackwater_bay", "baratheon", ships=1)
    token(st, "kingswood", "baratheon")  # one token on the board
    st.power = [5] * st.n
    st.power[bar] = 18  # 18 available + 1 on the board: room for one more
    begin(st, "raids")
    assert st.power[bar] == 19  # Dragonstone would pay 2

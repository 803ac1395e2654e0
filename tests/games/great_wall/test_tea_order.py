"""Several players, one effect: they act in Tea order from the top of the Tea track."""

from __future__ import annotations

from rules.great_wall import RULES, coop
from rules.great_wall import board as B
from tests.games.great_wall.helpers import act, bare, drive, started


def test_breach_shame_is_drawn_top_of_the_tea_track_first_when_the_bank_runs_short() -> None:
    """"Kdykoli se nějaký herní efekt týká více hráčů a jejich pořadí je podstatné, dotyční
    hráči provedou své akce v čajovém pořadí, přičemž začíná hráč zcela nahoře na čajové
    stupnici." A breach on a section with two Horde cards and no soldiers owes each player
    two Shame tokens; the bank holds three: the top player takes two, the next one and pays
    5 Honor for the other, the last pays 5 Honor twice."""
    st = bare(started(3))
    st.tea = [2, 0, 1]
    for c in range(3):
        st.clans[c]["tactics"] = []
        st.clans[c]["honor"] = 20
    st.sections[1]["hordes"] = [B.new_card("h01"), B.new_card("h02")]
    st.shame_bank = 3
    st.stack.append({"kind": "breach", "s": 1, "stage": "shame", "free": {}, "queue": []})
    drive(st)
    order = []
    while st.stack and st.result is None:
        seat = min(RULES.awaiting(st))
        order.append(seat)
        st, _ = RULES.apply(st, seat, RULES.default_action(st, seat))
    assert order == [2, 2, 0]  # the placements are asked top first too
    held = {c: sum(st.clans[c]["shamed"].values())
            + sum(w["shame"] for w in st.clans[c]["won"]) for c in range(3)}
    assert held == {2: 2, 0: 1, 1: 0}
    assert [st.clans[c]["honor"] for c in (2, 0, 1)] == [20, 15, 10]
    assert st.shame_bank == 0


def test_coop_unfulfilled_requests_shame_in_tea_order_each_placed_before_the_next_draw() -> None:
    """"…dotyční hráči provedou své akce v čajovém pořadí, přičemž začíná hráč zcela nahoře."
    An open Request at the end of Winter gives every player a Shame token. With one token
    left in the bank, the top player draws it first; discarding it for 10 Honor returns it
    to the bank before the next player draws, so the co-op game is not lost."""
    st = bare(started(2, mode="coop"))
    st.tea = [1, 0, *[c for c in st.tea if c not in (0, 1)]]
    st.requests = [st.requests[0], None, None]
    st.shame_bank = 1
    coop.unfulfilled(st, [])
    drive(st)
    assert RULES.awaiting(st) == frozenset({1}) and st.shame_bank == 0
    st, _ = act(st, 1, "shame", where="discard")
    assert st.result is None
    assert RULES.awaiting(st) == frozenset({0}) and st.shame_bank == 0

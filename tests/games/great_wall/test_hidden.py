"""Hidden information: Tactic windows do not tell who holds a Tactic card, and a perturbed
secret changes nothing another seat sees or is offered, nor whom the game waits for."""

from __future__ import annotations

from typing import Any

import pytest

from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.state import State
from rules.rng import Rng
from tests.games.great_wall.helpers import act, bare, drive, started


def _defeat_with(st: State, clans: list[int]) -> None:
    """A covered Horde card at section 1 with one spearman of each of ``clans``."""
    card = B.new_card("h02")  # 2 × 2 fields
    st.sections[1]["hordes"] = [card]
    for f in range(4):
        B.set_cell(card, f, [clans[f % len(clans)], "spearman", 60 + f])
    st.stack.append({"kind": "defeat"})


def _tactic_ids(trigger: str) -> list[str]:
    from rules.great_wall.data import data

    return [k for k, v in data().tactics.items() if v["trigger"] == trigger]


def test_a_defeat_window_asks_every_seat_there_with_a_tactic_card_not_only_holders() -> None:
    """"Karty taktik lze hrát po splnění příslušných podmínek (v tzv. spouštěcím momentu)
    v tahu jakéhokoli hráče." Both clans on the defeated card hold one Tactic card; only
    red's fits the defeat. Both are asked in Tea order (blue gets a pass-only question), so
    the table cannot tell which of them holds a defeat card."""
    st = bare(started(3))
    st.tea = [2, 0, 1]
    defeat, other = _tactic_ids("defeat")[0], _tactic_ids("assault")[0]
    st.clans[0]["tactics"], st.clans[2]["tactics"], st.clans[1]["tactics"] = [defeat], [other], []
    for c in range(3):
        st.clans[c]["res"]["chi"] = 0
    _defeat_with(st, [0, 2])
    drive(st)
    assert RULES.awaiting(st) == frozenset({2})
    assert [a.kind for a in RULES.legal_actions(st, 2)] == ["pass"]
    assert RULES.deadline_share(st) < 1
    st, _ = act(st, 2, "pass")
    assert RULES.awaiting(st) == frozenset({0})
    assert {a.kind for a in RULES.legal_actions(st, 0)} == {"play", "pass"}


def test_a_window_where_nobody_holds_a_tactic_card_closes_without_a_question() -> None:
    """"Každý hráč může zahrát jednu kartu taktiky v každém spouštěcím momentu." A seat's
    Tactic count is public: with no Tactic card at the table nobody can play, so nobody is
    asked and the defeat resolves at once."""
    st = bare(started(3))
    for c in range(3):
        st.clans[c]["tactics"] = []
        st.clans[c]["res"]["chi"] = 0
    _defeat_with(st, [0, 1])
    ev = drive(st)
    while st.stack:  # only the owners' loss questions remain
        assert st.stack[-1]["kind"] == "losses"
        seat = min(RULES.awaiting(st))
        st, more = RULES.apply(st, seat, RULES.default_action(st, seat))
        ev += more
    assert "horde_won" in [e.kind for e in ev]


def _compare(st: State, rng: Rng) -> int:
    n = st.n
    awaited = RULES.awaiting(st)
    checked = 0
    for seat in range(n):
        other = RULES.perturb_hidden(st, seat, rng)
        assert other is not None
        assert RULES.awaiting(other) == awaited, f"perturbing seat {seat} changes whom we await"
        for viewer in [None, *range(n)]:
            if viewer == seat:
                continue
            assert RULES.view(other, viewer) == RULES.view(st, viewer)
            if viewer is not None and viewer in awaited:
                assert RULES.legal_actions(other, viewer) == RULES.legal_actions(st, viewer)
        if seat in awaited:  # the perturbed seat's own question still has a default
            assert RULES.default_action(other, seat) in RULES.legal_actions(other, seat)
        checked += 1
    return checked


@pytest.mark.parametrize(("n", "config"), [(3, {}), (4, {}), (2, {}), (1, {}),
                                           (3, {"mode": "coop"})])
def test_perturbed_secrets_keep_views_awaited_seats_and_offered_moves(
        n: int, config: dict[str, Any]) -> None:
    """Every pending question carries over a perturbation of a seat's secrets (resources,
    Tactic cards): other seats' views and moves and the awaited set stay identical."""
    st = RULES.new_game(config, n, 41 + n)
    rng = Rng(5 + n)
    windows = 0
    for i in range(3000):
        if RULES.result(st) is not None:
            break
        top = st.stack[-1]["kind"] if st.stack else ""
        if top == "tactic" or i % 40 == 0:
            windows += top == "tactic"
            _compare(st, rng)
        seat = rng.choice(sorted(RULES.awaiting(st)))
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    assert windows or n == 1 or config  # a standard game meets Tactic windows


def test_questions_that_depend_on_hidden_resources_are_asked_from_public_facts() -> None:
    """Resources are behind the screen: whether the game asks a seat at the Barracks, the
    Embassy, the Builders' Camp or about Summer Shame removal depends only on what the table
    sees (soldiers in supply, the offer, the wall, Shame tokens), so a seat that cannot pay
    is still asked, with only "done"."""
    st = bare(started(3))
    c = st.clans[0]
    c["res"] = {r: 0 for r in c["res"]}
    c["shamed"]["spearman"] = 1
    for fr in ({"kind": "recruit", "clan": 0, "left": 1, "bonus": False},
               {"kind": "embassy", "clan": 0, "left": 1},
               {"kind": "build", "clan": 0, "left": 1},
               {"kind": "unshame", "clan": 0}):
        st.stack = [fr]
        drive(st)
        assert RULES.awaiting(st) == frozenset({0}), fr["kind"]
        assert [a.kind for a in RULES.legal_actions(st, 0)] == ["done"], fr["kind"]
        rich = RULES.perturb_hidden(st, 0, Rng(1))
        assert rich is not None and RULES.awaiting(rich) == frozenset({0})

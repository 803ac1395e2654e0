"""A seat's view is the same whether the state lived in memory since the last move or was
read back from the database (its JSON keys sorted): a move panel's buttons carry a digest of
the view, so a view that depends on a dict's insertion order makes every button of a DM
panel "not this game's" after a restart or on a second process — a dead control (Fort's cats
table was one). Checked for random games of every mode of A Game of Thrones, Catan and
Fort."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.canonical_json import canonical_json
from rules.registry import games
from rules.rng import Rng

GAMES = ("agot", "catan_watch", "fort")
MOVES = 400
EVERY = 9


def _cases() -> list[Any]:
    return [pytest.param(g, dict(v.config), max(v.seats), id=f"{g}-{v.name}")
            for g in GAMES for v in games()[g].variants()]


@pytest.mark.parametrize(("game", "config", "n"), _cases())
def test_views_do_not_depend_on_a_reload(game: str, config: dict[str, Any], n: int) -> None:
    rules = games()[game]
    state = rules.new_game(config, n, 11)
    rng = Rng(11)
    checked = 0
    for step in range(MOVES):
        waiting = sorted(rules.awaiting(state))
        if not waiting or rules.result(state) is not None:
            break
        if step % EVERY == 0:
            reloaded = rules.from_json(json.loads(canonical_json(rules.to_json(state))))
            for seat in (None, *range(n)):
                live = canonical_json(rules.view(state, seat))
                assert live == canonical_json(rules.view(reloaded, seat)), (step, seat)
            for seat in waiting:
                assert [a.to_json() for a in rules.legal_actions(state, seat)
                        if hasattr(a, "to_json")] == [
                    a.to_json() for a in rules.legal_actions(reloaded, seat)
                    if hasattr(a, "to_json")], (step, seat)
            checked += 1
        seat = waiting[rng.randbelow(len(waiting))]
        state, _ = rules.apply(state, seat, rules.random_action(state, seat, rng))
    assert checked > 5

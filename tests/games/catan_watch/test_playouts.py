"""Random full games to the end, in both modes, with contract checks along the way."""

from __future__ import annotations

import json

import pytest

from rules.base import Action, RuleViolation
from rules.catan_watch import RULES
from rules.rng import Rng
from tests.games.catan_watch.cw_helpers import en

MAX_STEPS = 30_000


def _play(config: dict, n: int, seed: int, check_every: int = 0) -> tuple[object, int]:
    state = RULES.new_game(config, n, seed)
    rng = Rng(seed + 7)
    steps = 0
    while RULES.result(state) is None:
        assert steps < MAX_STEPS, "random playout did not finish"
        waiting = sorted(RULES.awaiting(state))
        assert waiting, "a running game must wait for someone"
        seat = waiting[rng.randbelow(len(waiting))]
        if check_every and steps % check_every == 0:
            _check_contract(state, waiting)
        action = RULES.random_action(state, seat, rng)
        state, events = RULES.apply(state, seat, action)
        for e in events:
            assert isinstance(en(RULES.describe(e, seat)), str)
        steps += 1
    assert RULES.awaiting(state) == frozenset()
    return state, steps


def _check_contract(state: object, waiting: list[int]) -> None:
    data = RULES.to_json(state)
    again = RULES.to_json(RULES.from_json(json.loads(json.dumps(data))))
    assert again == data
    assert RULES.to_json(RULES.copy_state(state)) == data
    for seat in [None, *waiting]:
        text = json.dumps(RULES.view(state, seat))
        assert '"rng"' not in text and "dev_deck" not in text
    for seat in waiting:
        RULES.apply(state, seat, RULES.default_action(state, seat))
        concrete = [a for a in RULES.legal_actions(state, seat) if isinstance(a, Action)]
        for a in concrete[:: max(1, len(concrete) // 5)]:
            RULES.apply(state, seat, a)
        assert isinstance(en(RULES.progress(state, seat)), str)


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("layout", ["beginner", "variable"])
def test_random_games_finish(mode: str, n: int, layout: str) -> None:
    for seed in range(3):
        state, _ = _play({"mode": mode, "layout": layout}, n, seed, check_every=37)
        result = RULES.result(state)
        assert result is not None
        if result.winners:
            assert len(result.winners) == 1
        assert sorted(s for place in result.ranking for s in place) == list(range(n))


def test_tragedy_variant_games_finish() -> None:
    for seed in range(3):
        state, _ = _play({"mode": "nights_watch", "heroes_tragedy": True}, 4, seed)
        assert RULES.result(state) is not None


def test_empty_config_is_base_mode() -> None:
    state = RULES.new_game({}, 4, 1)
    assert RULES.view(state, None)["mode"] == "base"


def test_bad_config_rejected() -> None:
    with pytest.raises(RuleViolation) as err:
        RULES.new_game({"mode": "chess"}, 4, 1)
    assert err.value.code == "bad_config"
    with pytest.raises(RuleViolation):
        RULES.new_game({}, 5, 1)


def test_base_winner_has_ten_points() -> None:
    state, _ = _play({}, 4, 11)
    result = RULES.result(state)
    assert result is not None and result.winners
    assert result.scores[result.winners[0]] >= 10

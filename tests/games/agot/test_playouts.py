"""Random full games for 3, 4 and 5 players end with a result, and replays reproduce them."""

from __future__ import annotations

import json

import pytest

from bot.i18n import as_msg, render
from rules.agot import RULES
from rules.base import Action
from rules.rng import Rng


def _play(n: int, seed: int) -> tuple[object, list[tuple[int, Action]]]:
    st = RULES.new_game({}, n, seed)
    rng = Rng(seed * 101 + n)
    log: list[tuple[int, Action]] = []
    for _ in range(20_000):
        if RULES.result(st) is not None:
            break
        seat = rng.choice(sorted(RULES.awaiting(st)))
        action = RULES.random_action(st, seat, rng)
        st, events = RULES.apply(st, seat, action)
        for e in events:
            line = render(as_msg(RULES.describe(e, None)), "en")
            assert "{" not in line and not line.startswith("("), line
        log.append((seat, action))
    return st, log


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_game_ends(n: int, seed: int) -> None:
    st, log = _play(n, seed)
    result = RULES.result(st)
    assert result is not None and result.reason
    assert sorted(s for place in result.ranking for s in place) == list(range(n))
    counts = result.scores
    if st.round < 10:  # ended early: someone reached the castle goal
        assert max(counts.values()) >= st.castles_to_win
    assert not RULES.awaiting(st)
    # Replaying the log rebuilds the same final state.
    again = RULES.new_game({}, n, seed)
    for seat, action in log:
        again, _ = RULES.apply(again, seat, action)
    assert RULES.state_hash(again) == RULES.state_hash(st)
    data = RULES.to_json(st)
    assert RULES.to_json(RULES.from_json(json.loads(json.dumps(data)))) == data


@pytest.mark.parametrize("n", [3, 5])
def test_default_actions_alone_finish_a_game(n: int) -> None:
    st = RULES.new_game({}, n, 3)
    for _ in range(5_000):
        if RULES.result(st) is not None:
            break
        seat = min(RULES.awaiting(st))
        st, _ = RULES.apply(st, seat, RULES.default_action(st, seat))
    assert RULES.result(st) is not None
    assert st.round == 10

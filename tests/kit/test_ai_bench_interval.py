"""The AI bench's confidence interval: Wilson's score interval, which stays honest at 0% and
100% where the normal approximation claims certainty."""

from __future__ import annotations

import pytest

from bench.ai_bench import _interval, wilson


def test_a_clean_sweep_of_16_games_shows_only_about_81_percent() -> None:
    low, high = wilson(16, 16)
    assert low == pytest.approx(0.806, abs=0.001)
    assert high == 1.0
    assert _interval(16, 16) == "100.0% (80.6–100.0)"


def test_the_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    for wins, games in ((0, 10), (3, 10), (45, 100), (450, 1000)):
        low, high = wilson(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0
    assert wilson(450, 1000)[1] - wilson(450, 1000)[0] < wilson(45, 100)[1] - wilson(45, 100)[0]
    # half-width near the normal approximation's away from the edges: 1.96 * sqrt(.25 / 400)
    low, high = wilson(200, 400)
    assert (high - low) / 2 == pytest.approx(0.049, abs=0.001)

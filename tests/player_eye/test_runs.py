"""Which tables the full run (CI's) plays to the end: every mode and table size once, and
every game to its end in each language."""

from __future__ import annotations

from collections import defaultdict

from rules import registry
from tests.player_eye.runs import LOCALES, all_runs


def test_the_full_run_ends_each_table_once_and_each_game_in_both_languages() -> None:
    runs = all_runs(full=True)
    ended: dict[tuple[str, str | None, int], list[str]] = defaultdict(list)
    played: dict[tuple[str, str | None, int], set[str]] = defaultdict(set)
    for run in runs:
        played[(run.game, run.mode, run.players)].add(run.locale)
        if run.to_end:
            ended[(run.game, run.mode, run.players)].append(run.locale)
    for game, rules in registry.games().items():
        for v in rules.variants():
            for n in {min(v.seats), max(v.seats)}:
                assert played[(game, v.name, n)] == set(LOCALES), (game, v.name, n)
                assert len(ended[(game, v.name, n)]) == 1, (game, v.name, n)
        languages = {loc for (g, _, _), locs in ended.items() if g == game for loc in locs}
        assert languages == set(LOCALES), game


def test_make_test_plays_capped_tables() -> None:
    assert not any(run.to_end for run in all_runs(full=False))

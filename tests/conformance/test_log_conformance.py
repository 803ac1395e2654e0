"""The public log reads like a narrator, for every discovered game (issue #14).

Random games of every variant are played; each public event is described for the table in
English and Czech, and no line may show an engine id (an action kind, a card or area id: a
snake_case word, an id with ``~``), a catalog key or placeholder left unrendered, or report that
nothing happened ("2 → 2", "gains 0 power")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import as_msg, render
from rules.base import GameRules, Text
from rules.registry import games
from rules.rng import Rng

MOVES = 400
SNAKE = re.compile(r"(?<![\w/.:])[a-z]+(?:_[a-z0-9]+)+(?![\w/.])")
CARD_ID = re.compile(r"\b\w+~\w+\b")
KEY = re.compile(r"\b[a-z_]+\.(?:log|error|word|progress|phase)\.[a-z_.]+\b")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
SAME_COUNT = re.compile(r"(?<![\d.])(\d+) → \1(?![\d.])")
NOTHING = re.compile(r"\b(?:gains?|gathers?|spends?|loses?|pays?|draws?|takes?"
                     r"|získává|ztrácí|platí|bere) 0\b")


def _cases() -> list[Any]:
    out = []
    for rules in games().values():
        for variant in rules.variants():
            out.append(pytest.param(rules, dict(variant.config), max(variant.seats),
                                    id=f"{rules.id}-{variant.name}"))
    return out


def _public_lines(rules: GameRules, config: dict[str, Any], n: int, seed: int
                  ) -> list[Any]:
    state = rules.new_game(config, n, seed)
    rng = Rng(seed + 1)
    lines: list[Any] = []
    for _ in range(MOVES):
        awaited = sorted(rules.awaiting(state))
        if not awaited or rules.result(state) is not None:
            break
        seat = awaited[rng.randbelow(len(awaited))]
        state, events = rules.apply(state, seat, rules.random_action(state, seat, rng))
        lines += [rules.describe(e, None) for e in events if e.visible_to is None]
    return lines


@pytest.mark.parametrize(("rules", "config", "n"), _cases())
def test_public_log_lines_read_as_prose(rules: GameRules, config: dict[str, Any], n: int
                                        ) -> None:
    problems: set[str] = set()
    for seed in (3, 8):
        for line in _public_lines(rules, config, n, seed):
            assert isinstance(line, Text), line
            for locale in ("en", "cs"):
                text = render(as_msg(line), locale)
                for name, pattern in (("an engine id", SNAKE), ("a card id", CARD_ID),
                                      ("a catalog key", KEY), ("a placeholder", PLACEHOLDER),
                                      ("a no-op", SAME_COUNT), ("a no-op", NOTHING)):
                    found = pattern.search(text)
                    if found:
                        problems.add(f"{locale} {line.key}: {name} {found.group(0)!r} in "
                                     f"{text!r}")
    assert not problems, f"{len(problems)} lines, e.g.\n" + "\n".join(sorted(problems)[:20])

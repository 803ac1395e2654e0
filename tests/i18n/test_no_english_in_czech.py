"""A Czech table reads Czech (issue #9): no English word of a game's own catalog reaches a Czech
public log line or a Czech move panel through a parameter (an order, a Westeros card, an edge
direction).

The English words are the game's own: every word of its ``en`` catalog that appears nowhere in
the ``cs`` catalogs. A word may still appear when it is part of a proper name the Czech rulebook
keeps in English — an AGoT area or house card, a seat's name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import discord
import pytest

from bot.discord.panels import move_panel, note_text
from bot.games import front_dir
from bot.i18n import as_msg, catalog, render
from bot.service import PrivateView
from rules.base import GameRules, Text
from rules.registry import games
from rules.rng import Rng

LOCALE = "cs"
MOVES = 300
PANEL_EVERY = 5
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _strings(value: Any) -> Iterator[str]:
    """Every text of a catalog entry (a plural entry holds one per form)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _words(texts: Any) -> set[str]:
    return {w for t in texts for w in WORD.findall(PLACEHOLDER.sub(" ", t))}


def _is_word(w: str) -> bool:
    """Words of three letters or more compare in any case; a shorter token counts only as an
    abbreviation in capitals (``NW``), compared as written — a lone letter never counts."""
    return w.isascii() and (len(w) > 2 or (len(w) == 2 and w.isupper()))


def _key(w: str) -> str:
    return w.lower() if len(w) > 2 else w


@cache
def english_words(game_id: str) -> frozenset[str]:
    """Words of the game's English catalog that the Czech catalogs never use."""
    folder = front_dir(game_id)
    assert folder is not None, f"{game_id} has no front"
    en = json.loads((folder / "i18n" / "en.json").read_text(encoding="utf-8"))
    english = {_key(w) for w in _words(s for v in en.values() for s in _strings(v))
               if _is_word(w)}
    czech = {_key(w) for w in _words(s for v in catalog(LOCALE).values() for s in _strings(v))}
    return frozenset(english - czech)


@cache
def proper_names(game_id: str) -> tuple[str, ...]:
    """Names the Czech rulebook keeps in English (longest first, so that a name is removed
    before a shorter one inside it)."""
    names: set[str] = set()
    if game_id == "agot":
        from rules.agot.board import board

        b = board()
        names |= set(b.name.values()) | set(b.house_name.values())
        names |= {c.name for c in b.cards.values()}
    return tuple(sorted(names, key=len, reverse=True))


def english_in(text: str, game_id: str, players: tuple[str, ...]) -> set[str]:
    for name in (*proper_names(game_id), *players):
        text = text.replace(name, " ")
    return {w for w in WORD.findall(text) if _is_word(w) and _key(w) in english_words(game_id)}


def _cases() -> list[Any]:
    return [pytest.param(rules, dict(v.config), max(v.seats), id=f"{rules.id}-{v.name}")
            for rules in games().values() for v in rules.variants()]


def _panel_texts(panel: Any) -> Iterator[str]:
    """What a seat reads on its move panel: the note, every label, option and placeholder."""
    yield note_text(panel, LOCALE)
    for item in (panel.view.children if panel.view is not None else []):
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        yield str(getattr(item, "label", None) or "")
        yield str(getattr(item, "placeholder", None) or "")
        for option in getattr(item, "options", []):
            yield option.label
            yield option.description or ""


def _readings(rules: GameRules, config: dict[str, Any], n: int, seed: int
              ) -> Iterator[tuple[str, str]]:
    """(where, text) for each public log line and some move panels of one random game."""
    state = rules.new_game(config, n, seed)
    rng = Rng(seed + 7)
    for step in range(MOVES):
        awaited = sorted(rules.awaiting(state))
        if not awaited or rules.result(state) is not None:
            return
        if step % PANEL_EVERY == 0:
            for seat in awaited:
                view = PrivateView(1, rules.id, seat, rules.seat_label(state, seat),
                                   rules.view(state, seat), True, "", step)
                panel = move_panel(view, rules.legal_actions(state, seat), LOCALE)
                for text in _panel_texts(panel):
                    yield f"panel of seat {seat} at move {step}", text
        seat = awaited[rng.randbelow(len(awaited))]
        state, events = rules.apply(state, seat, rules.random_action(state, seat, rng))
        for event in events:
            if event.visible_to is None:
                line = rules.describe(event, None)
                yield f"log {line.key if isinstance(line, Text) else event.kind}", render(
                    as_msg(line), LOCALE)


def _players(rules: GameRules, config: dict[str, Any], n: int, seed: int
             ) -> tuple[str, ...]:
    """The seats' names at the table of ``_readings``'s game (a house, a colour)."""
    state = rules.new_game(config, n, seed)
    labels = [rules.seat_label(state, s) for s in range(n)]
    return tuple(render(as_msg(x), LOCALE) if isinstance(x, Text) else str(x) for x in labels)


def test_the_english_word_list_is_meaningful() -> None:
    """The check below is only as good as its word list: it must hold each game's own English
    words and none of the Czech ones."""
    for game_id in games():
        words = english_words(game_id)
        assert len(words) > 20, (game_id, sorted(words))
    assert {"march", "raid", "support"} <= english_words("agot")
    assert {"edge", "NW"} <= english_words("catan_watch")


def test_names_passed_into_lines_come_from_each_locale() -> None:
    """Every order token, Westeros card and compass direction is named by each locale's own
    catalog (no fallback to English), the English names staying as they were."""
    from rules.agot.board import board
    from rules.agot.describe import order_text, westeros_text
    from rules.catan_watch.names import spot_names, spot_text

    b = board()
    names = [order_text(t) for t in b.tokens] + [westeros_text(w) for w in b.wcards]
    names += [spot_text(name) for shape in ("base_beginner", "gift_3", "gift_4")
              for group in spot_names(shape) for name in group if "(" in name]
    assert all(isinstance(n, Text) for n in names) and len(names) > 30
    for locale in ("en", LOCALE):
        for name in names:
            keys = [name.key, *(v.key for v in name.params.values() if isinstance(v, Text))]
            assert all(k in catalog(locale) for k in keys), (locale, keys)
    en = {render(as_msg(order_text(t)), "en") for t in ("march_-1", "march_+1s", "raid_s",
                                                       "consolidate_a", "support_0a")}
    assert en == {"March -1", "Special March +1", "Special Raid", "Consolidate Power",
                  "Support +0"}
    assert render(as_msg(order_text("march_+1s")), LOCALE) == "Pochod +1 (speciální)"
    assert render(as_msg(westeros_text("sea_of_storms")), LOCALE) == "Moře se bouří"
    assert render(as_msg(spot_text("A (NW edge)")), "en") == "A (NW edge)"
    assert render(as_msg(spot_text("A (NW edge)")), LOCALE) == "A (okraj SZ)"
    assert render(as_msg(spot_text("A/B (S)")), LOCALE) == "A/B (J)"
    assert spot_text("A–B") == "A–B"


@pytest.mark.parametrize(("rules", "config", "n"), _cases())
def test_czech_logs_and_panels_hold_no_english(rules: GameRules, config: dict[str, Any],
                                               n: int) -> None:
    problems: dict[str, str] = {}
    for seed in (3, 8):
        players = _players(rules, config, n, seed)
        for where, text in _readings(rules, config, n, seed):
            found = english_in(text, rules.id, players)
            for word in sorted(found):
                problems.setdefault(word, f"{where}: {text!r}")
    assert not problems, f"{len(problems)} English words in Czech, e.g.\n" + "\n".join(
        f"{w}: {where}" for w, where in sorted(problems.items())[:25])

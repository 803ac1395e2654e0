"""Every key of Northgard's and The Great Wall's catalogs, rendered with sample parameters in
English and in Czech, leaves nothing a player should not read: no unfilled placeholder, no
catalog key, no raw id, no repr; a count key takes its plural form from the CLDR category of
its number (Babel), so that "1" and "5" read differently where the language says so; and the
checks of ``tests.player_text`` fail on a planted repr, a planted raw id and a planted English
sentence in Czech."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import msg, plural_category, render
from tests.player_text import Reading, defects

GAMES = ("northgard", "great_wall")
LOCALES = ("en", "cs")
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z_0-9]*)\}")
#: Czech numbers in each CLDR category (1 / 2–4 / 5+); English has "one" and "other".
SAMPLES = {"en": (1, 5), "cs": (1, 3, 5)}


def _catalog(game: str, locale: str) -> dict[str, Any]:
    path = Path("bot/games") / game / "i18n" / f"{locale}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _fields(value: Any) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f for t in texts for f in FIELD.findall(str(t))}


def _params(fields: set[str], n: int) -> dict[str, Any]:
    """A sample value for each placeholder: the count is ``n``, anything else a word."""
    return {f: n if f == "n" else ("Word" if f not in ("s", "row", "f", "pos") else 2)
            for f in fields}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_every_key_renders_clean_in_every_form(game: str, locale: str) -> None:
    problems: list[str] = []
    for key, value in _catalog(game, locale).items():
        if key.endswith(".sep"):
            continue
        for n in SAMPLES[locale]:
            text = render(msg(key, **_params(_fields(value), n)), locale)
            reading = Reading("catalog", text)
            found = [d for d in defects(reading, locale) if not d.startswith("content id")]
            if FIELD.search(text) or found:
                problems.append(f"{key} (n={n}): {text!r} {found}")
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("game", GAMES)
def test_czech_counts_follow_cldr(game: str) -> None:
    """A Czech count entry has the forms Babel names for 1, 3 and 5 ("one", "few",
    "other"), and they differ where Czech grammar does (1 bod, 3 body, 5 bodů)."""
    assert [plural_category("cs", n) for n in (1, 3, 5)] == ["one", "few", "other"]
    for key, value in _catalog(game, "cs").items():
        if isinstance(value, dict):
            assert {"one", "few", "other"} <= value.keys(), key


def test_the_count_forms_are_the_catalogs_not_glue() -> None:
    assert render(msg("great_wall.amount.honor", n=1), "cs") == "1 bod cti"
    assert render(msg("great_wall.amount.honor", n=3), "cs") == "3 body cti"
    assert render(msg("great_wall.amount.honor", n=5), "cs") == "5 bodů cti"
    assert render(msg("great_wall.unit_acc.spearman"), "cs") == "kopiníka"
    assert render(msg("northgard.count.slot", n=1), "en") == "1 building slot"
    assert render(msg("northgard.count.slot", n=5), "cs") == "5 stavebních polí"


@pytest.mark.parametrize(("reading", "locale", "kind"), [
    (Reading("public log", "Red: Text(key='great_wall.log.wall', params={})", public=True),
     "en", "repr"),
    (Reading("public log", "Red takes Hunters (h24).", public=True), "en", "content id"),
    (Reading("panel", "Build great_hall"), "en", "snake_case id"),
    (Reading("panel", "Tile {id}: 2 territories"), "en", "unfilled placeholder"),
    (Reading("public log", "Red: a clerk to Quarry (from your supply).", public=True), "en",
     "second person"),
    (Reading("public log", "Red plays Volley.", "Red plays Volley.", public=True), "cs",
     "English catalog sentence"),
    (Reading("what the seat must do", "umístěte úředníka"), "cs", "polite plural"),
    (Reading("panel", "Tile: 1 slots"), "en", "one with a plural"),
    (Reading("seat name", "Player 5 (Green (Bear clan))"), "en", "nested parentheses"),
    (Reading("public log", "Red feeds 3 units: pays nothing", public=True), "en", "'nothing'"),
    (Reading("what the seat must do", "your move", "your move"), "en", "a prompt"),
    (Reading("public log", "2. rok končí.", public=True), "cs", "starts like a Markdown"),
])
def test_each_check_can_fail(reading: Reading, locale: str, kind: str) -> None:
    assert any(d.startswith(kind) for d in defects(reading, locale)), defects(reading, locale)

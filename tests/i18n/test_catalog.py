"""The message catalog: every key the code uses exists, and rendering is total."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import Msg, Person, available_locales, catalog, pick_locale, render

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"""msg\(\s*["']([a-z_]+\.[a-z_.]+)["']""")


def test_every_key_used_in_the_service_exists() -> None:
    keys = catalog("en")
    used = set()
    for path in (ROOT / "bot" / "service").glob("*.py"):
        used |= set(KEY.findall(path.read_text(encoding="utf-8")))
    assert used, "the pattern found no keys; the test itself is broken"
    missing = sorted(k for k in used if k not in keys and not k.endswith("."))
    assert missing == []


def test_locale_choice_falls_back_to_english() -> None:
    assert "en" in available_locales()
    assert pick_locale("en-US") == "en"
    assert pick_locale("cs") in available_locales()
    assert pick_locale(None) == "en"


def test_render_formats_people_times_and_nested_messages() -> None:
    text = render(Msg("lobby.joined", {"player": Person(7, "Ann"), "game_id": 3, "n": 2,
                                       "max_seats": 4}))
    assert text == "Ann joined game #3 (2/4)."
    nested = render(Msg("game.finished", {"game_id": 1, "n": 0,
                                          "outcome": Msg("game.outcome_none"),
                                          "standings": "1. Ann, Bob"}))
    assert nested == "Game #1 is over after 0 days: nobody won.\n1. Ann, Bob"

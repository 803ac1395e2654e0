"""What a Great Wall player reads, in English and in Czech, over random games of every mode:
no repr, raw id, unfilled placeholder or catalog key; no "you" in a public line; no English
sentence in a Czech game; Czech in the familiar form of address (as the core's catalog)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n import as_msg, render
from bot.service import GameService
from rules.base import Event, Text
from rules.registry import get
from tests.player_text import defects, readings, report, service_readings

RULES = get("great_wall")
#: Names both catalogs spell alike (generals).
SAME_IN_BOTH = frozenset({"Wu Ming", "Wang Fen", "Sun Lin", "Lü Meng"})


def _cases() -> list[Any]:
    return [pytest.param(dict(v.config), n, locale, id=f"{v.name}-{n}-{locale}")
            for v in RULES.variants() for n in sorted({min(v.seats), max(v.seats)})
            for locale in ("en", "cs")]


@pytest.mark.parametrize(("config", "n", "locale"), _cases())
def test_every_text_a_player_reads_is_clean(config: dict[str, Any], n: int, locale: str
                                            ) -> None:
    found: dict[str, str] = {}
    # One game a case, its seed the seat count (the cases differ in mode and seats anyway).
    for r in readings(RULES, config, n, n, locale, moves=1500):
        for d in defects(r, locale, SAME_IN_BOTH):
            found.setdefault(f"{d.split(':')[0]} ({r.where})", f"{d}: {r.text!r}")
    assert not found, report(found)


def _service_cases() -> list[Any]:
    return [pytest.param(v.name, min(max(v.seats), 4), locale, id=f"{v.name}-{locale}")
            for v in RULES.variants() for locale in ("en", "cs")]


@pytest.mark.parametrize(("mode", "n", "locale"), _service_cases())
async def test_what_the_service_hands_players_is_clean(service: GameService, mode: str, n: int,
                                                      locale: str) -> None:
    """The same checks on what the service produces for Discord (posts, notices, replies,
    prompts and panels) over the opening moves of a game of every mode started through it."""
    found: dict[str, str] = {}
    for r in await service_readings(service, RULES, mode, n, locale, moves=120):
        for d in defects(r, locale, SAME_IN_BOTH):
            found.setdefault(f"{d.split(':')[0]} ({r.where})", f"{d}: {r.text!r}")
    assert not found, report(found)


def test_advisors_and_requests_are_named_on_their_buttons() -> None:
    """The Embassy's Advisors and the co-op Requests read by name ("Hire the Advisor Sage"),
    never by their slot ("Hire Advisor 2 of the offer"); the donation says what is given."""
    texts = {r.text for r in readings(RULES, {"mode": "coop"}, 3, 3, "en", 1500,
                                      panel_every=1)}
    assert any(t.startswith("Hire the Advisor ") for t in texts)
    assert any(t.startswith("Fulfil the Request: ") for t in texts)
    assert not any("of the offer" in t or t.startswith("Fulfil Request ") for t in texts)
    assert any(re.fullmatch(r"donate 1 (wood|stone|gold) to the Storehouse for 2 Honor\?", t)
               for t in texts)


def test_the_lines_the_issue_quotes_now_read_right() -> None:
    """Third person in public lines, Horde cards without ids, no "and nothing", English
    generals in pinyin (Czech keeps its own transcription), "an archer"."""
    def line(kind: str, locale: str = "en", **data: Any) -> str:
        return render(as_msg(RULES.describe(Event(kind, data), None)), locale)

    assert line("clerk_placed", clan=1, loc="gold_mine", src="supply") == \
        "Red: a clerk from their supply to Gold Mine."
    assert line("horde_arrives", s=0, card="h24", row=0) == \
        "A Horde card arrives at section 1 (row 1): Hunters."
    assert line("ability", clan=1, card="a21", honor=1, res=[]) == \
        "Red: Chancellor II gives 1 Honor."
    assert line("ability", "cs", clan=1, card="a21", honor=3, res=[["wood", 1]]) == \
        "Červený: Kancléř II dává 3 body cti, 1 dřevo."
    assert line("shame_unit", clan=1, unit="archer") == \
        "Red: the Shame token goes under an archer."
    assert line("shame_unit", "cs", clan=1, unit="archer") == \
        "Červený: žeton hanby jde pod lučištníka."
    assert render(as_msg(Text("great_wall.card.g10", {})), "en") == "Ban Chao"
    assert render(as_msg(Text("great_wall.card.g04", {})), "en") == "Li Jing"
    assert render(as_msg(Text("great_wall.card.g10", {})), "cs") == "Pan Čchao"
    assert render(as_msg(Text("great_wall.card.g04", {})), "cs") == "Li Ťing"

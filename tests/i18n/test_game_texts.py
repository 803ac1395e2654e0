"""What a player of A Game of Thrones, Catan and Fort reads, read the way they read it (issue
#25): random games played through the service, every line the moves produce (the thread's
posts and their phase headings, the DMs, the mover's own reply) and, every few moves, each
awaited seat's private sheet, move panel and prompt, rendered in English and in Czech. None
may hold a Python repr, an unfilled placeholder, a raw engine id (a snake_case word), an
English word of the game's own catalog in Czech, glued plurals ("card(s)"), nested
parentheses, or a line that repeats the one before it. And every key of these games'
catalogs renders, with sample parameters and every plural count, into such clean text.

The checks are shown to fail on planted defects (``test_the_checks_catch_planted_defects``)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.discord.panels import move_panel, note_text
from bot.discord.presenters import private_embed
from bot.games import front_dir
from bot.i18n import Msg, as_msg, render, view_text
from bot.service import GameService, Notify, Post
from rules.base import Action
from rules.registry import games
from rules.rng import Rng
from tests.harness import ALICE, BOB, CAROL, DAVE, NAMES, started_game
from tests.i18n.test_no_english_in_czech import english_in

GAMES = ("agot", "catan_watch", "fort")
LOCALES = ("en", "cs")
MOVES = 220
SHEET_EVERY = 7
EVE = 105

REPR = re.compile(r"Text\(|Msg\(|\bkey=|\bparams=|\bNone\b|[{}]|\[\]|\['|\bTrue\b|\bFalse\b")
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
GLUED_PLURAL = re.compile(r"\w\((s|es)\)")
NESTED = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")
SAMPLE_COUNTS = (0, 1, 2, 5)
CODE = re.compile(r"`[^`]*`")


def problems_in(text: str, locale: str, game: str, names: tuple[str, ...]) -> list[str]:
    """What is wrong with one text a player reads (empty: nothing)."""
    found = []
    text = CODE.sub("", text)  # what a user types (an option's value) is shown as code
    for name, pattern in (("repr or placeholder", REPR), ("raw id", RAW_ID),
                          ("glued plural", GLUED_PLURAL), ("nested parentheses", NESTED)):
        if pattern.search(text):
            found.append(name)
    if locale == "cs":
        english = english_in(text, game, names)
        if english:
            found.append(f"English in Czech ({', '.join(sorted(english))})")
    return found


def repeats(lines: list[str]) -> list[str]:
    """Lines that say again what the line before them said."""
    return [b for a, b in itertools.pairwise(lines) if a == b and b.strip()]


# ---- the catalogs --------------------------------------------------------------------------


def _catalog(game: str, locale: str) -> dict[str, Any]:
    folder = front_dir(game)
    assert folder is not None
    return dict(json.loads((folder / "i18n" / f"{locale}.json").read_text(encoding="utf-8")))


def _fields(value: Any) -> set[str]:
    forms = value.values() if isinstance(value, dict) else [value]
    return {f for form in forms for f in re.findall(r"\{(\w+)\}", str(form))}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalog_key_renders_clean(game: str, locale: str) -> None:
    """Each entry with its placeholders filled by sample words, a plural entry at each count:
    no leftover brace, raw id, glued plural or nested parentheses in the words around the
    parameters."""
    bad = []
    entries = _catalog(game, locale)
    for key, value in entries.items():
        if key.endswith(".sep"):
            continue
        for n in SAMPLE_COUNTS if isinstance(value, dict) else (1,):
            params: dict[str, Any] = {f: "Sample" for f in _fields(value)}
            params["n"] = n
            text = render(Msg(key, params), locale)
            found = problems_in(text, locale, game, ("Sample",))
            if found:
                bad.append(f"{key} [{n}]: {text!r} — {', '.join(found)}")
    assert not bad, f"{len(bad)} catalog entries read badly:\n" + "\n".join(bad[:30])


# ---- random games through the service ------------------------------------------------------


def _cases() -> list[Any]:
    out = []
    for game in GAMES:
        for i, variant in enumerate(games()[game].variants()):
            sizes = sorted({min(variant.seats), max(variant.seats)}) if i == 0 else [
                max(variant.seats)]
            out += [pytest.param(game, dict(variant.config), n, id=f"{game}-{variant.name}-{n}")
                    for n in sizes]
    return out


def _panel_texts(panel: Any, locale: str) -> Iterator[str]:
    yield note_text(panel, locale)
    for item in (panel.view.children if panel.view is not None else []):
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        yield str(getattr(item, "label", None) or "")
        yield str(getattr(item, "placeholder", None) or "")
        for option in getattr(item, "options", []):
            yield option.label
            yield option.description or ""


def _embed_texts(embed: discord.Embed) -> Iterator[str]:
    data = embed.to_dict()
    yield str(data.get("title", ""))
    yield str(data.get("description", ""))
    yield str((data.get("footer") or {}).get("text", ""))
    for f in data.get("fields", []):
        yield str(f["name"])
        yield str(f["value"])


class Reader:
    """Everything read, by locale: (where, text) pairs, and the lines of each post."""

    def __init__(self) -> None:
        self.read: list[tuple[str, str, str]] = []
        self.posts: list[tuple[str, list[str]]] = []

    def msg(self, where: str, value: Any) -> None:
        for locale in LOCALES:
            text = render(as_msg(value), locale)
            self.read.append((locale, where, text))
            if where == "post":
                self.posts.append((locale, text.split("\n")))

    def text(self, locale: str, where: str, text: str) -> None:
        if text:
            self.read.append((locale, where, text))


async def _play(service: GameService, game: str, config: dict[str, Any], n: int, seed: int
                ) -> Reader:
    users = [ALICE, BOB, CAROL, DAVE, EVE][:n]
    NAMES.setdefault(EVE, "Eve")
    gid = await started_game(service, users, game, config=config)
    rules = games()[game]
    rng = Rng(seed)
    reader = Reader()
    for step in range(MOVES):
        head = await service._head(gid)
        if rules.result(head.state) is not None:
            break
        waiting = sorted(rules.awaiting(head.state))
        if step % SHEET_EVERY == 0:
            for seat in waiting:
                view = await service.private_view(gid, users[seat])
                actions = await service.legal_actions(gid, users[seat])
                for locale in LOCALES:
                    reader.text(locale, "progress", view_text(view.progress, locale))
                    for t in _embed_texts(private_embed(view, locale)):
                        reader.text(locale, "sheet", t)
                    for t in _panel_texts(move_panel(view, actions, locale), locale):
                        reader.text(locale, "panel", t)
        seat = waiting[rng.randbelow(len(waiting))]
        action: Action = rules.random_action(head.state, seat, rng)
        outcome = await service.submit(gid, users[seat], action)
        reader.msg("reply", outcome.reply)
        for effect in outcome.effects:
            if isinstance(effect, Post):
                reader.msg("post", effect.msg)
                if effect.phase is not None:
                    for locale in LOCALES:
                        reader.text(locale, "heading", view_text(effect.phase, locale))
            elif isinstance(effect, Notify):
                reader.msg("dm", effect.msg)
    return reader


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return GAMES


@pytest.mark.parametrize(("game", "config", "n"), _cases())
async def test_random_games_read_clean(service: GameService, game: str,
                                       config: dict[str, Any], n: int) -> None:
    reader = await _play(service, game, config, n, seed=7 + n)
    names = (*NAMES.values(), "Eve")
    bad: dict[str, str] = {}
    for locale, where, text in reader.read:
        for line in text.split("\n"):
            for problem in problems_in(line, locale, game, names):
                bad.setdefault(f"{problem} ({where}, {locale})", line)
    for locale, lines in reader.posts:
        for line in repeats(lines):
            bad.setdefault(f"repeated line ({locale})", line)
    assert len(reader.read) > 200
    assert not bad, f"{len(bad)} kinds of bad text, e.g.\n" + "\n".join(
        f"{kind}: {line!r}" for kind, line in sorted(bad.items())[:30])


def test_the_checks_catch_planted_defects() -> None:
    """Each check fails on what it is there to catch, and passes a clean line."""
    clean = "Červený získává 2 hračky."
    assert problems_in(clean, "cs", "fort", ()) == []
    assert problems_in("Text(key='fort.log.gather', params={})", "en", "fort", ())
    assert problems_in("Red gathers {n} toys.", "en", "fort", ())
    assert problems_in("Red recruits raven_pass.", "en", "agot", ()) == ["raw id"]
    assert problems_in("Red has 2 card(s).", "en", "agot", ()) == ["glued plural"]
    assert problems_in("Seat 1 (Red (Snake clan))", "en", "fort", ()) == ["nested parentheses"]
    assert problems_in("Červený gathers 2 toys.", "cs", "fort", ())[0].startswith("English")
    assert repeats(["a", "b", "b"]) == ["b"]

"""What a player of a game reads, collected from random games and checked line by line (no
tests here; each game's ``test_player_text.py`` uses it).

``readings`` plays a random game of every declared mode (smallest and largest seat count)
and yields everything rendered for a player, in one locale: public and private log lines, the
phase heading, every awaited seat's "what you must do", the move panel's note, button labels,
select placeholders and options, the private embed, and the seat names. The rendering is the
one the Discord layer uses (``describe`` → catalog, the front's labels, presenter and the
generic panel). ``defects`` names what a player must never read in one of those texts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.panels import move_panel, note_text
from bot.discord.presenters import private_embed
from bot.games import front
from bot.i18n import as_msg, render
from bot.service import PrivateView
from rules.base import GameRules, Text
from rules.rng import Rng


@dataclass(frozen=True)
class Reading:
    """One text a player reads: where it was shown (``log``, ``public``, ``panel``, …), the
    text, and, for a catalog message, the same message in English (to spot English left in a
    Czech text)."""

    where: str
    text: str
    english: str = ""
    public: bool = False


def _text(value: Any, locale: str) -> str:
    return render(as_msg(value), locale) if isinstance(value, Text) else str(value)


def _panel(panel: Any, locale: str) -> Iterator[str]:
    yield note_text(panel, locale)
    for item in (panel.view.children if panel.view is not None else []):
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        yield str(getattr(item, "label", None) or "")
        yield str(getattr(item, "placeholder", None) or "")
        for option in getattr(item, "options", []):
            yield option.label
            yield option.description or ""


def _embed(embed: discord.Embed) -> Iterator[str]:
    data = embed.to_dict()
    yield str(data.get("title", ""))
    yield str(data.get("description", ""))
    for f in data.get("fields", []):
        yield str(f.get("name", ""))
        yield str(f.get("value", ""))
    yield str(data.get("footer", {}).get("text", ""))


def readings(rules: GameRules, config: dict[str, Any], n: int, seed: int, locale: str,
             moves: int, panel_every: int = 4) -> Iterator[Reading]:
    """Everything rendered for the players of one random game (see the module's doc)."""
    state = rules.new_game(config, n, seed)
    rng = Rng(seed)

    def read(where: str, value: Any, public: bool = False) -> Reading:
        english = _text(value, "en") if isinstance(value, Text) else ""
        return Reading(where, _text(value, locale), english, public)

    for seat in range(n):
        yield read("seat name", rules.seat_label(state, seat), True)
    for step in range(moves):
        awaited = sorted(rules.awaiting(state))
        if not awaited or rules.result(state) is not None:
            break
        yield read("phase", rules.phase_label(state), True)
        board = front(rules.id)
        if step % panel_every == 0 and board is not None and board.board_embeds is not None:
            for embed in board.board_embeds(rules.view(state, None), locale):
                for text in _embed(embed):
                    yield from (Reading("board text", t, public=True)
                                for t in text.split("\n") if t)
        for seat in awaited:
            progress = rules.progress(state, seat)
            yield read("what the seat must do", progress)
            if step % panel_every == 0:
                view = PrivateView(1, rules.id, seat, rules.seat_label(state, seat),
                                   rules.view(state, seat), True, progress, step)
                panel = move_panel(view, rules.legal_actions(state, seat), locale)
                yield from (Reading("panel", t) for t in _panel(panel, locale) if t)
                yield from (Reading("private embed", t)
                            for t in _embed(private_embed(view, locale)) if t)
        seat = awaited[rng.randbelow(len(awaited))]
        state, events = rules.apply(state, seat, rules.random_action(state, seat, rng))
        for event in events:
            public = event.visible_to is None
            reader = None if public else min(event.visible_to or {seat})
            line = rules.describe(event, reader)
            for part in _text(line, locale).split("\n"):
                yield Reading("public log" if public else "private log", part,
                              _text(line, "en") if isinstance(line, Text) else "", public)


# ---- what a player never reads -------------------------------------------------------------

REPR = re.compile(r"Text\(|Msg\(|key=|params=|\bNone\b|\{'|'\}|<[a-z_.]+ object")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CONTENT_ID = re.compile(r"\b[a-z]{1,2}\d{2,3}\b")
CATALOG_KEY = re.compile(r"\b[a-z_]+(\.[a-z_0-9]+){2,}\b|\b(northgard|great_wall)\.[a-z_]+")
NESTED_PARENS = re.compile(r"\([^()]*\(")
#: Discord renders "2. rok končí" at a line's start as a numbered list ("1. rok končí").
LIST_START = re.compile(r"^\d+\. ")
#: English: a count of one with a plural noun ("1 guards"), "a" before a vowel sound.
ONE_PLURAL = re.compile(r"(?<![\d.,-])\b1 (?:[a-z]+ )?(units|slots|guards|tiles|cards|"
                        r"territories|soldiers|clerks|tokens|spearmen|archers|horsemen|"
                        r"resources|casualties|steps|monsters|buildings|players|sections|"
                        r"Advisors|points|territorys)\b")
A_VOWEL = re.compile(r"\ba [aeioAEIO]")
NOTHING_GLUE = {"en": re.compile(r"\b(and|paid|pays|cost) nothing\b"),
                "cs": re.compile(r"\b(a|zaplaceno|platí) nic\b")}
#: Second person in a line every player reads.
SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours)\b", re.I),
    "cs": re.compile(r"\b(ty|tvůj|tvoje|tvá|tvé|tvých|jsi|vy|vás|váš|vaše|vaši|vám|jste)\b",
                     re.I),
}
#: The polite plural form of address; the core's Czech catalog uses the familiar singular.
VYKANI = re.compile(r"\b(jste|nejste|vy|vás|vám|vámi|váš|vaš\w*)\b|"
                    r"\b\w{3,}(ujte|ejte|ěte|ňte|ďte|ťte|íte|áte|ete)\b", re.I)
#: The engines' fallback "what you must do", which says nothing of what is decided.
GENERIC_PROGRESS = frozenset({"your move", "your turn", "your decision"})


def defects(r: Reading, locale: str, proper_names: frozenset[str] = frozenset()
            ) -> list[str]:
    """What is wrong with one text a player reads (empty: nothing)."""
    t = r.text
    for name in sorted(proper_names, key=len, reverse=True):
        t = t.replace(name, "Name")
    out: list[str] = []
    if r.where == "what the seat must do" and (r.english or t).lower() in GENERIC_PROGRESS:
        out.append(f"a prompt that does not say what is decided: {t!r}")
    checks: list[tuple[str, re.Pattern[str]]] = [
        ("repr", REPR), ("unfilled placeholder", PLACEHOLDER), ("snake_case id", SNAKE),
        ("content id", CONTENT_ID), ("nested parentheses", NESTED_PARENS),
        ("'nothing' glued in", NOTHING_GLUE[locale]),
    ]
    if not r.where.startswith("core"):  # the core's standings are a numbered list on purpose
        checks.append(("starts like a Markdown numbered list", LIST_START))
    if locale == "en":
        checks += [("one with a plural", ONE_PLURAL), ("'a' before a vowel", A_VOWEL)]
    if locale == "cs":
        checks += [("polite plural address (vykání)", VYKANI)]
    if r.public and r.where.endswith(("public log", "board text")):
        checks.append(("second person in a public line", SECOND_PERSON[locale]))
    out += [f"{name}: {m.group(0)!r}" for name, rx in checks if (m := rx.search(t))]
    if (m := CATALOG_KEY.search(t)):
        out.append(f"catalog key: {m.group(0)!r}")
    if locale != "en" and r.english and r.english == r.text and _has_words(t, proper_names):
        out.append("English catalog sentence in Czech")
    return out


def _has_words(text: str, proper_names: frozenset[str]) -> bool:
    for name in sorted(proper_names, key=len, reverse=True):
        text = text.replace(name, " ")
    return any(len(w) > 2 for w in re.findall(r"[^\W\d_]+", text))


def report(found: dict[str, str]) -> str:
    return f"{len(found)} kinds of defects, e.g.\n" + "\n".join(
        f"{kind} — {example}" for kind, example in sorted(found.items())[:40])


# ---- through the service -----------------------------------------------------------------------
async def service_readings(service: Any, rules: GameRules, mode: str, n: int, locale: str,
                           moves: int, seed: int = 5) -> list[Reading]:
    """Everything the service hands the Discord layer in ``moves`` random moves of a game
    started through it (``mode``, ``n`` players): every thread post (with its phase heading),
    every private notice, the mover's reply, and each awaited seat's prompt and panel."""
    from bot.i18n import view_text
    from bot.service import Notify, Post
    from tests.harness import ALICE, BOB, CAROL, DAVE, started_game

    users = [ALICE, BOB, CAROL, DAVE][:n]
    gid = await started_game(service, users, rules.id, mode=mode)
    rng = Rng(seed)
    out: list[Reading] = []

    def read(where: str, value: Any, public: bool = False) -> None:
        key = as_msg(value).key
        if not key.startswith((f"{rules.id}.", "engine.")):
            where = f"core {where}"
        english = render(as_msg(value), "en") if value is not None else ""
        for part in render(as_msg(value), locale).split("\n"):
            out.append(Reading(where, part, english if "\n" not in english else "", public))

    for _ in range(moves):
        if (await service.summary(gid)).status != "active":
            break
        seat = sorted(await service.awaiting_seats(gid))[0]
        user = users[seat]
        view = await service.private_view(gid, user)
        read("what the seat must do", view.progress)
        panel = move_panel(view, await service.legal_actions(gid, user), locale)
        out.extend(Reading("panel", t) for t in _panel(panel, locale) if t)
        state = (await service._head(gid)).state  # only to ask the random agent
        outcome = await service.submit(gid, user, rules.random_action(state, seat, rng))
        read("reply", outcome.reply)
        for effect in outcome.effects:
            if isinstance(effect, Post):
                read("public log", effect.msg, public=True)
                if effect.phase is not None:
                    out.append(Reading("phase", view_text(effect.phase, locale)))
            elif isinstance(effect, Notify):
                read("private notice", effect.msg)
    return out

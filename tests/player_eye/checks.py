"""What a player reads, checked line by line: the kinds of defect the player's-eye suite names.

Every check takes one line a player received (and who received it, in which language) and
returns the findings it sees; ``Findings`` collects them per kind with an example each, so a
failing run says "repr: 14 lines, e.g. …" rather than one assertion.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.i18n import catalog

#: A Python repr: a ``Text``/``Msg`` object, its fields, ``None``, a dict or set literal.
REPR = re.compile(r"\b(?:Text|Msg|Action|ActionSpec)\(|\bkey=|\bparams=|\bNone\b|\{'[^']*'")
#: A catalog placeholder left unfilled (``{player}``).
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
#: A snake_case word: an engine id ("raven_pass", "offer_trade") shown raw.
SNAKE = re.compile(r"(?<![\w/:.<@#-])[a-z]+_[a-z0-9_]+(?![\w/(])")
#: Markdown underline around a heading.
UNDERLINE = re.compile(r"__(\S(?:.*?\S)?)__")
#: A content id: a letter or two and a number ("h13", "t31", "c7").
CONTENT_ID = re.compile(r"(?<![\w/:.<@#-])[a-z]{1,2}\d{1,3}(?![\w%])")
#: Words about the machinery, never the table: a version number, a seat by number.
INTERNAL = re.compile(r"\b(?:[Bb]oard )?[Vv]ersion \d+|\b[Ss]eat \d+\b|\bPlayer \d+\b"
                      r"|\b[Hh]ráč \d+\b|\b[Mm]ísto \d+\b|[Ss]tav(?: hry)? č\. \d+")
#: A catalog key ("fort.phase.round") shown instead of its sentence.
KEY = re.compile(r"(?<![\w/:.-])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+(?![\w/-])")
#: A mention of a user, a role or a channel; times.
MENTION = re.compile(r"<[@#][!&]?\d+>|<t:\d+(?::[a-zA-Z])?>")
#: A snowflake: a bare number of 15 digits or more.
SNOWFLAKE = re.compile(r"(?<![\d<@#&!:])\d{15,20}(?!\d)")


@cache
def proper_names() -> tuple[str, ...]:
    """Names a Czech reader gets as they are: the games' titles."""
    from rules import registry

    return tuple(sorted({r.title for r in registry.games().values()}, key=len, reverse=True))


@cache
def catalog_keys() -> frozenset[str]:
    return frozenset(catalog("en")) | frozenset(catalog("cs"))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


#: The literal text of a catalog entry between its placeholders and line breaks.
_PIECE = re.compile(r"\{[^{}]*\}|\n|\*\*|__|`")


@cache
def english_sentences() -> tuple[str, ...]:
    """Runs of English words from the English catalog whose Czech entry says something else:
    each a piece of an English sentence that a Czech reader must never get. A piece counts
    when it is three words or more, or two words of 12 letters or more."""
    en, cs = catalog("en"), catalog("cs")
    czech_texts = {t for v in cs.values() for t in _strings(v)}
    pieces: set[str] = set()
    for key, value in en.items():
        if key.startswith("cmd.") or cs.get(key) == value:
            continue
        for text in _strings(value):
            for piece in _PIECE.split(text):
                piece = piece.strip(" .,:;!?()—–-·•\"'")
                words = piece.split()
                if not piece.isascii() or not any(c.isalpha() for c in piece):
                    continue
                long_enough = len(words) >= 3 or (len(words) == 2 and len(piece) >= 12)
                if long_enough and not any(piece in t for t in czech_texts):
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


@cache
def _english_pattern() -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in english_sentences())
                      + r")(?!\w)")


@dataclass(frozen=True)
class Line:
    """One line a player read: where (thread, dm, reply, modal, choice, command) and what."""

    player: str
    locale: str
    where: str
    text: str


@dataclass
class Findings:
    """Findings per kind, each with the lines that show it (the first few kept as examples)."""

    lines: dict[str, list[str]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, kind: str, example: str) -> None:
        self.counts[kind] += 1
        examples = self.lines.setdefault(kind, [])
        if len(examples) < 5 and example not in examples:
            examples.append(example)

    def report(self) -> str:
        return "\n".join(f"{kind}: {n} — e.g. " + " | ".join(self.lines[kind])
                         for kind, n in sorted(self.counts.items()))

    def __bool__(self) -> bool:
        return bool(self.counts)


def line_findings(line: Line, user_ids: Iterable[int] = (),
                  allowed_words: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """The (kind, example) findings of one line."""
    text = line.text
    plain = MENTION.sub(" ", text)
    shown = f"[{line.player}/{line.where}] {text[:200]}"
    out: list[tuple[str, str]] = []
    if REPR.search(plain):
        out.append(("repr", shown))
    if PLACEHOLDER.search(plain):
        out.append(("placeholder", shown))
    keys = [k for k in KEY.findall(plain) if k in catalog_keys()]
    if keys:
        out.append(("catalog_key", shown))
    unmarked = UNDERLINE.sub(r"\1", plain)  # Markdown "__Your hand__" is no snake_case
    raw = [w for w in SNAKE.findall(unmarked) if w not in allowed_words and w not in keys]
    raw += [w for w in CONTENT_ID.findall(plain) if w not in allowed_words]
    if raw:
        out.append(("raw_id", f"{shown} ({', '.join(sorted(set(raw)))})"))
    if INTERNAL.search(plain):
        out.append(("internal", shown))
    for uid in user_ids:
        if str(uid) in SNOWFLAKE.findall(plain):
            out.append(("bare_user_id", shown))
            break
    if line.locale == "cs":
        for name in proper_names():
            plain = plain.replace(name, " ")
        found = _english_pattern().search(plain)
        if found:
            out.append(("english_in_czech", f"{shown} («{found.group(0)}»)"))
    return out

"""Reading resource amounts a player typed ("2 brick, 1 wool", "bb w", "2b+o") or picked.

Input comes from clients: bounded, never trusted; the engine validates every move again.
A resource is named by its English id, its name in the player's locale, or any prefix of
either; a word of initials ("bbw") is one card per letter (the five English ids start with
different letters).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.games.catan_watch.names import RESOURCES, res_name
from bot.service import ServiceError

MAX_TEXT = 120
MAX_COUNT = 19  # the bank's size: no single amount can be larger
_INITIALS = {r[0]: r for r in RESOURCES}
_TOKEN = re.compile(r"(\d{1,2})?\s*[x×*]?\s*([^\W\d_]+)")


def _resource(word: str, locale: str) -> str | None:
    word = word.lower()
    found = {r for r in RESOURCES
             if r.startswith(word) or res_name(r, locale).lower().startswith(word)}
    return found.pop() if len(found) == 1 else None


def parse_counts(text: str, locale: str) -> dict[str, int]:
    """``"2 brick, wool"`` → ``{"brick": 2, "wool": 1}``; ServiceError on anything else."""
    text = text.strip()
    if not text or len(text) > MAX_TEXT:
        raise ServiceError("catan.error.amounts", text=text[:40])
    out: dict[str, int] = {}
    pos = 0
    for m in _TOKEN.finditer(text):
        if text[pos:m.start()].strip(" ,;+&/") and not _is_and(text[pos:m.start()]):
            raise ServiceError("catan.error.amounts", text=text[:40])
        pos = m.end()
        word = m.group(2)
        if _is_and(word):
            continue
        res = _resource(word, locale)
        if res is not None:
            out[res] = out.get(res, 0) + int(m.group(1) or 1)
            continue
        # "bbw": one card per initial (b, l, w, g, o are all different)
        initials = [_INITIALS.get(ch) for ch in word.lower()]
        if m.group(1) or None in initials:
            raise ServiceError("catan.error.resource", word=word[:20])
        for r in initials:
            out[str(r)] = out.get(str(r), 0) + 1
    if text[pos:].strip(" ,;+&/") or not out or any(n > MAX_COUNT for n in out.values()):
        raise ServiceError("catan.error.amounts", text=text[:40])
    return {r: out[r] for r in RESOURCES if out.get(r)}


def _is_and(word: str) -> bool:
    return word.strip().lower() in ("and", "a", "und", "et")


def cards_from_values(values: Iterable[str], hand: dict[str, int]) -> dict[str, int]:
    """Select values ``"brick:0"``, ``"brick:1"``… (one per card) → counts, within the hand."""
    out: dict[str, int] = {}
    for value in values:
        res, _, _index = str(value).partition(":")
        if res not in RESOURCES:
            raise ServiceError("error.forged")
        out[res] = out.get(res, 0) + 1
    if any(n > int(hand.get(r, 0)) for r, n in out.items()):
        raise ServiceError("catan.error.not_in_hand")
    return {r: out[r] for r in RESOURCES if out.get(r)}


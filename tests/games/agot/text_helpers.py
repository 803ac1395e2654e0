"""The engine speaks in catalog keys: helpers that read its refusals and labels in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from rules.base import RuleViolation


def en(line: Any) -> str:
    """An engine text (a catalog ``Text``, or a plain string) as the English reader sees it."""
    from bot.i18n import as_msg, render

    return render(as_msg(line), "en")


def refusal(exc: RuleViolation) -> str:
    """A ``RuleViolation`` as the English player reads it."""
    return en(exc.text if exc.text is not None else exc.message)


@contextmanager
def refused(match: str | None = None) -> Iterator[Any]:
    """Like ``pytest.raises(RuleViolation, match=…)``, matching the English the player reads
    rather than the language-free ``message``."""
    with pytest.raises(RuleViolation) as info:
        yield info
    if match is not None:
        said = refusal(info.value)
        assert re.search(match, said), f"{match!r} not in the refusal {said!r}"

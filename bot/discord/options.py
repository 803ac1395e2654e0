"""``/game new options:`` → a config dict: a JSON object, or ``key=value`` pairs separated by
commas or spaces (values read as JSON when they parse: numbers, true/false; else text)."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.i18n import msg
from bot.service import ServiceError

_PAIR = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*=\s*(.*?)\s*$")


def _bad(text: str) -> ServiceError:
    return ServiceError("error.bad_config", reason=msg("options.unreadable", text=text[:100]))


def parse_options(text: str | None) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise _bad(text) from None
        if not isinstance(data, dict):
            raise _bad(text)
        return data
    config: dict[str, Any] = {}
    for part in re.split(r"[,;\s]+(?=[A-Za-z_][\w.-]*\s*=)", text):
        if not part.strip():
            continue
        match = _PAIR.match(part.strip().rstrip(",;"))
        if match is None:
            raise _bad(part)
        key, raw = match.groups()
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw.strip("\"'")
        config[key] = value
    return config

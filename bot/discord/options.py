"""``/game new options:`` → a config dict: a JSON object, or ``key=value`` pairs separated by
commas or spaces (values read as JSON when they parse: numbers, true/false; else text)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from bot.i18n import msg
from bot.service import ServiceError
from rules.base import ConfigOption

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


def _values(option: ConfigOption, suggest: Suggest | None = None) -> list[str]:
    if suggest is not None and option.kind in ("free", "str"):
        offered = suggest(option.name)
        if offered:
            return offered
    if option.kind == "choice":
        return [json.dumps(c) if not isinstance(c, str) else c for c in option.choices]
    if option.kind == "bool":
        return ["true", "false"]
    if option.kind == "int" and option.minimum is not None and option.maximum is not None \
            and option.maximum - option.minimum <= 24:
        return [str(n) for n in range(option.minimum, option.maximum + 1)]
    return [json.dumps(option.default) if not isinstance(option.default, str)
            else option.default]


Suggest = Callable[[str], list[str]]


def option_completions(schema: list[ConfigOption], current: str,
                       suggest: Suggest | None = None) -> list[str]:
    """What ``/game new options:`` autocompletes: the text typed so far with its last
    ``key=value`` word completed from the game's declared options (not repeating a key)."""
    words = current.split()
    done = [w for w in words[:-1]] if words and not current.endswith(" ") else list(words)
    last = words[-1] if words and not current.endswith(" ") else ""
    used = {w.split("=", 1)[0] for w in done}
    prefix = " ".join(done)
    out: list[str] = []
    for option in schema:
        if option.name in used:
            continue
        for value in _values(option, suggest):
            word = f"{option.name}={value}"
            if word.startswith(last) or (not last):
                out.append(f"{prefix} {word}".strip())
    return out

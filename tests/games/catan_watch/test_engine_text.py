"""The Catan engine speaks in catalog keys: no English sentence is left in a refusal
(``RuleViolation``), a reminder (``progress``) or a label (``phase_label``, ``seat_label``), and
every key the engine names is in both the English and the Czech catalog."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from bot.i18n import as_msg, render
from rules.base import Action, RuleViolation, Text
from rules.catan_watch import RULES
from rules.catan_watch.engine import ALL_KINDS
from rules.rng import Rng

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "rules" / "catan_watch"
CATALOGS = ROOT / "bot" / "games" / "catan_watch" / "i18n"
#: Calls whose message argument a player reads.
VIOLATIONS = {"RuleViolation", "illegal", "bad"}
#: Functions whose return value a player reads.
LABELLERS = {"progress", "phase_label", "seat_label", "label", "ready", "_wrong_phase_message",
             "missing_message"}
KEY = re.compile(r"^catan\.[a-z_]+(\.[a-z_]+)+$")


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(ENGINE.glob("*.py"))]


def _is_plain(node: ast.AST | None) -> bool:
    """A string a player would read as it is: a literal, an f-string, a concatenation, or
    a conditional/dict made of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_plain(node.left) or _is_plain(node.right)
    if isinstance(node, ast.IfExp):
        return _is_plain(node.body) or _is_plain(node.orelse)
    if isinstance(node, ast.Dict):
        return any(_is_plain(v) for v in node.values)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in {"format", "replace", "join"} and _is_plain(node.func.value)
    return False


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def test_no_plain_english_in_refusals_reminders_or_labels() -> None:
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in VIOLATIONS:
                # RuleViolation(code, message): the code is an identifier, not for players
                skip = 1 if _name(node.func) == "RuleViolation" else 0
                args = [*node.args[skip:], *(k.value for k in node.keywords if k.arg != "code")]
                found += [f"{path.name}:{a.lineno} {_name(node.func)}({ast.unparse(a)})"
                          for a in args if _is_plain(a)]
            if isinstance(node, ast.FunctionDef) and node.name in LABELLERS:
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and _is_plain(ret.value):
                        assert ret.value is not None
                        found.append(f"{path.name}:{ret.lineno} {node.name} returns "
                                     f"{ast.unparse(ret.value)}")
    assert not found, "plain English left in the engine:\n" + "\n".join(found)


def _catalog(locale: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((CATALOGS / f"{locale}.json").read_text("utf-8"))
    return data


def test_every_key_the_engine_names_is_in_both_catalogs() -> None:
    keys = {node.value for _, tree in _sources() for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and KEY.match(node.value)}
    assert len(keys) > 100  # the scan sees the engine's keys
    for locale in ("en", "cs"):
        missing = sorted(keys - _catalog(locale).keys())
        assert not missing, f"{locale}.json lacks {missing}"


def _say(value: object, locale: str) -> str:
    if isinstance(value, dict) and set(value) == {"key", "params"}:
        value = Text.from_json(value)
    assert isinstance(value, Text), value
    return render(as_msg(value), locale)


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_played_games_speak_both_languages(mode: str) -> None:
    """Labels, reminders and refusals met in a random game (dynamic keys included: colours,
    resources, development cards, pieces) render in English and Czech."""
    state = RULES.new_game({"mode": mode}, 4, 3)
    rng = Rng(7)
    refusals = 0
    kinds = sorted(ALL_KINDS)
    for _ in range(400):
        if state.result is not None:
            break
        for locale in ("en", "cs"):
            _say(RULES.phase_label(state), locale)
            _say(RULES.view(state, None)["phase_label"], locale)
            for seat in range(state.n):
                _say(RULES.seat_label(state, seat), locale)
                _say(RULES.progress(state, seat), locale)
        seat = min(RULES.awaiting(state))
        for junk in (Action(rng.choice(kinds), {}), Action("bank_trade", {"give": "ore",
                                                                          "get": "ore"})):
            try:
                RULES.apply(state, seat, junk)
            except RuleViolation as exc:
                assert exc.text is not None, exc.message
                for locale in ("en", "cs"):
                    assert _say(exc.text, locale)
                refusals += 1
        RULES.step(state, seat, RULES.random_action(state, seat, rng))
    assert refusals > 50

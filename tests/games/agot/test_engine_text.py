"""The AGoT engine speaks in catalog keys, never in English (issue #15).

Refusals (``RuleViolation``), what a seat owes (``progress``) and where the game is
(``label``/``phase_label``) are ``rules.base.Text``s whose keys live in the front's catalogs
(``bot/games/agot/i18n/<locale>.json``); a Czech player reads them in Czech. These tests read
the engine's source with ``ast`` so that a new English sentence fails here, check that every
key the engine names exists in every catalog with the placeholders the engine fills, and play
random games to render every label, reminder and refusal they meet in every locale.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import as_msg, available_locales, render
from rules.agot import RULES
from rules.agot.flow import HANDLERS
from rules.base import Action, RuleViolation, Text
from rules.rng import Rng

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "rules" / "agot"
CATALOGS = ROOT / "bot" / "games" / "agot" / "i18n"
SOURCES = sorted(ENGINE.glob("*.py"))
#: Functions whose return value a player reads.
SPOKEN = {"progress", "label", "phase_label", "seat_label", "not_awaited_message"}
KEY = re.compile(r"^agot\.[a-z0-9_]+(?:\.[a-z0-9_]+)+$")


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"


def _catalog(locale: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGS / f"{locale}.json").read_text(encoding="utf-8"))
    return data


def _fields(value: Any) -> set[str]:
    forms = value.values() if isinstance(value, dict) else [value]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form)
            if name is not None}


def _is_english(node: ast.AST) -> bool:
    """A literal sentence: a plain string that is not a catalog key, an f-string, or a string
    glued together with ``+`` / ``%``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return not KEY.match(node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_english(node.left) or _is_english(node.right)
    return False


def _func_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


# ---- no English left ---------------------------------------------------------------------------
def _english_refusals() -> Iterator[str]:
    for path in SOURCES:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Call) and _func_name(node) == "RuleViolation":
                message = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "message"), None)
                if message is None or _is_english(message):
                    yield f"{_where(path, node)}: RuleViolation({ast.unparse(message or node)})"


def _loose_strings(expr: ast.AST) -> Iterator[ast.Constant | ast.JoinedStr]:
    """String literals in a returned expression that a reader could see: not dict keys, not
    subscripts (``fr["seat"]``), not catalog keys."""
    quiet: set[int] = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Dict):
            quiet.update(id(k) for k in node.keys if k is not None)
        elif isinstance(node, ast.Subscript):
            quiet.add(id(node.slice))
        elif isinstance(node, ast.JoinedStr):
            quiet.update(id(v) for v in node.values)
    for node in ast.walk(expr):
        if id(node) in quiet:
            continue
        literal = (isinstance(node, ast.Constant) and isinstance(node.value, str)
                   and not KEY.match(node.value))
        if literal or isinstance(node, ast.JoinedStr):
            yield node  # type: ignore[misc]


def _english_returns() -> Iterator[str]:
    for path in SOURCES:
        for fn in ast.walk(_tree(path)):
            if not isinstance(fn, ast.FunctionDef) or fn.name not in SPOKEN:
                continue
            for ret in ast.walk(fn):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    for s in _loose_strings(ret.value):
                        yield f"{_where(path, s)}: {fn.name} returns {ast.unparse(s)}"


def test_refusals_are_catalog_texts() -> None:
    left = list(_english_refusals())
    assert not left, "RuleViolation with English (use text('agot.error.…')):\n" + "\n".join(left)


def test_progress_and_labels_are_catalog_texts() -> None:
    left = list(_english_returns())
    assert not left, "progress/label with English (use text('agot.…')):\n" + "\n".join(left)


def test_the_scan_catches_english() -> None:
    sample = ast.parse(
        'def progress(self, st, fr, seat):\n'
        '    return {"bid": "your bid", "tie": text("agot.progress.tie")}.get(fr["step"], "wait")\n'
        'def label(self, st, fr):\n'
        '    return f"Round {st.round}"\n')
    found = [ast.unparse(s) for fn in sample.body for r in ast.walk(fn)
             if isinstance(r, ast.Return) and r.value is not None
             for s in _loose_strings(r.value)]
    assert sorted(found) == ["'wait'", "'your bid'", "f'Round {st.round}'"]
    assert _is_english(ast.parse('"Now: " + x', mode="eval").body)
    assert not _is_english(ast.parse('"agot.error.now"', mode="eval").body)


# ---- every key exists, with the placeholders the engine fills -----------------------------------
def _module_dicts(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level ``NAME = {…: "agot.…"}`` tables: their string values."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        target = value = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and isinstance(value, ast.Dict):
            out[target.id] = [v.value for v in value.values
                              if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return out


def _keys_of(node: ast.AST, tables: dict[str, list[str]]) -> list[str] | None:
    """The catalog keys a ``text(...)`` key argument can take, when the source says."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return tables.get(node.value.id)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"):
        base = node.func.value
        values = (tables.get(base.id) if isinstance(base, ast.Name) else
                  [v.value for v in base.values if isinstance(v, ast.Constant)]
                  if isinstance(base, ast.Dict) else None)
        default = [a.value for a in node.args[1:] if isinstance(a, ast.Constant)]
        return None if values is None else [*values, *default]
    return None


def _text_calls() -> Iterator[tuple[str, list[str], set[str] | None]]:
    """Each ``text(key, **params)`` in the engine: where, the keys it may name, and the names
    of its parameters (None when they are splatted)."""
    for path in SOURCES:
        tree = _tree(path)
        tables = _module_dicts(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _func_name(node) in ("text", "Text") and node.args:
                keys = _keys_of(node.args[0], tables)
                if keys is None:
                    continue
                names: set[str] | None = {k.arg for k in node.keywords if k.arg is not None}
                if any(k.arg is None for k in node.keywords):
                    names = None
                yield _where(path, node), keys, names


def _engine_keys() -> set[str]:
    """Every catalog-key-shaped literal in the engine's source."""
    keys: set[str] = set()
    for path in SOURCES:
        tree = _tree(path)
        parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                 for v in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and KEY.match(node.value) and id(node) not in parts:
                keys.add(node.value)
    return keys


def _key_prefixes() -> set[str]:
    """Literal heads of keys built at run time (``f"agot.log.track.{t}"``)."""
    out: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                if (isinstance(head, ast.Constant) and isinstance(head.value, str)
                        and head.value.startswith("agot.")):
                    out.add(head.value)
    return out


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_every_engine_key_is_in_the_catalog(locale: str) -> None:
    catalog = _catalog(locale)
    used = _engine_keys()
    assert len(used) > 150
    missing = sorted(k for k in used if k not in catalog)
    assert not missing, f"{locale}.json lacks {missing}"
    for prefix in sorted(_key_prefixes()):
        assert any(k.startswith(prefix) for k in catalog), f"{locale}.json: no {prefix}…"


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_engine_fills_every_placeholder(locale: str) -> None:
    catalog = _catalog(locale)
    wrong = []
    checked = 0
    for where, keys, names in _text_calls():
        for key in keys:
            if key not in catalog or names is None:
                continue
            checked += 1
            lacking = _fields(catalog[key]) - names
            if lacking:
                wrong.append(f"{where}: {key} needs {sorted(lacking)}, gets {sorted(names)}")
    assert checked > 150
    assert not wrong, "\n".join(wrong)


def test_counted_nouns_have_plural_forms() -> None:
    """A ``{n}`` that counts something is a plural object in every catalog."""
    en, cs = _catalog("en"), _catalog("cs")
    for key in sorted(_engine_keys()):
        if key.startswith(("agot.error.", "agot.progress.", "agot.phase.")) \
                and "n" in _fields(en[key]):
            assert isinstance(en[key], dict) and set(en[key]) == {"one", "other"}, key
            assert isinstance(cs[key], dict) and set(cs[key]) == {"one", "few", "many",
                                                                   "other"}, key


# ---- what random games say, in every locale ----------------------------------------------------
def _said(value: Any, locale: str) -> str:
    line = render(as_msg(value), locale)
    assert line.strip() and "{" not in line and "agot." not in line, (locale, value, line)
    return line


def _probes(st: Any, seat: int, rng: Rng) -> list[Action]:
    """Moves likely to be refused here: another phase's kind, an unknown kind, garbage and
    off-by-one parameters."""
    kinds = sorted({k for h in HANDLERS.values() for k in h.actions})
    legal = [a for a in RULES.legal_actions(st, seat) if isinstance(a, Action)]
    probes = [Action(rng.choice(kinds), {}), Action("fly", {}),
              Action(rng.choice(kinds), {"area": "atlantis", "from": 7, "units": [1]})]
    for a in legal[:3]:
        for k, v in a.params.items():
            bad = {**a.params, k: ("atlantis" if isinstance(v, str) else
                                   v + 1 if isinstance(v, int) and not isinstance(v, bool) else
                                   {"dragon": 1} if isinstance(v, dict) else "x")}
            probes.append(Action(a.kind, bad))
    return probes


@pytest.mark.parametrize(("n", "seed"), [(3, 21), (5, 22)])
def test_random_games_speak_every_locale(n: int, seed: int) -> None:
    locales = available_locales()
    assert {"en", "cs"} <= set(locales)
    st = RULES.new_game({}, n, seed)
    rng = Rng(seed)
    refusals: set[str] = set()
    labels: set[str] = set()
    for step in range(4_000):
        if RULES.result(st) is not None:
            break
        phase = RULES.phase_label(st)
        assert isinstance(phase, Text)
        labels.add(phase.params["phase"].key if "phase" in phase.params else phase.key)
        awaited = sorted(RULES.awaiting(st))
        for s in range(n):
            owed = RULES.progress(st, s)
            assert isinstance(owed, Text), owed
            for loc in locales:
                _said(phase, loc)
                _said(owed, loc)
        seat = rng.choice(awaited)
        if step % 3 == 0:
            probes = _probes(st, seat, rng)
            idle = [s for s in range(n) if s not in awaited]
            if idle:
                probes.append(RULES.default_action(st, seat))
            for i, probe in enumerate(probes):
                who = idle[0] if idle and i == len(probes) - 1 else seat
                try:
                    RULES.apply(st, who, probe)
                except RuleViolation as exc:
                    assert exc.text is not None, f"{probe}: {exc.message!r} is not a catalog text"
                    refusals.add(exc.text.key)
                    for loc in locales:
                        _said(exc.text, loc)
        st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
    final = RULES.progress(st, 0)
    for loc in locales:
        _said(RULES.phase_label(st), loc)
        _said(final, loc)
    assert len(refusals) >= 8, refusals
    assert len(labels) >= 8, labels


def test_bad_config_is_a_catalog_text() -> None:
    for config, seats in (({}, 2), ({"houses": "stark"}, 3), ({"colour": 1}, 3)):
        with pytest.raises(RuleViolation) as info:
            RULES.new_game(config, seats, 1)
        assert info.value.text is not None
        for loc in available_locales():
            _said(info.value.text, loc)
    with pytest.raises(RuleViolation) as info:
        RULES.new_game({"houses": "stark"}, 3, 1)
    assert render(as_msg(info.value.text), "en").startswith("'houses' must be \"random\"")

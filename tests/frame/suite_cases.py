"""The conformance suites' own test functions, for one game added at run time.

A suite's game list comes from discovery, but pytest reads it once, when it collects the
suite. ``suite_cases`` executes a fresh copy of a suite module (while the extra game is
discovered) so its parametrize lists are computed again, and returns every case of its tests
that names that game — plus its table-wide tests, which check every discovered game at once.
The test functions are the suite's own; nothing is copied.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rules.base import GameRules

SUITES = sorted((Path(__file__).resolve().parents[1] / "conformance").glob("test_*.py"))
PARAM = type(pytest.param())
#: Fixtures a suite's test may ask for, and how a case gets them.
FIXTURES: dict[str, Callable[[Path], Any]] = {"tmp_path": lambda folder: folder}


@dataclass
class Case:
    test: str
    fn: Callable[..., Any]
    args: dict[str, Any]
    parametrized: bool

    async def run(self, folder: Path) -> bool:
        """Run it; False if the test skipped itself."""
        wanted = [p for p in inspect.signature(self.fn).parameters if p not in self.args]
        unknown = [p for p in wanted if p not in FIXTURES]
        assert not unknown, f"{self.test} needs fixtures {unknown}: teach suite_cases"
        folder.mkdir(parents=True, exist_ok=True)
        kwargs = {**self.args, **{p: FIXTURES[p](folder) for p in wanted}}
        try:
            result = self.fn(**kwargs)
            if inspect.isawaitable(result):
                await result
        except pytest.skip.Exception:
            return False
        return True


def _fresh(path: Path) -> Any:
    name = f"_fresh_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it executes
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def _values(names: list[str], value: Any) -> tuple[Any, ...]:
    if isinstance(value, PARAM):
        return tuple(value.values)
    return (value,) if len(names) == 1 else tuple(value)


@dataclass
class Suite:
    cases: list[Case]
    parametrized: set[str]  # the names of its parametrized tests


def suite_cases(path: Path, game: GameRules) -> Suite:
    """Every case of the suite at ``path`` that checks ``game`` (call with it discovered)."""
    module = _fresh(path)
    suite = Suite([], set())
    for name, fn in vars(module).items():
        if not name.startswith("test_") or not inspect.isfunction(fn):
            continue
        marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
        if not marks:
            suite.cases.append(Case(name, fn, {}, parametrized=False))
            continue
        suite.parametrized.add(name)
        assert len(marks) == 1, f"{name}: stacked parametrize marks are not read here"
        argnames, argvalues = marks[0].args[:2]
        names = ([a.strip() for a in argnames.split(",")] if isinstance(argnames, str)
                 else list(argnames))
        for value in argvalues:
            values = _values(names, value)
            if any(v is game for v in values):
                suite.cases.append(Case(name, fn, dict(zip(names, values, strict=True)),
                                        parametrized=True))
    return suite

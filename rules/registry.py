"""The games, discovered: every package under ``rules/`` that exposes ``RULES`` (a
``GameRules`` instance) is a game. Nothing lists them; tests' fixture games never register.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TypeVar

from rules.base import GameRules

T = TypeVar("T")

#: Packages searched for games; a test may add one holding a throwaway game.
GAME_PACKAGES: list[str] = ["rules"]

_REGISTRY: dict[str, GameRules] = {}
#: Each game's package (``rules.<game>``): where its other parts (its AI) are found.
_PACKAGES: dict[str, str] = {}


class GameLoadError(Exception):
    """A game's package (its rules or its front) failed to import: ``name`` is the package,
    ``cause`` what it raised."""

    def __init__(self, name: str, cause: BaseException) -> None:
        super().__init__(f"{name}: {cause}")
        self.name, self.cause = name, cause


def discover(packages: Iterable[str], attribute: str, kind: type[T]
             ) -> Iterator[tuple[ModuleType, T]]:
    """Each package inside ``packages`` (``_private`` ones skipped), imported, with its
    ``attribute`` where that is a ``kind``: how the games (``RULES``) and their Discord fronts
    (``FRONT``) are found, so neither list needs writing."""
    for package in packages:
        pkg = importlib.import_module(package)
        for info in pkgutil.iter_modules(pkg.__path__):
            if not info.ispkg or info.name.startswith("_"):
                continue
            try:
                module = importlib.import_module(f"{package}.{info.name}")
            except Exception as exc:
                # A game whose content does not load (a content pack that breaks its own
                # checks) is named, not a bare traceback from deep inside its import.
                raise GameLoadError(info.name, exc) from exc
            found = getattr(module, attribute, None)
            if isinstance(found, kind):
                yield module, found


def _load() -> dict[str, GameRules]:
    if not _REGISTRY:
        for module, rules in discover(GAME_PACKAGES, "RULES", GameRules):
            _REGISTRY[rules.id] = rules
            _PACKAGES[rules.id] = module.__name__
    return _REGISTRY


def games() -> dict[str, GameRules]:
    """All registered games by id."""
    return dict(_load())


def get(game_id: str) -> GameRules:
    try:
        return _load()[game_id]
    except KeyError:
        known = ", ".join(sorted(_load())) or "none"
        raise KeyError(f"Unknown game {game_id!r}; known games: {known}") from None


def package_of(game_id: str) -> str | None:
    """The package a registered game was found in, or None for a game that is not."""
    _load()
    return _PACKAGES.get(game_id)


def reset() -> None:
    """Forget the discovered games (tests that add a game package)."""
    _REGISTRY.clear()
    _PACKAGES.clear()

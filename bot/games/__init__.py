"""Game fronts: one package per game (``bot/games/<game id>/``), discovered, never listed.

A front package holds a game's whole Discord side — its command group, custom-id codec,
dynamic items, panels, embeds, private presenter, board renderer and its message catalog
(``i18n/<locale>.json``) — and exposes one ``FRONT = package_front(__name__, ...)`` object (a
``GameFront``). The core finds fronts by game id (``front(game_id)``) and never names a game; a
game without a front package plays with the generic UI, embed and status card.
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.registry import discover

#: Where front packages live; tests may add a folder to discover a throwaway game.
FRONT_PACKAGES: list[str] = [__name__]


@dataclass(frozen=True)
class GameFront:
    """What one game plugs into the core. Every part is optional.

    - ``cog``: a ``commands.Cog`` class taking the bot (the game's ``/<name>`` group);
    - ``move_ui``: a ``bot.discord.panels.MoveUI`` building what a seat can click;
    - ``items``: the game's ``discord.ui.DynamicItem`` classes (persistent components);
    - ``presenter``: ``(PrivateView, locale) -> discord.Embed`` for the seat's private view;
    - ``renderer``: ``(public view, locale) -> PNG bytes`` (or a list of PNGs: a board in
      parts, each shown in its own embed's box) — public view only, so it cannot leak;
      games without one get the generic status card;
    - ``board_embeds``: ``(public view, locale) -> [discord.Embed, …]`` posted (and edited)
      with the board image — what reads better as text than in a picture (AGoT's tracks);
    - ``board_hook``: ``async (bot, game_id)`` run after the board was delivered;
    - ``action_label``: ``(Action, locale) -> str``, how the generic UI names a concrete move
      on a button or select option (default: its kind and parameters);
    - ``option_values``: ``(option name, players or None) -> [value, …]``, suggestions for an
      option the schema cannot enumerate (``/game new options:`` autocompletes them);
    - ``forms``: ``(PrivateView, options, locale) -> [discord.ui.Modal, …]``, every form
      (modal) the seat's panel can open in that view, built as its click builds it — declared
      so the front conformance suite can hold each one to Discord's limits;
    - ``turn_key``: ``(public view) -> hashable``, the game's natural unit of play (a turn, a
      phase, a season): one board message is edited while it stays the same, a new one starts
      the next unit (``bot.discord.rhythm``); default: the phase label.
    """

    game_id: str
    cog: type | None = None
    move_ui: Any | None = None
    items: tuple[type, ...] = ()
    presenter: Callable[..., Any] | None = None
    renderer: Callable[..., bytes | list[bytes]] | None = None
    board_embeds: Callable[[dict[str, Any], str], list[Any]] | None = None
    board_hook: Callable[[Any, int], Awaitable[None]] | None = None
    action_label: Callable[[Any, str], str] | None = None
    option_values: Callable[[str, int | None], list[str]] | None = None
    forms: Callable[[Any, Sequence[Any], str], list[Any]] | None = None
    turn_key: Callable[[dict[str, Any]], Hashable] | None = None
    extras: dict[str, Any] = field(default_factory=dict)


#: The parts every front has by the same names, found in its package as its ``i18n`` folder
#: is: part -> (module, attribute).
CONVENTIONAL_PARTS: dict[str, tuple[str, str]] = {
    "turn_key": ("rhythm", "turn_key"),
    "renderer": ("render", "render"),
    "items": ("items", "ITEMS"),
}


def package_front(package: str, **parts: Any) -> GameFront:
    """The front of the package ``package`` (a front's ``__init__`` passes ``__name__``): its
    game id is the package's name and each part of ``CONVENTIONAL_PARTS`` is taken from the
    package's module of that name where the module exists (``rhythm.turn_key``,
    ``render.render``, ``items.ITEMS``); ``parts`` names the rest (and may name those too)."""
    found: dict[str, Any] = {}
    for part, (module, attribute) in CONVENTIONAL_PARTS.items():
        if importlib.util.find_spec(f"{package}.{module}") is not None:
            found[part] = getattr(importlib.import_module(f"{package}.{module}"), attribute)
    return GameFront(game_id=package.rpartition(".")[2], **{**found, **parts})


_FRONTS: dict[str, GameFront] = {}
_DIRS: dict[str, Path] = {}


def _discover() -> dict[str, GameFront]:
    if not _FRONTS:
        for module, front in discover(FRONT_PACKAGES, "FRONT", GameFront):
            _FRONTS[front.game_id] = front
            _DIRS[front.game_id] = Path(module.__file__ or "").parent
    return _FRONTS


def front_dir(game_id: str) -> Path | None:
    """The folder of a game's front package (its player's ``guide``, ``i18n``…)."""
    _discover()
    return _DIRS.get(game_id)


def fronts() -> dict[str, GameFront]:
    """Every discovered front by game id."""
    return dict(_discover())


def front(game_id: str) -> GameFront | None:
    return _discover().get(game_id)


def catalog_dirs() -> list[Path]:
    """Each front package's ``i18n`` folder (read without importing the fronts)."""
    dirs: list[Path] = []
    for package in FRONT_PACKAGES:
        spec = importlib.util.find_spec(package)
        for root in (spec.submodule_search_locations or []) if spec else []:
            for child in sorted(Path(root).iterdir()):
                if (child / "i18n").is_dir() and not child.name.startswith("_"):
                    dirs.append(child / "i18n")
    return dirs


def reset() -> None:
    """Forget discovered fronts (tests that add a front package)."""
    _FRONTS.clear()
    _DIRS.clear()

"""Move UIs: what a seat can click, built from ``service.legal_actions``.

The generic UI turns concrete ``Action``s into buttons (or selects when there are many). It
is a fallback: a game with a richer UI declares it on its front (``GameFront.move_ui`` and
``GameFront.items``, see ``bot.games``). A per-game item's callback hands its concrete action
to ``bot.flows.play(...)`` — the one click pipeline (defer, ownership and staleness checks,
submit, reply, deliver).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.discord.components import CORE_ITEMS, CTX_LEN, HandButton, MoveButton, MoveSelect
from bot.discord.text import render, tr
from bot.games import front, fronts
from bot.i18n import Msg, as_msg, msg
from bot.service import PrivateView
from rules.base import Action, ActionSpec, Text
from rules.canonical_json import canonical_json

MAX_BUTTONS = 20  # four rows of five; the fifth row holds "My hand"
MAX_SELECTS = 4
SELECT_SIZE = 25

Options = Sequence[Action | ActionSpec]


@dataclass
class Panel:
    """The interactive part of a private message: components plus an optional note."""

    view: discord.ui.View | None
    note: Msg | None = None


class MoveUI(Protocol):
    def panel(self, view: PrivateView, actions: Options, locale: str) -> Panel: ...


def dynamic_items() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The core's persistent components and every discovered front's."""
    items: list[type[discord.ui.DynamicItem[Any]]] = list(CORE_ITEMS)
    for f in fronts().values():
        items.extend(i for i in f.items if i not in items)
    return tuple(items)


def move_panel(view: PrivateView, actions: Options, locale: str) -> Panel:
    f = front(view.game_type)
    ui = (f.move_ui if f is not None else None) or GENERIC
    panel = ui.panel(view, actions, locale)
    # The panel is the player's private view: a My hand button in it would answer with the
    # very panel it sits in (a press that changes nothing).
    if panel.view is not None:
        for item in [c for c in panel.view.children if isinstance(c, HandButton)]:
            panel.view.remove_item(item)
    return panel


def context_token(view: PrivateView, actions: Options) -> str:
    """A short digest of what the seat saw and could choose (only ever sent to that seat)."""
    data = {
        "seat": view.seat,
        "view": view.view,
        "awaited": view.awaited,
        "actions": [a.to_json() if isinstance(a, Action)
                    else {"spec": a.kind, "choices": dict(a.choices),
                          "label": a.label.to_json() if isinstance(a.label, Text) else a.label}
                    for a in actions],
    }
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:CTX_LEN]


def action_label(action: Action, locale: str, game_type: str = "") -> str:
    f = front(game_type) if game_type else None
    if f is not None and f.action_label is not None:
        return f.action_label(action, locale)[:80]
    params = " ".join(str(v) for v in action.params.values())
    if not params:
        return tr("ui.action", locale, limit=80, kind=action.kind)
    return tr("ui.action_with", locale, limit=80, kind=action.kind, params=params)


class GenericMoveUI:
    """Buttons for up to ``max_buttons`` concrete actions, else selects of 25; templates
    (``ActionSpec``) get a note pointing to the game's own commands."""

    def __init__(self, max_buttons: int = MAX_BUTTONS) -> None:
        self.max_buttons = min(max_buttons, MAX_BUTTONS)

    def panel(self, view: PrivateView, actions: Options, locale: str) -> Panel:
        concrete = [(i, a) for i, a in enumerate(actions) if isinstance(a, Action)]
        specs = [a for a in actions if isinstance(a, ActionSpec)]
        ctx = context_token(view, actions)
        ui = discord.ui.View(timeout=None)
        note: Msg | None = None
        if len(concrete) <= self.max_buttons:
            for n, (i, action) in enumerate(concrete):
                style = (discord.ButtonStyle.success if not action.params
                         else discord.ButtonStyle.primary)
                label = action_label(action, locale, view.game_type)
                ui.add_item(_at(MoveButton(view.game_id, view.seat, view.version, ctx, i,
                                           label, style), n // 5))
        else:
            pages = [concrete[p:p + SELECT_SIZE] for p in range(0, len(concrete), SELECT_SIZE)]
            for page, chunk in enumerate(pages[:MAX_SELECTS]):
                options = [discord.SelectOption(label=action_label(a, locale, view.game_type),
                                                 value=str(i))
                           for i, a in chunk]
                placeholder = tr("ui.choose", locale, limit=150, first=options[0].label,
                                 last=options[-1].label)
                ui.add_item(_at(MoveSelect(view.game_id, view.seat, view.version, ctx, page,
                                           options, placeholder), page))
            if len(pages) > MAX_SELECTS:
                note = msg("ui.too_many", shown=MAX_SELECTS * SELECT_SIZE, total=len(concrete))
        if specs:
            note = msg("ui.needs_command", options=", ".join(
                render(as_msg(s.label), locale) if isinstance(s.label, Text)
                else s.label or s.kind for s in specs))
        return Panel(ui, note)


GENERIC = GenericMoveUI()


def _at(item: discord.ui.DynamicItem[Any], row: int) -> discord.ui.DynamicItem[Any]:
    item.row = row
    return item


def note_text(panel: Panel, locale: str) -> str:
    return render(panel.note, locale) if panel.note is not None else ""

"""The Great Wall's move panel: the secret picks (General, Advisor, Command card) as
``SecretPick`` buttons that survive rivals' picks; every other decision on the generic panel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.components import HandButton, MoveButton, MoveSelect
from bot.discord.panels import GENERIC, MAX_BUTTONS, Panel
from bot.discord.text import tr
from bot.games.great_wall.items import KINDS, SecretPick
from bot.games.great_wall.labels import action_label
from bot.service import PrivateView
from rules.base import Action, ActionSpec


class GreatWallMoveUI:
    def panel(self, view: PrivateView, actions: Sequence[Action | ActionSpec],
              locale: str) -> Panel:
        picks = [a for a in actions if isinstance(a, Action) and a.kind in KINDS]
        if not picks or len(picks) != len(actions) or len(picks) > MAX_BUTTONS:
            return _named(GENERIC.panel(view, actions, locale), view, actions, locale)
        ui = discord.ui.View(timeout=None)
        year = int(view.view.get("year", 0))
        for n, action in enumerate(picks):
            item = SecretPick(view.game_id, view.seat, view.version, year, action.kind,
                              str(action.params["card"]), action_label(action, locale))
            item.row = n // 5
            ui.add_item(item)
        hand = HandButton(view.game_id, locale)
        hand.row = 4
        ui.add_item(hand)
        return Panel(ui)


def _card_label(action: Action, view: dict[str, Any], locale: str) -> str | None:
    """An Advisor to hire or a Request to fulfil by its name, read from the seat's view (the
    action holds only its slot in the offer or the row of Requests)."""
    slot = int(action.params.get("slot", -1))
    if action.kind == "hire" and action.params.get("what") == "advisor":
        row, key = list(view.get("offer") or []), "great_wall.act.hire_named"
    elif action.kind == "fulfil":
        row, key = list(view.get("requests") or []), "great_wall.act.fulfil_named"
    else:
        return None
    if not 0 <= slot < len(row) or not row[slot]:
        return None
    return tr(key, locale, limit=80, card=tr(f"great_wall.card.{row[slot]}", locale))


def _named(panel: Panel, view: PrivateView, actions: Sequence[Action | ActionSpec],
           locale: str) -> Panel:
    """The generic panel with each Advisor and Request named on its button or option."""
    for item in panel.view.children if panel.view is not None else []:
        if isinstance(item, MoveButton) and item.index < len(actions):
            action = actions[item.index]
            if isinstance(action, Action) and (label := _card_label(action, view.view, locale)):
                item.item.label = label
        elif isinstance(item, MoveSelect):
            for option in item.item.options:
                action = actions[int(option.value)]
                if isinstance(action, Action) and (
                        label := _card_label(action, view.view, locale)):
                    option.label = label
    return panel


GREAT_WALL_UI = GreatWallMoveUI()

"""Northgard's move panel: the generic one, with a way back never styled as a confirmation
(a move's "Back" sits among the unit counts it cancels)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.components import MoveButton
from bot.discord.panels import GENERIC, Panel
from bot.service import PrivateView
from rules.base import Action, ActionSpec

#: Moves that undo a step of the decision rather than make it.
SECONDARY = frozenset({"back"})


class NorthgardMoveUI:
    def panel(self, view: PrivateView, actions: Sequence[Action | ActionSpec],
              locale: str) -> Panel:
        panel = GENERIC.panel(view, actions, locale)
        for item in panel.view.children if panel.view is not None else []:
            if isinstance(item, MoveButton) and item.index < len(actions):
                action = actions[item.index]
                if isinstance(action, Action) and action.kind in SECONDARY:
                    item.item.style = discord.ButtonStyle.secondary
        return panel


NORTHGARD_UI = NorthgardMoveUI()

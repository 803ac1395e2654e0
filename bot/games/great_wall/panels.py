"""The Great Wall's move panel: the secret picks (General, Advisor, Command card) as
``SecretPick`` buttons that survive rivals' picks; every other decision on the generic panel."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.components import HandButton
from bot.discord.panels import GENERIC, MAX_BUTTONS, Panel
from bot.games.great_wall.items import KINDS, SecretPick
from bot.games.great_wall.labels import action_label
from bot.service import PrivateView
from rules.base import Action, ActionSpec


class GreatWallMoveUI:
    def panel(self, view: PrivateView, actions: Sequence[Action | ActionSpec],
              locale: str) -> Panel:
        picks = [a for a in actions if isinstance(a, Action) and a.kind in KINDS]
        if not picks or len(picks) != len(actions) or len(picks) > MAX_BUTTONS:
            return GENERIC.panel(view, actions, locale)
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


GREAT_WALL_UI = GreatWallMoveUI()

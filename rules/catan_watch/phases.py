"""The phases of a turn: the values State.phase takes."""

from __future__ import annotations

SETUP = "setup"  # setup rounds: settlement, road (and NW guards)
ROLL = "roll"  # active player must roll (may play a development card first)
DISCARD = "discard"  # simultaneous secret discards after a 7
TORMUND = "tormund"  # active player moves Tormund (after a 7 or a Watch card)
MAIN = "main"  # trade, build, play cards, end turn
TRADE = "trade"  # other players answer a domestic offer
TRADE_CONFIRM = "trade_confirm"  # active player picks a partner or cancels
ROAD_BUILDING = "road_building"  # free roads from Road Building
MORMONT = "mormont"  # Mormont's user gives cards back
MELISANDRE = "melisandre"  # Melisandre's user picks one of the top 3 cards
MANCE = "mance"  # Mance Rayder's user takes a card from the hand they looked at
TRAGEDY = "tragedy"  # heroes' tragedy: active player removes a hero from the offer
OVER = "over"

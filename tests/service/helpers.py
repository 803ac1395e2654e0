"""Small helpers for driving the service like a table of players would."""

from __future__ import annotations

from bot.service import Outcome
from tests.harness import ALICE, BOB, CAROL, DAVE, NAMES, started_game

# One table-starting helper for every test: the shared harness's.
__all__ = ["ALICE", "BOB", "CAROL", "DAVE", "NAMES", "started_game", "texts"]


def texts(outcome: Outcome) -> list[str]:
    return [e.msg.render() for e in outcome.effects if hasattr(e, "msg")]

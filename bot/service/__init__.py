"""The Discord-free service layer: every workflow of the bot, returning effects."""

from bot.service.admin import ADMIN_ACTS, AdminOps
from bot.service.bots import BotOps
from bot.service.clock import Clock, ManualClock, SystemClock
from bot.service.core import ServiceSettings
from bot.service.deadlines import DeadlineOps
from bot.service.effects import (
    BoardChanged,
    BoardSnapshot,
    Effect,
    GameSummary,
    Notify,
    Outcome,
    Post,
    PrivateView,
)
from bot.service.errors import ServiceError, StaleVersion
from bot.service.lobby import LobbyOps
from bot.service.moves import MoveOps
from bot.service.rollback import RollbackOps
from bot.service.stats import StatsOps
from bot.service.votes import VOTE_KINDS


class GameService(BotOps, LobbyOps, MoveOps, DeadlineOps, AdminOps, StatsOps, RollbackOps):
    """Create/join/start/submit/vote/deadlines over one database."""


__all__ = [
    "ADMIN_ACTS",
    "VOTE_KINDS",
    "BoardChanged",
    "BoardSnapshot",
    "Clock",
    "Effect",
    "GameService",
    "GameSummary",
    "ManualClock",
    "Notify",
    "Outcome",
    "Post",
    "PrivateView",
    "ServiceError",
    "ServiceSettings",
    "StaleVersion",
    "SystemClock",
]

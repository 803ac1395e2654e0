"""What a game front may use of the bot, as a protocol — so fronts and core modules type
against this, not against ``bot.discord.app`` (which imports them: no import cycle)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery
    from bot.discord.flows import Flows
    from bot.service import GameService


class BotLike(Protocol):
    """The running bot as fronts see it: the service, the click pipeline, effect delivery."""

    service: GameService
    flows: Flows
    delivery: Delivery

    def get_cog(self, name: str, /) -> Any: ...

    def get_channel(self, channel_id: int, /) -> Any: ...

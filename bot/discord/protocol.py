"""What the core modules and the game fronts may use of the bot, as protocols — so they type
against these, not against ``bot.discord.app`` (which imports them) nor ``flows``/``delivery``
(which type their own bot as ``BotLike``): nothing here imports a module of ``bot.discord``,
so no import cycle, not even one seen only by a type checker.

``MaesterBot`` meets ``BotLike`` structurally; ``Flows`` and ``Delivery`` meet ``FlowsLike``
and ``DeliveryLike``. A method the core or a front starts to use is added here first."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.i18n import Msg
    from bot.service import Effect, GameService, Outcome, PrivateView
    from rules.base import Action, ActionSpec

    Interaction = discord.Interaction[Any]
    #: The same as ``flows.Options`` and ``flows.Chooser`` (spelled out: no import of flows).
    Options = Sequence[Action | ActionSpec]
    Chooser = Callable[[PrivateView, Options], Action | None]
    #: The channels a game's posts go to (``delivery.Messageable``).
    Messageable = discord.TextChannel | discord.Thread | discord.DMChannel | discord.VoiceChannel


class FlowsLike(Protocol):
    """The one interaction pipeline (``bot.discord.flows.Flows``)."""

    @staticmethod
    async def answer(interaction: Interaction, content: str, *,
                     embed: discord.Embed | None = None,
                     view: discord.ui.View | None = None) -> None: ...

    async def answer_log(self, interaction: Interaction, game_id: int,
                         limit: int = 20) -> None: ...

    async def answer_board(self, interaction: Interaction, game_id: int) -> None: ...

    async def fail(self, interaction: Interaction, error: Msg) -> None: ...

    async def guarded(self, interaction: Interaction,
                      body: Callable[[], Awaitable[None]]) -> None: ...

    async def run(self, interaction: Interaction,
                  call: Callable[[], Awaitable[Outcome]]) -> None: ...

    async def join(self, interaction: Interaction, game_id: int) -> None: ...

    async def ready(self, interaction: Interaction, game_id: int) -> None: ...

    async def show_hand(self, interaction: Interaction, game_id: int) -> None: ...

    async def panel(self, interaction: Interaction, game_id: int,
                    header: Sequence[Msg]) -> None: ...

    async def show(self, interaction: Interaction, content: str, *,
                   embed: discord.Embed | None = None,
                   view: discord.ui.View | None = None) -> None: ...

    async def play_indexed(self, interaction: Interaction, game_id: int, seat: int,
                           version: int, ctx: str, index: int) -> None: ...

    async def play_action(self, interaction: Interaction, game_id: int, seat: int,
                          version: int, action: Action, *, secret: bool = False,
                          window: Callable[[dict[str, Any]], bool] | None = None) -> None: ...

    async def play(self, interaction: Interaction, game_id: int, seat: int,
                   version: int, choose: Chooser) -> None: ...


class DeliveryLike(Protocol):
    """Service effects to Discord (``bot.discord.delivery.Delivery``)."""

    async def deliver(self, effects: Iterable[Effect]) -> None: ...

    async def channel_of(self, game_id: int) -> Messageable | None: ...

    async def table_locale(self, guild: discord.Guild | None) -> str: ...

    def forget_guild(self, guild_id: int) -> None: ...

    def forget_channel(self, game_id: int) -> None: ...


class BotLike(Protocol):
    """The running bot as the core and the fronts see it: the service, the click pipeline,
    effect delivery, and the few client calls they make."""

    # Read-only here, so an attribute of the concrete class (``Flows``, ``Delivery``) fits.
    @property
    def service(self) -> GameService: ...

    @property
    def flows(self) -> FlowsLike: ...

    @property
    def delivery(self) -> DeliveryLike: ...

    def get_cog(self, name: str, /) -> Any: ...

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake, /) -> discord.DMChannel: ...

    async def wait_until_ready(self) -> None: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...

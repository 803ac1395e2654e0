"""Persistent buttons and selects (``discord.ui.DynamicItem``): they survive restarts because
everything a click needs is in its ``custom_id`` (≤ 100 chars) and is re-checked against the
service on every click. Custom ids are data from the client: never trusted.

Templates (all start with ``mst:``)::

    mst:join:<game>            mst:ready:<game>            mst:hand:<game>
    mst:join:<game>:bot<+|->   a bot joins / leaves a lobby (a lobby button, as Join is)
    mst:vote:<game>:<kind>:<y|n>                      a ballot on the open vote of a kind
    mst:mv:<game>:<seat>:<version>:<ctx>:<index>      a generic move button
    mst:ms:<game>:<seat>:<version>:<ctx>:<page>       a generic move select (values = indexes)

``version`` is the game's version the options were built at; ``ctx`` is a short hash of the
seat's view and options at that time (so a click whose options are still the same applies
even if another seat moved meanwhile — simultaneous secret choices — while anything the seat
could see changing makes the click stale). Every click goes through ``Flows``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self, cast

import discord

from bot.discord.text import tr

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

PREFIX = "mst:"
CTX_LEN = 10
_CTX = rf"(?P<ctx>[0-9a-f]{{{CTX_LEN}}})"


def bot_of(interaction: discord.Interaction[Any]) -> BotLike:
    """The bot a click or command reached (every item's callback hands over to its flows)."""
    return cast("BotLike", interaction.client)


# ---- builders of the items' Discord parts: the same limits for every game's items -----------
def button(custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.primary,
           row: int | None = None, disabled: bool = False) -> discord.ui.Button[Any]:
    assert len(custom_id) <= 100, custom_id
    return discord.ui.Button(label=label[:80] or "…", style=style, custom_id=custom_id, row=row,
                             disabled=disabled)


def select(custom_id: str, options: list[discord.SelectOption] | None, placeholder: str = "",
           *, min_values: int = 1, max_values: int = 1) -> discord.ui.Select[Any]:
    """A select with at least one option (a placeholder ``-`` one when there is none), and
    its bounds within what it offers."""
    assert len(custom_id) <= 100, custom_id
    opts = options or [discord.SelectOption(label="…", value="-")]
    return discord.ui.Select(custom_id=custom_id, options=opts,
                             placeholder=placeholder[:150] or None,
                             min_values=max(0, min(min_values, len(opts))),
                             max_values=max(1, min(max_values, len(opts))))


def select_options(item: discord.ui.Item[Any]) -> list[discord.SelectOption]:
    """The options a clicked select was sent with (rebuilt with them in ``from_custom_id``)."""
    return list(getattr(item, "options", []) or [])


def select_values(item: discord.ui.Select[Any]) -> list[str]:
    return [str(v) for v in item.values]


class _GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"mst:(?:join|ready|hand):(?P<game>\d{1,18})"):
    """A button that names only its game: ``mst:<verb>:<game>``. Each kind is a subclass with its
    own template (the one discord.py dispatches on); this base is never registered itself."""

    _VERB: str
    _LABEL: str
    _STYLE: discord.ButtonStyle

    def __init__(self, game_id: int, locale: str = "en") -> None:
        super().__init__(button(f"mst:{self._VERB}:{game_id}", tr(self._LABEL, locale, limit=80),
                                self._STYLE))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> Self:
        return cls(int(match["game"]))


class JoinButton(_GameButton, template=r"mst:join:(?P<game>\d{1,18})"):
    _VERB, _LABEL, _STYLE = "join", "ui.join", discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.join(interaction, self.game_id)


class BotButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"mst:join:(?P<game>\d{1,18}):bot(?P<add>[+-])"):
    """Add a bot to the lobby (``add``) or remove its last one: the creator's call."""

    def __init__(self, game_id: int, add: bool, locale: str = "en") -> None:
        super().__init__(button(f"mst:join:{game_id}:bot{'+' if add else '-'}",
                                tr("ui.add_bot" if add else "ui.remove_bot", locale, limit=80),
                                discord.ButtonStyle.secondary))
        self.game_id, self.add = game_id, add

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> BotButton:
        return cls(int(match["game"]), match["add"] == "+")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.bot_seat(interaction, self.game_id, self.add)


class ReadyButton(_GameButton, template=r"mst:ready:(?P<game>\d{1,18})"):
    _VERB, _LABEL, _STYLE = "ready", "ui.ready", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.ready(interaction, self.game_id)


class HandButton(_GameButton, template=r"mst:hand:(?P<game>\d{1,18})"):
    """"My hand": the caller's private view, ephemerally. Works with DMs closed."""

    _VERB, _LABEL, _STYLE = "hand", "ui.my_hand", discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.show_hand(interaction, self.game_id)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=(r"mst:mv:(?P<game>\d{1,18}):(?P<seat>\d{1,3}):(?P<version>\d{1,9}):"
                           + _CTX + r":(?P<index>\d{1,4})")):
    """One concrete legal action, by its index in the seat's option list at ``ctx``."""

    def __init__(self, game_id: int, seat: int, version: int, ctx: str, index: int,
                 label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.primary
                 ) -> None:
        super().__init__(button(f"mst:mv:{game_id}:{seat}:{version}:{ctx}:{index}", label, style))
        self.game_id, self.seat, self.version = game_id, seat, version
        self.ctx, self.index = ctx, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> MoveButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]),
                   match["ctx"], int(match["index"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.play_indexed(
            interaction, self.game_id, self.seat, self.version, self.ctx, self.index)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=(r"mst:ms:(?P<game>\d{1,18}):(?P<seat>\d{1,3}):(?P<version>\d{1,9}):"
                           + _CTX + r":(?P<page>\d{1,2})")):
    """A select over up to 25 concrete legal actions; option values are their indexes."""

    def __init__(self, game_id: int, seat: int, version: int, ctx: str, page: int,
                 options: list[discord.SelectOption] | None = None, placeholder: str = ""
                 ) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"mst:ms:{game_id}:{seat}:{version}:{ctx}:{page}",
            options=options or [discord.SelectOption(label="…", value="0")],
            placeholder=placeholder[:150] or None, min_values=1, max_values=1))
        self.game_id, self.seat, self.version = game_id, seat, version
        self.ctx, self.page = ctx, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> MoveSelect:
        options = select_options(item)
        return cls(int(match["game"]), int(match["seat"]), int(match["version"]),
                   match["ctx"], int(match["page"]), options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        raw = values[0] if values else ""
        index = int(raw) if raw.isdigit() and len(raw) <= 4 else -1
        await bot_of(interaction).flows.play_indexed(
            interaction, self.game_id, self.seat, self.version, self.ctx, index)


#: The platform's own dynamic items; game fronts declare theirs (``GameFront.items``).
class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"mst:vote:(?P<game>\d{1,18}):(?P<kind>[a-z]{1,10}):(?P<yes>[yn])"):
    """A ballot on the table's open vote of ``kind``: the same as ``/game vote``."""

    def __init__(self, game_id: int, kind: str, yes: bool, locale: str = "en") -> None:
        super().__init__(button(f"mst:vote:{game_id}:{kind}:{'y' if yes else 'n'}",
                                tr("ui.vote_yes" if yes else "ui.vote_no", locale, limit=80),
                                discord.ButtonStyle.success if yes else discord.ButtonStyle.danger))
        self.game_id, self.kind, self.yes = game_id, kind, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> VoteButton:
        return cls(int(match["game"]), match["kind"], match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        await bot.flows.run(interaction, lambda: bot.service.vote(
            self.game_id, interaction.user.id, self.kind, self.yes))


CORE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton, BotButton, ReadyButton, HandButton, MoveButton, MoveSelect, VoteButton,
)

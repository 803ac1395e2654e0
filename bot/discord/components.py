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

Every front's items declare their custom ids the same way, as ``parts`` (``IdItem``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self, TypeVar, cast

import discord

from bot.discord.text import tr

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

PREFIX = "mst:"
CTX_LEN = 10
_CTX = rf"[0-9a-f]{{{CTX_LEN}}}"


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


# ---- items declared by the parts of their custom id -----------------------------------------
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])
#: The template of the bases below, which are never registered: it matches no custom id.
_NO_ID = r"(?!)"


class Part(NamedTuple):
    """One ``:``-separated part of a custom id: the item's attribute it fills (the template's
    group of that name), the pattern its text matches, how a value is written into the id and
    read back from a click's; an ``optional`` last part may be left out (its value ``None``)."""

    name: str
    pattern: str
    read: Callable[[str], Any] = str
    write: Callable[[Any], str] = str
    optional: bool = False

    def template(self) -> str:
        group = rf":(?P<{self.name}>{self.pattern})"
        return rf"(?:{group})?" if self.optional else group


def number(name: str, digits: int) -> Part:
    """A whole number of at most ``digits`` digits."""
    return Part(name, rf"\d{{1,{digits}}}", int)


class IdItem(discord.ui.DynamicItem[ItemT], template=_NO_ID):
    """A persistent item whose custom id is ``<prefix>:<part>:<part>…``, declared once in the
    class statement (``prefix=…, parts=…``): that gives the template discord.py dispatches on,
    the id each item is sent with and the values a click is read back into — the item's
    attributes, by part name — so the three cannot disagree. What stays each item's own is its
    callback (and, for some, how it looks)."""

    prefix: ClassVar[str] = ""
    parts: ClassVar[tuple[Part, ...]] = ()

    def __init_subclass__(cls, *, prefix: str = "", parts: tuple[Part, ...] = (),
                          template: str = _NO_ID) -> None:
        if prefix:
            cls.prefix, cls.parts = prefix, parts
            template = re.escape(prefix) + "".join(part.template() for part in parts)
        super().__init_subclass__(template=template)

    def __init__(self, item: ItemT, values: Sequence[Any]) -> None:
        super().__init__(item)
        for part, value in zip(self.parts, values, strict=True):
            setattr(self, part.name, value)

    @classmethod
    def custom_id_of(cls, values: Sequence[Any]) -> str:
        return cls.prefix + "".join(f":{part.write(value)}"
                                    for part, value in zip(cls.parts, values, strict=True)
                                    if not (part.optional and value is None))

    @classmethod
    def values_of(cls, match: re.Match[str]) -> list[Any]:
        return [None if match[part.name] is None else part.read(match[part.name])
                for part in cls.parts]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(*cls.values_of(match))


class IdButton(IdItem[discord.ui.Button[Any]], template=_NO_ID):
    """A persistent button: ``Cls(*values, label="…", style=Cls.style)``, the values in
    ``parts`` order, then optionally the label and the style."""

    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init__(self, *args: Any) -> None:
        values, look = args[:len(self.parts)], args[len(self.parts):]
        label = look[0] if look else "…"
        style = look[1] if len(look) > 1 else self.style
        super().__init__(button(self.custom_id_of(values), label, style), values)


class IdSelect(IdItem[discord.ui.Select[Any]], template=_NO_ID):
    """A persistent select: ``Cls(*values, options=None, placeholder="")``, the values in
    ``parts`` order, then optionally the options and the placeholder (and, by keyword, the
    bounds); a click is read back with the options it was sent with."""

    def __init__(self, *args: Any, min_values: int = 1, max_values: int = 1) -> None:
        values, look = args[:len(self.parts)], args[len(self.parts):]
        super().__init__(select(self.custom_id_of(values), *look, min_values=min_values,
                                max_values=max_values), values)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(*cls.values_of(match), select_options(item))

    def chosen(self, default: str) -> str:
        """The value picked (a single-choice select), or ``default`` when none was."""
        values = select_values(self.item)
        return values[0] if values else default


#: A lobby button names only its game.
GAME = (number("game_id", 18),)


class _GameButton(IdButton, template=_NO_ID):
    """A button that names only its game (``mst:<verb>:<game>``), labelled from the catalog:
    each kind declares its prefix, label key and style."""

    label_key: ClassVar[str]

    def __init__(self, game_id: int, locale: str = "en") -> None:
        super().__init__(game_id, tr(self.label_key, locale, limit=80), self.style)


class JoinButton(_GameButton, prefix="mst:join", parts=GAME):
    label_key, style = "ui.join", discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.join(interaction, self.game_id)


def _bot_code(add: bool) -> str:
    return "bot+" if add else "bot-"


class BotButton(IdButton, prefix="mst:join",
                parts=(*GAME, Part("add", r"bot[+-]", lambda code: code == "bot+", _bot_code))):
    """Add a bot to the lobby (``add``) or remove its last one: the creator's call."""

    def __init__(self, game_id: int, add: bool, locale: str = "en") -> None:
        super().__init__(game_id, add,
                         tr("ui.add_bot" if add else "ui.remove_bot", locale, limit=80),
                         discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.bot_seat(interaction, self.game_id, self.add)


class ReadyButton(_GameButton, prefix="mst:ready", parts=GAME):
    label_key, style = "ui.ready", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.ready(interaction, self.game_id)


class HandButton(_GameButton, prefix="mst:hand", parts=GAME):
    """"My hand": the caller's private view, ephemerally. Works with DMs closed."""

    label_key, style = "ui.my_hand", discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.show_hand(interaction, self.game_id)


# The generic move items: a seat's place at the table, then the option.
SEAT_AT = (*GAME, number("seat", 3), number("version", 9), Part("ctx", _CTX))


class MoveButton(IdButton, prefix="mst:mv", parts=(*SEAT_AT, number("index", 4))):
    """One concrete legal action, by its index in the seat's option list at ``ctx``."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await bot_of(interaction).flows.play_indexed(
            interaction, self.game_id, self.seat, self.version, self.ctx, self.index)


class MoveSelect(IdSelect, prefix="mst:ms", parts=(*SEAT_AT, number("page", 2))):
    """A select over up to 25 concrete legal actions; option values are their indexes."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        raw = self.chosen("")
        index = int(raw) if raw.isdigit() and len(raw) <= 4 else -1
        await bot_of(interaction).flows.play_indexed(
            interaction, self.game_id, self.seat, self.version, self.ctx, index)


def _yes_code(yes: bool) -> str:
    return "y" if yes else "n"


#: The platform's own dynamic items; game fronts declare theirs (``GameFront.items``).
class VoteButton(IdButton, prefix="mst:vote",
                 parts=(*GAME, Part("kind", "[a-z]{1,10}"),
                        Part("yes", "[yn]", lambda code: code == "y", _yes_code))):
    """A ballot on the table's open vote of ``kind``: the same as ``/game vote``."""

    def __init__(self, game_id: int, kind: str, yes: bool, locale: str = "en") -> None:
        super().__init__(game_id, kind, yes,
                         tr("ui.vote_yes" if yes else "ui.vote_no", locale, limit=80),
                         discord.ButtonStyle.success if yes else discord.ButtonStyle.danger)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        await bot.flows.run(interaction, lambda: bot.service.vote(
            self.game_id, interaction.user.id, self.kind, self.yes))


CORE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton, BotButton, ReadyButton, HandButton, MoveButton, MoveSelect, VoteButton,
)

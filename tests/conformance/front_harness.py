"""Discord as a game front sees it, in memory, for the front conformance suite.

* Discord's limits on what a message, a panel, an embed and a modal may hold — checked on
  the payload discord.py would send, so a limit discord.py does not enforce still fails here.
* A one-game table: the service a front's click handlers call, answering from one engine
  state (``Table``), a bot around the real click pipeline (``bot.discord.flows.Flows``) and a
  thread that records what is posted in it (``Thread``).
* A click: the component's payload comes back as Discord sends it, its ``DynamicItem`` class
  is found by template, rebuilt with ``from_custom_id`` (which must give back the very item
  that was sent) and its callback runs; whatever the click shows — a panel edited in place,
  an ephemeral answer, a modal — is recorded, the way Discord would refuse a second answer.
  Nothing is ever submitted: a move's submission is recorded and answered as stale.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.components import _component_factory
from discord.ui.view import _component_to_item

from bot.discord.flows import Flows
from bot.discord.panels import dynamic_items
from bot.i18n import as_msg, render
from bot.service import GameSummary, PrivateView, ServiceError, StaleVersion
from rules.base import Action, ActionSpec, GameRules

#: A game id as long as the templates allow (18 digits), so custom ids are measured at worst.
GAME_ID = 999_999_999_999_999_999
THREAD_ID = 555
GUILD_ID = 777
BUTTON, SELECT, TEXT_INPUT, LABEL, TEXT_DISPLAY = 2, 3, 4, 18, 10


def user_of(seat: int) -> int:
    return 10_000 + seat


# ---- Discord's limits --------------------------------------------------------------------------
def check_message(content: str, view: discord.ui.View | None = None,
                  embeds: Sequence[discord.Embed] = ()) -> None:
    assert len(content) <= 2000, f"a message's text is {len(content)} characters (> 2,000)"
    assert len(embeds) <= 10, "more than 10 embeds in a message"
    for embed in embeds:
        check_embed(embed)
    assert sum(len(e) for e in embeds) <= 6000, "a message's embeds hold over 6,000 characters"
    if view is not None:
        check_view(view)


def check_embed(embed: discord.Embed) -> None:
    assert len(embed.title or "") <= 256, f"embed title over 256: {embed.title!r}"
    assert len(embed.description or "") <= 4096, "embed description over 4,096 characters"
    assert len(embed.fields) <= 25, "more than 25 embed fields"
    for f in embed.fields:
        assert 1 <= len(f.name or "") <= 256, f"embed field name {f.name!r}"
        assert 1 <= len(f.value or "") <= 1024, f"embed field {f.name!r}: value over 1,024"
    assert len(embed.footer.text or "") <= 2048
    assert len(embed.author.name or "") <= 256
    assert len(embed) <= 6000, "an embed over 6,000 characters"


def check_view(view: discord.ui.View) -> None:
    rows = view.to_components()  # the payload Discord receives, as laid out by discord.py
    assert len(rows) <= 5, "more than 5 component rows"
    ids: list[str] = []
    for row in rows:
        parts = row["components"]
        selects = [c for c in parts if c["type"] != BUTTON]
        assert 1 <= len(parts) <= 5 and (not selects or len(parts) == 1), "an overfull row"
        for c in parts:
            ids.append(c.get("custom_id", ""))
            assert len(c.get("custom_id", "")) <= 100, f"custom id over 100: {c['custom_id']}"
            if c["type"] == BUTTON:
                assert c.get("label") or c.get("emoji"), "a button without a label"
                assert len(c.get("label") or "") <= 80, f"button label over 80: {c['label']}"
            else:
                check_select(c)
    assert len(set(ids)) == len(ids), f"custom ids repeat in one message: {sorted(ids)}"


def check_select(c: dict[str, Any]) -> None:
    assert len(c.get("placeholder") or "") <= 150, f"placeholder over 150: {c['placeholder']}"
    if c["type"] != SELECT:
        return
    options = c.get("options", [])
    assert 1 <= len(options) <= 25, f"a select needs 1-25 options, {c['custom_id']} has " \
                                     f"{len(options)}"
    low, high = c.get("min_values", 1), c.get("max_values", 1)
    assert 0 <= low <= high <= len(options), f"{c['custom_id']}: min/max values {low}/{high}"
    values = [o["value"] for o in options]
    assert len(set(values)) == len(values), f"{c['custom_id']}: option values repeat"
    assert sum(1 for o in options if o.get("default")) <= high, f"{c['custom_id']}: defaults"
    for option in options:
        assert 1 <= len(option["label"]) <= 100, f"option label {option['label']!r}"
        assert 1 <= len(option["value"]) <= 100, f"option value {option['value']!r}"
        assert len(option.get("description") or "") <= 100, f"option description " \
                                                             f"{option['description']!r}"


def check_modal(modal: discord.ui.Modal) -> None:
    data = modal.to_dict()
    assert 1 <= len(data["title"]) <= 45, f"modal title {data['title']!r} (1-45 characters)"
    assert len(data["custom_id"]) <= 100
    parts = data["components"]
    assert 1 <= len(parts) <= 5, f"a modal holds 1-5 components, {data['title']!r} has " \
                                 f"{len(parts)}"
    ids: list[str] = []
    for part in parts:
        if part["type"] == LABEL:
            assert 1 <= len(part["label"]) <= 45, f"modal label {part['label']!r} (1-45)"
            assert len(part.get("description") or "") <= 100
            inner = [part["component"]]
        elif part["type"] == TEXT_DISPLAY:
            assert len(part["content"]) <= 4000
            inner = []
        else:  # an action row: one text input
            inner = part["components"]
            assert len(inner) == 1 and inner[0]["type"] == TEXT_INPUT, "a modal row: 1 input"
        for c in inner:
            ids.append(c["custom_id"])
            assert len(c["custom_id"]) <= 100, f"custom id over 100: {c['custom_id']}"
            if c["type"] == TEXT_INPUT:
                assert len(c.get("label") or "") <= 45, f"text input label {c['label']!r}"
                assert len(c.get("placeholder") or "") <= 100
                assert len(c.get("value") or "") <= 4000
                assert 0 <= c.get("min_length", 0) <= c.get("max_length", 4000) <= 4000
            else:
                check_select(c)
    assert len(set(ids)) == len(ids), f"custom ids repeat in a modal: {sorted(ids)}"


def modal_shape(modal: discord.ui.Modal) -> dict[str, Any]:
    """A modal as Discord shows it (its own random custom id left out)."""
    return {"class": type(modal).__name__,
            **{k: v for k, v in modal.to_dict().items() if k != "custom_id"}}


def view_payload(view: discord.ui.View | None) -> list[dict[str, Any]]:
    return view.to_components() if view is not None else []


# ---- a one-game table ----------------------------------------------------------------------------
def summary_of(rules: GameRules, state: Any, version: int) -> GameSummary:
    """The game's summary as the service builds it from one state (its status card)."""
    label = rules.phase_label(state)
    phase = render(as_msg(label)) if label else str(rules.view(state, None).get("phase_label",
                                                                                ""))
    n = rules.n_seats(state)
    return GameSummary(GAME_ID, "Table", rules.id, rules.title, "active", False,
                       [(s, user_of(s), f"Player {s + 1}") for s in range(n)], phase,
                       sorted(rules.awaiting(state)), None, THREAD_ID, None, version,
                       {s: render(as_msg(rules.seat_label(state, s))) for s in range(n)})


class Table:
    """The service a front's handlers call, for one game at one state. A submission is
    recorded and refused as stale, so a click never changes the state."""

    def __init__(self, rules: GameRules, state: Any, version: int) -> None:
        self.rules, self.state, self.version = rules, state, version
        self.submitted: list[tuple[int, Action]] = []
        self.bot_states: dict[str, str] = {}

    def seat_of(self, game_id: int, user_id: int) -> int:
        if game_id != GAME_ID:
            raise ServiceError("error.no_game", game_id=game_id)
        seat = user_id - user_of(0)
        if not 0 <= seat < self.rules.n_seats(self.state):
            raise ServiceError("error.not_seated", game_id=game_id)
        return seat

    def private(self, seat: int) -> PrivateView:
        rules, state = self.rules, self.state
        awaited = rules.result(state) is None and seat in rules.awaiting(state)
        return PrivateView(GAME_ID, rules.id, seat, rules.seat_label(state, seat),
                           rules.view(state, seat), awaited,
                           rules.progress(state, seat) if awaited else "", self.version)

    def options(self, seat: int) -> list[Action | ActionSpec]:
        view = self.private(seat)
        return self.rules.legal_actions(self.state, seat) if view.awaited else []

    async def private_view(self, game_id: int, user_id: int) -> PrivateView:
        return self.private(self.seat_of(game_id, user_id))

    async def seat_options(self, game_id: int, user_id: int
                           ) -> tuple[PrivateView, list[Action | ActionSpec]]:
        seat = self.seat_of(game_id, user_id)
        return self.private(seat), self.options(seat)

    async def legal_actions(self, game_id: int, user_id: int) -> list[Action | ActionSpec]:
        return self.options(self.seat_of(game_id, user_id))

    async def public_view(self, game_id: int) -> tuple[str, int, dict[str, Any]]:
        self.seat_of(game_id, user_of(0))
        return self.rules.id, self.version, self.rules.view(self.state, None)

    async def summary(self, game_id: int) -> GameSummary:
        self.seat_of(game_id, user_of(0))
        return summary_of(self.rules, self.state, self.version)

    async def submit(self, game_id: int, user_id: int, action: Action, **_: Any) -> Any:
        self.submitted.append((self.seat_of(game_id, user_id), action))
        raise StaleVersion(self.version)

    async def bot_state(self, key: str) -> str | None:
        return self.bot_states.get(key) or None

    async def save_bot_state(self, key: str, value: str) -> None:
        self.bot_states[key] = value

    def note_locale(self, user_id: int, locale: str) -> None:
        pass


@dataclass
class Post:
    """One message the thread shows (a send, or an edit of one already sent)."""

    content: str
    view: discord.ui.View | None
    embeds: list[discord.Embed]

    def face(self) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
        return self.content, view_payload(self.view), [e.to_dict() for e in self.embeds]


def _post(content: str | None, view: Any, embed: Any, embeds: Any) -> Post:
    view = view if isinstance(view, discord.ui.View) else None
    shown = list(embeds or ([embed] if isinstance(embed, discord.Embed) else []))
    check_message(content or "", view, shown)
    return Post(content or "", view, shown)


class SentMessage:
    def __init__(self, thread: Thread, message_id: int) -> None:
        self.thread, self.id = thread, message_id

    async def edit(self, *, content: str | None = None, view: Any = None, embed: Any = None,
                   embeds: Any = None, **_: Any) -> SentMessage:
        self.thread.posts.append(_post(content, view, embed, embeds))
        return self


class Thread(discord.abc.Messageable):
    """The game's thread: records every post and edit."""

    def __init__(self) -> None:
        self.id = THREAD_ID
        self.guild = None
        self.posts: list[Post] = []
        self._ids = itertools.count(1)

    async def send(self, content: str | None = None, *, view: Any = None,  # type: ignore[override]
                   embed: Any = None, embeds: Any = None, **_: Any) -> SentMessage:
        self.posts.append(_post(content, view, embed, embeds))
        return SentMessage(self, next(self._ids))

    def get_partial_message(self, message_id: int) -> SentMessage:
        return SentMessage(self, message_id)


class Delivery:
    def __init__(self, thread: Thread, locale: str) -> None:
        self.thread, self.locale = thread, locale
        self.effects: list[Any] = []

    async def channel_of(self, game_id: int) -> Thread | None:
        return self.thread if game_id == GAME_ID else None

    async def table_locale(self, guild: Any) -> str:
        return self.locale

    async def deliver(self, effects: Iterable[Any]) -> None:
        self.effects.extend(effects)


class Bot:
    """What a front may use of the bot (``bot.discord.protocol.BotLike``), at one table."""

    def __init__(self, table: Table, locale: str) -> None:
        self.service: Any = table
        self.thread = Thread()
        self.delivery: Any = Delivery(self.thread, locale)
        self.flows = Flows(self)  # type: ignore[arg-type]

    def get_cog(self, name: str, /) -> Any:
        return None

    def get_channel(self, channel_id: int, /) -> Any:
        return self.thread if channel_id == THREAD_ID else None

    async def fetch_channel(self, channel_id: int, /) -> Any:
        if channel_id != THREAD_ID:
            raise discord.NotFound(_Gone(), "unknown channel")
        return self.thread


class _Gone:
    status, reason = 404, "Not Found"


# ---- a click -------------------------------------------------------------------------------------
@dataclass
class Shown:
    """What a click showed its clicker: a panel (edited in place or sent ephemerally), a
    modal, or a note."""

    content: str = ""
    view: discord.ui.View | None = None
    embed: discord.Embed | None = None
    modal: discord.ui.Modal | None = None


@dataclass
class Response:
    shown: list[Shown]
    type: discord.InteractionResponseType | None = None

    def is_done(self) -> bool:
        return self.type is not None

    def _answer(self, kind: discord.InteractionResponseType) -> None:
        assert self.type is None, "an interaction was answered twice"
        self.type = kind

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._answer(discord.InteractionResponseType.deferred_channel_message
                     if ephemeral or thinking
                     else discord.InteractionResponseType.deferred_message_update)

    async def send_message(self, content: str = "", *, view: Any = None, embed: Any = None,
                           **_: Any) -> None:
        self._answer(discord.InteractionResponseType.channel_message)
        check_message(content, view, [embed] if embed else [])
        self.shown.append(Shown(content, view, embed))

    async def edit_message(self, *, content: str | None = None, view: Any = None,
                           embed: Any = None, **_: Any) -> None:
        self._answer(discord.InteractionResponseType.message_update)
        check_message(content or "", view, [embed] if embed else [])
        self.shown.append(Shown(content or "", view, embed))

    async def send_modal(self, modal: discord.ui.Modal) -> None:
        self._answer(discord.InteractionResponseType.modal)
        check_modal(modal)
        self.shown.append(Shown(modal=modal))


@dataclass
class Followup:
    response: Response

    async def send(self, content: str = "", *, view: Any = None, embed: Any = None,
                   **_: Any) -> None:
        assert self.response.type is not None, "a followup before the interaction was answered"
        check_message(content, view, [embed] if embed else [])
        self.response.shown.append(Shown(content, view, embed))


@dataclass
class _Flags:
    ephemeral: bool = False


@dataclass
class _Message:
    flags: _Flags


@dataclass
class User:
    id: int
    name: str = "player"
    display_name: str = "Player"


@dataclass
class Interaction:
    """A component interaction: in the clicker's DM panel, or in a public thread message."""

    client: Bot
    user: User
    locale: str
    public: bool
    shown: list[Shown] = field(default_factory=list)
    id: int = 1
    type: discord.InteractionType = discord.InteractionType.component

    def __post_init__(self) -> None:
        self.response = Response(self.shown)
        self.followup = Followup(self.response)
        self.message = _Message(_Flags())
        self.guild_id = GUILD_ID if self.public else None

    async def edit_original_response(self, *, content: str | None = None, view: Any = None,
                                     embed: Any = None, **_: Any) -> None:
        assert self.response.type is not None, "edited before the interaction was answered"
        check_message(content or "", view, [embed] if embed else [])
        self.shown.append(Shown(content or "", view, embed))


def item_class(custom_id: str) -> tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]]:
    """The one registered ``DynamicItem`` class whose template claims ``custom_id``."""
    found = [(cls, m) for cls in dynamic_items()
             if (m := cls.__discord_ui_compiled_template__.fullmatch(custom_id))]
    assert len(found) == 1, f"{custom_id} is claimed by {len(found)} item templates"
    return found[0]


def _fields(item: discord.ui.DynamicItem[Any]) -> dict[str, Any]:
    return {k: v for k, v in vars(item).items() if not k.startswith("_") and k != "item"}


async def rebuild(interaction: Interaction, sent: discord.ui.DynamicItem[Any],
                  component: dict[str, Any]) -> discord.ui.DynamicItem[Any]:
    """The item discord.py makes of a click on ``component``: it must be ``sent`` again."""
    cls, match = item_class(component["custom_id"])
    assert cls is type(sent), f"{component['custom_id']} comes back as {cls.__name__}, " \
                              f"not {type(sent).__name__}"
    base = _component_to_item(_component_factory(component))  # type: ignore[arg-type]
    item = await cls.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
    assert type(item) is cls and item.custom_id == component["custom_id"], \
        f"{component['custom_id']} comes back as {item.custom_id}"
    assert _fields(item) == _fields(sent), f"{component['custom_id']} loses what it carries"
    return item


def components(view: discord.ui.View | None) -> list[tuple[discord.ui.DynamicItem[Any],
                                                             dict[str, Any]]]:
    """Each dynamic item of a view with the payload Discord gets for it."""
    if view is None:
        return []
    sent = {getattr(c, "custom_id", None): c for c in view.children}
    out = []
    for row in view.to_components():
        for c in row["components"]:
            item = sent.get(c.get("custom_id"))
            if isinstance(item, discord.ui.DynamicItem):
                out.append((item, c))
    return out


def choices(component: dict[str, Any]) -> list[list[str]]:
    """The selections a click on a component tries: none for a button; for a select the
    first and the last option (or as many options as it needs)."""
    if component["type"] == BUTTON:
        return [[]]
    values = [o["value"] for o in component.get("options", [])]
    need = max(1, component.get("min_values", 1))
    picks = [values[:need], values[-need:]]
    return [p for i, p in enumerate(picks) if p and p not in picks[:i]]


async def click(bot: Bot, seat: int, locale: str, sent: discord.ui.DynamicItem[Any],
                component: dict[str, Any], values: list[str], *, public: bool = False,
                number: int = 1) -> list[Shown]:
    """``seat`` clicks ``component`` (choosing ``values`` in a select): what it was shown."""
    interaction = Interaction(bot, User(user_of(seat)), locale, public, id=number)
    item = await rebuild(interaction, sent, component)
    if values:
        item.item._values = list(values)  # type: ignore[attr-defined]
    await item.callback(interaction)  # type: ignore[arg-type]
    return interaction.shown

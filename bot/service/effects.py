"""What the service asks an adapter to do after a commit. Adapters deliver; they never decide."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.i18n import Msg
from rules.base import Action, ActionSpec, Text


@dataclass(frozen=True)
class GameSummary:
    """What a game's board message, listings and lobby show of it."""

    game_id: int
    title: str
    game_type: str
    game_type_title: str
    status: str
    paused: bool
    players: list[tuple[int, int | None, str]]  # (seat, user id, name)
    phase_label: str
    awaiting: list[int]
    deadline: datetime | None
    thread_id: int | None
    channel_id: int | None
    version: int
    #: what each seat is called at the table ("Red", "Stark"); empty before the game starts
    seat_labels: dict[int, str] = field(default_factory=dict)
    #: the engine's phase label (a ``Text``), rendered in each reader's language;
    #: ``phase_label`` is its English text
    phase: Any = None
    #: the seats played by AI players from the start (named as bots)
    bots: frozenset[int] = frozenset()


@dataclass(frozen=True)
class PrivateView:
    """One seat's view of a game: what its panel shows."""

    game_id: int
    game_type: str
    seat: int
    label: str | Text | Msg  # the engine's seat label, rendered by the adapter (``say``)
    view: dict[str, Any]
    awaited: bool
    progress: str | Text
    version: int


@dataclass(frozen=True)
class BoardSnapshot:
    """What a board message needs, read once: the public view and the game's summary."""

    game_type: str
    version: int
    view: dict[str, Any]
    summary: GameSummary
    board_message_id: int | None


@dataclass(frozen=True)
class Post:
    """A public message in the game's thread (``mentions`` are user ids to ping). ``phase``
    (the engine's phase label after a move, on the engine's own lines) lets the thread gather
    one phase's lines in one message; with a ``title`` the message is a card (an embed)."""

    game_id: int
    msg: Msg
    mentions: tuple[int, ...] = ()
    phase: Any = None
    title: Msg | None = None


@dataclass(frozen=True)
class Notify:
    """A private message to one seat's player: a DM, or the "My hand" button if DMs are closed.
    With ``show_private`` the adapter attaches that seat's current private view."""

    game_id: int
    seat: int
    user_id: int
    msg: Msg
    show_private: bool = False
    #: With ``show_private``: the seat's view and options as the move left them, so the
    #: adapter need not read them back.
    private: PrivateView | None = None
    options: list[Action | ActionSpec] = field(default_factory=list)


@dataclass(frozen=True)
class BoardChanged:
    """The public board changed; re-render and update the board message. ``snapshot`` is the
    board as the service call left it (the public view and summary it already computed), so
    delivery need not read them back; without it delivery reads the board itself."""

    game_id: int
    version: int
    snapshot: BoardSnapshot | None = field(default=None, compare=False)


Effect = Post | Notify | BoardChanged


@dataclass
class Outcome:
    """The answer to one service call: a reply for the caller only, plus effects for others."""

    game_id: int
    reply: Msg
    version: int = 0
    effects: list[Effect] = field(default_factory=list)
    duplicate: bool = False
    #: After a move: the caller's fresh private view and options (their next panel).
    private: PrivateView | None = None
    options: list[Action | ActionSpec] = field(default_factory=list)

"""What the service asks an adapter to do after a commit. Adapters deliver; they never decide."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.i18n import Msg


@dataclass(frozen=True)
class Post:
    """A public message in the game's thread (``mentions`` are user ids to ping)."""

    game_id: int
    msg: Msg
    mentions: tuple[int, ...] = ()


@dataclass(frozen=True)
class Notify:
    """A private message to one seat's player: a DM, or the "My hand" button if DMs are closed.
    With ``show_private`` the adapter attaches that seat's current private view."""

    game_id: int
    seat: int
    user_id: int
    msg: Msg
    show_private: bool = False


@dataclass(frozen=True)
class BoardChanged:
    """The public board changed; re-render and update the board message."""

    game_id: int
    version: int


Effect = Post | Notify | BoardChanged


@dataclass
class Outcome:
    """The answer to one service call: a reply for the caller only, plus effects for others."""

    game_id: int
    reply: Msg
    version: int = 0
    effects: list[Effect] = field(default_factory=list)
    duplicate: bool = False

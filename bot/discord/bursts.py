"""One delivery's effects as few Discord messages: which posts are the engine's narration
(gathered into one message per burst), one DM per player per burst, the persistent buttons a
post carries, and long text cut at Discord's message limit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.components import BotButton, HandButton, JoinButton, ReadyButton, VoteButton
from bot.i18n import DEFAULT_LOCALE, lines_msg
from bot.service import Effect, Notify, Post

#: catalog key of a Post -> the persistent button it carries.
#: A lobby's posts: each carries Join, Add a bot and Remove a bot.
LOBBY_POSTS = frozenset({"lobby.created", "lobby.joined", "lobby.left", "lobby.dropped",
                         "lobby.bots_seated", "lobby.bot_added", "lobby.bot_removed"})
POST_BUTTONS: dict[str, type[discord.ui.DynamicItem[Any]]] = {
    "lobby.created": JoinButton,
    "lobby.joined": JoinButton,
    "lobby.left": JoinButton,
    "lobby.dropped": JoinButton,
    "lobby.ready_check": ReadyButton,
    "lobby.ready": ReadyButton,
    "game.started": HandButton,
    "game.dm_closed": HandButton,
    "deadline.reminder": HandButton,
    "game.your_turn_thread": HandButton,
}


def post_items(post: Post, locale: str) -> list[discord.ui.Item[Any]]:
    """The persistent buttons a thread post carries (a vote's ballot buttons, Join, …)."""
    if post.msg.key == "vote.opened" and isinstance(post.msg.params.get("kind"), str):
        kind = post.msg.params["kind"]
        return [VoteButton(post.game_id, kind, True, locale),
                VoteButton(post.game_id, kind, False, locale)]
    if post.msg.key in LOBBY_POSTS:  # a lobby's posts: join, or seat a bot
        return [JoinButton(post.game_id, locale), BotButton(post.game_id, True, locale),
                BotButton(post.game_id, False, locale)]
    item = POST_BUTTONS.get(post.msg.key)
    return [item(post.game_id, locale)] if item is not None else []

#: The most text one public post may carry before it is cut, across several messages.
MAX_POST = 20_000
MESSAGE_LIMIT = 2000  # Discord's limit on a message's content
#: The most one burst's narration may fill (two messages): a longer burst (the autopilot
#: playing a long stretch) keeps its latest lines and says how many it left out, so a
#: thread never gets a run of messages that Discord's 5-per-5-seconds limit would hold up.
BURST_NARRATION = 2 * MESSAGE_LIMIT - 200


def split_message(text: str, size: int = 2000) -> list[str]:
    """``text`` in parts of at most ``size`` characters, cut at line ends where possible."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > size:  # one line longer than a message: cut it hard
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:size])
            line = line[size:]
        if current and len(current) + 1 + len(line) > size:
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not parts:
        parts.append(current)
    return parts



def mentions_only(user_ids: Iterable[int]) -> discord.AllowedMentions:
    users = [discord.Object(id=u) for u in user_ids]
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def narrated(post: Post) -> bool:
    """A post of the engine's own lines (it has a phase, pings nobody, carries no button):
    gathered into the thread's narration message."""
    return post.phase is not None and not post.mentions and not post_items(post, DEFAULT_LOCALE)


@dataclass
class Narration:
    """A run of one game's narrated posts in one delivery, sent as one message or edit."""

    game_id: int
    posts: list[Post]


def _joined(notes: list[Notify]) -> Notify:
    """One DM for several notices to one player in one burst: their lines in order, with the
    private panel when any asked for it (read afresh when several moves went by)."""
    if len(notes) == 1:
        return notes[0]
    last = notes[-1]
    show = any(n.show_private for n in notes)
    return Notify(last.game_id, last.seat, last.user_id, lines_msg([n.msg for n in notes]),
                  show_private=show)


def coalesce(effects: Iterable[Effect]) -> list[Effect | Narration]:
    """A burst's effects as few messages: consecutive narrated posts of a game (DMs between
    them do not count) become one ``Narration``; a player's notices of a game become one,
    delivered where the last of them stood; boards are left to the caller."""
    items = list(effects)
    last_note: dict[tuple[int, int], int] = {}
    notes: dict[tuple[int, int], list[Notify]] = {}
    for i, effect in enumerate(items):
        if isinstance(effect, Notify):
            key = (effect.game_id, effect.user_id)
            last_note[key] = i
            notes.setdefault(key, []).append(effect)
    out: list[Effect | Narration] = []
    open_run: dict[int, Narration] = {}
    for i, effect in enumerate(items):
        if isinstance(effect, Notify):
            key = (effect.game_id, effect.user_id)
            if last_note[key] == i:
                out.append(_joined(notes[key]))
        elif isinstance(effect, Post) and narrated(effect):
            run = open_run.get(effect.game_id)
            if run is None:
                run = open_run[effect.game_id] = Narration(effect.game_id, [])
                out.append(run)
            run.posts.append(effect)
        elif isinstance(effect, Post):
            open_run.pop(effect.game_id, None)  # the thread's order: lines after it start anew
            out.append(effect)
        else:
            out.append(effect)
    return out



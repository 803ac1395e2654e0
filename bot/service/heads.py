"""A game's head (its row, seats and decoded state, with what the engine said of it) and
the service's cache of heads."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.i18n import Msg, Person, as_msg, msg, render
from bot.service.errors import ServiceError
from bot.service.validate import check_game_id
from rules.base import GameRules, Text
from storage import repo
from storage.models import Game, Seat


@dataclass
class _Facts:
    state: Any
    awaiting: frozenset[int]
    progress: dict[int, Any] = field(default_factory=dict)
    public: Any = None
    phase: Any = None  # (the engine's phase label, as the summary renders it)
    labels: dict[int, Any] = field(default_factory=dict)


@dataclass
class Head:
    """A game row, its seats and (once started) the decoded engine state. The row's
    ``state`` is not the head's: as loaded (the tree ``state`` was decoded from, which an
    engine may share) or, after a move, the text that move stored."""

    game: Game
    seats: list[Seat]
    rules: GameRules
    state: Any | None
    #: The earliest turn deadline as this process's last move left it: (game version, the
    #: service's count of other writes then, the deadline). See ``ServiceCore._next_deadline``.
    next_due: tuple[int, int, datetime | None] | None = None
    #: What the engine said of the last states asked about (the head's and the one a move
    #: is committing): who is awaited, each seat's progress line and label, the phase label,
    #: the public view. A state the service holds is never changed in place (``apply`` works
    #: on a copy), so an answer holds as long as the state object; a move asks several times
    #: and each is engine work.
    _facts: list[_Facts] = field(default_factory=list, repr=False)

    def _facts_of(self, state: Any) -> _Facts:
        for facts in self._facts:
            if facts.state is state:
                return facts
        facts = _Facts(state, frozenset(self.rules.awaiting(state)))
        self._facts = [facts, *self._facts[:1]]
        return facts

    def move_to(self, state: Any) -> None:
        """The head's state is now ``state``: what was known of the others is let go (in the
        head cache it would keep the old state and its views alive, which the garbage
        collector then walks for as long as the head is cached)."""
        self.state = state
        self._facts = [facts for facts in self._facts if facts.state is state]

    def awaiting_in(self, state: Any) -> frozenset[int]:
        return self._facts_of(state).awaiting

    def progress_in(self, state: Any, seat: int) -> Any:
        progress = self._facts_of(state).progress
        if seat not in progress:
            progress[seat] = self.rules.progress(state, seat)
        return progress[seat]

    def phase_in(self, state: Any) -> tuple[Any, str]:
        """The engine's phase label of ``state`` and its text in the default language (the
        board's summary), asked once per state."""
        facts = self._facts_of(state)
        if facts.phase is None:
            label = self.rules.phase_label(state)
            if label:
                text = render(as_msg(label))
            else:  # an engine without labels: its public view may carry one
                text = str(self.public_view_in(state).get("phase_label", ""))
            facts.phase = (label, text)
        return facts.phase  # type: ignore[no-any-return]

    def public_view_in(self, state: Any) -> Any:
        facts = self._facts_of(state)
        if facts.public is None:
            facts.public = self.rules.view(state, None)
        return facts.public

    def seat_of(self, user_id: int) -> Seat | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    def user_of(self, seat: int) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def person(self, seat: int) -> Person:
        for s in self.seats:
            if s.seat == seat:
                label = self.label(seat)
                if s.bot and s.user_id is None:  # named as a bot in every view
                    if self.state is None:
                        return Person(None, msg("game.bot_no", n=1 + sum(
                            t.bot and t.user_id is None for t in self.seats if t.seat < seat)))
                    return Person(None, msg("game.bot_seat", label=label))
                name: Any = s.display_name if s.user_id is not None else msg("game.open_seat")
                if self.state is None:
                    return Person(s.user_id, name)
                return Person(s.user_id, msg("game.person", name=name, label=label))
        return Person(None, msg("game.seat_no", seat_no=seat + 1))

    def label(self, seat: int) -> str | Text | Msg:
        """The seat's name at the table: the engine's label (a catalog text) once started."""
        if self.state is None:
            return msg("game.seat_no", seat_no=seat + 1)
        labels = self._facts_of(self.state).labels
        if seat not in labels:
            labels[seat] = self.rules.seat_label(self.state, seat)
        return labels[seat]


class HeadCache:
    """Loading a game's head and keeping recent heads in memory (a mixin of
    ``ServiceCore``, which holds the cache, the settings and the storage)."""

    async def _head(self, game_id: int, *, fresh: bool = False, validate: bool = True
                    ) -> Head:
        """The game's head: cached, or read. Where other processes share the database, a
        cached head is used for a read only if the stored version is still its own (one
        indexed read); a move (``validate=False``) relies on its commit's version check."""
        check_game_id(game_id)  # "1", 1.0 and True are not game 1; 2**63 fits no column
        if self.settings.head_cache and not fresh and game_id in self._heads:
            cached = self._heads[game_id]
            if not (validate and self.shared) or \
                    await self._stored_version(game_id) == cached.game.version:
                self._heads.move_to_end(game_id)
                return cached
        async with self._reading(f"game #{game_id}"):
            if self.hot is not None:
                game, seats, prefs = await self.hot.load_head(game_id)
            else:
                async with self.engine.connect() as conn:
                    game = await repo.get_game(conn, game_id)
                    seats, prefs = (await repo.seats_and_settings(conn, game_id) if game
                                    else ([], {}))
        if game is None:
            raise ServiceError("error.unknown_game", game_id=game_id)
        rules = self.rules_for(game.game_type)
        # The row's state was decoded for this head alone: the engine may keep its parts.
        state = rules.adopt_json(game.state) if game.state is not None else None
        for s in seats:  # the reminder lead times a move schedules, read with the seats
            if s.user_id is not None:
                self._remind_minutes[s.user_id] = (
                    prefs[s.user_id].remind_minutes if s.user_id in prefs
                    else self.settings.default_remind_minutes)
        head = Head(game, seats, rules, state)
        self._remember(head)
        return head

    async def _stored_version(self, game_id: int) -> int | None:
        async with self._reading(f"game #{game_id}'s version"), self.engine.connect() as conn:
            return await repo.game_version(conn, game_id)

    def _remember(self, head: Head) -> None:
        if not self.settings.head_cache:
            return
        self._heads[head.game.id or 0] = head
        self._heads.move_to_end(head.game.id or 0)
        while len(self._heads) > self.settings.head_cache_size:
            self._heads.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._heads.pop(game_id, None)

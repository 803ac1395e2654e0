"""Turning a move's engine events into effects (posts, notices, the board snapshot and its
summary, the standings)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from bot.i18n import Lines, Msg, lines_msg, msg
from bot.render.names import with_names
from bot.service.effects import (
    BoardChanged,
    BoardSnapshot,
    Effect,
    GameSummary,
    Notify,
    Post,
    PrivateView,
)
from bot.service.heads import Head
from rules.base import Event
from storage import repo


class EffectBuilder:
    """From a head and its engine events to effects (a mixin of ``ServiceCore``)."""

    async def _with_board(self, head: Head, effects: list[Effect]) -> list[Effect]:
        """``effects`` with the game's board snapshot on its ``BoardChanged``: the public view
        and summary computed once, here, from the head the call just produced."""
        gid = head.game.id or 0
        if head.state is None or not any(isinstance(e, BoardChanged) and e.game_id == gid
                                         for e in effects):
            return effects
        snap = await self._snapshot(head)
        return [BoardChanged(gid, snap.version, snap)
                if isinstance(e, BoardChanged) and e.game_id == gid else e for e in effects]

    async def _snapshot(self, head: Head) -> BoardSnapshot:
        """What the board message shows: the public view and the summary, computed once."""
        # The board image names the players: their display names travel with the public view.
        public = with_names(head.public_view_in(head.state),
                            {s.seat: s.display_name for s in head.seats if s.user_id is not None})
        return BoardSnapshot(head.game.game_type, head.game.version, public,
                             await self._summary(head), head.game.board_message_id)

    async def _next_deadline(self, head: Head) -> datetime | None:
        """The earliest turn deadline of a game (the board's "next deadline"): as the move
        that produced the head read it in its own transaction, unless anything else was
        written since; else read."""
        game_id = head.game.id or 0
        if head.next_due is not None and head.next_due[:2] == (head.game.version,
                                                                 self._other_writes):
            return head.next_due[2]
        if self.hot is not None:
            return await self.hot.next_deadline(game_id)  # type: ignore[no-any-return]
        async with self.engine.connect() as conn:
            return await repo.next_deadline(conn, game_id)

    async def _summary(self, head: Head) -> GameSummary:
        game = head.game
        label, phase = head.phase_in(head.state) if head.state is not None else (None, "")
        due = await self._next_deadline(head)
        return GameSummary(
            game.id or 0, game.title, game.game_type, head.rules.title, game.status, game.paused,
            [(s.seat, s.user_id, s.display_name) for s in head.seats], phase,
            list(game.awaiting), due, game.thread_id, game.channel_id,
            game.version,
            {s.seat: head.label(s.seat) for s in head.seats} if head.state is not None else {},
            label or None, frozenset(s.seat for s in head.seats if s.bot and s.user_id is None),
        )

    def _effects_of(self, head: Head, events: Iterable[Event], newly: set[int], version: int,
                    quiet: set[int] | None = None, missed: dict[int, int] | None = None
                    ) -> list[Effect]:
        rules, game_id = head.rules, head.game.id or 0
        effects: list[Effect] = []
        public: list[Any] = []
        private: dict[int, list[Any]] = {}
        for event in events:
            if event.visible_to is None:
                public.append(rules.describe(event, None))
            else:
                for s in sorted(event.visible_to):
                    private.setdefault(s, []).append(rules.describe(event, s))
        if public:
            effects.append(Post(game_id, lines_msg(public),
                                phase=(head.phase_in(head.state)[0] or None)
                                if head.state is not None else None))
        for s, lines in private.items():
            user = head.user_of(s)
            if user is not None and s not in (quiet or set()):
                effects.append(Notify(game_id, s, user, lines_msg(lines)))
        deadline = self._deadline_for(head)
        for s in sorted(newly):
            user = head.user_of(s)
            if user is not None and head.state is not None:
                effects.append(Notify(game_id, s, user, msg(
                    "game.your_turn", game_id=game_id,
                    progress=head.progress_in(head.state, s), deadline=deadline),
                    show_private=True,
                    # the mover gets their fresh panel with the answer; others with the DM
                    private=None if s in (quiet or set()) else self._private_of(head, s),
                    options=[] if s in (quiet or set()) else rules.legal_actions(head.state, s)))
        if public:
            effects.append(BoardChanged(game_id, version))
        if head.game.status == "finished" and head.game.result is not None:
            effects.append(Post(game_id, self._outcome_msg(head, missed),
                                title=msg("game.standings_title", game_id=game_id)))
        return effects

    def _private_of(self, head: Head, seat: int) -> PrivateView:
        rules, state = head.rules, head.state
        awaited = head.game.status == "active" and seat in head.awaiting_in(state)
        return PrivateView(head.game.id or 0, head.game.game_type, seat, head.label(seat),
                           rules.seat_view(state, seat, head.public_view_in(state)), awaited,
                           head.progress_in(state, seat) if awaited else "",
                           head.game.version)

    def _outcome_msg(self, head: Head, missed: dict[int, int] | None = None) -> Msg:
        from rules.base import Result

        result = Result.from_json(head.game.result or {})
        if result.winners:
            outcome = msg("game.outcome_winners",
                          winners=[head.person(s) for s in result.winners])
        else:
            outcome = msg("game.outcome_none")
        missed = missed or {}
        standings = Lines(
            msg("game.standing", place=place, players=[
                msg("game.standing_player", player=head.person(s), n=missed[s])
                if missed.get(s) else head.person(s) for s in seats],
                score=msg("game.standing_score", score=_score(result.scores[seats[0]]))
                if seats and seats[0] in result.scores else "")
            for place, seats in enumerate(result.ranking, start=1))
        start, end = head.game.created_at, self.clock.now()
        days = max(0, (end.replace(tzinfo=None) - start.replace(tzinfo=None)).days) \
            if start is not None else 0
        # The standings say why the game ended too: it is the post players come back to.
        if result.reason:
            return msg("game.finished_why", game_id=head.game.id, outcome=outcome,
                       standings=standings, n=days, reason=result.reason)
        return msg("game.finished", game_id=head.game.id, outcome=outcome, standings=standings,
                   n=days)


def _score(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)

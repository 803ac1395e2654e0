"""Submitting moves and reading a game through the engine's views."""

from __future__ import annotations

from time import perf_counter
from typing import Any

from bot import logs
from bot.i18n import Msg, Person, as_msg, lines_msg, msg, render
from bot.metrics import MOVE_SECONDS, MOVES
from bot.service.commit import _Duplicate, duplicate_outcome
from bot.service.core import ServiceCore
from bot.service.effects import BoardSnapshot, Outcome, PrivateView
from bot.service.errors import ServiceError, StaleVersion
from bot.service.validate import check_schema, check_submission, engine_reason
from rules.base import Action, ActionSpec, Event, RuleViolation
from storage import repo


class _MovedElsewhere(Exception):
    """A move's commit found the game at another version than the cached head."""


class MoveOps(ServiceCore):
    async def submit(
        self,
        game_id: int,
        user_id: int,
        action: Action | dict[str, Any],
        *,
        interaction_id: str | None = None,
        expected_version: int | None = None,
    ) -> Outcome:
        """Apply one player's move. Raises ServiceError (nothing changed) or returns an
        Outcome whose effects the adapter delivers after this returns."""
        # Kind, size and depth first: nothing unchecked reaches a lock, a cache or an engine.
        action = check_submission(game_id, user_id, action, interaction_id, expected_version)
        if not isinstance(action, Action):
            try:
                action = Action.from_json(action)
            except RuleViolation as exc:
                raise ServiceError("error.bad_action", reason=exc.text or exc.message) from None
        if interaction_id is not None and interaction_id in self._recent:
            gid, version = self._recent[interaction_id]
            MOVES.labels(self._type_of(game_id), "duplicate").inc()
            return duplicate_outcome(gid, version)
        started, outcome = perf_counter(), "failed"
        logs.bind(game_id=game_id, user_id=user_id, version=None)
        try:
            try:
                out = await self._submit_on(game_id, user_id, action, interaction_id,
                                            expected_version, fresh=False)
            except _MovedElsewhere:
                # The cached head was behind: another bot process moved the game. Judge the
                # move again on the stored head; the player never hears of the other process.
                out = await self._submit_on(game_id, user_id, action, interaction_id,
                                            expected_version, fresh=True)
            outcome = "duplicate" if out.duplicate else "accepted"
            logs.bind(version=out.version)
            return out
        except StaleVersion:
            outcome = "stale"
            raise
        except ServiceError as exc:
            outcome = "failed" if exc.msg.key == "error.save_failed" else "rejected"
            raise
        finally:
            game = self._type_of(game_id)
            MOVES.labels(game, outcome).inc()
            MOVE_SECONDS.labels(game).observe(perf_counter() - started)

    def _type_of(self, game_id: int) -> str:
        head = self._heads.get(game_id)
        return head.game.game_type if head is not None else "unknown"

    async def _submit_on(self, game_id: int, user_id: int, action: Action,
                         interaction_id: str | None, expected_version: int | None, *,
                         fresh: bool) -> Outcome:
        """``submit`` on the cached head (checked by the commit's version check) or, with
        ``fresh``, on the head as stored."""
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=fresh, validate=False)
            try:
                seat = self._seat_or_fail(head, user_id)
                self._require_active(head)
                if expected_version is not None and expected_version != head.game.version:
                    if self.shared and not fresh:  # the cache may be the one behind
                        raise _MovedElsewhere
                    raise StaleVersion(head.game.version)
                check_schema(head.rules, action)
            except ServiceError:
                # A retry (after a restart, or from another process) of a move that was
                # applied answers with its original outcome, not "stale" or "not active".
                if (logged := await self._logged_outcome(interaction_id)) is not None:
                    return logged
                raise
            try:
                new_state, events = head.rules.apply(head.state, seat.seat, action)
            except RuleViolation as exc:
                # A retry after a restart (memory is gone) may no longer be legal; the log
                # tells a duplicate from a real mistake. A still-legal retry is caught by the
                # unique interaction id when it is written.
                if interaction_id is not None:
                    async with self.engine.connect() as conn:
                        row = await repo.action_by_interaction(conn, interaction_id)
                    if row is not None:
                        return duplicate_outcome(row.game_id, row.seq)
                raise ServiceError("error.move_rejected",
                                   reason=engine_reason(exc.text or exc.message, action)) from None
            try:
                # A move of one's own ends a run of missed deadlines ("N in a row" opens a
                # seat); written with the move, and only when there is a run to end.
                effects = await self._commit_move(head, seat.seat, user_id, action, new_state,
                                                  events, source="player",
                                                  interaction_id=interaction_id,
                                                  seat_updates=[{"seat": seat.seat, "missed": 0}]
                                                  if seat.missed else None)
                if seat.missed:  # the row object's field, set directly (as _commit_move does)
                    seat.__dict__["missed"] = 0
            except _Duplicate:
                async with self.engine.connect() as conn:
                    row = await repo.action_by_interaction(conn, interaction_id or "")
                return duplicate_outcome(game_id, row.seq if row else head.game.version)
            except StaleVersion:
                if fresh:
                    raise
                raise _MovedElsewhere from None
            effects = await self._with_board(head, effects + await self._autopilot(head))
            # The caller's fresh panel comes with the answer: the adapter need not reload
            # what this move just produced.
            private = self._private_of(head, seat.seat)
            options = (head.rules.legal_actions(head.state, seat.seat) if private.awaited
                       else [])
        reply = self._private_reply(head.rules, events, seat.seat)
        return Outcome(game_id, reply, head.game.version, effects, private=private,
                       options=options)

    @staticmethod
    def _private_reply(rules: Any, events: list[Event], seat: int) -> Msg:
        mine = [rules.describe(e, seat) for e in events
                if e.visible_to is not None and seat in e.visible_to]
        if mine:
            return lines_msg(mine)
        return msg("move.accepted")

    # ---- reading ---------------------------------------------------------------------------
    async def private_view(self, game_id: int, user_id: int) -> PrivateView:
        head = await self._head(game_id)
        seat = self._seat_or_fail(head, user_id)
        self._require_started(head)
        return self._private_of(head, seat.seat)

    async def seat_options(self, game_id: int, user_id: int
                           ) -> tuple[PrivateView, list[Action | ActionSpec]]:
        """The caller's private view and current options in one read (a click's check)."""
        head = await self._head(game_id)
        seat = self._seat_or_fail(head, user_id)
        self._require_started(head)
        view = self._private_of(head, seat.seat)
        if not view.awaited or head.game.status != "active":
            return view, []
        return view, head.rules.legal_actions(head.state, seat.seat)

    async def board_snapshot(self, game_id: int) -> BoardSnapshot:
        """What the board message shows, in one read: the public view and the summary."""
        head = await self._head(game_id)
        self._require_started(head)
        return await self._snapshot(head)

    async def public_view(self, game_id: int) -> tuple[str, int, dict[str, Any]]:
        head = await self._head(game_id)
        self._require_started(head)
        return head.game.game_type, head.game.version, head.rules.view(head.state, None)

    async def legal_actions(self, game_id: int, user_id: int) -> list[Action | ActionSpec]:
        head = await self._head(game_id)
        seat = self._seat_or_fail(head, user_id)
        if head.game.status != "active" or head.state is None:
            return []
        if seat.seat not in head.rules.awaiting(head.state):
            return []
        return head.rules.legal_actions(head.state, seat.seat)

    async def awaiting_seats(self, game_id: int) -> list[int]:
        """The seats the game waits for (cheap: from the cached head)."""
        head = await self._head(game_id)
        return list(head.game.awaiting)

    async def suggest_action(self, game_id: int, user_id: int, rng: Any) -> Action:
        """A random legal move for the user's seat: the demo's agents and autopilots."""
        head = await self._head(game_id)
        seat = self._seat_or_fail(head, user_id)
        self._require_active(head)
        if seat.seat not in head.rules.awaiting(head.state):  # e.g. another process moved first
            raise ServiceError("error.not_your_turn", game_id=game_id)
        return head.rules.random_action(head.state, seat.seat, rng)

    async def game_log(self, game_id: int, user_id: int | None, limit: int = 20,
                       locale: str | None = None) -> list[str]:
        """The last ``limit`` log lines this user may see (public + their seat's private),
        rendered in ``locale``."""
        head = await self._head(game_id)
        viewer = None
        if user_id is not None and (s := head.seat_of(user_id)) is not None:
            viewer = s.seat
        async with self.engine.connect() as conn:
            rows = await repo.recent_actions(conn, game_id, limit * 3)
            acts = await repo.recent_acts(conn, game_id, limit)
        lines: list[str] = []
        # What people did to the table (an admin's pause, a resign) sits after the move it
        # followed, marked as such: the log says who did it.
        pending = list(acts)
        for row in rows:
            while pending and pending[0].version < row.seq:
                lines.append(self._act_line(pending.pop(0), locale))
            for data in row.events:
                event = Event.from_json(data)
                if event.visible(viewer):
                    line = render(as_msg(head.rules.describe(event, viewer)), locale)
                    lines.append(f"{row.seq}. {line}")
        lines += [self._act_line(a, locale) for a in pending]
        return lines[-limit:]

    @staticmethod
    def _act_line(act: Any, locale: str | None) -> str:
        params = dict(act.params)
        player = Person(act.actor_id, str(params.pop("name", "")))
        return render(msg("log.act", version=act.version,
                          what=msg(f"act.{act.kind}", player=player, **params)), locale)

    def _require_started(self, head: Any) -> None:
        if head.state is None:
            raise ServiceError("error.not_active", game_id=head.game.id, status=head.game.status)

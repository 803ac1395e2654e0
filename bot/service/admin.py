"""What a lobby's creator and a server's admins may do without a vote: cancel, kick, pause,
resume, extend, force-start. Whether the caller is an admin (Manage Server, or the server's
admin role) is a Discord fact the adapter passes in; the service refuses when it is not
claimed. Every act goes into the game log with who did it (``table_acts``)."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import Person, msg
from bot.service.core import SEAT_TIMERS
from bot.service.effects import Effect, Outcome, Post
from bot.service.errors import ServiceError
from bot.service.validate import check_game_id, check_seat, check_user_id
from bot.service.votes import VoteOps
from storage import repo
from storage.models import Vote

ADMIN_ACTS = ("pause", "resume", "extend", "start")


class AdminOps(VoteOps):
    async def cancel(self, game_id: int, user_id: int, name: str, *, admin: bool = False
                     ) -> Outcome:
        """The creator cancels their lobby; an admin any game. (A running game's players
        cancel it by vote.)"""
        check_game_id(game_id)
        check_user_id(user_id)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            status = head.game.status
            if status not in ("lobby", "starting", "active"):
                raise ServiceError("error.not_active", game_id=game_id, status=status)
            creator = user_id == head.game.creator_id and status in ("lobby", "starting")
            if not (creator or admin):
                raise ServiceError("error.not_admin" if status == "active"
                                   else "error.not_creator_or_admin", game_id=game_id)
            async with self._tx() as conn:
                await repo.update_game(conn, game_id, status="abandoned",
                                       finished_at=self.clock.now())
                await repo.clear_deadlines(conn, game_id)
                await self._log_act(conn, head, user_id, "cancel", name=name)
            head.game.status = "abandoned"
            self._forget(game_id)
        told = msg("admin.cancelled", player=Person(user_id, name), game_id=game_id)
        return Outcome(game_id, told, head.game.version, [Post(game_id, told)])

    async def kick(self, game_id: int, user_id: int, name: str, seat: int, *,
                   admin: bool = False) -> Outcome:
        """A lobby's creator (or an admin) removes a seat from the lobby; an admin opens a
        running game's seat (the autopilot plays it until someone claims it)."""
        check_game_id(game_id)
        check_user_id(user_id)
        check_seat(seat)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            status = head.game.status
            target = next((s for s in head.seats if s.seat == seat), None)
            if target is None:
                raise ServiceError("error.no_such_seat", game_id=game_id, seat=seat + 1)
            effects: list[Effect] = []
            if status in ("lobby", "starting"):
                if not (admin or user_id == head.game.creator_id):
                    raise ServiceError("error.not_creator_or_admin", game_id=game_id)
                if target.user_id == head.game.creator_id:
                    raise ServiceError("error.kick_creator")
                kicked = head.person(seat) if target.bot else \
                    Person(target.user_id, target.display_name)
                async with self._tx() as conn:
                    await self._drop_seats(conn, head, [seat])
                    if status == "starting":
                        await self._back_to_lobby(conn, head)
                    await self._log_act(conn, head, user_id, "kick", name=name,
                                        kicked=target.display_name)
                told = msg("admin.kicked_lobby", player=Person(user_id, name), kicked=kicked,
                           game_id=game_id)
                effects.append(Post(game_id, told))
            elif status == "active":
                if not admin:
                    raise ServiceError("error.not_admin", game_id=game_id)
                if target.user_id is None:
                    raise ServiceError("error.seat_already_open", seat_no=seat + 1)
                kicked = head.person(seat)
                async with self._tx() as conn:
                    await repo.update_seat(conn, game_id, seat, user_id=None, active=False)
                    await repo.clear_deadlines(conn, game_id, [seat], SEAT_TIMERS)
                    await self._refresh_seats(head, conn)
                    await self._log_act(conn, head, user_id, "kick", name=name,
                                        kicked=target.display_name, seat=seat)
                told = msg("admin.kicked_seat", player=Person(user_id, name), kicked=kicked,
                           seat_label=head.label(seat), game_id=game_id, seat_no=seat + 1)
                effects.append(Post(game_id, told))
                effects += await self._autopilot(head)
            else:
                raise ServiceError("error.not_active", game_id=game_id, status=status)
        return Outcome(game_id, told, head.game.version, effects)

    async def admin_act(self, game_id: int, user_id: int, name: str, kind: str, *,
                        admin: bool = False, hours: float | None = None) -> Outcome:
        """pause, resume, extend (the current deadlines by ``hours``, default the game's
        deadline) or start (a lobby with enough players, skipping the ready check)."""
        check_game_id(game_id)
        check_user_id(user_id)
        if kind not in ADMIN_ACTS:
            raise ServiceError("error.admin_kind", kinds=", ".join(ADMIN_ACTS))
        if not admin:
            raise ServiceError("error.not_admin", game_id=game_id)
        if kind == "start":
            return await self._force_start(game_id, user_id, name)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            self._require_active(head)
            self._check_useful(head, kind, None)
            due = None
            if kind == "extend":
                if hours is not None:
                    low, high = (self.settings.min_deadline_hours,
                                 self.settings.max_deadline_hours)
                    if not low <= hours <= high:
                        raise ServiceError("error.bad_hours", low=low, high=high)
                    more = timedelta(hours=hours)
                else:  # one more turn's time, the game's deadline
                    more = self._turn_time(head)
                # Extending adds to the deadline that runs now (never earlier than now).
                current = await self._next_deadline(head)
                now = self.clock.now()
                if current is not None and current.tzinfo is None:
                    current = current.replace(tzinfo=now.tzinfo)
                due = max(current or now, now) + more
            # The same acts as the table's votes, carried out at once.
            vote = Vote(game_id=game_id, kind=kind, proposer_id=user_id, ballots={})
            async with self._tx() as conn:
                effects = await self._carry_out(conn, head, vote, due=due)
                await self._log_act(conn, head, user_id, kind, name=name,
                                    **({"hours": hours} if hours is not None else {}))
            if kind == "extend" and due is not None:
                told = msg("admin.extend_by", player=Person(user_id, name), game_id=game_id,
                           hours=_hours(more), deadline=due)
            else:
                told = msg(f"admin.{kind}", player=Person(user_id, name), game_id=game_id)
        return Outcome(game_id, told, head.game.version, [Post(game_id, told), *effects])

    async def _force_start(self, game_id: int, user_id: int, name: str) -> Outcome:
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            if head.game.status not in ("lobby", "starting"):
                raise ServiceError("error.not_in_lobby", game_id=game_id)
            if len(head.seats) < head.rules.min_seats:
                raise ServiceError("error.too_few_players", title=head.rules.title,
                                   min_seats=head.rules.min_seats, n=len(head.seats))
            async with self._tx() as conn:
                await self._log_act(conn, head, user_id, "start", name=name)
            outcome = await self._begin(head)
        told = Post(game_id, msg("admin.start", player=Person(user_id, name), game_id=game_id))
        outcome.effects.insert(0, told)
        return outcome


def _hours(span: timedelta) -> str:
    """A span in hours as players read it: "24", "1.5"."""
    hours = round(span.total_seconds() / 3600, 2)
    return f"{hours:g}"

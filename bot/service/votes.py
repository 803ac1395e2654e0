"""Table votes: pause, resume, extend, cancel, replace a seat; resigning and claiming seats."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot.i18n import Msg, Person, msg
from bot.service.core import SEAT_TIMERS, ServiceCore
from bot.service.effects import Effect, Notify, Outcome, Post
from bot.service.errors import ServiceError
from bot.service.heads import Head
from bot.service.validate import check_game_id, check_seat, check_user_id, quote
from storage import repo
from storage.models import Vote

VOTE_KINDS = ("pause", "resume", "extend", "cancel", "replace", "rollback")


class VoteOps(ServiceCore):
    async def vote(self, game_id: int, user_id: int, kind: str, yes: bool = True,
                   target_seat: int | None = None) -> Outcome:
        """Open a vote of ``kind`` (the proposer votes yes) or cast a ballot on the open one."""
        check_game_id(game_id)
        check_user_id(user_id)
        if not isinstance(kind, str) or kind not in VOTE_KINDS:
            raise ServiceError("error.vote_kind", kind=quote(kind))
        if target_seat is not None:
            check_seat(target_seat)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            seat = self._seat_or_fail(head, user_id)
            if head.game.status != "active":
                raise ServiceError("error.not_active", game_id=game_id, status=head.game.status)
            async with self.engine.connect() as conn:
                current = [v for v in await repo.open_votes(conn, game_id) if v.kind == kind]
            effects: list[Effect] = []
            if current:
                vote = current[0]
            else:
                self._check_useful(head, kind, target_seat)
                vote = Vote(game_id=game_id, kind=kind, target_seat=target_seat,
                            proposer_id=user_id, ballots={}, created_at=self.clock.now())
                closes = self.clock.now() + timedelta(hours=self.settings.vote_hours)
                async with self._tx() as conn:
                    vote.id = await repo.insert_vote(
                        conn, game_id=game_id, kind=kind, target_seat=target_seat,
                        proposer_id=user_id, ballots={}, open=True,
                        created_at=self.clock.now())
                    # A vote nobody finishes closes by itself: the row is its timer.
                    await repo.add_deadlines(conn, [{
                        "game_id": game_id, "seat": -1, "kind": f"vote:{vote.id}",
                        "due_at": closes, "version": head.game.version}])
                effects.append(Post(game_id, msg(
                    "vote.opened", player=head.person(seat.seat), what=self._what(head, vote),
                    game_id=game_id, needed=self._needed(head, vote), kind=kind,
                    closes=closes)))
            vote.ballots = {**vote.ballots, str(user_id): yes}
            effects += await self._tally(head, vote, seat.seat, yes)
            said = [e.msg for e in effects if isinstance(e, Post)]
            if vote.kind == "rollback" and any(m.key == "vote.passed" for m in said):
                # Outside the vote's transaction: a rollback writes the log and the head.
                effects += await self._roll_back(  # type: ignore[attr-defined]
                    head, vote.proposer_id, head.seat_of(vote.proposer_id).display_name
                    if head.seat_of(vote.proposer_id) else "", vote.target_seat or 0)
            effects += await self._autopilot(head)  # a seat the vote opened is played at once
        return Outcome(game_id, said[-1] if said else msg("move.accepted"),
                       head.game.version, effects)

    def _check_useful(self, head: Head, kind: str, target: int | None) -> None:
        reason = None
        if kind == "pause" and head.game.paused:
            reason = "the game is already paused"
        if kind == "resume" and not head.game.paused:
            reason = "the game is not paused"
        if kind == "rollback":
            self._check_rollback(head, target)  # type: ignore[attr-defined]
            return
        if kind == "replace":
            if target is None:
                raise ServiceError("error.vote_target")
            if not any(s.seat == target for s in head.seats):
                raise ServiceError("error.no_such_seat", game_id=head.game.id, seat=target)
            if head.user_of(target) is None:
                reason = "that seat is already open"
        if reason:
            raise ServiceError("error.vote_pointless", reason=reason)

    def _eligible(self, head: Head, vote: Vote) -> set[int]:
        return {s.user_id for s in head.seats if s.user_id is not None
                and not (vote.kind == "replace" and s.seat == vote.target_seat)}

    def _needed(self, head: Head, vote: Vote) -> int:
        eligible = len(self._eligible(head, vote))
        return eligible if vote.kind == "rollback" else eligible // 2 + 1  # unanimous

    def _what(self, head: Head, vote: Vote) -> Msg:
        if vote.kind == "replace":
            seat = vote.target_seat or 0
            return msg("vote.what.replace", seat_label=head.label(seat))
        if vote.kind == "rollback":
            return msg("vote.what.rollback", to=vote.target_seat or 0)
        return msg(f"vote.what.{vote.kind}")

    async def _tally(self, head: Head, vote: Vote, seat: int, yes: bool) -> list[Effect]:
        gid = head.game.id or 0
        eligible = self._eligible(head, vote)
        ballots = {int(k): v for k, v in vote.ballots.items() if int(k) in eligible}
        n_yes = sum(ballots.values())
        n_no = len(ballots) - n_yes
        needed = self._needed(head, vote)
        what = self._what(head, vote)
        effects: list[Effect] = [Post(gid, msg(
            "vote.cast", player=head.person(seat), choice=msg("vote.yes" if yes else "vote.no"),
            what=what, yes=n_yes, no=n_no, needed=needed))]
        passed, failed = n_yes >= needed, n_no > len(eligible) - needed
        async with self._tx() as conn:
            await repo.update_vote(conn, vote.id or 0, ballots=vote.ballots,
                                   open=not (passed or failed),
                                   outcome="passed" if passed else "failed" if failed else None)
            if passed or failed:
                await repo.clear_deadlines(conn, gid, kinds=[f"vote:{vote.id}"])
            if passed:
                effects.append(Post(gid, msg("vote.passed", what=what)))
                effects += await self._carry_out(conn, head, vote)
            elif failed:
                effects.append(Post(gid, msg("vote.failed", what=what)))
        return effects

    async def _carry_out(self, c: AsyncConnection, head: Head, vote: Vote,
                         due: datetime | None = None) -> list[Effect]:
        """Do what a passed vote (or an admin) decided; ``due``: new deadlines (default: the
        game's deadline from now)."""
        gid = head.game.id or 0
        state = head.state
        awaiting = sorted(head.rules.awaiting(state)) if state is not None else []
        due = due or self.clock.now() + self._turn_time(head)
        if vote.kind == "pause":
            await repo.update_game(c, gid, paused=True)
            await repo.clear_deadlines(c, gid, kinds=SEAT_TIMERS)
            head.game.paused = True
            return [Post(gid, msg("game.paused", game_id=gid))]
        if vote.kind == "resume":
            await repo.update_game(c, gid, paused=False)
            head.game.paused = False
            await self._schedule(c, head, awaiting, head.game.version, due=due)
            return [Post(gid, msg("game.resumed", game_id=gid, deadline=due))]
        if vote.kind == "extend":
            await repo.clear_deadlines(c, gid, kinds=SEAT_TIMERS)
            if not head.game.paused:
                await self._schedule(c, head, awaiting, head.game.version, due=due)
            return [Post(gid, msg("game.extended", game_id=gid, deadline=due))]
        if vote.kind == "rollback":
            return []  # carried out by ``vote`` once this transaction is closed
        if vote.kind == "cancel":
            await repo.update_game(c, gid, status="abandoned", finished_at=self.clock.now())
            await repo.clear_deadlines(c, gid)
            head.game.status = "abandoned"
            return [Post(gid, msg("game.cancelled", game_id=gid))]
        seat = vote.target_seat or 0
        await repo.update_seat(c, gid, seat, user_id=None, active=False)
        await self._refresh_seats(head, c)
        return [Post(gid, msg("seat.opened", seat_label=head.label(seat), game_id=gid,
                              seat_no=seat + 1))]

    async def _vote_expired(self, head: Head, row: Any) -> list[Effect]:
        """A vote still open at its closing time fails as expired; the table is told."""
        gid = head.game.id or 0
        vote_id = int(row.kind.split(":", 1)[1])
        async with self._tx() as conn:
            await repo.delete_deadline(conn, row.id or 0, self.instance)
            vote = next((v for v in await repo.open_votes(conn, gid) if v.id == vote_id), None)
            if vote is None:
                return []
            await repo.update_vote(conn, vote_id, open=False, outcome="expired")
        return [Post(gid, msg("vote.expired", what=self._what(head, vote), game_id=gid))]

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """Leave a running game: the seat opens, the autopilot plays it until someone claims
        it, and the table is told."""
        check_game_id(game_id)
        check_user_id(user_id)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            seat = self._seat_or_fail(head, user_id)
            self._require_active(head)
            person = head.person(seat.seat)
            async with self._tx() as conn:
                await repo.update_seat(conn, game_id, seat.seat, user_id=None, active=False)
                await repo.clear_deadlines(conn, game_id, [seat.seat], SEAT_TIMERS)
                await self._refresh_seats(head, conn)
                await self._log_act(conn, head, user_id, "resign", name=seat.display_name)
            told = msg("seat.resigned", player=person, seat_label=head.label(seat.seat),
                       game_id=game_id, seat_no=seat.seat + 1)
            effects: list[Effect] = [Post(game_id, told)]
            effects += await self._autopilot(head)
        return Outcome(game_id, told, head.game.version, effects)

    async def claim(self, game_id: int, seat: int, user_id: int, name: str) -> Outcome:
        """Take an open (abandoned or replaced) seat; its private state goes to the new owner."""
        check_game_id(game_id)
        check_seat(seat)
        check_user_id(user_id)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            if head.game.status != "active":
                raise ServiceError("error.not_active", game_id=game_id, status=head.game.status)
            if head.seat_of(user_id) is not None:
                raise ServiceError("error.already_seated", game_id=game_id)
            target = next((s for s in head.seats if s.seat == seat), None)
            if target is None:
                raise ServiceError("error.no_such_seat", game_id=game_id, seat=seat)
            if target.user_id is not None:
                raise ServiceError("error.seat_not_open", seat=seat)
            async with self._tx() as conn:
                await repo.update_seat(conn, game_id, seat, user_id=user_id, display_name=name,
                                       active=True, dm_ok=True, missed=0, bot=False,
                                       excuses_left=head.game.excuses)
                await self._refresh_seats(head, conn)
        label = head.label(seat)
        claimed = msg("seat.claimed", player=Person(user_id, name), seat_label=label,
                      game_id=game_id)
        awaited = head.state is not None and seat in head.rules.awaiting(head.state)
        note = msg("game.your_seat", seat_label=label, game_id=game_id)
        effects: list[Effect] = [Post(game_id, claimed),
                                 Notify(game_id, seat, user_id, note, show_private=True)]
        if awaited:
            effects.append(Notify(game_id, seat, user_id, msg(
                "game.your_turn", game_id=game_id, progress=head.rules.progress(head.state, seat),
                deadline=self._deadline_for(head))))
        return Outcome(game_id, claimed, head.game.version, effects)

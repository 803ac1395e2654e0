"""Rolling a game back to an earlier point of its log (a misclick, a bug, a dispute).

Nothing is deleted. A rollback is itself a logged row (``source="rollback"``, seat -1, action
``$rollback`` with the version it returns to) that moves the version on, so every button of a
later version goes stale; replaying the log reads that row as "the state at that version
again" (``rebuild``), so ``db verify`` still holds; secret choices made after the point are
simply undone, and their seats are asked again. An admin rolls back at once; the seated
players do it by a unanimous vote (``/game vote kind:rollback``)."""

from __future__ import annotations

from typing import Any

from bot.i18n import Person, msg
from bot.service.core import ServiceCore
from bot.service.effects import BoardChanged, Effect, Outcome, Post
from bot.service.errors import ServiceError
from bot.service.heads import Head
from bot.service.validate import check_game_id, check_user_id
from rules.canonical_json import hash_json
from storage.batch import MoveWrite

ROLLBACK = "$rollback"


class RollbackOps(ServiceCore):
    async def rollback(self, game_id: int, user_id: int, name: str, to: int, *,
                       admin: bool = False) -> Outcome:
        """An admin's rollback to version ``to`` (the players vote for theirs)."""
        check_game_id(game_id)
        check_user_id(user_id)
        if not admin:
            raise ServiceError("error.not_admin", game_id=game_id)
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            effects = await self._roll_back(head, user_id, name, to)
        said = effects[0].msg if effects and isinstance(effects[0], Post) else msg(
            "move.accepted")
        return Outcome(game_id, said, head.game.version, effects)

    def _check_rollback(self, head: Head, to: Any) -> int:
        if head.state is None or head.game.status not in ("active", "finished"):
            raise ServiceError("error.not_active", game_id=head.game.id,
                               status=head.game.status)
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < head.game.version:
            raise ServiceError("error.rollback_point", version=head.game.version - 1)
        return to

    async def _roll_back(self, head: Head, actor_id: int | None, name: str, to: int
                         ) -> list[Effect]:
        """Under the game's lock: write the rollback row and the state at ``to`` as head."""
        to = self._check_rollback(head, to)
        game, rules = head.game, head.rules
        gid = game.id or 0
        state = await self.rebuild(gid, upto=to)
        state_json = rules.to_json(state)
        version = game.version + 1
        now = self.clock.now()
        awaiting = sorted(rules.awaiting(state))
        result = rules.result(state)
        write = MoveWrite(
            game_id=gid, old_version=game.version,
            action={"game_id": gid, "seq": version, "seat": -1, "actor_id": actor_id,
                    "source": "rollback",
                    "action": {"kind": ROLLBACK, "params": {"to": to}}, "events": [],
                    "state_hash": hash_json(state_json), "interaction_id": None,
                    "created_at": now},
            game_values={"version": version, "state": state_json, "awaiting": awaiting,
                         "status": "finished" if result is not None else "active",
                         "result": result.to_json() if result is not None else None,
                         "finished_at": now if result is not None else None,
                         "updated_at": now},
            # A rolled-back head is a snapshot: rebuilds from here need not replay the jump.
            snapshot={"game_id": gid, "seq": version, "state": state_json,
                      "rules_version": rules.rules_version},
            # One transaction: the seats' timers start again from the returned point (a vote's
            # timer, seat -1, stays), and the act goes into the log with who did it.
            clear_seats=[s.seat for s in head.seats],
            deadlines=(await self._deadline_rows(head, awaiting, version, state=state)
                       if result is None and not game.paused else []),
            acts=[{"game_id": gid, "version": version, "actor_id": actor_id,
                   "kind": "rollback", "params": {"name": name, "to": to}, "created_at": now}],
        )
        await self.writer.write(write)
        was_finished = game.status == "finished"
        game.version, game.state, game.awaiting = version, state_json, awaiting
        head.next_due = (version, self._other_writes, write.next_deadline)
        game.status = "finished" if result is not None else "active"
        game.result = write.game_values["result"]
        head.move_to(state)
        self._remember(head)
        if was_finished:  # its result no longer counts (or counts differently)
            await self._ratings_changed(head)
        told = Post(gid, msg("game.rolled_back", player=Person(actor_id, name), to=to,
                             game_id=gid))
        # Everyone the game now waits for is asked again, as after any move.
        effects = [told, BoardChanged(gid, version),
                   *self._effects_of(head, [], set(awaiting), version)]
        return await self._with_board(head, effects + await self._autopilot(head))

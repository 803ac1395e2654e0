"""The commit path of a move: the new state, the log row, the deadlines it renews, written
in one batch and checked against the game's version; the head moved on after."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from bot.i18n import msg
from bot.metrics import DATABASE_ERRORS
from bot.service.effects import (
    Effect,
    Outcome,
)
from bot.service.errors import ServiceError, StaleVersion, first_line
from bot.service.heads import Head
from rules.base import Action, Event
from rules.canonical_json import canonical_json
from storage import repo
from storage.batch import JSONText, MoveWrite
from storage.stats import deadline_moves

SNAPSHOT_EVERY = 50
RECENT_INTERACTIONS = 4096

log = logging.getLogger(__name__)


class CommitPath:
    """Committing a move (a mixin of ``ServiceCore``, which holds the writer and the
    head cache)."""

    async def _commit_move(
        self,
        head: Head,
        seat: int,
        actor_id: int | None,
        action: Action,
        new_state: Any,
        events: list[Event],
        *,
        source: str,
        interaction_id: str | None,
        seat_updates: list[dict[str, Any]] | None = None,
    ) -> list[Effect]:
        rules, game = head.rules, head.game
        game_id = game.id or 0
        old_version = game.version
        version = old_version + 1
        old_awaiting = set(game.awaiting)
        new_awaiting = set(head.awaiting_in(new_state))
        result = rules.result(new_state)
        state_json = rules.to_json(new_state)
        # Serialized once: the text is hashed and written as is (not encoded again).
        state_text = JSONText(canonical_json(state_json))
        state_hash = hashlib.sha256(state_text.encode()).hexdigest()
        now = self.clock.now()
        values: dict[str, Any] = {"version": version, "state": state_text,
                                  "awaiting": sorted(new_awaiting)}
        if result is not None:
            values.update(status="finished", result=result.to_json(), finished_at=now)
        # A seat that stays awaited keeps its deadline while its decision (a turn, a set of
        # secret orders) is still open; it gets a fresh one when the game moved on publicly
        # and what it owes changed (the next auction, a new round).
        renewed = new_awaiting - old_awaiting
        # A seat still awaited whose decision changed (a teammate's offer to answer, the next
        # auction) is told what it now owes; its deadline starts afresh only after a public
        # event (a private one, such as an offer, must not buy its sender's partner time).
        changed = {s for s in new_awaiting & old_awaiting
                   if head.progress_in(new_state, s) != head.progress_in(head.state, s)
                   } if head.state is not None else set()
        if any(e.visible_to is None for e in events):
            renewed |= changed
        dropped = old_awaiting - new_awaiting
        write = MoveWrite(
            game_id=game_id, old_version=old_version,
            action={"game_id": game_id, "seq": version, "seat": seat, "actor_id": actor_id,
                    "source": source, "action": action.to_json(),
                    "events": [e.to_json() for e in events], "state_hash": state_hash,
                    "interaction_id": interaction_id, "created_at": now},
            game_values={**values, "updated_at": now},
            seat_updates=seat_updates or [],
        )
        if version % SNAPSHOT_EVERY == 0:
            write.snapshot = {"game_id": game_id, "seq": version, "state": state_text,
                              "rules_version": rules.rules_version}
        if result is not None:
            write.clear_all_deadlines = True
        else:
            write.clear_seats = sorted(dropped | renewed)
            if not game.paused:
                write.deadlines = await self._deadline_rows(head, renewed, version,
                                                            state=new_state)
        try:
            await self.writer.write(write)
        except IntegrityError:
            self._forget(game_id)
            if interaction_id is not None:
                async with self.engine.connect() as conn:
                    if await repo.action_by_interaction(conn, interaction_id):
                        raise _Duplicate(interaction_id) from None
            raise StaleVersion(old_version) from None
        except repo.VersionConflict:
            self._forget(game_id)
            raise StaleVersion(old_version) from None
        except (OperationalError, sqlite3.OperationalError) as exc:
            # A full disk, a read-only or locked database: nothing was committed. The player
            # hears "could not save, try again"; the operator gets one line, not a traceback.
            self._forget(game_id)
            DATABASE_ERRORS.labels("move").inc()
            log.error("game #%s: could not save move %s (%s): %s", game_id, version,
                      action.kind, first_line(exc))
            raise ServiceError("error.save_failed") from None
        # Into the row object's fields directly: it belongs to no ORM session, so SQLModel's
        # per-field setter (validation, change tracking) is work for nothing on every move.
        # The state as the text just stored, not its JSON tree: the head's state is ``state``
        # (nothing reads the row's), and a second tree in every cached head doubled the
        # objects the garbage collector walks (service bench: ~0.1 ms a move with 16 players).
        game.__dict__.update(version=version, state=state_text, awaiting=sorted(new_awaiting))
        head.next_due = (version, self._other_writes, write.next_deadline)
        if result is not None:
            game.__dict__.update(status="finished", result=result.to_json(), finished_at=now)
        head.move_to(new_state)
        if interaction_id is not None:
            self._recent[interaction_id] = (game_id, version)
            while len(self._recent) > RECENT_INTERACTIONS:
                self._recent.popitem(last=False)
        # A player's own private events come back as the reply to their move, not as a DM.
        quiet = {seat} if source == "player" else set()
        missed = None
        if result is not None:  # the standings name each seat's missed deadlines: one read
            async with self.engine.connect() as conn:
                missed = await deadline_moves(conn, game_id)
            await self._ratings_changed(head)
        return self._effects_of(head, events, (new_awaiting - old_awaiting) | (changed - quiet),
                                version, quiet, missed)


class _Duplicate(Exception):
    def __init__(self, interaction_id: str) -> None:
        super().__init__(interaction_id)
        self.interaction_id = interaction_id


def duplicate_outcome(game_id: int, version: int) -> Outcome:
    return Outcome(game_id, msg("move.duplicate"), version, [], duplicate=True)

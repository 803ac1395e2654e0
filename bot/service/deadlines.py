"""Reminders, deadlines and the start-of-game ready check, driven from database rows so a
restart loses none of them. ``run_due`` is idempotent: a processed row is deleted in the same
transaction that acts on it."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from datetime import UTC, timedelta
from typing import Any

from bot import logs
from bot.i18n import Lines, Person, available_locales, msg
from bot.metrics import DUE, DUE_LATENESS, REMINDERS
from bot.service.core import SEAT_TIMERS, ServiceCore
from bot.service.effects import Effect, Notify, Outcome, Post
from bot.service.errors import ServiceError, StaleVersion
from bot.service.heads import Head
from storage import repo
from storage.models import Deadline, GuildSettings

log = logging.getLogger(__name__)

#: A bound on the defaults applied for one missed deadline (a stuck engine must not spin).
MAX_DEFAULTS_PER_MISS = 50


class DeadlineOps(ServiceCore):
    async def run_due(self) -> list[Effect]:
        """Act on every reminder/deadline that is due now; returns the effects to deliver.

        Several bot processes may run this on one database: each first takes the due rows
        nobody holds (``repo.claim_due``), and a row is deleted, in the transaction that acts
        on it, only while this process still holds it — so each is acted on once, and a
        crashed process's rows are taken over when its lease runs out."""
        now = self.clock.now()
        async with self._tx() as conn:
            due = await repo.claim_due(conn, now, self.instance,
                                       now + timedelta(seconds=self.settings.claim_seconds))
        by_game: dict[int, list[Deadline]] = defaultdict(list)
        for row in due:
            by_game[row.game_id].append(row)
            DUE.labels(row.kind.split(":", 1)[0]).inc()
            due_at = row.due_at if row.due_at.tzinfo else row.due_at.replace(tzinfo=UTC)
            DUE_LATENESS.observe(max(0.0, (now - due_at).total_seconds()))  # SQLite: naive
        effects: list[Effect] = []
        for game_id, rows in by_game.items():
            logs.bind(game_id=game_id)
            async with self.locks.hold(game_id):
                try:
                    head = await self._head(game_id, fresh=True)
                    effects += await self._with_board(head, await self._run_game(head, rows))
                except (repo.LostClaim, StaleVersion):
                    # Another process took the row over (our lease ran out) or moved the
                    # game first: what it did stands, and this process does nothing more.
                    log.info("game #%s: a due row was done by another process", game_id)
                    self._forget(game_id)
        return effects

    async def _run_game(self, head: Head, rows: list[Deadline]) -> list[Effect]:
        game_id = head.game.id or 0
        async with self.engine.connect() as conn:
            live = {r.id for r in await repo.deadlines_of(conn, game_id)}
        rows = [r for r in rows if r.id in live]  # a move may have cleared some meanwhile
        effects: list[Effect] = []
        ready = [r for r in rows if r.kind == "ready_check"]
        if ready:
            effects += await self._ready_check_expired(head, ready[0])
        for row in (r for r in rows if r.kind == "lobby_expire"):
            effects += await self._lobby_expired(head, row)
        for row in (r for r in rows if r.kind.startswith("vote:")):
            effects += await self._vote_expired(head, row)  # type: ignore[attr-defined]
        reminders = [r for r in rows if r.kind.startswith("remind")]
        if reminders:
            effects += await self._remind(head, reminders)
        for row in (r for r in rows if r.kind == "deadline"):
            effects += await self._expire(head, row)
        return effects

    async def _ready_check_expired(self, head: Head, row: Deadline) -> list[Effect]:
        async with self._tx() as conn:
            await repo.delete_deadline(conn, row.id or 0, self.instance)
            if head.game.status != "starting":
                return []
            dropped = [s for s in head.seats if not s.ready]
            await self._drop_seats(conn, head, [s.seat for s in dropped])
            await self._back_to_lobby(conn, head)
        gid = head.game.id or 0
        return [Post(gid, msg("lobby.dropped", game_id=gid,
                              players=[Person(s.user_id, s.display_name) for s in dropped]))]

    async def _lobby_expired(self, head: Head, row: Deadline) -> list[Effect]:
        """A lobby nobody joined, left or started for the server's idle time closes."""
        gid = head.game.id or 0
        async with self._tx() as conn:
            await repo.delete_deadline(conn, row.id or 0, self.instance)
            if head.game.status != "lobby":
                return []
            await repo.update_game(conn, gid, status="abandoned", finished_at=self.clock.now())
            await repo.clear_deadlines(conn, gid)
            await self._log_act(conn, head, None, "expire", name="")
        head.game.status = "abandoned"
        self._forget(gid)
        return [Post(gid, msg("lobby.expired", game_id=gid, title=head.game.title))]

    async def _remind(self, head: Head, rows: list[Deadline]) -> list[Effect]:
        gid = head.game.id or 0
        async with self._tx() as conn:
            for r in rows:
                await repo.delete_deadline(conn, r.id or 0, self.instance)
            pending = {d.seat: d.due_at for d in await repo.deadlines_of(conn, gid)
                       if d.kind == "deadline"}
        if head.game.status != "active" or head.state is None:
            return []
        awaiting = head.rules.awaiting(head.state)
        seats = sorted({r.seat for r in rows} & set(awaiting))
        if not seats:
            return []
        due = min((pending[s] for s in seats if s in pending), default=self.clock.now())
        mentions = tuple(u for s in seats if (u := head.user_of(s)) is not None)
        # The thread hears who is late and when the deadline falls, nothing more: what a seat
        # still owes ("3 areas without orders") is its own secret and goes to it privately.
        effects: list[Effect] = [Post(gid, msg("deadline.reminder", game_id=gid, deadline=due,
                                               players=[head.person(s) for s in seats]),
                                      mentions)]
        REMINDERS.inc(len(seats))
        for s in seats:
            if (user := head.user_of(s)) is not None:
                effects.append(Notify(gid, s, user, msg(
                    "deadline.reminder_private", game_id=gid, deadline=pending.get(s, due),
                    progress=head.rules.progress(head.state, s))))
        return effects

    async def _expire(self, head: Head, row: Deadline) -> list[Effect]:
        gid = head.game.id or 0
        if head.game.status != "active" or head.state is None or head.game.paused:
            async with self._tx() as conn:
                await repo.delete_deadline(conn, row.id or 0, self.instance)
            return []
        seat = next((s for s in head.seats if s.seat == row.seat), None)
        if seat is None or row.seat not in head.rules.awaiting(head.state):
            async with self._tx() as conn:
                await repo.delete_deadline(conn, row.id or 0, self.instance)
            return []
        if seat.user_id is None:
            # A seat nobody holds is the AI's, which plays at once; its deadline falls only when
            # that was cut short (a restart): the AI plays on, no default, no missed deadline.
            async with self._tx() as conn:
                await repo.delete_deadline(conn, row.id or 0, self.instance)
            return await self._autopilot(head)
        # A quick question (a share of the deadline: a yes/no between turns) is answered by
        # its default when its time is up: silence there is a choice, not an absence, so it
        # spends no excuse and counts as no missed deadline.
        quick = head.rules.deadline_share(head.state) < 1
        if seat.excuses_left > 0 and seat.user_id is not None and not quick:
            new_due = self.clock.now() + self._turn_time(head)
            async with self._tx() as conn:
                await repo.delete_deadline(conn, row.id or 0, self.instance)
                await repo.clear_deadlines(conn, gid, [row.seat], SEAT_TIMERS)
                await repo.update_seat(conn, gid, row.seat, excuses_left=seat.excuses_left - 1)
                await self._schedule(conn, head, [row.seat], head.game.version, due=new_due)
                await self._refresh_seats(head, conn)
            return [Post(gid, msg("deadline.excused", player=head.person(row.seat),
                                  left=seat.excuses_left - 1, deadline=new_due),
                         (seat.user_id,))]
        missed = seat.missed + (0 if quick else 1)

        # While the game waits for this seat alone, its turn is settled by defaults: a dice
        # game's turn is rolled and ended rather than given a second deadline in between. Once
        # others are awaited too (a new round, a simultaneous phase) it gets a fresh deadline.
        done: list[str] = []
        effects: list[Effect] = []
        for _ in range(MAX_DEFAULTS_PER_MISS):
            action = head.rules.default_action(head.state, row.seat)
            new_state, events = head.rules.apply(head.state, row.seat, action)
            effects += await self._commit_move(head, row.seat, None, action, new_state, events,
                                               source="deadline", interaction_id=None,
                                               seat_updates=[{"seat": row.seat,
                                                              "missed": missed}]
                                               if not done and not quick else None)
            done.append(action.kind)
            if head.game.status != "active" or head.rules.awaiting(head.state) != {row.seat}:
                break
        seat.missed = missed
        # The public notice says what was done in the words of the moves' public log lines
        # (never the action's kind or parameters: whether a house card was already chosen, or
        # which cards a default discards, is secret); the seat hears the rest privately.
        told: list[Any] = []
        rest: list[Effect] = []
        for effect in effects:
            if isinstance(effect, Post) and effect.msg.key == "engine.lines":
                told += effect.msg.params["lines"]
            else:
                rest.append(effect)
        person = head.person(row.seat)
        key = "deadline.window_closed" if quick else "deadline.defaulted"
        notice = Post(gid, msg(key, player=person, lines=Lines(told))
                      if told else msg(f"{key}_quiet", player=person))
        mine: list[Effect] = []
        if seat.user_id is not None and not quick:
            mine.append(Notify(gid, row.seat, seat.user_id,
                               msg("deadline.defaulted_you", game_id=gid)))
        opened = [] if quick else await self._open_if_absent(head, row.seat, missed)
        return [notice, *mine, *rest, *opened, *await self._autopilot(head)]

    async def _open_if_absent(self, head: Head, seat: int, missed: int) -> list[Effect]:
        """After the server's number of consecutive missed deadlines the seat opens: the
        autopilot plays it at once, and its player can take it back with /game claim."""
        gid = head.game.id or 0
        limit = (await self.guild_settings(head.game.guild_id)).auto_open_after
        holder = next((s for s in head.seats if s.seat == seat), None)
        if (limit <= 0 or missed < limit or holder is None or holder.user_id is None
                or head.game.status != "active"):
            return []
        person = head.person(seat)
        async with self._tx() as conn:
            await repo.update_seat(conn, gid, seat, user_id=None, active=False)
            await repo.clear_deadlines(conn, gid, [seat], SEAT_TIMERS)
            await self._refresh_seats(head, conn)
            await self._log_act(conn, head, holder.user_id, "auto_open",
                                name=holder.display_name)
        return [Post(gid, msg("seat.auto_opened", player=person, n=missed, game_id=gid,
                              seat_label=head.label(seat), seat_no=seat + 1))]

    async def save_guild_settings(self, guild_id: int, **values: Any) -> Outcome:
        if values.get("locale") is not None and values["locale"] not in available_locales():
            raise ServiceError("error.bad_language", languages=", ".join(available_locales()))
        """Change a server's settings (the adapter checks the caller may); None keeps a value."""
        values = {k: v for k, v in values.items() if v is not None}
        async with self._tx() as conn:
            if values:
                await repo.save_guild_settings(conn, guild_id, **values)
            now = await repo.guild_settings(conn, guild_id)
        m = msg("server.saved", auto_open=now.auto_open_after or msg("server.never"),
                lobby_hours=f"{now.lobby_expire_hours:g}",
                role=f"<@&{now.admin_role_id}>" if now.admin_role_id else msg("server.no_role"))
        return Outcome(0, m, 0, [])

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        """A server's settings (its defaults outside a server)."""
        if guild_id is None:
            return GuildSettings(guild_id=0)
        async with self.engine.connect() as conn:
            return await repo.guild_settings(conn, guild_id)

    # ---- user preferences and DMs ------------------------------------------------------------
    async def dm_closed(self, game_id: int, user_id: int) -> Outcome:
        """A DM to the user was refused (Discord 50007): stop DMing them and tell the table
        (once: a second refusal for a user already marked changes and says nothing)."""
        if not await self.dm_ok(user_id):
            return Outcome(game_id, msg("game.dm_closed", player=Person(user_id, "")), 0, [])
        async with self._tx() as conn:
            await repo.set_dm_ok(conn, user_id, False)
        for head in self._heads.values():
            for s in head.seats:
                if s.user_id == user_id:
                    s.dm_ok = False
        head = await self._head(game_id)
        seat = head.seat_of(user_id)
        name = seat.display_name if seat else str(user_id)
        m = msg("game.dm_closed", player=Person(user_id, name))
        return Outcome(game_id, m, head.game.version, [Post(game_id, m, (user_id,))])

    async def dm_ok(self, user_id: int) -> bool:
        return (await self.dm_target(user_id))[0]

    async def dm_target(self, user_id: int) -> tuple[bool, str | None]:
        """Whether a DM may be sent to the user (not turned off, not refused before) and the
        language they chose — one read for a private notice."""
        async with self.engine.connect() as conn:
            prefs = await repo.user_settings(conn, [user_id])
            games = await repo.games_for_user(conn, user_id, ["lobby", "starting", "active"])
            seats = [s for g in games for s in await repo.seats_of(conn, g.id or 0)
                     if s.user_id == user_id]
        locale = prefs[user_id].locale if user_id in prefs else None
        if user_id in prefs and not prefs[user_id].dm_enabled:
            return False, locale
        return (all(s.dm_ok for s in seats) if seats else True), locale

    async def save_settings(self, user_id: int, *, dm_enabled: bool | None = None,
                            remind_minutes: int | None = None, locale: str | None = None
                            ) -> Outcome:
        values: dict[str, object] = {}
        if dm_enabled is not None:
            values["dm_enabled"] = dm_enabled
        if remind_minutes is not None:
            if not 0 <= remind_minutes <= 7 * 24 * 60:
                raise ServiceError("error.bad_config",
                                   reason="Reminder lead time must be 0 to 10080 minutes.")
            values["remind_minutes"] = remind_minutes
        if locale is not None:
            if locale not in available_locales():
                raise ServiceError("error.bad_language", languages=", ".join(
                    available_locales()))
            values["locale"], values["locale_fixed"] = locale, True
            self._client_locales[user_id] = locale
            self.chosen_locales[user_id] = locale
        async with self._tx() as conn:
            if values:
                await repo.save_user_settings(conn, user_id, **values)
            if dm_enabled:  # the user says DMs work again: try them again
                await repo.set_dm_ok(conn, user_id, True)
            prefs = (await repo.user_settings(conn, [user_id])).get(user_id)
        self._heads.clear()
        self._remind_minutes.pop(user_id, None)
        dm = prefs.dm_enabled if prefs else True
        minutes = prefs.remind_minutes if prefs else self.settings.default_remind_minutes
        # Nothing asked to change: say what the settings are, not "saved".
        m = msg("settings.saved" if values or dm_enabled else "settings.current",
                dm=msg("settings.on" if dm else "settings.off"), minutes=minutes)
        return Outcome(0, m, 0, [])

    async def chosen_locale(self, user_id: int) -> str | None:
        """The language the user chose with `/game settings language:` (None if they chose
        none): it wins over their client's language in every reply. Read once per process."""
        if user_id not in self.chosen_locales:
            async with self.engine.connect() as conn:
                prefs = (await repo.user_settings(conn, [user_id])).get(user_id)
            self.chosen_locales[user_id] = prefs.locale if prefs and prefs.locale_fixed \
                else None
        return self.chosen_locales[user_id]

    def note_locale(self, user_id: int, locale: str) -> None:
        """The language of the user's Discord client, seen at an interaction: their DMs follow
        it unless they chose one. Cheap: remembered per process, written only on change."""
        if self._client_locales.get(user_id) == locale:
            return
        self._client_locales[user_id] = locale
        task = asyncio.get_running_loop().create_task(self._save_client_locale(user_id, locale))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _save_client_locale(self, user_id: int, locale: str) -> None:
        try:
            async with self._tx() as conn:
                prefs = (await repo.user_settings(conn, [user_id])).get(user_id)
                if prefs is None or (not prefs.locale_fixed and prefs.locale != locale):
                    await repo.save_user_settings(conn, user_id, locale=locale)
                elif prefs.locale_fixed:
                    self._client_locales[user_id] = prefs.locale
        except ServiceError:
            self._client_locales.pop(user_id, None)  # try again at the next interaction

    async def user_locale(self, user_id: int) -> str | None:
        async with self.engine.connect() as conn:
            prefs = await repo.user_settings(conn, [user_id])
        return prefs[user_id].locale if user_id in prefs else None

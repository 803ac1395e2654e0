"""Creating, joining, leaving and starting games (with a start-of-game ready check)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.i18n import Person, game_kind, msg
from bot.service.core import ServiceCore
from bot.service.effects import BoardChanged, Effect, GameSummary, Notify, Outcome, Post
from bot.service.errors import ServiceError
from bot.service.heads import Head
from rules.base import RuleViolation
from storage import repo


class LobbyOps(ServiceCore):
    async def create_game(
        self,
        creator_id: int,
        creator_name: str,
        game_type: str,
        *,
        config: dict[str, Any] | None = None,
        max_seats: int | None = None,
        deadline_hours: float = 24.0,
        excuses: int = 1,
        guild_id: int | None = None,
        channel_id: int | None = None,
        title: str = "",
        mode: str | None = None,
        bots: int = 0,
        difficulty: str | None = None,
    ) -> Outcome:
        """Open a lobby. ``mode`` names one of the game's declared variants (its options are
        the base; ``config`` overrides them). ``bots`` seats are taken by AI players at once,
        playing at ``difficulty`` (default normal)."""
        from bot.service.bots import difficulty_or_fail

        rules = self.rules_for(game_type)
        level = difficulty_or_fail(difficulty)
        config = {**self._mode_config(rules, mode), **(config or {})}
        seats = max_seats or rules.max_seats
        if not rules.min_seats <= seats <= rules.max_seats:
            raise ServiceError("error.bad_config", reason=(
                f"{rules.title} is for {rules.min_seats}–{rules.max_seats} players."))
        if not 0 <= bots < seats:  # the creator sits too
            raise ServiceError("error.too_many_bots", n=bots, max_bots=seats - 1)
        s = self.settings
        if not s.min_deadline_hours <= deadline_hours <= s.max_deadline_hours:
            raise ServiceError("error.bad_deadline", min=s.min_deadline_hours,
                               max=s.max_deadline_hours)
        seed = self._seed()
        try:  # validate the options now, not when the table has gathered
            config = rules.check_config(config, seats)
            rules.new_game(config, seats, seed)
        except RuleViolation as exc:
            raise ServiceError("error.bad_config", reason=exc.text or exc.message) from None
        title = title or rules.title
        async with self._tx() as conn:
            game_id = await repo.insert_game(
                conn, game_type=game_type, rules_version=rules.rules_version, title=title,
                guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                status="lobby", config=config, max_seats=seats, seed=seed,
                deadline_seconds=int(deadline_hours * 3600), excuses=excuses, awaiting=[],
                ai_difficulty=level, created_at=self.clock.now(), updated_at=self.clock.now(),
            )
            await repo.insert_seat(conn, game_id=game_id, seat=0, user_id=creator_id,
                                   display_name=creator_name, excuses_left=excuses,
                                   joined_at=self.clock.now())
            for seat in range(1, bots + 1):  # a bot is always ready
                await repo.insert_seat(conn, game_id=game_id, seat=seat, user_id=None,
                                       display_name="", bot=True, ready=True, excuses_left=0,
                                       joined_at=self.clock.now())
            expire = (await repo.guild_settings(conn, guild_id)).lobby_expire_hours \
                if guild_id is not None else None
            if expire:
                await repo.add_deadlines(conn, [self._lobby_expiry(game_id, expire)])
        hours = f"{deadline_hours:g} h"
        players = (msg("lobby.players_exact", n=seats) if seats == rules.min_seats
                   else msg("lobby.players_range", low=rules.min_seats, high=seats))
        effects: list[Effect] = [Post(game_id, msg(
            "lobby.created", title=title, game_id=game_id,
            kind=game_kind("lobby.kind", title, rules.title), players=players,
            deadline=hours))]
        if bots:
            effects.append(Post(game_id, msg("lobby.bots_seated", n=bots, game_id=game_id,
                                             difficulty=msg(f"difficulty.{level}"))))
        provisional = rules.provisional_content(config)
        if provisional:
            effects.append(Post(game_id, msg("lobby.provisional", items=[
                msg(f"{rules.id}.content.{name}") for name in provisional])))
        return Outcome(game_id, effects[0].msg, 0, effects)

    def _lobby_expiry(self, game_id: int, hours: float) -> dict[str, Any]:
        return {"game_id": game_id, "seat": -1, "kind": "lobby_expire", "version": 0,
                "due_at": self.clock.now() + timedelta(hours=hours)}

    async def _lobby_activity(self, conn: Any, head: Head) -> None:
        """A join or a leave keeps a lobby alive: its idle clock starts again."""
        if head.game.guild_id is None:
            return
        hours = (await repo.guild_settings(conn, head.game.guild_id)).lobby_expire_hours
        await repo.clear_deadlines(conn, head.game.id or 0, kinds=["lobby_expire"])
        if hours:
            await repo.add_deadlines(conn, [self._lobby_expiry(head.game.id or 0, hours)])

    @staticmethod
    def _mode_config(rules: Any, mode: str | None) -> dict[str, Any]:
        if not mode:
            return {}
        variants = {v.name: v for v in rules.variants()}
        if mode not in variants:
            raise ServiceError("error.bad_mode", mode=str(mode)[:40], title=rules.title,
                               modes=", ".join(variants))
        return dict(variants[mode].config)

    async def attach_thread(self, game_id: int, thread_id: int | None,
                            board_message_id: int | None = None) -> None:
        async with self.locks.hold(game_id):
            async with self._tx() as conn:
                values: dict[str, Any] = {"thread_id": thread_id}
                if board_message_id is not None:
                    values["board_message_id"] = board_message_id
                await repo.update_game(conn, game_id, **values)
            self._forget(game_id)

    async def set_board_message(self, game_id: int, message_id: int | None) -> None:
        async with self._tx() as conn:
            await repo.update_game(conn, game_id, board_message_id=message_id)
        self._forget(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Outcome:
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            if head.game.status != "lobby":
                raise ServiceError("error.not_in_lobby", game_id=game_id)
            if head.seat_of(user_id) is not None:
                raise ServiceError("error.already_seated", game_id=game_id)
            if len(head.seats) >= head.game.max_seats:
                raise ServiceError("error.lobby_full", game_id=game_id,
                                   max_seats=head.game.max_seats)
            async with self._tx() as conn:
                await repo.insert_seat(conn, game_id=game_id, seat=len(head.seats),
                                       user_id=user_id, display_name=name,
                                       excuses_left=head.game.excuses,
                                       joined_at=self.clock.now())
                await self._refresh_seats(head, conn)
                await self._lobby_activity(conn, head)
        m = msg("lobby.joined", player=Person(user_id, name), game_id=game_id,
                n=len(head.seats), max_seats=head.game.max_seats)
        return Outcome(game_id, m, 0, [Post(game_id, m)])

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            seat = self._seat_or_fail(head, user_id)
            if head.game.status not in ("lobby", "starting"):
                raise ServiceError("error.not_in_lobby", game_id=game_id)
            if user_id == head.game.creator_id:
                raise ServiceError("error.creator_leave")
            async with self._tx() as conn:
                await self._drop_seats(conn, head, [seat.seat])
                if head.game.status == "starting":
                    await self._back_to_lobby(conn, head)
                await self._lobby_activity(conn, head)
        m = msg("lobby.left", player=Person(user_id, seat.display_name), game_id=game_id,
                n=len(head.seats), max_seats=head.game.max_seats)
        return Outcome(game_id, m, 0, [Post(game_id, m)])

    async def start(self, game_id: int, user_id: int) -> Outcome:
        """The creator starts the ready check; the game begins once every seat confirms."""
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            if head.game.status != "lobby":
                raise ServiceError("error.not_in_lobby", game_id=game_id)
            if user_id != head.game.creator_id:
                creator = head.seat_of(head.game.creator_id)
                raise ServiceError("error.not_creator",
                                   creator=Person(head.game.creator_id,
                                                  creator.display_name if creator else "?"))
            if len(head.seats) < head.rules.min_seats:
                raise ServiceError("error.too_few_players", title=head.rules.title,
                                   min_seats=head.rules.min_seats, n=len(head.seats))
            until = self.clock.now() + timedelta(seconds=self.settings.ready_check_seconds)
            async with self._tx() as conn:
                await repo.update_game(conn, game_id, status="starting", ready_check_until=until)
                for s in head.seats:
                    await repo.update_seat(conn, game_id, s.seat,
                                          ready=s.user_id == user_id or s.bot)
                await repo.add_deadlines(conn, [{"game_id": game_id, "seat": -1,
                                                 "kind": "ready_check", "due_at": until,
                                                 "version": 0}])
                await self._refresh_seats(head, conn)
            head.game.status, head.game.ready_check_until = "starting", until
            if all(s.ready for s in head.seats):
                return await self._begin(head)
        unready = [s for s in head.seats if not s.ready]
        m = msg("lobby.ready_check", game_id=game_id,
                mentions=[Person(s.user_id, s.display_name) for s in unready], until=until)
        return Outcome(game_id, m, 0, [Post(game_id, m, tuple(s.user_id for s in unready
                                                               if s.user_id))])

    async def confirm_ready(self, game_id: int, user_id: int) -> Outcome:
        async with self.locks.hold(game_id):
            head = await self._head(game_id, fresh=True)
            seat = self._seat_or_fail(head, user_id)
            if head.game.status != "starting":
                raise ServiceError("error.not_starting", game_id=game_id)
            if seat.ready:  # a second click: the table heard it the first time
                return Outcome(game_id, msg("lobby.already_ready", game_id=game_id), 0, [])
            async with self._tx() as conn:
                await repo.update_seat(conn, game_id, seat.seat, ready=True)
                await self._refresh_seats(head, conn)
            if all(s.ready for s in head.seats):
                return await self._begin(head)
        n = sum(s.ready for s in head.seats)
        m = msg("lobby.ready", player=Person(user_id, seat.display_name), n=n,
                total=len(head.seats))
        return Outcome(game_id, m, 0, [Post(game_id, m)])

    async def _begin(self, head: Head) -> Outcome:
        game, rules = head.game, head.rules
        gid = game.id or 0
        state = rules.new_game(game.config, len(head.seats), game.seed)
        awaiting = rules.awaiting(state)
        async with self._tx() as conn:
            await repo.clear_deadlines(conn, gid, kinds=["ready_check"])
            await repo.update_game(conn, gid, status="active", n_seats=len(head.seats),
                                   state=rules.to_json(state), awaiting=sorted(awaiting),
                                   version=0, ready_check_until=None)
            game.status, game.n_seats, game.version = "active", len(head.seats), 0
            game.awaiting = sorted(awaiting)
            head.state = state
            await self._schedule(conn, head, awaiting, 0)
        self._remember(head)
        seats = [msg("game.seat_line", seat_label=head.label(s.seat),
                     player=head.person(s.seat) if s.bot else Person(s.user_id, s.display_name))
                 for s in head.seats]
        started = msg("game.started", game_id=gid, seats=seats)
        effects: list[Effect] = [Post(gid, started), BoardChanged(gid, 0)]
        deadline = self._deadline_for(head)
        for s in head.seats:
            if s.user_id is None:
                continue
            note = msg("game.your_seat", seat_label=head.label(s.seat), game_id=gid)
            if s.seat in awaiting:  # one DM: who you are and what you owe
                note = msg("game.your_seat_turn", seat=note, turn=msg(
                    "game.your_turn", game_id=gid, progress=rules.progress(state, s.seat),
                    deadline=deadline))
            effects.append(Notify(gid, s.seat, s.user_id, note, show_private=True))
        # The bots move at once: the first board shows the table after their moves.
        effects = await self._with_board(head, effects + await self._autopilot(head))
        return Outcome(gid, started, head.game.version, effects)

    # ---- listing ----------------------------------------------------------------------------
    async def summary(self, game_id: int) -> GameSummary:
        head = await self._head(game_id)
        async with self._reading(f"game #{game_id}'s deadlines"):
            return await self._summary(head)

    async def game_for_thread(self, thread_id: int) -> int | None:
        """Which unfinished game a thread (or fallback channel) belongs to."""
        async with self.engine.connect() as conn:
            return await repo.game_for_thread(conn, thread_id)

    async def open_lobbies(self, guild_id: int, limit: int = 25) -> list[tuple[int, str, str]]:
        """(game id, title, game type) of lobbies open for joining in a guild, newest first."""
        async with self.engine.connect() as conn:
            return await repo.open_lobbies(conn, guild_id, limit)

    async def open_seats(self, guild_id: int, limit: int = 25
                         ) -> list[tuple[int, str, int, Any]]:
        """(game id, title, seat, seat label) of the open seats in a guild's running games:
        anyone may claim them, so anyone is offered them."""
        async with self.engine.connect() as conn:
            rows = await repo.open_seats(conn, guild_id, limit)
        out = []
        for gid, title, seat in rows:
            head = await self._head(gid)
            out.append((gid, title, seat, head.label(seat)))
        return out

    async def board_message_id(self, game_id: int) -> int | None:
        head = await self._head(game_id, fresh=True)
        return head.game.board_message_id

    async def my_games(self, user_id: int, *, include_finished: bool = False
                       ) -> list[GameSummary]:
        statuses = ["lobby", "starting", "active"] + (["finished"] if include_finished else [])
        async with self.engine.connect() as conn:
            games = await repo.games_for_user(conn, user_id, statuses)
        return [await self.summary(g.id or 0) for g in games]

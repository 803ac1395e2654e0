"""``/game …``: translates slash commands into service calls and renders the answers.

One global group (Discord puts contexts on the top-level command only), usable in DMs for
``hand``, ``log``, ``mine``, ``status``, ``vote`` and ``settings``; the table commands answer
"use this in a server" in a DM. Commands that need a game take a ``game`` option
autocompleted from the caller's games; without it, the game of the current thread (or the
caller's only game) is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.flows import display_name
from bot.discord.help import guide_pages, pages, send_pages
from bot.discord.options import option_completions, parse_options
from bot.discord.presenters import seat_name
from bot.discord.strings import cmd
from bot.discord.text import locale_of, mode_title, phase_text, render, say, status_text, tr
from bot.games import front
from bot.i18n import Person, available_locales, msg
from bot.service import ADMIN_ACTS, VOTE_KINDS, GameService, Outcome, ServiceError
from bot.service.stats import leaderboard

if TYPE_CHECKING:
    from bot.discord.protocol import BotLike

Interaction = discord.Interaction[Any]
MAX_CHOICES = 25


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GameCog(commands.GroupCog, group_name="game", group_description=cmd("game")):
    def __init__(self, bot: BotLike) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> GameService:
        return self.bot.service

    # ---- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _need_guild(interaction: Interaction) -> None:
        if interaction.guild is None:
            raise ServiceError("error.guild_only")

    async def _game(self, interaction: Interaction, game: int | None) -> int:
        if game is not None:
            return game
        if interaction.channel_id is not None:
            found = await self.service.game_for_thread(interaction.channel_id)
            if found is not None:
                return found
        mine = await self.service.my_games(interaction.user.id)
        if len(mine) == 1:
            return int(mine[0].game_id)
        raise ServiceError("error.which_game")

    async def _is_admin(self, interaction: Interaction) -> bool:
        """Manage Server, or the role the server named with `/game server admin_role:`."""
        member = interaction.user
        perms = getattr(member, "guild_permissions", None)
        if perms is not None and (perms.manage_guild or perms.administrator):
            return True
        if interaction.guild_id is None:
            return False
        role = (await self.service.guild_settings(interaction.guild_id)).admin_role_id
        return role is not None and any(r.id == role for r in getattr(member, "roles", []))

    async def _my_games_choices(self, interaction: Interaction, current: str
                                ) -> list[app_commands.Choice[int]]:
        """The caller's own games; names carry only public facts (title, phase)."""
        locale = locale_of(interaction)
        out: list[app_commands.Choice[int]] = []
        for s in await self.service.my_games(interaction.user.id):
            name = tr("ui.game_choice", locale, limit=100, game_id=s.game_id, title=s.title,
                      state=s.phase_label or s.status)
            if current.strip().lower() in name.lower():
                out.append(app_commands.Choice(name=name, value=s.game_id))
        return out[:MAX_CHOICES]

    async def _run(self, interaction: Interaction, call: Any) -> None:
        await self.bot.flows.run(interaction, call)

    # ---- lobby -----------------------------------------------------------------------------
    @app_commands.command(name="new", description=cmd("new"))
    @app_commands.describe(game_type=cmd("new.game_type"), players=cmd("new.players"),
                           deadline_hours=cmd("new.deadline_hours"),
                           options=cmd("new.options"), title=cmd("new.title"),
                           excuses=cmd("new.excuses"), mode=cmd("new.mode"),
                           bots=cmd("new.bots"), difficulty=cmd("new.difficulty"))
    @app_commands.choices(difficulty=[
        app_commands.Choice(name=cmd(f"new.difficulty.{k}"), value=k)
        for k in ("easy", "normal", "hard")])
    async def new(self, interaction: Interaction, game_type: str,
                  players: app_commands.Range[int, 1, 25] | None = None,
                  deadline_hours: app_commands.Range[float, 0.01, 336.0] = 24.0,
                  options: str | None = None,
                  title: app_commands.Range[str, 1, 100] | None = None,
                  excuses: app_commands.Range[int, 0, 5] = 1,
                  mode: str | None = None,
                  bots: app_commands.Range[int, 0, 24] = 0,
                  difficulty: str | None = None) -> None:
        async def body() -> None:
            self._need_guild(interaction)
            outcome: Outcome = await self.service.create_game(
                interaction.user.id, display_name(interaction.user), game_type,
                config=parse_options(options), max_seats=players,
                deadline_hours=deadline_hours, excuses=excuses, guild_id=interaction.guild_id,
                channel_id=interaction.channel_id, title=title or "", mode=mode,
                bots=bots, difficulty=difficulty)
            summary = await self.service.summary(outcome.game_id)
            thread = await self._open_thread(interaction, outcome.game_id, summary.title)
            await self.service.attach_thread(outcome.game_id, thread.id if thread else None)
            self.bot.delivery.forget_channel(outcome.game_id)
            where = thread.mention if thread else f"<#{interaction.channel_id}>"
            await self.bot.flows.answer(
                interaction, "\n".join([render(outcome.reply, locale_of(interaction)),
                                        tr("ui.created", locale_of(interaction),
                                           game_id=outcome.game_id, where=where)]))
            await self.bot.delivery.deliver(outcome.effects)

        await self.bot.flows.guarded(interaction, body)

    async def _open_thread(self, interaction: Interaction, game_id: int, title: str
                           ) -> discord.Thread | None:
        """One public thread per game; None (= use the channel) when threads are impossible."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None
        name = tr("thread.name", locale_of(interaction), limit=100, title=title,
                  game_id=game_id)
        try:
            return await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                               auto_archive_duration=10080)
        except discord.HTTPException:
            return None

    @new.autocomplete("game_type")
    async def _game_types(self, interaction: Interaction, current: str
                          ) -> list[app_commands.Choice[str]]:
        games = sorted(self.service.games.items())
        return [app_commands.Choice(name=rules.title[:100], value=gid)
                for gid, rules in games
                if current.lower() in f"{gid} {rules.title}".lower()][:MAX_CHOICES]

    @app_commands.command(name="rules", description=cmd("rules"))
    @app_commands.describe(game_type=cmd("rules.game_type"), section=cmd("rules.section"))
    async def rules(self, interaction: Interaction, game_type: str,
                    section: str | None = None) -> None:
        """A game's player's guide in the reader's language: every page, or the one asked."""
        async def body() -> None:
            locale = locale_of(interaction)
            rules = self.service.games.get(game_type)
            guide = guide_pages(game_type, locale) if rules is not None else []
            if not guide:
                raise ServiceError("error.no_rules", game_type=game_type[:40])
            chosen = [(t, text) for t, text in guide if t == section] or guide
            title = tr("help.rules_title", locale, title=rules.title if rules else "")
            # A page a message: the guide's pages are written to fit one each.
            texts = [f"**{t}**\n{text}" for t, text in chosen]
            texts[0] = f"{title}\n\n{texts[0]}"
            await send_pages(interaction, [part for text in texts for part in pages(text)])

        await self.bot.flows.guarded(interaction, body)

    @rules.autocomplete("game_type")
    async def _rules_games(self, interaction: Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._game_types(interaction, current)

    @rules.autocomplete("section")
    async def _rules_sections(self, interaction: Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
        game_type = str(getattr(interaction.namespace, "game_type", "") or "")
        return [app_commands.Choice(name=t[:100], value=t[:100])
                for t, _ in guide_pages(game_type, locale_of(interaction))
                if current.lower() in t.lower()][:MAX_CHOICES]

    @new.autocomplete("mode")
    async def _modes(self, interaction: Interaction, current: str
                     ) -> list[app_commands.Choice[str]]:
        rules = self.service.games.get(str(interaction.namespace.game_type or ""))
        if rules is None:
            return []
        locale = locale_of(interaction)
        named = [(mode_title(rules.id, v.name, locale), v.name) for v in rules.variants()]
        return [app_commands.Choice(name=title[:100], value=name) for title, name in named
                if current.lower() in f"{name} {title}".lower()][:MAX_CHOICES]

    @new.autocomplete("options")
    async def _options(self, interaction: Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        """``key=value`` completions from the game's declared options; the last word typed is
        completed, the words before it are kept."""
        game_type = str(interaction.namespace.game_type or "")
        rules = self.service.games.get(game_type)
        if rules is None:
            return []
        game_front = front(game_type)
        players = getattr(interaction.namespace, "players", None)
        suggest = None
        if game_front is not None and game_front.option_values is not None:
            values = game_front.option_values

            def suggest(name: str) -> list[str]:
                return values(name, players if isinstance(players, int) else None)

        return [app_commands.Choice(name=c[:100], value=c[:100])
                for c in option_completions(rules.config_schema(), current, suggest)
                ][:MAX_CHOICES]

    @app_commands.command(name="join", description=cmd("join"))
    @app_commands.describe(game=cmd("game_option"))
    async def join(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.join(gid, interaction.user.id,
                                           display_name(interaction.user))

        await self._run(interaction, call)

    @join.autocomplete("game")
    async def _open_lobbies(self, interaction: Interaction, current: str
                            ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        locale = locale_of(interaction)
        rows = await self.service.open_lobbies(interaction.guild_id)
        out = []
        for gid, title, _type in rows:
            name = tr("ui.game_choice", locale, limit=100, game_id=gid, title=title,
                      state=tr("ui.lobby", locale))
            if current.strip().lower() in name.lower():
                out.append(app_commands.Choice(name=name, value=gid))
        return out[:MAX_CHOICES]

    @app_commands.command(name="leave", description=cmd("leave"))
    @app_commands.describe(game=cmd("game_option"))
    async def leave(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.leave(gid, interaction.user.id)

        await self._run(interaction, call)

    @app_commands.command(name="start", description=cmd("start"))
    @app_commands.describe(game=cmd("game_option"))
    async def start(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.start(gid, interaction.user.id)

        await self._run(interaction, call)

    @app_commands.command(name="ready", description=cmd("ready"))
    @app_commands.describe(game=cmd("game_option"))
    async def ready(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.confirm_ready(
                gid, interaction.user.id)

        await self._run(interaction, call)

    @app_commands.command(name="claim", description=cmd("claim"))
    @app_commands.describe(game=cmd("game_option"), seat=cmd("claim.seat"))
    async def claim(self, interaction: Interaction, seat: app_commands.Range[int, 1, 99],
                    game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            # In the game's thread the game is that thread's, as for every other command.
            gid = await self._game(interaction, game)
            # Players count seats from 1, as the table labels them; the service from 0.
            return await self.service.claim(
                gid, seat - 1, interaction.user.id, display_name(interaction.user))

        await self._run(interaction, call)

    @claim.autocomplete("game")
    async def _games_with_open_seats(self, interaction: Interaction, current: str
                                     ) -> list[app_commands.Choice[int]]:
        """Anyone may claim an open seat, so anyone is offered this server's open seats."""
        if interaction.guild_id is None:
            return []
        locale = locale_of(interaction)
        out: dict[int, app_commands.Choice[int]] = {}
        for gid, title, _seat, _label in await self.service.open_seats(interaction.guild_id):
            name = tr("ui.game_choice", locale, limit=100, game_id=gid, title=title,
                      state=tr("ui.open_seats", locale))
            if gid not in out and current.strip().lower() in name.lower():
                out[gid] = app_commands.Choice(name=name, value=gid)
        return list(out.values())[:MAX_CHOICES]

    @claim.autocomplete("seat")
    async def _open_seat_names(self, interaction: Interaction, current: str
                               ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        game = getattr(interaction.namespace, "game", None)
        if not isinstance(game, int) and interaction.channel_id is not None:
            game = await self.service.game_for_thread(interaction.channel_id)
        locale = locale_of(interaction)
        out = []
        for gid, _title, seat, label in await self.service.open_seats(interaction.guild_id):
            if isinstance(game, int) and gid != game:
                continue
            name = tr("ui.seat_choice", locale, limit=100, label=say(label, locale),
                      seat_no=seat + 1, game_id=gid)
            if current.strip().lower() in name.lower():
                out.append(app_commands.Choice(name=name, value=seat + 1))
        return out[:MAX_CHOICES]

    @app_commands.command(name="cancel", description=cmd("cancel"))
    @app_commands.describe(game=cmd("game_option"))
    async def cancel(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.cancel(gid, interaction.user.id,
                                             display_name(interaction.user),
                                             admin=await self._is_admin(interaction))

        await self._run(interaction, call)

    @app_commands.command(name="kick", description=cmd("kick"))
    @app_commands.describe(seat=cmd("kick.seat"), game=cmd("game_option"))
    async def kick(self, interaction: Interaction, seat: app_commands.Range[int, 1, 99],
                   game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.kick(gid, interaction.user.id,
                                           display_name(interaction.user), seat - 1,
                                           admin=await self._is_admin(interaction))

        await self._run(interaction, call)

    @app_commands.command(name="admin", description=cmd("admin"))
    @app_commands.describe(action=cmd("admin.action"), game=cmd("game_option"),
                           hours=cmd("admin.hours"))
    @app_commands.choices(action=[app_commands.Choice(name=cmd(f"admin.action.{k}"), value=k)
                                  for k in ADMIN_ACTS])
    async def admin(self, interaction: Interaction, action: str, game: int | None = None,
                    hours: app_commands.Range[float, 0.05, 336.0] | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.admin_act(gid, interaction.user.id,
                                                display_name(interaction.user), action,
                                                admin=await self._is_admin(interaction),
                                                hours=hours)

        await self._run(interaction, call)

    @app_commands.command(name="server", description=cmd("server"))
    @app_commands.describe(auto_open_after=cmd("server.auto_open_after"),
                           admin_role=cmd("server.admin_role"),
                           lobby_expire_hours=cmd("server.lobby_expire_hours"),
                           language=cmd("server.language"))
    @app_commands.choices(language=[app_commands.Choice(name=cmd(f"settings.language.{code}"),
                                                        value=code)
                                    for code in available_locales()])
    async def server(self, interaction: Interaction,
                     auto_open_after: app_commands.Range[int, 0, 50] | None = None,
                     admin_role: discord.Role | None = None,
                     lobby_expire_hours: app_commands.Range[float, 0.0, 2160.0] | None = None,
                     language: str | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            if not await self._is_admin(interaction):
                raise ServiceError("error.server_admin_only")
            self.bot.delivery.forget_guild(interaction.guild_id or 0)
            return await self.service.save_guild_settings(
                interaction.guild_id or 0, auto_open_after=auto_open_after,
                admin_role_id=admin_role.id if admin_role is not None else None,
                lobby_expire_hours=lobby_expire_hours, locale=language)

        await self._run(interaction, call)

    @app_commands.command(name="resign", description=cmd("resign"))
    @app_commands.describe(game=cmd("game_option"))
    async def resign(self, interaction: Interaction, game: int | None = None) -> None:
        async def call() -> Outcome:
            gid = await self._game(interaction, game)
            return await self.service.resign(gid, interaction.user.id)

        await self._run(interaction, call)

    # ---- usable in DMs ---------------------------------------------------------------------
    @app_commands.command(name="status", description=cmd("status"))
    @app_commands.describe(game=cmd("game_option"))
    async def status(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            s = await self.service.summary(await self._game(interaction, game))
            locale = locale_of(interaction)
            names = {seat: (uid, seat_name(s, seat, uid, name, locale))
                     for seat, uid, name in s.players}
            players = [Person(uid, name) for _seat, (uid, name) in sorted(names.items())]
            waiting = [Person(*names[x]) for x in s.awaiting if x in names]
            if s.paused and s.status == "active":
                deadline: Any = tr("status.deadline_paused", locale)
            else:
                deadline = s.deadline if s.deadline is not None else "—"
            text = tr("status.detail", locale, game_id=s.game_id, title=s.title,
                      game_type_title=s.game_type_title, status=status_text(s, locale),
                      phase=phase_text(s, locale) if s.phase_label or s.phase else "—",
                      players=players or "—", waiting=waiting or "—", deadline=deadline)
            await self.bot.flows.answer(interaction, text)

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="board", description=cmd("board"))
    @app_commands.describe(game=cmd("game_option"))
    async def board(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            await self.bot.flows.answer_board(interaction, await self._game(interaction, game))

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="hand", description=cmd("hand"))
    @app_commands.describe(game=cmd("game_option"))
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            gid = await self._game(interaction, game)
            await self.bot.flows.panel(interaction, gid, [])

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="log", description=cmd("log"))
    @app_commands.describe(game=cmd("game_option"))
    async def log(self, interaction: Interaction, game: int | None = None) -> None:
        async def body() -> None:
            await self.bot.flows.answer_log(interaction, await self._game(interaction, game))

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="mine", description=cmd("mine"))
    @app_commands.describe(finished=cmd("mine.finished"))
    async def mine(self, interaction: Interaction, finished: bool = False) -> None:
        async def body() -> None:
            locale = locale_of(interaction)
            games = await self.service.my_games(interaction.user.id,
                                                include_finished=finished)
            lines = [tr("status.line", locale, game_id=s.game_id, title=s.title,
                        game_type_title=s.game_type_title, status=status_text(s, locale),
                        phase=f" · {phase_text(s, locale)}" if s.phase_label else "")
                     for s in games]
            await self.bot.flows.answer(interaction,
                                        "\n".join(lines) or tr("status.none", locale))

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="stats", description=cmd("stats"))
    @app_commands.describe(user=cmd("stats.user"), game_type=cmd("stats.game_type"))
    async def stats(self, interaction: Interaction, user: discord.User | None = None,
                    game_type: str | None = None) -> None:
        async def body() -> None:
            self._need_guild(interaction)
            locale = locale_of(interaction)
            who = user or interaction.user
            players = await self.service.server_stats(interaction.guild_id or 0, game_type)
            p = players.get(who.id)
            if p is None:
                text = tr("stats.none", locale, player=Person(who.id, who.display_name))
            else:
                hours = p.avg_response_hours
                text = tr("stats.player", locale, player=Person(who.id, p.name),
                          played=p.played, won=p.won, rating=round(p.rating), missed=p.missed,
                          response=tr("stats.hours", locale, hours=f"{hours:.1f}")
                          if hours is not None else "—",
                          game=self._game_title(game_type, locale))
            await self.bot.flows.answer(interaction, text)

        await self.bot.flows.guarded(interaction, body)

    @app_commands.command(name="leaderboard", description=cmd("leaderboard"))
    @app_commands.describe(game_type=cmd("stats.game_type"))
    async def leaderboard(self, interaction: Interaction, game_type: str) -> None:
        async def body() -> None:
            self._need_guild(interaction)
            locale = locale_of(interaction)
            players = await self.service.server_stats(interaction.guild_id or 0, game_type)
            lines = [tr("stats.board_title", locale, game=self._game_title(game_type, locale))]
            lines += [tr("stats.board_line", locale, place=i + 1,
                         player=Person(p.user_id, p.name), rating=round(p.rating),
                         won=p.won, played=p.played)
                      for i, p in enumerate(leaderboard(players))]
            if len(lines) == 1:
                lines.append(tr("stats.board_empty", locale))
            await self.bot.flows.answer(interaction, "\n".join(lines))

        await self.bot.flows.guarded(interaction, body)

    def _game_title(self, game_type: str | None, locale: str) -> str:
        rules = self.service.games.get(game_type or "")
        return rules.title if rules is not None else tr("stats.all_games", locale)

    @stats.autocomplete("game_type")
    @leaderboard.autocomplete("game_type")
    async def _stats_games(self, interaction: Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self._game_types(interaction, current)

    @app_commands.command(name="vote", description=cmd("vote"))
    @app_commands.describe(kind=cmd("vote.kind"), game=cmd("game_option"),
                           yes=cmd("vote.yes"), seat=cmd("vote.seat"), to=cmd("vote.to"))
    @app_commands.choices(kind=[app_commands.Choice(name=cmd(f"vote.kind.{k}"), value=k)
                                for k in VOTE_KINDS])
    async def vote(self, interaction: Interaction, kind: str, game: int | None = None,
                   yes: bool = True, seat: app_commands.Range[int, 1, 99] | None = None,
                   to: app_commands.Range[int, 0, 1_000_000] | None = None) -> None:
        async def call() -> Outcome:
            gid = await self._game(interaction, game)
            # Seats are picked by their name at the table (autocompleted); the value counts
            # from 1 like /game claim, the service from 0. A rollback names its move.
            target = to if kind == "rollback" else None if seat is None else seat - 1
            return await self.service.vote(gid, interaction.user.id, kind, yes,
                                           target_seat=target)

        await self._run(interaction, call)

    @app_commands.command(name="rollback", description=cmd("rollback"))
    @app_commands.describe(to=cmd("rollback.to"), game=cmd("game_option"))
    async def rollback(self, interaction: Interaction,
                       to: app_commands.Range[int, 0, 1_000_000],
                       game: int | None = None) -> None:
        async def call() -> Outcome:
            self._need_guild(interaction)
            gid = await self._game(interaction, game)
            return await self.service.rollback(gid, interaction.user.id,
                                               display_name(interaction.user), to,
                                               admin=await self._is_admin(interaction))

        await self._run(interaction, call)

    @rollback.autocomplete("to")
    @vote.autocomplete("to")
    async def _log_points(self, interaction: Interaction, current: str
                          ) -> list[app_commands.Choice[int]]:
        """The recent log lines the caller may read, newest first: a move is picked by what
        happened in it, never by a bare number."""
        try:
            gid = await self._game(interaction, getattr(interaction.namespace, "game", None))
            lines = await self.service.game_log(gid, interaction.user.id, limit=60,
                                                locale=locale_of(interaction))
        except ServiceError:
            return []
        out: list[app_commands.Choice[int]] = []
        for line in reversed(lines):
            head, _, _rest = line.partition(". ")
            if head.isdigit() and current.strip().lower() in line.lower():
                out.append(app_commands.Choice(name=line[:100], value=int(head)))
        return out[:MAX_CHOICES]

    @vote.autocomplete("seat")
    async def _seat_names(self, interaction: Interaction, current: str
                          ) -> list[app_commands.Choice[int]]:
        locale = locale_of(interaction)
        try:
            gid = await self._game(interaction, getattr(interaction.namespace, "game", None))
            summary = await self.service.summary(gid)
        except ServiceError:
            return []
        names = {seat: name for seat, _uid, name in summary.players}
        out = []
        for seat, label in sorted(summary.seat_labels.items()):
            name = tr("ui.seat_choice_player", locale, limit=100, label=say(label, locale),
                      player=names.get(seat) or tr("game.open_seat", locale))
            if current.strip().lower() in name.lower():
                out.append(app_commands.Choice(name=name, value=seat + 1))
        return out[:MAX_CHOICES]

    @app_commands.command(name="settings", description=cmd("settings"))
    @app_commands.describe(dms=cmd("settings.dms"),
                           reminder_minutes=cmd("settings.reminder_minutes"),
                           language=cmd("settings.language"))
    @app_commands.choices(language=[app_commands.Choice(name=cmd(f"settings.language.{code}"),
                                                        value=code)
                                    for code in available_locales()])
    async def settings(self, interaction: Interaction, dms: bool | None = None,
                       reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
                       language: str | None = None) -> None:
        # The confirmation is already in the language just chosen (``save_settings`` records
        # it where ``locale_of`` reads it).
        await self._run(interaction, lambda: self.service.save_settings(
            interaction.user.id, dm_enabled=dms, remind_minutes=reminder_minutes,
            locale=language))

    @leave.autocomplete("game")
    @start.autocomplete("game")
    @ready.autocomplete("game")
    @resign.autocomplete("game")
    @board.autocomplete("game")
    @rollback.autocomplete("game")
    @cancel.autocomplete("game")
    @kick.autocomplete("game")
    @admin.autocomplete("game")
    @status.autocomplete("game")
    @hand.autocomplete("game")
    @log.autocomplete("game")
    @vote.autocomplete("game")
    async def _game_choices(self, interaction: Interaction, current: str
                            ) -> list[app_commands.Choice[int]]:
        return await self._my_games_choices(interaction, current)

    # ---- component custom ids that match no template ---------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: Interaction) -> None:
        """A forged ``mst:`` custom id no item recognises gets a clear answer, not silence."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("mst:"):
            return
        from bot.discord.panels import dynamic_items

        if any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in dynamic_items()):
            return
        await self.bot.flows.fail(interaction, msg("error.forged"))

"""``/game`` commands at and about a running table: resign, status, board, hand, log, mine,
stats, leaderboard, vote, rollback."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.cog_game_base import MAX_CHOICES, GameCogBase, Interaction
from bot.discord.flows import display_name
from bot.discord.lookup import board_command
from bot.discord.presenters import seat_name
from bot.discord.strings import cmd
from bot.discord.text import locale_of, phase_text, say, status_text, tr
from bot.i18n import Person, game_kind
from bot.service import VOTE_KINDS, ServiceError
from bot.service.stats import leaderboard


class TableCommands(GameCogBase):
    """The table's commands of ``/game``."""

    @app_commands.command(name="resign", description=cmd("resign"))
    @app_commands.describe(game=cmd("game_option"))
    async def resign(self, interaction: Interaction, game: int | None = None) -> None:
        await self._act_on(interaction, game,
                           lambda gid: self.service.resign(gid, interaction.user.id),
                           guild_only=False)

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
                      kind=game_kind("status.kind", s.title, s.game_type_title),
                      status=status_text(s, locale),
                      phase=phase_text(s, locale) if s.phase_label or s.phase else "—",
                      players=players or "—", waiting=waiting or "—", deadline=deadline)
            await self.bot.flows.answer(interaction, text)

        await self.bot.flows.guarded(interaction, body)

    board = board_command(cmd("board"), cmd("game_option"))

    @app_commands.command(name="hand", description=cmd("hand"))
    @app_commands.describe(game=cmd("game_option"))
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        await self.answer_on(interaction, game, lambda i, gid: self.bot.flows.panel(i, gid, []))

    @app_commands.command(name="log", description=cmd("log"))
    @app_commands.describe(game=cmd("game_option"))
    async def log(self, interaction: Interaction, game: int | None = None) -> None:
        await self.answer_on(interaction, game, self.bot.flows.answer_log)

    @app_commands.command(name="mine", description=cmd("mine"))
    @app_commands.describe(finished=cmd("mine.finished"))
    async def mine(self, interaction: Interaction, finished: bool = False) -> None:
        async def body() -> None:
            locale = locale_of(interaction)
            games = await self.service.my_games(interaction.user.id,
                                                include_finished=finished)
            lines = [tr("status.line", locale, game_id=s.game_id, title=s.title,
                        kind=game_kind("status.kind", s.title, s.game_type_title),
                        status=status_text(s, locale),
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
        # Seats are picked by their name at the table (autocompleted); the value counts
        # from 1 like /game claim, the service from 0. A rollback names its move.
        target = to if kind == "rollback" else None if seat is None else seat - 1
        await self._act_on(interaction, game, lambda gid: self.service.vote(
            gid, interaction.user.id, kind, yes, target_seat=target), guild_only=False)

    @app_commands.command(name="rollback", description=cmd("rollback"))
    @app_commands.describe(to=cmd("rollback.to"), game=cmd("game_option"))
    async def rollback(self, interaction: Interaction,
                       to: app_commands.Range[int, 0, 1_000_000],
                       game: int | None = None) -> None:
        await self._act_on(interaction, game, lambda gid, admin: self.service.rollback(
            gid, interaction.user.id, display_name(interaction.user), to, admin=admin),
            admin=True)

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

"""``/game`` commands that open and fill a table: new (and its autocompletes), rules,
join, leave, start, ready, claim, cancel."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.cog_game_base import MAX_CHOICES, GameCogBase, Interaction
from bot.discord.flows import display_name
from bot.discord.help import guide_pages, pages, send_pages
from bot.discord.options import option_completions, parse_options
from bot.discord.strings import cmd
from bot.discord.text import locale_of, mode_title, render, say, tr
from bot.games import front
from bot.service import Outcome, ServiceError


class LobbyCommands(GameCogBase):
    """The lobby's commands of ``/game``."""

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
        await self._act_on(interaction, game, lambda gid: self.service.join(
            gid, interaction.user.id, display_name(interaction.user)))

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
        await self._act_on(interaction, game,
                           lambda gid: self.service.leave(gid, interaction.user.id))

    @app_commands.command(name="start", description=cmd("start"))
    @app_commands.describe(game=cmd("game_option"))
    async def start(self, interaction: Interaction, game: int | None = None) -> None:
        await self._act_on(interaction, game,
                           lambda gid: self.service.start(gid, interaction.user.id))

    @app_commands.command(name="ready", description=cmd("ready"))
    @app_commands.describe(game=cmd("game_option"))
    async def ready(self, interaction: Interaction, game: int | None = None) -> None:
        await self._act_on(interaction, game,
                           lambda gid: self.service.confirm_ready(gid, interaction.user.id))

    @app_commands.command(name="claim", description=cmd("claim"))
    @app_commands.describe(game=cmd("game_option"), seat=cmd("claim.seat"))
    async def claim(self, interaction: Interaction, seat: app_commands.Range[int, 1, 99],
                    game: int | None = None) -> None:
        # In the game's thread the game is that thread's, as for every other command.
        # Players count seats from 1, as the table labels them; the service from 0.
        await self._act_on(interaction, game, lambda gid: self.service.claim(
            gid, seat - 1, interaction.user.id, display_name(interaction.user)))

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
        await self._act_on(interaction, game, lambda gid, admin: self.service.cancel(
            gid, interaction.user.id, display_name(interaction.user), admin=admin), admin=True)

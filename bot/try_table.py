"""``python -m bot try``: the real bot inside simcord's simulated Discord, served as a local web
page (simcord's preview), so a person sits at a table without a Discord application.

The world is one server with a ``#games`` channel, you and a few other members (viewers the
page can switch to). The game is opened with ``/game new … bots:`` the way a player does: every
other seat is an AI player (``seat_bots``), moving at once after you at the table's
difficulty (a game without an AI yet plays its bots by the rulebook's defaults)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.service import GameService, ServiceSettings
from rules import registry

#: Where ``make try`` keeps its games, so running it again continues the last one.
TRY_DB = Path("data") / "try.db"
#: The bot-state key that remembers the table a run opened: its game and your user id.
TABLE_KEY = "try.table"
#: The human's name and the names the bot seats get, in seat order after the human.
YOU = "You"
BOT_NAMES = ("Ser Bot", "Maester Bot", "Lady Bot", "Lord Bot", "Wildling Bot")
#: The game a first run opens when none is named.
DEFAULT_GAME = "agot"
#: Seats at a table unless asked otherwise (within the game's range): you and two bots.
DEFAULT_SEATS = 3
#: The simulated guild's id is fixed, so the world rebuilt by a second run is the same server.
GUILD_ID = 1_100_000_000_000_000_001


@dataclass
class Table:
    """A running try-out table: the simcord world and the thread of the game."""

    env: Any
    service: GameService
    guild: Any
    channel: Any
    you: Any
    bots: list[Any]
    thread: Any
    game_id: int


def seat_bots(players: int, difficulty: str = "normal") -> dict[str, Any]:
    """The ``/game new`` options that give every seat but yours to an AI player: the one
    place that decides who plays the other seats of a try-out table."""
    return {"bots": players - 1, "difficulty": difficulty}


def build_world(env: Any, players: int) -> tuple[Any, Any, Any, list[Any]]:
    """One server (you own it) with ``#games``, you and ``players - 1`` bot members:
    (guild, channel, you, bots). Built in the same order every run, so simcord gives every
    handle the same id again and a stored game's seats are still yours."""
    you_user = env.create_user(YOU)
    guild = env.create_guild("Maester", id=GUILD_ID, owner=you_user)
    channel = guild.create_text_channel("games")
    you = guild.add_member(you_user)
    bots = [guild.add_member(env.create_user(n)) for n in BOT_NAMES[:players - 1]]
    return guild, channel, you, bots


async def open_table(env: Any, service: GameService, game: str, *, players: int,
                     mode: str | None = None, lang: str = "en") -> Table:
    """Build the world and open a game the way players do, its other seats AI players."""
    guild, channel, you, bots = build_world(env, players)
    await you.slash(channel, "game server", language=lang)
    # The page shows one channel, the game's thread: your private panel comes behind its
    # **My hand** button and the bot calls you there, instead of in DMs the page cannot show.
    await you.slash(channel, "game settings", dms=False, language=lang)
    options: dict[str, Any] = {"game_type": game, "players": players, **seat_bots(players)}
    if mode:
        options["mode"] = mode
    before = {t.id for t in channel.threads}
    created = await you.slash(channel, "game new", **options)
    new = [t for t in channel.threads if t.id not in before]
    if not new:
        raise TryError(created.response.content or "the game was not created")
    thread = new[0]
    game_id = await service.game_for_thread(thread.id)
    if game_id is None:
        raise TryError(f"no game in thread {thread.name}")
    await you.slash(thread, "game start")  # the bots are always ready: it begins at once
    await env.settle()
    return Table(env, service, guild, channel, you, bots, thread, game_id)


async def stored_table(service: GameService, game: str | None) -> tuple[int, int, int] | None:
    """(game id, your user id, seats) of the table the last run opened, when it is still
    being played and is of the game asked for (any game when none was named)."""
    raw = await service.bot_state(TABLE_KEY)
    if raw is None:
        return None
    stored = json.loads(raw)
    summary = await service.summary(int(stored["game_id"]))
    if summary.status != "active" or (game is not None and summary.game_type != game):
        return None
    return summary.game_id, int(stored["you"]), len(summary.players)


async def reopen_table(env: Any, service: GameService, bot: Any, game_id: int, you_id: int,
                       players: int) -> Table | None:
    """The stored game in a new world: the bot opens a new thread for it and draws its
    board there, and tells you when the game waits for you. None when the world's ids are not
    the stored ones (then a new table is opened)."""
    import discord

    from bot.i18n import Person, msg
    from bot.service.effects import Notify

    guild, channel, you, bots = build_world(env, players)
    if you.id != you_id:
        return None
    summary = await service.summary(game_id)
    text_channel = bot.get_channel(channel.id)
    made = await text_channel.create_thread(name=f"{summary.title} #{game_id}",
                                            type=discord.ChannelType.public_thread)
    await service.attach_thread(game_id, made.id)
    await service.set_board_message(game_id, None)
    await bot.delivery.board(game_id)
    mine = [seat for seat, uid, _ in summary.players if uid == you.id]
    if mine and mine[0] in summary.awaiting:
        await bot.delivery.turn_ping(Notify(game_id, mine[0], you.id, msg(
            "game.your_turn_thread", game_id=game_id, player=Person(you.id, YOU))))
    await env.settle()
    (thread,) = [t for t in channel.threads if t.id == made.id]
    return Table(env, service, guild, channel, you, bots, thread, game_id)


class TryError(Exception):
    """The table could not be opened (a bad game, mode or player count)."""


class WorldClock:
    """The simulated Discord's clock, once it runs: deadlines and the times the page shows
    then agree (a wall clock would put every deadline months away from the page's now)."""

    def __init__(self) -> None:
        self.env: Any = None

    def now(self) -> datetime:
        return self.env.now() if self.env is not None else datetime.now(UTC)


def make_try_service(url: str, clock: WorldClock) -> GameService:
    """The service over the try-out database, on the world's clock."""
    from storage.db import make_engine

    return GameService(make_engine(url), clock=clock, settings=ServiceSettings())


async def serve(game: str | None, *, players: int | None, mode: str | None, lang: str,
                db: Path, port: int | None, seconds: float | None, new: bool = False,
                on_ready: Callable[[Table, str], Awaitable[None]] | None = None) -> int:
    """Open the table and serve its page until it is closed (or ``seconds`` pass);
    ``on_ready`` gets the table and the page's loopback URL once it is served."""
    from simcord import Env

    from bot.discord.app import create_bot
    from storage.migrate import upgrade_async

    db.parent.mkdir(parents=True, exist_ok=True)
    url = f"sqlite+aiosqlite:///{db}"
    await upgrade_async(url)
    clock = WorldClock()
    service = make_try_service(url, clock)
    stored = None if new else await stored_table(service, game)
    rules = registry.get(game or DEFAULT_GAME)
    n = stored[2] if stored else \
        players or min(max(DEFAULT_SEATS, rules.min_seats), rules.max_seats)
    bot = create_bot(service, sync=False)
    env = Env(bot, settle_timeout=120.0)
    await env.start()
    clock.env = env
    # Each run's simulated Discord is new, so the commands are synced every time (the stored
    # digest says what a real Discord already has); it also keeps the world's ids the same.
    await bot.sync_tree(force=True)
    try:
        table = await reopen_table(env, service, bot, *stored) if stored else None
        if table is None:
            if stored:  # the world is already built: the new table gets its seats
                raise TryError("the stored table's players could not be seated again")
            table = await open_table(env, service, game or DEFAULT_GAME, players=n,
                                     mode=mode, lang=lang)
            await service.save_bot_state(TABLE_KEY, json.dumps(
                {"game_id": table.game_id, "you": table.you.id}))
        viewers = [table.you, *table.bots]
        async with env.preview(table.thread, viewers=viewers, layout="channel",
                               locale="cs" if lang == "cs" else "en-US", port=port) as preview:
            if on_ready is not None:
                await on_ready(table, preview.url)
            if seconds is None:
                await preview.wait_closed()
            else:
                await asyncio.sleep(seconds)
    finally:
        await env.shutdown()
        await service.engine.dispose()
    return 0


def try_command(game: str | None, *, mode: str | None, players: int | None, lang: str,
                db: Path | None, port: int | None, seconds: float | None,
                new: bool = False) -> int:
    """``python -m bot try``: serve the table until Ctrl+C (or ``seconds``)."""
    from bot.i18n import msg

    if game is not None and game not in registry.games():
        print(msg("try.unknown_game", game=game, games=", ".join(sorted(registry.games())))
              .render(lang), file=sys.stderr)
        return 2

    # The console is the player's: the table's address and what they should know. The bot's
    # own log (a stored table's old thread no longer found, say) goes to a file beside the game.
    db = db or TRY_DB
    log_file = db.with_suffix(".log")
    log_file.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(log_file, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    level = root.level
    root.setLevel(logging.INFO)

    async def told(table: Table, url: str) -> None:
        print(msg("try.open", url=url, game_id=table.game_id, db=str(db), log=str(log_file))
              .render(lang), flush=True)

    try:
        return asyncio.run(serve(game, players=players, mode=mode, lang=lang,
                                 db=db, port=port, seconds=seconds, new=new,
                                 on_ready=told))
    except TryError as exc:
        print(msg("try.refused", reason=str(exc)).render(lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        handler.close()

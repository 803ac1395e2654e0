"""The thread's rhythm, per game: what a stretch of play costs the game's Discord thread and its
players' DMs, driven through simcord (the production bot on an in-memory Discord).

Each game is started the way players start one (``/game new``, Join, ``/game start``, Ready),
then played with random legal moves as a click plays them: the service takes the move, the
mover's own notices go into their interaction's answer (not counted: the issue's budget is
"beyond the acting player's own interaction response") and every other effect is delivered to
Discord. Counted from simcord's record of the bot's REST requests:

- thread posts and thread edits, new board messages and board uploads, and the bytes uploaded;
- DMs sent and DM edits; every Discord HTTP request the delivery made;
- the turns (the game's natural unit, ``bot.discord.rhythm.turn_key``) the stretch went through.

Figures per 100 moves. Counts, not timings: the same seed plays the same moves.

Run: python -m bot bench thread [moves per game]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot.discord.app import create_bot
from bot.discord.flows import split_for
from bot.service import GameService, ManualClock, ServiceSettings
from rules import registry
from rules.rng import Rng
from storage.db import create_all, make_engine

#: Moves per game in the printed figures (a game that ends first stops there).
MOVES = 200
SEED = 7


@dataclass
class Rhythm:
    """What ``moves`` moves of one game cost in Discord requests (see the module docstring)."""

    game: str
    players: int
    moves: int = 0
    #: units of play the stretch began (the one in progress when it started not counted)
    begun: int = 0
    counts: Counter[str] = field(default_factory=Counter)

    def per_100(self, what: str) -> float:
        return 100 * self.counts[what] / max(self.moves, 1)

    def line(self) -> str:
        c = self.counts
        return (f"{self.game:12} {self.players}p {self.moves:4} moves {self.begun + 1:4} turns | "
                f"per 100 moves: thread posts {self.per_100('thread posts'):6.1f}, "
                f"thread edits {self.per_100('thread edits'):6.1f}, "
                f"new boards {self.per_100('new boards'):5.1f}, "
                f"uploads {self.per_100('uploads'):6.1f}, "
                f"DMs {self.per_100('dms'):6.1f}, DM edits {self.per_100('dm edits'):5.1f}, "
                f"requests {self.per_100('requests'):6.1f} | "
                f"upload {c['upload bytes'] / 1e6:6.2f} MB "
                f"({c['upload bytes'] / max(self.moves, 1) / 1000:5.1f} kB a move)")


def seats_for(game: str) -> int:
    """A table of three where the game allows it, else the nearest size it allows."""
    rules = registry.get(game)
    return min(max(3, rules.min_seats), rules.max_seats)


def labels(message: Any) -> list[str]:
    out: list[str] = []
    for row in message.components:
        children = row.get("components", [row]) if isinstance(row, dict) \
            else getattr(row, "children", [row])
        for c in children:
            data = c if isinstance(c, dict) else c.to_dict()
            if data.get("label"):
                out.append(str(data["label"]))
    return out


def last_with(channel: Any, label: str) -> Any:
    return next(m for m in reversed(channel.history()) if label in labels(m))


async def open_table(env: Any, game: str, n: int) -> tuple[Any, list[Any]]:
    """``/game new`` by the first of ``n`` players, Join by the others, ``/game start``, Ready:
    the game's thread and its players (English clients)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(env.create_user(f"player{i + 1}")) for i in range(n)]
    first, *others = users
    await first.slash(channel, "game new", game_type=game, players=n)
    (thread,) = channel.threads
    for p in others:
        await p.click(last_with(thread, "Join"), label="Join")
    await first.slash(thread, "game start")
    for p in others:
        await p.click(last_with(thread, "Ready"), label="Ready")
    return thread, users


@contextmanager
def counting(env: Any, thread: Any, rhythm: Rhythm) -> Iterator[None]:
    """Count the bot's REST requests and uploads made inside the block into ``rhythm``."""
    backend = env.backend
    store = backend.cdn.store_attachment
    start = len(env.http_requests)

    def stored(*args: Any, **kwargs: Any) -> Any:
        rhythm.counts["uploads"] += 1
        rhythm.counts["upload bytes"] += len(args[3])  # (id, channel, filename, data, …)
        return store(*args, **kwargs)

    backend.cdn.store_attachment = stored
    try:
        yield
    finally:
        backend.cdn.store_attachment = store
        for req in env.http_requests[start:]:
            classify(req, str(thread.id), rhythm.counts)


def classify(req: Any, thread_id: str, counts: Counter[str]) -> None:
    counts["requests"] += 1
    parts = req.path.strip("/").split("/")
    if len(parts) < 3 or parts[0] != "channels" or parts[2] != "messages":
        return
    ours = parts[1] == thread_id
    body = req.json if isinstance(req.json, dict) else {}
    if req.method == "POST" and len(parts) == 3:
        counts["thread posts" if ours else "dms"] += 1
        if ours and any("attachment://" in str(e.get("image", {}).get("url", ""))
                        for e in body.get("embeds") or []):
            counts["new boards"] += 1
    elif req.method == "PATCH" and len(parts) == 4:
        counts["thread edits" if ours else "dm edits"] += 1


async def play(env: Any, service: GameService, game_id: int, thread: Any, moves: int,
               seed: int, rhythm: Rhythm) -> None:
    """Up to ``moves`` random legal moves, each delivered as a click delivers it."""
    from bot.discord.rhythm import turn_key

    rng = Rng(seed)
    bot = env.bot
    snap = await service.board_snapshot(game_id)
    unit = turn_key(snap.game_type, snap.view, snap.summary)
    with counting(env, thread, rhythm):
        for n in range(moves):
            summary = await service.summary(game_id)
            if summary.status != "active" or not summary.awaiting:
                break
            users = {seat: uid for seat, uid, _ in summary.players}
            seat = rng.choice(sorted(summary.awaiting))
            user = users[seat]
            action = await service.suggest_action(game_id, user, rng)
            outcome = await service.submit(game_id, user, action,
                                           interaction_id=f"bench-{seed}-{n}")
            _own, rest = split_for(outcome.effects, user)
            await bot.delivery.deliver(rest)
            rhythm.moves += 1
            snap = await service.board_snapshot(game_id)
            now = turn_key(snap.game_type, snap.view, snap.summary)
            rhythm.begun += now != unit
            unit = now
        await env.settle()


async def measure(game: str, moves: int = MOVES, seed: int = SEED) -> Rhythm:
    """One game's rhythm over ``moves`` moves, on a fresh database and a fresh simcord."""
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
        await create_all(engine)
        seeds = iter(range(seed, seed + 1000))
        service = GameService(engine, clock=ManualClock(), settings=ServiceSettings(),
                              games={game: registry.get(game)},
                              seed_source=lambda: next(seeds))
        bot = create_bot(service, deadline_interval=3600)
        n = seats_for(game)
        rhythm = Rhythm(game, n)
        try:
            async with simcord.run(bot, settle_timeout=600.0) as env:
                with env.time_context():
                    thread, _users = await open_table(env, game, n)
                    await play(env, service, 1, thread, moves, seed, rhythm)
        finally:
            await engine.dispose()
        return rhythm


def main(moves: int = MOVES) -> None:
    print(f"{moves} random moves a game (or the whole game), seed {SEED}; counts per 100 moves "
          "beyond the mover's own interaction answer")
    for game in sorted(registry.games()):
        print(asyncio.run(measure(game, moves)).line(), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else MOVES)

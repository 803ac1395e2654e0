"""Per-server statistics and ratings (docs/ratings.md): games played and won per game, an
Elo-style rating for multiplayer results, average response time and missed deadlines.

They are computed from the logs and stored (``ratings``) whenever a game of the server
finishes or a finished game is rolled back; ``/game stats`` reads the stored rows."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.core import ServiceCore
from bot.service.heads import Head
from storage.stats import (
    ALL_GAMES,
    FinishedGame,
    finished_games,
    finished_scopes,
    has_finished,
    move_times,
    replace_ratings,
    stored_ratings,
)

log = logging.getLogger(__name__)

START = 1500.0
K = 32.0


@dataclass
class PlayerStats:
    user_id: int
    name: str
    played: int = 0
    won: int = 0
    rating: float = START
    missed: int = 0
    response_total: float = 0.0  # seconds the table waited for the player's own moves
    responses: int = 0

    @property
    def avg_response_hours(self) -> float | None:
        if not self.responses:
            return None
        return self.response_total / self.responses / 3600

    def row(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name[:100], "rating": self.rating,
                "played": self.played, "won": self.won, "missed": self.missed,
                "response_total": self.response_total, "responses": self.responses}

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> PlayerStats:
        return cls(int(row["user_id"]), str(row["name"]), int(row["played"]), int(row["won"]),
                   float(row["rating"]), int(row["missed"]), float(row["response_total"]),
                   int(row["responses"]))


def rate(games: list[FinishedGame]) -> dict[int, PlayerStats]:
    """Play the finished games in the order they ended. Each game compares every pair of its
    players by place (ahead 1, tied ½, behind 0) against the Elo expectation, scaled by
    ``K / (players - 1)`` so a 5-player game moves a rating as much as a duel. A game with
    bot seats counts as played (and won) but moves no rating: the ratings are people's."""
    players: dict[int, PlayerStats] = {}
    for g in games:
        ranking = g.result.get("ranking") or []
        place = {int(s): i for i, group in enumerate(ranking) for s in group}
        users = {s: u for s, (u, _n) in g.seats.items() if u is not None and s in place}
        for s, (u, name) in g.seats.items():
            if u is not None:
                p = players.setdefault(u, PlayerStats(u, name))
                p.name, p.played = name, p.played + 1
                if s in {int(w) for w in g.result.get("winners") or []}:
                    p.won += 1
        if len(users) < 2 or g.bots:  # a game with AI players rates no one (ratings.md)
            continue
        before = {u: players[u].rating for u in users.values()}
        scale = K / (len(users) - 1)
        for s, u in users.items():
            delta = 0.0
            for t, v in users.items():
                if u == v:
                    continue
                expected = 1 / (1 + 10 ** ((before[v] - before[u]) / 400))
                actual = 1.0 if place[s] < place[t] else 0.5 if place[s] == place[t] else 0.0
                delta += actual - expected
            players[u].rating += scale * delta
    return players


class StatsOps(ServiceCore):
    async def server_stats(self, guild_id: int, game_type: str | None = None
                           ) -> dict[int, PlayerStats]:
        """The stored figures of a server (for one game, or all games together). A server
        whose finished games predate stored ratings gets them computed on this first read."""
        async with self.engine.connect() as conn:
            rows = await stored_ratings(conn, guild_id, game_type or ALL_GAMES)
            never_stored = not rows and await has_finished(conn, guild_id, game_type)
        if never_stored:
            return await self.refresh_ratings(guild_id, game_type)
        return {int(r["user_id"]): PlayerStats.from_row(r) for r in rows}

    async def refresh_ratings(self, guild_id: int, game_type: str | None = None
                              ) -> dict[int, PlayerStats]:
        """Recompute one server's figures for a game (None: all games together) from the
        logs and store them in place of the old ones."""
        players = await self.compute_stats(guild_id, game_type)
        async with self._tx() as conn:
            now = self.clock.now()
            await replace_ratings(conn, guild_id, game_type or ALL_GAMES,
                                  [{**p.row(), "updated_at": now} for p in players.values()])
        return players

    async def refresh_all_ratings(self) -> int:
        """Every server's figures recomputed from the logs; returns how many servers."""
        async with self.engine.connect() as conn:
            scopes = await finished_scopes(conn)
        for guild_id, game_type in scopes:
            await self.refresh_ratings(guild_id, game_type)
        guilds = sorted({g for g, _ in scopes})
        for guild_id in guilds:
            await self.refresh_ratings(guild_id, None)
        return len(guilds)

    async def _ratings_changed(self, head: Head) -> None:
        """A game of this server finished (or a finished one was rolled back). The move is
        already committed: a failure here is logged and mended by the next refresh."""
        guild_id = head.game.guild_id
        if guild_id is None:
            return
        try:
            await self.refresh_ratings(guild_id, head.game.game_type)
            await self.refresh_ratings(guild_id, None)
        except Exception:  # never fail a committed move over its statistics
            log.exception("game #%s: could not update the stored ratings", head.game.id)

    async def compute_stats(self, guild_id: int, game_type: str | None = None
                            ) -> dict[int, PlayerStats]:
        async with self.engine.connect() as conn:
            games = await finished_games(conn, guild_id, game_type)
            moves = await move_times(conn, [g.game_id for g in games])
        players = rate(games)
        holder = {(g.game_id, s): u for g in games for s, (u, _n) in g.seats.items()}
        last: dict[int, datetime] = {}
        for game_id, seat, source, at in moves:
            user = holder.get((game_id, seat))
            if user is not None and user in players:
                if source == "deadline":
                    players[user].missed += 1
                elif source == "player" and game_id in last:
                    # Time since the game last moved: how long the table waited for them.
                    p = players[user]
                    p.response_total += max(0.0, (_naive(at) - _naive(last[game_id]))
                                            .total_seconds())
                    p.responses += 1
            last[game_id] = at
        return players


def _naive(when: datetime) -> datetime:
    return when.replace(tzinfo=None)


def leaderboard(players: dict[int, PlayerStats], limit: int = 10) -> list[PlayerStats]:
    ranked = sorted(players.values(), key=lambda p: (-p.rating, -p.won, p.name))
    return ranked[:limit]

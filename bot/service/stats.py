"""Per-server statistics and ratings (docs/ratings.md): games played and won per game, an
Elo-style rating for multiplayer results, average response time and missed deadlines."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.service.core import ServiceCore
from storage.stats import FinishedGame, finished_games, move_times

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
    response_seconds: list[float] = field(default_factory=list)

    @property
    def avg_response_hours(self) -> float | None:
        if not self.response_seconds:
            return None
        return sum(self.response_seconds) / len(self.response_seconds) / 3600


def rate(games: list[FinishedGame]) -> dict[int, PlayerStats]:
    """Play the finished games in the order they ended. Each game compares every pair of its
    players by place (ahead 1, tied ½, behind 0) against the Elo expectation, scaled by
    ``K / (players - 1)`` so a 5-player game moves a rating as much as a duel."""
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
        if len(users) < 2:
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
                    players[user].response_seconds.append(
                        max(0.0, (_naive(at) - _naive(last[game_id])).total_seconds()))
            last[game_id] = at
        return players


def _naive(when: datetime) -> datetime:
    return when.replace(tzinfo=None)


def leaderboard(players: dict[int, PlayerStats], limit: int = 10) -> list[PlayerStats]:
    ranked = sorted(players.values(), key=lambda p: (-p.rating, -p.won, p.name))
    return ranked[:limit]

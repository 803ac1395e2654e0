"""One run of the player's-eye suite: a server in a language, a table of players (one with
its DMs turned off when there are three or more, so the thread ping and My hand are played
too), a game opened, played to its end by pressing, then every line each player read checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service import GameService
from tests.player_eye.checks import Findings
from tests.player_eye.conftest import CLIENT_LOCALES
from tests.player_eye.table import Player, Table

#: Display names as Discord shows them (a global name unlike the user name), one with
#: Czech letters.
NAMES = [("alice", "Alice W."), ("bohous", "Bohouš"), ("carol", "Carol K."),
         ("dasa", "Dáša"), ("eve", "Eve M.")]


@dataclass(frozen=True)
class Run:
    game: str
    mode: str | None
    players: int
    locale: str
    #: Played to the game's end; otherwise for ``PRESS_CAP`` presses (AGoT: its rounds).
    to_end: bool = False

    def id(self) -> str:
        return f"{self.game}-{self.mode}-{self.players}p-{self.locale}"


async def run_table(env: Any, service: GameService, run: Run, seed: int) -> Table:
    locale = run.locale
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("hry" if locale == "cs" else "games")
    players = []
    for i in range(run.players):
        name, shown = NAMES[i]
        member = guild.add_member(env.create_user(name, global_name=shown))
        CLIENT_LOCALES[member.id] = locale
        players.append(Player(member, shown, locale))
    table = Table(env, service, players, run.game, seed=seed, server_locale=locale)
    if run.players >= 3:
        quiet = players[-1]
        answer = await quiet.member.slash(channel, "game settings", dms=False)
        table.collect_result(quiet, answer)
        quiet.dms = False
    await table.open(channel, run.mode)
    return table


def summary_line(run: Run, table: Table, status: str, findings: Findings) -> str:
    return (f"{run.id()}: {status} after {table.moves} moves, {table.presses} presses; "
            f"findings {dict(findings.counts)}")

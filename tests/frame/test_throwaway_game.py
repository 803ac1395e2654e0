"""Adding a game touches no shared file: a throwaway game — a rules package with its AI and a
front package with its own item and catalogs, written into a temporary folder — is discovered,
offered by ``/game new``, passes every case of every conformance suite (rules, log, notices,
front) that discovery gives it, and plays to the end through simcord."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.games
import rules.registry
from bot.discord.app import MaesterBot, create_bot
from bot.i18n import catalog
from bot.service import GameService, ManualClock, ServiceSettings
from rules.base import GameRules
from tests.frame.suite_cases import SUITES, suite_cases

RULES_SRC = '''
from rules.base import Text, text
from tests.fixtures.sealed_bids import SealedBids


class ToyBids(SealedBids):
    id = "toy_bids"
    title = "Toy Bids"

    def describe(self, event, seat):
        return text("toy_bids.log", line=super().describe(event, seat))

    def phase_label(self, state):
        return text("toy_bids.phase", round=state.round)


RULES = ToyBids()
'''

AI_SRC = '''
from tests.fixtures.sealed_bids_ai import SealedBidsAi
from toy_rules.toy_bids import RULES

AI = SealedBidsAi(RULES)
'''

FRONT_SRC = '''
import re
from typing import Any

import discord

from bot.discord.panels import GENERIC
from bot.discord.text import tr
from bot.games import GameFront


class Peek(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"toy:peek:(?P<g>\\d{1,18})"):
    def __init__(self, g: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"toy:peek:{g}"))
        self.g = g

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, m: re.Match[str], /) -> "Peek":
        return cls(int(m["g"]))

    async def callback(self, interaction: Any) -> None:
        await interaction.client.flows.show_hand(interaction, self.g)


class ToyUI:
    def panel(self, view: Any, actions: Any, locale: str) -> Any:
        panel = GENERIC.panel(view, actions, locale)
        peek = Peek(view.game_id, tr("toy_bids.peek", locale))
        peek.row = 4
        panel.view.add_item(peek)
        return panel


def render(view: dict[str, Any], locale: str = "en") -> bytes:
    return b"\\x89PNG toy " + str(view.get("phase")).encode()


def label(action: Any, locale: str) -> str:
    return "Toy: " + action.kind + " " + " ".join(str(v) for v in action.params.values())


FRONT = GameFront(game_id="toy_bids", move_ui=ToyUI(), items=(Peek,), renderer=render,
                  action_label=label)
'''
CATALOGS = {
    "en": {"toy_bids.log": "Toy: {line}", "toy_bids.phase": "toy round {round}",
           "toy_bids.peek": "Peek"},
    "cs": {"toy_bids.log": "Hračka: {line}", "toy_bids.phase": "kolo hračky {round}",
           "toy_bids.peek": "Nahlédnout"},
}


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameRules]:
    root = tmp_path / "addon"
    (root / "toy_rules" / "toy_bids").mkdir(parents=True)
    (root / "toy_fronts" / "toy_bids" / "i18n").mkdir(parents=True)
    (root / "toy_rules" / "__init__.py").write_text("")
    (root / "toy_rules" / "toy_bids" / "__init__.py").write_text(textwrap.dedent(RULES_SRC))
    (root / "toy_rules" / "toy_bids" / "ai.py").write_text(textwrap.dedent(AI_SRC))
    (root / "toy_fronts" / "__init__.py").write_text("")
    (root / "toy_fronts" / "toy_bids" / "__init__.py").write_text(textwrap.dedent(FRONT_SRC))
    for locale, strings in CATALOGS.items():
        (root / "toy_fronts" / "toy_bids" / "i18n" / f"{locale}.json").write_text(
            json.dumps(strings), encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(rules.registry, "GAME_PACKAGES", [*rules.registry.GAME_PACKAGES,
                                                          "toy_rules"])
    monkeypatch.setattr(bot.games, "FRONT_PACKAGES", [*bot.games.FRONT_PACKAGES, "toy_fronts"])
    rules.registry.reset()
    bot.games.reset()
    catalog.cache_clear()
    yield rules.registry.get("toy_bids")
    for name in [m for m in sys.modules if m.startswith(("toy_rules", "toy_fronts"))]:
        del sys.modules[name]
    monkeypatch.undo()
    rules.registry.reset()
    bot.games.reset()
    catalog.cache_clear()


def test_it_is_discovered_with_its_front_and_catalog(toy: GameRules) -> None:
    assert toy.id in rules.registry.games()
    front = bot.games.front("toy_bids")
    assert front is not None and front.renderer is not None
    assert catalog("en")["toy_bids.log"] == "Toy: {line}"


@pytest.mark.parametrize("suite", SUITES, ids=lambda p: p.stem)
async def test_it_passes_every_conformance_suite(toy: GameRules, suite: Path,
                                                 tmp_path: Path) -> None:
    """The suite's own tests, on the cases discovery gives the toy (and the table-wide
    ones, which now check it along with every game): every parametrized test has one."""
    found = suite_cases(suite, toy)
    ran: dict[str, int] = dict.fromkeys(found.parametrized, 0)
    for number, case in enumerate(found.cases):
        if await case.run(tmp_path / str(number)) and case.parametrized:
            ran[case.test] += 1
    assert found.cases and all(ran.values()), f"{suite.stem}: cases run for the toy {ran}"


class Unreached(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"toy:never:(?P<g>\d{1,18})"):
    """An item a front registers but no panel ever holds."""

    def __init__(self, g: int) -> None:
        super().__init__(discord.ui.Button(label="…", custom_id=f"toy:never:{g}"))

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, m: re.Match[str], /
                             ) -> Unreached:
        return cls(int(m["g"]))


async def test_an_item_no_panel_holds_fails_the_front_suite(
        toy: GameRules, monkeypatch: pytest.MonkeyPatch) -> None:
    toy_front = bot.games.front("toy_bids")
    assert toy_front is not None
    monkeypatch.setitem(bot.games._FRONTS, "toy_bids",
                        replace(toy_front, items=(*toy_front.items, Unreached)))
    front_suite = next(p for p in SUITES if p.stem == "test_front_conformance")
    (reached,) = [c for c in suite_cases(front_suite, toy).cases
                  if c.test == "test_every_item_and_form_of_the_front_is_reached"]
    with pytest.raises(AssertionError, match="Unreached"):
        await reached.run(Path("unused"))


@pytest.fixture
def toy_service(toy: GameRules, engine: Any) -> GameService:
    seeds = iter(range(500, 10_000))
    return GameService(engine, clock=ManualClock(), settings=ServiceSettings(),
                       games=rules.registry.games(), seed_source=lambda: next(seeds))


@pytest.fixture
def simcord_bot(toy_service: GameService) -> MaesterBot:
    return create_bot(toy_service, deadline_interval=60.0)


async def test_it_is_offered_by_game_new_and_plays_through_discord(
        simcord_env: Any, toy_service: GameService) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    offered = await alice.autocomplete(channel, "game new", "game_type", "toy")
    assert [c["value"] for c in offered] == ["toy_bids"]

    await alice.slash(channel, "game new", game_type="toy_bids", players=2, options="rounds=1")
    (thread,) = channel.threads
    await bob.click(thread.last_message, label="Join")
    await alice.slash(thread, "game start")
    await bob.click(thread.last_message, label="Ready")
    board = thread.last_message
    assert board.attachments[0].filename == "board.png"

    for member, amount in ((alice, 4), (bob, 2)):
        turn = member.user.dm_channel.last_message
        bid = await member.user.click(turn, label=f"Toy: bid {amount}")
        await member.user.click(bid.response, label="Toy: ready ")
    prize = alice.user.dm_channel.last_message
    await alice.user.click(prize, label="Toy: claim coins")
    assert (await toy_service.summary(1)).status == "finished"
    log = "\n".join(m.content for m in thread.history())
    # The engine's lines reach the thread through the game's own catalog.
    assert "Toy: Seat 1 is ready." in log and "Toy: Bids revealed: [4, " in log

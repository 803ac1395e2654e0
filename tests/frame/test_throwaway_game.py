"""Adding a game touches no shared file: a throwaway game — a rules package and a front
package with its own catalog, written into a temporary folder — is discovered, offered by
``/game new``, passes both conformance suites and plays to the end through simcord."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.games
import rules.registry
from bot.discord.app import MaesterBot, create_bot
from bot.i18n import catalog
from bot.service import GameService, ManualClock, ServiceSettings
from rules.base import GameRules
from tests.conformance import test_conformance as rules_suite
from tests.conformance import test_front_conformance as front_suite

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

FRONT_SRC = '''
from bot.games import GameFront


def render(view, locale="en"):
    return b"\\x89PNG toy " + str(view.get("phase")).encode()


def label(action, locale):
    return "Toy: " + action.kind + " " + " ".join(str(v) for v in action.params.values())


FRONT = GameFront(game_id="toy_bids", renderer=render, action_label=label)
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameRules]:
    root = tmp_path / "addon"
    (root / "toy_rules" / "toy_bids").mkdir(parents=True)
    (root / "toy_fronts" / "toy_bids" / "i18n").mkdir(parents=True)
    (root / "toy_rules" / "__init__.py").write_text("")
    (root / "toy_rules" / "toy_bids" / "__init__.py").write_text(textwrap.dedent(RULES_SRC))
    (root / "toy_fronts" / "__init__.py").write_text("")
    (root / "toy_fronts" / "toy_bids" / "__init__.py").write_text(textwrap.dedent(FRONT_SRC))
    (root / "toy_fronts" / "toy_bids" / "i18n" / "en.json").write_text(json.dumps({
        "toy_bids.log": "Toy: {line}", "toy_bids.phase": "toy round {round}"}))
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


def test_it_passes_both_conformance_suites(toy: GameRules) -> None:
    for n in (toy.min_seats, toy.max_seats):
        played = rules_suite._playout(toy, {}, n, 1, checks=True)
        assert toy.result(played.final) is not None and played.states_checked
    front_suite.test_panels_fit_discord_and_ids_round_trip(toy, {}, 2)
    front_suite.test_board_image_ignores_hidden_information(toy, {}, 2)


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

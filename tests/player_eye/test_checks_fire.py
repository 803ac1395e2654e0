"""Each check of the player's-eye suite can fail: a defect planted in what the bot shows — a
repr, an English line in a Czech game, a raw engine id, a control that does nothing, a turn
nobody is told about, another player's hand in a DM — is found by the same run that finds none
without it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

import bot.discord.delivery
import bot.discord.presenters
from bot.discord.delivery import Delivery
from bot.discord.flows import Flows
from bot.i18n import catalog
from bot.service import GameService
from rules import registry
from tests.player_eye.checks import Line, line_findings
from tests.player_eye.play import Run, run_table
from tests.player_eye.secrets import leak_check

PRESSES = 25


@pytest.fixture
def service_seed() -> int:
    return 4242


def kinds(text: str, locale: str = "en") -> set[str]:
    line = Line("Alice", locale, "thread", text)
    return {k for k, _ in line_findings(line, [123456789012345678])}


def test_each_line_check_fires_on_its_defect_and_not_on_a_clean_line() -> None:
    assert kinds("**Text(key='fort.phase.round', params={'round': 1})**") >= {"repr"}
    assert kinds("Deadline: None") == {"repr"}
    assert kinds("fort.phase.round") == {"catalog_key"}
    assert kinds("Alice plays {card}.") == {"placeholder"}
    assert kinds("Hunters (h24) arrive.") == {"raw_id"}
    assert kinds("Alice plays raven_pass.") == {"raw_id"}
    assert kinds("Board version 19") == {"internal"}
    assert kinds("Seat 2 is ready.") == {"internal"}
    assert kinds("Waiting for 123456789012345678.") == {"bare_user_id"}
    assert kinds("Jsi na tahu. Press My hand for your private view", "cs") == {"english_in_czech"}
    assert kinds("Waiting for <@123456789012345678>: Alice plays a card.") == set()
    assert kinds("__Your hand__") == set()
    assert kinds("Jsi na tahu: vyber kartu. Hra The Great Wall.", "cs") == set()


async def _findings(env: Any, service: GameService, run: Run) -> dict[str, int]:
    table = await run_table(env, service, run, 4242)
    await table.play(PRESSES)
    await leak_check(table, registry.get(run.game))
    return dict(table.check().counts)


def _plant(monkeypatch: pytest.MonkeyPatch, target: Any, name: str,
           make: Callable[[Any], Any]) -> None:
    monkeypatch.setattr(target, name, make(getattr(target, name)))


async def test_a_planted_repr_in_the_thread_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    # The defect this suite was written for: a phase heading shown as its ``Text`` repr.
    monkeypatch.setattr(bot.discord.delivery, "view_text", lambda value, locale=None: repr(value))
    found = await _findings(simcord_env, service, Run("fort", "basic", 2, "en"))
    assert found.get("repr", 0) > 0, found


async def test_a_planted_english_line_in_a_czech_game_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    async def english(self: Any, guild: Any) -> str:
        return "en"

    monkeypatch.setattr(bot.discord.delivery.Delivery, "table_locale", english)
    found = await _findings(simcord_env, service, Run("fort", "basic", 2, "cs"))
    assert found.get("english_in_czech", 0) > 0, found


async def test_a_planted_raw_id_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    _plant(monkeypatch, bot.discord.presenters, "phase_text",
           lambda real: lambda summary, locale: f"{real(summary, locale)} (h13, raven_pass)")
    found = await _findings(simcord_env, service, Run("fort", "basic", 2, "en"))
    assert found.get("raw_id", 0) > 0, found


async def test_a_planted_dead_control_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move button that answers by showing the same panel again and changes nothing."""

    async def dead(self: Flows, interaction: Any, game_id: int, *_args: Any, **_kw: Any) -> None:
        await self.guarded(interaction, lambda: self.panel(interaction, game_id, []))

    monkeypatch.setattr(Flows, "play", dead)
    found = await _findings(simcord_env, service, Run("fort", "basic", 2, "en"))
    assert found.get("dead_control", 0) > 0, found


async def test_a_turn_nobody_is_told_about_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    async def silent(self: Any, note: Any) -> None:
        return None

    monkeypatch.setattr(bot.discord.delivery.Delivery, "notify", silent)
    found = await _findings(simcord_env, service, Run("fort", "basic", 2, "en"))
    assert found.get("no_prompt", 0) > 0, found


async def test_another_players_hand_in_a_dm_is_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each DM also tells the cards in the other player's hand (a panel sent to the wrong
    player): the leak check names them; without the plant the same run finds no leak."""
    real = Delivery.notify

    async def leaky(self: Delivery, note: Any) -> None:
        await real(self, note)
        summary = await self.service.summary(note.game_id)
        other = next(uid for _s, uid, _n in summary.players if uid and uid != note.user_id)
        view = (await self.service.private_view(note.game_id, other)).view
        hand = next(p for p in view["players"] if p.get("hand") is not None)["hand"]
        names = [catalog("en")[f"fort.card.{c.split('~')[0]}"] for c in hand]
        dm = await self.bot.create_dm(discord.Object(id=note.user_id))
        await dm.send(f"The other player holds {', '.join(names)}.")

    run = Run("fort", "basic", 2, "en")
    assert "leak" not in await _findings(simcord_env, service, run)
    monkeypatch.setattr(Delivery, "notify", leaky)
    found = await _findings(simcord_env, service, run)
    assert found.get("leak", 0) > 0, found


def test_the_leak_check_names_only_what_another_seat_alone_knew_then() -> None:
    """A name is a leak to a reader when another seat knew it by then, it was never public
    by then and the reader never knew it; copies are one name; a longer allowed name holding
    a forbidden one ("Monk II" around "Monk") is no leak."""
    from tests.player_eye.secrets import Knowledge, leak_findings

    names = {"monk": "Monk", "monk_2": "Monk II", "worm": "Worm", "bud": "Bud"}
    k = Knowledge(2)
    k.show(["monk", "worm~2"], [0], 1)  # seat 0's hand from move 1
    k.show(["monk_2", "bud"], [1], 1)  # seat 1's
    k.show(["worm"], None, 5)  # Worm played at move 5
    read = [(2, Line("Bohous", "en", "dm", "You hold Monk II and Bud.")),
            (3, Line("Bohous", "en", "thread", "Alice holds Worm.")),
            (6, Line("Bohous", "en", "thread", "Alice played Worm.")),
            (4, Line("Bohous", "en", "dm", "Alice holds Monk."))]
    found = leak_findings(k, names, {1: read}, {0: "Alice", 1: "Bohous"})
    texts = [example for _kind, example in found]
    assert len(found) == 2, texts
    assert "Alice holds Worm." in texts[0] and "Alice holds Monk." in texts[1]

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
from bot.discord.text import locale_of
from bot.i18n import catalog
from bot.service import GameService
from rules import registry
from tests.player_eye.checks import Line, line_findings
from tests.player_eye.hidden import hidden_check
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


def _tell_another_seat(monkeypatch: pytest.MonkeyPatch,
                       secret: Callable[[dict[str, Any], str], str]) -> None:
    """Each private panel comes with a note telling ``secret`` of another seat's private
    view: a panel shown to the wrong player."""
    real = Flows.show_panel

    async def leaky(self: Flows, interaction: Any, view: Any, actions: Any,
                    header: Any) -> None:
        await real(self, interaction, view, actions, header)
        summary = await self.service.summary(view.game_id)
        for _s, uid, _n in summary.players:
            if uid and uid != interaction.user.id:
                other = await self.service.private_view(view.game_id, uid)
                told = secret(other.view, locale_of(interaction))
                if told:
                    await self.answer(interaction, told)
                    return

    monkeypatch.setattr(Flows, "show_panel", leaky)


def _agot_orders(view: dict[str, Any], locale: str) -> str:
    from bot.games.agot.text import area_name, token_label

    orders = (view.get("you") or {}).get("your_orders") or {}
    return "; ".join(f"{area_name(a)}: {token_label(t, locale)}" for a, t in orders.items())


def _catan_hand(view: dict[str, Any], locale: str) -> str:
    from bot.games.catan_watch.embed import hand_line

    hand = (view.get("you") or {}).get("hand") or {}
    return hand_line(hand, locale) if any(hand.values()) else ""


@pytest.mark.parametrize(("run", "secret"), [
    (Run("agot", None, 3, "cs"), _agot_orders),
    (Run("catan_watch", "base", 3, "en"), _catan_hand)], ids=["agot-orders", "catan-hand"])
async def test_another_houses_orders_and_another_players_hand_are_found(
        simcord_env: Any, service: GameService, monkeypatch: pytest.MonkeyPatch, run: Run,
        secret: Callable[[dict[str, Any], str], str]) -> None:
    """Each DM also tells another seat's orders not yet revealed (AGoT, in the words of the
    reveal: "Winterfell: March -1") or its resource cards (Catan, as "My hand" shows them)."""
    _tell_another_seat(monkeypatch, secret)
    table = await run_table(simcord_env, service, run, 4242)
    await table.play(PRESSES)
    await hidden_check(table, registry.get(run.game))
    assert table.findings.counts.get("leak", 0) > 0, table.findings.report()


def test_the_hidden_facts_check_names_only_another_seats_secret_then() -> None:
    """A fact shown in a line is a leak when another seat held it secret between the
    reader's looks, it was not public by then and the reader never knew it: an order until
    the reveal, a bid ("Stark 3", "Your bid: 3 …"), a battle's House card until both are
    revealed, a hand, a private log line."""
    from tests.player_eye.hidden import Facts, hidden_findings

    facts = Facts(2)
    order, bid, mine = ("order", "Winterfell", "March -1"), ("bid", "Stark", 3), ("your_bid", 3)
    card = ("card", "Eddard Stark")
    facts.now([(order, 0), (bid, 0), (mine, 0), (("your_bid", 1), 1), (card, 0)], 2)
    facts.now([(bid, 0), (mine, 0)], 4)  # the orders and the cards are revealed at move 4 ...
    facts.public[order] = facts.public[card] = 4
    facts.now([], 6)  # ... and the bids at move 6
    facts.public[bid] = 6
    facts.forever(("text", "The stolen card was Ore."), [0], 5)
    facts.texts.add("The stolen card was Ore.")
    facts.close()
    read = [(2, 3, Line("Bohous", "en", "dm", "Winterfell: March -1 (Stark)")),
            (3, 4, Line("Bohous", "en", "thread", "Orders revealed — Winterfell: March -1.")),
            (4, 5, Line("Bohous", "en", "dm", "Bids: Stark 3, Greyjoy 1.")),
            (4, 5, Line("Bohous", "en", "dm", "Your bid: 1 (secret until all bids are in)")),
            (5, 5, Line("Bohous", "en", "dm", "Your bid: 3 (secret until all bids are in)")),
            (6, 7, Line("Bohous", "en", "thread", "Bids (Iron Throne): Stark 3, Greyjoy 1.")),
            (7, 8, Line("Bohous", "en", "dm", "7. The stolen card was Ore.")),
            (2, 3, Line("Bohous", "en", "dm",
                        "Your House card: Eddard Stark (secret until both are chosen)")),
            (4, 5, Line("Bohous", "en", "thread", "Confirm Eddard Stark"))]
    found = hidden_findings(facts, "agot", "en", ("Stark", "Greyjoy"), {1: read},
                            {0: "Alice", 1: "Bohous"})
    texts = [example for _kind, example in found]
    assert len(found) == 5, texts
    assert [t.split("] ")[1][:12] for t in texts] == [
        "Winterfell: ", "Bids: Stark ", "Your bid: 3 ", "7. The stole", "Your House c"], texts


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

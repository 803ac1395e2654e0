"""What a Northgard player reads, in English and in Czech, over random games of every mode:
no repr, raw id, unfilled placeholder or catalog key; no "you" in a public line; no English
sentence in a Czech game; Czech in the familiar form of address (as the core's catalog)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.i18n import as_msg, render
from bot.service import GameService
from rules.base import Action, Event
from rules.northgard.names import terr_name
from rules.registry import get
from rules.rng import Rng
from tests.harness import boards, components, everything, server, start_game
from tests.player_text import defects, readings, report, service_readings

RULES = get("northgard")
#: Names both catalogs spell alike.
SAME_IN_BOTH = frozenset({"Kaija"})


def _cases() -> list[Any]:
    return [pytest.param(dict(v.config), n, locale, id=f"{v.name}-{n}-{locale}")
            for v in RULES.variants() for n in sorted({min(v.seats), max(v.seats)})
            for locale in ("en", "cs")]


@pytest.mark.parametrize(("config", "n", "locale"), _cases())
def test_every_text_a_player_reads_is_clean(config: dict[str, Any], n: int, locale: str
                                            ) -> None:
    found: dict[str, str] = {}
    # One game a case, its seed the seat count (the cases differ in mode and seats anyway).
    for r in readings(RULES, config, n, n, locale, moves=3000):
        for d in defects(r, locale, SAME_IN_BOTH):
            found.setdefault(f"{d.split(':')[0]} ({r.where})", f"{d}: {r.text!r}")
    assert not found, report(found)


def _service_cases() -> list[Any]:
    return [pytest.param(v.name, min(max(v.seats), 4), locale, id=f"{v.name}-{locale}")
            for v in RULES.variants() for locale in ("en", "cs")]


@pytest.mark.parametrize(("mode", "n", "locale"), _service_cases())
async def test_what_the_service_hands_players_is_clean(service: GameService, mode: str, n: int,
                                                      locale: str) -> None:
    """The same checks on what the service produces for Discord (posts, notices, replies,
    prompts and panels) over the opening moves of a game of every mode started through it."""
    found: dict[str, str] = {}
    for r in await service_readings(service, RULES, mode, n, locale, moves=120):
        for d in defects(r, locale, SAME_IN_BOTH):
            found.setdefault(f"{d.split(':')[0]} ({r.where})", f"{d}: {r.text!r}")
    assert not found, report(found)


# ---- the move prompt, read as a player reads it (simcord) ---------------------------------------
async def test_a_move_says_what_is_decided_and_back_is_not_the_confirm_button(
        simcord_env: Any, service: GameService) -> None:
    """After a player picks a move step, the reply to the click and "My hand" say which units
    are moving where; the counts read "Move 2 units"; "Back" is a grey button, not a green one."""
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], "northgard", title="Northgard")
    members, gid, rng = [alice, bob], 1, Rng(3)
    for _ in range(400):
        seat = sorted(await service.awaiting_seats(gid))[0]
        member = members[seat]
        legal = await service.legal_actions(gid, member.id)
        steps = [a for a in legal if isinstance(a, Action) and a.kind == "step"]
        if steps:
            break
        state = (await service._head(gid)).state  # only to ask the random agent
        await service.submit(gid, member.id, RULES.random_action(state, seat, rng))
    else:
        raise AssertionError("no move step within 400 moves")
    panel = (await member.click(boards(thread)[-1], label="My hand")).response
    step = legal.index(steps[0])
    (cid,) = [str(c["custom_id"]) for c in components(panel)
              if str(c.get("custom_id", "")).startswith("mst:mv:")
              and str(c["custom_id"]).endswith(f":{step}")]
    reply = (await member.click(panel, custom_id=cid)).response
    frm, to = (terr_name(str(steps[0].params[k])) for k in ("frm", "to"))
    prompt = f"Your move: how many units move from {frm} to {to}."
    assert prompt in everything(reply), everything(reply)
    hand = (await member.click(boards(thread)[-1], label="My hand")).response
    assert prompt in everything(hand)
    buttons = [c for c in components(hand) if c.get("type") == 2]
    back = [c for c in buttons if c.get("label", "").startswith("Back")]
    counts = [c for c in buttons if c.get("label", "").startswith("Move ")]
    assert back and counts, [c.get("label") for c in buttons]
    assert all(c["style"] == discord.ButtonStyle.secondary.value for c in back)
    assert all(c["style"] != discord.ButtonStyle.success.value for c in counts + back)


def test_final_fame_and_winter_read_as_sentences() -> None:
    """The end's fame names its parts by what they are (no "-5 tokens"), leaving out the empty
    ones; winter upkeep says whether it was free, paid, paid in part or not paid."""
    fame = {"0": {"total": -12, "tokens": -5, "resources": 3, "cards": 0, "achievements": 0,
                  "unrest": -10},
            "1": {"total": 0, "tokens": 0, "resources": 0, "cards": 0, "achievements": 0,
                  "unrest": 0}}
    line = render(as_msg(RULES.describe(Event("final_fame", {"fame": fame}), None)), "en")
    assert line == ("Fame revealed: Red: -12 fame (during play -5, resources 3, Unrest cards "
                    "-10); Yellow: 0 fame.")

    def winter(cost: list[int], paid: list[int], locale: str = "en") -> str:
        data = {"seat": 0, "n": 3, "cost": cost, "paid": paid, "short": paid != cost}
        return render(as_msg(RULES.describe(Event("winter_paid", data), None)), locale)

    assert winter([0, 0], [0, 0]) == "Red feeds 3 units at no cost."
    assert winter([1, 0], [1, 0]) == "Red feeds 3 units and pays 1 food."
    assert winter([2, 1], [1, 0]) == "Red pays only 1 food of 2 food, 1 wood to feed 3 units."
    assert winter([1, 0], [0, 0]) == "Red cannot pay 1 food to feed 3 units."
    assert winter([0, 0], [0, 0], "cs") == "Červený živí 3 jednotky zdarma."

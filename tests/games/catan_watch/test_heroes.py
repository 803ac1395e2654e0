"""Night's Watch heroes through Discord: a side-A hero is used from the "My hand" panel's
select (the card turns to side B); a side-B hero first asks which hero to take from the
offer, then offers the uses — and the card goes back to the offer."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.catan_watch import hero as hero
from bot.service import GameService
from rules.base import Action, RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.heroes import ready
from rules.catan_watch.state import State
from rules.rng import Rng
from tests.answers import private
from tests.games.catan_watch.harness import advance_to, start_catan
from tests.harness import components, custom_ids


@pytest.fixture
def service_seed() -> int:
    """This module's own seed: its game needs heroes to use, not a 7 and a trade."""
    return 4242


def legal_use(state: State, side: str) -> int | None:
    """The first listed use of the current seat's hero the engine accepts (side A: flip;
    side B: swap for the first hero of the offer), or None."""
    seat = state.current
    if state.phase != "main" or ready(state, seat) is not None or state.hero_side[seat] != side:
        return None
    view = RULES.view(state, seat)
    offer = hero.offer(view)
    if side == "B" and not offer:
        return None
    take = offer[0][0] if side == "B" else 0
    for i, params in enumerate(hero.ability_options(view, seat)[:25]):
        try:
            RULES.apply(state, seat, Action("use_hero", hero.with_after(view, seat, params,
                                                                        take)))
        except RuleViolation:
            continue
        return i
    return None


def select_with(message: Any, prefix: str, value: str) -> str:
    for c in components(message):
        if str(c.get("custom_id", "")).startswith(prefix) and value in [
                o["value"] for o in c.get("options", [])]:
            return str(c["custom_id"])
    raise AssertionError((prefix, value, custom_ids(message)))


async def test_heroes_are_used_from_the_panel(simcord_env: Any, service: GameService) -> None:
    table = await start_catan(simcord_env, service, options="mode=nights_watch")
    thread, gid = table.thread, table.game_id
    rng = Rng(11)

    # side A: one select, the card turns over
    await advance_to(table, rng, lambda s: legal_use(s, "A") is not None)
    state = (await service._head(gid)).state
    seat, index = state.current, legal_use(state, "A")
    name = hero.HEROES[state.hero[seat]]["name"]
    panel = await table.panel(seat)
    cid = select_with(panel, "ctw:hu:", str(index))
    used = await table.members[seat].select(panel, [str(index)], custom_id=cid)
    assert private(used)
    text = "\n".join(m.content for m in thread.history())
    assert f"used {name} (side A)" in text and f"turned {name} to side B" in text
    assert (await service._head(gid)).state.hero_side[seat] == "B"

    # side B: choose the hero to take, then the use; the card returns to the offer
    await advance_to(table, rng, lambda s: legal_use(s, "B") is not None, limit=1500)
    state = (await service._head(gid)).state
    seat, index = state.current, legal_use(state, "B")
    old, take = state.hero[seat], state.hero_offer[0]
    panel = await table.panel(seat)
    cid = select_with(panel, "ctw:ht:", str(take))
    asked = await table.members[seat].select(panel, [str(take)], custom_id=cid)
    assert "take" in asked.response.content
    cid = select_with(asked.response, f"ctw:hu:{gid}:{seat}:", str(index))
    assert f":{take}:" in cid
    await table.members[seat].select(asked.response, [str(index)], custom_id=cid)
    after = (await service._head(gid)).state
    assert after.hero[seat] == take and old in after.hero_offer
    assert "returned" in "\n".join(m.content for m in thread.history()[-4:])

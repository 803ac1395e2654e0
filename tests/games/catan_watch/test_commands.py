"""``/catan …`` typed: set-up spots by name with autocomplete, offers and counters with
amounts in words, and clear answers for what cannot be read."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from rules.catan_watch import RULES
from rules.catan_watch.data import RESOURCES
from rules.rng import Rng
from tests.games.catan_watch.harness import AGENT_SEED, advance_to, offer_message, start_catan
from tests.harness import custom_ids


async def test_typed_moves(simcord_env: Any, service: GameService) -> None:
    table = await start_catan(simcord_env, service)
    thread, gid = table.thread, table.game_id
    alice, bob, _carol = table.members

    # set-up: the spot autocompletes by the hexes' letters and terrain; typing a name works
    offered = await alice.autocomplete(thread, "catan build", "spot", "")
    assert len(offered) == 25 and all(c["name"].startswith("Settlement · corner")
                                      for c in offered)
    narrowed = await alice.autocomplete(thread, "catan build", "spot", "A/B/E")
    assert [c["name"].split(" — ")[0] for c in narrowed] == ["Settlement · corner A/B/E"]
    placed = await alice.slash(thread, "catan build", spot="corner A/B/E")
    assert placed.ephemeral and "Done" in placed.response.content
    assert (await service._head(gid)).state.owner.count(0) == 1
    assert await bob.autocomplete(thread, "catan build", "spot", "") == []
    wrong = await bob.slash(thread, "catan build", spot="corner A/B/E")
    assert "matches 0" in wrong.response.content

    # a turn with cards: offer in words; unreadable amounts are explained, nothing changes
    await advance_to(table, Rng(AGENT_SEED), lambda s: s.phase == "main"
                     and sum(s.hands[s.current]) >= 2 and s.trade_count == 0
                     and all(sum(s.hands[o]) for o in range(s.n)))
    state = (await service._head(gid)).state
    seat = state.current
    member = table.members[seat]
    bad = await member.slash(thread, "catan offer", give="2 gold", get="1 ore")
    assert '"gold" is not a resource' in bad.response.content
    give = max(range(5), key=lambda r: state.hands[seat][r])
    get = (give + 1) % 5
    made = await member.slash(thread, "catan offer", give=f"1 {RESOURCES[give]}",
                              get=RESOURCES[get][0])
    assert made.ephemeral and (await service._head(gid)).state.phase == "trade"
    offer = offer_message(thread)
    assert "Trade offer" in offer.content and custom_ids(offer)

    # another player counters in words; the offer's message shows it
    other = (seat + 1) % 3
    hand = (await service._head(gid)).state.hands[other]
    mine = max(range(5), key=lambda r: hand[r])
    want = next(r for r in range(5) if r != mine)
    countered = await table.members[other].slash(
        thread, "catan counter", give=f"{RESOURCES[mine]}", get=f"2 {RESOURCES[want]}")
    assert countered.ephemeral
    shown = next(m for m in thread.history() if m.id == offer.id)
    assert "counters" in shown.content
    assert RULES.view((await service._head(gid)).state, None)["trade"]["responses"][str(other)]

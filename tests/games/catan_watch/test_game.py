"""A whole 3-player Catan game through discord.py's real machinery (simcord): lobby, set-up
spots from selects, turns by buttons, a domestic trade offered with the form, posted in the
thread and accepted there, a 7 whose discards are collected secretly from every affected
player at once (DM select, form, command), board images along the way, and nothing private
in public on the way. Then a counter-offer made with the thread's Counter… button, taken up
by the active player at once while a third player has not answered."""

from __future__ import annotations

from typing import Any

from bot.games.catan_watch.embed import hand_line
from bot.games.catan_watch.names import counts_text
from bot.service import GameService
from rules.base import Action
from rules.catan_watch import RULES
from rules.catan_watch.data import RESOURCES
from rules.rng import Rng
from tests.games.catan_watch.harness import (
    AGENT_SEED,
    GAME,
    Table,
    advance_to,
    offer_message,
    public,
    start_catan,
)
from tests.harness import boards, custom_ids, everything, labels

EPHEMERAL_VIEW_LIFE = 15 * 60 + 1
#: what only a seat may see: the private embed's headings and private log lines
PRIVATE_MARKERS = ("Your resource cards", "Your development cards", "You discard",
                   "only you can see this", "The stolen card was", " drew ", "chose to discard",
                   "ctw:ds:", "Pick the ")


async def check_autocomplete(table: Table, seat: int) -> None:
    """The active seat's build spots autocomplete with board names; the others get nothing
    (their options are empty while it is not their move, and never anyone else's)."""
    active = table.members[seat]
    spots = await active.autocomplete(table.thread, "catan build", "spot", "")
    assert spots and all(c["name"].startswith(("Road · path", "Settlement · corner",
                                               "Keep · corner")) for c in spots)
    for other in table.members:
        if other is not active:
            assert await other.autocomplete(table.thread, "catan move", "option", "") == []
            assert await other.autocomplete(table.thread, "catan build", "spot", "") == []


async def check_secret_discards(table: Table, since: int, left: list[int]) -> None:
    """Some chose their discards, others not yet: nothing of any choice is public, and
    everyone still choosing has their own prompt."""
    seen = "\n".join(everything(m) for m in table.thread.history()[since:])
    assert " discarded " not in seen
    assert not any(m in seen for m in PRIVATE_MARKERS)
    for s in left:
        assert "ctw:ds:" in str(table.discard_prompt(s).components)
    for member in table.members:
        you = (await table.service.private_view(table.game_id, member.id)).view["you"]
        if you.get("pending_discard"):
            assert counts_text(you["pending_discard"], "en") not in seen


async def check_no_hands(table: Table) -> None:
    """No seat's hand, as its private embed shows it, is in the recent public messages."""
    seen = "\n".join(everything(m) for m in table.thread.history()[-8:])
    for member in table.members:
        you = (await table.service.private_view(table.game_id, member.id)).view["you"]
        assert hand_line(you["hand"], "en") not in seen


async def test_a_full_game_with_a_trade_and_a_seven(simcord_env: Any, service: GameService
                                                    ) -> None:
    table = await start_catan(simcord_env, service)
    thread, gid = table.thread, table.game_id
    assert boards(thread), "the board image is posted when the game begins"
    assert "My hand" in labels(boards(thread)[-1])

    # the first set-up prompt is a DM with a select of named corners
    alice_dm = table.members[0].user.dm_channel.last_message
    assert any(i.startswith("mst:ms:") for i in custom_ids(alice_dm))
    assert "Settlement · corner" in str(alice_dm.components)

    rng = Rng(AGENT_SEED)
    rules = service.games[GAME]
    secret_discards = autocompleted = 0
    accepted_offers: list[int] = []
    actions = 0
    seven_at: int | None = None
    while (await service.summary(gid)).status == "active":
        seat = sorted(await service.awaiting_seats(gid))[0]
        state = (await service._head(gid)).state  # only to ask the random agent
        action = rules.random_action(state, seat, rng)
        phase = state.phase
        if phase != "discard":
            seven_at = None
        elif seven_at is None:  # a 7 was just rolled: what the table sees from now on
            seven_at = len(thread.history())
        if action.kind == "accept_trade":
            offer = offer_message(thread)
            assert "Trade offer" in offer.content and "Accept" in labels(offer)
            accepted_offers.append(offer.id)
        if phase == "main" and action.kind.startswith("build_") and not autocompleted:
            await check_autocomplete(table, seat)
            autocompleted += 1

        result = await table.play(seat, action)
        actions += 1
        assert actions < 400
        assert "rejected" not in (result.response.content or "").lower(), result.response.content
        await check_no_hands(table)
        if actions % 20 == 0:
            # a quarter of an hour passes: discord.py retires ephemeral panels' views after
            # 15 minutes (their components stay usable: they are all dynamic items)
            await simcord_env.advance_time(EPHEMERAL_VIEW_LIFE)

        if phase == "discard" and seven_at is not None:
            _type, _version, now = await service.public_view(gid)
            if now["phase"] == "discard":
                left = sorted(await service.awaiting_seats(gid))
                await check_secret_discards(table, seven_at, left)
                secret_discards += 1
        if action.kind == "confirm_trade":
            recent = "\n".join(m.content for m in thread.history()[-4:])
            assert " traded " in recent
            closed = [m for m in thread.history() if m.id in accepted_offers]
            assert closed and all("closed" in m.content and not custom_ids(m) for m in closed)

    assert (await service.summary(gid)).status == "finished"
    assert any("is over" in (e.description or "") for m in thread.history() for e in m.embeds)
    assert secret_discards and accepted_offers and autocompleted
    for way in ("offer_form", "thread_accept_trade", "select", "button", "confirm_trade"):
        assert table.used.get(way), (way, table.used)
    assert not any(m in public(table) for m in PRIVATE_MARKERS)
    assert len(boards(thread)) > 10


# ---- a counter-offer in the thread, and the offerer closing early ----------------------------
def _richest(hand: list[int]) -> int:
    return max(range(5), key=lambda r: hand[r])


async def test_counter_in_the_thread_then_an_early_close(
    simcord_env: Any, service: GameService
) -> None:
    table = await start_catan(simcord_env, service)
    rng = Rng(AGENT_SEED)
    # Red's move, with cards, and the next player holding a resource Red lacks.
    await advance_to(table, rng, lambda s: s.phase == "main" and not s.built
                     and any(s.hands[s.current])
                     and any(s.hands[(s.current + 1) % s.n][r] and not s.hands[s.current][r]
                             for r in range(5)))
    state = (await service._head(table.game_id)).state
    red, blue = state.current, (state.current + 1) % 3
    orange = 3 - red - blue
    give = _richest(state.hands[red])
    theirs = next(r for r in range(5) if state.hands[blue][r] and not state.hands[red][r])
    wanted = next(r for r in range(5) if r not in (give, theirs))
    before = [state.hands[red][:], state.hands[blue][:], state.hands[orange][:]]

    await table.play(red, Action("offer_trade", {"give": {RESOURCES[give]: 1},
                                                 "get": {RESOURCES[wanted]: 1}}))
    offer = offer_message(table.thread)
    assert "no answer yet" in offer.content

    # Blue counters in the thread: they give what they have, for Red's card.
    await table.play(blue, Action("counter_trade", {"give": {RESOURCES[theirs]: 1},
                                                    "get": {RESOURCES[give]: 1}}))
    offer = next(m for m in table.thread.history() if m.id == offer.id)
    assert "counters" in offer.content and "no answer yet" in offer.content
    assert set(RULES.awaiting((await service._head(table.game_id)).state)) == {red, orange}

    # Orange looks at their panel (the offer's answers in it) and does not answer yet.
    waiting = await table.panel(orange)
    assert "Decline" in labels(waiting)

    # Red need not wait for Orange: the panel offers the trade with Blue, and a cancel.
    panel = await table.panel(red)
    finish = [i for i in custom_ids(panel) if i.startswith("ctw:tf:")]
    assert sorted(i.rsplit(":", 1)[1] for i in finish) == sorted([str(blue), "x"])
    assert any(label.startswith("Trade with") for label in labels(panel))
    await table.play(red, Action("confirm_trade", {"partner": blue}))

    state = (await service._head(table.game_id)).state
    assert state.phase == "main" and state.trade is None
    assert state.hands[red][give] == before[0][give] - 1
    assert state.hands[red][theirs] == before[0][theirs] + 1
    assert state.hands[blue][theirs] == before[1][theirs] - 1
    assert state.hands[blue][give] == before[1][give] + 1
    assert state.hands[orange] == before[2]
    closed = next(m for m in table.thread.history() if m.id == offer.id)
    assert "closed" in closed.content and not custom_ids(closed)

    # Orange's panel still showed the answers: pressed, it says the offer is closed and
    # becomes what Orange can do now (no answer to a closed offer is offered again).
    late = await table.members[orange].click(waiting, label="Decline")
    assert late.response.id == waiting.id and "That trade offer is closed." in late.response.content
    assert "Decline" not in labels(late.response)

"""``/agot board|tracks|cards|log`` in the thread and in DMs, the game option's autocomplete,
a non-AGoT game refused, and an old panel clicked after the game moved on (stale, with fresh
options) — plus the orders panel's pages for a house with many areas."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.agot import drafts as agot_drafts
from bot.games.agot.drafts import orders_panel
from bot.service import GameService, PrivateView
from rules.agot import RULES
from tests.games.agot.harness import SEED, Player, give_orders, select_id, start_agot
from tests.harness import SEALED_BIDS, everything, last_with, server


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return ("agot", SEALED_BIDS)  # another kind of game, for /agot to refuse


async def test_reading_commands(simcord_env: Any, service: GameService) -> None:
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol")
    thread = await start_agot(channel, members)
    alice, bob, carol = (Player(m) for m in members)

    board = await alice.member.slash(thread, "agot board")
    assert board.ephemeral and [a.filename for a in board.response.attachments] == [
        "board.png", "board-2.png", "board-3.png"]
    assert "Round 1 · Planning" in everything(board.response)

    tracks = (await alice.member.slash(thread, "agot tracks")).response.content
    assert "**Iron Throne**: Baratheon › Lannister › Stark" in tracks
    assert "**Stark** — 5 power" in tracks

    cards = (await bob.member.slash(thread, "agot cards")).response.content
    assert "**Tywin Lannister** · strength 3 · swords 2 · forts 0" in cards
    # Other houses' hands are public knowledge: their seven cards minus their discards.
    assert "**Baratheon** — 7 cards in hand: " in cards and "Stannis Baratheon" in cards
    assert "discarded: —" in cards

    # A "My hand" panel of round 1, kept for later (a DM panel is edited in place, so it is
    # never left behind as an old one).
    old = (await alice.member.click(last_with(thread, "My hand"), label="My hand")).response
    # In DMs the caller's only AGoT game is used.
    await give_orders(alice, {"kingswood": "march_0"})
    log = await alice.user.slash("agot log")
    assert "Baratheon has placed its orders." in log.response.content
    games = await alice.user.autocomplete("agot tracks", "game", "")
    assert [c["value"] for c in games] == [1]

    # Another kind of game is refused politely.
    await alice.member.slash(channel, "game new", game_type="sealed_bids", players=2)
    refused = await alice.member.slash(channel, "agot tracks", game=2)
    assert "is Sealed Bids (test fixture), not A Game of Thrones" in refused.response.content

    # An order panel from round 1 (kept below), clicked once the orders are revealed, is stale.
    await give_orders(bob, {})
    await give_orders(carol, {})
    stale = await alice.member.select(old, ["march_-1"],
                                      custom_id=select_id(old, "agot:os:", "dragonstone"))
    assert "The board changed since you looked" in stale.response.content
    assert (await service.private_view(1, alice.member.id)).view["board"]["dragonstone"].get(
        "order") is None


async def test_orders_panel_pages_by_four_areas() -> None:
    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, SEED)
    for area in ("storms_end", "the_reach", "blackwater", "crackclaw_point"):
        st.units[area] = [0, 1, 0, 0, 0, 0, 0]
    view = PrivateView(1, "agot", 0, "Seat 1", RULES.view(st, 0), True, "", 0)
    actions = RULES.legal_actions(st, 0)
    for page, selects, nav in ((0, 4, "Areas 5–7"), (1, 3, "Areas 1–4")):
        panel = orders_panel(view, actions, "en", page)
        assert panel.view is not None
        comps = [c for row in panel.view.to_components() for c in row["components"]]
        assert sum(c["custom_id"].startswith("agot:os:") for c in comps) == selects
        assert nav in [c.get("label") for c in comps]


async def test_orders_pages_in_discord(simcord_env: Any, monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    """With two areas a page, Alice's three areas need two pages: the page button redraws her
    panel in place, and after an order on page 2 her fresh panel stays on page 2."""
    monkeypatch.setattr(agot_drafts, "MAX_ROWS", 2)
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol")
    await start_agot(channel, members)
    alice = Player(members[0])
    panel = alice.panel
    assert "page 1/2" in panel.content
    select_id(panel, "agot:os:", "dragonstone")
    turned = await alice.click("Areas 3–3")
    assert turned.id == panel.id and "page 2/2" in turned.content  # edited in place
    reply = await alice.select(select_id(turned, "agot:os:", "shipbreaker_bay"), "support_0a")
    assert reply.id == panel.id and "page 2/2" in reply.content  # the move's answer too
    assert "Shipbreaker Bay: Support +0" in reply.content
    back = await alice.click("Areas 1–2")
    assert "page 1/2" in back.content


async def test_agot_new_with_chosen_houses(simcord_env: Any, service: GameService) -> None:
    env = simcord_env
    _guild, channel, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    offered = await alice.autocomplete(channel, "game new", "options", "",
                                       game_type="agot", players=3)
    values = [c["value"] for c in offered]
    assert values[0] == "houses=random" and "houses=stark/baratheon/lannister" in values
    bad = await alice.slash(channel, "game new", game_type="agot", players=3,
                            options="houses=stark/martell/lannister")
    assert "Invalid options" in bad.response.content and not channel.threads
    made = await alice.slash(channel, "game new", game_type="agot", players=3,
                             deadline_hours=12.0, options="houses=stark/lannister/Baratheon",
                             title="Winter")
    assert "#1 is open" in made.response.content
    (thread,) = channel.threads
    assert thread.name == "Winter #1"
    for who in (bob, carol):
        await who.click(last_with(thread, "Join"), label="Join")
    await alice.slash(thread, "game start")
    for who in (bob, carol):
        await who.click(last_with(thread, "Ready"), label="Ready")
    houses = [(await service.private_view(1, m.id)).view["you"]["house"]
              for m in (alice, bob, carol)]
    assert houses == ["stark", "lannister", "baratheon"]
    assert "House Stark" in everything(alice.user.dm_channel.history()[0])

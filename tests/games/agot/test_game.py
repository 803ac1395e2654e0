"""A whole game of A Game of Thrones by three users through discord.py's real machinery
(simcord): lobby → orders in DMs → reveal → Raven → marches → Westeros (mustering, Clash of
Kings bids, tie orders, Wildling Attack) → orders → a raid → a march into a battle with
support, secret House cards and the Valyrian Steel Blade → then missed deadlines apply the
defaults round after round until the result is posted in the thread."""

from __future__ import annotations

from typing import Any

from bot.service import GameService, ManualClock
from tests.games.agot.harness import Player, bid, give_orders, march, start_agot
from tests.harness import DEADLINE_LOOP as LOOP
from tests.harness import everything, public_text, server, thread_text

HOUR = 3600


async def test_three_players_play_a_whole_game(simcord_env: Any, service: GameService,
                                               clock: ManualClock) -> None:
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol", "dave")
    thread = await start_agot(channel, members[:3])
    alice, bob, carol = (Player(m) for m in members[:3])
    dave = members[3]  # a spectator in the channel

    # Each player learns their house, cards and power in a DM; the thread gets the board.
    first = everything(alice.user.dm_channel.history()[0])
    assert "House Baratheon" in first and "Stannis Baratheon" in first and "5 power" in first
    assert "House Lannister" in everything(bob.user.dm_channel.history()[0])
    board = next(m for m in thread.history() if any(a.filename == "board.png"
                                                    for a in m.attachments))
    # Three images, each in its own embed's box (the North and the South of the map, the
    # houses); the tracks and houses ride along as an embed (text stays legible).
    assert [a.filename for a in board.attachments] == ["board.png", "board-2.png",
                                                       "board-3.png"]
    assert [e.image.url for e in board.embeds[:3]] == [
        "attachment://board.png", "attachment://board-2.png", "attachment://board-3.png"]
    assert [e.title for e in board.embeds][1:] == [None, None, "Tracks and houses"]
    assert "Iron Throne" in str(board.embeds[3].to_dict())

    # ---- round 1: orders in DMs, revealed together ---------------------------------------
    await give_orders(alice, {"dragonstone": "march_-1", "kingswood": "march_0",
                              "shipbreaker_bay": "support_0a"})
    # Bob uses /agot order (with autocomplete) for one area and his DM for the rest.
    areas = await bob.member.autocomplete(thread, "agot order", "area", "")
    assert {c["value"] for c in areas} == {"lannisport", "stoney_sept", "the_golden_sound"}
    tokens = await bob.member.autocomplete(thread, "agot order", "order", "",
                                           area="the_golden_sound")
    assert "consolidate_a" not in {c["value"] for c in tokens}  # no Consolidate at sea
    done = await bob.member.slash(thread, "agot order", area="the_golden_sound",
                                  order="support_0a")
    assert done.ephemeral and "Support +0" in everything(done.response)
    await give_orders(bob, {"stoney_sept": "march_0", "lannisport": "march_-1"})
    seen = public_text(thread, dave)
    assert "has placed its orders" in seen
    assert not any(t in seen for t in ("March -1", "March +0", "Support +0", "march_"))
    await give_orders(carol, {"winterfell": "consolidate_a", "white_harbor": "consolidate_b",
                              "the_shivering_sea": "support_0a"})
    assert "Orders revealed — Dragonstone: March -1 (Baratheon)" in thread_text(thread)

    # The Raven holder (Lannister) is offered a swap in a DM.
    assert "Messenger Raven" in bob.panel.content
    await bob.click("Keep my orders")

    # ---- marches: a destination per unit, a power token left behind -------------------
    await march(alice, "Dragonstone", [("Footman 1", "Kingswood")])
    await march(bob, "Stoney Sept", [("Footman 1", "Blackwater")], power=True)
    await march(alice, None, [("Footman 1", "The Reach")])
    origins = await bob.member.autocomplete(thread, "agot march", "origin", "")
    assert [c["value"] for c in origins] == ["lannisport"]
    dests = await bob.member.autocomplete(thread, "agot march", "to", "sea",
                                          origin="lannisport")
    assert "searoad_marches" in {c["value"] for c in dests}
    await bob.member.slash(thread, "agot march", origin="lannisport", to="searoad_marches",
                           footmen=1)
    text = thread_text(thread)
    assert ("Lannister marches from Stoney Sept: 1 footman to Blackwater, leaving a power "
            "token.") in text
    assert "Round 2 begins." in text and "Westeros cards: Mustering, Clash of Kings" in text

    # ---- round 2 Westeros: mustering, Clash of Kings, Wildling Attack -------------------
    await alice.click("Muster nothing")
    await bob.click("Muster nothing")
    await carol.pick("Winterfell", "Footman")
    await carol.click_starting("Muster:")
    assert "Stark musters: footman in Winterfell." in thread_text(thread)

    for n, (who, amount) in enumerate(((alice, 1), (bob, 0), (carol, 2))):
        assert "Clash of Kings" in who.panel.content
        reply = await bid(who, amount)
        if n < 2:  # nothing public tells the amounts before the reveal
            assert f"Your bid: {amount}" in everything(reply)
            assert "Bids (Iron Throne)" not in public_text(thread, dave)
            assert "Your bid" not in public_text(thread, dave)
    assert "Bids (Iron Throne): Baratheon 1, Lannister 0, Stark 2." in thread_text(thread)
    for who, amount in ((alice, 1), (bob, 0), (carol, 0)):  # Fiefdoms
        await bid(who, amount)
    assert "tied bidders" in carol.panel.content  # Stark holds the Iron Throne now
    await carol.pick("another order", "Baratheon › Lannister › Stark")
    assert "Fiefdoms: Baratheon, Lannister, Stark." in thread_text(thread)
    await bid(alice, 1)  # King's Court: Bob uses /agot bid
    await bob.member.slash(thread, "agot bid", amount=0)
    await bid(carol, 0)
    await carol.click("Keep: Baratheon › Lannister › Stark")
    for who in (alice, bob, carol):  # the Night's Watch
        assert "Wildling Attack" in who.panel.content
        await bid(who, 0)
    assert "the Night’s Watch holds" in thread_text(thread)
    await carol.click("Stark")  # the Iron Throne breaks the bidders' tie

    # ---- round 2: orders, a raid, a battle ----------------------------------------------
    await give_orders(alice, {"the_reach": "consolidate_a", "kingswood": "support_0a",
                              "dragonstone": "defense_+1a", "shipbreaker_bay": "support_0b"})
    await give_orders(bob, {"searoad_marches": "raid_a", "blackwater": "march_0",
                            "lannisport": "defense_+1a", "the_golden_sound": "support_0a"})
    await give_orders(carol, {"winterfell": "consolidate_a"})
    await alice.click("Keep my orders")  # Baratheon holds the Raven now
    assert "Raid" in bob.panel.content
    await bob.click_starting("Raid from Searoad Marches on")
    assert ("Lannister raids from Searoad Marches: removes the orders in The Reach"
            in thread_text(thread))
    await march(bob, None, [("Footman 1", "The Reach")])
    assert "Support order" in alice.panel.content
    await alice.click("Support the defender (Baratheon)")

    # House cards, in secret: nothing public names them before both are chosen.
    assert "Choose your House card" in bob.panel.content
    await bob.click_starting("Tywin Lannister")
    assert "Tywin" not in public_text(thread, dave)
    assert "Tywin" not in everything(alice.panel)
    assert "Lannister has chosen a House card." in thread_text(thread)
    await alice.click_starting("Ser Axell Florent")
    text = thread_text(thread)
    assert "Lannister plays Tywin Lannister, Baratheon plays Ser Axell Florent" in text
    assert "Valyrian Steel Blade" in alice.panel.content
    await alice.click("Use the Valyrian Steel Blade (+1)")
    assert ("Battle in The Reach: Lannister 4 vs Baratheon 4 — Baratheon wins."
            in thread_text(thread))

    # ---- the rest of the game: every deadline passes, the defaults apply ------------------
    for _ in range(400):
        if (await service.summary(1)).status == "finished":
            break
        clock.advance(25 * HOUR)
        await env.advance_time(LOOP)
    assert (await service.summary(1)).status == "finished"
    text = thread_text(thread)
    assert "missed the deadline, so the bot moved for them" in text
    assert "Round 10 begins." in text
    over = [e.description for m in thread.history() for e in m.embeds
            if (e.description or "").startswith("Game #1 is over")]
    assert len(over) == 1 and "won" in over[0]

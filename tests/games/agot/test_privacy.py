"""Hidden information in Discord: before the reveal, no public message, embed, button, board
image or autocomplete shows another house's orders (bids and House cards: see the full-game
test, which checks them at the moment they are secret)."""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from typing import Any

import pytest

import bot.render
from bot.service import GameService
from rules.agot.board import board
from tests.games.agot.harness import Player, give_orders, start_agot
from tests.harness import everything, last_with, public_text, server, thread_text

#: Every way an order could be named: token ids and labels.
ORDER_WORDS = sorted({t for t in board().tokens} | {t.label for t in board().tokens.values()})


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every view handed to the board renderer (the image shows nothing else)."""
    views: list[dict[str, Any]] = []
    real = bot.render.render_board

    def capture(game_type: str, view: dict[str, Any], locale: str | None = None) -> bytes:
        views.append(json.loads(json.dumps(view)))
        return real(game_type, view, locale)

    monkeypatch.setattr(bot.render, "_cache", OrderedDict())
    monkeypatch.setattr(bot.render, "render_board", capture)
    return views


def mentions_orders(text: str) -> list[str]:
    # The board's key names every kind of order (what the map's letters mean): no secret.
    text = re.sub(r"Circle: footmen.*?red arrow: attack\.", "", text, flags=re.S)
    return [w for w in ORDER_WORDS if w in text]


async def test_orders_stay_secret_until_all_are_ready(
    simcord_env: Any, service: GameService, rendered: list[dict[str, Any]]
) -> None:
    env = simcord_env
    _guild, channel, members = server(env, "alice", "bob", "carol", "dave")
    thread = await start_agot(channel, members[:3])
    alice, bob, carol = (Player(m) for m in members[:3])
    dave = members[3]

    await give_orders(alice, {"dragonstone": "march_+1s", "kingswood": "raid_a",
                              "shipbreaker_bay": "support_0a"})
    await give_orders(bob, {"lannisport": "defense_+2s", "stoney_sept": "consolidate_s"})
    assert thread_text(thread).count("has placed its orders") == 2

    # Nothing in the thread or the channel names an order (contents, embeds, components).
    assert mentions_orders(public_text(thread, dave) + public_text(channel, dave)) == []
    # The board images were drawn from public views without any order in them.
    assert rendered and all("you" not in v and not mentions_orders(json.dumps(v["board"]))
                            for v in rendered)
    # Carol's own views and autocomplete show her areas only, never Alice's or Bob's orders.
    hand = await carol.hand(last_with(thread, "My hand"))
    seen = everything(hand)
    assert "Dragonstone" not in seen and "Lannisport" not in seen
    assert "agot:os:1:2:" in seen and "agot:os:1:0:" not in seen
    areas = await carol.member.autocomplete(thread, "agot order", "area", "")
    assert {c["value"] for c in areas} == {"winterfell", "white_harbor", "the_shivering_sea"}
    assert not any("Special" in c["name"] for c in areas)
    peek = await carol.member.autocomplete(thread, "agot order", "order", "",
                                           area="dragonstone")
    assert peek == []  # not her area: nothing offered, nothing leaked
    assert await dave.autocomplete(thread, "agot order", "area", "") == []
    log = await carol.member.slash(thread, "agot log")
    assert "placed its orders" in log.response.content
    assert mentions_orders(log.response.content) == []
    board_reply = await dave.slash(thread, "agot board", game=1)
    assert board_reply.ephemeral
    assert [a.filename for a in board_reply.response.attachments] == [
        "board.png", "board-2.png", "board-3.png"]
    for command in ("agot tracks", "agot cards"):
        reply = await dave.slash(thread, command, game=1)
        assert mentions_orders(everything(reply.response)) == []

    # Carol readies: every order is revealed at once, in the thread and on the board.
    await give_orders(carol, {"winterfell": "defense_+1a"})
    text = thread_text(thread)
    assert "Orders revealed — Dragonstone: Special March +1 (Baratheon)" in text
    assert "Stoney Sept: Special Consolidate Power (Lannister)" in text
    assert "march_+1s" in json.dumps(rendered[-1]["board"])

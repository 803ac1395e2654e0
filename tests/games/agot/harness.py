"""The AGoT Discord tests' own helpers (no tests here): a fixed seed and house assignment, a
game started with them, and ways to use AGoT's components the way a user would. The shared
ones (a server, reading messages) are in ``tests/harness.py``."""

from __future__ import annotations

import json
from typing import Any

from tests.harness import components, labels, start_game

#: Round 2 draws Mustering, Clash of Kings and Wildling Attack with this seed.
SEED = 1094
HOUSES = ["baratheon", "lannister", "stark"]


async def start_agot(channel: Any, players: list[Any], *, deadline_hours: float = 24.0,
                     excuses: int = 0) -> Any:
    """``/game new agot`` with fixed houses, joins, ready check; returns the thread."""
    return await start_game(channel, players, "agot", deadline_hours=deadline_hours,
                            excuses=excuses, options=f"houses={json.dumps(HOUSES)}",
                            title="Westeros")


# ---- using components ------------------------------------------------------------------------
def select_id(message: Any, prefix: str, contains: str = "") -> str:
    found = [c["custom_id"] for c in components(message)
             if c.get("type") == 3 and c["custom_id"].startswith(prefix)
             and contains in c["custom_id"]]
    assert len(found) == 1, (prefix, contains, [c.get("custom_id") for c in components(message)])
    return str(found[0])


def select_for(message: Any, placeholder: str) -> str:
    """The custom id of the one select whose placeholder mentions ``placeholder``."""
    found = [c["custom_id"] for c in components(message)
             if c.get("type") == 3 and placeholder in str(c.get("placeholder", ""))]
    assert len(found) == 1, (placeholder, [c.get("placeholder") for c in components(message)])
    return str(found[0])


def option_values(message: Any, custom_id: str) -> list[str]:
    for c in components(message):
        if c.get("custom_id") == custom_id:
            return [o["value"] for o in c.get("options", [])]
    raise AssertionError(custom_id)


def option_labels(message: Any, custom_id: str) -> list[str]:
    for c in components(message):
        if c.get("custom_id") == custom_id:
            return [o["label"] for o in c.get("options", [])]
    raise AssertionError(custom_id)


def button_with(message: Any, start: str) -> str:
    found = [str(c["label"]) for c in components(message)
             if c.get("type") == 2 and str(c.get("label", "")).startswith(start)]
    assert len(found) == 1, (start, labels(message))
    return found[0]


class Player:
    """One seated user and the newest panel they can act on: their last DM, or the
    ephemeral reply to their own last click (where their next prompt shows up). A player
    ``via_hand`` never gets DMs and opens panels with the thread's **My hand** button."""

    def __init__(self, member: Any, *, via_hand: bool = False) -> None:
        self.member, self.user = member, member.user
        self.via_hand = via_hand
        self.reply: Any = None
        self.reply_in_thread = False

    @property
    def panel(self) -> Any:
        if self.via_hand:
            return self.reply
        dm = self.user.dm_channel.last_message
        if self.reply is not None and (dm is None or self.reply.id >= dm.id):
            return self.reply
        return dm

    @property
    def actor(self) -> Any:
        """Who clicks: the member on a thread message, the user in their DMs."""
        on_thread = self.via_hand or (self.reply_in_thread and self.panel is self.reply)
        return self.member if on_thread else self.user

    async def hand(self, message: Any) -> Any:
        """Press **My hand** on a thread message: the private panel, ephemerally."""
        result = await self.member.click(message, label="My hand")
        self.reply, self.reply_in_thread = result.response, True
        return result.response

    def _saw(self, actor: Any, result: Any) -> Any:
        if result.response is not None and components(result.response):
            self.reply_in_thread = actor is self.member
            self.reply = result.response
        return result.response

    async def click(self, label: str) -> Any:
        actor = self.actor
        return self._saw(actor, await actor.click(self.panel, label=label))

    async def click_starting(self, start: str) -> Any:
        return await self.click(button_with(self.panel, start))

    async def select(self, custom_id: str, *values: str) -> Any:
        actor = self.actor
        return self._saw(actor, await actor.select(self.panel, list(values), custom_id=custom_id))

    async def pick(self, placeholder: str, label: str) -> Any:
        cid = select_for(self.panel, placeholder)
        return await self.select(cid, option(self.panel, cid, label))


def option(panel: Any, custom_id: str, label: str) -> str:
    pairs = dict(zip(option_labels(panel, custom_id), option_values(panel, custom_id),
                     strict=True))
    return pairs[label]


async def give_orders(who: Player, orders: dict[str, str]) -> Any:
    """Pick each area's order in the panel's selects, then press Ready."""
    for area, token in orders.items():
        reply = await who.select(select_id(who.panel, "agot:os:", area), token)
        assert "Placed:" in reply.content
    return await who.click_starting("Ready")


async def march(who: Player, origin: str | None, moves: list[tuple[str, str]],
                *, power: bool = False) -> Any:
    """Resolve a march: pick the origin (when asked), a destination per unit (by the unit's
    placeholder, e.g. "Footman 1"), optionally the power token, then confirm. The draft is
    edited in place; only Confirm submits."""
    if origin is not None:
        await who.click_starting(f"March from {origin}")
    for unit, dest in moves:
        await who.pick(unit, dest)
    if power:
        await who.click("Leave a power token")
    return await who.click_starting("Confirm:")


async def bid(who: Player, amount: int) -> Any:
    return await who.select(select_id(who.panel, "agot:pl:", ":bid"), f"b.{amount}")

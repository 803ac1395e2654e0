"""A form opened from one's own panel (issue 26, "DMs pile up"): its answer edits that panel
in place — no second private sheet under the first."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from rules.base import ActionSpec
from rules.rng import Rng
from tests.games.catan_watch.harness import advance_to, start_catan


async def test_an_offer_form_answers_in_the_panel_it_came_from(simcord_env: Any,
                                                              service: GameService) -> None:
    table = await start_catan(simcord_env, service)
    rules = service.games["catan_watch"]

    def can_offer(state: Any) -> bool:
        if state.phase != "main":
            return False
        (seat,) = rules.awaiting(state)
        return any(isinstance(a, ActionSpec) and a.kind == "offer_trade"
                   for a in rules.legal_actions(state, seat))

    await advance_to(table, Rng(5), can_offer)
    (seat,) = await service.awaiting_seats(1)
    member = table.members[seat]
    panel = await table.panel(seat)
    form = await member.click(panel, label="Offer a trade")
    selects = {c["custom_id"]: [o["value"] for o in c["options"]]
               for c in _controls(form.modal) if c.get("options")}
    gives = [cid for cid, values in selects.items() if "-1" in values]
    values = {cid: ["0"] for cid in selects}
    values[gives[0]] = ["-1"]
    values[next(cid for cid in selects if cid != gives[0] and "1" in selects[cid])] = ["1"]
    before = len(member.user.dm_channel.history())
    answered = await member.submit_modal(form, values)
    assert answered.response.id == panel.id  # the panel it came from, edited
    assert not answered.followups
    assert len(member.user.dm_channel.history()) == before


def _controls(modal: Any) -> list[dict[str, Any]]:
    """Every control of a modal payload, however deep its rows and labels nest them."""
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("custom_id") and node.get("type") in (3, 4):
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(modal)
    return found

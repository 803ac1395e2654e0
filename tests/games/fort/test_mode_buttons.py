"""The mode buttons after playing a kid with two actions ("Public action, then private", …),
pressed through Discord (simcord) in the DM and in "My hand": each press moves the game on —
no press answers "Done." and offers the same choice again (a dead control that left a player
stuck after "Play Blades"). Every other press of the game is checked the same way."""

from __future__ import annotations

from typing import Any

from bot.games.fort.labels import label
from bot.service import GameService
from rules.base import Action
from rules.rng import Rng
from tests.harness import boards, components, labels, server, start_game

BEST_FRIENDS = ("blades", "zip", "bitsy", "bones", "sarge", "crash", "prince", "flipper")
MODE_PRESSES = 4
MAX_CLICKS = 80


def _rank(action: Action) -> int:
    """Play a Best Friend (Red's Blades first), then the mode, then whatever comes."""
    card = str(action.params.get("card", "")).split("~")[0]
    if action.kind == "play" and card in BEST_FRIENDS:
        return 0
    if action.kind == "mode":
        return 1
    if action.kind == "ready":
        return 2
    return 3 if action.kind == "play" and not action.params.get("stop") else 4


async def test_every_mode_button_moves_the_game_on(simcord_env: Any,
                                                   service: GameService) -> None:
    _guild, channel, members = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, members, "fort", options="dogs=true, cats=true")
    rng = Rng(5)
    modes: list[tuple[str, str]] = []
    for click in range(MAX_CLICKS):
        head = await service._head(1)
        if head.rules.result(head.state) is not None or len(modes) >= MODE_PRESSES:
            break
        version = head.game.version  # the head is the service's, updated in place
        waiting = sorted(await service.awaiting_seats(1))
        seat = waiting[rng.randbelow(len(waiting))]
        member = members[seat]
        legal = [a for a in await service.legal_actions(1, member.id) if isinstance(a, Action)]
        best = min(_rank(a) for a in legal)
        choice = [a for a in legal if _rank(a) == best]
        action = choice[rng.randbelow(len(choice))]
        wanted = label(action, "en", (await service.private_view(1, member.id)).view, seat)
        dm = member.user.dm_channel.last_message if member.user.dm_channel else None
        if click % 3 == 2 or dm is None or wanted not in labels(dm):
            panel, actor, route = (await member.click(boards(thread)[-1], label="My hand")
                                   ).response, member, "my hand"
        else:
            panel, actor, route = dm, member.user, "dm"
        offered = labels(panel)
        assert wanted in offered, (route, wanted, offered)
        cid = next(c["custom_id"] for c in components(panel) if c.get("label") == wanted)
        result = await actor.click(panel, custom_id=cid)
        now = (await service._head(1)).game.version
        assert now > version, (route, action, result.response.content)
        if action.kind == "mode":
            modes.append((route, wanted))
            shown = labels(result.response)
            assert not {lb for lb in offered if lb != "My hand"} <= set(shown), (
                "the same mode buttons again", shown)
    assert len(modes) >= MODE_PRESSES, modes
    assert {route for route, _ in modes} == {"dm", "my hand"}, modes

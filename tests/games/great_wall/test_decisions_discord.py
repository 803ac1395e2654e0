"""The decisions the rulebook gives a player (losses and rescues, Headquarters moves, the mix
paid for a building, the co-op take-back and clerk order, the Reed Clan's ruler) reach the
player on Discord: three co-op games through simcord, every other move submitted, and the
first offer of each new kind pressed as a player would, on the "My hand" panel under the
board (a button, or an option of a select when there are many)."""

from __future__ import annotations

from typing import Any

from bot.service import GameService
from rules.base import Action
from rules.great_wall import RULES
from rules.great_wall.state import State
from rules.rng import Rng
from tests.harness import boards, components, server, start_game

#: The new decision kinds, each pressed once on a panel.
NEW = {"kill", "rescue", "pay", "take_back", "hq_unit", "reed_move", "reed_discard",
       "reed_barricade", "reed_spearman", "next"}


def _policy(state: State, seat: int, rng: Rng, pressed: set[str]) -> tuple[Action, bool]:
    """A new kind not yet pressed (to press on the panel), else a random move that leans to
    the front (recruit, attack, Barracks, Headquarters) so soldiers meet losses."""
    acts = [a for a in RULES.legal_actions(state, seat) if isinstance(a, Action)]
    new = [a for a in acts if a.kind in NEW and a.kind not in pressed]
    if new:
        return new[0], True
    leans = (lambda a: a.kind == "recruit" and a.params.get("unit") != "archer",
             lambda a: a.kind == "target" and a.params.get("row") != -1,
             lambda a: a.kind == "place" and a.params.get("loc") in ("barracks", "headquarters"),
             lambda a: a.kind == "move")
    for lean in leans:
        fits = [a for a in acts if lean(a)]
        if fits:
            return rng.choice(fits), False
    return RULES.random_action(state, seat, rng), False


async def _press(service: GameService, game: int, thread: Any, member: Any,
                 action: Action) -> None:
    """Make ``action`` through the seat's "My hand" panel."""
    legal = await service.legal_actions(game, member.id)
    index = legal.index(action)
    shown = await member.click(boards(thread)[-1], label="My hand")
    assert shown.ephemeral
    panel = shown.response
    for c in components(panel):
        cid = str(c.get("custom_id", ""))
        if cid.startswith("mst:mv:") and cid.endswith(f":{index}"):
            await member.click(panel, custom_id=cid)
            return
        if cid.startswith("mst:ms:") and str(index) in {o["value"] for o in c["options"]}:
            await member.select(panel, [str(index)], custom_id=cid)
            return
    raise AssertionError(f"no component for option {index} ({action})")


async def _play(service: GameService, game: int, thread: Any, members: list[Any], agent: int,
                pressed: set[str]) -> None:
    rng = Rng(agent)
    for _ in range(3000):
        head = await service._head(game)
        if RULES.result(head.state) is not None:
            return
        seat = min(await service.awaiting_seats(game))
        action, new = _policy(head.state, seat, rng, pressed)
        if new:
            version = head.game.version
            await _press(service, game, thread, members[seat], action)
            assert (await service._head(game)).game.version > version, action
            pressed.add(action.kind)
        else:
            await service.submit(game, members[seat].id, action)


async def test_each_new_decision_is_pressed_through_the_my_hand_panel(
        simcord_env: Any, service: GameService) -> None:
    _guild, channel, members = server(simcord_env, "alice", "bob")
    pressed: set[str] = set()
    # The agents were picked so that the three games between them offer every new kind (a
    # rule change that moves the games fails the last assert: pick them again).
    for game, agent in ((1, 13), (2, 26), (3, 38)):
        thread = await start_game(channel, members, "great_wall", game_id=game,
                                  options="mode=coop")
        mine: set[str] = set()  # each game presses its own firsts
        await _play(service, game, thread, members, agent, mine)
        pressed |= mine
    assert pressed == NEW, sorted(NEW - pressed)

"""Small helpers for driving the service like a table of players would."""

from __future__ import annotations

from bot.service import GameService, Outcome

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


async def started_game(service: GameService, players: list[int], game_type: str = "sealed_bids",
                       **kw: object) -> int:
    """Create, join, start and ready-check a game (sealed bids by default); returns its id."""
    out = await service.create_game(players[0], NAMES[players[0]], game_type,
                                    max_seats=len(players), **kw)  # type: ignore[arg-type]
    gid = out.game_id
    for p in players[1:]:
        await service.join(gid, p, NAMES[p])
    await service.start(gid, players[0])
    for p in players[1:]:
        await service.confirm_ready(gid, p)
    return gid


def texts(outcome: Outcome) -> list[str]:
    return [e.msg.render() for e in outcome.effects if hasattr(e, "msg")]

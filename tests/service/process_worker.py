"""One bot process for ``test_processes.py``: a service on a shared database that moves the
given games and runs its deadline loop, on a clock the test moves (a file holding the time).

    python -m tests.service.process_worker URL CLOCK STOP NAME GAME_ID... [--die-after-claim]

While a file ``STOP.moving`` exists it also moves; it stops when ``STOP`` exists.

It prints one JSON line per thing it did: ``{"ack": interaction id}`` for each move the service
acknowledged, ``{"remind": [game, user]}`` for each player a reminder named,
``{"defaulted": [game, user]}``
for each missed deadline it settled with defaults, ``{"claimed": n}``
before dying when told to die right after claiming due rows.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from datetime import datetime
from pathlib import Path

from bot.service import GameService, Post, ServiceError, ServiceSettings
from storage.db import make_engine
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.harness import ALICE, BOB

USERS = (ALICE, BOB)


class FileClock:
    """Every process reads the same time: the one the test last wrote."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def now(self) -> datetime:
        return datetime.fromisoformat(self.path.read_text().strip())


def say(**item: object) -> None:
    print(json.dumps(item), flush=True)


async def main(url: str, clock_file: str, stop_file: str, name: str, games: list[int],
               die_after_claim: bool) -> None:
    if die_after_claim:  # a process killed between taking due rows and acting on them
        async def die(_self: object, _head: object, rows: list[object]) -> list[object]:
            say(claimed=len(rows))  # the claim is committed: run_due acts on its rows next
            os._exit(9)

        GameService._run_game = die  # type: ignore[assignment, method-assign]
    engine = make_engine(url)
    service = GameService(engine, clock=FileClock(Path(clock_file)),
                          games={"sealed_bids": SEALED},
                          settings=ServiceSettings(shared_database=True, claim_seconds=60))
    rng = random.Random(name)
    n = 0
    say(ready=name)
    try:
        while not Path(stop_file).exists():
            for effect in await service.run_due():
                if isinstance(effect, Post) and effect.msg.key == "deadline.reminder":
                    for person in effect.msg.params["players"]:
                        say(remind=[effect.game_id, person.user_id])
                if isinstance(effect, Post) and effect.msg.key.startswith("deadline.defaulted"):
                    say(defaulted=[effect.game_id, effect.msg.params["player"].user_id])
            if Path(stop_file + ".moving").exists():
                gid, user = rng.choice(games), rng.choice(USERS)
                try:
                    action = await service.suggest_action(gid, user, rng)
                    n += 1
                    iid = f"{name}-{n}"
                    await service.submit(gid, user, action, interaction_id=iid)
                    say(ack=iid)
                except ServiceError:
                    pass  # not this seat's turn, or the game moved on: choose again
            else:
                await asyncio.sleep(0.02)
    finally:
        service.close()
        await engine.dispose()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main(args[0], args[1], args[2], args[3], [int(g) for g in args[4:]],
                     "--die-after-claim" in sys.argv))

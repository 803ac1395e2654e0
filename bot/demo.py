"""``python -m bot demo``: a whole game offline through the service layer.

Random legal agents play every seat; now and then a player "sleeps" past the deadline so the
excuse and default-action machinery runs too. Prints the public channel transcript and writes
board images (one per new phase), the private messages per seat and a JSON summary to --out.
"""

from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import PLAIN
from bot.render import as_images, render_board
from bot.render.names import with_names
from bot.service import BoardChanged, Effect, GameService, ManualClock, Notify, Post
from rules.base import GameRules
from rules.rng import Rng
from storage.db import make_engine
from storage.migrate import upgrade_async

SLEEP_PERCENT = 2  # chance per decision that the player misses the deadline
MAX_STEPS = 200_000


@dataclass
class Transcript:
    out: Path | None
    echo: bool
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    boards: int = 0
    last_phase: str | None = None

    def post(self, text: str) -> None:
        self.public.append(text)
        if self.echo:
            print(text)


async def run_demo(game: str, players: int, seed: int, out: Path | None = None,
                   config: dict[str, Any] | None = None, echo: bool = True,
                   board_images: bool = True,
                   games: dict[str, GameRules] | None = None,
                   mode: str | None = None) -> dict[str, Any]:
    started = time.perf_counter()
    scratch = tempfile.TemporaryDirectory() if out is None else None
    folder = out if out is not None else Path(scratch.name)  # type: ignore[union-attr]
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "demo.db"
    db.unlink(missing_ok=True)
    url = f"sqlite+aiosqlite:///{db}"
    await upgrade_async(url)  # the same schema path as the bot itself
    engine = make_engine(url)
    clock = ManualClock()
    service = GameService(engine, clock=clock, seed_source=lambda: seed, games=games)
    rules = service.rules_for(game)
    users = {seat: 1000 + seat for seat in range(players)}
    names = {u: f"Player {s + 1}" for s, u in users.items()}
    log = Transcript(out, echo)

    async def deliver(effects: list[Effect]) -> None:
        for e in effects:
            if isinstance(e, Post):
                log.post(e.msg.render(style=PLAIN))
            elif isinstance(e, Notify):
                log.private.setdefault(e.seat, []).append(e.msg.render(style=PLAIN))
            elif isinstance(e, BoardChanged) and board_images and out is not None:
                _, version, view = await service.public_view(e.game_id)
                phase = str(view.get("phase_label", ""))
                if phase != log.last_phase:
                    log.last_phase = phase
                    log.boards += 1
                    pngs = as_images(render_board(game, with_names(
                        view, {seat: names[user] for seat, user in users.items()})))
                    for k, png in enumerate(pngs):
                        part = f"-{k + 1}" if len(pngs) > 1 else ""
                        (out / f"board-{log.boards:04d}-v{version:05d}{part}.png").write_bytes(png)

    created = await service.create_game(users[0], names[users[0]], game, config=config or {},
                                        mode=mode,
                                        max_seats=players, deadline_hours=24)
    gid = created.game_id
    await deliver(created.effects)
    for seat in range(1, players):
        await deliver((await service.join(gid, users[seat], names[users[seat]])).effects)
    await deliver((await service.start(gid, users[0])).effects)
    for seat in range(1, players):
        await deliver((await service.confirm_ready(gid, users[seat])).effects)

    agent = Rng(seed * 31 + 7)
    steps = defaults = 0
    while steps < MAX_STEPS:
        summary = await service.summary(gid)
        if summary.status != "active":
            break
        if agent.randbelow(100) < SLEEP_PERCENT:
            clock.advance(24 * 3600 + 1)
            effects = await service.run_due()
            defaults += sum(1 for e in effects if isinstance(e, Post)
                            and e.msg.key == "deadline.defaulted")
            await deliver(effects)
            continue
        seat = agent.choice(summary.awaiting)
        action = await service.suggest_action(gid, users[seat], agent)
        outcome = await service.submit(gid, users[seat], action)
        if outcome.reply.key != "move.accepted":  # what the player alone was told
            log.private.setdefault(seat, []).append(outcome.reply.render(style=PLAIN))
        await deliver(outcome.effects)
        steps += 1
        clock.advance(60)

    summary = await service.summary(gid)
    async with engine.connect() as conn:
        from storage import repo

        row = await repo.get_game(conn, gid)
    await engine.dispose()
    if scratch is not None:
        scratch.cleanup()
    result = {
        "game": game, "seed": seed, "players": players, "config": config or {},
        "actions": summary.version, "defaults_applied": defaults,
        "status": summary.status, "result": row.result if row else None,
        "boards": log.boards, "seconds": round(time.perf_counter() - started, 3),
        "provisional_content": rules.provisional_content(config or {}),
    }
    if out is not None:
        (out / "transcript.txt").write_text("\n".join(log.public) + "\n", encoding="utf-8")
        for seat, lines in log.private.items():
            (out / f"private-seat{seat + 1}.txt").write_text("\n".join(lines) + "\n",
                                                            encoding="utf-8")
        (out / "summary.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    return result

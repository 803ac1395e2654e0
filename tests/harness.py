"""The tests' one harness (no tests here): a service that knows the games a test asks for,
a table started through the service or through simcord the way players start one, and ways
to read what simcord's messages show. ``tests/conftest.py`` builds its ``service`` and
``simcord_bot`` fixtures from these; each game's ``conftest.py`` says only what is particular
to that game (its games, its seed) and its ``harness.py`` only the game's own helpers."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.i18n import as_msg, render
from bot.service import GameService, ManualClock, ServiceSettings
from rules import registry
from rules.base import Action, ActionSpec, GameRules
from rules.rng import Rng
from tests.fixtures.sealed_bids import RULES as SEALED

#: The test-only game (it never registers): the default game of the core's tests.
SEALED_BIDS = "sealed_bids"
#: The first game's seed unless a test picks one (the next game gets the next seed).
FIRST_SEED = 1000
#: The bot's deadline poll in simcord tests: a test that lets deadlines pass advances
#: simcord's clock by this much to run one poll.
DEADLINE_LOOP = 60.0

# ---- the service -------------------------------------------------------------------------------


def rules_of(game_types: Iterable[str]) -> dict[str, GameRules]:
    """The rules of these game types: registered games by id, and the sealed-bids fixture."""
    return {g: SEALED if g == SEALED_BIDS else registry.get(g) for g in game_types}


def make_service(engine: AsyncEngine, clock: ManualClock,
                 games: Iterable[str] = (SEALED_BIDS,), seed: int = FIRST_SEED) -> GameService:
    """A service over ``engine`` that knows ``games``; its games get seeds ``seed``, +1, …
    (fixed, so a test can pick a seed whose game shows what it tests)."""
    seeds = itertools.count(seed)
    return GameService(engine, clock=clock, settings=ServiceSettings(), games=rules_of(games),
                       seed_source=lambda: next(seeds))


ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


async def started_game(service: GameService, players: list[int],
                       game_type: str = SEALED_BIDS, **kw: Any) -> int:
    """Create, join, start and ready-check a game through the service; returns its id."""
    out = await service.create_game(players[0], NAMES[players[0]], game_type,
                                    max_seats=len(players), **kw)
    gid = out.game_id
    for p in players[1:]:
        await service.join(gid, p, NAMES[p])
    await service.start(gid, players[0])
    for p in players[1:]:
        await service.confirm_ready(gid, p)
    return gid


# ---- a table through simcord -------------------------------------------------------------------


def server(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A new guild with a #games channel and these users as members: (guild, channel,
    members)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in names]


async def start_game(channel: Any, players: Sequence[Any], game_type: str = SEALED_BIDS, *,
                     game_id: int = 1, **new: Any) -> Any:
    """What players do to start a game: ``/game new`` by the first (``new`` are its options;
    ``players`` defaults to how many there are), the others press Join, the first
    ``/game start``, the others press Ready. ``game_id``: the id the game gets (#1 in a
    test's fresh database). Returns the game's thread."""
    first, *others = players
    before = {t.id for t in channel.threads}
    created = await first.slash(channel, "game new", game_type=game_type,
                                **{"players": len(players), **new})
    assert f"#{game_id} is open" in created.response.content, created.response.content
    (thread,) = [t for t in channel.threads if t.id not in before]
    for p in others:
        await p.click(last_with(thread, "Join"), label="Join")
    await first.slash(thread, "game start")
    for p in others:
        await p.click(last_with(thread, "Ready"), label="Ready")
    return thread


# ---- reading messages --------------------------------------------------------------------------


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message (stored message or interaction response) as a dict."""
    out: list[dict[str, Any]] = []
    for row in message.components:
        if isinstance(row, dict):
            children = row.get("components", [row])
        else:
            children = getattr(row, "children", [row])
        out.extend(c if isinstance(c, dict) else c.to_dict() for c in children)
    return out


def custom_ids(message: Any) -> list[str]:
    return [str(c["custom_id"]) for c in components(message) if c.get("custom_id")]


def labels(message: Any) -> list[str]:
    return [str(c.get("label")) for c in components(message) if c.get("label")]


def everything(message: Any) -> str:
    """All a reader sees of a message: content, embeds and component texts."""
    parts = [message.content or ""]
    parts += [json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds]
    parts += [json.dumps(c, ensure_ascii=False) for c in components(message)]
    return "\n".join(parts)


def public_text(channel: Any, viewer: Any) -> str:
    """Everything ``viewer`` sees in a channel."""
    return "\n".join(everything(m) for m in channel.history(viewer=viewer))


def thread_text(thread: Any) -> str:
    return "\n".join(m.content for m in thread.history())


def last_with(channel: Any, label: str) -> Any:
    """The newest message of the channel with a component labelled ``label``."""
    return next(m for m in reversed(channel.history()) if label in labels(m))


def boards(channel: Any) -> list[Any]:
    """The channel's board messages, oldest first."""
    return [m for m in channel.history() if any(a.filename == "board.png" for a in m.attachments)]


# ---- the narration of random games -------------------------------------------------------------

#: No game's narration says a number "changed" to itself ("supply 2 → 2").
NO_CHANGE = re.compile(r"\b(\d+) → \1\b")
#: An engine id shown raw ("ready", "raven_pass") instead of its words.
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def public_lines(rules: GameRules, n: int, seed: int, moves: int) -> list[str]:
    """The public log lines (English) of a random ``n``-player game on ``seed``."""
    state = rules.new_game({}, n, seed)
    rng = Rng(seed)
    lines: list[str] = []
    for _ in range(moves):
        if rules.result(state) is not None:
            break
        seat = rng.choice(sorted(rules.awaiting(state)))
        state, events = rules.apply(state, seat, rules.random_action(state, seat, rng))
        lines += [render(as_msg(rules.describe(e, None)), "en") for e in events
                  if e.visible_to is None]
    return lines


def assert_narrates(rules: GameRules, n: int, seed: int, no_ops: Sequence[re.Pattern[str]]
                    ) -> None:
    """A random game's thread says something in every line, in words: none matches a
    game's "nothing happened" phrases (``no_ops``, with ``NO_CHANGE``) or shows a raw id."""
    lines = public_lines(rules, n, seed, 3000)
    assert len(lines) > 50
    for line in lines:
        assert not any(p.search(line) for p in (NO_CHANGE, *no_ops)), line
        assert not RAW_ID.search(line), line


def play_out(rules: GameRules, state: Any, rng: Rng,
             offered: Callable[[Action | ActionSpec], None], moves: int = 20_000) -> Any:
    """Play ``state`` on with random moves until it ends (or ``moves`` were made), handing each
    legal, random and default move the mover was offered to ``offered``; the last state."""
    for _ in range(moves):
        waiting = sorted(rules.awaiting(state))
        if not waiting or rules.result(state) is not None:
            break
        seat = waiting[rng.randbelow(len(waiting))]
        action = rules.random_action(state, seat, rng)
        for move in (*rules.legal_actions(state, seat), action, rules.default_action(state, seat)):
            offered(move)
        state, _ = rules.apply(state, seat, action)
    return state

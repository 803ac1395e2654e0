"""Fuzz of ``submit`` over every registered game: malformed kinds, parameters, types, sizes,
nesting, users and seats, versions, game ids and interaction ids, mixed with legal moves so
the games move on. Every attempt must end in an accepted move, a duplicate, or a
``ServiceError`` with a message — with the stored state unchanged unless a move was accepted.
Anything else is counted as ``unexpected``.

Run: ``python -m bench.fuzz [N [SEED]]`` (default 1,000,000 attempts). Prints counts per
outcome — a figure, never an assert. The hypothesis
test ``tests/service/test_fuzz_submit.py`` drives the same generator.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import String, cast, select

from bot.service import GameService, ManualClock, ServiceError
from rules import registry
from rules.base import Action, ActionSpec, GameRules
from rules.canonical_json import hash_json
from rules.rng import Rng
from storage.db import create_all, make_engine
from storage.models import Game

STRANGER = 999_999  # a user seated nowhere
UNKNOWN_GAME = 987_654
G = Game.__table__


class Chooser(Protocol):
    """Where the fuzz's choices come from: ``random.Random`` here, hypothesis in the test."""

    def choice(self, options: Sequence[Any]) -> Any: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, options: Sequence[Any]) -> Any:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


# ---- values ---------------------------------------------------------------------------------
def _nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def _cyclic() -> Any:
    loop: list[Any] = []
    loop.append(loop)
    return loop


#: Values no game can mean (each must be refused at the boundary).
BAD_VALUES: list[Callable[[], Any]] = [
    lambda: 10**30, lambda: -(2**53) - 1, lambda: 2**63, lambda: 10**5000,
    lambda: float("nan"), lambda: float("inf"), lambda: -float("inf"),
    lambda: "x" * 200_000, lambda: "a\x00b", lambda: "\ud800", lambda: b"bytes",
    lambda: {1, 2}, lambda: frozenset({1}), lambda: object(), lambda: _nested(9),
    lambda: _nested(500), lambda: _nested(5000), lambda: _cyclic(), lambda: {1: "int key"},
    lambda: {"deep": _nested(20)}, lambda: list(range(50_000)),
    lambda: {f"k{i}": i for i in range(3000)}, lambda: Action("nested"), lambda: print,
]
#: JSON values of the wrong shape for whatever a game expects (the engine must refuse them).
ODD_VALUES: list[Callable[[], Any]] = [
    lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: 2**53,
    lambda: 1.5, lambda: "", lambda: "zzz", lambda: "é🙂", lambda: [], lambda: [1, "a", None],
    lambda: {}, lambda: {"a": {"b": [1, 2]}}, lambda: _nested(7), lambda: "x" * 3000,
    lambda: [[0, 1], [2]], lambda: {"0": 1, "1": 2}, lambda: 10**15, lambda: -0.0,
]


def odd_value(c: Chooser, legal: Sequence[Any] = ()) -> Any:
    pool: list[Callable[[], Any]] = list(ODD_VALUES)
    for value in legal[:8]:
        pool.append(lambda v=value: v)
    return c.choice(pool)()


# ---- the world -------------------------------------------------------------------------------
@dataclass
class Table:
    game_type: str
    mode: str
    game_id: int
    users: list[int]  # by seat


@dataclass
class World:
    service: GameService
    tables: list[Table]
    interactions: list[str] = field(default_factory=list)  # ids of accepted moves
    finished: list[int] = field(default_factory=list)  # games played to the end (replaced)
    counter: int = 0
    known: dict[int, tuple[int, str]] = field(default_factory=dict)  # stored, last read


async def make_world(db: Path, seed: int = 1) -> World:
    """A SQLite database with one started game per registered game and mode (largest seat
    count), played by users 1000 + 10 × table + seat."""
    engine = make_engine(f"sqlite+aiosqlite:///{db}")
    await create_all(engine)
    seeds = iter(range(seed * 1000, seed * 1000 + 10_000))
    service = GameService(engine, clock=ManualClock(), seed_source=lambda: next(seeds))
    tables: list[Table] = []
    for game_type, rules in sorted(registry.games().items()):
        for variant in rules.variants():
            n = max(variant.seats)
            base = 1000 + 10 * len(tables)
            table = Table(game_type, variant.name, 0, [base + s for s in range(n)])
            await new_game(service, table)
            tables.append(table)
    return World(service, tables)


async def new_game(service: GameService, table: Table) -> None:
    """Seat the table's users at a fresh started game of its type and mode."""
    users = table.users
    out = await service.create_game(users[0], "P0", table.game_type, mode=table.mode,
                                    max_seats=len(users))
    for s in range(1, len(users)):
        await service.join(out.game_id, users[s], f"P{s}")
    await service.start(out.game_id, users[0])
    for s in range(1, len(users)):
        await service.confirm_ready(out.game_id, users[s])
    table.game_id = out.game_id


async def stored(world: World, game_id: int) -> tuple[int, str]:
    """A game's stored version and state hash."""
    async with world.service.engine.connect() as conn:
        row = (await conn.execute(select(G.c.version, G.c.state).where(G.c.id == game_id))
               ).first()
    assert row is not None
    return int(row[0]), hash_json(row[1])


async def stored_all(world: World) -> dict[int, tuple[int, str]]:
    """Every game's stored version and state (as the column's text: equal text, equal hash),
    in one read."""
    async with world.service.engine.connect() as conn:
        rows = (await conn.execute(select(G.c.id, G.c.version, cast(G.c.state, String)))).all()
    return {int(r[0]): (int(r[1]), str(r[2])) for r in rows}


# ---- one attempt -------------------------------------------------------------------------------
@dataclass
class Attempt:
    game_id: Any
    user_id: Any
    action: Any
    interaction_id: Any
    expected_version: Any
    table: Table
    legal: bool  # an unmodified legal move (may be accepted)


def _legal_moves(rules: GameRules, state: Any, seat: int, rng: Rng) -> list[Action | ActionSpec]:
    moves: list[Action | ActionSpec] = list(rules.legal_actions(state, seat))
    moves.append(rules.random_action(state, seat, rng))
    moves.append(rules.default_action(state, seat))
    return moves


def _params_from_spec(c: Chooser, spec: ActionSpec) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, options in spec.choices.items():
        params[key] = c.choice(options) if options and c.integer(0, 3) else odd_value(c)
    return params


def _mutate(c: Chooser, kind: str, params: dict[str, Any]) -> Any:
    """A legal-looking action made wrong in one way."""
    keys = list(params)
    how = c.integer(0, 11)
    if how == 0 and keys:
        params.pop(c.choice(keys))
    elif how == 1:
        params[c.choice(["extra", "x", "amount", "ready", "area", "k" * 41])] = odd_value(c)
    elif how in (2, 3) and keys:
        params[c.choice(keys)] = odd_value(c)
    elif how == 4 and keys:
        params[c.choice(keys)] = c.choice(BAD_VALUES)()
    elif how == 5:
        params[c.choice(["extra", "k"])] = c.choice(BAD_VALUES)()
    elif how == 6:
        kind = c.choice(["", " ", "k" * 41, "k" * 100_000, "bid now", "\x00", "\ud800", "UNKNOWN",
                         kind.upper(), kind + "_x"])
    elif how == 7:
        return c.choice([None, 5, "ready", ["kind", kind], {"params": params},
                         {"kind": kind, "params": params, "extra": 1},
                         {"kind": kind, "params": [1, 2]}, {"kind": kind, "params": "x"},
                         {"kind": c.choice(BAD_VALUES)(), "params": {}},
                         Action(kind, c.choice(BAD_VALUES)())])
    elif how == 8:
        params = {c.choice([1, None, 2.5, (1, 2), "", "a b", "k" * 41]): 1}
    elif how == 9 and keys:
        params[c.choice(keys)] = _nested(c.integer(6, 12), params[c.choice(keys)])
    return c.choice([Action(kind, params), {"kind": kind, "params": params}])


async def draw_attempt(world: World, c: Chooser) -> Attempt:
    service = world.service
    table = c.choice(world.tables)
    head = await service._head(table.game_id)
    if head.game.status != "active" and c.integer(0, 9):  # mostly play on at a fresh table
        world.finished.append(table.game_id)
        await new_game(service, table)
        world.known = {}
        head = await service._head(table.game_id)
    rules, state = head.rules, head.state
    awaited = sorted(rules.awaiting(state)) if state is not None else []
    seat = c.choice(awaited) if awaited and c.integer(0, 5) else c.integer(0, len(table.users) - 1)
    legal = False
    # the action
    if state is not None and seat in awaited and c.integer(0, 9) < 8:
        move = c.choice(_legal_moves(rules, state, seat, Rng(c.integer(0, 2**32))))
        params = (_params_from_spec(c, move) if isinstance(move, ActionSpec)
                  else dict(move.params))
        if isinstance(move, Action) and c.integer(0, 2) == 0:
            action: Any = move
            legal = True
        else:
            action = _mutate(c, move.kind, params)
    else:
        kind = c.choice(["bid", "ready", "claim", "roll", "march", "place_orders", "end_turn",
                         "", "x" * 41])
        action = _mutate(c, kind, {"a": odd_value(c)})
    # the user (and so the seat)
    user: Any = table.users[seat]
    pick = c.integer(0, 19)
    if pick == 0:
        user = STRANGER
    elif pick == 1:
        user = c.choice([str(user), float(user), True, None, 2**64, -5, [user], "x" * 100_000])
    elif pick == 2:
        other = c.choice(world.tables)
        user = c.choice(other.users)
    # the game id
    game_id: Any = table.game_id
    pick = c.integer(0, 14)
    if pick == 0:
        game_id = c.choice([str(game_id), float(game_id), True, False, 2**63, 2**64, 10**100,
                            0, -1, None, [game_id], UNKNOWN_GAME, "x" * 100_000])
    elif pick == 1:
        game_id = c.choice(world.tables).game_id
    # the interaction id
    world.counter += 1
    iid: Any = None
    pick = c.integer(0, 9)
    if pick in (1, 2, 3):
        iid = f"fz-{world.counter}-{c.integer(0, 10**6)}"
    elif pick == 4 and world.interactions:
        iid = c.choice(world.interactions)  # a retried click
    elif pick == 5:
        iid = c.choice(["x" * 41, "y" * 100_000, 12345, b"abc", ["i"], {"i": 1}, "", "a\nb",
                        "\x00", "\ud800", 1.5, True, ("t",)])
    # the version
    version: Any = None
    pick = c.integer(0, 7)
    current = head.game.version
    if pick in (1, 2):
        version = current
    elif pick == 3:
        version = c.choice([current - 1, current + 1, 0])
    elif pick == 4:
        version = c.choice([-1, "0", str(current), True, 2**63, 1.5, None, [current]])
    return Attempt(game_id, user, action, iid, version, table, legal)


def _long_inputs(a: Attempt) -> set[str]:
    """Every text in the attempt longer than a quotation may be (cycles and depth bounded)."""
    found: set[str] = set()
    stack: list[tuple[Any, int]] = [(a.game_id, 0), (a.user_id, 0), (a.interaction_id, 0),
                                    (a.expected_version, 0), (a.action, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > 30:
            continue
        if isinstance(value, str):
            if len(value) > 60:
                found.add(value)
        elif isinstance(value, Action):
            stack += [(value.kind, depth + 1), (value.params, depth + 1)]
        elif isinstance(value, dict):
            stack += [(v, depth + 1) for kv in value.items() for v in kv]
        elif isinstance(value, list | tuple):
            stack += [(v, depth + 1) for v in value[:100]]
    return found


async def attempt(world: World, a: Attempt) -> tuple[str, str | None]:
    """Submit ``a``; returns (outcome, problem): outcome ``accepted`` / ``duplicate`` /
    ``rejected <key>`` / ``unexpected <exception>``; problem is None when all held."""
    before = world.known or await stored_all(world)
    try:
        out = await world.service.submit(a.game_id, a.user_id, a.action,
                                         interaction_id=a.interaction_id,
                                         expected_version=a.expected_version)
    except ServiceError as exc:
        key = exc.msg.key
        reason = exc.msg.params.get("reason")
        if key == "error.bad_action" and hasattr(reason, "key"):
            key = f"{key}/{reason.key}"
        try:
            text = exc.msg.render()
        except Exception as render_error:  # a message that cannot be shown is a defect too
            return f"unrenderable {key}", repr(render_error)
        after = world.known = await stored_all(world)
        if not text or len(text) > 2000:
            return f"rejected {key}", f"message of {len(text)} characters"
        if any(s in text for s in _long_inputs(a)):
            return f"rejected {key}", "the message quotes input longer than 60 characters"
        if after != before:
            return f"rejected {key}", "the stored state changed"
        return f"rejected {key}", None
    except Exception as exc:
        world.known = {}
        return f"unexpected {type(exc).__name__}", "".join(
            traceback.format_exception_only(type(exc), exc)).strip()[:300]
    after = world.known = await stored_all(world)
    if out.duplicate:
        return "duplicate", None if after == before else "a duplicate changed the state"
    if isinstance(a.interaction_id, str):
        world.interactions.append(a.interaction_id)
    return "accepted", None


async def run(n: int, seed: int = 1, echo: bool = True) -> Counter[str]:
    counts: Counter[str] = Counter()
    problems: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        world = await make_world(Path(tmp) / "fuzz.db", seed)
        chooser = RandomChooser(seed)
        started = time.perf_counter()
        for i in range(n):
            outcome, problem = await attempt(world, await draw_attempt(world, chooser))
            counts[outcome] += 1
            if problem is not None:
                problems[f"{outcome}: {problem}"] += 1
            if echo and (i + 1) % 100_000 == 0:
                print(f"  … {i + 1:,} attempts, {time.perf_counter() - started:.0f} s",
                      flush=True)
        seconds = time.perf_counter() - started
        games = world.finished + [t.game_id for t in world.tables]
        bad_logs = [gid for gid in games if await world.service.verify(gid) is not None]
        versions = [(await stored(world, t.game_id))[0] for t in world.tables]
        await world.service.engine.dispose()
    if echo:
        print(f"{n:,} attempts over {len(world.tables)} tables "
              f"({', '.join(sorted({t.game_type for t in world.tables}))}, every mode) in "
              f"{seconds:.1f} s ({n / seconds:,.0f}/s); {len(world.finished)} games played to "
              f"the end and replaced; moves in the current games: {versions}")
        for outcome, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"{count:>10,}  {outcome}")
        unexpected = sum(v for k, v in counts.items() if not k.startswith(
            ("accepted", "duplicate", "rejected")))
        print(f"unexpected exceptions: {unexpected:,}; broken promises (state changed by a "
              f"rejection, message unrenderable or too long): {sum(problems.values()):,}; "
              f"games whose log does not replay to their state: {len(bad_logs)}")
        for problem, count in problems.most_common(20):
            print(f"{count:>10,}  {problem}")
    return counts


def main(argv: list[str]) -> None:
    n = int(argv[1].replace("_", "").replace(",", "")) if len(argv) > 1 else 1_000_000
    seed = int(argv[2]) if len(argv) > 2 else 1
    asyncio.run(run(n, seed))


if __name__ == "__main__":
    main(sys.argv)

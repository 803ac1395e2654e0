"""Small helpers shared by the rule modules: events, violations, resource parsing."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

from rules.base import Action, Event, RuleViolation, Text, text
from rules.catan_watch.data import RES_INDEX, RESOURCES
from rules.rng import Rng

Events = list[Event]
T = TypeVar("T")
#: frozenset({seat}) per seat, built once: awaiting() returns them on every move.
ONE_SEAT = tuple(frozenset({s}) for s in range(8))

# ---- cheap construction of the frozen contract objects -----------------------------------
# Event and Action are frozen dataclasses: their generated __init__ goes through
# object.__setattr__ once per field, which dominates the cost of the thousands of events and
# actions a playout makes. Filling the instance dict directly builds the very same object
# (same class, same fields, same equality and hash). Should the contract classes ever lose
# their __dict__ (slots), the ordinary constructors are used instead.
_new = object.__new__
_PLAIN_EVENT = hasattr(Event("probe"), "__dict__")
_PLAIN_ACTION = hasattr(Action("probe"), "__dict__")


def ev(kind: str, data: dict[str, Any], visible_to: frozenset[int] | None = None) -> Event:
    if _PLAIN_EVENT:
        e = _new(Event)
        d = e.__dict__
        d["kind"] = kind
        d["data"] = data
        d["visible_to"] = visible_to
        return e
    return Event(kind, data, visible_to)


def act(kind: str, params: dict[str, Any]) -> Action:
    """Action(kind, params), built without the frozen-dataclass __init__."""
    if _PLAIN_ACTION:
        a = _new(Action)
        d = a.__dict__
        d["kind"] = kind
        d["params"] = params
        return a
    return Action(kind, params)


# ---- the contract's generator, drawn without its call layers --------------------------------
# rules.rng.Rng draws BLAKE2b("seed:counter"); these functions compute exactly the same
# numbers and advance the counter exactly as Rng's methods do (tests/catan_watch checks the
# equivalence draw for draw), with one Python call per draw instead of three or four. Any
# other generator object is simply asked through its own methods.
# The hash state after "seed:" is kept per seed, so a draw hashes only the counter digits.
_blake = hashlib.blake2b
_TWO64 = 1 << 64
_LIMIT = {n: _TWO64 - _TWO64 % n for n in range(1, 64)}  # rejection bound per n
_PREFIX: dict[int, Any] = {}
_from_bytes = int.from_bytes


def _prefix(seed: int) -> Any:
    if len(_PREFIX) >= 512:
        _PREFIX.clear()
    h = _PREFIX[seed] = _blake(b"%d:" % seed, digest_size=8)
    return h


def randbelow(rng: Any, n: int) -> int:
    """rng.randbelow(n)."""
    limit = _LIMIT.get(n)
    if limit is None or rng.__class__ is not Rng:
        return int(rng.randbelow(n))
    seed, c = rng.seed, rng.counter
    pre = _PREFIX.get(seed) or _prefix(seed)
    while True:
        h = pre.copy()
        h.update(b"%d" % c)
        x = _from_bytes(h.digest(), "big")
        c += 1
        if x < limit:
            rng.counter = c
            return x % n


def die(rng: Any, sides: int) -> int:
    """rng.die(sides)."""
    return 1 + randbelow(rng, sides)


def roll_dice(rng: Any, sides: tuple[int, ...]) -> list[int]:
    """[rng.die(s) for s in sides]."""
    return [die(rng, n) for n in sides]


def choice(rng: Any, seq: Sequence[T]) -> T:
    """rng.choice(seq)."""
    if not seq:
        raise ValueError("choice from an empty sequence")
    return seq[randbelow(rng, len(seq))]


def sample(rng: Any, seq: Sequence[T], k: int) -> list[T]:
    """rng.sample(seq, k)."""
    pool = list(seq)
    return [pool.pop(randbelow(rng, len(pool))) for _ in range(k)]


def shuffle(rng: Any, seq: MutableSequence[T]) -> None:
    """rng.shuffle(seq)."""
    for i in range(len(seq) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def illegal(message: Text) -> RuleViolation:
    return RuleViolation("illegal", message)


def bad(message: Text) -> RuleViolation:
    return RuleViolation("bad_params", message)


def res_text(r: int) -> Text:
    """A resource by its index, as the log names it ("brick")."""
    return text(f"catan.log.res.{RESOURCES[r]}")


#: What int_param calls the parameter it checks, for the player.
PARAM_NAMES: dict[str, Text] = {
    "camp": text("catan.param.camp"),
    "clan": text("catan.param.clan"),
    "corner": text("catan.param.corner"),
    "hex": text("catan.param.hex"),
    "partner seat": text("catan.param.partner_seat"),
    "path": text("catan.param.path"),
    "seat": text("catan.param.seat"),
    "section": text("catan.param.section"),
    "wall section": text("catan.param.wall_section"),
}


#: The set-up's pieces ("settlement", "road", "guard"), for the player.
PIECE_NAMES: dict[str, Text] = {
    "guard": text("catan.piece.guard"),
    "road": text("catan.piece.road"),
    "settlement": text("catan.piece.settlement"),
}


def piece_text(piece: str) -> Text:
    return PIECE_NAMES[piece]


def counts_of(value: Any, what: str) -> list[int]:
    """Parse {"brick": 1, ...} into 5 counts."""
    if not isinstance(value, Mapping):
        raise bad(text("catan.error.counts_map", what=what))
    out = [0] * 5
    for name, n in value.items():
        if name not in RES_INDEX:
            raise bad(text("catan.error.unknown_resource", name=repr(name), what=what))
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise bad(text("catan.error.counts_whole", what=what))
        out[RES_INDEX[name]] = n
    return out


def res_of(value: Any, what: str = "resource") -> int:
    if not isinstance(value, str) or value not in RES_INDEX:
        raise bad(text("catan.error.resource_param", what=what, options=", ".join(RESOURCES)))
    return RES_INDEX[value]


def int_param(params: Mapping[str, Any], key: str, lo: int, hi: int, what: str) -> int:
    v = params.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v < hi:
        raise bad(text("catan.error.param", what=PARAM_NAMES.get(what, what), field=key))
    return v


def counts_json(counts: list[int]) -> dict[str, int]:
    return {r: c for r, c in zip(RESOURCES, counts, strict=True) if c}


def counts_text(counts: Mapping[str, int]) -> str:
    parts = [f"{n} {r}" for r, n in counts.items() if n]
    return ", ".join(parts) if parts else "nothing"


def missing_message(hand: list[int], cost: tuple[int, ...] | list[int],
                    offer: bool = False) -> Text | None:
    """'You need 1 more brick and 2 more ore.' (``offer``: 'To offer that you need …') or
    None if the hand covers the cost."""
    if (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4]):
        return None
    short = [
        text(f"catan.more.{RESOURCES[i]}", n=c - h)
        for i, (h, c) in enumerate(zip(hand, cost, strict=True))
        if h < c
    ]
    if not short:
        return None
    if len(short) == 1:
        key = "catan.error.offer_need" if offer else "catan.error.need"
        return text(key, more=short[0])
    key = "catan.error.offer_need_and" if offer else "catan.error.need_and"
    return text(key, more=short[:-1], last=short[-1])


def has(hand: list[int], cost: tuple[int, ...] | list[int]) -> bool:
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


def afford_check(cost: tuple[int, ...]) -> Callable[[list[int]], bool]:
    """has(hand, cost) for one fixed cost, comparing only the resources it asks for."""
    need = [(i, c) for i, c in enumerate(cost) if c]
    if len(need) == 1:
        ((i, a),) = need
        return lambda h: h[i] >= a
    if len(need) == 2:
        (i, a), (j, b) = need
        return lambda h: h[i] >= a and h[j] >= b
    if len(need) == 3:
        (i, a), (j, b), (k, c) = need
        return lambda h: h[i] >= a and h[j] >= b and h[k] >= c
    if len(need) == 4:
        (i, a), (j, b), (k, c), (m, d) = need
        return lambda h: h[i] >= a and h[j] >= b and h[k] >= c and h[m] >= d
    return lambda h: has(h, cost)


def pay(state: Any, seat: int, cost: tuple[int, ...] | list[int]) -> None:
    hand, bank = state.hands[seat], state.bank
    for i in range(5):
        if cost[i]:
            hand[i] -= cost[i]
            bank[i] += cost[i]

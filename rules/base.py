"""The contract every game engine implements (design.md §2).

Engines are pure and synchronous: no Discord, no database, no clock, no global random.
Seats are ints ``0..n-1``. A state is an engine-private object; the platform only moves it
through this interface and persists it through ``to_json``/``from_json``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from rules.canonical_json import canonical_form, hash_json
from rules.content import ContentSchema, load

Seat = int
JSON = Any

ViolationCode = Literal[
    "game_over",
    "not_your_turn",
    "unknown_action",
    "wrong_phase",
    "bad_params",
    "illegal",
    "bad_config",
]


class RuleViolation(Exception):
    """A rejected action or config, with a message a player understands."""

    def __init__(self, code: ViolationCode, message: str | Text) -> None:
        #: The catalog form for players when the engine gave one (``Text``), else None.
        self.text: Text | None = message if isinstance(message, Text) else None
        self.message: str = plain(message) if isinstance(message, Text) else message
        super().__init__(self.message)
        self.code: ViolationCode = code

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"


@dataclass(frozen=True)
class Text:
    """A message-catalog key with parameters: how an engine speaks to players.

    Engines never hold sentences in a language; ``describe``, ``progress``, ``phase_label``
    and ``seat_label`` may return a ``Text`` whose key lives in the game front's catalog
    (``bot/games/<game>/i18n/<locale>.json``). Parameters are JSON-safe values, nested
    ``Text``s, or lists of either. (A plain ``str`` is still accepted from older engines and
    shown as it is.)
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _text_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        return cls(str(data["key"]), {k: _text_value(v) for k, v in data["params"].items()})


def _text_json(value: Any) -> Any:
    if isinstance(value, Text):
        return {"$text": value.to_json()}
    if isinstance(value, list | tuple):
        return [_text_json(v) for v in value]
    return value


def _text_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"$text"}:
        return Text.from_json(value["$text"])
    if isinstance(value, list):
        return [_text_value(v) for v in value]
    return value


def text(key: str, **params: Any) -> Text:
    return Text(key, params)


def plain(value: str | Text) -> str:
    """A language-free rendering for logs, asserts and debugging: ``key(a=1, b=…)``."""
    if isinstance(value, str):
        return value
    inner = ", ".join(f"{k}={plain(v) if isinstance(v, Text) else v!r}"
                      for k, v in value.params.items())
    return f"{value.key}({inner})"


ConfigKind = Literal["choice", "int", "bool", "str", "free"]


@dataclass(frozen=True)
class ConfigOption:
    """One option a lobby may set: ``/game new`` offers it, autocompletes it and checks it.

    ``kind`` decides the checks: ``choice`` (one of ``choices``), ``int`` (``minimum`` ≤ v ≤
    ``maximum``), ``bool``, ``str`` (text) or ``free`` (any JSON value the engine checks
    itself in ``new_game``). ``label`` is a
    catalog key of the game's front (falls back to ``name``).
    """

    name: str
    kind: ConfigKind
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    #: Seat counts this option's non-default values allow (empty = any).
    seats: Mapping[Any, tuple[int, ...]] = field(default_factory=dict)

    def check(self, value: Any) -> Any:
        """The value normalised, or ``RuleViolation('bad_config')`` naming the valid values."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in {"true", "yes", "1", "on"}:
                return True
            if isinstance(value, str) and value.lower() in {"false", "no", "0", "off"}:
                return False
            raise RuleViolation("bad_config", f"{self.name} must be true or false.")
        if self.kind == "int":
            try:
                number = int(value)
            except (TypeError, ValueError):
                number = None
            if (number is None or isinstance(value, bool)
                    or (isinstance(value, float) and value != number)
                    or (self.minimum is not None and number < self.minimum)
                    or (self.maximum is not None and number > self.maximum)):
                raise RuleViolation("bad_config", f"{self.name} must be a whole number from "
                                                  f"{self.minimum} to {self.maximum}.")
            return number
        if self.kind == "choice":
            if value not in self.choices:
                valid = ", ".join(str(c) for c in self.choices)
                raise RuleViolation("bad_config", f"{self.name} must be one of: {valid}.")
            return value
        if self.kind == "str" and not isinstance(value, str):
            raise RuleViolation("bad_config", f"{self.name} must be text.")
        return value


@dataclass(frozen=True)
class Variant:
    """A mode or option set a conformance run must cover, with the seat counts it allows."""

    name: str
    config: Mapping[str, Any]
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Action:
    """A move: a kind plus JSON-safe named parameters."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": canonical_form(dict(self.params))}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise RuleViolation("bad_params", "An action needs a kind.")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise RuleViolation("bad_params", "Action parameters must be a mapping.")
        return cls(data["kind"], dict(params))

    def __hash__(self) -> int:
        return hash((self.kind, json.dumps(canonical_form(dict(self.params)), sort_keys=True)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind == other.kind
                and canonical_form(dict(self.params)) == canonical_form(dict(other.params)))


@dataclass(frozen=True)
class ActionSpec:
    """A template for a family of actions too large to enumerate (menus, autocomplete).

    ``choices`` maps each parameter to its legal values (``None`` = free-form, checked by
    ``apply``). ``label`` is a short description of the template for the player: a catalog
    ``Text`` (a plain string from older engines is shown as it is).
    """

    kind: str
    choices: Mapping[str, list[Any] | None] = field(default_factory=dict)
    label: str | Text = ""


@dataclass(frozen=True)
class Event:
    """Something that happened, including random outcomes (dice, draws).

    ``visible_to`` = None means public; otherwise only these seats may see it.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[Seat] | None = None

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": canonical_form(dict(self.data)),
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        vis = data.get("visible_to")
        visible = None if vis is None else frozenset(vis)
        return cls(data["kind"], dict(data.get("data") or {}), visible)


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``ranking`` lists places best first; each place is a list of tied seats. ``winners`` may be
    empty (everyone lost, or a draw with no winner).
    """

    winners: tuple[Seat, ...]
    ranking: tuple[tuple[Seat, ...], ...]
    scores: Mapping[Seat, float] = field(default_factory=dict)
    #: Why the game ended, for the table: a catalog ``Text`` (a plain string from older games).
    reason: str | Text = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(p) for p in self.ranking],
            "scores": {str(k): v for k, v in self.scores.items()},
            "reason": self.reason.to_json() if isinstance(self.reason, Text) else self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            tuple(data["winners"]),
            tuple(tuple(p) for p in data["ranking"]),
            {int(k): v for k, v in (data.get("scores") or {}).items()},
            _reason(data.get("reason", "")),
        )


def _reason(value: Any) -> str | Text:
    return Text.from_json(value) if isinstance(value, dict) else str(value)


class GameRules(ABC):
    """One game's rules. Subclasses are stateless singletons registered in ``rules.registry``.

    Subclasses implement ``step`` (mutates a private copy) and the base class wraps it into
    ``apply``, which enforces the fixed check order and never touches its input:
    game over → seat awaited → (engine) kind allowed now → (engine) parameters legal.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[int] = 1
    #: Plain-language list of what each seat keeps secret; shown in docs and checked by tests.
    hidden_information: ClassVar[str] = ""

    # ---- setup -----------------------------------------------------------------------
    @abstractmethod
    def new_game(self, config: Mapping[str, Any], n_seats: int, seed: int) -> Any:
        """A fresh state. Raises ``RuleViolation('bad_config', …)`` for a bad config."""

    def config_schema(self) -> list[ConfigOption]:
        """The options a lobby may set, typed, with defaults and valid values."""
        return []

    def config_options(self) -> dict[str, Any]:
        """Options a lobby may set, with their defaults: ``{name: default}``."""
        return {o.name: o.default for o in self.config_schema()}

    def check_config(self, config: Mapping[str, Any], n_seats: int | None = None
                     ) -> dict[str, Any]:
        """``config`` with defaults filled in and every value checked against the schema;
        ``RuleViolation('bad_config', …)`` names an unknown option or a bad value."""
        schema = {o.name: o for o in self.config_schema()}
        unknown = sorted(set(config) - set(schema))
        if unknown and schema:
            raise RuleViolation("bad_config", f"Unknown option {unknown[0]!r}; options: "
                                              f"{', '.join(sorted(schema))}.")
        out = dict(config) if not schema else {}
        for name, option in schema.items():
            value = option.check(config[name]) if name in config else option.default
            allowed = option.seats.get(value) if option.kind != "free" else None
            if n_seats is not None and allowed and n_seats not in allowed:
                counts = ", ".join(str(n) for n in allowed)
                raise RuleViolation("bad_config", f"{name}={value} is for {counts} players.")
            out[name] = value
        return out

    def variants(self) -> list[Variant]:
        """Modes and option sets a conformance run covers (default: the default config at
        every seat count)."""
        return [Variant("default", {}, tuple(range(self.min_seats, self.max_seats + 1)))]

    def content_schema(self) -> ContentSchema | None:
        """The game's printed content as overridable data (``rules/content.py``), if any."""
        return None

    def provisional_content(self, config: Mapping[str, Any]) -> list[str]:
        """Ids of shipped data sets that are stand-ins (not the printed content); by default
        the content pack's collections that still hold a ``provisional`` entry. The lobby
        names each by the front's catalog key ``<game>.content.<id>``."""
        schema = self.content_schema()
        if schema is None:
            return []
        return load(schema).provisional_collections()

    # ---- turn structure --------------------------------------------------------------
    @abstractmethod
    def awaiting(self, state: Any) -> frozenset[Seat]:
        """Seats that must act now (several = simultaneous input). Empty once finished."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: Seat) -> list[Action | ActionSpec]:
        """What the seat may do now, for menus and autocomplete."""

    def random_action(self, state: Any, seat: Seat, rng: Any) -> Action:
        """A uniformly chosen legal action (random agents, playouts, demo).

        ``rng`` is a ``rules.rng.Rng`` owned by the caller. Engines whose
        ``legal_actions`` return templates override this.
        """
        concrete = [a for a in self.legal_actions(state, seat) if isinstance(a, Action)]
        if not concrete:
            return self.default_action(state, seat)
        return rng.choice(concrete)

    @abstractmethod
    def default_action(self, state: Any, seat: Seat) -> Action:
        """What happens when the seat misses its deadline; always legal for an awaited seat."""

    def seat_label(self, state: Any, seat: Seat) -> str | Text:
        """How the seat is called at the table (a house, a colour)."""
        return f"Seat {seat + 1}"

    def progress(self, state: Any, seat: Seat) -> str | Text:
        """What the seat still owes, for reminders ("2 areas without orders")."""
        return "your move"

    def n_seats(self, state: Any) -> int:
        """How many seats the game has (engines override; the default reads ``to_json``)."""
        data = self.to_json(state)
        for key in ("n", "n_seats", "seats", "players"):
            value = data.get(key) if isinstance(data, dict) else None
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, list):
                return len(value)
        raise NotImplementedError(f"{type(self).__name__} must implement n_seats")

    def phase_label(self, state: Any) -> str | Text:
        """Where the game is, in words (a round and phase), for status lines and embeds."""
        return ""

    def action_schema(self) -> Any:
        """What each action kind takes (``rules.kit.params.Schema``: kind -> parameter ->
        type), checked by the service before any engine code runs; None: not declared (only
        the generic limits apply). A conformance test plays random games and requires every
        legal and random action to fit it."""
        return None

    def deadline_share(self, state: Any) -> float:
        """The share of the game's deadline that the decision now awaited gets (1.0: all of
        it). A quick question between turns (may I join this action?) gets less, so that a
        default of "no" does not hold the table for a whole turn's time."""
        return 1.0

    # ---- transitions -----------------------------------------------------------------
    def apply(self, state: Any, seat: Seat, action: Action) -> tuple[Any, list[Event]]:
        if self.result(state) is not None:
            raise RuleViolation("game_over", "The game is over.")
        if seat not in self.awaiting(state):
            raise RuleViolation("not_your_turn", self.not_awaited_message(state, seat))
        draft = self.copy_state(state)
        events = self.step(draft, seat, action)
        return draft, events

    def is_pass(self, state: Any, seat: Seat, action: Action) -> bool:
        """Whether the rules name ``action``, taken by ``seat`` in ``state``, a pass: a move
        that may leave the state exactly as it was (declining an optional step the game
        does not record). Every other accepted move must change the state — an engine never
        accepts as a no-op a move the rules forbid; the conformance suite plays random games
        and checks it. Default: no move is a pass."""
        return False

    def not_awaited_message(self, state: Any, seat: Seat) -> str:
        return "It is not your turn: the game is not waiting for you."

    @abstractmethod
    def step(self, state: Any, seat: Seat, action: Action) -> list[Event]:
        """Validate and apply ``action`` in place on ``state`` (a private copy).

        ``seat`` is already known to be awaited. Raise ``RuleViolation`` for an unknown kind,
        a kind not allowed now, or bad parameters — preferably before mutating anything.
        """

    def copy_state(self, state: Any) -> Any:
        return self.from_json(self.to_json(state))

    # ---- reading ---------------------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: Seat | None) -> JSON:
        """JSON-safe, redacted for ``seat`` (None = public/spectator). Never holds the seed."""

    def seat_view(self, state: Any, seat: Seat, public: JSON) -> JSON:
        """``view(state, seat)``, given ``public``: ``view(state, None)`` of the same state. The
        service asks for both after a move (the board and the mover's panel); a game whose
        seat view is its public view plus the seat's own part builds on ``public`` instead of
        computing the shared part again. The answer may share ``public``'s parts (views are
        read, never edited). The conformance suite checks it equals ``view(state, seat)``."""
        return self.view(state, seat)

    @abstractmethod
    def result(self, state: Any) -> Result | None:
        """None while running."""

    @abstractmethod
    def describe(self, event: Event, seat: Seat | None) -> str | Text:
        """The log line for a viewer already allowed to see ``event`` (a ``Text``: a catalog
        key of the game's front with parameters)."""

    # ---- persistence -----------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: Any) -> JSON: ...

    @abstractmethod
    def from_json(self, data: JSON) -> Any: ...

    def adopt_json(self, data: JSON) -> Any:
        """``from_json`` for data nobody else holds (just decoded from storage): the state may
        keep ``data``'s lists and dicts instead of copying them (the service loads a game's
        head this way on every cache miss). The conformance suite checks it equals
        ``from_json``."""
        return self.from_json(data)

    def state_hash(self, state: Any) -> str:
        return hash_json(self.to_json(state))

    # ---- hidden-information testing hook -----------------------------------------------
    def perturb_hidden(self, state: Any, seat: Seat, rng: Any) -> Any | None:
        """A copy of ``state`` that differs only in what ``seat`` keeps secret (or None if the
        seat has no secret now). The conformance suite checks that no other seat's view, and
        no public view, can tell the two apart."""
        return None

"""NorthgardRules: the GameRules contract over the frame machinery."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import permutations
from typing import Any

from rules.base import Action, ConfigOption, Seat, Text, Variant, text
from rules.kit.engine import MachineRules
from rules.kit.params import Schema
from rules.northgard import combat as _combat  # noqa: F401  (registers its frames)
from rules.northgard import effects as _effects  # noqa: F401
from rules.northgard import monsters as _monsters  # noqa: F401
from rules.northgard import move as _move  # noqa: F401
from rules.northgard import placing as _placing  # noqa: F401
from rules.northgard import setup as _setup  # noqa: F401
from rules.northgard import turn as _turn  # noqa: F401
from rules.northgard import year as _year
from rules.northgard.content import CONTENT_SCHEMA
from rules.northgard.data import CLANS, data
from rules.northgard.describe import describe_event, seat_label
from rules.northgard.machine import MACHINE
from rules.northgard.schema import action_schema
from rules.northgard.setup import new_state
from rules.northgard.state import State
from rules.northgard.view import build_view, phase_label, progress, seat_view

HANDLERS = MACHINE.handlers
#: The share of the deadline a teammate gets to answer an exchange offer (a quick yes/no).
ANSWER_SHARE = 0.25


@lru_cache(maxsize=1)
def _seatings(low: int, high: int) -> dict[str, tuple[int, ...]]:
    """Every seating of clans ("bear/wolf": 2 seats), built once: 3,612 of them, and the
    schema is read on every lobby, option autocomplete and config check."""
    return {"/".join(order): (n,) for n in range(low, high + 1)
            for order in permutations(CLANS, n)}


class NorthgardRules(MachineRules):
    id = "northgard"
    title = "Northgard: Uncharted Lands"
    state_class = State
    machine = MACHINE
    content = CONTENT_SCHEMA
    min_seats = 2
    max_seats = 5
    hidden_information = (
        "Each player's hand, the cards a Draw action shows before they are kept, and each "
        "player's fame (fame tokens lie face down; what earns fame is logged) until the end. "
        "Nobody sees the order of the draw decks (except cards laid openly on top: a chosen "
        "Development card, an Unrest card), of the map tile stack, of the Development deck "
        "or of the monster deck."
    )

    # ---- setup (new_game: new_state driven to the first decision) ----------------------------
    new_state = staticmethod(new_state)

    def config_schema(self) -> list[ConfigOption]:
        seatings = _seatings(self.min_seats, self.max_seats)
        return [
            ConfigOption("long_game", "bool", False, label="northgard.option.long_game"),
            ConfigOption("team", "bool", False, label="northgard.option.team",
                         seats={True: (4,)}),
            ConfigOption("monsters", "bool", False, label="northgard.option.monsters"),
            ConfigOption("more_monsters", "bool", False,
                         label="northgard.option.more_monsters"),
            # The valid values: "random", or one clan per seat in joining order, no clan
            # twice ("bear/wolf" is for 2 seats). The option stays free because ``new_game``
            # also reads a seating written with commas, in capitals or as a JSON list.
            ConfigOption("clans", "free", "random", ("random", *seatings),
                         label="northgard.option.clans", seats=seatings),
        ]

    def variants(self) -> list[Variant]:
        seats = (2, 3, 4, 5)
        return [
            Variant("base", {}, seats),
            Variant("long", {"long_game": True}, seats),
            Variant("team", {"team": True}, (4,)),
            Variant("team_long", {"team": True, "long_game": True}, (4,)),
            Variant("monsters", {"monsters": True}, seats),
            Variant("more_monsters", {"monsters": True, "more_monsters": True}, seats),
            Variant("long_monsters", {"long_game": True, "monsters": True,
                                      "more_monsters": True}, (3,)),
        ]

    def action_schema(self) -> Schema:
        return action_schema()

    def provisional_content(self, config: Mapping[str, Any]) -> list[str]:
        return list(data().provisional)

    # ---- turn structure (who is awaited and for what: MachineRules) -------------------------
    def deadline_share(self, state: State) -> float:
        """A teammate's exchange offer is a quick yes/no: when the game waits for nothing but
        answers to offers, they get a short share of the deadline (default: decline)."""
        if state.result is None and state.stack and state.stack[-1]["kind"] == "trade":
            trade = HANDLERS["trade"]
            if isinstance(trade, _year.Trade) and trade.only_answers(state, state.stack[-1]):
                return ANSWER_SHARE
        return 1.0

    def seat_label(self, state: State, seat: Seat) -> Text:
        return seat_label(state.clans[seat], seat)

    def progress(self, state: State, seat: Seat) -> Text:
        return progress(state, seat)

    phase_label = staticmethod(phase_label)

    def not_awaited_message(self, state: State, seat: Seat) -> str:
        # RuleViolation takes a catalog Text as its message, like every other refusal here.
        return text("northgard.error.not_your_turn")  # type: ignore[return-value]

    # ---- transitions (step: MachineRules) --------------------------------------------------
    def refusal(self, code: str, state: State, seat: Seat, action: Action) -> str | Text:
        if code == "wrong_phase":
            return text("northgard.error.wrong_phase", what=progress(state, seat))
        return super().refusal(code, state, seat, action)

    # ---- reading -------------------------------------------------------------------------
    view = staticmethod(build_view)
    seat_view = staticmethod(seat_view)
    describe = staticmethod(describe_event)

    # ---- hidden information --------------------------------------------------------------
    def perturb_hidden(self, state: State, seat: Seat, rng: Any) -> State | None:
        """Another fame total (its tokens lie face down; in a team game the fame is the
        team's, shared with the teammate, so it is left alone) and, when possible, a hand card
        swapped with an unknown card of the draw deck."""
        if state.result is not None:
            return None
        new = state.copy()
        if not new.team:
            new.fame[seat] += 1 + rng.randbelow(5)
        hand, deck = new.hand[seat], new.draw[seat]
        hidden = len(deck) - new.known_top[seat]
        # A card the seat has picked up in a pending turn stays in its hand.
        held = {fr.get("sel") for fr in new.stack if fr["kind"] == "turn" and fr["seat"] == seat}
        for _ in range(8):
            if not hand or hidden <= 0:
                break
            i, j = rng.randbelow(len(hand)), rng.randbelow(hidden)
            if hand[i] != deck[j] and hand[i] not in held:
                hand[i], deck[j] = deck[j], hand[i]
                break
        if new.team and new.hand[seat] == state.hand[seat]:
            return None  # nothing of this seat alone to change
        return new

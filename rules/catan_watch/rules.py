"""CatanWatchRules: the GameRules implementation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import (
    Action,
    ActionSpec,
    ConfigOption,
    Result,
    Seat,
    Text,
    Variant,
)
from rules.catan_watch import agent, engine
from rules.catan_watch.content import CONTENT_SCHEMA
from rules.catan_watch.data import DEV_CARDS, provisional_names
from rules.catan_watch.describe import describe as describe_event
from rules.catan_watch.describe import reason_text, seat_label
from rules.catan_watch.phases import DISCARD
from rules.catan_watch.schema import build_schema
from rules.catan_watch.setup import CONFIG_DEFAULTS, new_game
from rules.catan_watch.state import State
from rules.catan_watch.view import phase_label
from rules.catan_watch.view import progress as progress_text
from rules.catan_watch.view import seat_view as make_seat_view
from rules.catan_watch.view import view as make_view
from rules.kit.engine import StateRules, stored_result
from rules.kit.params import Schema


class CatanWatchRules(StateRules):
    id = "catan_watch"
    title = "Catan: A Game of Thrones — Brotherhood of the Watch"
    state_class = State
    content = CONTENT_SCHEMA
    min_seats = 3
    max_seats = 4
    hidden_information = (
        "Each player's resource cards (others see only the count), unplayed development "
        "cards (others see only the count; victory point cards stay hidden until the end), "
        "the card drawn when buying, the card stolen by Tormund or taken by Mance Rayder "
        "and the card given back after Mormont's forced trade (seen by the two players), "
        "and a pending discard after a 7 until everyone has chosen. Nobody sees the "
        "development deck order or the face-down wildling tokens."
    )

    def new_game(self, config: Mapping[str, Any], n_seats: int, seed: int) -> State:
        return new_game(config, n_seats, seed)

    def config_schema(self) -> list[ConfigOption]:
        return [
            ConfigOption("mode", "choice", CONFIG_DEFAULTS["mode"], ("base", "nights_watch"),
                         label="catan_watch.option.mode"),
            ConfigOption("layout", "choice", CONFIG_DEFAULTS["layout"], ("beginner", "variable"),
                         label="catan_watch.option.layout"),
            ConfigOption("heroes_tragedy", "bool", CONFIG_DEFAULTS["heroes_tragedy"],
                         label="catan_watch.option.heroes_tragedy"),
        ]

    def variants(self) -> list[Variant]:
        seats = tuple(range(self.min_seats, self.max_seats + 1))
        return [Variant("base", {}, seats),
                Variant("nights_watch", {"mode": "nights_watch"}, seats),
                Variant("variable", {"layout": "variable"}, seats),
                Variant("nights_watch_tragedy", {"mode": "nights_watch", "layout": "variable",
                                                 "heroes_tragedy": True}, seats)]

    def action_schema(self) -> Schema:
        return build_schema(self.max_seats)

    def provisional_content(self, config: Mapping[str, Any]) -> list[str]:
        cfg = {**CONFIG_DEFAULTS, **config}
        return provisional_names(cfg["mode"])

    # The hot entry points are the engine functions themselves (no extra call layer).
    awaiting = staticmethod(engine.awaiting)
    step = staticmethod(engine.step)
    random_action = staticmethod(agent.random_action)

    def legal_actions(self, state: State, seat: Seat) -> list[Action | ActionSpec]:
        return agent.legal_actions(state, seat)

    def default_action(self, state: State, seat: Seat) -> Action:
        return agent.default_action(state, seat)

    def seat_label(self, state: State, seat: Seat) -> Text:
        """The seat's piece colour: "Red", "Blue", "Orange", "White"."""
        return seat_label(seat)

    def progress(self, state: State, seat: Seat) -> Text:
        return progress_text(state, seat)

    phase_label = staticmethod(phase_label)
    view = staticmethod(make_view)
    seat_view = staticmethod(make_seat_view)

    def result_of(self, state: State, data: dict[str, Any]) -> Result:
        return stored_result(data, reason_text(data["reason"]), state.n)

    describe = staticmethod(describe_event)

    def perturb_hidden(self, state: State, seat: Seat, rng: Any) -> State | None:
        """A copy with a different hand of the same size, different unplayed development
        cards (as many, the ones bought this turn still unplayable) and a different pending
        discard — whichever of these the seat has."""
        s = state.copy()
        total = sum(s.hands[seat])
        if total:
            s.hands[seat] = _other_counts(s.hands[seat], total, rng)
        cards = s.dev_hand[seat]
        if cards:
            ids = sorted(DEV_CARDS)
            fresh = cards[:]
            while sorted(fresh) == sorted(cards):
                fresh = [rng.choice(ids) for _ in cards]
            s.dev_hand[seat] = fresh
            if seat == s.current:
                s.dev_new = fresh[: len(s.dev_new)]
        if s.phase == DISCARD and seat in s.pending_discard:
            s.pending_discard[seat] = _other_counts(
                s.pending_discard[seat], s.discard_need[seat], rng, within=s.hands[seat]
            )
        if not total and not cards:
            return None
        return s


def _other_counts(old: list[int], total: int, rng: Any,
                  within: list[int] | None = None) -> list[int]:
    """Random counts summing to total (bounded by within), different from old if possible."""
    for _ in range(50):
        pool = [r for r in range(5) for _ in range(within[r])] if within else None
        new = [0] * 5
        if pool is not None:
            for r in rng.sample(pool, total):
                new[r] += 1
        else:
            for _ in range(total):
                new[rng.randbelow(5)] += 1
        if new != old:
            return new
    return old

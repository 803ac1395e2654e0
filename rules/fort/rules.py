"""FortRules: the GameRules implementation of Fort (with the Cats & Dogs modules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import (
    Action,
    ActionSpec,
    ConfigOption,
    Event,
    Result,
    Seat,
    Text,
    Variant,
)
from rules.fort import engine
from rules.fort import view as views
from rules.fort.content import CONTENT_SCHEMA
from rules.fort.describe import describe as describe_event
from rules.fort.schema import action_schema
from rules.fort.setup import CONFIG_DEFAULTS, FOLLOW_DEADLINE_RANGE, new_game
from rules.fort.state import State
from rules.kit.engine import StateRules, stored_result
from rules.kit.params import Schema

ALL_SEATS = (2, 3, 4)


class FortRules(StateRules):
    id = "fort"
    title = "Fort"
    state_class = State
    content = CONTENT_SCHEMA
    min_seats = 2
    max_seats = 4
    hidden_information = (
        "Each player's hand and the order and contents of their deck; the Made-Up Rules a "
        "player holds (revealed at the end) and the face-down Made-Up Rule stack; the Park "
        "deck; which cards sit in each Lookout (only their suits show); in the draft, the "
        "cards a player holds and picks; a player's follow choice until the window closes (only "
        "who has chosen shows)."
    )

    def new_game(self, config: Mapping[str, Any], n_seats: int, seed: int) -> State:
        if isinstance(n_seats, int) and self.min_seats <= n_seats <= self.max_seats:
            config = self.check_config(config, n_seats)
        return new_game(config, n_seats, seed)

    def config_schema(self) -> list[ConfigOption]:
        return [
            ConfigOption("draft", "bool", CONFIG_DEFAULTS["draft"], label="fort.option.draft"),
            ConfigOption("dogs", "bool", CONFIG_DEFAULTS["dogs"], label="fort.option.dogs"),
            ConfigOption("cats", "bool", CONFIG_DEFAULTS["cats"], label="fort.option.cats"),
            ConfigOption("follow_deadline", "int", CONFIG_DEFAULTS["follow_deadline"],
                         minimum=FOLLOW_DEADLINE_RANGE[0], maximum=FOLLOW_DEADLINE_RANGE[1],
                         label="fort.option.follow_deadline"),
        ]

    def variants(self) -> list[Variant]:
        return [
            Variant("basic", {}, ALL_SEATS),
            Variant("draft", {"draft": True}, ALL_SEATS),
            Variant("dogs", {"dogs": True}, ALL_SEATS),
            Variant("cats", {"cats": True}, ALL_SEATS),
            Variant("cats_dogs", {"dogs": True, "cats": True}, ALL_SEATS),
            Variant("draft_cats_dogs", {"draft": True, "dogs": True, "cats": True}, ALL_SEATS),
        ]

    def deadline_share(self, state: State) -> float:
        return engine.deadline_share(state)

    def action_schema(self) -> Schema:
        return action_schema(self.max_seats)

    def awaiting(self, state: State) -> frozenset[Seat]:
        return engine.awaiting(state)

    def legal_actions(self, state: State, seat: Seat) -> list[Action | ActionSpec]:
        return engine.legal_actions(state, seat)

    def random_action(self, state: State, seat: Seat, rng: Any) -> Action:
        return engine.random_action(state, seat, rng)

    def default_action(self, state: State, seat: Seat) -> Action:
        return engine.default_action(state, seat)

    def step(self, state: State, seat: Seat, action: Action) -> list[Event]:
        return engine.step(state, seat, action)

    def seat_label(self, state: State, seat: Seat) -> Text:
        return views.seat_label(seat)

    def progress(self, state: State, seat: Seat) -> Text:
        return views.progress(state, seat)

    phase_label = staticmethod(views.phase_label)
    view = staticmethod(views.view)
    seat_view = staticmethod(views.seat_view)

    def result_of(self, state: State, data: dict[str, Any]) -> Result:
        return stored_result(data, Text(data["reason"], {}), state.n)

    describe = staticmethod(describe_event)

    def is_pass(self, state: State, seat: Seat, action: Action) -> bool:
        # A follow choice stays revisable until Ready: restating the choice already made
        # changes nothing.
        fr = state.stack[-1] if state.stack else None
        if fr is None or fr["kind"] != "card" or fr["stage"] != "follow":
            return False
        mine = fr["choices"][seat] if seat < len(fr["choices"]) else None
        return mine is not None and (action.kind, dict(action.params)) == (
            mine["kind"], dict(mine["params"]))

    def perturb_hidden(self, state: State, seat: Seat, rng: Any) -> State | None:
        return views.perturb_hidden(state, seat, rng)

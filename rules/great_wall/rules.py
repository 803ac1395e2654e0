"""GreatWallRules: the GameRules implementation over the frame machine."""

from __future__ import annotations

from typing import Any

from rules.base import Action, ConfigOption, Event, Result, Seat, Text, Variant, text
from rules.great_wall import combat as _combat  # noqa: F401

# Importing the phase modules registers their frame handlers with the machine.
from rules.great_wall import coop as _coop  # noqa: F401
from rules.great_wall import fall as _fall  # noqa: F401
from rules.great_wall import locations as _locations  # noqa: F401
from rules.great_wall import reed as _reed  # noqa: F401
from rules.great_wall import seasons as _seasons  # noqa: F401
from rules.great_wall import shame as _shame  # noqa: F401
from rules.great_wall import tactics as _tactics  # noqa: F401
from rules.great_wall.content import CONTENT_SCHEMA
from rules.great_wall.data import RESOURCES
from rules.great_wall.describe import describe as describe_event
from rules.great_wall.describe import reason_text
from rules.great_wall.describe import seat_label as colour_label
from rules.great_wall.machine import MACHINE
from rules.great_wall.schema import action_schema
from rules.great_wall.setup import CONFIG_DEFAULTS, new_game
from rules.great_wall.state import State
from rules.great_wall.tactics import WINDOW_DEADLINE_SHARE
from rules.great_wall.view import seat_view as make_seat_view
from rules.great_wall.view import view as make_view
from rules.great_wall.view import who
from rules.kit.engine import MachineRules, stored_result
from rules.kit.params import Schema

_CLAN_KEYS = ("clan", "winner")
_CLAN_LISTS = ("present", "order")


def _public_names(st: State, e: Event) -> Event:
    """Events name clans as views do: a seat number, or "reed"/"chin"."""
    data = dict(e.data)
    for k in _CLAN_KEYS:
        if isinstance(data.get(k), int) and not isinstance(data.get(k), bool):
            data[k] = who(st, data[k])
    for k in _CLAN_LISTS:
        if isinstance(data.get(k), list):
            data[k] = [who(st, c) for c in data[k]]
    return Event(e.kind, data, e.visible_to)


class GreatWallRules(MachineRules):
    id = "great_wall"
    title = "The Great Wall"
    state_class = State
    machine = MACHINE
    content = CONTENT_SCHEMA
    min_seats = 1
    max_seats = 4
    hidden_information = (
        "Each player's resources (behind the screen), Command card hand and the card chosen "
        "each Fall until all are revealed together, Tactic cards (others see how many), the "
        "faces of support Advisors and of won Horde cards (others see the back symbol and "
        "the Shame tokens), the two Generals and two Advisors dealt at setup and the picks "
        "until everyone has chosen. Nobody sees the Horde, Advisor, Tactic, Event or Request "
        "deck order (only the top Horde card's invasion indicator) nor Chin's Command deck."
    )

    new_state = staticmethod(new_game)  # driven to the first decision by MachineRules

    def config_schema(self) -> list[ConfigOption]:
        return [
            ConfigOption("mode", "choice", CONFIG_DEFAULTS["mode"], ("standard", "coop"),
                         label="great_wall.option.mode", seats={"coop": (2, 3, 4)}),
            ConfigOption("difficulty", "choice", CONFIG_DEFAULTS["difficulty"],
                         ("normal", "hard", "hardest"), label="great_wall.option.difficulty",
                         seats={"hard": (1,), "hardest": (1,)}),
            ConfigOption("chin_advisors", "choice", CONFIG_DEFAULTS["chin_advisors"],
                         ("one", "both"), label="great_wall.option.chin_advisors",
                         seats={"both": (1,)}),
        ]

    def variants(self) -> list[Variant]:
        return [
            Variant("standard", {}, (3, 4)),
            Variant("two_player", {}, (2,)),
            Variant("solo", {}, (1,)),
            Variant("solo_hard", {"difficulty": "hard"}, (1,)),
            Variant("solo_hardest", {"difficulty": "hardest", "chin_advisors": "both"}, (1,)),
            Variant("coop", {"mode": "coop"}, (2, 3, 4)),
        ]

    def action_schema(self) -> Schema:
        return action_schema()

    # ---- turn structure (who is awaited and for what: MachineRules) ---------------------------
    def random_action(self, state: State, seat: Seat, rng: Any) -> Action:
        fr = MACHINE.top(state)
        assert fr is not None
        acts = [a for a in MACHINE.handler(fr).legal(state, fr, seat) if isinstance(a, Action)]
        # Random agents rarely stop early: "stop"/"pass"-like moves are picked less often so
        # random games exercise the rules instead of skipping them.
        if len(acts) > 1:
            busy = [a for a in acts if a.kind not in ("stop", "skip", "done", "pass")]
            if busy and rng.randbelow(4):
                return rng.choice(busy)
        return rng.choice(acts) if acts else self.default_action(state, seat)

    # step: MachineRules (refusals are the catalog's great_wall.error.<code>)
    def enrich(self, state: State, events: list[Event]) -> list[Event]:
        return [_public_names(state, e) for e in events]

    # ---- reading ---------------------------------------------------------------------------
    view = staticmethod(make_view)
    seat_view = staticmethod(make_seat_view)

    def result_of(self, state: State, data: dict[str, Any]) -> Result:
        return stored_result(data, reason_text(data["reason"]), state.n)

    describe = staticmethod(describe_event)

    def seat_label(self, state: State, seat: Seat) -> Text:
        return colour_label(seat)

    def progress(self, state: State, seat: Seat) -> str | Text:
        fr = MACHINE.top(state)
        if fr is None or seat not in self.awaiting(state):
            return text("great_wall.progress.waiting")
        return MACHINE.handler(fr).progress(state, fr, seat)

    def phase_label(self, state: State) -> Text:
        if state.result is not None:
            return text("great_wall.phase.over")
        return text("great_wall.phase.season", year=state.year,
                    season=text(f"great_wall.season.{state.season}"))

    def deadline_share(self, state: State) -> float:
        """A Tactic window question (default: pass) is quick; every other decision gets the
        whole deadline."""
        fr = MACHINE.top(state)
        if state.result is None and fr is not None and fr["kind"] == "tactic":
            return WINDOW_DEADLINE_SHARE
        return 1.0

    def perturb_hidden(self, state: State, seat: Seat, rng: Any) -> State | None:
        """A copy where the seat holds one more of a random resource and, if it holds Tactic
        cards, different ones (as many). Pending questions travel with the secrets: every
        question the game asks depends only on public facts (a Tactic window asks each seat
        holding any Tactic card, whatever the cards), so the same seats stay awaited; the
        options of the perturbed seat's own question follow its new secrets. A frame that
        names a card the swap moved (none today) would make the swap fall on another card."""
        if not 0 <= seat < state.n:
            return None
        s = state.copy()
        c = s.clans[seat]
        c["res"][rng.choice(list(RESOURCES))] += 1
        named = {v for fr in s.stack for k, v in fr.items() if k == "card" and isinstance(v, str)}
        movable = [i for i, card in enumerate(c["tactics"]) if card not in named]
        if movable and s.decks["tactic"]:
            i = movable[rng.randbelow(len(movable))]
            j = rng.randbelow(len(s.decks["tactic"]))
            c["tactics"][i], s.decks["tactic"][j] = s.decks["tactic"][j], c["tactics"][i]
        return s

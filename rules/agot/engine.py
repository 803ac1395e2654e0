"""AgotRules: the GameRules contract over the frame machinery."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from rules.agot import battle as _battle  # noqa: F401  (registers its frame)
from rules.agot import march as _march  # noqa: F401
from rules.agot import planning as _planning  # noqa: F401
from rules.agot import raids as _raids  # noqa: F401
from rules.agot import rounds as _rounds  # noqa: F401
from rules.agot import westeros as _westeros  # noqa: F401
from rules.agot.board import board
from rules.agot.content import CONTENT_SCHEMA
from rules.agot.control import house_label
from rules.agot.describe import describe_event
from rules.agot.flow import MACHINE, drive
from rules.agot.schema import action_schema
from rules.agot.setup import new_state
from rules.agot.state import State
from rules.agot.view import build_view, phase_label, seat_view
from rules.base import Action, ConfigOption, Event, RuleViolation, Seat, Text, Variant, text
from rules.kit.engine import MachineRules
from rules.kit.params import Schema

_SEAT_KEYS = ("seat", "attacker", "defender", "winner", "chosen", "lowest")


def _enrich(st: State, events: list[Event]) -> list[Event]:
    """Name the houses in events, so a log line needs no state."""
    out = []
    for e in events:
        data = dict(e.data)
        for k in _SEAT_KEYS:
            v = data.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < st.n:
                data[f"{k}_house"] = st.houses[v]
        if e.kind in ("bids_revealed", "track_set", "setup"):
            data["houses"] = list(st.houses)
        if e.kind == "orders_revealed":
            data["orders"] = {a: {**o, "seat_house": st.houses[o["seat"]]}
                              for a, o in data["orders"].items()}
        out.append(Event(e.kind, data, e.visible_to))
    return out


class AgotRules(MachineRules):
    id = "agot"
    title = "A Game of Thrones: The Board Game (1st edition)"
    state_class = State
    machine = MACHINE
    content = CONTENT_SCHEMA
    min_seats = 3
    max_seats = 5
    hidden_information = (
        "Each house's orders until all are revealed; each house's bids in the Clash of Kings "
        "and for the Night's Watch until all are in; each combatant's chosen House card until "
        "both are chosen. The order of the Westeros decks is hidden from everyone."
    )

    # ---- setup (new_game: new_state driven to the first decision) ----------------------------
    new_state = staticmethod(new_state)

    def config_schema(self) -> list[ConfigOption]:
        # The valid values: "random", or one house per seat in joining order, every house
        # that plays at that seat count once ("stark/lannister/baratheon" is for 3 seats).
        # The option stays free because ``new_game`` also reads a seating written with commas
        # or spaces, in capitals, or as a JSON list, as it always has.
        seatings = {"/".join(order): (n,) for n in range(self.min_seats, self.max_seats + 1)
                    for order in permutations(board().setup(n)["houses"])}
        return [ConfigOption("houses", "free", "random", ("random", *seatings),
                             label="agot.option.houses", seats=seatings)]

    def variants(self) -> list[Variant]:
        # One mode: the rulebook's 3- and 4-player games differ from the 5-player one only by
        # the seat count (houses left out, their lands held by neutral forces), which the
        # lobby's player count decides. The optional Lannister court swap in the data is not
        # an option the engine offers. Named "default" as it always was: tables type it.
        return [Variant("default", {}, (3, 4, 5))]

    phase_label = staticmethod(phase_label)

    def action_schema(self) -> Schema:
        return action_schema(self.max_seats)

    def provisional_content(self, config: Mapping[str, Any]) -> list[str]:
        b = board()
        out = []
        if any(w.provenance == "provisional" for w in b.data.westeros):
            out.append("westeros_deck")
        if any(h.provenance == "provisional" for h in b.data.houses.values()):
            out.append("house_setup")
        return out

    # ---- turn structure (who is awaited and for what: MachineRules) -------------------------
    def seat_label(self, state: State, seat: Seat) -> str:
        return house_label(state, seat)  # a house name: content data, not words

    def progress(self, state: State, seat: Seat) -> str | Text:
        if state.result is not None:
            return text("agot.progress.game_over")
        if not state.stack:
            return text("agot.progress.waiting")
        h, fr = self.running(state)
        if seat not in h.awaiting(state, fr):  # awaiting(state), without asking the stack again
            return text("agot.progress.waiting")
        return h.progress(state, fr, seat)

    def not_awaited_message(self, state: State, seat: Seat) -> str | Text:
        return text("agot.error.not_your_turn", progress=self.progress(state, seat))

    # ---- transitions (step: MachineRules) --------------------------------------------------
    drive = staticmethod(drive)  # a castle count ends the game between steps
    enrich = staticmethod(_enrich)

    def refusal(self, code: str, state: State, seat: Seat, action: Action) -> str | Text:
        if code == "unknown_action":
            return text("agot.error.unknown_action", kind=repr(action.kind))
        if code == "wrong_phase":
            h, fr = self.running(state)
            return text("agot.error.wrong_phase", action=action.kind.replace("_", " "),
                        progress=h.progress(state, fr, seat))
        return super().refusal(code, state, seat, action)

    def act(self, state: State, seat: Seat, action: Action, events: list[Event]) -> None:
        try:
            super().act(state, seat, action, events)
        except (TypeError, ValueError) as exc:
            # Parameters are validated field by field; this is the last line of defence
            # against shapes nobody anticipated (apply works on a copy, so nothing leaks).
            raise RuleViolation("bad_params", text("agot.error.malformed",
                                                   kind=action.kind)) from exc

    # ---- reading -------------------------------------------------------------------------
    view = staticmethod(build_view)
    seat_view = staticmethod(seat_view)
    describe = staticmethod(describe_event)

    # ---- hidden information --------------------------------------------------------------
    def perturb_hidden(self, state: State, seat: Seat, rng: Any) -> State | None:
        from rules.agot.planning import check_orders, orderable

        b = board()
        for i in range(len(state.stack) - 1, -1, -1):
            fr = state.stack[i]
            kind = fr["kind"]
            if kind == "planning":
                areas = orderable(state, seat)
                if not areas:
                    return None
                new = state.copy()
                mine = new.stack[i]["orders"][seat]
                if fr["ready"][seat]:
                    # Locked orders lie face down on the board: only which token is secret.
                    areas = sorted(mine)
                    if not areas:
                        return None
                area = rng.choice(areas)
                if area in mine and not fr["ready"][seat]:
                    del mine[area]
                    return new
                for tok in rng.shuffled(list(b.token_ids)):
                    if tok in mine.values():
                        continue
                    try:
                        check_orders(state, seat, {**mine, area: tok})
                    except RuleViolation:
                        continue
                    mine[area] = tok
                    return new
                return None
            if kind in ("clash", "wildlings") and fr["step"] == "bid":
                if state.power[seat] == 0:
                    return None
                new = state.copy()
                nf = new.stack[i]
                nf["bids"][seat] = (nf["bids"][seat] + 1) % (state.power[seat] + 1)
                return new
            if kind == "battle" and fr["step"] == "cards" and not fr["revealed"]:
                if seat not in (fr["att"], fr["dfn"]):
                    return None
                side = 0 if seat == fr["att"] else 1
                hand = [c for c in state.hands[seat] if c != fr["cards"][side]]
                if not hand:
                    return None
                new = state.copy()
                new.stack[i]["cards"][side] = rng.choice(hand)
                return new
        return None

"""Building positions by hand: for scenario tests, demos and reproducing reported games.

Start from a real new game, clear what you want, place units, orders and tokens, then put the
phase machinery at the step you want (``begin``). All actions after that go through
``RULES.apply`` like in a real game.
"""

from __future__ import annotations

from typing import Any

from rules.agot.flow import drive
from rules.agot.planning import new_planning_frame
from rules.agot.state import State
from rules.agot.westeros_auctions import new_auction
from rules.base import Event

HOUSES_5 = ["baratheon", "lannister", "stark", "tyrell", "greyjoy"]


def game(n: int = 5, seed: int = 1, houses: list[str] | None = None) -> State:
    from rules.agot import RULES

    if houses is None:
        houses = {5: HOUSES_5, 4: HOUSES_5[:4], 3: HOUSES_5[:3]}[n]
    return RULES.new_game({"houses": houses}, n, seed)


def seat(st: State, house: str) -> int:
    return st.houses.index(house)


def clear(st: State, neutral: bool = False) -> State:
    """Empty the board of units, power tokens and orders (and neutral forces if asked)."""
    st.units.clear()
    st.tokens.clear()
    st.orders.clear()
    if neutral:
        st.neutral.clear()
    return st


def put(st: State, area: str, house: str, footmen: int = 0, knights: int = 0, ships: int = 0,
        routed: tuple[int, int, int] = (0, 0, 0)) -> None:
    st.units[area] = [seat(st, house), footmen, knights, ships, *routed]


def order(st: State, area: str, token: str) -> None:
    st.orders[area] = [st.units[area][0], token]


def token(st: State, area: str, house: str) -> None:
    st.tokens[area] = seat(st, house)


def tracks(st: State, throne: list[str] | None = None, fiefdoms: list[str] | None = None,
           court: list[str] | None = None) -> None:
    for key, value in (("throne", throne), ("fiefdoms", fiefdoms), ("court", court)):
        if value is not None:
            st.tracks[key] = [seat(st, h) for h in value]


def begin(st: State, phase: str, **opts: Any) -> list[Event]:
    """Put the game at the start of ``phase`` of the current round and run to the first
    decision: planning, raven, raids, marches, supply, mustering, clash (opts: track=0..2),
    wildlings, game_of_thrones."""
    round_step = {"planning": 2, "raven": 3, "raids": 4, "marches": 5}
    if phase in round_step:
        st.stack = [{"kind": "round", "step": round_step[phase]}]
        st.stack.append({"planning": new_planning_frame(st), "raven": {"kind": "raven"},
                         "raids": {"kind": "raids", "idx": 0},
                         "marches": {"kind": "marches", "idx": 0}}[phase])
    else:
        st.stack = [{"kind": "round", "step": 1},
                    {"kind": "westeros", "step": 4}]
        frame = {"supply": {"kind": "supply", "step": 0, "pending": []},
                 "mustering": {"kind": "muster", "idx": 0, "seat": -1},
                 "clash": new_auction(st, "clash", int(opts.get("track", 0))),
                 "wildlings": new_auction(st, "wildlings", 0)}[phase]
        st.stack.append(frame)
    ev: list[Event] = []
    drive(st, ev)
    return ev


def act(st: State, house: str, kind: str, **params: Any) -> State:
    """Apply one action for ``house`` through the public contract; returns the new state."""
    from rules.agot import RULES
    from rules.base import Action

    new, _ = RULES.apply(st, seat(st, house), Action(kind, params))
    return new


def awaited(st: State) -> set[str]:
    from rules.agot import RULES

    return {st.houses[s] for s in RULES.awaiting(st)}


def battle_at(st: State, attacker: str, origin: str, area: str, units: dict[str, int],
              march: str = "march_0") -> State:
    """Order a march from ``origin`` into ``area`` and start it (attacker first in turn
    order; a Stark march in Winterfell keeps the round open afterwards)."""
    tracks(st, throne=[attacker] + [h for h in [st.houses[s] for s in st.tracks["throne"]]
                                    if h != attacker])
    order(st, origin, march)
    if "stark" in st.houses and attacker != "stark" and "winterfell" not in st.units:
        put(st, "winterfell", "stark", footmen=1)
        order(st, "winterfell", "march_0")
    begin(st, "marches")
    return act(st, attacker, "march", **{"from": origin, "moves": {area: units}})


def act_events(st: State, house: str, kind: str, **params: Any) -> tuple[State, list[Any]]:
    """Like ``act`` but also returns the events."""
    from rules.agot import RULES
    from rules.base import Action

    return RULES.apply(st, seat(st, house), Action(kind, params))

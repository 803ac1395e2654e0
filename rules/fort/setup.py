"""Setting up a game: boards, Best Friends, Made-Up Rule stack, Perk row, Park, cats, and the
starting decks — dealt, or drafted (deal 8, pick 1, pass left)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Event, RuleViolation, text
from rules.fort.common import ev_priv, ev_pub, settings
from rules.fort.data import tables
from rules.fort.machine import MACHINE
from rules.fort.state import State, new_player
from rules.rng import Rng

CONFIG_DEFAULTS: dict[str, Any] = {"draft": False, "dogs": False, "cats": False,
                                   "follow_deadline": 25}
#: The follow window's deadline, in percent of the game's turn deadline (issue #12: short,
#: defaulting to "no"): the bounds a lobby may choose from.
FOLLOW_DEADLINE_RANGE = (5, 100)


def new_game(config: Mapping[str, Any], n_seats: int, seed: int) -> State:
    if not isinstance(n_seats, int) or not 2 <= n_seats <= 4:
        raise RuleViolation("bad_config", text("fort.error.seats", n=str(n_seats)))
    cfg = {**CONFIG_DEFAULTS}
    for key, value in config.items():
        if key not in CONFIG_DEFAULTS:
            raise RuleViolation("bad_config", text("fort.error.option", option=str(key)))
        if key == "follow_deadline":
            low, high = FOLLOW_DEADLINE_RANGE
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RuleViolation("bad_config", text("fort.error.option", option=str(key)))
        elif not isinstance(value, bool):
            raise RuleViolation("bad_config", text("fort.error.option", option=str(key)))
        cfg[key] = value
    t = tables()
    s = settings()
    rng = Rng(seed)
    players = [new_player(colour, list(bfs)) for colour, bfs in t.boards[:n_seats]]
    st = State(n=n_seats, cfg=cfg, rng=rng, players=players)
    st.first = rng.randbelow(n_seats)
    st.leader = st.first
    st.rule_stack = rng.shuffled(list(t.rule_order))[: n_seats + 1]
    st.perk_row = rng.shuffled(list(t.perk_order))[: n_seats + 1]
    if cfg["cats"]:
        # In id order: a saved state's keys come back sorted (canonical JSON), so a game
        # reloaded from the database iterates its cats as the live one does.
        st.cats = {c: None for c in sorted(rng.shuffled(list(t.cat_order))[:n_seats])}
    st.park_deck = rng.shuffled(list(t.park_deck))
    st.park = [st.park_deck.pop() for _ in range(s["park_size"])]
    dogs = rng.shuffled(list(t.dogs)) if cfg["dogs"] else []
    n_kids = s["kids_dealt_dogs"] if cfg["dogs"] else s["kids_dealt"]
    n_dogs = s["dogs_dealt"] if cfg["dogs"] else 0
    packets: list[list[str]] = []
    for _ in range(n_seats):
        packet = [st.park_deck.pop() for _ in range(n_kids)]
        packet += [dogs.pop() for _ in range(n_dogs)]
        packets.append(packet)
    ev: list[Event] = []
    if cfg["draft"]:
        MACHINE.push(st, "draft", round=1, packets=packets, picks=[None] * n_seats,
                     drafted=[[] for _ in range(n_seats)])
    else:
        deal_decks(st, packets, ev)
    MACHINE.drive(st, ev)
    return st


def deal_decks(st: State, kids: list[list[str]], ev: list[Event]) -> None:
    """Each player's 8 (or 5 + 3 dogs) cards and 2 Best Friends, shuffled; draw 5."""
    for seat, p in enumerate(st.players):
        p["deck"] = st.rng.shuffled([*kids[seat], *p["bf"]])
        got = [p["deck"].pop() for _ in range(min(settings()["hand_size"], len(p["deck"])))]
        p["hand"] = got
        ev_priv(ev, seat, "drew", seat=seat, cards=list(got))
    ev_pub(ev, "setup_done", first=st.first)
    MACHINE.push(st, "turn", seat=st.first, phase="start")

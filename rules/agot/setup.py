"""A new game: houses to seats, start units, neutral forces, tracks, hands and decks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules.agot.board import UNIT_INDEX, board
from rules.agot.state import State
from rules.base import RuleViolation, text
from rules.kit import cards as kit_cards
from rules.rng import Rng


def new_state(config: Mapping[str, Any], n: int, seed: int) -> State:
    """A new game before its first drive (the rules drive it to the first decision)."""
    b = board()
    if not isinstance(n, int) or not 3 <= n <= 5:
        raise RuleViolation("bad_config", text("agot.error.seats"))
    if not isinstance(config, Mapping):
        raise RuleViolation("bad_config", text("agot.error.config_mapping"))
    unknown = set(config) - {"houses"}
    if unknown:
        raise RuleViolation("bad_config", text("agot.error.unknown_options",
                                            options=sorted(unknown)))
    setup = b.setup(n)
    playing: list[str] = list(setup["houses"])
    rng = Rng(seed)
    choice = config.get("houses", "random")
    if isinstance(choice, str) and choice.strip().lower() != "random":
        # "stark/lannister/baratheon" (or commas, spaces): one house per seat, joining order.
        choice = [w.lower() for w in re.split(r"[,;/\s]+", choice.strip()) if w]
    elif isinstance(choice, str):
        choice = "random"
    if choice == "random":
        houses = rng.shuffled(playing)
    elif (isinstance(choice, list | tuple) and all(isinstance(h, str) for h in choice)
          and sorted(choice) == sorted(playing)):
        houses = list(choice)
    else:
        raise RuleViolation("bad_config", text("agot.error.houses", houses=list(playing)))
    st = State.__new__(State)
    st.n = n
    st.houses = houses
    st.round = 1
    st.rng = rng
    st.units = {}
    for seat, h in enumerate(houses):
        for su in b.houses[h].start_units:
            u = st.units.setdefault(su.area, [seat, 0, 0, 0, 0, 0, 0])
            u[1 + UNIT_INDEX[su.unit]] += 1
    st.tokens = {}
    st.neutral = {}
    for nf in b.data.neutrals_for(n):
        st.neutral[nf.area] = [int(nf.strength), nf.house]
    st.orders = {}
    st.power = [int(b.houses[h].start_power) for h in houses]
    seat_of = {h: i for i, h in enumerate(houses)}
    st.tracks = {t: [seat_of[h] for h in setup["tracks"][t]] for t in ("throne", "fiefdoms",
                                                                       "court")}
    st.supply = [int(b.houses[h].start_supply) for h in houses]
    st.wildling = b.wildling_start
    st.hands = [list(b.house_cards[h]) for h in houses]
    st.discards = [[] for _ in houses]
    st.decks = []
    for deck in (1, 2, 3):
        cards = [w.id for w in b.data.westeros_deck(deck)]
        st.decks.append(kit_cards.shuffled_deck(cards, rng))
    st.westeros = []
    st.restrictions = []
    st.blade_used = False
    st.stack = [{"kind": "round", "step": 0}]
    st.result = None
    st.castles_to_win = int(setup["castles_to_win"])
    st.config = {"houses": list(houses)} if choice != "random" else {"houses": "random"}
    return st

"""The Westeros phase: three cards, the wildling threat, and every card's procedure.

Frames: ``westeros`` (draw, threat, resolve I-II-III), ``supply`` (reconcile armies),
``muster`` (in turn order), ``clash`` (three secret auctions), ``wildlings`` (secret bids,
reward or penalty). Here the ``westeros`` frame; the others are in ``westeros_supply``,
``westeros_muster``, ``westeros_auctions`` and ``westeros_wildlings``, all registered here.
"""

from __future__ import annotations

from rules.agot.board import board
from rules.agot.control import (
    control,
    gain_power,
)
from rules.agot.flow import Handler, emit, pop, register
from rules.agot.state import Frame, State
from rules.agot.westeros_auctions import Clash, new_auction
from rules.agot.westeros_muster import Muster
from rules.agot.westeros_supply import Supply
from rules.agot.westeros_wildlings import Wildlings
from rules.base import Event, Text, text
from rules.kit import cards
from rules.kit.frames import Steps

RESTRICTIONS = ("sea_of_storms", "storm_of_swords", "rains_of_autumn", "feast_for_crows")
#: The Westeros decks are saved top card first: each round's card is looked at on top and
#: then goes under its deck.
DECK_TOP = cards.FRONT


class Westeros(Steps[State], Handler):
    kind = "westeros"

    def step(self, st: State, fr: Frame, step: int, ev: list[Event]) -> None:
        b = board()
        if step == 0:
            drawn = []
            for i, deck in enumerate(st.decks):
                times = 0
                while b.wcards[cards.peek(deck, DECK_TOP)].effect == "winter_is_coming":
                    times += 1
                    cards.reshuffle(deck, st.rng)
                if times:  # one line per deck, however often Winter came back on top
                    emit(ev, "winter_is_coming", deck=i + 1, times=times)
                drawn.append(cards.peek(deck, DECK_TOP))
            st.westeros = drawn
            emit(ev, "westeros_revealed", round=st.round, cards=list(drawn))
            icons = sum(1 for c in drawn if b.wcards[c].wildling)
            if icons:
                before = st.wildling
                st.wildling = min(b.wildling_max, st.wildling + icons * b.data.wildling_step)
                if st.wildling != before:  # at the top of the track nothing happened
                    emit(ev, "wildling_threat", before=before, after=st.wildling)
        elif step <= 3:
            self._resolve(st, st.westeros[step - 1], ev, step)
        else:
            for deck in st.decks:
                cards.cycle(deck, DECK_TOP)
            pop(st, fr)

    def _resolve(self, st: State, cid: str, ev: list[Event], deck: int) -> None:
        b = board()
        eff = b.wcards[cid].effect
        # The deck tells apart two cards of one name (Last Days of Summer is in decks I-III).
        emit(ev, "westeros_card", card=cid, deck=deck)
        if eff in RESTRICTIONS:
            st.restrictions.append(eff)
        elif eff == "supply":
            st.stack.append({"kind": "supply", "step": 0, "pending": []})
        elif eff == "mustering":
            st.stack.append({"kind": "muster", "idx": 0, "seat": -1})
        elif eff == "clash_of_kings":
            st.stack.append(new_auction(st, "clash", 0))
        elif eff == "wildling_attack":
            st.stack.append(new_auction(st, "wildlings", 0))
        elif eff == "game_of_thrones":
            for seat in list(st.tracks["throne"]):
                crowns = sum(b.crowns[a] for a in b.crown_areas if control(st, a) == seat)
                got = gain_power(st, seat, crowns)
                if got:
                    emit(ev, "power_gained", seat=seat, power=got, reason="game_of_thrones")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.westeros")


# (in the order they always were registered in)
register(Westeros())
register(Supply())
register(Muster())
register(Clash())
register(Wildlings())

"""Each player's cards: draw deck (bottom to top), hand, active area, discard pile, the Unrest
stack, and the cards drawn with the state's rng (``rules.kit.cards``)."""

from __future__ import annotations

from rules.base import Event
from rules.kit.cards import draw as kit_draw
from rules.northgard.board import emit
from rules.northgard.state import State


def available(st: State, seat: int) -> int:
    """Cards a draw could still reach: the draw deck and the discard pile."""
    return len(st.draw[seat]) + len(st.discard[seat])


def draw_cards(st: State, seat: int, n: int, ev: list[Event]) -> list[str]:
    """Draw n cards (reshuffling the discard pile only when the deck runs out) into nothing:
    the caller decides where they go. The drawn cards are for the seat's eyes only."""
    if n <= 0:
        return []
    reshuffled = len(st.draw[seat]) < n and bool(st.discard[seat])
    from_deck = min(n, len(st.draw[seat]))
    drawn = kit_draw(st.draw[seat], n, st.rng, st.discard[seat])
    # The openly placed cards on top go first; a reshuffled deck holds no known card.
    st.known_top[seat] = 0 if reshuffled else max(0, st.known_top[seat] - from_deck)
    if reshuffled:
        emit(ev, "reshuffled", seat=seat)
    return drawn


def draw_to_hand(st: State, seat: int, n: int, ev: list[Event]) -> list[str]:
    drawn = draw_cards(st, seat, n, ev)
    st.hand[seat].extend(drawn)
    if drawn:
        emit(ev, "drew", seat=seat, n=len(drawn))
        emit(ev, "drew_cards", frozenset([seat]), seat=seat, cards=drawn)
    return drawn


def put_on_top(st: State, seat: int, card: str, known: bool) -> None:
    st.draw[seat].append(card)
    if known:
        st.known_top[seat] += 1
    else:
        st.known_top[seat] = 0


def hand_remove(st: State, seat: int, card: str) -> None:
    st.hand[seat].remove(card)

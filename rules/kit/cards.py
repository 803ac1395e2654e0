"""Decks, hands and discards drawn with the state's own rng (``rules.rng.Rng``), so every
shuffle is part of the seeded, replayable game.

A deck is a plain list. Its top is the end of the list (``top=END``: ``pop()`` draws) unless
the game's saved decks keep the top card first (``top=FRONT``): the functions that look at
the top take ``top`` so that a game keeps the layout its stored games already have.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

#: Where a deck's top card sits in its list.
END = -1
FRONT = 0


def shuffled_deck(cards: list[T], rng: Any) -> list[T]:
    """A new deck: ``cards`` in a seeded random order."""
    return rng.shuffled(cards)


def reshuffle(deck: list[T], rng: Any) -> None:
    """Shuffle the deck where it lies (a card that says: shuffle this deck)."""
    rng.shuffle(deck)


def shuffle_in(deck: list[T], cards: list[T], rng: Any) -> None:
    """Put ``cards`` back into the deck and shuffle it."""
    deck.extend(cards)
    rng.shuffle(deck)


def draw(deck: list[T], n: int, rng: Any, discard: list[T] | None = None) -> list[T]:
    """Up to ``n`` cards from the top (the end of the list); an empty deck is refilled by
    shuffling ``discard`` (when given). Fewer than ``n`` come back only when both run out."""
    out: list[T] = []
    while len(out) < n:
        if not deck:
            if not discard:
                break
            deck.extend(rng.shuffled(discard))
            discard.clear()
        out.append(deck.pop())
    return out


def peek(deck: list[T], top: int = END) -> T:
    """The top card, left where it is."""
    return deck[top]


def cycle(deck: list[T], top: int = END) -> T:
    """The top card goes under the deck (a deck whose cards are revealed, never dealt);
    returns it."""
    if top not in (END, FRONT):
        raise ValueError("top is END or FRONT")
    card = deck.pop(top)
    if top == FRONT:
        deck.append(card)
    else:
        deck.insert(0, card)
    return card


def discard_all(hand: list[T], discard: list[T]) -> None:
    discard.extend(hand)
    hand.clear()

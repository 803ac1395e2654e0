"""Decks, hands and discards drawn with the state's own rng (``rules.rng.Rng``), so every
shuffle is part of the seeded, replayable game."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def shuffled_deck(cards: list[T], rng: Any) -> list[T]:
    """A new deck: ``cards`` in a seeded random order; the top is the end of the list."""
    return rng.shuffled(cards)


def draw(deck: list[T], n: int, rng: Any, discard: list[T] | None = None) -> list[T]:
    """Up to ``n`` cards from the top; an empty deck is refilled by shuffling ``discard``
    (when given). Fewer than ``n`` come back only when both run out."""
    out: list[T] = []
    while len(out) < n:
        if not deck:
            if not discard:
                break
            deck.extend(rng.shuffled(discard))
            discard.clear()
        out.append(deck.pop())
    return out


def discard_all(hand: list[T], discard: list[T]) -> None:
    discard.extend(hand)
    hand.clear()

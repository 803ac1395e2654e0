"""rules/kit variants the games need: commitments kept in seat-indexed lists, decks whose top
card is first and cycles under, ordered incidence and on-board hex neighbours."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.kit import cards, grid, secret
from rules.rng import Rng


def test_seat_slots_commit_revise_ready_and_reveal_in_place() -> None:
    frame: dict[str, Any] = {"choices": [None, None, None], "ready": [False, False, True]}
    pending = secret.SeatSlots(frame["choices"])
    ready = secret.ReadyFlags(frame["ready"])
    needed = [0, 1]
    assert secret.waiting(needed, pending, ready) == {0, 1}
    assert secret.commit(pending, 1, "pass", ready) is False
    assert secret.public_status(needed, pending) == {0: False, 1: True}
    with pytest.raises(ValueError):
        secret.mark_ready(pending, ready, 0)  # nothing committed yet
    secret.mark_ready(pending, ready, 1)
    assert secret.waiting(needed, pending, ready) == {0}
    # A revision un-readies; committing with lock readies in the same move.
    assert secret.commit(pending, 1, "follow", ready) is True and 1 not in ready
    assert secret.commit(pending, 0, "rough", ready, lock=True) is False
    assert secret.public_status(needed, pending, ready) == {0: True, 1: False}
    assert not secret.complete(needed, pending, ready)
    assert not secret.still_to_commit(needed, pending)
    secret.mark_ready(pending, ready, 1)
    assert secret.complete(needed, pending, ready)
    # The frame is still plain JSON in its own shape.
    assert json.loads(json.dumps(frame)) == {"choices": ["rough", "follow", None],
                                             "ready": [True, True, True]}
    assert secret.reveal(pending, keep=True) == [(0, "rough"), (1, "follow")]
    assert frame["choices"] == ["rough", "follow", None]
    assert secret.reveal(pending) == [(0, "rough"), (1, "follow")]
    assert frame["choices"] == [None, None, None] and len(pending) == 0


def test_a_list_without_none_has_everyone_committed_to_a_default() -> None:
    bids = secret.SeatSlots([0, 0, 0])
    ready = secret.ReadyFlags([False, True, False])  # seat 1 has nothing to bid
    assert secret.still_to_commit(range(3), bids) == frozenset()
    assert secret.waiting(range(3), bids, ready) == {0, 2}
    secret.commit(bids, 0, 3, ready, lock=True)
    secret.mark_ready(bids, ready, 2)
    assert secret.complete(range(3), bids, ready)
    assert [b for _, b in secret.reveal(bids, keep=True)] == [3, 0, 0]
    with pytest.raises(ValueError):
        bids[0] = None  # None would read as "not committed"


def test_dict_commitments_are_unchanged() -> None:
    pending: dict[int, Any] = {}
    ready: set[int] = set()
    assert secret.commit(pending, 2, "x", ready, lock=True) is False and ready == {2}
    assert secret.commit(pending, 2, "y", ready) is True and ready == set()
    assert secret.waiting([0, 2], pending, ready) == {0, 2}
    assert secret.reveal(pending) == [(2, "y")] and pending == {}


def test_a_deck_stored_top_card_first_peeks_cycles_and_reshuffles() -> None:
    deck = ["a", "b", "c"]
    assert cards.peek(deck, cards.FRONT) == "a" and cards.peek(deck) == "c"
    assert cards.cycle(deck, cards.FRONT) == "a" and deck == ["b", "c", "a"]
    assert cards.cycle(deck) == "a" and deck == ["a", "b", "c"]
    with pytest.raises(ValueError):
        cards.cycle(deck, 1)
    rng, same = Rng(3), Rng(3)
    cards.reshuffle(deck, rng)
    expected = ["a", "b", "c"]
    same.shuffle(expected)
    assert deck == expected and rng.counter == same.counter


def test_shuffle_in_returns_cards_and_shuffles_with_the_game_rng() -> None:
    deck = [1, 2]
    cards.shuffle_in(deck, [3, 4], Rng(8))
    order = Rng(8).shuffled([1, 2, 3, 4])
    assert deck == order
    # Drawing takes from the top (the end of the list) and stops when the deck runs out.
    assert cards.draw(deck, 3, Rng(1)) == order[::-1][:3]
    assert cards.draw(deck, 3, Rng(1)) == order[:1] and deck == []


def test_hex_directions_keep_their_order() -> None:
    # Saved Catan boards derive every hex's neighbour order from this order.
    assert grid.HEX_DIRS == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    assert grid.hex_distance((0, 0), (2, -1)) == 2
    assert grid.hex_distance((1, 1), (1, 1)) == 0


def test_on_board_neighbours_and_ordered_incidence() -> None:
    cells = {(0, 0): 0, (1, 0): 1, (0, 1): 2, (5, 5): 3}
    assert grid.neighbours_in((0, 0), cells) == (1, 2)
    assert grid.neighbours_in((0, 0), {(0, -1): "n"}, grid.square_neighbours) == ("n",)
    inc = grid.incidence([(0, 1), (1, 2), (0, 2)], 4)
    assert inc == [[(0, 1), (2, 2)], [(0, 0), (1, 2)], [(1, 1), (2, 0)], []]

"""House cards: hands and discards, combat modifiers and the text abilities.

Text abilities (1st edition), keyed by ``board.ability_key``:
- strength: robb, vargo, victarion (attacking units), catelyn (defense order doubled),
  salladhor (opposing supporting ships 0), balon (opponent's printed strength 0);
- immediately: queen_of_thorns (cancel), loras (kill a footman), brienne (discard the
  defender's Defense order);
- if you win: jaime (+2 power), cersei, melisandre, renly, asha, luwin (a choice each).
"""

from __future__ import annotations

from rules.agot.board import board
from rules.agot.data_records import HouseCard
from rules.agot.state import State

WIN_CHOICES = ("cersei", "melisandre", "renly", "asha", "luwin")


def card(card_id: str | None) -> HouseCard | None:
    return board().cards.get(card_id) if card_id else None


def play_card(st: State, seat: int, card_id: str) -> bool:
    """Move a played card to the discards; the seventh card brings the whole set back.
    Returns True when the hand was refilled."""
    hand = st.hands[seat]
    if card_id in hand:
        hand.remove(card_id)
    if not hand:
        st.hands[seat] = list(board().house_cards[st.houses[seat]])
        st.discards[seat] = []
        return True
    st.discards[seat].append(card_id)
    return False


def refill_if_empty(st: State, seat: int) -> None:
    if not st.hands[seat]:
        st.hands[seat] = list(board().house_cards[st.houses[seat]])
        st.discards[seat] = []

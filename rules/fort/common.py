"""Small helpers over the state: resources, capacities, card moves, ownership."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.fort.data import RES, CardType, card_type, ctype, tables
from rules.fort.state import Player, State
from rules.kit.cards import draw as kit_draw


def ev_pub(ev: list[Event], kind: str, /, **data: Any) -> None:
    ev.append(Event(kind, data))


def ev_priv(ev: list[Event], viewer: int, kind: str, /, **data: Any) -> None:
    ev.append(Event(kind, data, frozenset({viewer})))


def settings() -> dict[str, Any]:
    return tables().settings


def left(st: State, seat: int) -> int:
    """The player on ``seat``'s left: the next player clockwise."""
    return (seat + 1) % st.n


def clockwise_from(st: State, seat: int) -> list[int]:
    """The other players, clockwise from ``seat``'s left."""
    return [(seat + i) % st.n for i in range(1, st.n)]


def pack_cap(st: State, seat: int) -> int:
    p = st.players[seat]
    cap = int(tables().levels[p["level"]]["pack"])
    for perk in p["perks"]:
        cap += int(tables().perks[perk].get("pack_bonus", 0))
    return cap


def pack_total(p: Player) -> int:
    return int(p["pack"]["pizza"] + p["pack"]["toy"])


def lookout_cap(st: State, seat: int) -> int:
    return int(tables().levels[st.players[seat]["level"]]["lookout"])


def has_perk(st: State, seat: int, perk: str) -> bool:
    return perk in st.players[seat]["perks"]


def gain(st: State, seat: int, res: str, n: int, ev: list[Event]) -> None:
    """Add ``n`` of ``res`` to Stuff; beyond the track's maximum they are lost (A5)."""
    if n <= 0:
        return
    p = st.players[seat]
    room = settings()["stuff_max"] - p["stuff"][res]
    got = max(0, min(n, room))
    p["stuff"][res] += got
    kind = "gather" if got == n else "gather_lost" if got else "gather_none"
    ev_pub(ev, kind, seat=seat, res=res, n=got, lost=n - got)


def available(p: Player, res: str) -> int:
    return int(p["stuff"][res] + p["pack"][res])


def can_pay(p: Player, pizza: int, toy: int) -> bool:
    return available(p, "pizza") >= pizza and available(p, "toy") >= toy


def pay(p: Player, pizza: int, toy: int) -> None:
    """Pay from Stuff first, the rest from the Pack."""
    for res, n in (("pizza", pizza), ("toy", toy)):
        from_stuff = min(n, p["stuff"][res])
        p["stuff"][res] -= from_stuff
        p["pack"][res] -= n - from_stuff
        assert p["pack"][res] >= 0


def advance_cost(st: State, seat: int, discount: int = 0, extra: int = 0
                 ) -> tuple[int, int] | None:
    """(pizza, toy) to reach the next level, or None at the top. A discount takes off the
    larger part first; an extra resource (DIY) is paid in the type held more of."""
    p = st.players[seat]
    if p["level"] >= 5:
        return None
    nxt = tables().levels[p["level"] + 1]
    pizza, toy = int(nxt["pizza"]), int(nxt["toy"])
    for _ in range(discount):
        if pizza >= toy and pizza > 0:
            pizza -= 1
        elif toy > 0:
            toy -= 1
    for _ in range(extra):
        if available(p, "pizza") - pizza >= available(p, "toy") - toy:
            pizza += 1
        else:
            toy += 1
    return pizza, toy


def can_advance(st: State, seat: int, discount: int = 0, extra: int = 0) -> bool:
    cost = advance_cost(st, seat, discount, extra)
    return cost is not None and can_pay(st.players[seat], *cost)


def owned_cards(p: Player) -> list[str]:
    return [*p["deck"], *p["hand"], *p["discard"], *p["yard"], *p["lookout"], *p["kennel"],
            *p["played"]]


def is_dog(cid: str) -> bool:
    return ctype(cid).kind == "dog"


def matches(card: CardType, played: CardType) -> bool:
    """May ``card`` follow ``played``? Coin is wild; otherwise a shared suit."""
    if "coin" in card.suits:
        return True
    return any(s in played.suits for s in card.suits)


def lookout_count(p: Player, suit: str | None) -> int:
    if suit is None:
        return 0
    return sum(ctype(c).count(suit) for c in p["lookout"])


def draw(st: State, seat: int, n: int, ev: list[Event]) -> list[str]:
    p = st.players[seat]
    reshuffle = len(p["deck"]) < n and bool(p["discard"])
    got = kit_draw(p["deck"], n, st.rng, p["discard"])
    p["hand"].extend(got)
    if reshuffle:
        ev_pub(ev, "reshuffle", seat=seat)
    if got:
        ev_pub(ev, "draw", seat=seat, n=len(got))
        ev_priv(ev, seat, "drew", seat=seat, cards=list(got))
    return got


def refill_park(st: State, ev: list[Event]) -> None:
    while len(st.park) < settings()["park_size"] and st.park_deck:
        cid = st.park_deck.pop()
        st.park.append(cid)
        ev_pub(ev, "park_refill", card=cid)


def type_of(cid: str) -> str:
    return card_type(cid)


__all__ = ["RES"]

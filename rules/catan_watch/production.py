"""Step 1 of a turn: the dice, resource yields, the 7 (discards and Tormund)."""

from __future__ import annotations

from rules.base import text
from rules.catan_watch.common import (
    Events,
    bad,
    counts_json,
    ev,
    illegal,
    randbelow,
    res_text,
    roll_dice,
)
from rules.catan_watch.data import RESOURCES
from rules.catan_watch.describe import seat_label
from rules.catan_watch.ending import check_win
from rules.catan_watch.phases import DISCARD, MAIN, TORMUND, TRAGEDY
from rules.catan_watch.state import State
from rules.catan_watch.wildlings import wildling_die
from rules.kit import secret

HAND_LIMIT = 7
_DICE = (6, 6)
_NW_DICE = (6, 6, 12)  # with the wildling die


def roll(state: State, events: Events) -> None:
    rng = state.rng
    dice = roll_dice(rng, _NW_DICE if state.nw else _DICE)
    state.dice = dice
    total = dice[0] + dice[1]
    events.append(ev("dice", {"seat": state.current, "dice": dice, "total": total}))
    if state.nw and state.tragedy_variant and dice[0] == dice[1] == dice[2] and state.hero_offer:
        state.pending = {"kind": "tragedy"}
    if total == 7:
        state.wild_pending = dice[2] if state.nw else 0
        start_seven(state, events)
        return
    produce(state, total, events)
    if state.nw:
        wildling_die(state, dice[2], events)
    finish_roll(state, events)


Income = tuple[tuple[tuple[int, int, int, int], ...], frozenset[int], tuple[int, ...]]


def produce(state: State, total: int, events: Events) -> None:
    """Yields for every player; a resource the bank cannot supply to everyone goes to no
    one, unless only one player gets it — then that player takes what is left."""
    cached = state.income.get(total)
    if cached is None:
        cached = state.income[total] = income(state, total)
    gains, hexes, demand = cached
    tormund = state.tormund
    gift = state.gift if state.nw else None
    if tormund in hexes or gift:
        # Leave out the hexes Tormund or a wildling blocks.
        gains = tuple(g for g in gains if g[0] != tormund and not (gift and gift[g[0]]))
        need = [0, 0, 0, 0, 0]
        for g in gains:
            need[g[2]] += g[3]
        demand = tuple(need)
    bank, hands = state.bank, state.hands
    if not gains:
        state.got_yield = False
        events.append(ev("yields", {"total": total, "cards": {}}))
        return
    if (demand[0] <= bank[0] and demand[1] <= bank[1] and demand[2] <= bank[2]
            and demand[3] <= bank[3] and demand[4] <= bank[4]):
        # The bank covers everyone. Gains come in resource order, so each seat's cards
        # read like counts_json.
        cards: dict[int, dict[str, int]] = {}
        for _, o, r, k in gains:
            bank[r] -= k
            hands[o][r] += k
            name = RESOURCES[r]
            mine = cards.get(o)
            if mine is None:
                cards[o] = {name: k}
            else:
                mine[name] = mine.get(name, 0) + k
        state.got_yield = state.current in cards
        events.append(ev("yields", {
            "total": total, "cards": {str(s): cards[s] for s in sorted(cards)},
        }))
        return
    got: dict[int, list[int]] = {}
    _produce_short(state, gains, demand, got, events)
    state.got_yield = state.current in got
    events.append(ev("yields", {
        "total": total, "cards": {str(s): counts_json(got[s]) for s in sorted(got)},
    }))


def income(state: State, total: int) -> Income:
    """Every building on a hex numbered ``total`` as (hex, seat, resource, cards) — in
    resource order, then hex order, then corner order — with the set of those hexes and
    the demand per resource."""
    owner, building = state.owner, state.building
    gains = tuple(
        (h, owner[v], r, building[v])
        for h, r, corners in state.layout.yields.get(total, ())
        for v in corners
        if owner[v] >= 0
    )
    demand = [0, 0, 0, 0, 0]
    for _, _, r, k in gains:
        demand[r] += k
    return gains, frozenset(g[0] for g in gains), tuple(demand)


def _produce_short(state: State, gains: tuple[tuple[int, int, int, int], ...],
                   demand: tuple[int, ...], got: dict[int, list[int]],
                   events: Events) -> None:
    """The bank cannot cover some resource: per resource in order, everyone gets their
    share if the bank has it all; else a single taker gets what is left, several get none."""
    bank, hands, n = state.bank, state.hands, state.n
    want = [[0] * 5 for _ in range(n)]
    for _, o, r, k in gains:
        want[o][r] += k
    for r in range(5):
        if not demand[r]:
            continue
        takers = [s for s in range(n) if want[s][r]]
        if demand[r] <= bank[r]:
            share = {s: want[s][r] for s in takers}
        else:
            share = {takers[0]: bank[r]} if len(takers) == 1 else {}
            events.append(ev("bank_short", {"resource": RESOURCES[r], "takers": takers}))
        for s in takers:
            k = share.get(s, 0)
            bank[r] -= k
            hands[s][r] += k
            if k:
                got.setdefault(s, [0, 0, 0, 0, 0])[r] += k


def start_seven(state: State, events: Events) -> None:
    need = {s: sum(h) // 2 for s, h in enumerate(state.hands) if sum(h) > HAND_LIMIT}
    state.discard_need = need
    state.pending_discard = {}
    if need:
        state.phase = DISCARD
        events.append(ev("must_discard", {"counts": {str(s): n for s, n in need.items()}}))
    else:
        state.phase = TORMUND


def submit_discard(state: State, seat: int, cards: list[int], events: Events) -> None:
    n = state.discard_need[seat]
    if sum(cards) != n:
        raise illegal(text("catan.error.discard_exactly", n=n))
    hand = state.hands[seat]
    for i in range(5):
        if cards[i] > hand[i]:
            raise illegal(text("catan.error.only_have", n=hand[i], res=res_text(i)))
    secret.commit(state.pending_discard, seat, cards)
    events.append(ev("discard_committed", {"seat": seat}))
    if secret.complete(state.discard_need, state.pending_discard):
        for s, c in secret.reveal(state.pending_discard):
            for i in range(5):
                state.hands[s][i] -= c[i]
                state.bank[i] += c[i]
            events.append(ev("discarded", {"seat": s, "cards": counts_json(c)}))
        state.discard_need = {}
        state.phase = TORMUND


def tormund_targets(state: State) -> list[int]:
    """Tormund must move to another hex, onto a number token."""
    return [h for h, num in enumerate(state.layout.number) if num and h != state.tormund]


def victims(state: State, seat: int, h: int) -> list[int]:
    """Opponents next to the hex who have a card to steal."""
    mask, hands = state.hex_owners[h], state.hands
    return [s for s in range(state.n) if mask >> s & 1 and s != seat and any(hands[s])]


def check_tormund_move(state: State, seat: int, h: int, victim: object) -> None:
    if victim is not None and (not isinstance(victim, int) or isinstance(victim, bool)):
        raise bad(text("catan.error.victim_seat"))
    if h == state.tormund:
        raise illegal(text("catan.error.tormund_move"))
    if not state.layout.number[h]:
        raise illegal(text("catan.error.tormund_number"))
    candidates = victims(state, seat, h)
    if candidates and victim not in candidates:
        names = [text("catan.error.victim", who=seat_label(s), seat=s) for s in candidates]
        raise illegal(text("catan.error.choose_victim", names=names))
    if not candidates and victim is not None:
        raise illegal(text("catan.error.no_victim"))


def move_tormund(state: State, seat: int, h: int, victim: int | None, events: Events) -> None:
    check_tormund_move(state, seat, h, victim)
    state.tormund = h
    events.append(ev("tormund_moved", {"seat": seat, "hex": h}))
    if victim is not None:
        steal(state, seat, victim, events)


def steal(state: State, thief: int, victim: int, events: Events) -> None:
    hand = state.hands[victim]
    k = randbelow(state.rng, sum(hand))
    r = 0
    while k >= hand[r]:
        k -= hand[r]
        r += 1
    hand[r] -= 1
    state.hands[thief][r] += 1
    events.append(ev("robbed", {"thief": thief, "victim": victim}))
    events.append(ev("stolen_card", {
        "thief": thief, "victim": victim, "resource": RESOURCES[r],
    }, frozenset({thief, victim})))


def finish_roll(state: State, events: Events) -> None:
    """After yields (or the 7): the deferred wildling die, then the turn's main step."""
    if state.wild_pending:
        face, state.wild_pending = state.wild_pending, 0
        wildling_die(state, face, events)
        if state.result is not None:
            return
    if state.result is not None:
        return
    state.rolled = True
    state.phase = TRAGEDY if state.pending and state.pending.get("kind") == "tragedy" else MAIN
    check_win(state, events)

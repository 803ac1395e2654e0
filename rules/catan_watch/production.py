"""Step 1 of a turn: the dice, resource yields, the 7 (discards and Tormund)."""

from __future__ import annotations

from rules.catan_watch.common import Events, bad, counts_json, die, ev, illegal, randbelow
from rules.catan_watch.data import RESOURCES
from rules.catan_watch.ending import check_win
from rules.catan_watch.state import DISCARD, MAIN, TORMUND, TRAGEDY, State
from rules.catan_watch.wildlings import wildling_die

HAND_LIMIT = 7


def roll(state: State, events: Events) -> None:
    rng = state.rng
    dice = [die(rng, 6), die(rng, 6)]
    if state.nw:
        dice.append(die(rng, 12))
    state.dice = dice
    total = dice[0] + dice[1]
    events.append(ev("dice", seat=state.current, dice=dice, total=total))
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


def produce(state: State, total: int, events: Events) -> None:
    """Yields for every player; a resource the bank cannot supply to everyone goes to no
    one, unless only one player gets it — then that player takes what is left."""
    owner, building = state.owner, state.building
    tormund = state.tormund
    gift = state.gift if state.nw else None
    n = state.n
    # want[5 * seat + resource]
    want = [0] * (5 * n)
    wanted = 0  # bit per resource
    for h, r, corners in state.layout.yields.get(total, ()):
        if h == tormund or (gift and gift[h]):
            continue
        for v in corners:
            o = owner[v]
            if o >= 0:
                want[5 * o + r] += building[v]
                wanted |= 1 << r
    got = [0] * (5 * n)
    if wanted:
        bank, hands = state.bank, state.hands
        for r in range(5):
            if not wanted >> r & 1:
                continue
            takers = [s for s in range(n) if want[5 * s + r]]
            demand = 0
            for s in takers:
                demand += want[5 * s + r]
            if demand <= bank[r]:
                for s in takers:
                    got[5 * s + r] = want[5 * s + r]
            else:
                if len(takers) == 1:
                    got[5 * takers[0] + r] = bank[r]
                events.append(ev("bank_short", resource=RESOURCES[r], takers=takers))
            for s in takers:
                k = got[5 * s + r]
                bank[r] -= k
                hands[s][r] += k
    cur = 5 * state.current
    state.got_yield = any(got[cur:cur + 5])
    cards: dict[str, dict[str, int]] = {}
    if wanted:
        for s in range(n):
            mine = got[5 * s:5 * s + 5]
            if any(mine):
                cards[str(s)] = counts_json(mine)
    events.append(ev("yields", total=total, cards=cards))


def start_seven(state: State, events: Events) -> None:
    need = {s: sum(h) // 2 for s, h in enumerate(state.hands) if sum(h) > HAND_LIMIT}
    state.discard_need = need
    state.pending_discard = {}
    if need:
        state.phase = DISCARD
        events.append(ev("must_discard", counts={str(s): n for s, n in need.items()}))
    else:
        state.phase = TORMUND


def submit_discard(state: State, seat: int, cards: list[int], events: Events) -> None:
    n = state.discard_need[seat]
    if sum(cards) != n:
        raise illegal(f"You must discard exactly {n} cards (half your hand, rounded down).")
    hand = state.hands[seat]
    for i in range(5):
        if cards[i] > hand[i]:
            raise illegal(f"You only have {hand[i]} {RESOURCES[i]}.")
    state.pending_discard[seat] = cards
    events.append(ev("discard_committed", seat=seat))
    if len(state.pending_discard) == len(state.discard_need):
        for s, c in sorted(state.pending_discard.items()):
            for i in range(5):
                state.hands[s][i] -= c[i]
                state.bank[i] += c[i]
            events.append(ev("discarded", seat=s, cards=counts_json(c)))
        state.pending_discard = {}
        state.discard_need = {}
        state.phase = TORMUND


def tormund_targets(state: State) -> list[int]:
    """Tormund must move to another hex, onto a number token."""
    return [h for h, num in enumerate(state.layout.number) if num and h != state.tormund]


def victims(state: State, seat: int, h: int) -> list[int]:
    """Opponents next to the hex who have a card to steal."""
    owner = state.owner
    out = {owner[v] for v in state.geo.hex_vertices[h] if owner[v] >= 0 and owner[v] != seat}
    return sorted(s for s in out if sum(state.hands[s]))


def check_tormund_move(state: State, seat: int, h: int, victim: object) -> None:
    if victim is not None and (not isinstance(victim, int) or isinstance(victim, bool)):
        raise bad("victim must be a seat number.")
    if h == state.tormund:
        raise illegal("Tormund must move to a different hex.")
    if not state.layout.number[h]:
        raise illegal("Tormund must stand on a hex with a number token.")
    candidates = victims(state, seat, h)
    if candidates and victim not in candidates:
        names = ", ".join(f"seat {s}" for s in candidates)
        raise illegal(f"Choose whom to rob next to that hex: {names}.")
    if not candidates and victim is not None:
        raise illegal("No opponent with cards is next to that hex; rob no one.")


def move_tormund(state: State, seat: int, h: int, victim: int | None, events: Events) -> None:
    check_tormund_move(state, seat, h, victim)
    state.tormund = h
    events.append(ev("tormund_moved", seat=seat, hex=h))
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
    events.append(ev("robbed", thief=thief, victim=victim))
    events.append(ev("stolen_card", frozenset({thief, victim}), thief=thief, victim=victim,
                     resource=RESOURCES[r]))


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

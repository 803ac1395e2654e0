"""The Actions phase: from the first player clockwise, one action per turn until everyone has
passed. A turn picks a card from hand, then what to do with it — play it (the main action),
play a lightning card as a bonus before or after the main card, wait, replace (1 lore, draw 1),
remove (2 lore, draw 2), upgrade (3 lore, take a clan upgrade card) — or passes, taking a
Development card (an Achievement in the last year) onto its draw deck."""

from __future__ import annotations

from rules.base import Action, Event, RuleViolation, text
from rules.northgard.board import emit
from rules.northgard.cards import draw_to_hand, hand_remove, put_on_top
from rules.northgard.data import data
from rules.northgard.effects import can_play, play_card, refusal
from rules.northgard.machine import Auto, Decision, pop, push, register
from rules.northgard.state import Frame, State

LORE = 2
REPLACE, REMOVE, UPGRADE = 1, 2, 3


def distinct(cards: list[str]) -> list[str]:
    out: list[str] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def lightning(card: str) -> bool:
    return data().cards[card].lightning


def row(st: State) -> list[str]:
    return st.ach_row if st.year >= st.years else st.dev_row


class Actions(Auto):
    """Turns in order; passed players are skipped; the phase ends when all have passed."""

    kind = "actions"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if all(st.passed):
            emit(ev, "all_passed")
            pop(st, fr)
            return True
        seat = fr["next"]
        while st.passed[seat]:
            seat = (seat + 1) % st.n
        fr["next"] = (seat + 1) % st.n
        push(st, "turn", seat=seat, main=False, sel=None)
        return True


class Turn(Decision):
    kind = "turn"
    actions = ("card", "pass", "end_turn", "play", "lightning", "wait", "replace", "remove",
               "upgrade", "back")
    what = "northgard.what.turn"
    prefer = ("end_turn", "back", "pass")

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        hand = st.hand[seat]
        if fr["sel"] is None:
            if fr["main"]:
                bonus = [c for c in distinct(hand) if lightning(c) and can_play(st, seat, c)
                         and c != fr.get("fresh")]
                return [Action("end_turn"), *(Action("card", {"card": c}) for c in bonus)]
            out = [Action("card", {"card": c}) for c in distinct(hand)]
            picks = distinct(row(st)) or [""]
            out += [Action("pass", {"take": c}) for c in picks]
            return out
        card = fr["sel"]
        c = data().cards[card]
        lore = st.res[seat][LORE]
        out = []
        if fr["main"]:
            return [Action("lightning"), Action("back")]
        if can_play(st, seat, card):
            out.append(Action("play"))
            if c.lightning:
                out.append(Action("lightning"))
        out.append(Action("wait"))
        if lore >= REPLACE:
            out.append(Action("replace"))
        unrest = c.deck == "unrest"
        if lore >= REMOVE and not unrest:
            out.append(Action("remove"))
        if lore >= UPGRADE:
            for pick in distinct(st.upgrades[seat]):
                out.append(Action("upgrade", {"to": "active", "pick": pick}))
                if not unrest:
                    out.append(Action("upgrade", {"to": "box", "pick": pick}))
        out.append(Action("back"))
        return out

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        seat = fr["seat"]
        if fr["main"] and fr["sel"] is None and not any(
                lightning(c) and can_play(st, seat, c) and c != fr.get("fresh")
                for c in st.hand[seat]):
            emit(ev, "turn_ended", seat=seat)
            pop(st, fr)
            return True
        return False

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        # A card that only explores, when the Explore cannot be done, is refused with the
        # rulebook's reason rather than as "not an option".
        card = fr["sel"] if action.kind in ("play", "lightning") and not fr["main"] else (
            action.params.get("card") if action.kind == "card" and fr["main"] else None)
        if isinstance(card, str) and card in st.hand[seat] and card in data().cards:
            why = refusal(st, seat, list(data().cards[card].effects))
            if why is not None:
                raise RuleViolation("illegal", text(why))
        super().act(st, fr, seat, action, ev)

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        kind = action.kind
        if kind == "card":
            fr["sel"] = action.params["card"]
            return
        if kind == "back":
            fr["sel"] = None
            return
        if kind == "end_turn":
            emit(ev, "turn_ended", seat=seat)
            pop(st, fr)
            return
        if kind == "pass":
            pop(st, fr)
            do_pass(st, seat, action.params["take"], ev)
            return
        card = fr["sel"]
        fr["sel"] = None
        hand_remove(st, seat, card)
        if kind in ("play", "lightning"):
            st.active[seat].append(card)
            bonus = kind == "lightning"
            if not bonus:
                fr["main"] = True
            emit(ev, "played", seat=seat, card=card, bonus=bonus)
            play_card(st, seat, card)
            return
        fr["main"] = True
        if kind == "wait":
            st.active[seat].append(card)
            emit(ev, "waited", seat=seat, card=card)
        elif kind == "replace":
            st.active[seat].append(card)
            st.res[seat][LORE] -= REPLACE
            emit(ev, "replaced", seat=seat, card=card)
            draw_to_hand(st, seat, 1, ev)
        elif kind == "remove":
            st.res[seat][LORE] -= REMOVE
            emit(ev, "removed", seat=seat, card=card)
            draw_to_hand(st, seat, 2, ev)
        else:
            to, pick = action.params["to"], action.params["pick"]
            if to == "active":
                st.active[seat].append(card)
            st.res[seat][LORE] -= UPGRADE
            st.upgrades[seat].remove(pick)
            st.hand[seat].append(pick)
            fr["fresh"] = pick  # playable from the next turn (seed)
            emit(ev, "upgraded", seat=seat, card=card, to=to, pick=pick)


def do_pass(st: State, seat: int, take: str, ev: list[Event]) -> None:
    """Discard hand and active area, take a card from the row onto the draw deck (openly);
    the first to pass takes the first-player token."""
    discarded = st.hand[seat] + st.active[seat]
    st.discard[seat].extend(discarded)
    st.hand[seat] = []
    st.active[seat] = []
    first = not any(st.passed)
    st.passed[seat] = True
    st.pass_order.append(seat)
    if take:
        row(st).remove(take)
        put_on_top(st, seat, take, known=True)
    if first:
        st.first = seat
    emit(ev, "passed", seat=seat, take=take, first=first, discarded=discarded)
    if st.more_monsters and len(st.monsters) < st.n:
        push(st, "spawn_offer", seat=seat)


register(Actions())
register(Turn())

"""A year: 1 start (draw 4 + Blast Furnaces, reveal the row), 2 actions, (2.5 monsters),
3 harvest (closed territories, Altars, resources, trades), 4 winter, 5 end of year (the
instant win, the last year, a second chance, the year marker)."""

from __future__ import annotations

from itertools import product

from rules.base import Action, Event, Text, text
from rules.northgard.board import (
    RES_INDEX,
    buildings_in,
    clan_seat,
    controlled,
    controller,
    emit,
    enemies,
    gain_fame,
    geo,
    monster_kinds,
    on_map,
    production,
    regular_on_map,
    teammate,
)
from rules.northgard.cards import draw_to_hand, put_on_top
from rules.northgard.data import data
from rules.northgard.machine import Decision, Steps, pop, push, register
from rules.northgard.scoring import finish, instant_winners
from rules.northgard.state import Frame, State

START_DRAW = 4
UNREST_FAME = 5


def turn_order(st: State) -> list[int]:
    return [(st.first + k) % st.n for k in range(st.n)]


class Year(Steps):
    kind = "year"

    def step(self, st: State, fr: Frame, step: int, ev: list[Event]) -> None:
        if step == 0:
            self._start(st, ev)
            push(st, "actions", next=st.first)
        elif step == 1:
            if st.monsters_on and st.monster_row:
                push(st, "monster_phase", order=list(st.monster_row), i=0)
        elif step == 2:
            push(st, "harvest", step=0, taken="")
        elif step == 3:
            winter(st, ev)
        elif step == 4:
            if not st.config.get("long_game") and instant_winners(st):
                finish(st, ev, instant=True)
            elif st.year >= st.years:
                finish(st, ev, instant=False)
        elif step == 5:
            for seat in reversed(turn_order(st)):
                if on_map(st, seat) == 0:
                    push(st, "second_chance", seat=seat)
        else:
            emit(ev, "year_end", year=st.year)
            st.year += 1
            fr["step"] = 0

    @staticmethod
    def _start(st: State, ev: list[Event]) -> None:
        emit(ev, "year_start", year=st.year, last=st.year >= st.years)
        for seat in turn_order(st):
            furnaces = sum(buildings_in(st, t).count("furnace") for t in controlled(st, seat))
            draw_to_hand(st, seat, START_DRAW + furnaces, ev)
        st.passed = [False] * st.n
        st.pass_order = []
        if st.year < st.years:
            k = min(st.n, len(st.dev_deck))
            st.dev_row = [st.dev_deck.pop() for _ in range(k)]
            emit(ev, "row_revealed", cards=list(st.dev_row))
        else:
            st.dev_row = []
            emit(ev, "achievements_offered", cards=list(st.ach_row))


# ---- harvest -------------------------------------------------------------------------------
class Harvest(Steps):
    kind = "harvest"

    def step(self, st: State, fr: Frame, step: int, ev: list[Event]) -> None:
        if step == 0:
            emit(ev, "harvest_start")
            snake = clan_seat(st, "snake")
            terr = st.scorch
            if snake >= 0 and terr and terr in geo(st).roots:
                owner = controller(st, terr)
                if owner is not None and enemies(st, snake, owner) and any(
                        production(st, terr)):
                    push(st, "scorch_take", seat=snake, terr=terr)
        elif step == 1:
            for seat in turn_order(st):
                harvest_seat(st, seat, fr["taken"], ev)
        elif step == 2:
            push(st, "trade", done=[False] * st.n, get=[""] * st.n)
        else:
            pop(st, fr)


def harvest_seat(st: State, seat: int, taken: str, ev: list[Event]) -> None:
    """A: closed territories you control (2 tiles: 1 fame, 3+: 2); B: 3 fame per Altar of Kings
    and 1 resource per symbol on your territories (not under a wolf) and buildings."""
    m = geo(st)
    fame_closed = altars = 0
    got = [0, 0, 0]
    snake = clan_seat(st, "snake")
    for t in controlled(st, seat):
        wolf = "wolf" in monster_kinds(st, t)
        if m.closed[t] and not wolf:
            fame_closed += 2 if m.span[t] >= 3 else 1
        altars += buildings_in(st, t, m).count("altar")
        yields = production(st, t, m)
        if taken and t == st.scorch and seat != snake:
            yields[RES_INDEX[taken]] -= 1
        for i in range(3):
            got[i] += max(0, yields[i])
    if taken and snake == seat:
        got[RES_INDEX[taken]] += 1
    for i in range(3):
        st.res[seat][i] += got[i]
    emit(ev, "harvest", seat=seat, res=got, closed=fame_closed, altars=altars)
    gain_fame(st, seat, fame_closed, ev, "harvest_closed")
    gain_fame(st, seat, 3 * altars, ev, "altars")


_MIXES = [m for m in product(range(4), repeat=3) if sum(m) == 3]


def pay_mixes(have: list[int]) -> list[tuple[int, ...]]:
    """Ways to pay 3 resources (any mix) from what a player has."""
    return [m for m in _MIXES if m[0] <= have[0] and m[1] <= have[1] and m[2] <= have[2]]


class Trade(Decision):
    """Harvest C, everyone at once: 3 resources (any mix) for 1 of your choice, as often as
    you like; teammates may exchange resources 1:1 ("Ve fázi sklizně, během kroku směny
    zdrojů, mohou spoluhráči vzájemně vyměňovat zdroje v poměru 1:1."): an exchange is one
    teammate's offer that the other accepts or declines (declined by default, at a short
    share of the deadline when nothing else is awaited)."""

    kind = "trade"
    actions = ("trade", "pay", "swap", "back", "trade_done", "swap_accept", "swap_decline")
    what = "northgard.what.trade"

    @staticmethod
    def offers(st: State, fr: Frame) -> list[dict[str, str] | None]:
        """Each seat's pending exchange offer to its teammate (None: no offer)."""
        return fr.setdefault("offers", [None] * st.n)  # type: ignore[no-any-return]

    def incoming(self, st: State, fr: Frame, seat: int) -> dict[str, str] | None:
        mate = teammate(st, seat)
        return None if mate is None else self.offers(st, fr)[mate]

    def seats(self, st: State, fr: Frame) -> list[int]:
        return [s for s in range(st.n)
                if not fr["done"][s] or self.incoming(st, fr, s) is not None]

    def answers(self, st: State, fr: Frame, seat: int) -> list[Action]:
        """Accept or decline the teammate's offer (accept only while both still hold the
        resources)."""
        offer = self.incoming(st, fr, seat)
        if offer is None:
            return []
        mate = teammate(st, seat)
        assert mate is not None
        out = [Action("swap_decline", dict(offer))]
        if st.res[mate][RES_INDEX[offer["give"]]] and st.res[seat][RES_INDEX[offer["get"]]]:
            out.append(Action("swap_accept", dict(offer)))
        return out

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        answers = self.answers(st, fr, seat)
        if fr["done"][seat]:
            return answers
        have = st.res[seat]
        if fr["get"][seat]:
            return [*answers, *(Action("pay", {"food": a, "wood": b, "lore": c})
                                for a, b, c in pay_mixes(have)), Action("back")]
        out = [*answers, Action("trade_done")]
        if sum(have) >= 3:
            out += [Action("trade", {"get": r}) for r in RES_INDEX]
        mate = teammate(st, seat)
        if mate is not None and self.offers(st, fr)[seat] is None:
            for give, gi in RES_INDEX.items():
                for get, g in RES_INDEX.items():
                    if give != get and have[gi] and st.res[mate][g]:
                        out.append(Action("swap", {"give": give, "get": get}))
        return out

    def choose_default(self, st: State, fr: Frame, seat: int, opts: list[Action]) -> Action:
        offer = self.incoming(st, fr, seat)
        if offer is not None:
            return Action("swap_decline", dict(offer))
        return Action("back") if fr["get"][seat] else Action("trade_done")

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        if self.incoming(st, fr, seat) is not None:
            return text("northgard.what.swap_answer" if fr["done"][seat]
                        else "northgard.what.trade_and_answer")
        return text(self.what)

    def only_answers(self, st: State, fr: Frame) -> bool:
        """Whether the seats still awaited owe nothing but an answer to an offer."""
        return all(fr["done"][s] for s in self.seats(st, fr))

    @staticmethod
    def _can_trade(st: State, seat: int) -> bool:
        have = st.res[seat]
        if sum(have) >= 3:
            return True
        mate = teammate(st, seat)
        return mate is not None and sum(1 for x in have if x) > 0 and any(
            st.res[mate][g] and any(have[i] for i in range(3) if i != g) for g in range(3))

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        for s in range(st.n):
            if not fr["done"][s] and not fr["get"][s] and not self._can_trade(st, s):
                fr["done"][s] = True  # nothing to trade: no need to ask
        if all(fr["done"]) and not any(self.offers(st, fr)):
            pop(st, fr)
            return True
        return False

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        kind = action.kind
        offers = self.offers(st, fr)
        if kind == "trade_done":
            fr["done"][seat] = True
        elif kind == "trade":
            fr["get"][seat] = action.params["get"]
        elif kind == "back":
            fr["get"][seat] = ""
        elif kind == "pay":
            paid = [int(action.params[r]) for r in RES_INDEX]
            for i in range(3):
                st.res[seat][i] -= paid[i]
            get = fr["get"][seat]
            st.res[seat][RES_INDEX[get]] += 1
            fr["get"][seat] = ""
            emit(ev, "traded", seat=seat, paid=paid, get=get)
        elif kind == "swap":
            mate = teammate(st, seat)
            offers[seat] = {"give": action.params["give"], "get": action.params["get"]}
            emit(ev, "swap_offered", seat=seat, mate=mate, give=action.params["give"],
                 get=action.params["get"])
        else:
            mate = teammate(st, seat)
            assert mate is not None
            offers[mate] = None
            give, get = action.params["give"], action.params["get"]
            if kind == "swap_decline":
                emit(ev, "swap_declined", seat=seat, mate=mate, give=give, get=get)
                return
            gi, g = RES_INDEX[give], RES_INDEX[get]
            st.res[mate][gi] -= 1
            st.res[seat][gi] += 1
            st.res[seat][g] -= 1
            st.res[mate][g] += 1
            emit(ev, "swapped", seat=mate, mate=seat, give=give, get=get)


# ---- winter --------------------------------------------------------------------------------
def winter(st: State, ev: list[Event]) -> None:
    """Each player pays by its units on the map (Kaija not counted); who cannot pays what it
    can and takes an Unrest card onto its draw deck (none left: -5 fame and the top card of
    the draw deck is discarded)."""
    emit(ev, "winter")
    gd = data()
    for seat in turn_order(st):
        units = regular_on_map(st, seat)
        food, wood = gd.winter_cost(units)
        have = st.res[seat]
        paid = [min(food, have[0]), min(wood, have[1])]
        have[0] -= paid[0]
        have[1] -= paid[1]
        short = paid != [food, wood]
        emit(ev, "winter_paid", seat=seat, n=units, cost=[food, wood], paid=paid,
             short=short)
        if not short:
            continue
        if st.unrest_left > 0:
            st.unrest_left -= 1
            put_on_top(st, seat, "unrest", known=True)
            emit(ev, "unrest", seat=seat, left=st.unrest_left)
        else:
            st.fame[seat] -= UNREST_FAME
            top = st.draw[seat].pop() if st.draw[seat] else ""
            if top:
                st.discard[seat].append(top)
                st.known_top[seat] = max(0, st.known_top[seat] - 1)
            emit(ev, "unrest_none_left", seat=seat, fame=-UNREST_FAME, top=top)


register(Year())
register(Harvest())
register(Trade())

"""The Year (GW-1): Spring and Summer (skipped in Year 1), Fall, Winter, as one driver frame
walking a fixed list of steps; a step that needs decisions pushes frames and the driver goes
on when they are done."""

from __future__ import annotations

from collections.abc import Callable

from rules.base import Action, Event
from rules.great_wall import board as B
from rules.great_wall import coop
from rules.great_wall.automata import chin_advisors
from rules.great_wall.combat import start_volley
from rules.great_wall.data import PRODUCTION, data
from rules.great_wall.fall import start_placement, start_resolution
from rules.great_wall.machine import MACHINE, Choice, push, register
from rules.great_wall.procedures import add_horde, end_game, num, refill_offer
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler

Step = Callable[[State, list[Event]], None]


def time_track(st: State) -> dict[str, list[int]]:
    return data().board[f"time_{B.side(st)}"]


def last_space(st: State) -> int:
    return len(time_track(st)["casualty"]) - 1


# ---- Spring (GW-24 … GW-28) ---------------------------------------------------------------------
def spring_time(st: State, ev: list[Event]) -> None:
    if st.time >= last_space(st):
        if st.mode == "coop":  # GW-C15: moving past the last space loses
            end_game(st, "coop_time", ev)
        return
    st.time += 1
    ev.append(Event("time", {"space": st.time}))


def spring_hordes(st: State, ev: list[Event]) -> None:
    n = int(time_track(st)["hordes"][st.time - 1]) + (1 if st.mode == "coop" else 0)
    for _ in range(n):
        add_horde(st, ev)


def spring_offer(st: State, ev: list[Event]) -> None:
    gone = st.offer[:2]
    st.offer = st.offer[2:]
    if st.mode == "solo":  # GW-S17 (A10): the leftmost to Chin, the other discarded
        hard = st.cfg.get("difficulty") == "hard"
        chin_advisors(st, gone if hard else gone[:1], ev)
        gone = [] if hard else gone[1:]
    st.decks["advisor_discard"].extend(gone)
    refill_offer(st)
    ev.append(Event("offer_refreshed", {}))


# ---- Summer (GW-29 … GW-33) ---------------------------------------------------------------------
def summer_income(st: State, ev: list[Event]) -> None:
    for clan in st.tea:
        if not st.human(clan):
            continue
        got: dict[str, int] = {}
        for loc in PRODUCTION:
            level = st.overseers[loc][clan]
            if level:
                res = data().locations[loc]["resource"]
                got[res] = got.get(res, 0) + int(data().board["overseer"]["income"][level])
        if got:
            B.gain(st, clan, got)
            ev.append(Event("income", {"clan": clan, "res": B.res_list(got)}))
        B.trigger(st, clan, "summer", ev)


def summer_unshame(st: State, ev: list[Event]) -> None:
    for clan in reversed([c for c in st.tea if st.human(c)]):
        push(st, "unshame", clan=clan)


def summer_discard(st: State, ev: list[Event]) -> None:
    for t in st.track:
        if t is not None and st.human(t["clan"]):
            st.cmd_discard.append(dict(t))
    st.track = [None] * 5
    ev.append(Event("commands_discarded", {}))


def summer_recover(st: State, ev: list[Event]) -> None:
    if st.mode == "coop":  # GW-C10: no recovery step in co-op
        return
    for clan in reversed([c for c in st.tea if st.human(c)]):
        push(st, "recover", clan=clan)


def recoverable(st: State, clan: int) -> list[str]:
    return [d["card"] for d in st.cmd_discard
            if d["clan"] == clan and not data().commands[d["card"]].get("permanent")]


@register
class Recover(Choice):
    """D4: take every own card back, or 2 Honor per own card in the discard (A5: Betrayal
    neither returns nor scores)."""

    kind = "recover"
    actions = ("recover",)
    auto_single = False

    def options(self, st: State, fr: Frame) -> list[Action]:
        if not recoverable(st, fr["clan"]):
            return []
        return [Action("recover", {"take": True}), Action("recover", {"take": False})]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan = fr["clan"]
        cards = recoverable(st, clan)
        if action.params["take"]:
            st.cmd_discard = [d for d in st.cmd_discard
                              if not (d["clan"] == clan and d["card"] in cards)]
            st.clans[clan]["hand"].extend(cards)
            ev.append(Event("recovered", {"clan": clan, "n": len(cards)}))
        else:
            got = num("recover_honor") * len(cards)
            B.honor(st, clan, got)
            ev.append(Event("recover_honor", {"clan": clan, "n": got}))


# ---- Fall ----------------------------------------------------------------------------------------
def fall_choose(st: State, ev: list[Event]) -> None:
    st.turn = {"played": {}, "active": None}
    ev.append(Event("season", {"season": "fall", "year": st.year}))
    if any(st.clans[c]["hand"] for c in range(st.n)):
        push(st, "choose_command")
    else:
        from rules.great_wall.fall import ChooseCommand

        fr = push(st, "choose_command")
        ChooseCommand().run(st, fr, ev)


def fall_place(st: State, ev: list[Event]) -> None:
    start_placement(st, ev)


def fall_resolve(st: State, ev: list[Event]) -> None:
    start_resolution(st)


# ---- Winter (GW-52 … GW-54) ----------------------------------------------------------------------
def winter_volley(st: State, ev: list[Event]) -> None:
    ev.append(Event("season", {"season": "winter", "year": st.year}))
    start_volley(st)


def winter_defeat(st: State, ev: list[Event]) -> None:
    push(st, "defeat")


def winter_assault(st: State, ev: list[Event]) -> None:
    push(st, "assault", i=0, asked=False)


def end_check(st: State, ev: list[Event]) -> None:
    """GW-66 (co-op GW-C15, solo GW-S19): only here, at the end of Winter."""
    if st.mode == "coop":
        if st.fulfilled >= coop.target(st):
            end_game(st, "coop_won", ev)
        return
    if st.shame_bank <= 0:
        end_game(st, "shame", ev)
        return
    need = 3 if len(st.clans) >= 4 else 2
    if sum(1 for s in B.used_sections(st) if st.sections[s]["wall"] >= 3) >= need:
        end_game(st, "walls", ev)
        return
    if st.time >= last_space(st):
        end_game(st, "time", ev)


def spring_start(st: State, ev: list[Event]) -> None:
    st.year += 1
    ev.append(Event("season", {"season": "spring", "year": st.year}))


def summer_start(st: State, ev: list[Event]) -> None:
    ev.append(Event("season", {"season": "summer", "year": st.year}))


STEPS: tuple[tuple[str, Step], ...] = (
    ("spring", spring_start), ("spring", spring_time), ("spring", spring_hordes),
    ("spring", spring_offer),
    ("summer", summer_start), ("summer", summer_income), ("summer", summer_unshame),
    ("summer", summer_discard), ("summer", summer_recover),
    ("fall", fall_choose), ("fall", fall_place), ("fall", fall_resolve),
    ("winter", winter_volley), ("winter", winter_defeat), ("winter", winter_assault),
    ("winter", coop.fulfilment), ("winter", end_check), ("winter", coop.unfulfilled),
    ("winter", coop.event),
)
FIRST_FALL = next(i for i, (season, _) in enumerate(STEPS) if season == "fall")


@register
class Year(Handler[State]):
    """The bottom frame: runs the steps in order, Year after Year, until the game ends."""

    kind = "year"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        i = fr["step"]
        if i >= len(STEPS):
            fr["step"] = i = 0
        season, step = STEPS[i]
        fr["step"] = i + 1
        st.season = season
        step(st, ev)
        return True


def start_year_one(st: State) -> None:
    """Year 1 begins in Fall (Spring and Summer are skipped)."""
    MACHINE.push(st, "year", step=FIRST_FALL)

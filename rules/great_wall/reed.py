"""The Reed Clan's ruler (GW-R6, GW-R7, GW-R9): "Pokud má být aktivním hráčem přímo Rákosový
klan …, stává se vládcem hráč stojící výše v čajovém pořadí." The ruler is the active player;
while the Reed card itself resolves, the clan highest in Tea order. A human ruler is asked
each Reed choice (where a Reed clerk goes, which Advisor the Embassy discards, where the free
barricade goes, which field the Reed spearman attacks, the order of activation in the Reed
Clan's turn); the fixed rules of ``automata`` are the deadline's default, and what Chin does
as the ruler (GW-S15)."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event, text
from rules.great_wall import board as B
from rules.great_wall.data import LOCATIONS, data
from rules.great_wall.machine import Choice, push, register
from rules.great_wall.procedures import cover, refill_offer
from rules.great_wall.state import State
from rules.kit.frames import Frame


def ruler(st: State) -> int | None:
    """Who decides for the Reed Clan now."""
    active = st.turn.get("active")
    if active is not None and st.kind(active) != "reed":
        return int(active)
    return next((c for c in st.tea if st.kind(c) != "reed"), None)


def human_ruler(st: State) -> int | None:
    who = ruler(st)
    return who if who is not None and st.human(who) else None


# ---- what the ruler may choose, the fixed rule first -------------------------------------------
def move_options(st: State) -> list[Action]:
    """A Reed clerk from a location it may leave to one without a Reed clerk; the fixed rule
    (the first option): from its leftmost movable location in board order to the first free
    location in board order (Chin as ruler: the one lowest on his track, GW-S15)."""
    reed = st.clan_of("reed")
    if reed is None:
        return []
    sources = B.movable_from(st, reed)
    targets = [loc for loc in LOCATIONS if B.can_enter(st, reed, loc)]
    if st.clan_of("chin") is not None:
        targets.sort(key=lambda loc: -st.chin_track.index(loc) if loc in st.chin_track else 1)
    return [Action("reed_move", {"src": a, "dst": b}) for a in sources for b in targets]


def discard_options(st: State) -> list[Action]:
    return [Action("reed_discard", {"slot": i}) for i in range(len(st.offer))]


def barricade_options(st: State) -> list[Action]:
    per = int(data().board["barricade"]["per_section"])
    open_ = [s for s in B.used_sections(st) if st.sections[s]["barricades"] < per]
    open_.sort(key=lambda x: st.sections[x]["barricades"])  # the fixed rule: fewest first
    return [Action("reed_barricade", {"s": s}) for s in open_]


def spearman_options(st: State, clan: int) -> list[Action]:
    """A free field of the card nearest the wall at any section (a recruited spearman's
    reach); the fixed rule: the first section's, top to bottom, left to right."""
    if st.clans[clan]["sup"]["spearman"] <= 0:
        return []
    return [Action("reed_spearman", {"s": s, "f": f}) for s in B.used_sections(st)
            if st.sections[s]["hordes"] for f in B.free_fields(st.sections[s]["hordes"][0])]


OPTIONS = {"move": lambda st, fr: move_options(st),
           "discard": lambda st, fr: discard_options(st),
           "barricade": lambda st, fr: barricade_options(st),
           "spearman": lambda st, fr: spearman_options(st, fr["reed"])}


def apply(st: State, what: str, reed: int, action: Action, ev: list[Event]) -> None:
    p = action.params
    if what == "move":
        st.locs[p["src"]].remove(reed)
        st.locs[p["dst"]].append(reed)
        ev.append(Event("clerk_placed", {"clan": reed, "loc": p["dst"], "src": p["src"]}))
    elif what == "discard":
        card = st.offer.pop(p["slot"])
        st.decks["advisor_discard"].append(card)
        refill_offer(st)
        ev.append(Event("reed_discards", {"card": card}))
    elif what == "barricade":
        st.sections[p["s"]]["barricades"] += 1
        ev.append(Event("barricade", {"clan": reed, "s": p["s"], "honor": 0}))
    elif what == "spearman":
        st.clans[reed]["sup"]["spearman"] -= 1
        cover(st, reed, "spearman", p["s"], 0, [p["f"]], B.next_uid(st), ev)


def decide(st: State, what: str, reed: int, ev: list[Event]) -> None:
    """A Reed choice: asked of a human ruler, else (Chin) the fixed rule."""
    who = human_ruler(st)
    if who is not None:
        push(st, "reed", clan=who, what=what, reed=reed)
        return
    opts = OPTIONS[what](st, {"reed": reed})
    if opts:
        apply(st, what, reed, opts[0], ev)


@register
class ReedChoice(Choice):
    """The ruler decides one Reed Clan choice (D15; default: the fixed rule)."""

    kind = "reed"
    actions = ("reed_move", "reed_discard", "reed_barricade", "reed_spearman")

    def options(self, st: State, fr: Frame) -> list[Action]:
        return OPTIONS[fr["what"]](st, fr)

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        apply(st, fr["what"], fr["reed"], action, ev)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "what": fr["what"]}

    def progress(self, st: State, fr: Frame, seat: int) -> Any:
        return text(f"great_wall.progress.reed_{fr['what']}")

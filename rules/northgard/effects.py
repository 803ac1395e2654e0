"""What cards do: a played card's effects run in order (``card`` frame), each one of the
rulebook's actions — Recruit, Build, Move, Explore, Draw, Feast — or a gain of resources or
fame, the Snake's scorched earth, or a choice between effect lists."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event, RuleViolation, text
from rules.northgard.board import (
    RES_INDEX,
    add_units,
    buildings_in,
    controlled,
    emit,
    gain,
    gain_fame,
    geo,
    hostile_in,
    kaija_free,
    monster_kinds,
    occupied,
    on_map,
    production,
    supply,
)
from rules.northgard.cards import available, draw_cards, put_on_top
from rules.northgard.data import BUILDINGS_PER_TYPE, LARGE, data
from rules.northgard.geometry import node_key
from rules.northgard.machine import Auto, Decision, pop, push, register
from rules.northgard.move import start_move
from rules.northgard.placing import explore_from, explore_refusal
from rules.northgard.state import Frame, State

WOOD = 1
BASIC = ("recruit", "explore", "move", "build")


def can_play(st: State, seat: int, card: str) -> bool:
    """Unrest cards do nothing; a Draw needs as many cards in deck and discard as it draws;
    a card that only explores needs an Explore that can be done."""
    c = data().cards[card]
    if c.deck in ("unrest", "achievement") or not c.effects:
        return False
    need = sum(int(e["n"]) for e in c.effects if e["do"] == "draw")
    return (need == 0 or available(st, seat) >= need) and refusal(st, seat, c.effects) is None


def refusal(st: State, seat: int, effects: list[dict[str, Any]]) -> str | None:
    """Why these effects cannot be played (a catalog key), or None. Effects that are all
    Explores cannot be played when the Explore cannot be done (``explore_refusal``); a card
    with another action as well is played, its Explore part failing openly (a gap the
    rulebook leaves: it forbids the action, not the rest of the card)."""
    if effects and all(e["do"] == "explore" for e in effects):
        return explore_refusal(st, seat)
    return None


def play_card(st: State, seat: int, card: str) -> None:
    effects: list[dict[str, Any]] = [dict(e) for e in data().cards[card].effects]
    # The Snake may place its token before resolving any of its clan cards.
    if data().cards[card].clan == "snake" and st.clans[seat] == "snake":
        effects.insert(0, {"do": "scorch"})
    push(st, "card", seat=seat, card=card, effects=effects, i=0)


def basic_effect(action: str) -> dict[str, Any]:
    """Feast: the starting card's version of one of the four basic actions (A3)."""
    starting = [c for c in data().cards.values() if c.deck == "starting"]
    for c in starting:
        for e in c.effects:
            if e["do"] == action:
                return dict(e)
    return {"do": action}


def run_effect(st: State, seat: int, e: dict[str, Any], ev: list[Event]) -> None:
    do = e["do"]
    if do == "recruit":
        push(st, "recruit", seat=seat, left=int(e["n"]), placed=[],
             anywhere=on_map(st, seat) == 0)
    elif do == "move":
        start_move(st, seat, int(e["steps"]), int(e.get("strength", 0)),
                   int(e.get("casualties", 0)))
    elif do == "explore":
        start_explore(st, seat, int(e.get("draw", 1)), ev)
    elif do == "build":
        push(st, "build", seat=seat, discount=int(e.get("discount", 0)), btype=None)
    elif do == "draw":
        cards = draw_cards(st, seat, int(e["n"]), ev)
        emit(ev, "drew", seat=seat, n=len(cards))
        emit(ev, "drew_cards", frozenset([seat]), seat=seat, cards=cards)
        push(st, "keep", seat=seat, cards=cards, keep=int(e["keep"]), rest=e["rest"])
    elif do == "gain":
        got = [int(e.get(r, 0)) for r in ("food", "wood", "lore")]
        gain(st, seat, got)
        emit(ev, "gained", seat=seat, res=got)
    elif do == "fame":
        gain_fame(st, seat, int(e["n"]), ev, "card")
    elif do == "fame_per":
        gain_fame(st, seat, int(e["n"]) * count_of(st, seat, e["per"]), ev, "card")
    elif do == "feast":
        push(st, "feast", seat=seat)
    elif do == "scorch":
        push(st, "scorch", seat=seat)
    elif do == "choose":
        push(st, "choose", seat=seat, options=e["options"])


def count_of(st: State, seat: int, per: str) -> int:
    m = geo(st)
    mine = controlled(st, seat)
    if per == "closed":
        return sum(1 for t in mine if m.closed[t])
    if per == "large":
        return sum(1 for t in mine for b in buildings_in(st, t, m) if b in LARGE)
    return len(mine)


def start_explore(st: State, seat: int, k: int, ev: list[Event]) -> None:
    if not explore_from(st, seat) or not st.tile_stack:
        emit(ev, "explore_failed", seat=seat)
        return
    tiles = [st.tile_stack.pop() for _ in range(min(k, len(st.tile_stack)))]
    emit(ev, "tiles_drawn", seat=seat, n=len(tiles), tiles=tiles)
    push(st, "place_tile", seat=seat, purpose="explore", tiles=tiles, tile=None, cell=None,
         tries=0)


class CardFrame(Auto):
    kind = "card"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["i"] >= len(fr["effects"]):
            pop(st, fr)
            return True
        e = fr["effects"][fr["i"]]
        fr["i"] += 1
        run_effect(st, fr["seat"], e, ev)
        return True


# ---- Recruit -------------------------------------------------------------------------------
def recruit_spots(st: State, fr: Frame) -> list[str]:
    seat = fr["seat"]
    m = geo(st)
    spots = set(controlled(st, seat))
    if fr["anywhere"]:
        taken = occupied(st)
        spots |= {t for t in m.roots if t not in taken}
    return sorted((t for t in spots if "bear" not in monster_kinds(st, t)
                   and not hostile_in(st, t)), key=node_key)


class Recruit(Decision):
    """Place N units one by one on territories you control (any neutral one if you had none
    on the map); then each Training Camp where you recruited adds a unit."""

    kind = "recruit"
    actions = ("recruit",)
    what = "northgard.what.recruit"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        if fr["left"] <= 0:
            return []
        out = []
        for t in recruit_spots(st, fr):
            if supply(st, seat) > 0:
                out.append(Action("recruit", {"terr": t, "kaija": False}))
            if kaija_free(st, seat):
                out.append(Action("recruit", {"terr": t, "kaija": True}))
        return out

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        terr = action.params["terr"]
        if action.params["kaija"]:
            st.kaija = terr
        else:
            add_units(st, terr, seat, 1)
        fr["left"] -= 1
        if terr not in fr["placed"]:
            fr["placed"].append(terr)
        emit(ev, "recruited", seat=seat, terr=terr, kaija=bool(action.params["kaija"]))

    def on_empty(self, st: State, fr: Frame, ev: list[Event]) -> None:
        seat = fr["seat"]
        m = geo(st)
        for terr in fr["placed"]:
            terr = m.root.get(terr, terr)
            camps = buildings_in(st, terr, m).count("camp")
            extra = min(camps, supply(st, seat))
            if extra:
                add_units(st, terr, seat, extra)
                emit(ev, "camp_bonus", seat=seat, terr=terr, n=extra)
        pop(st, fr)


# ---- Build ---------------------------------------------------------------------------------
def build_sites(st: State, seat: int, btype: str) -> list[str]:
    """Free slots of the size the building needs in territories you control that do not
    hold that building yet (a bear forbids building on its territory)."""
    gd = data()
    size = gd.buildings[btype].size
    m = geo(st)
    out = []
    for t in controlled(st, seat):
        if "bear" in monster_kinds(st, t) or btype in buildings_in(st, t, m):
            continue
        for key, slot in m.slots[t]:
            if key in st.buildings:
                continue
            if size == "large" and slot != "large":
                continue
            if size == "sacred" and slot != "sacred":
                continue
            if size == "small" and slot not in ("small", "sacred"):
                continue
            out.append(key)
    return out


def build_cost(btype: str, discount: int) -> int:
    return max(0, data().buildings[btype].cost - discount)


class Build(Decision):
    kind = "build"
    actions = ("build", "build_at", "back", "skip")
    what = "northgard.what.build"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        if fr["btype"] is None:
            built = list(st.buildings.values())
            types = [b for b in data().buildings
                     if built.count(b) < BUILDINGS_PER_TYPE
                     and st.res[seat][WOOD] >= build_cost(b, fr["discount"])
                     and build_sites(st, seat, b)]
            if not types:
                return []
            return [Action("skip"), *(Action("build", {"building": b}) for b in types)]
        return [*(Action("build_at", {"slot": k})
                  for k in build_sites(st, seat, fr["btype"])), Action("back")]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind == "skip":
            pop(st, fr)
        elif action.kind == "build":
            fr["btype"] = action.params["building"]
        elif action.kind == "back":
            fr["btype"] = None
        else:
            btype = fr["btype"]
            st.res[seat][WOOD] -= build_cost(btype, fr["discount"])
            slot = action.params["slot"]
            st.buildings[slot] = btype
            terr = geo(st).root[slot.rsplit(".", 1)[0]]
            emit(ev, "built", seat=seat, building=btype, terr=terr, slot=slot)
            if st.clans[seat] == "goat":
                gain_fame(st, seat, 2 if btype in LARGE else 1, ev, "goat")
            pop(st, fr)


# ---- Draw ----------------------------------------------------------------------------------
class Keep(Decision):
    """Keep some of the drawn cards; the rest go to the discard pile or back on the deck."""

    kind = "keep"
    actions = ("keep",)
    what = "northgard.what.keep"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        if fr["keep"] <= 0 or len(fr["cards"]) <= fr["keep"]:
            return []
        seen: list[str] = []
        for c in fr["cards"]:
            if c not in seen:
                seen.append(c)
        return [Action("keep", {"card": c}) for c in seen]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        card = action.params["card"]
        fr["cards"].remove(card)
        st.hand[seat].append(card)
        fr["keep"] -= 1

    def on_empty(self, st: State, fr: Frame, ev: list[Event]) -> None:
        seat = fr["seat"]
        keep = fr["cards"][:max(0, fr["keep"])]
        rest = fr["cards"][len(keep):]
        st.hand[seat].extend(keep)
        if rest and fr["rest"] == "discard":
            st.discard[seat].extend(rest)
            emit(ev, "discarded", seat=seat, cards=rest)
        elif rest:
            for c in rest:
                put_on_top(st, seat, c, known=False)
            emit(ev, "put_back", seat=seat, n=len(rest))
        pop(st, fr)


# ---- Feast, choices, scorched earth ----------------------------------------------------------
class Feast(Decision):
    kind = "feast"
    actions = ("feast",)
    what = "northgard.what.feast"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        return [Action("feast", {"action": a}) for a in BASIC
                if refusal(st, seat, [basic_effect(a)]) is None]

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        why = refusal(st, seat, [basic_effect(str(action.params.get("action")))])
        if action.kind == "feast" and action.params.get("action") in BASIC and why:
            raise RuleViolation("illegal", text(why))
        super().act(st, fr, seat, action, ev)

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        emit(ev, "feast", seat=seat, action=action.params["action"])
        run_effect(st, seat, basic_effect(action.params["action"]), ev)


class Choose(Decision):
    kind = "choose"
    actions = ("choose",)
    what = "northgard.what.choose"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        return [Action("choose", {"option": i, "what": str(opt[0]["do"]) if opt else ""})
                for i, opt in enumerate(fr["options"]) if refusal(st, seat, opt) is None]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        effects = fr["options"][int(action.params["option"])]
        push(st, "card", seat=seat, card="", effects=effects, i=0)


def scorch_spots(st: State, seat: int) -> list[str]:
    m = geo(st)
    spots: set[str] = set()
    for t in controlled(st, seat):
        spots.update(m.adj[t])
    return sorted(spots, key=node_key)


class Scorch(Decision):
    """The Snake's scorched earth: onto any territory adjacent to one it controls (N14: leave
    it where it is)."""

    kind = "scorch"
    actions = ("scorch", "no_scorch")
    what = "northgard.what.scorch"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        spots = [t for t in scorch_spots(st, seat) if t != st.scorch]
        if not spots:
            return []
        return [Action("no_scorch"), *(Action("scorch", {"terr": t}) for t in spots)]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind == "scorch":
            st.scorch = action.params["terr"]
            emit(ev, "scorched", seat=seat, terr=st.scorch)
        pop(st, fr)


class ScorchTake(Decision):
    """Harvest: with the token on an enemy territory, the Snake may take 1 resource it yields
    (its controller then does not get that one)."""

    kind = "scorch_take"
    actions = ("take", "no_take")
    what = "northgard.what.scorch_take"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        yields = production(st, fr["terr"])
        return [*(Action("take", {"res": r}) for r, i in RES_INDEX.items() if yields[i]),
                Action("no_take")]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        if action.kind == "take":
            st.stack[-1]["taken"] = action.params["res"]


register(CardFrame())
register(Recruit())
register(Build())
register(Keep())
register(Feast())
register(Choose())
register(Scorch())
register(ScorchTake())

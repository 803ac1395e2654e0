"""Board facts and small state operations shared by every phase: resources and Honor,
locations and clerks, the Tea track, sections, Horde cards and their fields, costs with
Advisor discounts, and the General/Advisor trigger abilities."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.content_fields import quantity
from rules.great_wall.data import BUILD_RES, LOCATIONS, RESOURCES, UNITS, data
from rules.great_wall.state import State

Cell = Any  # None (free) | "w" (wound) | [clan, unit, uid]


# ---- resources and Honor -----------------------------------------------------------------
def res_list(res: dict[str, int]) -> list[list[Any]]:
    """A resource bundle as JSON pairs for event data, in the fixed resource order."""
    return [[r, int(res[r])] for r in RESOURCES if res.get(r)]


def can_pay(st: State, clan: int, cost: dict[str, int]) -> bool:
    have = st.clans[clan]["res"]
    return all(have.get(r, 0) >= n for r, n in cost.items() if r in RESOURCES)


def pay(st: State, clan: int, cost: dict[str, int]) -> None:
    have = st.clans[clan]["res"]
    for r, n in cost.items():
        if r in RESOURCES:
            have[r] -= n


def gain(st: State, clan: int, res: dict[str, int]) -> None:
    have = st.clans[clan]["res"]
    for r, n in res.items():
        if r in RESOURCES:
            have[r] = max(0, have[r] + n)


def honor(st: State, clan: int, n: int) -> None:
    """Honor may go below 0 during play; final scoring clamps (spec A11)."""
    if st.kind(clan) == "reed":  # GW-R1: the Reed Clan never gains Honor
        return
    st.clans[clan]["honor"] += n


def pay_building(st: State, clan: int, amount: int) -> dict[str, int] | None:
    """Pay ``amount`` in any mix of wood/stone/gold, the Storehouse first (GW-42); the rest
    from the clan's largest stocks (the engine picks the mix: the rulebook lets you choose,
    and any mix is equally good for the card-free rules). None if it cannot be paid."""
    store = st.storehouse
    from_store = min(amount, sum(store[r] for r in BUILD_RES))
    own = st.clans[clan]["res"]
    rest = amount - from_store
    if st.kind(clan) == "chin":
        if rest > 0:  # GW-S5: Chin pays from the Storehouse only
            return None
    elif sum(own[r] for r in BUILD_RES) < rest:
        return None
    paid: dict[str, int] = {}
    left = from_store
    while left:
        r = max(BUILD_RES, key=lambda x: store[x])
        store[r] -= 1
        left -= 1
    while rest:
        r = max(BUILD_RES, key=lambda x: own[x])
        own[r] -= 1
        paid[r] = paid.get(r, 0) + 1
        rest -= 1
    return paid


def pay_storehouse(st: State, amount: int) -> int:
    """The Storehouse pays what it can of a building's price first (GW-42), largest stock
    first; returns how much it paid."""
    store = st.storehouse
    paid = min(amount, sum(store[r] for r in BUILD_RES))
    for _ in range(paid):
        r = max(BUILD_RES, key=lambda x: store[x])
        store[r] -= 1
    return paid


def building_affordable(st: State, clan: int, amount: int) -> bool:
    store = sum(st.storehouse[r] for r in BUILD_RES)
    if st.kind(clan) == "chin":
        return store >= amount
    return store + sum(st.clans[clan]["res"][r] for r in BUILD_RES) >= amount


# ---- Advisors and Generals -----------------------------------------------------------------
def actives(st: State, clan: int) -> list[dict[str, Any]]:
    advisors = data().advisors
    return [advisors[a]["ability"] for a in st.clans[clan]["active"]]


def discount(st: State, clan: int, what: str) -> int:
    return sum(int(a.get("by", 0)) for a in actives(st, clan)
               if a.get("type") == "cheaper" and a.get("what") == what)


def unit_cost(st: State, clan: int, unit: str) -> dict[str, int]:
    """A soldier's price with 'cheaper' Advisors taken off its largest part."""
    cost = dict(data().board[f"soldier_{unit}"]["cost"])
    off = discount(st, clan, unit)
    while off > 0 and any(cost.values()):
        r = max(cost, key=lambda x: cost[x])
        cost[r] -= 1
        off -= 1
    return {r: n for r, n in cost.items() if n > 0}


def supports(st: State, clan: int) -> int:
    return len(st.clans[clan]["support"])


def trigger(st: State, clan: int, on: str, ev: list[Event], times: int = 1) -> None:
    """Fire the clan's General ability and active Advisors listening to ``on``."""
    c = st.clans[clan]
    if c["kind"] != "human" or times <= 0:
        return
    abilities: list[tuple[str, dict[str, Any], int]] = []
    if c["general"]:
        g = data().generals[c["general"]]["ability"]
        if g.get("on") == on:
            mult = supports(st, clan) if g.get("per_support") else 1
            abilities.append((c["general"], g, mult))
    for a in c["active"]:
        ab = data().advisors[a]["ability"]
        if ab.get("type") == "trigger" and ab.get("on") == on:
            abilities.append((a, ab, 1))
    for source, ab, mult in abilities:
        k = mult * times
        if k <= 0:
            continue
        got_honor = int(ab.get("honor", 0)) * k
        got_res = {r: int(n) * k for r, n in (ab.get("res") or {}).items()}
        if got_honor:
            honor(st, clan, got_honor)
        if got_res:
            gain(st, clan, got_res)
        ev.append(Event("ability", {"clan": clan, "card": source, "honor": got_honor,
                                    "res": res_list(got_res)}))


# ---- locations and clerks --------------------------------------------------------------------
def side(st: State) -> int:
    """The board side: 4 with four clans at the table, else the 3-player side."""
    return 4 if len(st.clans) >= 4 else 3


def spots(st: State, loc: str) -> int:
    info = data().locations[loc]
    if info["kind"] == "special":
        return 99
    return int(info[f"spots_{side(st)}"])


def is_regular(loc: str) -> bool:
    return bool(data().locations[loc]["kind"] == "regular")


def full(st: State, loc: str) -> bool:
    return is_regular(loc) and len(st.locs[loc]) >= spots(st, loc)


def activates(st: State, loc: str) -> bool:
    """GW-20 and GW-R2: regular when every spot is filled, special with any clerk (a special
    location holding only a Reed clerk does not activate)."""
    clerks = st.locs[loc]
    if is_regular(loc):
        return len(clerks) >= spots(st, loc)
    reed = st.clan_of("reed")
    return any(c != reed for c in clerks)


def can_enter(st: State, clan: int, loc: str) -> bool:
    # GW-R4: never more than one Reed clerk in a location.
    return not full(st, loc) and not (st.kind(clan) == "reed" and clan in st.locs[loc])


def movable_from(st: State, clan: int) -> list[str]:
    """Locations the clan may move a clerk out of (a full regular location is locked)."""
    return [loc for loc in LOCATIONS if clan in st.locs[loc] and not full(st, loc)]


# ---- the Tea track ----------------------------------------------------------------------------
def tea_up(st: State, clan: int, top: bool, ev: list[Event]) -> None:
    i = st.tea.index(clan)
    if i == 0:
        return
    st.tea.pop(i)
    st.tea.insert(0 if top else i - 1, clan)
    ev.append(Event("tea_up", {"clan": clan, "order": list(st.tea)}))
    trigger(st, clan, "tea_up", ev)


# ---- sections and Horde cards -------------------------------------------------------------------
def used_sections(st: State) -> list[int]:
    return [i for i, s in enumerate(st.sections) if not s["blocked"]]


def firing_slots(sec: dict[str, Any]) -> int:
    return int(data().board["wall"]["firing"][sec["wall"]])


def free_firing(sec: dict[str, Any]) -> int:
    return firing_slots(sec) - len(sec["firing"])


def cells(card: dict[str, Any]) -> list[Cell]:
    return [c for row in card["f"] for c in row]


def flat(card: dict[str, Any], f: int) -> tuple[int, int]:
    width = len(card["f"][0])
    return divmod(f, width)


def cell(card: dict[str, Any], f: int) -> Cell:
    r, c = flat(card, f)
    return card["f"][r][c]


def set_cell(card: dict[str, Any], f: int, value: Cell) -> None:
    r, c = flat(card, f)
    card["f"][r][c] = value


def free_fields(card: dict[str, Any]) -> list[int]:
    return [i for i, c in enumerate(cells(card)) if c is None]


def adjacent_pairs(card: dict[str, Any]) -> list[tuple[int, int]]:
    """Orthogonally adjacent free field pairs (a horseman's attack, GW-44)."""
    rows, width = len(card["f"]), len(card["f"][0])
    out = []
    for r in range(rows):
        for c in range(width):
            if card["f"][r][c] is not None:
                continue
            if c + 1 < width and card["f"][r][c + 1] is None:
                out.append((r * width + c, r * width + c + 1))
            if r + 1 < rows and card["f"][r + 1][c] is None:
                out.append((r * width + c, (r + 1) * width + c))
    return out


def reward(card: dict[str, Any], f: int) -> tuple[str, int]:
    """A field's printed reward as (thing, amount); ("", 0) for none."""
    r, c = flat(card, f)
    return quantity(data().hordes[card["id"]]["fields"][r][c])


def covered(card: dict[str, Any]) -> bool:
    return all(c is not None for c in cells(card))


def soldiers_on(card: dict[str, Any]) -> dict[int, list[tuple[str, int]]]:
    """Each clan's soldiers on a card: ``[(unit, uid), …]`` (a horseman once)."""
    out: dict[int, list[tuple[str, int]]] = {}
    seen: set[int] = set()
    for c in cells(card):
        if isinstance(c, list) and c[2] not in seen:
            seen.add(c[2])
            out.setdefault(c[0], []).append((c[1], c[2]))
    return out


def fields_covered(card: dict[str, Any], clan: int) -> int:
    return sum(1 for c in cells(card) if isinstance(c, list) and c[0] == clan)


def new_card(horde_id: str) -> dict[str, Any]:
    grid = data().hordes[horde_id]["fields"]
    return {"id": horde_id, "f": [[None for _ in row] for row in grid]}


def defence(st: State, s: int) -> int:
    sec = st.sections[s]
    wall = data().board["wall"]["defence"][sec["wall"]]
    value = int(wall) + int(data().board["barricade"]["defence"]) * sec["barricades"]
    value += sec.get("bonus", 0) + st.lasting.get("defence", 0)
    if any(data().hordes[c["id"]]["ability"] == "leader" for c in sec["hordes"]):
        value //= 2  # seed: "Leader: this section's defence is halved, rounded down"
    return value


def offence(st: State, s: int) -> int:
    cards = st.sections[s]["hordes"]
    total = 0
    for c in cards:
        h = data().hordes[c["id"]]
        total += int(h["offence"]) + st.lasting.get("offence", 0)
        if h["ability"] == "fury":
            total += len(cards) - 1
    return total


def place_unit(st: State, clan: int, unit: str, s: int, where: str) -> None:
    """A soldier goes to a section's staging area or firing position."""
    sec = st.sections[s]
    if where == "firing":
        sec["firing"].append(clan)
    else:
        sec["staging"][clan][unit] += 1


def next_uid(st: State) -> int:
    st.uid += 1
    return st.uid


def units_free(st: State, clan: int, unit: str) -> int:
    """Soldiers in personal supply without a Shame token (usable)."""
    c = st.clans[clan]
    return int(c["sup"][unit] - c["shamed"][unit])


def staging_total(sec: dict[str, Any], clan: int) -> int:
    return sum(sec["staging"][clan][u] for u in UNITS)

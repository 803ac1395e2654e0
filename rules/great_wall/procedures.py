"""Procedures several phases call: Shame, Tactic draws, Horde arrivals and raids, covering
fields, killing and rescuing soldiers, taking a defeated Horde card, refilling the Advisor
offer."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.great_wall import board as B
from rules.great_wall.data import UNITS, data
from rules.great_wall.machine import push
from rules.great_wall.state import State
from rules.kit.cards import draw


def num(key: str) -> int:
    return int(data().numbers[key])


def refill_offer(st: State) -> None:
    """After an Advisor leaves the offer the rest slide left and one is dealt on the right."""
    while len(st.offer) < 4 and st.decks["advisor"]:
        st.offer.append(st.decks["advisor"].pop())


# ---- Shame (GW-9 … GW-11, co-op GW-C11, GW-C15) ---------------------------------------------
def take_shame(st: State, clan: int, ev: list[Event]) -> bool:
    """One Shame token from the bank to ``clan``; True when the token is to be placed. An
    empty bank costs 5 Honor instead (co-op: the game is lost at once)."""
    if not st.human(clan):
        return False  # GW-R1, GW-S3: the Reed Clan and Chin never gain Shame
    if st.shame_bank <= 0:
        if st.mode == "coop":
            end_game(st, "coop_shame", ev)
            return False
        B.honor(st, clan, -num("shame_penalty"))
        ev.append(Event("shame_none", {"clan": clan, "n": num("shame_penalty")}))
        return False
    st.shame_bank -= 1
    ev.append(Event("shame_gain", {"clan": clan, "bank": st.shame_bank}))
    return True


def gain_shame(st: State, clan: int, ev: list[Event]) -> None:
    if take_shame(st, clan, ev):
        push(st, "shame", clan=clan)


def gain_shame_each(st: State, clans: list[int], ev: list[Event]) -> None:
    """Several players gain Shame from one effect (one entry per token): they act in Tea
    order from the top (GW-3). Each token is drawn and placed before the next is drawn (a
    co-op discard returns its token to the bank), so when the bank runs short the last
    players take the penalty, not the first."""
    queue = sorted(clans, key=st.tea.index)
    if queue:
        push(st, "shame_each", queue=queue)


def shame_places(st: State, clan: int) -> list[str]:
    c = st.clans[clan]
    out = [f"unit:{u}" for u in UNITS if B.units_free(st, clan, u) > 0]
    if st.mode != "coop":  # GW-C11: co-op Shame goes under soldiers only
        out += [f"horde:{i}" for i, w in enumerate(c["won"]) if w["shame"] < 2]
    return out


def place_shame(st: State, clan: int, where: str, ev: list[Event]) -> None:
    c = st.clans[clan]
    if where == "discard":  # co-op: lose 10 Honor to discard it at once
        B.honor(st, clan, -num("coop_shame_discard_honor"))
        st.shame_bank += 1
        ev.append(Event("shame_discard", {"clan": clan, "n": num("coop_shame_discard_honor")}))
    elif where == "box":
        B.honor(st, clan, -num("shame_penalty"))
        ev.append(Event("shame_box", {"clan": clan, "n": num("shame_penalty")}))
    elif where.startswith("unit:"):
        unit = where[5:]
        c["shamed"][unit] += 1
        ev.append(Event("shame_unit", {"clan": clan, "unit": unit}))
    else:
        i = int(where[6:])
        c["won"][i]["shame"] += 1
        ev.append(Event("shame_horde", {"clan": clan}))


def remove_shame(st: State, clan: int, where: str, ev: list[Event]) -> None:
    c = st.clans[clan]
    if where.startswith("unit:"):
        c["shamed"][where[5:]] -= 1
    else:
        c["won"][int(where[6:])]["shame"] -= 1
    st.shame_bank += 1
    ev.append(Event("shame_removed", {"clan": clan, "bank": st.shame_bank}))


def shame_held(st: State, clan: int) -> list[str]:
    c = st.clans[clan]
    out = [f"unit:{u}" for u in UNITS if c["shamed"][u] > 0]
    out += [f"horde:{i}" for i, w in enumerate(c["won"]) if w["shame"] > 0]
    return out


def end_game(st: State, reason: str, ev: list[Event]) -> None:
    from rules.great_wall.scoring import finish

    finish(st, reason, ev)


# ---- Tactic cards (GW-48, GW-50) --------------------------------------------------------------
def draw_tactics(st: State, clan: int, n: int, ev: list[Event]) -> None:
    if not st.human(clan) or n <= 0:
        return
    rng = st.draw_rng()
    got = draw(st.decks["tactic"], n, rng, st.decks["tactic_discard"])
    st.keep_rng(rng)
    st.clans[clan]["tactics"].extend(got)
    ev.append(Event("tactics_drawn", {"clan": clan, "n": len(got)}))
    ev.append(Event("tactics_got", {"clan": clan, "cards": got}, frozenset({clan})))
    if len(st.clans[clan]["tactics"]) > num("tactic_limit"):
        push(st, "discard", clan=clan)


# ---- Horde arrivals (GW-25 … GW-27) --------------------------------------------------------------
def invasion_section(st: State) -> int:
    """The section named by the invasion indicator on the top card of the Horde deck."""
    used = B.used_sections(st)
    if not st.decks["horde"]:
        return used[0]
    s = int(data().hordes[st.decks["horde"][-1]]["invasion"])
    return s if s in used else used[0]


def add_horde(st: State, ev: list[Event]) -> None:
    """Reveal one Horde card and place it: empty sections first, left to right, then where
    the new top card's invasion indicator points; a full section means a Raid."""
    if not st.decks["horde"]:
        ev.append(Event("horde_deck_empty", {}))
        return
    card = st.decks["horde"].pop()
    empty = [s for s in B.used_sections(st) if not st.sections[s]["hordes"]]
    s = empty[0] if empty else invasion_section(st)
    sec = st.sections[s]
    if len(sec["hordes"]) >= 3:
        lost = min(st.n, st.shame_bank)  # A7: as many as there are (human) players
        st.shame_bank -= lost
        st.decks["horde_discard"].append(card)
        ev.append(Event("raid", {"s": s, "card": card, "n": lost, "bank": st.shame_bank}))
        return
    sec["hordes"].append(B.new_card(card))
    ev.append(Event("horde_arrives", {"s": s, "card": card, "row": len(sec["hordes"]) - 1}))


# ---- covering fields (GW-44) ---------------------------------------------------------------------
def cover(st: State, clan: int, unit: str, s: int, c: int, fields: list[int], uid: int,
          ev: list[Event]) -> None:
    """A soldier covers fields on a Horde card and takes their rewards."""
    card = st.sections[s]["hordes"][c]
    for f in fields:
        B.set_cell(card, f, [clan, unit, uid])
    ev.append(Event("attack", {"clan": clan, "unit": unit, "s": s, "row": c,
                               "card": card["id"], "fields": fields}))
    take_rewards(st, clan, card, fields, ev)


def wound(st: State, clan: int, s: int, c: int, f: int, ev: list[Event]) -> None:
    card = st.sections[s]["hordes"][c]
    B.set_cell(card, f, "w")
    ev.append(Event("wound", {"clan": clan, "s": s, "row": c, "card": card["id"], "f": f}))
    if st.kind(clan) == "chin":
        B.honor(st, clan, 2)  # GW-S14: 2 Honor per wound his soldiers cause


def take_rewards(st: State, clan: int, card: dict[str, Any], fields: list[int],
                 ev: list[Event]) -> None:
    kind = st.kind(clan)
    if kind == "reed":
        return  # GW-R9: the Reed spearman ignores the field's reward
    if kind == "chin":
        B.honor(st, clan, 2 * len(fields))  # GW-S14: regardless of the rewards
        return
    for f in fields:
        r, n = B.reward(card, f)
        if r == "honor":
            B.honor(st, clan, n)
        elif r == "tactic":
            draw_tactics(st, clan, n, ev)
        elif r:
            B.gain(st, clan, {r: n})
        if r:
            ev.append(Event("reward", {"clan": clan, "reward": r, "n": n}))


def auto_field(card: dict[str, Any]) -> int | None:
    """Chin's and the engine's field: top to bottom, left to right (GW-S14)."""
    free = B.free_fields(card)
    return free[0] if free else None


def auto_wound(st: State, clan: int, s: int, ev: list[Event]) -> None:
    """A wound dealt without a choice (Chin's archers, a Tactic card's wounds): on the first
    Horde card of the section with a free field, at ``auto_field``; nothing if none has one."""
    for row, card in enumerate(st.sections[s]["hordes"]):
        f = auto_field(card)
        if f is not None:
            wound(st, clan, s, row, f, ev)
            return


# ---- killing and rescuing (GW-55 … GW-57, GW-60) -------------------------------------------------
KILL_ORDER = ("spearman", "archer", "horseman")


def casualty_value(st: State) -> int:
    return int(data().board[f"time_{B.side(st)}"]["casualty"][st.time])


def victims_on(card: dict[str, Any], clan: int, k: int) -> list[tuple[str, int]]:
    """The soldiers that die on a card: spearmen first, then archers, then horsemen (D12)."""
    mine = B.soldiers_on(card).get(clan, [])
    mine.sort(key=lambda u: KILL_ORDER.index(u[0]))
    return mine[:k]


def remove_from_card(card: dict[str, Any], uid: int, leave_wound: bool) -> None:
    for row in card["f"]:
        for i, c in enumerate(row):
            if isinstance(c, list) and c[2] == uid:
                row[i] = "w" if leave_wound else None


def return_soldier(st: State, clan: int, unit: str, s: int, rescued: bool) -> None:
    """A soldier leaves the front: rescued ones and survivors go to the staging area, killed
    ones to the supply; the Reed Clan's and Chin's always to their supply (GW-R1, GW-S4)."""
    if rescued and st.human(clan):
        st.sections[s]["staging"][clan][unit] += 1
    else:
        st.clans[clan]["sup"][unit] += 1


def resolve_losses(st: State, clan: int, s: int, losses: list[tuple[str, int, int]],
                   rescued: int, breach: bool, ev: list[Event]) -> None:
    """``losses``: (unit, uid or -1 for an archer on the wall, card index or -1). The last
    ``rescued`` of them are saved (the engine saves the most valuable, horsemen first)."""
    saved = losses[len(losses) - rescued:] if rescued else []
    dead = losses[: len(losses) - rescued]
    sec = st.sections[s]
    for _unit, uid, c in losses:
        if c >= 0:
            remove_from_card(sec["hordes"][c], uid, leave_wound=breach)
        else:
            sec["firing"].remove(clan)
    for unit, _uid, _c in saved:
        return_soldier(st, clan, unit, s, rescued=True)
    for unit, _uid, _c in dead:
        return_soldier(st, clan, unit, s, rescued=False)
    if losses:
        ev.append(Event("losses", {"clan": clan, "s": s, "killed": [u for u, _, _ in dead],
                                   "rescued": [u for u, _, _ in saved]}))
    B.trigger(st, clan, "soldier_killed", ev, times=len(dead))

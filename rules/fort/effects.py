"""The effect interpreter: the step ops of kid, dog and cat actions (data/*.json) and the
parameter choices they open, dog needs with coin declarations, Advance Fort and its rewards,
Recruit, and the perks that change an action."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.fort.common import (
    advance_cost,
    available,
    can_advance,
    can_pay,
    clockwise_from,
    draw,
    ev_priv,
    ev_pub,
    gain,
    has_perk,
    is_dog,
    left,
    lookout_cap,
    lookout_count,
    pack_cap,
    pack_total,
    pay,
    refill_park,
)
from rules.fort.data import CardType, ctype, tables
from rules.fort.machine import MACHINE
from rules.fort.state import State
from rules.kit.frames import Frame

MODE_ORDER: dict[str, list[str]] = {
    "public_private": ["public", "private"],
    "private_public": ["private", "public"],
    "public": ["public"],
    "private": ["private"],
}
OTHER = {"pizza": "toy", "toy": "pizza"}
STOP = Action("choose", {"stop": True})


def modes(ct: CardType) -> list[str]:
    if ct.public is not None and ct.private is not None:
        return ["public_private", "private_public", "public", "private"]
    return ["public"] if ct.public is not None else ["private"]


def current_x_suit(fr: Frame) -> str | None:
    return ctype(fr["card"]).x_suit


# ---- resolving steps -----------------------------------------------------------------------
def push_resolve(st: State, seat: int, steps: list[dict[str, Any]], k: int, *, src: str,
                 card: str | None, which: str = "") -> None:
    MACHINE.push(st, "resolve", seat=seat, steps=[dict(s) for s in steps], pc=0, k=k,
                 src=src, card=card, which=which)


def run_resolve(st: State, fr: Frame, ev: list[Event]) -> bool:
    if fr["pc"] == 0 and fr["src"] in ("leader", "follow", "copy"):
        ev_pub(ev, "use", seat=fr["seat"], card=fr["card"], which=fr["which"], k=fr["k"],
               src=fr["src"])
    while fr["pc"] < len(fr["steps"]):
        stp = fr["steps"][fr["pc"]]
        fr["pc"] += 1
        if exec_step(st, fr, stp, ev):
            return True
    MACHINE.pop(st, fr)
    return True


def _amount(fr: Frame, stp: dict[str, Any]) -> int:
    n = int(stp.get("n", 1))
    return n * int(fr["k"]) if stp.get("x") else n


def _choice(st: State, seat: int, what: str, remaining: int = 1, **data: Any) -> bool:
    MACHINE.push(st, "choice", seat=seat, what=what, remaining=remaining, **data)
    return True


def exec_step(st: State, fr: Frame, stp: dict[str, Any], ev: list[Event]) -> bool:
    """Do one step; True when it pushed a frame (a choice) that must run first."""
    seat = fr["seat"]
    p = st.players[seat]
    op = stp["op"]
    amount = _amount(fr, stp)
    if op == "gather":
        if amount <= 0:
            return False
        if stp["res"] == "either":
            return _choice(st, seat, "gather_type", amount=amount)
        gain(st, seat, stp["res"], amount, ev)
        return False
    if op == "pack":
        return amount > 0 and _choice(st, seat, "pack", amount)
    if op == "lookout":
        return amount > 0 and _choice(st, seat, "lookout", amount)
    if op == "trash":
        return amount > 0 and _choice(st, seat, "trash", amount, source=stp.get("from", "both"))
    if op == "trash_self":
        if fr["src"] == "leader":
            st.play["trash_self"] = True
        return False
    if op == "recruit":
        for _ in range(max(0, amount)):
            MACHINE.push(st, "recruit", seat=seat, extra=False)
        return amount > 0
    if op == "advance":
        return advance(st, seat, ev, discount=int(stp.get("discount", 0)))
    if op == "score":
        if amount > 0:
            p["vp"] += amount
            ev_pub(ev, "score", seat=seat, n=amount)
        return False
    if op == "spend":
        return _spend(st, fr, stp, ev)
    if op == "trash_rival":
        return _choice(st, seat, "trash_rival")
    if op == "copy_pack":
        pizza, toy = p["pack"]["pizza"], p["pack"]["toy"]
        ev_pub(ev, "copy_pack", seat=seat, pizza=pizza, toy=toy)
        gain(st, seat, "pizza", pizza, ev)
        gain(st, seat, "toy", toy, ev)
        return False
    if op == "copy_rival_pack":
        return _choice(st, seat, "copy_rival_pack")
    if op == "convert":
        return amount > 0 and _choice(st, seat, "convert", amount)
    if op == "draw":
        draw(st, seat, amount, ev)
        return False
    if op == "copy_kid":
        return _choice(st, seat, "copy_kid")
    if op == "kennel":
        card = fr["card"]
        if card in p["played"]:
            p["played"].remove(card)
            owner = left(st, seat) if ctype(card).kennel == "left" else seat
            st.players[owner]["kennel"].append(card)
            ev_pub(ev, "kennel", seat=seat, card=card, owner=owner)
        return False
    raise AssertionError(f"unknown step {op}")


def _spend(st: State, fr: Frame, stp: dict[str, Any], ev: list[Event]) -> bool:
    seat = fr["seat"]
    p = st.players[seat]
    n = int(stp.get("n", 1))
    res = stp["res"]
    if res == "any":
        if available(p, "pizza") + available(p, "toy") < n:
            fr["pc"] = len(fr["steps"])
            ev_pub(ev, "spend_fail", seat=seat)
            return False
        for _ in range(n):
            r = "pizza" if available(p, "pizza") >= available(p, "toy") else "toy"
            pay(p, 1 if r == "pizza" else 0, 1 if r == "toy" else 0)
            ev_pub(ev, "spend", seat=seat, res=r, n=1)
        return False
    cost = (n, 0) if res == "pizza" else (0, n)
    if not can_pay(p, *cost):
        fr["pc"] = len(fr["steps"])
        ev_pub(ev, "spend_fail", seat=seat)
        return False
    pay(p, *cost)
    ev_pub(ev, "spend", seat=seat, res=res, n=n)
    return False


def advance(st: State, seat: int, ev: list[Event], discount: int = 0, extra: int = 0) -> bool:
    """Advance Fort: pay the cost, +1 level, its VP and reward. True if a choice was pushed."""
    p = st.players[seat]
    cost = advance_cost(st, seat, discount, extra)
    if cost is None or not can_pay(p, *cost):
        ev_pub(ev, "advance_fail", seat=seat)
        return False
    pay(p, *cost)
    p["level"] += 1
    level = tables().levels[p["level"]]
    vp = int(level["vp"])
    p["vp"] += vp
    ev_pub(ev, "advance", seat=seat, level=p["level"], pizza=cost[0], toy=cost[1], vp=vp)
    reward = level["reward"]
    if reward == "made_up_rule" and st.rule_stack:
        rule = st.rule_stack.pop()
        p["rules"].append(rule)
        ev_pub(ev, "rule", seat=seat)
        ev_priv(ev, seat, "rule_drawn", seat=seat, rule=rule)
    elif reward == "perk" and st.perk_row:
        return _choice(st, seat, "perk_pick")
    elif reward == "macaroni" and st.macaroni is None:
        st.macaroni = seat
        ev_pub(ev, "macaroni", seat=seat)
    return False


def diy_affordable(st: State, seat: int) -> bool:
    return can_advance(st, seat, 0, int(tables().perks["diy"].get("extra_cost", 1)))


def pay_resources(st: State, seat: int, pizza: int, toy: int, ev: list[Event]) -> None:
    pay(st.players[seat], pizza, toy)
    ev_pub(ev, "feed", seat=seat, pizza=pizza, toy=toy)


# ---- recruit -------------------------------------------------------------------------------
def recruit(st: State, seat: int, action: Action, ev: list[Event]) -> None:
    src = action.params["from"]
    p = st.players[seat]
    if src == "park":
        card = st.park.pop(int(action.params["slot"]))
        refill_park(st, ev)
        ev_pub(ev, "recruit_park", seat=seat, card=card)
    elif src == "deck":
        card = st.park_deck.pop()
        ev_pub(ev, "recruit_deck", seat=seat, card=card)
    else:
        rival = int(action.params["seat"])
        card = action.params["card"]
        st.players[rival]["yard"].remove(card)
        ev_pub(ev, "recruit_yard", seat=seat, card=card, rival=rival)
        for cat_id, owner in st.cats.items():
            ability = tables().cats[cat_id]["ability"]
            if owner == seat and ability["trigger"] == "recruit_yard":
                ev_pub(ev, "cat_use", seat=seat, cat=cat_id)
                push_resolve(st, seat, ability["steps"], 1, src="cat", card=None)
    p["discard"].append(card)


# ---- choices -------------------------------------------------------------------------------
def choice_options(st: State, fr: Frame) -> list[Action]:
    seat = fr["seat"]
    p = st.players[seat]
    what = fr["what"]
    out: list[Action] = []
    if what == "gather_type":
        return [Action("choose", {"res": "pizza"}), Action("choose", {"res": "toy"})]
    if what == "pack":
        if pack_total(p) >= pack_cap(st, seat):
            return [STOP]
        for res in ("pizza", "toy"):
            if p["stuff"][res] > 0:
                out.append(Action("choose", {"res": res, "from": "stuff"}))
        if has_perk(st, seat, "sticky_fingers"):
            out += [Action("choose", {"res": r, "from": "supply"}) for r in ("pizza", "toy")]
        return [*out, STOP]
    if what == "lookout":
        if len(p["lookout"]) >= lookout_cap(st, seat):
            return [STOP]
        out = [Action("choose", {"card": c}) for c in p["hand"] if not is_dog(c)]
        if has_perk(st, seat, "bribe"):
            out += [Action("choose", {"from": "park", "slot": i})
                    for i, c in enumerate(st.park) if not is_dog(c)]
            if st.park_deck:
                out.append(Action("choose", {"from": "deck"}))
            for r in range(st.n):
                out += [Action("choose", {"from": "yard", "seat": r, "card": c})
                        for c in st.players[r]["yard"] if not is_dog(c)]
        return [*out, STOP]
    if what == "trash":
        out = [STOP]
        if fr.get("source", "both") == "both":
            out += [Action("choose", {"card": c, "from": "hand"})
                    for c in p["hand"] if not is_dog(c)]
        out += [Action("choose", {"card": c, "from": "discard"})
                for c in p["discard"] if not is_dog(c)]
        return out
    if what == "trash_rival":
        return [Action("choose", {"seat": r, "card": c}) for r in clockwise_from(st, seat)
                for c in st.players[r]["yard"] if not is_dog(c)]
    if what == "copy_rival_pack":
        return [Action("choose", {"seat": r}) for r in clockwise_from(st, seat)
                if pack_total(st.players[r]) > 0]
    if what == "convert":
        out = [Action("choose", {"res": r}) for r in ("pizza", "toy") if available(p, r) > 0]
        return [*out, STOP]
    if what == "recycle":
        out = [Action("choose", {"card": c}) for c in p["discard"]]
        return [*out, STOP]
    if what == "copy_kid":
        return [Action("choose", {"slot": i}) for i, c in enumerate(st.park)
                if not is_dog(c) and ctype(c).public is not None]
    if what == "perk_pick":
        return [Action("choose", {"perk": perk}) for perk in st.perk_row]
    raise AssertionError(what)


def choice_default(st: State, fr: Frame) -> Action:
    return choice_options(st, fr)[0]


def choice_apply(st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
    seat = fr["seat"]
    p = st.players[seat]
    what = fr["what"]
    prm = action.params
    if prm.get("stop"):
        MACHINE.pop(st, fr)
        return
    fr["remaining"] -= 1
    if what == "gather_type":
        gain(st, seat, prm["res"], int(fr["amount"]), ev)
    elif what == "pack":
        res = prm["res"]
        if prm["from"] == "stuff":
            p["stuff"][res] -= 1
        p["pack"][res] += 1
        ev_pub(ev, "pack", seat=seat, res=res, source=prm["from"])
    elif what == "lookout":
        _to_lookout(st, seat, prm, ev)
    elif what == "trash":
        card = prm["card"]
        p[prm["from"]].remove(card)
        st.box.append(card)
        ev_pub(ev, "trash", seat=seat, card=card, source=prm["from"])
    elif what == "trash_rival":
        rival = int(prm["seat"])
        st.players[rival]["yard"].remove(prm["card"])
        st.box.append(prm["card"])
        ev_pub(ev, "trash_rival", seat=seat, card=prm["card"], rival=rival)
    elif what == "copy_rival_pack":
        rival = int(prm["seat"])
        pack = st.players[rival]["pack"]
        ev_pub(ev, "copy_rival_pack", seat=seat, rival=rival, pizza=pack["pizza"],
               toy=pack["toy"])
        gain(st, seat, "pizza", pack["pizza"], ev)
        gain(st, seat, "toy", pack["toy"], ev)
    elif what == "convert":
        res = prm["res"]
        if p["stuff"][res] > 0:
            p["stuff"][res] -= 1
            ev_pub(ev, "convert", seat=seat, res=res, into=OTHER[res])
            gain(st, seat, OTHER[res], 1, ev)
        else:
            p["pack"][res] -= 1
            p["pack"][OTHER[res]] += 1
            ev_pub(ev, "convert", seat=seat, res=res, into=OTHER[res])
    elif what == "recycle":
        p["discard"].remove(prm["card"])
        p["hand"].append(prm["card"])
        p["perks"].remove("recycling")
        st.box.append("recycling")
        ev_pub(ev, "perk_used", seat=seat, perk="recycling")
        ev_pub(ev, "recycle", seat=seat, card=prm["card"])
    elif what == "copy_kid":
        kid = st.park[int(prm["slot"])]
        ct = ctype(kid)
        assert ct.public is not None
        MACHINE.pop(st, fr)
        xs = ct.x_suit if ct.public.get("x") else None
        k = ct.count(xs) + lookout_count(p, xs) if xs is not None else 1
        ev_pub(ev, "copy_kid", seat=seat, card=kid)
        push_resolve(st, seat, ct.public["steps"], k, src="copy", card=kid, which="public")
        return
    elif what == "perk_pick":
        st.perk_row.remove(prm["perk"])
        p["perks"].append(prm["perk"])
        ev_pub(ev, "perk", seat=seat, perk=prm["perk"])
    if fr["remaining"] <= 0 and st.stack and st.stack[-1] is fr:
        MACHINE.pop(st, fr)


def _to_lookout(st: State, seat: int, prm: Any, ev: list[Event]) -> None:
    p = st.players[seat]
    src = prm.get("from", "hand")
    if src == "park":
        card = st.park.pop(int(prm["slot"]))
        refill_park(st, ev)
    elif src == "deck":
        card = st.park_deck.pop()
    elif src == "yard":
        card = prm["card"]
        st.players[int(prm["seat"])]["yard"].remove(card)
    else:
        card = prm["card"]
        p["hand"].remove(card)
    p["lookout"].append(card)
    ev_pub(ev, "lookout", seat=seat, suits=list(ctype(card).suits), source=src,
           card=card if src in ("park", "yard") else None)
    if src in ("hand", "deck"):
        ev_priv(ev, seat, "lookout_card", seat=seat, card=card)

"""Dogs' needs: whether a dog can be played at all (its needs met by the matching suits of
different sources) and the player's choices that meet them."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event
from rules.fort.common import can_pay, ev_pub
from rules.fort.data import SUITS, CardType, ctype
from rules.fort.machine import MACHINE
from rules.fort.state import State
from rules.kit.frames import Frame


def _declarable(ct: CardType) -> set[str]:
    return set(SUITS) if "coin" in ct.suits else {s for s in ct.suits if s != "coin"}


def _can_match(sets: list[set[str]], m: int) -> bool:
    """Can ``m`` of these sources each give a different suit (bipartite matching)?"""
    if m <= 0:
        return True
    match: dict[str, int] = {}

    def augment(i: int, seen: set[str]) -> bool:
        for s in sets[i]:
            if s in seen:
                continue
            seen.add(s)
            if s not in match or augment(match[s], seen):
                match[s] = i
                return True
        return False

    size = 0
    for i in range(len(sets)):
        if augment(i, set()):
            size += 1
            if size >= m:
                return True
    return False


def _sources(st: State, seat: int, need: dict[str, Any], skip: str | None,
             used_lookout: list[str]) -> list[tuple[str, str]]:
    p = st.players[seat]
    out = [("hand", c) for c in p["hand"] if c != skip]
    if not need.get("hand_only") and need["type"] in ("suit", "distinct"):
        out += [("lookout", c) for c in p["lookout"] if c not in used_lookout]
    return out


def dog_playable(st: State, seat: int, dog: str) -> bool:
    need = ctype(dog).need or {}
    kind = need.get("type")
    p = st.players[seat]
    if kind == "resources":
        return can_pay(p, int(need.get("pizza", 0)), int(need.get("toy", 0)))
    n = int(need.get("n", 0))
    srcs = _sources(st, seat, need, dog, [])
    if kind == "cards":
        return len(srcs) >= n
    if kind == "suit":
        return sum(ctype(c).count(need["suit"]) for _, c in srcs) >= n
    if kind == "distinct":
        excl = set(need.get("exclude", []))
        return _can_match([_declarable(ctype(c)) - excl for _, c in srcs], n)
    return True


def need_options(st: State, seat: int, fr: Frame) -> list[Action]:
    need = ctype(fr["card"]).need or {}
    ns = fr["need"]
    n = int(need.get("n", 0))
    srcs = _sources(st, seat, need, None, ns["lookout"])
    out: list[Action] = []
    kind = need.get("type")

    def add(src: str, c: str, **extra: Any) -> Action:
        params: dict[str, Any] = {"card": c, **extra}
        if src == "lookout":
            params["from"] = "lookout"
        return Action("add", params)

    if ns["have"] < n:
        if kind == "cards":
            out = [add(s, c) for s, c in srcs]
        elif kind == "suit":
            out = [add(s, c) for s, c in srcs if ctype(c).count(need["suit"]) > 0]
        elif kind == "distinct":
            taken = set(need.get("exclude", [])) | set(ns["suits"])
            for i, (s, c) in enumerate(srcs):
                rest = [_declarable(ctype(o)) for j, (_, o) in enumerate(srcs) if j != i]
                for d in sorted(_declarable(ctype(c)) - taken):
                    left_over = [r - taken - {d} for r in rest]
                    if _can_match(left_over, n - len(ns["suits"]) - 1):
                        out.append(add(s, c, **{"as": d}))
    else:
        out.append(Action("done"))
    out.append(Action("cancel"))
    return out


def need_choose(st: State, seat: int, fr: Frame, action: Action, ev: list[Event]) -> None:
    p = st.players[seat]
    ns = fr["need"]
    need = ctype(fr["card"]).need or {}
    if action.kind == "done":
        fr["stage"] = "act"
        ev_pub(ev, "dog_fed", seat=seat, card=fr["card"])
        return
    if action.kind == "cancel":
        for c in ns["hand"]:
            p["played"].remove(c)
            p["hand"].append(c)
        p["played"].remove(fr["card"])
        p["hand"].append(fr["card"])
        ev_pub(ev, "dog_cancel", seat=seat, card=fr["card"])
        st.play = {}
        MACHINE.pop(st, fr)
        MACHINE.push(st, "play", seat=seat, second=fr["second"], cats_used=fr["cats_used"])
        return
    card = action.params["card"]
    src = action.params.get("from", "hand")
    if src == "lookout":
        ns["lookout"].append(card)
    else:
        p["hand"].remove(card)
        p["played"].append(card)
        ns["hand"].append(card)
    kind = need["type"]
    declared = action.params.get("as")
    if kind == "suit":
        ns["have"] += ctype(card).count(need["suit"])
        declared = need["suit"] if "coin" in ctype(card).suits else None
    elif kind == "cards":
        ns["have"] += 1
    else:
        ns["suits"].append(declared)
        ns["have"] = len(ns["suits"])
    shown = card if src == "hand" else None
    if "coin" in ctype(card).suits:
        ev_pub(ev, "dog_add_coin", seat=seat, card=shown, suits=list(ctype(card).suits),
               source=src, declared=declared)
    else:
        ev_pub(ev, "dog_add", seat=seat, card=shown, suits=list(ctype(card).suits),
               source=src)

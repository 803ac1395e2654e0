"""Fort's cheap player: one rule of thumb per decision, for the rollouts and the easy AI.

Play the card worth most now (Advance Fort when it can be paid, VP, gathering what the next
level needs); use both actions, the gathering one first; improve with every matching card
(added cards go to the discard pile, safe from the Yard); follow a useful public action with
the least valuable matching card; recruit the best card in reach; gather and convert toward
the next level; pack whatever fits; put coins and doubles in the Lookout; never cancel.
"""

from __future__ import annotations

from typing import Any

from rules.base import Action
from rules.fort import effects
from rules.fort.ai_eval import PERK_VALUE, card_value, refresh
from rules.fort.ai_eval import ct as ctype
from rules.fort.card_frame import Card
from rules.fort.common import (
    advance_cost,
    available,
    can_advance,
    has_perk,
    lookout_count,
    matches,
    pack_total,
    settings,
)
from rules.fort.engine import MACHINE
from rules.fort.state import State

_CARD = Card()
#: A blind card from the Park deck: the mean kid is worth ~1.8; the good ones tend to have
#: been recruited already.
DECK_VALUE = 1.6


def _need(st: State, seat: int) -> tuple[int, int]:
    """(pizza, toy) still missing for the next level (0, 0 at the top or when covered)."""
    cost = advance_cost(st, seat)
    if cost is None:
        return 0, 0
    p = st.players[seat]
    return max(0, cost[0] - available(p, "pizza")), max(0, cost[1] - available(p, "toy"))


def _gather_res(st: State, seat: int) -> str:
    p = st.players[seat]
    miss_p, miss_t = _need(st, seat)
    if miss_p != miss_t:
        return "pizza" if miss_p > miss_t else "toy"
    room_p = settings()["stuff_max"] - p["stuff"]["pizza"]
    room_t = settings()["stuff_max"] - p["stuff"]["toy"]
    if room_p != room_t:
        return "pizza" if room_p > room_t else "toy"
    return "pizza" if available(p, "pizza") <= available(p, "toy") else "toy"


def step_now(st: State, seat: int, s: dict[str, Any], k: int, state: dict[str, Any]) -> float:
    """What one step is worth to ``seat`` now (``state`` carries resources gathered earlier
    in the same action, and whether a spend failed)."""
    op = s["op"]
    n = int(s.get("n", 1)) * (k if s.get("x") else 1)
    p = st.players[seat]
    if state.get("void"):
        return 0.0
    if op == "gather":
        state["got"] = state.get("got", 0) + n
        return 0.55 * n
    if op == "score":
        return float(n)
    if op == "advance":
        disc = int(s.get("discount", 0))
        cost = advance_cost(st, seat, disc)
        if cost is None:
            return 0.0
        have = available(p, "pizza") + available(p, "toy") + state.get("got", 0)
        if can_advance(st, seat, disc) or have >= sum(cost) + 1:
            return 3.0 + p["level"] + 1
        return 0.0
    if op == "spend":
        res = s["res"]
        ok = (available(p, "pizza") + available(p, "toy") >= n) if res == "any" else \
            available(p, res) >= n
        if not ok:
            state["void"] = True
            return 0.0
        return -0.45 * n
    if op == "pack":
        room = 0
        if st.players[seat]["stuff"]["pizza"] + p["stuff"]["toy"] or has_perk(
                st, seat, "sticky_fingers"):
            room = 1
        return 0.2 * min(n, room * n)
    if op == "recruit":
        return 0.7 * n
    if op == "draw":
        return 0.45 * n
    if op == "lookout":
        return 0.6 if p["hand"] else 0.0
    if op == "copy_pack":
        return 0.5 * pack_total(p)
    if op == "copy_rival_pack":
        return 0.5 * max((pack_total(q) for i, q in enumerate(st.players) if i != seat),
                         default=0)
    if op == "trash_self":
        return -0.3
    if op == "trash_rival":
        return 0.2
    if op == "convert":
        return 0.1
    if op == "trash":
        return 0.1
    if op == "copy_kid":
        return 0.8
    return 0.0


def act_now(st: State, seat: int, act: dict[str, Any] | None, k: int) -> float:
    if not act:
        return 0.0
    state: dict[str, Any] = {}
    return sum(step_now(st, seat, s, k, state) for s in act["steps"])


def _k(st: State, seat: int, cid: str, hand: list[str] | None) -> int:
    ct = ctype(cid)
    xs = ct.x_suit
    if xs is None:
        return 1
    k = ct.count(xs) + lookout_count(st.players[seat], xs)
    if hand is not None:
        k += sum(ctype(c).count(xs) for c in hand if c != cid)
    return max(1, k)


def play_value(st: State, seat: int, cid: str) -> float:
    """Playing ``cid`` now (both actions, improved by the hand)."""
    ct = ctype(cid)
    p = st.players[seat]
    if ct.kind == "dog":
        return act_now(st, seat, ct.public, 1) + 1.5
    k = _k(st, seat, cid, p["hand"])
    pub = act_now(st, seat, ct.public, k if ct.public and ct.public.get("x") else 1)
    priv = act_now(st, seat, ct.private, k if ct.private and ct.private.get("x") else 1)
    return max(pub, 0.0) + max(priv, 0.0)


def _mode(st: State, seat: int, cid: str, modes: list[str]) -> str:
    ct = ctype(cid)
    p = st.players[seat]
    k = _k(st, seat, cid, p["hand"])
    pub = act_now(st, seat, ct.public, k if ct.public and ct.public.get("x") else 1)
    priv = act_now(st, seat, ct.private, k if ct.private and ct.private.get("x") else 1)
    if len(modes) == 1:
        return modes[0]
    if pub <= 0 < priv:
        return "private"
    if priv <= 0 < pub:
        return "public"

    def pays(act: dict[str, Any] | None) -> bool:
        return bool(act) and any(s["op"] in ("advance", "spend") for s in act["steps"])

    if pays(ct.public) and not pays(ct.private):
        return "private_public"
    return "public_private"


def follow_value(st: State, seat: int, played: str, cid: str) -> float:
    ct = ctype(played)
    xs = ct.x_suit if ct.public and ct.public.get("x") else None
    k = ctype(cid).count(xs) + lookout_count(st.players[seat], xs) if xs else 1
    return act_now(st, seat, ct.public, max(1, k))


def best_follow(st: State, seat: int, played: str) -> Action:
    p = st.players[seat]
    pct = ctype(played)
    best, top = Action("pass"), 0.2
    for c in p["hand"]:
        if not matches(ctype(c), pct):
            continue
        # The card goes to the discard pile (safe), but it is not played on one's own turn.
        v = follow_value(st, seat, played, c) - 0.25 * card_value(c)
        if v > top:
            best, top = Action("follow", {"card": c}), v
    return best


def recruit_value(st: State, o: Action) -> float:
    prm = o.params
    if prm["from"] == "park":
        return card_value(st.park[int(prm["slot"])])
    if prm["from"] == "deck":
        return DECK_VALUE
    return card_value(prm["card"]) + 0.3


def _lookout_value(st: State, o: Action) -> float:
    prm = o.params
    if prm.get("stop"):
        return 0.0
    if prm.get("from") == "park":
        c = st.park[int(prm["slot"])]
    elif prm.get("from") == "deck":
        return 0.8
    else:
        c = prm["card"]
    ct = ctype(c)
    return 1.0 + 1.5 * ct.suits.count("coin") + 0.6 * (len(ct.suits) - 1) - 0.2 * card_value(c)


def choice_action(st: State, fr: dict[str, Any], seat: int) -> Action:
    opts = effects.choice_options(st, fr)
    what = fr["what"]
    p = st.players[seat]
    real = [o for o in opts if not o.params.get("stop")]
    stop = next((o for o in opts if o.params.get("stop")), None)
    if not real:
        return opts[0]
    if what == "gather_type":
        return Action("choose", {"res": _gather_res(st, seat)})
    if what == "pack":
        supply = [o for o in real if o.params.get("from") == "supply"]
        if supply:
            want = _gather_res(st, seat)
            return next((o for o in supply if o.params["res"] == want), supply[0])
        return max(real, key=lambda o: p["stuff"][o.params["res"]])
    if what == "lookout":
        return max(real, key=lambda o: _lookout_value(st, o))
    if what == "trash":
        worst = min(real, key=lambda o: card_value(o.params["card"]))
        if card_value(worst.params["card"]) < 0.6 and stop is not None:
            return worst
        return stop or real[0]
    if what == "trash_rival":
        return max(real, key=lambda o: (card_value(o.params["card"]),
                                        st.players[o.params["seat"]]["vp"]))
    if what == "copy_rival_pack":
        return max(real, key=lambda o: pack_total(st.players[o.params["seat"]]))
    if what == "convert":
        miss_p, miss_t = _need(st, seat)
        if miss_p > miss_t and available(p, "toy") > 0:
            return Action("choose", {"res": "toy"})
        if miss_t > miss_p and available(p, "pizza") > 0:
            return Action("choose", {"res": "pizza"})
        return stop or real[0]
    if what == "recycle":
        return max(real, key=lambda o: card_value(o.params["card"]))
    if what == "copy_kid":
        return max(real, key=lambda o: act_now(st, seat, ctype(st.park[
            int(o.params["slot"])]).public, 1))
    if what == "perk_pick":
        return max(real, key=lambda o: PERK_VALUE.get(o.params["perk"], 0.8))
    return real[0]


def play_action(st: State, fr: dict[str, Any], seat: int) -> Action:
    p = st.players[seat]
    best, top = Action("skip"), 0.05
    for o in MACHINE.handler(fr).options(st, fr):  # type: ignore[attr-defined]
        if o.kind == "play":
            v = play_value(st, seat, o.params["card"])
        elif o.kind == "perk" and o.params["perk"] == "diy":
            v = 3.0 + p["level"] if can_advance(st, seat, 0, 1) else 0.0
        else:
            continue
        if v > top:
            best, top = o, v
    return best


def policy(st: State, seat: int) -> Action:
    """The rule-of-thumb move of ``seat`` (awaited) in ``st``."""
    refresh()
    fr = MACHINE.top(st)
    assert fr is not None
    kind = fr["kind"]
    if kind == "draft":
        packet = fr["packets"][seat]
        return Action("pick", {"card": max(packet, key=lambda c: (card_value(c), c))})
    if kind == "play":
        if fr.get("pending") is not None:
            return Action("cat", {"cat": fr["cats_left"][0]})
        return play_action(st, fr, seat)
    if kind == "recruit":
        opts = MACHINE.handler(fr).options(st, fr)  # type: ignore[attr-defined]
        return max(opts, key=lambda o: recruit_value(st, o))
    if kind == "choice":
        return choice_action(st, fr, seat)
    if kind == "card":
        stage = fr["stage"]
        if stage == "follow":
            if fr["choices"][seat] is not None:
                return Action("ready")
            return best_follow(st, seat, fr["card"])
        if stage == "follow2":
            opts = _CARD.options(st, fr)
            follows = [o for o in opts if o.kind == "follow"]
            return min(follows, key=lambda o: card_value(o.params["card"])) if follows \
                else opts[0]
        if stage == "mode":
            modes = effects.modes(ctype(fr["card"]))
            return Action("mode", {"mode": _mode(st, seat, fr["card"], modes)})
        if stage == "improve":
            opts = _CARD.options(st, fr)
            adds = [o for o in opts if o.kind == "add"]
            return min(adds, key=lambda o: card_value(o.params["card"])) if adds else opts[0]
        if stage == "do_over":
            hand = st.players[seat]["hand"]
            good = any(play_value(st, seat, c) > 1.5 for c in hand)
            return Action("do_over") if good else Action("pass")
        if stage == "needs":
            return _CARD.default(st, fr, seat)
    return MACHINE.handler(fr).default(st, fr, seat)





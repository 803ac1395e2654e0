"""The AGoT AI's decisions inside a round, on a whole (sampled) state: marches, raids,
battles (support, House cards, the blade, retreats, abilities) and the small choices.

Every function returns one legal ``Action`` for the seat the top frame awaits.
"""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.ai_eval import area_value, threat
from rules.agot.ai_plan import (
    clash_bid,
    plan_muster,
    plan_orders,
    raid_value,
    wildling_bid,
)
from rules.agot.battle_casualties import retreat_options
from rules.agot.battle_strength import _pre_card_strengths, seat_of, strengths
from rules.agot.board import board
from rules.agot.control import blade_holder, castle_counts, control
from rules.agot.flow import HANDLERS
from rules.agot.forces import support_strength
from rules.agot.march import destinations, marches_of
from rules.agot.raids import raids_of
from rules.agot.state import State
from rules.base import Action, RuleViolation
from rules.rng import Rng


def decide(st: State, seat: int, rng: Rng) -> Action:
    fr = st.stack[-1]
    kind = fr["kind"]
    h = HANDLERS[kind]
    if kind == "planning":
        orders = plan_orders(st, seat, rng)
        if not orders and any(u[0] == seat for u in st.units.values()):
            return h.random(st, fr, seat, rng)
        return Action("place_orders", {"orders": orders, "ready": True})
    if kind == "marches":
        return best_march(st, seat)
    if kind == "raids":
        return best_raid(st, seat)
    if kind == "battle":
        return battle_move(st, fr, seat)
    if kind == "muster":
        return Action("muster", {"builds": plan_muster(st, seat)})
    if kind in ("clash", "wildlings"):
        return auction_move(st, fr, seat)
    return h.default(st, fr, seat)  # raven: pass; supply: the cheapest removals


# ---- marches ------------------------------------------------------------------------------
def _support_for(st: State, area: str, seat: int) -> int:
    """Support strength ``seat``'s own Support orders next to ``area`` would add."""
    b = board()
    rains = "rains_of_autumn" in st.restrictions
    total = 0
    for a in b.adj[area]:
        o = st.orders.get(a)
        if o is None or o[0] != seat or b.tokens[o[1]].kind != "support" or a not in st.units:
            continue
        if b.is_sea[area] and not b.is_sea[a]:
            continue
        total += support_strength(st, a, rains)
    return total


def _enemy_support(st: State, area: str, seat: int, dfn: int) -> int:
    b = board()
    rains = "rains_of_autumn" in st.restrictions
    total = 0
    for a in b.adj[area]:
        o = st.orders.get(a)
        if o is None or o[0] == seat or b.tokens[o[1]].kind != "support" or a not in st.units:
            continue
        if b.is_sea[area] and not b.is_sea[a]:
            continue
        total += support_strength(st, a, rains) if o[0] == dfn else 0
    return total


def march_score(st: State, seat: int, origin: str, moves: dict[str, list[int]], leave: bool,
                bonus: int) -> float:
    b = board()
    u = st.units[origin]
    moved = [sum(c[i] for c in moves.values()) for i in range(3)]
    all_out = sum(moved) == u[1] + u[2] + u[3] + u[4] + u[5] + u[6]
    score = 0.0
    if not moves:
        return -0.5
    if all_out and not b.is_sea[origin] and not leave:
        if b.home_of.get(origin) != st.houses[seat] or threat(st, origin, seat):
            score -= area_value(st, origin, seat)
    elif leave:
        score -= 0.6  # the power token spent
    left = u[1] + 2 * u[2] - moved[0] - 2 * moved[1]
    if not b.is_sea[origin] and b.castle[origin] and threat(st, origin, seat) > left + 1:
        score -= 0.5 * area_value(st, origin, seat)
    for dest, c in moves.items():
        strength = c[0] + 2 * c[1] + c[2]
        value = area_value(st, dest, seat)
        if dest in st.neutral:
            score += value
        elif dest in st.units and st.units[dest][0] != seat:
            du = st.units[dest]
            o = st.orders.get(dest)
            dfn_bonus = b.tokens[o[1]].bonus if (o and b.tokens[o[1]].kind == "defense") else 0
            mine = strength + bonus + _support_for(st, dest, seat)
            theirs = du[1] + 2 * du[2] + du[3] + dfn_bonus + _enemy_support(st, dest, seat, du[0])
            p = min(0.95, max(0.03, 0.5 + 0.16 * (mine - theirs)))
            score += p * (value + 1.5 * (du[1] + 2 * du[2] + du[3])) - (1 - p) * 1.2 * strength
        elif control(st, dest) != seat:
            score += value
        else:
            # Moving inside one's own lands: worth it toward a castle still to take.
            near = max((area_value(st, t, seat) for t in b.land_adj.get(dest, ())
                        if control(st, t) != seat and b.castle[t]), default=0.0)
            score += 0.1 * near - 0.2
    return score


def march_options(st: State, seat: int) -> list[tuple[float, Action]]:
    b = board()
    out: list[tuple[float, Action]] = []
    for origin in marches_of(st, seat):
        u = st.units[origin]
        bonus = b.tokens[st.orders[origin][1]].bonus
        out.append((march_score(st, seat, origin, {}, False, bonus),
                    Action("march", {"from": origin, "moves": {}})))
        have = [u[1], u[2], u[3]]
        if not sum(have):
            continue
        keep_one = (not b.is_sea[origin] and b.castle[origin] and sum(have) > 1
                    and threat(st, origin, seat) > 0)
        for dest in destinations(st, seat, origin):
            groups = [have]
            if keep_one:
                part = list(have)
                part[0 if part[0] else 1] -= 1
                groups.append(part)
            for c in groups:
                moves = {dest: c}
                all_out = sum(c) == sum(u[1:7])
                leaves = [False]
                if (all_out and not b.is_sea[origin] and st.power[seat] > 0
                        and st.tokens.get(origin) != seat
                        and (b.castle[origin] or b.supply[origin] or b.crowns[origin])
                        and b.home_of.get(origin) != st.houses[seat]):
                    leaves = [True, False]
                for leave in leaves:
                    s = march_score(st, seat, origin, moves, leave, bonus)
                    out.append((s, Action("march", {
                        "from": origin, "moves": {dest: P.count_dict(c)}, "leave_power": leave})))
    out.sort(key=lambda x: -x[0])
    return out


def valid_marches(st: State, seat: int, limit: int) -> list[Action]:
    """The best ``limit`` march options by ``march_score`` that the engine accepts."""
    h = HANDLERS["marches"]
    out: list[Action] = []
    for _, act in march_options(st, seat):
        if len(out) >= limit:
            break
        probe = st.copy()
        try:
            h.act(probe, probe.stack[-1], seat, act, [])
        except RuleViolation:
            continue
        out.append(act)
    return out


def best_march(st: State, seat: int) -> Action:
    found = valid_marches(st, seat, 1)
    return found[0] if found else HANDLERS["marches"].default(st, st.stack[-1], seat)


def best_raid(st: State, seat: int) -> Action:
    h = HANDLERS["raids"]
    options = h._options(st, seat)
    best, top = options[0], -1.0
    for act in options:
        v = sum(raid_value(st, t) for t in act.params["targets"])
        if v > top:
            best, top = act, v
    return best if raids_of(st, seat) else h.default(st, st.stack[-1], seat)


# ---- battles ------------------------------------------------------------------------------
def battle_move(st: State, fr: dict[str, Any], seat: int) -> Action:
    h = HANDLERS["battle"]
    step = fr["step"]
    if step == "support":
        return Action("support", {"side": support_side(st, fr, seat)})
    if step == "cards":
        return Action("choose_card", {"card": pick_card(st, fr, seat), "ready": True})
    if step == "blade_wait":
        s = strengths(st, fr)
        side = 0 if seat == fr["att"] else 1
        use = s[side] < s[1 - side] and s[side] + 1 >= s[1 - side] and blade_holder(st) == seat
        return Action("use_blade", {"use": bool(use)})
    if step == "retreat_wait":
        return best_retreat(st, fr, seat)
    if step == "effect_wait":
        return best_effect(st, fr, seat)
    return h.default(st, fr, seat)


def support_side(st: State, fr: dict[str, Any], seat: int) -> str:
    if seat == fr["att"]:
        return "attacker"
    if seat == fr["dfn"]:
        return "defender"
    if fr["dfn"] < 0:
        return "none"
    # A third house helps whoever is not leading the castle race (never the leader).
    counts = castle_counts(st)
    a, d = counts[fr["att"]], counts[fr["dfn"]]
    if a > d and a >= max(counts):
        return "defender"
    if d > a and d >= max(counts):
        return "attacker"
    return "none"


def pick_card(st: State, fr: dict[str, Any], seat: int) -> str:
    b = board()
    side = 0 if seat == fr["att"] else 1
    opp = seat_of(fr, 1 - side)
    pre = _pre_card_strengths(st, fr)
    mine, theirs = pre[side], pre[1 - side]
    fief = st.tracks["fiefdoms"]
    win_ties = fief.index(seat) < fief.index(opp)
    theirs_cards = [b.cards[c] for c in st.hands[opp]] or []
    stake = area_value(st, fr["area"], seat) + 2.0 * sum(fr["units"])
    best, top = None, float("-inf")
    for cid in sorted(st.hands[seat]):
        c = b.cards[cid]
        wins = 0.0
        for o in theirs_cards:
            a, d = mine + c.strength, theirs + o.strength
            wins += 1.0 if (a > d or (a == d and win_ties)) else 0.0
        p = wins / len(theirs_cards) if theirs_cards else 1.0
        value = p * stake - 0.9 * c.strength + 0.5 * (c.swords + c.forts)
        if c.ability:
            value -= 0.3
        if value > top:
            best, top = cid, value
    return best if best is not None else sorted(st.hands[seat])[0]


def best_retreat(st: State, fr: dict[str, Any], seat: int) -> Action:
    b = board()
    h = HANDLERS["battle"]
    opts = dict(retreat_options(st, fr))
    acts = [a for a in h.legal(st, fr, seat) if isinstance(a, Action)]

    def score(a: Action) -> float:
        to = a.params["area"]
        return opts.get(to, 0) * 3 + (2 if b.castle.get(to) else 0) + (
            1 if control(st, to) == seat else 0)

    return max(acts, key=score) if acts else h.default(st, fr, seat)


def best_effect(st: State, fr: dict[str, Any], seat: int) -> Action:
    b = board()
    h = HANDLERS["battle"]
    acts = [a for a in h.legal(st, fr, seat) if isinstance(a, Action)]
    targets = [a for a in acts if a.params.get("target") is not None]
    if not targets:
        return acts[0]
    effect = fr["effect"]
    if effect in ("melisandre", "luwin"):
        return max(targets, key=lambda a: (b.cards[a.params["target"]].strength,
                                           a.params["target"]))
    if effect in ("cersei", "asha"):
        kinds = {"march": 4, "defense": 3, "support": 2, "consolidate": 2, "raid": 1}

        def weight(a: Action) -> tuple[int, str]:
            o = st.orders[a.params["target"]]
            return kinds.get(b.tokens[o[1]].kind, 0), a.params["target"]
        return max(targets, key=weight)
    return targets[0]


# ---- auctions -------------------------------------------------------------------------------
def auction_move(st: State, fr: dict[str, Any], seat: int) -> Action:
    h = HANDLERS[fr["kind"]]
    step = fr["step"]
    if step == "bid":
        amount = (clash_bid(st, seat, fr["track"]) if fr["kind"] == "clash"
                  else wildling_bid(st, seat))
        return Action("bid", {"amount": amount, "ready": True})
    if fr["kind"] == "clash" and step == "tie":
        ranking = list(fr["ranking"])
        bids = fr["bids"]
        if seat in ranking:
            i = ranking.index(seat)
            j = i
            while j > 0 and bids[ranking[j - 1]] == bids[seat]:
                j -= 1
            ranking.insert(j, ranking.pop(i))
        return Action("order_ties", {"ranking": ranking})
    if step == "tie":
        tied = fr["tied"]
        others = [s for s in tied if s != seat]
        pick = seat if (fr["won"] and seat in tied) or not others else others[0]
        return Action("choose_bidder", {"seat": pick})
    if step == "reclaim":
        b = board()
        if not st.discards[seat]:
            return Action("reclaim_card", {"card": None})
        return Action("reclaim_card", {"card": max(st.discards[seat],
                                                   key=lambda c: (b.cards[c].strength, c))})
    return h.default(st, fr, seat)

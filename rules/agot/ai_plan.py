"""The AGoT AI's plans for the phases that shape a round: orders, mustering and bids.

Orders (planning): each land army looks for the best area it can take (uncontrolled castles
and strongholds first, then supply and crowns) with enough strength, counting a march bonus
and friendly support; those armies get March orders (the +1 one to the best). Castles next to
a rival army get Defense; areas next to a planned battle get Support; the rest consolidate
power (land) or raid/support (sea). Stars go to the march, then defense, then support.
"""

from __future__ import annotations

from typing import Any

from rules.agot.ai_eval import area_value, threat
from rules.agot.board import KNIGHT, SHIP, board
from rules.agot.control import control, count_type
from rules.agot.forces import transport_reach
from rules.agot.planning import banned_kinds, check_orders, orderable, stars
from rules.agot.raids import RAIDABLE
from rules.agot.state import State
from rules.agot.westeros_muster import apply_builds, muster_areas
from rules.base import RuleViolation
from rules.rng import Rng

TOKENS = {
    "march": ("march_+1s", "march_0", "march_-1"),
    "defense": ("defense_+2s", "defense_+1a", "defense_+1b"),
    "support": ("support_+1s", "support_0a", "support_0b"),
    "raid": ("raid_a", "raid_b", "raid_s"),
    "consolidate": ("consolidate_a", "consolidate_b", "consolidate_s"),
}


#: Switches measured against their absence (seat-against-seat tournaments, docs/ai/agot.md):
#: planning counts the support neighbouring armies could add; only a threat as strong as
#: the area's army calls for a Defense order.
SUPPORT_AWARE = True
CALM = True
#: The margin over a rival's expected strength an attack is planned with (attacking at
#: margin 0 measured worse).
ATTACK_MARGIN = 1.0


def defence_needed(st: State, area: str, seat: int) -> float:
    """Strength a rival must beat to take ``area``: neutral force, or units, a likely
    defense order and half of what its neighbours could support with."""
    if area in st.neutral:
        return st.neutral[area][0]
    u = st.units.get(area)
    if u is None or u[0] == seat:
        return 0
    extra = 0.5 * side_support(st, area, u[0], area) if SUPPORT_AWARE else (
        1 if board().castle[area] else 0)
    return u[1] + 2 * u[2] + 1 + extra


def side_support(st: State, area: str, who: int, origin: str) -> int:
    """Strength ``who``'s units next to ``area`` (but not in ``origin``) could support with."""
    b = board()
    sea_battle = b.is_sea[area]
    total = 0
    for a in b.adj[area]:
        if a == origin:
            continue
        u = st.units.get(a)
        if u is None or u[0] != who:
            continue
        if b.is_sea[a]:
            total += u[3]
        elif not sea_battle:
            total += u[1] + 2 * u[2]
    return total


def march_targets(st: State, seat: int, origin: str, strength: int, bonus: int = 0
                  ) -> list[tuple[float, str]]:
    """(gain, area) for land areas ``origin``'s army could take, best first."""
    b = board()
    out = []
    for t in transport_reach(st, seat, origin):
        if control(st, t) == seat:
            continue
        need = defence_needed(st, t, seat)
        have = strength + bonus
        if SUPPORT_AWARE and t in st.units:
            have += side_support(st, t, seat, origin)
        if have < need + (0 if t in st.neutral or not need else ATTACK_MARGIN):
            continue
        gain = area_value(st, t, seat)
        if t in st.units:
            gain += 2.0  # beating a rival costs him units too
            gain -= 2.0 * max(0.0, need + 2 - have)  # a close fight: the House cards decide
        if b.castle[t]:
            gain += 2.0
        out.append((gain, t))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def plan_orders(st: State, seat: int, rng: Rng, noise: float = 0.0) -> dict[str, str]:
    """A full, legal set of orders for ``seat`` (area -> token). ``noise`` > 0 perturbs the
    gains (and the choice between an area's first two order kinds): the search's variants."""
    b = board()
    banned = banned_kinds(st)
    areas = orderable(st, seat)
    want: dict[str, list[str]] = {}
    armies: list[tuple[float, str, list[tuple[float, str]]]] = []
    for a in areas:
        u = st.units[a]
        if b.is_sea[a]:
            continue
        strength = u[1] + 2 * u[2]
        if strength == 0:
            continue
        targets = [(g + noise * rng.randbelow(1000) / 250, t)
                   for g, t in march_targets(st, seat, a, strength, 1)]
        targets.sort(key=lambda x: (-x[0], x[1]))
        if not targets:
            continue
        # A home or castle next to a rival is not left empty for a small gain.
        if b.castle[a] and threat(st, a, seat) > 0 and targets[0][0] < area_value(st, a, seat):
            continue
        armies.append((targets[0][0] + rng.randbelow(100) / 200, a, targets))
    armies.sort(key=lambda x: (-x[0], x[1]))
    planned_targets: set[str] = set()
    for _, a, targets in armies:
        if len(planned_targets) >= 3:
            break
        free = [(g, t) for g, t in targets if t not in planned_targets and g > 1.0]
        if not free:
            continue
        want[a] = ["march", "defense", "consolidate"]
        planned_targets.add(free[0][1])
    battle_areas = planned_targets
    for a in areas:
        if a in want:
            continue
        u = st.units[a]
        adj = b.adj_set[a]
        near_battle = any(t in adj for t in battle_areas)
        danger = 0 if b.is_sea[a] else threat(st, a, seat)
        if b.is_sea[a]:
            raid_hit = any(st.units.get(x, [seat])[0] != seat for x in b.adj[a])
            want[a] = (["support", "raid", "defense"] if near_battle else
                       ["raid", "support", "defense"] if raid_hit else
                       ["support", "raid", "defense"])
        elif danger and (b.castle[a] or b.home_of.get(a)) and danger >= u[1] + 2 * u[2]:
            want[a] = ["defense", "support", "consolidate"]
        elif near_battle:
            want[a] = ["support", "defense", "consolidate"]
        elif danger and (not CALM or danger >= u[1] + 2 * u[2]):
            want[a] = ["defense", "consolidate", "support"]
        else:
            want[a] = ["consolidate", "support", "defense", "raid"]
    if noise:
        for kinds in want.values():
            if kinds[0] != "march" and rng.randbelow(1000) < 250 * noise:
                kinds[0], kinds[1] = kinds[1], kinds[0]
    return assign_tokens(st, seat, want, banned)


def assign_tokens(st: State, seat: int, want: dict[str, list[str]], banned: set[str]
                  ) -> dict[str, str]:
    b = board()
    left = stars(st, seat)
    used: set[str] = set()
    out: dict[str, str] = {}
    # Marches first (the +1 to the first), then the rest in area order.
    order = sorted(want, key=lambda a: (want[a][0] != "march", want[a][0] != "defense", a))
    for a in order:
        for kind in [*want[a], "support", "defense", "raid", "march", "consolidate"]:
            if kind in banned or (kind == "consolidate" and b.is_sea[a]):
                continue
            tok = None
            for t in TOKENS[kind]:
                if t in used:
                    continue
                if b.tokens[t].special and (left <= 0 or kind in ("raid", "consolidate")):
                    continue
                tok = t
                break
            if tok is None:
                continue
            out[a] = tok
            used.add(tok)
            left -= b.tokens[tok].special
            break
    try:
        check_orders(st, seat, out)
    except RuleViolation:
        return {}
    return dict(sorted(out.items()))


# ---- mustering --------------------------------------------------------------------------
def plan_muster(st: State, seat: int) -> list[dict[str, Any]]:
    """Builds, greedily: knights in strongholds, footmen and upgrades in castles; a ship where
    the house has few and a free sea is next door. Each build is checked on a probe."""
    b = board()
    builds: list[dict[str, Any]] = []
    probe = st.copy()
    ships = count_type(st, seat, SHIP)
    areas = sorted(muster_areas(st, seat),
                   key=lambda a: (-threat(st, a, seat), -b.castle[a], a))
    for area in areas:
        points = b.castle[area]
        options: list[dict[str, Any]] = []
        seas = [s for s in b.sea_adj[area]
                if (s not in st.units or st.units[s][0] == seat)]
        if ships < 2 and seas:
            options.append({"area": area, "unit": "ship", "sea": seas[0]})
        if points >= 2 and count_type(probe, seat, KNIGHT) < b.unit_limits[KNIGHT]:
            options.append({"area": area, "unit": "knight"})
        options += [{"area": area, "unit": "upgrade"}, {"area": area, "unit": "footman"}]
        while points > 0:
            done = False
            for item in options:
                cost = {"footman": 1, "knight": 2, "ship": 1, "upgrade": 1}[item["unit"]]
                if cost > points:
                    continue
                trial = probe.copy()
                try:
                    apply_builds(trial, seat, [item])
                except RuleViolation:
                    continue
                probe = trial
                builds.append(item)
                points -= cost
                if item["unit"] == "ship":
                    ships += 1
                    options = [o for o in options if o["unit"] != "ship"]
                done = True
                break
            if not done:
                break
    return builds


# ---- bids ---------------------------------------------------------------------------------
def clash_bid(st: State, seat: int, track: int) -> int:
    """A share of the power for each track: the Throne and the Court matter most; a house
    already first keeps some, one far behind does not spend it all."""
    power = st.power[seat]
    if power <= 0:
        return 0
    name = ("throne", "fiefdoms", "court")[track]
    rivals = sorted((st.power[s] for s in range(st.n) if s != seat), reverse=True)
    share = (0.4, 0.35, 0.6)[track]
    bid = int(power * share + 0.5)
    top = rivals[0] if rivals else 0
    if bid > top:  # no need to outbid a rival's whole purse
        bid = top + 1 if name != "fiefdoms" else top
    return max(0, min(power, bid))


def wildling_bid(st: State, seat: int) -> int:
    power = st.power[seat]
    if power <= 0 or st.wildling <= 0:
        return 0
    share = (st.wildling + st.n - 1) // st.n
    if st.wildling >= 8:
        share += 1
    return max(0, min(power // 2 + 1, share, power))


def raid_value(st: State, target: str) -> float:
    kind = board().tokens[st.orders[target][1]].kind
    return {"consolidate": 3.0, "support": 2.0, "raid": 1.0}.get(kind, 0.0) if kind in RAIDABLE \
        else 0.0

"""Fort's heuristic: what a card is worth to own, what an action is worth now, and how good a
whole position is for a seat (``evaluate``: projected final points against the best rival).

The known strategy it encodes: VP now (track, Macaroni, cats, the kennel majority, one's own
Made-Up Rules); Stuff and Pack as the fuel of fort levels (worth more while the game has time
left and the player owns Advance Fort actions); a deck of good cards (Advance Fort, VP,
gathering, improvable actions, coins); perks; cards left in hand go to the Yard where rivals
recruit them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.fort.common import advance_cost, available, owned_cards, pack_cap, settings
from rules.fort.data import CardType, Tables, ctype, tables
from rules.fort.scoring import rule_score
from rules.fort.state import Player, State
from rules.kit.ai import result_value

#: What one unit of a step is worth, owned (not knowing when it is played).
STEP_VALUE = {
    "gather": 0.5, "pack": 0.25, "lookout": 0.6, "trash": 0.15, "trash_self": 0.0,
    "recruit": 0.7, "advance": 2.5, "score": 1.0, "spend": -0.45, "trash_rival": 0.2,
    "copy_pack": 0.6, "copy_rival_pack": 0.7, "convert": 0.15, "draw": 0.5, "copy_kid": 0.8,
}
#: The expected improvement count of an improvable action.
X_MEAN = 1.6
PERK_VALUE = {"diy": 2.5, "birthday_party": 1.5, "sticky_fingers": 1.5, "do_over": 1.4,
              "copy_cat": 1.2, "xxl_backpack": 1.0, "bribe": 0.9, "recycling": 0.8,
              "rough_housing": 0.5}
#: A rival's unseen Made-Up Rule, on average.
RIVAL_RULE = 2.5


def action_value(act: dict[str, Any] | None) -> float:
    if not act:
        return 0.0
    v = 0.0
    for s in act["steps"]:
        unit = STEP_VALUE.get(s["op"], 0.0)
        if s["op"] == "advance":
            unit += 0.5 * int(s.get("discount", 0))
        if s["op"] == "gather" and s.get("res") == "either":
            unit += 0.1
        n = int(s.get("n", 1))
        v += unit * n * (X_MEAN if s.get("x") else 1.0)
    return v


T = TypeVar("T")

_TYPES: dict[str, CardType] = {}
_VALUES: dict[str, float] = {}
_ADVANCES: dict[str, int] = {}
_LOADED: list[Tables] = []


def refresh() -> None:
    """Forget the cached card types when the content pack changed (once per decision)."""
    t = tables()
    if not _LOADED or _LOADED[0] is not t:
        _TYPES.clear()
        _VALUES.clear()
        _ADVANCES.clear()
        _LOADED[:] = [t]


def _memo(cache: dict[str, T], cid: str, make: Callable[[str], T]) -> T:
    """``make(cid)``, computed once per content pack (``refresh`` clears the caches)."""
    got = cache.get(cid)
    if got is None:
        got = cache[cid] = make(cid)
    return got


def ct(cid: str) -> CardType:
    """``ctype`` through a cache (``ctype`` looks the content pack up on every call)."""
    return _memo(_TYPES, cid, ctype)


def _advances(cid: str) -> int:
    return _memo(_ADVANCES, cid, lambda c: ct(c).advance_actions())


def _type_value(cid: str) -> float:
    ct = _TYPES.get(cid) or ctype(cid)
    pub, priv = action_value(ct.public), action_value(ct.private)
    v = max(pub, priv) + 0.5 * min(pub, priv) + 0.2 * pub  # a public action is followed too
    if "coin" in ct.suits:
        v += 0.3
    if len(ct.suits) > 1:
        v += 0.3
    if ct.kind == "dog":
        v += 1.0  # a kennel dog counts for the majority
    return v


def card_value(cid: str) -> float:
    """What owning ``cid`` is worth, roughly in VP over a game."""
    return _memo(_VALUES, cid, _type_value)


def time_left(st: State) -> float:
    """The share of the game still to play, 1 at the start and 0 at the end."""
    if st.end is not None:
        return 0.05
    s = settings()
    deck = min(1.0, len(st.park_deck) / 30.0)
    vp = 1.0 - max(p["vp"] for p in st.players) / s["end_vp"]
    lvl = 1.0 - max(p["level"] for p in st.players) / s["end_level"]
    return max(0.05, min(deck, vp, lvl))


def _cats_vp(st: State, seat: int) -> float:
    if not st.cfg.get("cats"):
        return 0.0
    n = sum(1 for o in st.cats.values() if o == seat)
    table = settings()["cat_vp"]
    return float(table[min(n, len(table) - 1)])


def _resources(st: State, seat: int, f: float) -> float:
    """Stuff and Pack toward the next fort levels."""
    p = st.players[seat]
    pizza, toy = available(p, "pizza"), available(p, "toy")
    need = advance_cost(st, seat)
    if need is None:
        return 0.0
    # Up to two levels' worth are fuel; beyond that little use.
    useful = min(pizza, need[0] + 3) + min(toy, need[1] + 3)
    spare = pizza + toy - useful
    return (0.6 * useful + 0.1 * spare) * (0.3 + 0.7 * f)


def points(st: State, seat: int, f: float, mine: bool) -> float:
    """Projected final points of ``seat`` (its own Made-Up Rules exactly, a rival's on
    average), plus what its cards, resources and perks are worth in the time left."""
    p: Player = st.players[seat]
    s = settings()
    v = float(p["vp"])
    if st.macaroni == seat:
        v += s["macaroni_vp"]
    v += _cats_vp(st, seat)
    if st.cfg.get("dogs"):
        kennels = [len(q["kennel"]) for q in st.players]
        top = max(kennels)
        if kennels[seat] and kennels[seat] == top:
            v += s["dog_majority_vp"] / kennels.count(top)
        v += 0.4 * len(p["kennel"])
    if mine:
        v += sum(rule_score(st, seat, r) for r in p["rules"])
    else:
        v += RIVAL_RULE * len(p["rules"])
    v += _resources(st, seat, f)
    owned = owned_cards(p)
    deck = sum(card_value(c) for c in owned) - 0.8 * sum(card_value(c) for c in p["yard"])
    adv = sum(_advances(c) for c in owned)
    v += f * (0.25 * deck + 1.2 * min(adv, 4))
    v += f * sum(PERK_VALUE.get(k, 0.8) for k in p["perks"])
    v += 0.3 * p["level"] * f + 0.1 * pack_cap(st, seat) * f
    v += 0.15 * len(p["lookout"])
    return v


def evaluate(rules: Any, st: State, seat: int) -> float:
    """Projected points of ``seat`` minus the best rival's; a finished game ±100 around its
    margin (a won game above any running one)."""
    refresh()
    done = result_value(rules, st, seat)
    if done is not None:
        scores = st.result["scores"] if st.result else {}
        me = float(scores.get(str(seat), 0))
        best = max((float(v) for k, v in scores.items() if k != str(seat)), default=0.0)
        return 200.0 * done - 100.0 + 0.1 * (me - best)
    f = time_left(st)
    me = points(st, seat, f, True)
    rivals = [points(st, i, f, False) for i in range(st.n) if i != seat]
    return me - (0.7 * max(rivals) + 0.3 * sum(rivals) / len(rivals))

"""Determinization for the AGoT AI: a whole ``State`` rebuilt from one seat's view.

What a seat cannot see, and how it is sampled:
- other houses' secret orders in planning: a house not yet ready has committed nothing we
  model (its orders are not on the board); a ready house's face-down orders get tokens drawn
  from its legal sets (``check_orders``), so their kinds look plausible;
- other houses' bids (Clash of Kings, the Night's Watch) until revealed: a random amount
  within their power;
- the opposing House card of a battle until revealed: one card of that house's hand;
- the order of the Westeros decks: shuffled, the card drawn this round put where the engine
  keeps it;
- the state's own random stream: a fresh seed.

Everything else (units, tokens, tracks, hands — a house's hand is its seven cards minus its
public discards — and the frame stack) is read back from the view; the frames' bookkeeping
fields are recomputed as the engine would have them.
"""

from __future__ import annotations

from typing import Any

from rules.agot.ai_plan import plan_orders
from rules.agot.board import TRACKS, UNIT_INDEX, board
from rules.agot.forces import support_areas
from rules.agot.house_cards import card
from rules.agot.planning import check_orders
from rules.agot.state import State
from rules.agot.westeros_auctions import bid_ranking, tie_groups
from rules.base import JSON, RuleViolation
from rules.rng import Rng

_UNITS = ("footmen", "knights", "ships")
#: The Westeros card effect that pushes each sub-frame of the Westeros phase.
_EFFECT_OF = {"supply": "supply", "muster": "mustering", "clash": "clash_of_kings",
              "wildlings": "wildling_attack"}
#: The round frame's step while its phase's frame runs (it is bumped when it pushes).
_ROUND_STEP = {"westeros": 1, "planning": 2, "raven": 3, "raids": 4, "marches": 5, "battle": 5}


def _counts(d: dict[str, Any]) -> list[int]:
    out = [0, 0, 0]
    for k, v in (d or {}).items():
        out[UNIT_INDEX[k]] += int(v)
    return out


def determinize(view: JSON, seat: int, rng: Rng) -> State:
    b = board()
    seats = view["seats"]
    n = len(seats)
    st = State.__new__(State)
    st.n = n
    st.houses = [s["house"] for s in seats]
    seat_of = {h: i for i, h in enumerate(st.houses)}
    st.round = int(view["round"])
    st.rng = Rng(rng.randbelow(2**31))
    st.units, st.tokens, st.neutral, st.orders = {}, {}, {}, {}
    hidden_orders: dict[int, list[str]] = {}
    for area, info in view["board"].items():
        if "seat" in info:
            r = info["routed"]
            st.units[area] = [info["seat"], info["footmen"], info["knights"], info["ships"],
                              r["footmen"], r["knights"], r["ships"]]
        if "power_token" in info:
            st.tokens[area] = seat_of[info["power_token"]]
        if "neutral" in info:
            st.neutral[area] = [info["neutral"]["strength"], info["neutral"]["house"]]
        o = info.get("order")
        if o is not None:
            if o.get("face_down"):
                hidden_orders.setdefault(o["seat"], []).append(area)
            else:
                st.orders[area] = [o["seat"], o["token"]]
    st.power = [s["power"] for s in seats]
    st.tracks = {k: list(v) for k, v in view["tracks"].items()}
    st.supply = [s["supply"] for s in seats]
    st.wildling = int(view["wildling_threat"])
    st.discards = [list(s["discards"]) for s in seats]
    st.hands = []
    for s in range(n):
        if s == seat:
            st.hands.append(list(view["you"]["hand"]))
        else:
            gone = list(st.discards[s])
            hand = [c for c in b.house_cards[st.houses[s]] if c not in gone]
            st.hands.append(hand)
    st.westeros = list(view["westeros_cards"])
    st.restrictions = list(view["restrictions"])
    st.blade_used = bool(view["blade_used"])
    st.result = view["result"]
    st.castles_to_win = int(view["castles_to_win"])
    st.config = {"houses": "random"}
    st.stack = [] if st.result is not None else _stack(st, view, seat, hidden_orders, rng)
    st.decks = _decks(st, rng)
    return st


def _decks(st: State, rng: Rng) -> list[list[str]]:
    b = board()
    in_westeros = any(fr["kind"] == "westeros" for fr in st.stack)
    decks = []
    for d in (1, 2, 3):
        cards = [w.id for w in b.data.westeros_deck(d)]
        drawn = st.westeros[d - 1] if len(st.westeros) == 3 else None
        if drawn is not None and drawn in cards:
            cards.remove(drawn)
        rng.shuffle(cards)
        if drawn is not None:
            # Drawn this round: on top while the phase runs, under the deck afterwards.
            cards = [drawn, *cards] if in_westeros else [*cards, drawn]
        decks.append(cards)
    return decks


def _stack(st: State, view: JSON, seat: int, hidden: dict[int, list[str]], rng: Rng
           ) -> list[dict[str, Any]]:
    phase = view["phase"]
    kind = phase.split(":", 1)[0]
    fv = view["frame"]
    awaited = list(view["awaiting"])
    throne = st.tracks["throne"]
    if kind in ("supply", "muster", "clash", "wildlings"):
        effect = _EFFECT_OF[kind]
        b = board()
        deck = next((i for i, c in enumerate(st.westeros) if b.wcards[c].effect == effect), 0)
        stack = [{"kind": "round", "step": 1}, {"kind": "westeros", "step": deck + 2}]
        stack.append(_westeros_frame(st, kind, fv, seat, awaited, rng))
        return stack
    stack = [{"kind": "round", "step": _ROUND_STEP[kind]}]
    if kind == "planning":
        stack.append(_planning(st, fv, seat, hidden, rng))
    elif kind == "raven":
        stack.append({"kind": "raven"})
    elif kind == "raids":
        s = awaited[0]
        stack.append({"kind": "raids", "idx": throne.index(s), "seat": s})
    elif kind == "marches":
        s = awaited[0]
        stack.append({"kind": "marches", "idx": throne.index(s), "seat": s})
    elif kind == "battle":
        att = fv["attacker"]
        stack.append({"kind": "marches", "idx": (throne.index(att) + 1) % st.n, "seat": att})
        stack.append(_battle(st, fv, seat, rng))
    else:  # a frame kind this module does not know: fail loudly in tests
        raise ValueError(f"cannot rebuild phase {phase!r}")
    return stack


def _planning(st: State, fv: JSON, seat: int, hidden: dict[int, list[str]], rng: Rng
              ) -> dict[str, Any]:
    ready = [bool(fv["ready"][str(s)]) for s in range(st.n)]
    orders: list[dict[str, str]] = [{} for _ in range(st.n)]
    orders[seat] = dict(sorted(fv.get("your_orders", {}).items()))
    for s, areas in hidden.items():
        if s != seat:
            orders[s] = sample_orders(st, s, sorted(areas), rng)
    return {"kind": "planning", "orders": orders, "ready": ready}


def sample_orders(st: State, seat: int, areas: list[str], rng: Rng) -> dict[str, str]:
    """Legal tokens for exactly ``areas`` (a ready house's face-down orders): a variant of
    the AI's own plan for that house when it covers them, else random legal tokens."""
    b = board()
    guess = plan_orders(st, seat, rng, 1.0)
    if sorted(guess) == areas:
        return guess
    if set(areas) <= set(guess):
        sub = {a: guess[a] for a in areas}
        try:
            check_orders(st, seat, sub)
            return sub
        except RuleViolation:
            pass
    for attempt in range(40):
        pool = list(b.token_ids)
        rng.shuffle(pool)
        if attempt >= 20:  # plain tokens first: a legal set almost always exists then
            pool.sort(key=lambda t: b.tokens[t].special)
        out: dict[str, str] = {}
        for area in areas:
            for i, tok in enumerate(pool):
                trial = {**out, area: tok}
                try:
                    check_orders(st, seat, trial)
                except RuleViolation:
                    continue
                out = trial
                pool.pop(i)
                break
        if len(out) == len(areas):
            return dict(sorted(out.items()))
    return dict(sorted(out.items()))


def _bids(st: State, fv: JSON, seat: int, rng: Rng) -> tuple[list[int], list[bool]]:
    ready = [bool(fv["ready"][str(s)]) for s in range(st.n)]
    if "bids" in fv:
        return [int(fv["bids"][str(s)]) for s in range(st.n)], ready
    bids = [0] * st.n
    for s in range(st.n):
        if s == seat:
            bids[s] = int(fv.get("your_bid", 0))
        elif ready[s] and st.power[s] > 0:
            bids[s] = rng.randint(0, st.power[s])
    return bids, ready


def _westeros_frame(st: State, kind: str, fv: JSON, seat: int, awaited: list[int], rng: Rng
                    ) -> dict[str, Any]:
    throne = st.tracks["throne"]
    if kind == "supply":
        return {"kind": "supply", "step": 1, "pending": [s for s in throne if s in awaited]}
    if kind == "muster":
        s = awaited[0]
        return {"kind": "muster", "idx": throne.index(s), "seat": s}
    bids, ready = _bids(st, fv, seat, rng)
    step = "bid" if "bids" not in fv else None
    if kind == "clash":
        track = TRACKS.index(fv["track"])
        fr: dict[str, Any] = {"kind": "clash", "track": track, "step": step or "tie",
                              "bids": bids, "ready": ready, "ranking": [], "chosen": -1,
                              "owed": [0] * st.n}
        if fr["step"] == "tie":
            fr["ranking"] = bid_ranking(st.n, bids, st.tracks[fv["track"]])
        return fr
    fr = {"kind": "wildlings", "track": 0, "step": "bid", "bids": bids, "ready": ready,
          "ranking": [], "chosen": -1, "owed": [0] * st.n}
    if step == "bid":
        return fr
    groups = tie_groups(bids, bid_ranking(st.n, bids, throne))
    if "owed" in fv:
        fr.update(step="penalty", won=False, chosen=fv["chosen"],
                  owed=[int(fv["owed"][str(s)]) for s in range(st.n)])
    elif "chosen" in fv:
        fr.update(step="reclaim", won=True, chosen=fv["chosen"])
    elif "tied" in fv:
        fr.update(step="tie", won=bool(fv["watch_wins"]), tied=list(fv["tied"]))
    else:  # a view from before the tie was shown: a consistent guess
        won = len(groups[-1]) < 2
        fr.update(step="tie", won=won, tied=groups[0] if won else groups[-1])
    return fr


def _battle(st: State, fv: JSON, seat: int, rng: Rng) -> dict[str, Any]:
    att = fv["attacker"]
    dfn = -1 if fv["defender"] is None else fv["defender"]
    area = fv["area"]
    decl = dict(fv["support"])
    sup = support_areas(st, area)
    sup_seat = {}
    for a in decl:
        if a in sup:
            sup_seat[a] = sup[a]
        elif a in st.orders:
            sup_seat[a] = st.orders[a][0]
        else:
            sup_seat[a] = st.units[a][0] if a in st.units else att
    ready_v = fv.get("cards_ready", {})
    ready = [bool(ready_v.get("attacker")), bool(ready_v.get("defender"))]
    cards: list[str | None] = [None, None]
    revealed = "cards" in fv
    if revealed:
        cards = [fv["cards"]["attacker"], fv["cards"]["defender"]]
    else:
        for side, s in enumerate((att, dfn)):
            if s == seat:
                cards[side] = fv.get("your_card")
            elif s >= 0 and ready[side] and st.hands[s]:
                cards[side] = rng.choice(sorted(st.hands[s]))
    fr: dict[str, Any] = {
        "kind": "battle", "area": area, "from": fv["from"], "att": att, "dfn": dfn,
        "units": _counts(fv["attacking_units"]), "bonus": int(fv["march_bonus"]),
        "step": fv["step"], "decl": decl, "sup_seat": sup_seat, "cards": cards,
        "ready": ready, "revealed": revealed, "cancel": [False, False], "blade": -1,
        "forced": -1, "winner": -1, "strength": [0, 0],
        "casualties": int(fv.get("casualties_due", 0)), "effect": None,
    }
    if revealed:
        c0, c1 = card(cards[0]), card(cards[1])
        q0 = c0 is not None and c0.ability == "queen_of_thorns"
        q1 = c1 is not None and c1.ability == "queen_of_thorns"
        fr["cancel"] = [q1, q0]
    if revealed and "winner" not in fv:
        if sum(fr["units"]) == 0:
            fr["forced"] = 1
        else:
            u = st.units.get(area)
            if u is None or u[0] != dfn or sum(u[1:7]) == 0:
                fr["forced"] = 0
    if "winner" in fv:
        fr["winner"] = 0 if fv["winner"] == att else 1
        fr["strength"] = [fv["strength"]["attacker"], fv["strength"]["defender"]]
        w = fr["winner"]
        c = card(cards[w])
        if fr["step"] in ("effect_wait", "end"):
            fr["effect"] = None if c is None or fr["cancel"][w] else c.ability
    return fr


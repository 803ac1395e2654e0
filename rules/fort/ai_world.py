"""Fort's determinization: a whole ``State`` rebuilt from one seat's view.

What the view shows is copied; what it hides is sampled from what the seat cannot rule out:
the unseen card instances (every kid of the Park deck, the Best Friends, the dogs, minus every
card the view shows) fill the hidden places — the seat's own deck, the others' hands, decks
and Lookouts (only a card with the shown suits), the Park deck (kids only), the others' draft
packets and picks — with each Best Friend kept with its owner. The others' Made-Up Rules and
the rule stack come from the rules the seat does not hold. The frame stack is rebuilt from the
view's ``pending`` list; fields the views leave out (a resolving action's step, a Turn's
phase, the Recruit kind) are inferred from the frames around them.
"""

from __future__ import annotations

from typing import Any

from rules.fort.card_frame import Card
from rules.fort.common import clockwise_from
from rules.fort.data import ctype, tables
from rules.fort.state import State
from rules.rng import Rng

#: The step op that opened a ``choice`` frame of this kind.
WHAT_OP = {"gather_type": "gather", "pack": "pack", "lookout": "lookout", "trash": "trash",
           "trash_rival": "trash_rival", "copy_rival_pack": "copy_rival_pack",
           "convert": "convert", "copy_kid": "copy_kid", "perk_pick": "advance"}


def _universe(n: int, cfg: dict[str, Any], drafting: bool) -> tuple[list[str], list[str]]:
    """Every card instance that can be in play: the kids (Best Friends after the draft) and
    the dogs (those not dealt are out of the game)."""
    t = tables()
    kids = list(t.park_deck)
    if not drafting:
        kids += [k for _, bfs in t.boards[:n] for k in bfs]
    dogs = list(t.dogs) if cfg.get("dogs") else []
    return kids, dogs


def _seen(view: dict[str, Any], seat: int) -> list[str]:
    out: list[str] = list(view["park"]) + list(view["trashed"])
    for i, row in enumerate(view["players"]):
        out += row["discard"] + row["yard"] + row["played"] + row["kennel"]
        if i == seat:
            out += row["hand"] + row["lookout"]
    for fr in view["pending"]:
        if fr["kind"] == "draft":
            out += fr.get("packet", []) + fr.get("drafted", [])
    return out


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    n = int(view["n"])
    cfg = dict(view["config"])
    t = tables()
    pending = view["pending"]
    draft = next((fr for fr in pending if fr["kind"] == "draft"), None)
    kids, dogs = _universe(n, cfg, draft is not None)
    seen = set(_seen(view, seat))
    owner_bf = {k: i for i, row in enumerate(view["players"]) for k in row["best_friends"]}
    unseen_kids = [c for c in kids if c not in seen and c not in owner_bf]
    unseen_bf = [c for c in kids if c not in seen and c in owner_bf]
    unseen_dogs = [c for c in dogs if c not in seen]
    rows = view["players"]
    # The hidden places: (owner, zone, count); Lookouts carry their suits.
    lookouts = [(i, tuple(s)) for i, row in enumerate(rows) if i != seat
                for s in row["lookout_suits"]]
    places: list[tuple[int, str, int]] = []
    for i, row in enumerate(rows):
        places.append((i, "deck", int(row["deck_n"])))
        if i != seat:
            places.append((i, "hand", int(row["hand_n"])))
    if draft is not None:
        for i in range(n):
            if i != seat:
                places.append((i, "packet", int(draft["packet_sizes"][i])))
                places.append((i, "drafted", int(draft["round"]) - 1))
    park_n = int(view["park_deck_n"])
    total = sum(k for _, _, k in places) + len(lookouts) + park_n
    n_dogs = max(0, min(len(unseen_dogs), total - len(unseen_kids) - len(unseen_bf)))
    pool_dogs = rng.sample(sorted(unseen_dogs), n_dogs)
    # Lookouts first (the most constrained), a card with exactly the shown suits.
    free = set(unseen_kids) | set(unseen_bf)
    look: dict[int, list[str]] = {i: [] for i in range(n)}
    order = sorted(range(len(lookouts)), key=lambda j: (
        sum(1 for c in free if ctype(c).suits == lookouts[j][1]), j))
    for j in order:
        owner, suits = lookouts[j]
        fits = sorted(c for c in free if ctype(c).suits == suits
                      and owner_bf.get(c, owner) == owner)
        fits = fits or sorted(c for c in free if ctype(c).suits == suits)
        if not fits:
            continue
        c = rng.choice(fits)
        free.discard(c)
        look[owner].append(c)
    # Lookout order is as the view lists the suits.
    for i in look:
        if i != seat:
            suits = [tuple(s) for s in rows[i]["lookout_suits"]]
            got = list(look[i])
            ordered = []
            for s in suits:
                k = next((x for x in got if ctype(x).suits == s), None)
                if k is not None:
                    got.remove(k)
                    ordered.append(k)
            look[i] = ordered
    plain = rng.shuffled(sorted(c for c in free if c not in owner_bf))
    park_deck = plain[:park_n]
    rest = plain[park_n:] + pool_dogs
    bfs_left = sorted(c for c in free if c in owner_bf)
    # Each place's cards: Best Friends to their owner's hand or deck, the rest shuffled in.
    fill: dict[tuple[int, str], list[str]] = {(i, z): [] for i, z, _ in places}
    need = {(i, z): k for i, z, k in places}
    for c in bfs_left:
        o = owner_bf[c]
        spots = [(o, z) for z in ("hand", "deck") if (o, z) in need
                 and len(fill[(o, z)]) < need[(o, z)]]
        if spots:
            fill[rng.choice(spots)].append(c)
        else:
            rest.append(c)
    rest = rng.shuffled(rest)
    for key in sorted(fill):
        while len(fill[key]) < need[key] and rest:
            fill[key].append(rest.pop())
    for key in fill:
        fill[key] = rng.shuffled(fill[key])
    players = []
    for i, row in enumerate(rows):
        mine = i == seat
        players.append({
            "colour": row["colour"],
            "bf": list(row["best_friends"]),
            "deck": fill[(i, "deck")],
            "hand": list(row["hand"]) if mine else fill[(i, "hand")],
            "discard": list(row["discard"]),
            "yard": list(row["yard"]),
            "lookout": list(row["lookout"]) if mine else look[i],
            "kennel": list(row["kennel"]),
            "played": list(row["played"]),
            "stuff": dict(row["stuff"]),
            "pack": dict(row["pack"]),
            "vp": row["vp"],
            "level": row["level"],
            "rules": list(row["rules"]) if mine else [],
            "perks": list(row["perks"]),
            "turns": 0,
        })
    own_rules = set(rows[seat]["rules"])
    rule_pool = rng.shuffled([r for r in t.rule_order if r not in own_rules])
    for i, row in enumerate(rows):
        if i != seat:
            players[i]["rules"] = [rule_pool.pop() for _ in range(min(row["rules_n"],
                                                                      len(rule_pool)))]
    rule_stack = rule_pool[: int(view["rule_stack_n"])]
    st = State(n=n, cfg=cfg, rng=Rng(rng.randbelow(1 << 62)), players=players,
               park=list(view["park"]), park_deck=park_deck, rule_stack=rule_stack,
               perk_row=list(view["perk_row"]),
               cats={e["cat"]: e["owner"] for e in view["cats_table"]},
               macaroni=view["macaroni"], first=view["first"], leader=view["leader"],
               round=view["round"], end=view["end"], box=list(view["trashed"]))
    st.stack = _stack(st, view, seat, rng, fill)
    card = next((fr for fr in st.stack if fr["kind"] == "card"), None)
    if card is not None:
        st.play = {"seat": card["seat"], "card": card["card"],
                   "trash_self": _trash_self_done(st, card)}
    return st


# ---- the frame stack -------------------------------------------------------------------------
def _stack(st: State, view: dict[str, Any], seat: int, rng: Rng,
           fill: dict[tuple[int, str], list[str]]) -> list[dict[str, Any]]:
    pending = view["pending"]
    out: list[dict[str, Any]] = []
    awaiting = set(view["awaiting"])
    for j, pv in enumerate(pending):
        above = pending[j + 1] if j + 1 < len(pending) else None
        kind = pv["kind"]
        if kind == "draft":
            out.append(_draft(st, pv, seat, rng, fill))
        elif kind == "turn":
            out.append({"kind": "turn", "seat": st.leader, "phase": _turn_phase(st, above)})
        elif kind == "play":
            fr = {"kind": "play", "seat": pv["seat"], "second": pv["second"],
                  "cats_used": list(pv["cats_used"])}
            if "cats_left" in pv:
                hand = st.players[pv["seat"]]["hand"]
                fr["pending"] = pv.get("pending") or (sorted(hand)[0] if hand else None)
                if pv.get("pending") is None and hand:
                    fr["pending"] = rng.choice(sorted(hand))
                fr["cats_left"] = list(pv["cats_left"])
            out.append(fr)
        elif kind == "card":
            out.append(_card(st, pv, seat, above, awaiting, rng))
        elif kind == "resolve":
            out.append(_resolve(st, pv, above, out))
        elif kind == "choice":
            out.append(_choice(pv, out))
        elif kind == "recruit":
            below = out[-1] if out else None
            extra = bool(below and below["kind"] == "turn"
                         and "birthday_party" in st.players[pv["seat"]]["perks"])
            if extra and below is not None:
                below["phase"] = "discard"
            out.append({"kind": "recruit", "seat": pv["seat"], "extra": extra})
        else:  # pragma: no cover - a frame kind this module does not know
            out.append(dict(pv))
    return out


def _draft(st: State, pv: dict[str, Any], seat: int, rng: Rng,
           fill: dict[tuple[int, str], list[str]]) -> dict[str, Any]:
    n = st.n
    packets, drafted, picks = [], [], []
    for i in range(n):
        if i == seat:
            packets.append(list(pv["packet"]))
            drafted.append(list(pv["drafted"]))
            picks.append(pv["pick"])
            continue
        packet = fill.get((i, "packet"), [])
        packets.append(packet)
        drafted.append(fill.get((i, "drafted"), []))
        picks.append(rng.choice(sorted(packet)) if pv["committed"][i] and packet else None)
    return {"kind": "draft", "round": pv["round"], "packets": packets, "picks": picks,
            "drafted": drafted}


def _turn_phase(st: State, above: dict[str, Any] | None) -> str:
    if above is None or above["kind"] in ("play", "card", "choice"):
        return "recruit"
    return "bonus"


def _follow_choice(st: State, fr: dict[str, Any], f: int, rng: Rng) -> dict[str, Any]:
    opts = [o for o in Card().follow_options(st, fr, f) if o.kind in ("pass", "follow")]
    o = rng.choice(opts)
    return {"kind": o.kind, "params": dict(o.params)}


def _card(st: State, pv: dict[str, Any], seat: int, above: dict[str, Any] | None,
          awaiting: set[int], rng: Rng) -> dict[str, Any]:
    n = st.n
    leader = pv["seat"]
    stage = pv["stage"]
    order = list(pv["order"])
    need = pv["need"]
    if leader == seat:
        look = list(need.get("lookout", []))
    else:
        look = list(st.players[leader]["lookout"][: int(need["lookout_used"])])
    fr: dict[str, Any] = {
        "kind": "card", "seat": leader, "card": pv["card"], "second": False, "stage": stage,
        "order": order, "idx": len(order), "cur": list(pv["added"]), "followers": [],
        "fi": 0, "fcards": [], "choices": [], "ready": [], "followed": list(pv["followed"]),
        "rough": [], "cats_used": [],
        "need": {"have": need["have"], "suits": list(need["suits"]), "lookout": look,
                 "hand": list(need["hand"])},
    }
    ct = ctype(pv["card"])
    if stage in ("mode", "needs"):
        fr["idx"] = 0
    elif stage == "improve":
        acts = [ct.public if w == "public" else ct.private for w in order]
        fr["idx"] = next((i for i, a in enumerate(acts) if a and a.get("x")), 0)
    if stage in ("follow", "follow_resolve", "follow2", "after", "do_over"):
        fr["followers"] = clockwise_from(st, leader)
        fr["choices"] = [None] * n
        fr["ready"] = [False] * n
    if stage == "follow":
        chosen = set(pv["chosen"])
        for f in fr["followers"]:
            if f == seat:
                fr["choices"][f] = pv.get("my_choice")
            elif f in chosen:
                fr["choices"][f] = _follow_choice(st, fr, f, rng)
            fr["ready"][f] = f in chosen and f not in awaiting
    elif stage == "follow2":
        f = pv["follower"]
        fr["fi"] = fr["followers"].index(f)
        fr["fcards"] = list(pv["follow_cards"])
        for g in fr["followers"][fr["fi"] + 1:]:
            fr["choices"][g] = _follow_choice(st, fr, g, rng)
    elif stage == "follow_resolve":
        f = above["seat"] if above is not None and above["kind"] == "resolve" else None
        fr["fi"] = fr["followers"].index(f) + 1 if f in fr["followers"] else 0
        for g in fr["followers"][fr["fi"]:]:
            fr["choices"][g] = _follow_choice(st, fr, g, rng)
    elif stage in ("after", "do_over"):
        fr["fi"] = len(fr["followers"])
        fr["after_done"] = stage == "do_over" or above is not None
    return fr


def _above_op(above: dict[str, Any] | None) -> str | None:
    if above is None:
        return None
    if above["kind"] == "choice":
        return WHAT_OP.get(above["what"])
    if above["kind"] == "recruit":
        return "recruit"
    if above["kind"] == "resolve" and above["src"] == "copy":
        return "copy_kid"
    return None


def _resolve(st: State, pv: dict[str, Any], above: dict[str, Any] | None,
             below: list[dict[str, Any]]) -> dict[str, Any]:
    src, card, seat = pv["src"], pv["card"], pv["seat"]
    op = _above_op(above)
    steps: list[dict[str, Any]] = []
    which = ""
    cards = [fr for fr in below if fr["kind"] == "card"]
    cfr = cards[-1] if cards else None
    if src == "leader" and card is not None and cfr is not None:
        ct = ctype(card)
        options = [(w, ct.public if w == "public" else ct.private) for w in cfr["order"]]
        pick = next(((i, w, a) for i, (w, a) in enumerate(options)
                     if a and any(s["op"] == op for s in a["steps"])), None)
        if pick is None:
            pick = next(((i, w, a) for i, (w, a) in enumerate(options) if a), None)
        if pick is not None:
            i, which, act = pick
            steps = list(act["steps"])
            cfr["idx"] = i + 1
    elif src in ("follow", "copy") and card is not None:
        which = "public"
        steps = list((ctype(card).public or {"steps": []})["steps"])
    elif src == "dog" and card is not None:
        which = "dog"
        steps = [*(ctype(card).public or {"steps": []})["steps"], {"op": "kennel"}]
    elif src == "cat":
        cats = tables().cats
        mine = sorted(c for c, o in st.cats.items() if o == seat)
        fit = [c for c in mine if any(s["op"] == op for s in cats[c]["ability"]["steps"])]
        if fit or mine:
            steps = list(cats[(fit or mine)[0]]["ability"]["steps"])
    pc = next((i + 1 for i, s in enumerate(steps) if s["op"] == op), len(steps))
    return {"kind": "resolve", "seat": seat, "steps": [dict(s) for s in steps], "pc": pc,
            "k": pv["k"], "src": src, "card": card, "which": which}


def _choice(pv: dict[str, Any], below: list[dict[str, Any]]) -> dict[str, Any]:
    fr = {"kind": "choice", "seat": pv["seat"], "what": pv["what"],
          "remaining": pv["remaining"]}
    res = below[-1] if below and below[-1]["kind"] == "resolve" else None
    step = res["steps"][res["pc"] - 1] if res is not None and 0 < res["pc"] <= len(
        res["steps"]) else {}
    if pv["what"] == "gather_type":
        n = int(step.get("n", 1))
        fr["amount"] = n * int(res["k"]) if step.get("x") and res is not None else n
    elif pv["what"] == "trash":
        fr["source"] = step.get("from", "both")
    return fr


def _trash_self_done(st: State, card: dict[str, Any]) -> bool:
    ct = ctype(card["card"])
    for w in card["order"][: card["idx"]]:
        act = ct.public if w == "public" else ct.private
        if act and any(s["op"] == "trash_self" for s in act["steps"]):
            return True
    return False

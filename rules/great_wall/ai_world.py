"""Determinization for The Great Wall AI: a whole ``State`` rebuilt from one seat's view
(docs/ai/great_wall.md).

Read back from the view: the board, clans' public parts, the frame stack and this Fall's
revealed cards (``view["procedure"]``), the seat's own screen. Sampled with the rng from what
the seat cannot rule out:
- other seats' resources: none known, so a plausible few (what they hold is never shown);
- other Command hands: the clan's five cards minus those on the track, in the discard or
  played this Fall (the hand size is public, so this is exact but for recovered cards);
- other Tactic hands, support Advisors (matching the public back symbols), won Horde cards,
  setup deals and secret picks: from the cards nobody has shown;
- deck orders (Horde — its top card matching the public invasion indicator —, Tactic,
  Advisor, General, Event, Request, Chin's Commands): shuffled from the unseen cards;
- the state's own random stream: a fresh seed.
"""

from __future__ import annotations

from typing import Any

from rules.base import JSON
from rules.canonical_json import json_round_trip
from rules.great_wall import board as B
from rules.great_wall.data import PRODUCTION, RESOURCES, UNITS, data
from rules.great_wall.state import State
from rules.kit.ai import without
from rules.rng import Rng


def determinize(view: JSON, seat: int, rng: Rng) -> State:
    d = data()
    v: dict[str, Any] = json_round_trip(view)
    proc = v["procedure"]
    me = v["me"]
    st = State()
    st.n, st.mode, st.cfg = v["n"], v["mode"], proc["cfg"]
    index = {_key(c["who"]): i for i, c in enumerate(v["clans"])}

    def clan_of(who: Any) -> int:
        return index[_key(who)]

    st.year, st.season, st.time = v["year"], v["season"], v["time"]
    st.tea = [clan_of(w) for w in v["tea"]]
    st.shame_bank, st.storehouse = v["shame_bank"], v["storehouse"]
    st.offer, st.artifacts, st.requests = v["offer"], v["artifacts"], v["requests"]
    st.fulfilled, st.events, st.lasting = v["fulfilled"], v["events"], v["lasting"]
    st.track = [None if t is None else {"clan": clan_of(t["who"]), "card": t["card"]}
                for t in v["track"]]
    st.cmd_discard = [{"clan": clan_of(x["who"]), "card": x["card"]} for x in v["discard"]]
    st.chin_track = v["chin_track"]
    st.locs = {loc: [clan_of(w) for w in ws] for loc, ws in v["locations"].items()}
    n_clans = len(v["clans"])
    st.overseers = {loc: [0] * n_clans for loc in PRODUCTION}
    for i, c in enumerate(v["clans"]):
        for loc, k in c["overseers"].items():
            st.overseers[loc][i] = k
    st.sections = [_section(sv, proc["bonus"][s], proc["uids"][s], n_clans, clan_of)
                   for s, sv in enumerate(v["sections"])]
    st.stack, st.turn, st.uid = proc["stack"], proc["turn"], proc["uid"]
    st.result = v["result"]
    st.rng = Rng(rng.randbelow(2**31)).to_json()

    # ---- the unseen pools ------------------------------------------------------------------
    seen_hordes = {card["id"] for sv in v["sections"] for card in sv["hordes"]}
    seen_hordes |= {w["id"] for w in me["won"]}
    hordes = [h for h in d.ids("hordes", "coop" if st.mode == "coop" else "standard")
              if h not in seen_hordes and not (st.sections[0]["blocked"]
                                               and d.hordes[h]["invasion"] == 0)]
    rng.shuffle(hordes)
    tactics = d.ids("tactics", "standard") + (d.ids("tactics", "coop") if st.mode == "coop"
                                              else [])
    tactic_pool = without(tactics, me["tactics"])
    rng.shuffle(tactic_pool)
    visible_adv = set(st.offer) | set(me["support"]) | set(me["deal_a"])
    for c in v["clans"]:
        visible_adv |= set(c["active"])
    advisors = [a for a in d.ids("advisors") if a not in visible_adv]
    rng.shuffle(advisors)
    generals = d.ids("generals", "standard") + (d.ids("generals", "coop") if st.mode == "coop"
                                                 else [])
    visible_gen = {c["general"] for c in v["clans"]} | set(me["deal_g"])
    general_pool = [g for g in generals if g not in visible_gen]
    rng.shuffle(general_pool)
    commands = d.ids("commands", "standard")

    st.clans = []
    for i, c in enumerate(v["clans"]):
        kind = "human" if isinstance(c["who"], int) else str(c["who"])
        clan: dict[str, Any] = {
            "kind": kind, "res": dict.fromkeys(RESOURCES, 0), "honor": c["honor"], "token": 0,
            "sup": c["supply"], "shamed": c["shamed"], "clerks": c["clerks"],
            "unhired": c["unhired"], "hand": [], "tactics": [], "general": c["general"],
            "active": c["active"], "support": [], "won": [], "deal_g": [], "deal_a": []}
        if kind == "chin" and st.cfg.get("difficulty") == "hardest":
            from rules.great_wall.procedures import num

            clan["token"] = int(num("chin_hard_token"))
            clan["honor"] = c["honor"] - clan["token"]
        if i == seat:
            clan.update(res=me["res"], hand=me["hand"], tactics=me["tactics"],
                        support=me["support"], won=me["won"], deal_g=me["deal_g"],
                        deal_a=me["deal_a"])
        else:
            if kind == "human":
                clan["res"] = {r: rng.randbelow(3) for r in RESOURCES}
                clan["hand"] = _hand(commands, i, c["hand"], st, rng)
                clan["tactics"] = [tactic_pool.pop() for _ in range(c["tactics"])]
            clan["support"] = [_take_symbol(advisors, sym, rng) for sym in c["support"]]
            clan["won"] = [{"id": hordes.pop(), "shame": sh} for sh in c["won"]]
            if st.season == "setup" and kind == "human":
                clan["deal_g"] = [general_pool.pop(), general_pool.pop()]
                clan["deal_a"] = [advisors.pop(), advisors.pop()]
        st.clans.append(clan)

    st.secret = _secret(v, seat, st, me, rng)
    st.decks = {"horde": _horde_deck(hordes, v, st), "horde_discard": hordes,
                "tactic": tactic_pool, "tactic_discard": [],
                "advisor": advisors, "advisor_discard": [], "general": general_pool,
                "event": [], "request": [], "request_discard": [], "chin": [],
                "chin_discard": []}
    if st.mode == "coop":
        st.decks["event"] = rng.shuffled([e for e in d.ids("events") if e not in st.events])
        shown = {r for r in st.requests if r is not None}
        reqs = [r for r in d.ids("requests") if r not in shown
                and not (st.n == 2 and d.requests[r]["named"])]
        st.decks["request"] = rng.shuffled(reqs)
    chin = st.clan_of("chin")
    if chin is not None:
        on_track = [t["card"] for t in st.track if t is not None and t["clan"] == chin]
        st.decks["chin"] = rng.shuffled(without(d.ids("commands", "solo"), on_track))
        st.decks["chin_discard"] = on_track
    return st


def _key(who: Any) -> str:
    return str(who)


def _section(sv: dict[str, Any], bonus: int, uids: list[Any], n_clans: int, clan_of: Any
             ) -> dict[str, Any]:
    staging = [dict.fromkeys(UNITS, 0) for _ in range(n_clans)]
    for who, units in sv["staging"].items():
        staging[clan_of(who)].update(units)
    hordes = [{"id": card["id"],
               "f": [[[clan_of(x[0]), x[1], u] if isinstance(x, list) else x
                      for x, u in zip(row, urow, strict=True)]
                     for row, urow in zip(card["fields"], cuids, strict=True)]}
              for card, cuids in zip(sv["hordes"], uids, strict=True)]
    return {"wall": sv["wall"], "barricades": sv["barricades"], "blocked": sv["blocked"],
            "hordes": hordes, "staging": staging, "firing": [clan_of(w) for w in sv["firing"]],
            "bonus": bonus}


def _hand(commands: list[str], clan: int, size: int, st: State, rng: Rng) -> list[str]:
    """A clan's Command hand: its cards not on the table, in card order; padded from the
    others if recoveries make the public count larger (never in practice)."""
    out = list(commands)
    gone = [t["card"] for t in st.track if t is not None and t["clan"] == clan]
    gone += [x["card"] for x in st.cmd_discard if x["clan"] == clan]
    played = st.turn.get("played", {}).get(str(clan))
    if played is not None and played not in gone:
        gone.append(played)
    out = without(out, gone)
    while len(out) > size:
        out.pop(rng.randbelow(len(out)))
    while len(out) < size:
        out.append(commands[rng.randbelow(len(commands))])
    return out


def _take_symbol(pool: list[str], symbol: str, rng: Rng) -> str:
    advisors = data().advisors
    for i, a in enumerate(pool):
        if advisors[a]["symbol"] == symbol:
            return pool.pop(i)
    # Every copy of that symbol is in sight elsewhere (cannot happen in a real game).
    return next(a for a in data().ids("advisors") if advisors[a]["symbol"] == symbol)


def _horde_deck(pool: list[str], v: dict[str, Any], st: State) -> list[str]:
    """``v["horde_deck"]`` cards from the pool (the rest are the discard), the top one
    pointing where the public invasion indicator points."""
    size = v["horde_deck"]
    deck = [pool.pop() for _ in range(min(size, len(pool)))]
    if deck and v["invasion"] is not None:
        used = B.used_sections(st)

        def points(h: str) -> int:
            s = int(data().hordes[h]["invasion"])
            return s if s in used else used[0]

        for i in range(len(deck) - 1, -1, -1):
            if points(deck[i]) == v["invasion"]:
                deck[i], deck[-1] = deck[-1], deck[i]
                break
        else:
            for j, h in enumerate(pool):
                if points(h) == v["invasion"]:
                    pool[j], deck[-1] = deck[-1], h
                    break
    return deck


def _secret(v: dict[str, Any], seat: int, st: State, me: dict[str, Any],
            rng: Rng) -> dict[str, Any]:
    """Pending secret choices: the seat's own as they are, the others' (those that have
    chosen, per the public status) drawn from what they could choose."""
    decision = v["decision"]
    out: dict[str, Any] = {}
    if decision.get("kind") == "choose_command":
        chosen = {str(seat): me["chosen"]} if me.get("chosen") is not None else {}
        for c, done in _status(decision.get("chosen")).items():
            if c != seat and done and st.clans[c]["hand"]:
                hand = st.clans[c]["hand"]
                chosen[str(c)] = hand[rng.randbelow(len(hand))]
        if chosen:
            out["command"] = chosen
    elif decision.get("kind") == "setup":
        picks: dict[str, Any] = {}
        if me["picks"]:
            picks[str(seat)] = list(me["picks"])
        for c, k in _status(decision.get("chosen")).items():
            if c == seat or not k:
                continue
            clan = st.clans[c]
            pick = [clan["deal_g"][rng.randbelow(2)]]
            if int(k) >= 2:
                pick.append(clan["deal_a"][rng.randbelow(2)])
            picks[str(c)] = pick
        if picks:
            out["setup"] = picks
    return out


def _status(chosen: Any) -> dict[int, Any]:
    if isinstance(chosen, dict):
        return {int(k): val for k, val in chosen.items()}
    if isinstance(chosen, list):
        return {int(c): True for c in chosen}
    return {}

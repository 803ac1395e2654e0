"""Final scoring: VP track + Made-Up Rules + Macaroni + dog majority (7 VP, ties all score)
+ cats (1/3/6/10); most VP wins, ties share the place."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.fort.common import ev_pub, owned_cards, pack_total, settings
from rules.fort.data import SUITS, ctype, tables
from rules.fort.state import State


def rule_score(st: State, seat: int, rule_id: str) -> int:
    rule = tables().rules[rule_id]
    kind, prm = rule["kind"], rule["params"]
    p = st.players[seat]
    owned = owned_cards(p)
    if kind == "advance_actions":
        return sum(ctype(c).advance_actions() for c in owned)
    if kind == "suits_owned":
        suits = {s for c in owned for s in ctype(c).suits if s != "coin"}
        bonus = int(prm.get("bonus_all", 1)) if len(suits) == len(SUITS) else 0
        return len(suits) + bonus
    if kind == "resource":
        res = prm["res"]
        return int(p["stuff"][res] + p["pack"][res])
    if kind == "no_best_friends":
        return int(prm.get("vp", 5)) if not any(ctype(c).best_friend for c in owned) else 0
    if kind == "fort_exactly":
        return int(prm.get("vp", 8)) if p["level"] == int(prm.get("level", 2)) else 0
    if kind == "lookout_cards":
        return len(p["lookout"])
    if kind == "suit_icons":
        return sum(ctype(c).literal(prm["suit"]) for c in owned)
    if kind == "pack":
        return pack_total(p)
    if kind == "most_cards":
        mine = len(owned)
        others = [len(owned_cards(q)) for i, q in enumerate(st.players) if i != seat]
        if all(mine > o for o in others):
            return int(prm.get("vp", 8))
        if all(mine >= o for o in others):
            return int(prm.get("tied", 4))
        return 0
    raise AssertionError(kind)


def breakdown(st: State) -> list[dict[str, Any]]:
    s = settings()
    kennels = [len(p["kennel"]) for p in st.players]
    most = max(kennels) if st.cfg.get("dogs") else 0
    rows = []
    for seat, p in enumerate(st.players):
        rules = {r: rule_score(st, seat, r) for r in p["rules"]}
        macaroni = s["macaroni_vp"] if st.macaroni == seat else 0
        dogs = s["dog_majority_vp"] if most > 0 and kennels[seat] == most else 0
        n_cats = sum(1 for owner in st.cats.values() if owner == seat)
        cats = s["cat_vp"][min(n_cats, len(s["cat_vp"]) - 1)] if st.cfg.get("cats") else 0
        total = p["vp"] + sum(rules.values()) + macaroni + dogs + cats
        rows.append({"seat": seat, "track": p["vp"], "rules": rules, "macaroni": macaroni,
                     "dogs": dogs, "kennel": kennels[seat], "cats": cats, "n_cats": n_cats,
                     "total": total})
    return rows


def finish(st: State, ev: list[Event]) -> None:
    rows = breakdown(st)
    totals = {r["seat"]: r["total"] for r in rows}
    ranking: list[list[int]] = []
    for score in sorted(set(totals.values()), reverse=True):
        ranking.append(sorted(s for s, v in totals.items() if v == score))
    st.final = {"rows": rows}
    st.result = {
        "winners": ranking[0],
        "ranking": ranking,
        "scores": {str(s): v for s, v in totals.items()},
        "reason": f"fort.end.{st.end}",
    }
    for r in rows:
        ev_pub(ev, "final_score", seat=r["seat"], total=r["total"], track=r["track"],
               rules=sum(r["rules"].values()), macaroni=r["macaroni"], dog_vp=r["dogs"],
               cat_vp=r["cats"])
    ev_pub(ev, "game_over", winners=ranking[0], reason=st.end)
    st.stack.clear()

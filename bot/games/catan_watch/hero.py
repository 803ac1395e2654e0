"""Night's Watch heroes: the concrete uses of the seat's hero, listed from its own view.

The engine offers ``use_hero`` as a template; here each ability's parameters are spelled out
from what the seat can see (the engine still validates every use). After the use the card
turns to side B when it shows side A; from side B it returns to the offer and the player
takes the hero they chose (``take``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.catan_watch.names import RESOURCES
from rules.catan_watch.data import CAMPS_PER_CLAN, COSTS, HEROES, N_SECTIONS

Params = dict[str, Any]


def my_hero(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    me = next((p for p in view.get("players", []) if p["seat"] == seat), None)
    return me.get("hero") if me else None


def hero_key(number: int) -> str:
    return str(HEROES[number]["id"]) if number in HEROES else ""


def _touches(view: Mapping[str, Any], seat: int, vertex: int, skip_edge: int = -1) -> bool:
    board = view["board"]
    if any(b["vertex"] == vertex and b["seat"] == seat for b in board["buildings"]):
        return True
    return any(r["seat"] == seat and r["edge"] != skip_edge and vertex in board["edges"][r["edge"]]
               for r in board["roads"])


def _yarwyck(view: Mapping[str, Any], seat: int) -> list[Params]:
    board = view["board"]
    taken = {r["edge"] for r in board["roads"]}
    mine = [r["edge"] for r in board["roads"] if r["seat"] == seat
            and sum(_touches(view, seat, v, r["edge"]) for v in board["edges"][r["edge"]]) == 1]
    out: list[Params] = []
    for src in mine:
        for e, (a, b) in enumerate(board["edges"]):
            if e not in taken and (_touches(view, seat, a, src) or _touches(view, seat, b, src)):
                out.append({"from_edge": src, "to_edge": e})
    return out


def _affordable_swaps(piece: str, hand: Mapping[str, int]) -> list[Params]:
    """The ways to pay ``piece`` with one of its resources replaced, that the hand covers."""
    cost = dict(zip(RESOURCES, COSTS[piece], strict=True))
    out: list[Params] = []
    for old in RESOURCES:
        if not cost[old]:
            continue
        for new in RESOURCES:
            if new == old:
                continue
            need = {**cost, old: cost[old] - 1}
            need[new] += 1
            if all(int(hand.get(r, 0)) >= n for r, n in need.items()):
                out.append({"replace": old, "with": new})
    return out


def ability_options(view: Mapping[str, Any], seat: int) -> list[Params]:
    """Every use of the seat's hero worth offering now (without ``after``/``take``)."""
    hero = my_hero(view, seat)
    if not hero:
        return []
    key = hero_key(int(hero["number"]))
    you = view.get("you") or {}
    hand = you.get("hand") or {}
    bank = view.get("bank") or {}
    wall = view.get("wall") or {}
    players = view.get("players", [])
    others = [int(p["seat"]) for p in players if p["seat"] != seat]
    me = next((p for p in players if p["seat"] == seat), {})
    guards_left = int((me.get("pieces_left") or {}).get("guards", 0))
    if key == "marsh":
        return [{"give": a, "get": b} for a in RESOURCES if hand.get(a)
                for b in RESOURCES if b != a and bank.get(b)]
    if key == "tarly":
        if sum((view.get("dice") or [0, 0])[:2]) == 7 or view.get("got_yield"):
            return []
        return [{"resource": r} for r in RESOURCES if bank.get(r)]
    if key == "mance":
        my_vp = next((p["vp"] for p in players if p["seat"] == seat), 0)
        # the card is chosen after looking at the hand (take_card)
        return [{"target": int(p["seat"])} for p in players
                if p["seat"] != seat and p["vp"] > my_vp and p["cards"]]
    if key == "yarwyck":
        return _yarwyck(view, seat)
    if key == "thorne":
        if not guards_left:
            return []
        swaps = _affordable_swaps("guard", hand)
        return [{"section": s, **swap} for s in range(N_SECTIONS) for swap in swaps]
    if key == "melisandre":
        return _affordable_swaps("development", hand) if view.get("development_deck") else []
    if key == "mormont":
        pairs = [[a, b] for i, a in enumerate(others) for b in others[i + 1:]]
        return [{"resource": r, "targets": t} for r in RESOURCES
                for t in ([[o] for o in others] + pairs)]
    if key == "benjen":
        out: list[Params] = [{"section": s} for s, sec in enumerate(wall.get("sections", []))
                             if sec["clearing"]]
        out += [{"clan": c, "camp": i} for c, clan in enumerate(wall.get("clans", []))
                for i in range(min(len(clan["camps"]), CAMPS_PER_CLAN))]
        return out
    if key == "ygritte":
        return [{"hex": int(h)} for h in sorted(wall.get("gift", {}), key=int)]
    if key == "yoren":
        if not me.get("watches_played") or not guards_left:
            return []
        return [{"section": s} for s in range(N_SECTIONS)]
    if key == "qhorin":
        return [{}] if view["board"].get("tormund") is not None else []
    return []


def with_after(view: Mapping[str, Any], seat: int, params: Params, take: int) -> Params:
    """The full ``use_hero`` parameters: flip from side A; from side B return the card and
    take ``take`` (0 = nothing left to take)."""
    hero = my_hero(view, seat) or {}
    if hero.get("side") == "A":
        return {**params, "after": "flip"}
    out = {**params, "after": "swap"}
    if take:
        out["take"] = take
    return out


def offer(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    wall = view.get("wall") or {}
    return [(int(h["number"]), str(h["name"])) for h in wall.get("hero_offer", [])]

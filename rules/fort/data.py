"""The content pack as the engine's tables, loaded and checked once (with any configured
``CONTENT_DIR/fort/`` pack laid over the shipped files)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules import content
from rules.fort.content import ALL_SUITS, CONTENT_SCHEMA, SUITS

STEP_OPS = frozenset({
    "gather", "pack", "lookout", "trash", "trash_self", "recruit", "advance", "score", "spend",
    "trash_rival", "copy_pack", "copy_rival_pack", "convert", "draw", "copy_kid",
})
RES = ("pizza", "toy")
COLOURS = ("red", "yellow", "green", "orange")


class DataError(ValueError):
    """The content is malformed."""


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(message)


@dataclass(frozen=True)
class CardType:
    id: str
    kind: str  # "kid" | "dog"
    suits: tuple[str, ...]
    public: dict[str, Any] | None
    private: dict[str, Any] | None
    best_friend: bool = False
    need: dict[str, Any] | None = None
    kennel: str = "own"

    @property
    def x_suit(self) -> str | None:
        """The suit an improvable action of this card counts ("× suit")."""
        for s in self.suits:
            if s != "coin":
                return s
        return None

    def count(self, suit: str) -> int:
        """Symbols this card gives towards ``suit`` (coin is wild, a double counts twice)."""
        return sum(1 for s in self.suits if s == suit or s == "coin")

    def literal(self, suit: str) -> int:
        """Symbols of exactly ``suit`` (coins count only as coins)."""
        return sum(1 for s in self.suits if s == suit)

    def advance_actions(self) -> int:
        n = 0
        for act in (self.public, self.private):
            if act and any(st["op"] == "advance" for st in act["steps"]):
                n += 1
        return n


@dataclass(frozen=True)
class Tables:
    cards: dict[str, CardType]
    park_deck: tuple[str, ...]  # instance ids of the Park deck (kid~2 for a second copy)
    boards: tuple[tuple[str, tuple[str, ...]], ...]  # (colour, best friend kid ids)
    dogs: tuple[str, ...]
    cats: dict[str, dict[str, Any]]
    cat_order: tuple[str, ...]
    levels: tuple[dict[str, Any], ...]
    rules: dict[str, dict[str, Any]]
    rule_order: tuple[str, ...]
    perks: dict[str, dict[str, Any]]
    perk_order: tuple[str, ...]
    settings: dict[str, Any]
    names: dict[str, str]


def card_type(cid: str) -> str:
    """The card type of an instance id (``bud~2`` → ``bud``)."""
    i = cid.find("~")
    return cid if i < 0 else cid[:i]


def _check_action(where: str, act: Any) -> None:
    if act is None:
        return
    _check(isinstance(act, dict) and isinstance(act.get("steps"), list),
           f"{where}: an action is null or {{steps: [...]}}")
    _check_steps(where, act["steps"])


def _check_steps(where: str, steps: list[Any]) -> None:
    for st in steps:
        _check(isinstance(st, dict) and st.get("op") in STEP_OPS, f"{where}: unknown step {st}")
        if st["op"] == "gather":
            _check(st.get("res") in (*RES, "either"), f"{where}: gather res")
        if st["op"] == "spend":
            _check(st.get("res") in (*RES, "any"), f"{where}: spend res")
        n = st.get("n", 1)
        _check(isinstance(n, int) and 0 <= n <= 10, f"{where}: step n")


def tables() -> Tables:
    """The tables for the configured content (``CONTENT_DIR/fort/`` over the shipped files)."""
    folder = content.override_dir()
    return _tables(str(folder) if folder is not None else None)


@cache
def _tables(folder: str | None) -> Tables:
    c = content.load(CONTENT_SCHEMA)
    cards: dict[str, CardType] = {}
    names: dict[str, str] = {}
    park: list[str] = []
    bf_ids = {k for b in c.entries("boards") for k in b["kids"]}
    for kid in c.entries("kids"):
        kid_id = kid["id"]
        _check(all(s in ALL_SUITS for s in kid["suits"]) and 1 <= len(kid["suits"]) <= 2,
               f"kids/{kid_id}: suits")
        try:
            acts = c.get("kid_actions", kid_id)
        except KeyError:
            raise DataError(f"kid_actions: {kid_id} has no actions") from None
        _check_action(f"kid_actions/{kid_id}/public", acts["public"])
        _check_action(f"kid_actions/{kid_id}/private", acts["private"])
        _check(acts["public"] is not None or acts["private"] is not None,
               f"kid_actions/{kid_id}: a kid needs an action")
        cards[kid_id] = CardType(kid_id, "kid", tuple(kid["suits"]), acts["public"],
                                 acts["private"], kid_id in bf_ids)
        names[kid_id] = kid["name"]
        copies = 0 if kid_id in bf_ids else acts["copies"]
        for i in range(copies):
            park.append(kid_id if i == 0 else f"{kid_id}~{i + 1}")
    boards = []
    for b in c.entries("boards"):
        _check(b["id"] in COLOURS, f"boards/{b['id']}: colour")
        _check(len(b["kids"]) == 2 and all(k in cards for k in b["kids"]),
               f"boards/{b['id']}: two known kids")
        boards.append((b["id"], tuple(b["kids"])))
    dogs: list[str] = []
    for d in c.entries("dogs"):
        _check(len(d["suits"]) == 1 and d["suits"][0] in SUITS, f"dogs/{d['id']}: one suit")
        need = d["need"]
        _check(need.get("type") in ("suit", "distinct", "cards", "resources"),
               f"dogs/{d['id']}: need type")
        if need["type"] == "suit":
            _check(need.get("suit") in SUITS, f"dogs/{d['id']}: need suit")
        _check_steps(f"dogs/{d['id']}", d["steps"])
        cards[d["id"]] = CardType(d["id"], "dog", tuple(d["suits"]),
                                  {"steps": d["steps"]}, None, False, need, d["kennel"])
        names[d["id"]] = d["name"]
        dogs.append(d["id"])
    cats = {}
    for cat in c.entries("cats"):
        _check(cat["ability"].get("trigger") in ("before_play", "no_follow", "recruit_yard"),
               f"cats/{cat['id']}: trigger")
        _check_steps(f"cats/{cat['id']}", cat["ability"]["steps"])
        lure = cat["lure"]
        _check(("suit" in lure and lure["suit"] in ALL_SUITS) or "distinct" in lure,
               f"cats/{cat['id']}: lure")
        cats[cat["id"]] = dict(cat)
        names[cat["id"]] = cat["name"]
    levels = sorted((dict(e) for e in c.entries("fort_levels")), key=lambda e: e["level"])
    _check([e["level"] for e in levels] == [0, 1, 2, 3, 4, 5], "fort_levels: levels 0-5")
    rules = {r["id"]: dict(r) for r in c.entries("made_up_rules")}
    perks = {p["id"]: dict(p) for p in c.entries("perks")}
    for r in rules.values():
        names[r["id"]] = r["name"]
    for p in perks.values():
        names[p["id"]] = p["name"]
    settings = dict(c.entries("settings")[0])
    _check(len(settings["cat_vp"]) == 5, "settings: cat_vp has 5 values (0-4 cats)")
    return Tables(cards, tuple(park), tuple(boards), tuple(dogs), cats, tuple(cats),
                  tuple(levels), rules, tuple(rules), perks, tuple(perks), settings, names)


def ctype(cid: str) -> CardType:
    return tables().cards[card_type(cid)]

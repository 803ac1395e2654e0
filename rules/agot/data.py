"""Static content of A Game of Thrones: The Board Game, 1st edition (2003), 3-5 players.

The printed components live as JSON in ``rules/agot/data/``; this module loads them once,
validates them and exposes them as the frozen dataclasses of ``data_records``. Every entry
carries a provenance mark: ``seed`` (the rulebook), ``public`` (a cited public source) or
``provisional`` (our stand-in).
Sources and every choice between them are listed in ``docs/games/agot.md`` ("Data choices").

Pure standard library. ``load()`` is cached; ``load_from(folder)`` reads another folder with the
same file layout (a content pack) without caching.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from rules import content
from rules.agot.content import CONTENT_SCHEMA, UNITS
from rules.agot.data_fields import _ID, _check, _fail, _get, _id, _prov
from rules.agot.data_records import (
    ORDER_KINDS,
    PLAYER_COUNTS,
    PROVENANCES,
    TRACKS,
    Area,
    Border,
    GameData,
    House,
    HouseCard,
    Neutral,
    OrderToken,
    StartUnit,
    WesterosCard,
)

DATA_DIR = Path(__file__).resolve().parent / "data"


# --------------------------------------------------------------------------- loading helpers


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError as exc:
        raise _fail(name, "file missing") from exc
    except json.JSONDecodeError as exc:
        raise _fail(name, f"invalid JSON: {exc}") from exc
    if folder == DATA_DIR and content.override_dir() is not None and isinstance(data, dict):
        _lay_pack_over(name, data)
    return data


def _lay_pack_over(name: str, data: dict[str, Any]) -> None:
    """Replace the shipped entries of ``name``'s collections with the configured content pack's
    (``CONTENT_DIR/agot/``; validated field by field by ``rules.content``)."""
    content.lay_over(data, name, CONTENT_SCHEMA, content.load(CONTENT_SCHEMA))


# --------------------------------------------------------------------------- parts


def _load_areas(folder: Path) -> tuple[dict[str, Area], tuple[Border, ...]]:
    raw = _get(_read(folder, "areas.json"), "areas", list, "areas.json")
    rows: dict[str, dict[str, Any]] = {}
    for i, d in enumerate(raw):
        where = f"areas.json[{i}]"
        aid = _id(d, where)
        _check(aid not in rows, where, f"duplicate area id {aid!r}")
        kind = _get(d, "kind", str, where)
        _check(kind in ("land", "sea"), where, f"kind {kind!r}")
        castle = _get(d, "castle", int, where)
        _check(castle in (0, 1, 2), where, "castle must be 0, 1 or 2")
        for k in ("supply", "crowns"):
            _check(_get(d, k, int, where) >= 0, where, f"{k} < 0")
        home = d.get("home")
        _check(home is None or isinstance(home, str), where, "home must be a string or null")
        if kind == "sea":
            _check(
                castle == 0 and d["supply"] == 0 and d["crowns"] == 0 and home is None,
                where,
                "a sea area has no castle, icons or home",
            )
        _get(d, "name", str, where)
        _prov(d, where)
        rows[aid] = d

    raw_b = _get(_read(folder, "borders.json"), "borders", list, "borders.json")
    adj: dict[str, set[str]] = {a: set() for a in rows}
    borders: list[Border] = []
    seen: set[frozenset[str]] = set()
    for i, d in enumerate(raw_b):
        where = f"borders.json[{i}]"
        a = _get(d, "a", str, where)
        b = _get(d, "b", str, where)
        for x in (a, b):
            _check(x in rows, where, f"unknown area {x!r}")
        _check(a != b, where, "border of an area with itself")
        key = frozenset((a, b))
        _check(key not in seen, where, f"duplicate border {a}-{b}")
        seen.add(key)
        adj[a].add(b)
        adj[b].add(a)
        borders.append(Border(a, b, _prov(d, where), str(d.get("note", ""))))

    areas: dict[str, Area] = {}
    for aid, d in rows.items():
        _check(bool(adj[aid]), f"areas.json {aid}", "area has no neighbours")
        areas[aid] = Area(
            id=aid,
            name=d["name"],
            kind=d["kind"],
            castle=d["castle"],
            supply=d["supply"],
            crowns=d["crowns"],
            home=d.get("home"),
            adjacent=frozenset(adj[aid]),
            provenance=d["provenance"],
            note=str(d.get("note", "")),
        )
    # symmetric by construction; checked anyway so a content pack that edits areas stays sound
    for a in areas.values():
        for b in a.adjacent:
            _check(a.id in areas[b].adjacent, f"areas {a.id}", f"asymmetric border with {b}")
    return areas, tuple(borders)


def _load_houses(folder: Path, areas: dict[str, Area]) -> dict[str, House]:
    raw = _get(_read(folder, "houses.json"), "houses", list, "houses.json")
    houses: dict[str, House] = {}
    card_ids: set[str] = set()
    for i, d in enumerate(raw):
        where = f"houses.json[{i}]"
        hid = _id(d, where)
        where = f"houses.json {hid}"
        _check(hid not in houses, where, "duplicate house id")
        home = _get(d, "home", str, where)
        _check(home in areas, where, f"unknown home area {home!r}")
        _check(
            areas[home].kind == "land" and areas[home].home == hid,
            where,
            f"home area {home!r} is not marked as {hid}'s home",
        )
        units: list[StartUnit] = []
        for j, u in enumerate(_get(d, "start_units", list, where)):
            uw = f"{where} start_units[{j}]"
            _check(isinstance(u, list) and len(u) == 2, uw, "expected [area, unit]")
            area, unit = u
            _check(area in areas, uw, f"unknown area {area!r}")
            _check(unit in UNITS, uw, f"unknown unit {unit!r}")
            want = "sea" if unit == "ship" else "land"
            _check(areas[area].kind == want, uw, f"{unit} must start on {want}, not in {area}")
            units.append(StartUnit(area, unit))
        cards: list[HouseCard] = []
        for j, c in enumerate(_get(d, "cards", list, where)):
            cw = f"{where} cards[{j}]"
            cid = _id(c, cw)
            _check(cid not in card_ids, cw, f"duplicate card id {cid!r}")
            card_ids.add(cid)
            strength = _get(c, "strength", int, cw)
            _check(0 <= strength <= 3, cw, "1st-edition strengths are 0..3")
            swords = _get(c, "swords", int, cw)
            forts = _get(c, "forts", int, cw)
            _check(swords >= 0 and forts >= 0, cw, "negative icons")
            ability = c.get("ability")
            text = _get(c, "text", str, cw)
            _check(
                ability is None or (isinstance(ability, str) and bool(_ID.match(ability))),
                cw,
                "ability must be a snake_case id or null",
            )
            _check((ability is None) == (text == ""), cw, "ability id and text go together")
            ts = str(c.get("text_source", ""))
            _check(ts == "" or ts in PROVENANCES, cw, f"unknown text_source {ts!r}")
            cards.append(
                HouseCard(
                    id=cid,
                    name=_get(c, "name", str, cw),
                    house=hid,
                    strength=strength,
                    swords=swords,
                    forts=forts,
                    ability=ability,
                    text=text,
                    provenance=_prov(c, cw),
                    text_source=ts,
                    note=str(c.get("note", "")),
                )
            )
        _check(len(cards) == 7, where, f"{len(cards)} house cards, expected 7")
        houses[hid] = House(
            id=hid,
            name=_get(d, "name", str, where),
            home=home,
            start_units=tuple(units),
            start_power=_get(d, "start_power", int, where),
            start_supply=_get(d, "start_supply", int, where),
            throne=_get(d, "throne", int, where),
            fiefdoms=_get(d, "fiefdoms", int, where),
            court=_get(d, "court", int, where),
            cards=tuple(cards),
            provenance=_prov(d, where),
        )
    return houses


def _load_orders(folder: Path) -> tuple[OrderToken, ...]:
    raw = _get(_read(folder, "orders.json"), "orders", list, "orders.json")
    out: list[OrderToken] = []
    for i, d in enumerate(raw):
        where = f"orders.json[{i}]"
        oid = _get(d, "id", str, where)
        kind = _get(d, "kind", str, where)
        _check(kind in ORDER_KINDS, where, f"unknown order kind {kind!r}")
        out.append(
            OrderToken(
                id=oid,
                kind=kind,
                bonus=_get(d, "bonus", int, where),
                special=_get(d, "special", bool, where),
                provenance=_prov(d, where),
                raid_targets=int(d.get("raid_targets", 0)),
            )
        )
    ids = [o.id for o in out]
    _check(len(set(ids)) == len(ids), "orders.json", "duplicate order ids")
    _check(len(out) == 15, "orders.json", f"{len(out)} tokens, expected 15")
    per_kind = Counter(o.kind for o in out)
    stars = Counter(o.kind for o in out if o.special)
    for k in ORDER_KINDS:
        _check(
            per_kind[k] == 3 and stars[k] == 1,
            "orders.json",
            f"{k}: expected 3 tokens, one of them special",
        )
    for o in out:
        if o.kind == "raid":
            _check(o.raid_targets == (2 if o.special else 1), "orders.json", f"{o.id} raid_targets")
    return tuple(out)


def _load_game(folder: Path, areas: dict[str, Area], houses: dict[str, House]) -> dict[str, Any]:
    """game.json, checked: by name, every field of ``GameData`` that is not its areas, houses,
    orders or borders."""
    g = _read(folder, "game.json")
    res: dict[str, Any] = {}

    # Westeros decks
    cards: list[WesterosCard] = []
    seen: set[tuple[int, str]] = set()
    for i, d in enumerate(_get(g, "westeros", list, "game.json")):
        where = f"game.json westeros[{i}]"
        cid = _id(d, where)
        deck = _get(d, "deck", int, where)
        _check(deck in (1, 2, 3), where, "deck must be 1, 2 or 3")
        _check((deck, cid) not in seen, where, f"{cid} listed twice in deck {deck}")
        seen.add((deck, cid))
        count = _get(d, "count", int, where)
        _check(count >= 1, where, "count < 1")
        cards.append(
            WesterosCard(
                id=cid,
                name=_get(d, "name", str, where),
                deck=deck,
                count=count,
                wildling=_get(d, "wildling", bool, where),
                effect=_id(d, where, "effect"),
                text=_get(d, "text", str, where),
                provenance=_prov(d, where),
                note=str(d.get("note", "")),
            )
        )
    for deck in (1, 2, 3):
        n = sum(c.count for c in cards if c.deck == deck)
        _check(n == 10, "game.json westeros", f"deck {deck} has {n} cards, expected 10")
    res["westeros"] = tuple(cards)

    # supply table
    st = _get(g, "supply_table", dict, "game.json")
    rows = _get(st, "rows", list, "game.json supply_table")
    _check(len(rows) == 7, "game.json supply_table", "expected levels 0..6")
    table: list[tuple[int, ...]] = []
    for lvl, row in enumerate(rows):
        _check(
            isinstance(row, list) and all(isinstance(x, int) and x >= 2 for x in row),
            "game.json supply_table",
            f"level {lvl}: army sizes must be ints >= 2",
        )
        _check(
            list(row) == sorted(row, reverse=True),
            "game.json supply_table",
            f"level {lvl}: sizes not in descending order",
        )
        table.append(tuple(row))
    for lo, hi in itertools.pairwise(table):
        _check(
            len(hi) >= len(lo) and all(h >= x for h, x in zip(hi, lo, strict=False)),
            "game.json supply_table",
            "a higher level allows less than a lower one",
        )
    res["supply_table"] = tuple(table)

    # King's Court stars
    cs = _get(g, "court_stars", dict, "game.json")
    stars: dict[int, tuple[int, ...]] = {}
    for n in PLAYER_COUNTS:
        row = _get(cs, str(n), list, "game.json court_stars")
        _check(len(row) == n, "game.json court_stars", f"{n} players needs {n} positions")
        stars[n] = tuple(row)
    res["court_stars"] = stars

    # units and tokens
    limits = content.values(_get(g, "unit_limits", dict, "game.json"))
    _check(set(limits) == set(UNITS), "game.json unit_limits", "expected footman, knight, ship")
    res["unit_limits"] = {u: int(limits[u]) for u in UNITS}
    strength_raw = content.values(_get(g, "unit_strength", dict, "game.json"))
    _check(set(strength_raw) == set(UNITS), "game.json unit_strength", "expected every unit")
    res["unit_strength"] = {u: int(strength_raw[u]) for u in UNITS}
    cost_raw = content.values(_get(g, "muster_cost", dict, "game.json"))
    _check(set(cost_raw) == {*UNITS, "upgrade"}, "game.json muster_cost", "units + upgrade")
    res["muster_cost"] = {u: int(v) for u, v in cost_raw.items()}
    res["power_tokens"] = _get(_get(g, "power_tokens", dict, "game.json"), "per_house", int,
                               "game.json power_tokens")
    res["turns"] = _get(_get(g, "turns", dict, "game.json"), "count", int, "game.json turns")
    w = _get(g, "wildling", dict, "game.json")
    res["wildling_start"] = _get(w, "start", int, "game.json wildling")
    res["wildling_max"] = _get(w, "max", int, "game.json wildling")
    res["wildling_step"] = _get(w, "step", int, "game.json wildling")
    _check(
        0 <= res["wildling_start"] <= res["wildling_max"]
        and res["wildling_max"] % res["wildling_step"] == 0
        and res["wildling_start"] % res["wildling_step"] == 0,
        "game.json wildling",
        "inconsistent threat track",
    )

    # setups
    setups: dict[int, dict[str, Any]] = {}
    raw_setups = _get(g, "setups", dict, "game.json")
    for n in PLAYER_COUNTS:
        where = f"game.json setups[{n}]"
        s = _get(raw_setups, str(n), dict, "game.json setups")
        in_play = list(_get(s, "houses", list, where))
        neutral = list(_get(s, "neutral_houses", list, where))
        _check(len(in_play) == n, where, f"{len(in_play)} houses for {n} players")
        _check(
            sorted(in_play + neutral) == sorted(houses),
            where,
            "houses + neutral_houses must be every house exactly once",
        )
        tracks_raw = _get(s, "tracks", dict, where)
        tracks: dict[str, list[str]] = {}
        for t in TRACKS:
            order = list(_get(tracks_raw, t, list, where))
            _check(sorted(order) == sorted(in_play), where, f"track {t} != houses in play")
            # compacted: same relative order as the printed 5-player start positions
            printed = sorted(in_play, key=lambda h, t=t: getattr(houses[h], t))
            _check(order == printed, where, f"track {t} does not follow the start positions")
            tracks[t] = order
        setups[n] = {
            "houses": in_play,
            "neutral_houses": neutral,
            "castles_to_win": _get(s, "castles_to_win", int, where),
            "tracks": tracks,
        }
    res["setups"] = setups

    # neutral forces
    neutrals: list[Neutral] = []
    for i, d in enumerate(_get(g, "neutrals", list, "game.json")):
        where = f"game.json neutrals[{i}]"
        area = _get(d, "area", str, where)
        _check(area in areas, where, f"unknown area {area!r}")
        strength = _get(d, "strength", int, where)
        _check(strength > 0, where, "strength must be positive")
        players = tuple(_get(d, "players", list, where))
        _check(bool(players) and set(players) <= set(PLAYER_COUNTS), where, "players")
        kind = str(d.get("kind", "token"))
        house = d.get("house")
        units = tuple(d.get("units", ()))
        if kind == "house_units":
            _check(house in houses, where, f"unknown house {house!r}")
            start = sorted(u.unit for u in houses[house].start_units if u.area == area)
            _check(sorted(units) == start, where, f"units differ from {house}'s start units")
            strength_of = res["unit_strength"]
            _check(
                strength == sum(strength_of[u] for u in units),
                where,
                "strength != sum of unit strengths",
            )
            for n in PLAYER_COUNTS:
                _check(
                    (n in players) == (house in setups[n]["neutral_houses"]),
                    where,
                    f"players disagree with setups[{n}].neutral_houses",
                )
        else:
            _check(kind == "token" and house is None and not units, where, "bad token entry")
        neutrals.append(
            Neutral(
                area=area,
                strength=strength,
                players=players,
                provenance=_prov(d, where),
                kind=kind,
                house=house,
                units=units,
                note=str(d.get("note", "")),
            )
        )
    # every start unit of a neutral house is a neutral force in that player count
    for n in PLAYER_COUNTS:
        covered = {
            (x.house, x.area) for x in neutrals if n in x.players and x.kind == "house_units"
        }
        for h in setups[n]["neutral_houses"]:
            for u in houses[h].start_units:
                _check(
                    (h, u.area) in covered,
                    "game.json neutrals",
                    f"{n}p: {h}'s start units in {u.area} are not a neutral force",
                )
    res["neutrals"] = tuple(neutrals)
    res["variants"] = dict(g.get("variants", {}))
    return res


def _check_houses(houses: dict[str, House], game: dict[str, Any]) -> None:
    limits = game["unit_limits"]
    for h in houses.values():
        where = f"houses.json {h.id}"
        counts = Counter(u.unit for u in h.start_units)
        for unit, n in counts.items():
            _check(n <= limits[unit], where, f"{n} {unit}s exceed the limit {limits[unit]}")
        _check(0 <= h.start_power <= game["power_tokens"], where, "start_power out of range")
        _check(0 <= h.start_supply < len(game["supply_table"]), where, "start_supply out of range")
        # start armies must fit the start supply
        sizes = sorted(
            (n for n in Counter(u.area for u in h.start_units).values() if n >= 2), reverse=True
        )
        allowed = game["supply_table"][h.start_supply]
        fits = len(sizes) <= len(allowed) and all(
            s <= a for s, a in zip(sizes, allowed, strict=False)
        )
        _check(fits, where, f"start armies {sizes} exceed supply {h.start_supply}")
    for t in TRACKS:
        pos = sorted(getattr(h, t) for h in houses.values())
        _check(pos == list(range(1, len(houses) + 1)), "houses.json", f"{t} positions not 1..n")


def load_from(folder: str | Path) -> GameData:
    """Load and validate the data in ``folder`` (same layout as ``rules/agot/data``)."""
    folder = Path(folder)
    areas, borders = _load_areas(folder)
    houses = _load_houses(folder, areas)
    orders = _load_orders(folder)
    game = _load_game(folder, areas, houses)
    _check_houses(houses, game)
    return GameData(areas=areas, houses=houses, orders=orders, borders=borders, **game)


def load() -> GameData:
    """The 1st-edition data with the configured content pack laid over it, validated once per
    pack."""
    return _load(str(content.override_dir()))


@cache
def _load(_pack: str) -> GameData:
    return load_from(DATA_DIR)

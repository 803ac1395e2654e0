"""Tests of the AGoT 1st-edition content data and its validating loader."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from rules.agot.data import DATA_DIR, load, load_from
from rules.agot.data_records import DataError, GameData


@pytest.fixture(scope="module")
def d() -> GameData:
    return load()


# --------------------------------------------------------------------------- loader


def test_load_is_cached(d: GameData) -> None:
    assert load() is d


def test_every_entry_has_a_known_provenance(d: GameData) -> None:
    marks = {"seed", "public", "provisional"}
    entries = [
        *d.areas.values(),
        *d.borders,
        *d.houses.values(),
        *(c for h in d.houses.values() for c in h.cards),
        *d.westeros,
        *d.orders,
        *d.neutrals,
    ]
    assert entries
    assert all(e.provenance in marks for e in entries)


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "data"
    shutil.copytree(DATA_DIR, dst)
    return dst


def _edit(folder: Path, name: str, fn) -> None:  # type: ignore[no-untyped-def]
    path = folder / name
    obj = json.loads(path.read_text(encoding="utf-8"))
    fn(obj)
    path.write_text(json.dumps(obj), encoding="utf-8")


def test_load_from_copy_equals_shipped(tmp_path: Path, d: GameData) -> None:
    assert load_from(_copy(tmp_path)) == d


@pytest.mark.parametrize(
    ("name", "mutate", "message"),
    [
        (
            "borders.json",
            lambda o: o["borders"].append({"a": "winterfell", "b": "atlantis", "provenance": "x"}),
            "unknown area",
        ),
        (
            "borders.json",
            lambda o: o["borders"].append({"a": "karhold", "b": "winterfell", "provenance": "x"}),
            "duplicate border",
        ),
        ("houses.json", lambda o: o["houses"][0]["cards"].pop(), "expected 7"),
        (
            "houses.json",
            lambda o: o["houses"][0]["start_units"].append(["winterfell", "ship"]),
            "ship must start on sea",
        ),
        (
            "houses.json",
            lambda o: o["houses"][0]["start_units"].extend([["karhold", "knight"]] * 4),
            "exceed the limit",
        ),
        ("areas.json", lambda o: o["areas"][0].update(provenance="rumour"), "provenance"),
        ("areas.json", lambda o: o["areas"].append(dict(o["areas"][0])), "duplicate area"),
        ("orders.json", lambda o: o["orders"].pop(), "15"),
        ("game.json", lambda o: o["westeros"][0].update(count=5), "expected 10"),
        ("game.json", lambda o: o["setups"]["4"].update(houses=["stark"]), "houses for 4"),
        (
            "game.json",
            lambda o: o["setups"]["5"]["tracks"]["throne"].reverse(),
            "start positions",
        ),
        ("game.json", lambda o: o["neutrals"].pop(), "not a neutral force"),
        ("game.json", lambda o: o["supply_table"]["rows"].pop(), "0..6"),
    ],
)
def test_invalid_data_is_rejected(tmp_path: Path, name: str, mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    folder = _copy(tmp_path)
    _edit(folder, name, mutate)
    with pytest.raises(DataError, match=message):
        load_from(folder)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "orders.json").unlink()
    with pytest.raises(DataError, match=r"orders\.json: file missing"):
        load_from(folder)


# --------------------------------------------------------------------------- map


def test_map_size(d: GameData) -> None:
    kinds = Counter(a.kind for a in d.areas.values())
    assert kinds == {"land": 34, "sea": 11}
    assert not any(
        a.startswith("port_of") for a in d.areas
    )  # no ports in the 1st-edition base game
    assert "summer_sea" in d.areas
    assert not {"east_summer_sea", "west_summer_sea", "salt_shore", "the_boneway"} & set(d.areas)


def test_castles_and_strongholds(d: GameData) -> None:
    strongholds = {a.id for a in d.areas.values() if a.castle == 2}
    castles = {a.id for a in d.areas.values() if a.castle == 1}
    assert strongholds == {
        "winterfell", "pyke", "lannisport", "riverrun", "seagard",
        "kings_landing", "dragonstone", "highgarden",
    }  # fmt: skip
    assert castles == {
        "white_harbor", "moat_cailin", "flints_finger", "the_eyrie", "harrenhal",
        "crackclaw_point", "the_reach", "storms_end", "oldtown", "sunspear",
    }  # fmt: skip
    assert len(d.castle_areas()) == 18


@pytest.mark.parametrize(
    ("area", "castle", "supply", "crowns", "home"),
    [
        ("winterfell", 2, 1, 1, "stark"),
        ("lannisport", 2, 2, 0, "lannister"),
        ("highgarden", 2, 2, 0, "tyrell"),
        ("dragonstone", 2, 1, 1, "baratheon"),
        ("pyke", 2, 1, 1, "greyjoy"),
        ("kings_landing", 2, 0, 2, None),
        ("blackwater", 0, 2, 0, None),  # rulebook: Blackwater gives two supply
        ("riverrun", 2, 1, 1, None),  # rulebook: 1 supply, 2 mustering points
        ("seagard", 2, 1, 1, None),
        ("harrenhal", 1, 0, 1, None),  # rulebook: 1 mustering point
        ("the_eyrie", 1, 1, 1, None),
        ("castle_black", 0, 0, 1, None),
        ("sunspear", 1, 1, 1, None),
        ("oldtown", 1, 0, 0, None),
        ("yronwood", 0, 0, 1, None),
        ("starfall", 0, 1, 0, None),
        ("dornish_marches", 0, 1, 0, None),
        ("kingswood", 0, 0, 1, None),
        ("the_shivering_sea", 0, 0, 0, None),
    ],
)
def test_area_icons(
    d: GameData, area: str, castle: int, supply: int, crowns: int, home: str | None
) -> None:
    a = d.areas[area]
    assert (a.castle, a.supply, a.crowns, a.home) == (castle, supply, crowns, home)
    assert a.mustering_points == castle


def test_winterfell_record(d: GameData) -> None:
    w = d.areas["winterfell"]
    assert w.name == "Winterfell" and w.kind == "land"
    assert w.adjacent == {
        "castle_black", "karhold", "the_stony_shore", "white_harbor", "moat_cailin",
        "bay_of_ice", "the_shivering_sea",
    }  # fmt: skip


def test_adjacency_is_symmetric(d: GameData) -> None:
    for a in d.areas.values():
        for b in a.adjacent:
            assert a.id in d.areas[b].adjacent
        assert a.id not in a.adjacent


def test_islands_have_no_land_neighbours(d: GameData) -> None:
    islands = {
        a.id
        for a in d.areas.values()
        if a.is_land and not any(d.areas[b].is_land for b in a.adjacent)
    }
    assert islands == {"dragonstone", "pyke", "the_arbor"}  # rulebook p.10 and p.13
    assert d.areas["pyke"].adjacent == {"ironmans_bay"}
    assert d.areas["dragonstone"].adjacent == {"shipbreaker_bay"}
    assert d.areas["the_arbor"].adjacent == {"redwyne_straits"}


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("the_twins", "moat_cailin"),
        ("the_twins", "seagard"),
        ("crackclaw_point", "harrenhal"),
        ("crackclaw_point", "blackwater"),
        ("crackclaw_point", "the_narrow_sea"),
        ("riverrun", "harrenhal"),
        ("riverrun", "seagard"),
        ("blackwater", "the_reach"),
        ("the_reach", "searoad_marches"),
        ("highgarden", "sunset_sea"),
        ("oldtown", "sunset_sea"),
        ("redwyne_straits", "summer_sea"),
        ("summer_sea", "shipbreaker_bay"),
        ("summer_sea", "sunspear"),
        ("yronwood", "sunspear"),
        ("kingswood", "storms_end"),
        ("dornish_marches", "storms_end"),
        ("bay_of_ice", "sunset_sea"),
        ("the_golden_sound", "riverrun"),
    ],
)
def test_adjacent(d: GameData, a: str, b: str) -> None:
    assert d.adjacent(a, b) and d.adjacent(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("riverrun", "the_twins"),  # river
        ("harrenhal", "the_twins"),  # river
        ("stoney_sept", "the_reach"),  # river
        ("blackwater", "kingswood"),  # river
        ("kings_landing", "storms_end"),
        ("moat_cailin", "riverrun"),
        ("bay_of_ice", "the_shivering_sea"),  # the North is not part of the board
        ("castle_black", "moat_cailin"),
        ("pyke", "flints_finger"),  # island
        ("dragonstone", "crackclaw_point"),  # island
        ("sunset_sea", "the_narrow_sea"),
        ("lannisport", "harrenhal"),
        ("highgarden", "blackwater"),
    ],
)
def test_not_adjacent(d: GameData, a: str, b: str) -> None:
    assert not d.adjacent(a, b)


def _ship_reach(d: GameData, start: str, seas: set[str]) -> set[str]:
    """Land areas reachable from ``start`` through a chain of the given (friendly) seas."""
    frontier = [s for s in d.areas[start].adjacent if s in seas]
    seen = set(frontier)
    while frontier:
        s = frontier.pop()
        for n in d.areas[s].adjacent:
            if n in seas and n not in seen:
                seen.add(n)
                frontier.append(n)
    return {n for s in seen for n in d.areas[s].adjacent if d.areas[n].is_land} - {start}


def test_rulebook_ship_transport_examples(d: GameData) -> None:
    # p.9: Greyjoy ships in Ironman's Bay carry knights from Pyke ...
    assert _ship_reach(d, "pyke", {"ironmans_bay"}) == {
        "flints_finger", "greywater_watch", "seagard", "riverrun",
    }  # fmt: skip
    # ... and with a ship in the Sunset Sea also to Highgarden, Searoad Marches and Oldtown.
    more = _ship_reach(d, "pyke", {"ironmans_bay", "sunset_sea"})
    assert {"highgarden", "searoad_marches", "oldtown"} <= more
    # Five ships in five seas reach Widow's Watch from Flint's Finger.
    chain = {"sunset_sea", "redwyne_straits", "summer_sea", "shipbreaker_bay", "the_narrow_sea"}
    assert "widows_watch" in _ship_reach(d, "flints_finger", chain)
    # Tyrell: Sunset Sea, Redwyne Straits and Summer Sea carry Highgarden's units to Sunspear.
    tyrell = _ship_reach(d, "highgarden", {"sunset_sea", "redwyne_straits", "summer_sea"})
    assert "sunspear" in tyrell


# --------------------------------------------------------------------------- houses


@pytest.mark.parametrize(
    ("house", "home", "units", "tracks"),
    [
        ("stark", "winterfell",
         {("winterfell", "footman"), ("winterfell", "knight"), ("white_harbor", "footman"),
          ("the_shivering_sea", "ship")}, (3, 3, 2)),
        ("lannister", "lannisport",
         {("lannisport", "footman"), ("lannisport", "knight"), ("stoney_sept", "footman"),
          ("the_golden_sound", "ship")}, (2, 5, 1)),
        ("baratheon", "dragonstone",
         {("dragonstone", "footman"), ("dragonstone", "knight"), ("kingswood", "footman"),
          ("shipbreaker_bay", "ship")}, (1, 4, 3)),
        ("greyjoy", "pyke",
         {("pyke", "footman"), ("pyke", "knight"), ("greywater_watch", "footman"),
          ("ironmans_bay", "ship")}, (5, 1, 4)),
        ("tyrell", "highgarden",
         {("highgarden", "footman"), ("highgarden", "knight"), ("dornish_marches", "footman"),
          ("redwyne_straits", "ship")}, (4, 2, 5)),
    ],
)  # fmt: skip
def test_house_setup(
    d: GameData, house: str, home: str, units: set[tuple[str, str]], tracks: tuple[int, ...]
) -> None:
    h = d.houses[house]
    assert h.home == home and d.areas[home].home == house
    assert {(u.area, u.unit) for u in h.start_units} == units
    assert (h.throne, h.fiefdoms, h.court) == tracks
    assert h.start_power == 5
    assert len(h.cards) == 7


def test_two_start_ships(d: GameData) -> None:
    ships = {h: sum(u.unit == "ship" for u in d.houses[h].start_units) for h in d.houses}
    assert ships == {"stark": 1, "lannister": 1, "baratheon": 2, "greyjoy": 2, "tyrell": 1}


def test_start_supply(d: GameData) -> None:
    assert {h.id: h.start_supply for h in d.houses.values()} == {
        "stark": 1, "lannister": 2, "baratheon": 2, "greyjoy": 2, "tyrell": 2,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("card", "house", "strength", "swords", "forts", "ability"),
    [
        ("eddard_stark", "stark", 3, 0, 2, None),
        ("robb_stark", "stark", 2, 0, 0, "robb_stark"),
        ("greatjon_umber", "stark", 2, 1, 0, None),
        ("lord_mormont", "stark", 1, 1, 0, None),
        ("ser_rodrik_cassel", "stark", 1, 0, 1, None),
        ("catelyn_stark", "stark", 0, 0, 0, "catelyn_stark"),
        ("maester_luwin", "stark", 0, 0, 0, "maester_luwin"),
        ("tywin_lannister", "lannister", 3, 2, 0, None),
        ("ser_jaime_lannister", "lannister", 2, 0, 0, "ser_jaime_lannister"),
        ("tyrion_lannister", "lannister", 2, 0, 1, None),
        ("kevan_lannister", "lannister", 1, 1, 0, None),
        ("lannister_captain", "lannister", 1, 1, 0, None),
        ("vargo_hoat", "lannister", 0, 0, 0, "vargo_hoat"),
        ("cersei_lannister", "lannister", 0, 0, 0, "cersei_lannister"),
        ("stannis_baratheon", "baratheon", 3, 1, 1, None),
        ("renly_baratheon", "baratheon", 2, 0, 0, "renly_baratheon"),
        ("ser_davos_seaworth", "baratheon", 2, 0, 1, None),
        ("house_florent_lord", "baratheon", 1, 1, 0, None),
        ("ser_axell_florent", "baratheon", 1, 1, 0, None),
        ("salladhor_saan", "baratheon", 0, 0, 0, "salladhor_saan"),
        ("melisandre_of_asshai", "baratheon", 0, 0, 0, "melisandre_of_asshai"),
        ("euron_crows_eye", "greyjoy", 3, 2, 0, None),
        ("asha_greyjoy", "greyjoy", 2, 0, 0, "asha_greyjoy"),
        ("theon_greyjoy", "greyjoy", 2, 1, 0, None),
        ("blacktyde_captain", "greyjoy", 1, 0, 1, None),
        ("aeron_damphair", "greyjoy", 1, 0, 1, None),
        ("victarion_greyjoy", "greyjoy", 0, 0, 0, "victarion_greyjoy"),
        ("balon_greyjoy", "greyjoy", 0, 0, 0, "balon_greyjoy"),
        ("mace_tyrell", "tyrell", 3, 2, 0, None),
        ("ser_loras_tyrell", "tyrell", 2, 0, 0, "ser_loras_tyrell"),
        ("ser_garlan_tyrell", "tyrell", 2, 1, 0, None),
        ("tyrell_captain", "tyrell", 1, 1, 0, None),
        ("margaery_tyrell", "tyrell", 1, 0, 1, None),
        ("brienne_of_tarth", "tyrell", 0, 0, 0, "brienne_of_tarth"),
        ("queen_of_thorns", "tyrell", 0, 0, 0, "queen_of_thorns"),
    ],
)
def test_house_card(
    d: GameData, card: str, house: str, strength: int, swords: int, forts: int, ability: str | None
) -> None:
    c = d.card(card)
    assert c.house == house
    assert (c.strength, c.swords, c.forts, c.ability) == (strength, swords, forts, ability)
    assert c is d.houses[house].card(card)
    assert bool(c.text) == (ability is not None)
    if ability:
        assert c.text_source == "seed"  # every ability text is in the rulebook's card list


def test_every_house_has_the_same_card_shape(d: GameData) -> None:
    for h in d.houses.values():
        assert sorted(c.strength for c in h.cards) == [0, 0, 1, 1, 2, 2, 3]
        assert sum(c.ability is not None for c in h.cards) == 3
    assert len({c.id for h in d.houses.values() for c in h.cards}) == 35


# --------------------------------------------------------------------------- tokens, tracks


def test_orders(d: GameData) -> None:
    assert len(d.orders) == 15
    by_id = {o.id: o for o in d.orders}
    assert by_id["march_-1"].bonus == -1 and not by_id["march_-1"].special
    assert by_id["march_0"].bonus == 0
    assert by_id["march_+1s"].bonus == 1 and by_id["march_+1s"].special
    assert sorted(o.bonus for o in d.orders if o.kind == "defense") == [1, 1, 2]
    assert sorted(o.bonus for o in d.orders if o.kind == "support") == [0, 0, 1]
    assert sorted(o.raid_targets for o in d.orders if o.kind == "raid") == [1, 1, 2]
    assert Counter(o.kind for o in d.orders if o.special) == Counter(
        ["march", "defense", "support", "raid", "consolidate"]
    )
    assert all(o.bonus == 0 for o in d.orders if o.kind in ("raid", "consolidate"))


def test_supply_table(d: GameData) -> None:
    assert d.supply_table == (
        (2, 2), (3, 2), (3, 2, 2), (3, 2, 2, 2), (3, 3, 2, 2), (4, 3, 2, 2), (4, 3, 2, 2, 2),
    )  # fmt: skip
    assert d.supply_table[3] == (3, 2, 2, 2)  # rulebook supply example


def test_court_stars(d: GameData) -> None:
    assert d.court_stars == {5: (3, 3, 2, 1, 0), 4: (3, 3, 2, 1), 3: (3, 3, 2)}
    assert d.court_stars[5][2] == 2  # rulebook: 3rd on the King's Court -> 2 special orders
    assert sum(d.court_stars[5]) == 9


def test_limits_and_constants(d: GameData) -> None:
    assert d.unit_limits == {"footman": 10, "knight": 4, "ship": 6}
    assert d.unit_strength == {"footman": 1, "knight": 2, "ship": 1}
    assert d.muster_cost == {"footman": 1, "knight": 2, "ship": 1, "upgrade": 1}
    assert d.power_tokens == 20
    assert d.turns == 10
    assert (d.wildling_start, d.wildling_max, d.wildling_step) == (0, 12, 2)


# --------------------------------------------------------------------------- Westeros


def test_westeros_decks(d: GameData) -> None:
    for deck in (1, 2, 3):
        assert len(d.westeros_deck(deck)) == 10
    names = {c.id for c in d.westeros}
    assert names == {
        "supply", "mustering", "clash_of_kings", "game_of_thrones", "wildling_attack",
        "winter_is_coming", "last_days_of_summer", "sea_of_storms", "storm_of_swords",
        "feast_for_crows", "rains_of_autumn",
    }  # fmt: skip
    # 2nd-edition cards are not in the 1st edition
    assert not names & {"a_throne_of_blades", "dark_wings_dark_words", "put_to_the_sword",
                        "web_of_lies"}  # fmt: skip
    for both in ("winter_is_coming", "last_days_of_summer"):
        assert {c.deck for c in d.westeros if c.id == both} == {1, 2, 3}
    deck_of = {
        c.id: c.deck for c in d.westeros if c.id not in ("winter_is_coming", "last_days_of_summer")
    }
    assert deck_of == {
        "supply": 1, "mustering": 1, "clash_of_kings": 2, "game_of_thrones": 2,
        "wildling_attack": 3, "sea_of_storms": 3, "storm_of_swords": 3, "feast_for_crows": 3,
        "rains_of_autumn": 3,
    }  # fmt: skip
    assert all(c.effect == c.id for c in d.westeros)


# --------------------------------------------------------------------------- player counts


def test_setups(d: GameData) -> None:
    s5, s4, s3 = d.setups[5], d.setups[4], d.setups[3]
    assert s5["castles_to_win"] == 7 and s4["castles_to_win"] == 7 and s3["castles_to_win"] == 8
    assert s5["neutral_houses"] == []
    assert s4["neutral_houses"] == ["greyjoy"]
    assert sorted(s3["neutral_houses"]) == ["greyjoy", "tyrell"]
    assert s5["tracks"] == {
        "throne": ["baratheon", "lannister", "stark", "tyrell", "greyjoy"],
        "fiefdoms": ["greyjoy", "tyrell", "stark", "baratheon", "lannister"],
        "court": ["lannister", "stark", "baratheon", "greyjoy", "tyrell"],
    }
    # compacted: the Valyrian Steel Blade goes to someone else when Greyjoy is out
    assert s4["tracks"]["fiefdoms"][0] == "tyrell"
    assert s3["tracks"] == {
        "throne": ["baratheon", "lannister", "stark"],
        "fiefdoms": ["stark", "baratheon", "lannister"],
        "court": ["lannister", "stark", "baratheon"],
    }


def test_neutrals(d: GameData) -> None:
    tokens = {n.area: n.strength for n in d.neutrals if n.kind == "token"}
    assert tokens == {"kings_landing": 5, "the_eyrie": 6, "sunspear": 5}
    assert all(n.players == (3, 4, 5) for n in d.neutrals if n.kind == "token")
    five = d.neutrals_for(5)
    assert {n.area for n in five} == {"kings_landing", "the_eyrie", "sunspear"}
    four = {n.area: n.strength for n in d.neutrals_for(4) if n.kind == "house_units"}
    assert four == {"pyke": 3, "greywater_watch": 1, "ironmans_bay": 2}
    three = {n.area: n.strength for n in d.neutrals_for(3) if n.kind == "house_units"}
    assert three == {
        "pyke": 3, "greywater_watch": 1, "ironmans_bay": 2,
        "highgarden": 3, "dornish_marches": 1, "redwyne_straits": 1,
    }  # fmt: skip
    iron = next(n for n in d.neutrals if n.area == "ironmans_bay")
    assert iron.units == ("ship", "ship") and iron.house == "greyjoy"


def test_lannister_court_variant(d: GameData) -> None:
    v = d.variants["lannister_court_swap"]
    assert v["default"] is False
    assert v["court"] == ["greyjoy", "stark", "baratheon", "lannister", "tyrell"]

"""Determinization: a whole Northgard state rebuilt from one seat's view (docs/ai/northgard.md).

What the table sees is copied: the map, units, buildings, monsters, resources, discard piles,
active areas, the rows, the openly placed cards on top of the draw decks and the procedure
being run (``view["procedure"]``). What the seat cannot see is sampled from what it cannot
rule out: the other hands and every draw deck below its known top from the clan's cards that
are not in sight, the tile stack from the tiles not on the table, the Development and monster
decks from the cards not yet seen, the other clans' fame (face-down tokens) as the seat's own.
The state's own random stream gets a fresh seed.
"""

from __future__ import annotations

from typing import Any

from rules.kit.ai import without
from rules.northgard.data import data
from rules.northgard.state import State, deep
from rules.rng import Rng

#: The view's name for the Kaija in the supply.
IN_SUPPLY = "in_supply"


def _fill(pool: list[str], k: int, pad: list[str], rng: Rng) -> list[str]:
    """``k`` cards drawn from ``pool``; short of cards, ``pad`` cards cycled make up the rest
    (the seat cannot tell which Development cards a clan has drawn back into its deck)."""
    if k <= len(pool):
        return rng.sample(pool, k)
    out = list(pool)
    i = 0
    while len(out) < k:
        out.append(pad[i % len(pad)])
        i += 1
    return rng.shuffled(out)


def clan_pool(clan: str, upgrades_left: list[str]) -> list[str]:
    """The cards a clan surely owns: the starting deck, its initial card and the upgrades it
    has taken."""
    gd = data()
    initial, ups = gd.clan_cards[clan]
    taken = without(list(ups), upgrades_left)
    return [*gd.deck("starting"), initial, *taken]


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> State:
    gd = data()
    seats = view["seats"]
    n = len(seats)
    you = view["you"]
    pending = view.get("pending") or {}
    procedure = deep(view["procedure"])
    st = State.__new__(State)
    st.n = n
    st.year, st.years, st.first = view["year"], view["years"], view["first"]
    st.team, st.monsters_on = view["team"], view["monsters_on"]
    st.more_monsters = view["more_monsters"]
    st.config = {"long_game": view["years"] > 7, "team": st.team, "monsters": st.monsters_on,
                 "more_monsters": st.more_monsters, "clans": "random"}
    st.clans = [s["clan"] for s in seats]
    st.placements = [list(p) for p in view["tiles"]]
    st.held = [list(s["held_tiles"]) for s in seats]
    st.res = [[s["res"]["food"], s["res"]["wood"], s["res"]["lore"]] for s in seats]
    st.active = [list(s["active"]) for s in seats]
    st.discard = [list(s["discard"]) for s in seats]
    st.upgrades = [list(s["upgrades"]) for s in seats]
    st.known_top = [len(s["deck_top"]) for s in seats]
    st.passed = [bool(s["passed"]) for s in seats]
    st.pass_order = list(view["pass_order"])
    st.dev_row, st.ach_row = list(view["dev_row"]), list(view["ach_row"])
    st.unrest_left = view["unrest_left"]
    st.monster_row = list(view["monster_row"])
    st.monster_discard = list(view["monster_discard"])
    st.result = None
    st.rng = Rng(rng.randbelow(1 << 62))

    # Fame: one's own; a teammate's from the team's total; every other as one's own.
    st.fame = [you["fame"]] * n
    if st.team and "team_fame" in you:
        st.fame[(seat + 2) % 4] = you["team_fame"] - you["fame"]

    # The map.
    st.units, st.buildings, st.monsters = {}, {}, {}
    st.kaija, st.scorch = "", ""
    for t in view["territories"]:
        if t["units"]:
            st.units[t["id"]] = [t["units"].get(str(s), 0) for s in range(n)]
        for slot, btype in t["buildings"]:
            st.buildings[slot] = btype
        for mid in t["monsters"]:
            st.monsters[mid] = t["id"]
        if t["scorch"]:
            st.scorch = t["id"]
    for s in seats:
        if s["kaija"] not in (None, IN_SUPPLY):
            st.kaija = s["kaija"]

    # Cards: the hidden part of each seat's hand and deck, and any Draw being decided.
    keep_cards: dict[int, list[str]] = {}
    for fr in procedure:
        if fr["kind"] == "keep":
            keep_cards.setdefault(fr["seat"], [])
    st.hand, st.draw = [], []
    for s, sv in enumerate(seats):
        top = list(sv["deck_top"])
        hidden_deck = sv["deck"] - len(top)
        own = s == seat
        hand = list(you["hand"]) if own else []
        seen = [*sv["discard"], *sv["active"], *top, *hand]
        pool = without(clan_pool(sv["clan"], sv["upgrades"]), seen)
        drawn_keep = [fr for fr in procedure if fr["kind"] == "keep" and fr["seat"] == s]
        if own and drawn_keep and pending.get("kind") == "keep":
            pool = without(pool, pending.get("cards", []))
        need = hidden_deck + (0 if own else sv["hand"])
        keep_need = 0 if own else sum(int(fr["cards"]) for fr in drawn_keep)
        cards = _fill(pool, need + keep_need, gd.deck("starting"), rng)
        if not own:
            hand, cards = cards[:sv["hand"]], cards[sv["hand"]:]
        keep_cards[s] = cards[:keep_need]
        st.draw.append(cards[keep_need:] + top)
        st.hand.append(hand)

    # The procedure: secrets filled back in.
    for fr in procedure:
        if fr["kind"] == "keep":
            s = fr["seat"]
            if s == seat:
                fr["cards"] = list(pending.get("cards", [])) if pending.get("kind") == "keep" \
                    else []
            else:
                fr["cards"] = keep_cards[s][:int(fr["cards"])]
                keep_cards[s] = keep_cards[s][int(fr["cards"]):]
        elif fr["kind"] == "turn":
            s = fr["seat"]
            if not fr["sel"]:
                fr["sel"] = None
            elif s == seat:
                fr["sel"] = pending.get("sel")
            else:
                fr["sel"] = rng.choice(st.hand[s]) if st.hand[s] else None
    st.stack = procedure

    # The decks nobody sees: tiles, Development cards, monsters.
    on_table = [p[0] for p in view["tiles"]] + [t for h in st.held for t in h]
    for fr in procedure:
        if fr["kind"] == "place_tile":
            on_table += list(fr["tiles"])
    tiles = without([t for t, tile in gd.tiles.items() if tile.kind == "normal"], on_table)
    st.tile_stack = _fill(tiles, view["tile_stack"], tiles or ["start"], rng)
    st.dev_deck = _dev_deck(view, st, rng)
    monsters = [m for m in gd.monsters if m not in st.monster_row
                and m not in st.monster_discard] if st.monsters_on else []
    st.monster_deck = _fill(monsters, view["monster_deck"], monsters or list(gd.monsters), rng)
    return st


def _dev_deck(view: dict[str, Any], st: State, rng: Rng) -> list[str]:
    """Advanced cards below Early ones, as dealt; none of those in sight."""
    gd = data()
    seen = [*st.dev_row]
    for s in range(st.n):
        seen += st.discard[s] + st.active[s] + st.hand[s] + st.draw[s][len(st.draw[s])
                                                                       - st.known_top[s]:]
    k = view["dev_deck"]
    early = without(gd.deck("early"), seen)
    advanced = without(gd.deck("advanced"), seen)
    # Early cards go first: n of them are revealed each year until they run out.
    early_left = max(0, min(len(early), k, (2 if st.years == 7 else 3) * st.n
                            - st.n * (st.year - (0 if st.dev_row else 1))))
    top = _fill(early, early_left, early or advanced, rng)
    bottom = _fill(advanced, k - early_left, advanced or early, rng)
    return bottom + top

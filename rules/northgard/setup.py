"""A new game (setup A–K of the rulebook) and the setup placements (L): each player places one
of three tiles beside a starting tile, then one more anywhere, with a group of 3 units on an
empty territory of each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Event, RuleViolation, text
from rules.northgard.board import emit
from rules.northgard.data import CLANS, UNREST_CARDS, data
from rules.northgard.machine import Auto, pop, push, register
from rules.northgard.state import Frame, State
from rules.rng import Rng

SETUP_TILES = 3
GROUP = 3


def parse_clans(value: Any, n: int) -> list[str] | None:
    """``random`` (None) or one clan per seat: a list or a text like ``bear/wolf``."""
    if value in (None, "", "random"):
        return None
    names = value.replace(",", "/").split("/") if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(c, str) for c in names):
        raise RuleViolation("bad_config", text("northgard.error.clans", clans=", ".join(CLANS)))
    names = [c.strip().lower() for c in names]
    if len(names) != n or len(set(names)) != n or any(c not in CLANS for c in names):
        raise RuleViolation("bad_config", text("northgard.error.clans", clans=", ".join(CLANS)))
    return names


def check_options(config: Mapping[str, Any], n: int) -> dict[str, Any]:
    cfg = {"long_game": bool(config.get("long_game", False)),
           "team": bool(config.get("team", False)),
           "monsters": bool(config.get("monsters", False)),
           "more_monsters": bool(config.get("more_monsters", False)),
           "clans": config.get("clans", "random")}
    if not 2 <= n <= 5:
        raise RuleViolation("bad_config", text("northgard.error.players"))
    if cfg["team"] and n != 4:
        raise RuleViolation("bad_config", text("northgard.error.team_players"))
    # "More monsters!" is a variant of the monster module, so it brings the module with it.
    cfg["monsters"] = cfg["monsters"] or cfg["more_monsters"]
    return cfg


def first_player(rng: Rng, n: int, ev: list[Event]) -> int:
    """Setup J: everyone rolls both dice; most axes (casualty symbols) starts; ties re-roll."""
    faces = data().faces
    contenders = list(range(n))
    while True:
        axes = {}
        for s in contenders:
            a, b = rng.randbelow(len(faces)), rng.randbelow(len(faces))
            axes[s] = faces[a].axes + faces[b].axes
            emit(ev, "first_roll", seat=s, faces=[a + 1, b + 1], n=axes[s])
        best = max(axes.values())
        contenders = [s for s in contenders if axes[s] == best]
        if len(contenders) == 1:
            return contenders[0]


def new_state(config: Mapping[str, Any], n: int, seed: int) -> State:
    cfg = check_options(config, n)
    clans = parse_clans(cfg["clans"], n)
    gd = data()
    rng = Rng(seed)
    st = State.__new__(State)
    st.n = n
    st.config = cfg
    st.rng = rng
    st.team = cfg["team"]
    st.monsters_on = cfg["monsters"]
    st.more_monsters = cfg["more_monsters"]
    st.years = 10 if cfg["long_game"] else 7
    st.year = 1
    st.clans = clans if clans is not None else rng.sample(list(CLANS), n)
    # D: the Development deck, Early cards on top of Advanced ones (the top is the end).
    per_early, per_adv = (3, 6) if cfg["long_game"] else (2, 4)
    early = rng.sample(gd.deck("early"), per_early * n)
    advanced = rng.sample(gd.deck("advanced"), per_adv * n)
    st.dev_deck = advanced + early
    st.dev_row = []
    # E: one Achievement per player, face up.
    st.ach_row = rng.sample(gd.deck("achievement"), n)
    st.unrest_left = UNREST_CARDS
    # F: the starting tile(s); the 5-player tile stays in the box with fewer players (A8).
    st.placements = [["start", 0, 0, 0]]
    if n == 5:
        st.placements.append(["start5", 1, 0, 0])
    st.tile_stack = rng.shuffled([t for t, tile in gd.tiles.items() if tile.kind == "normal"])
    # G-I: starting cards + the clan's initial card, shuffled; upgrades beside.
    st.draw, st.hand, st.active, st.discard, st.upgrades = [], [], [], [], []
    for s in range(n):
        initial, ups = gd.clan_cards[st.clans[s]]
        st.draw.append(rng.shuffled([*gd.deck("starting"), initial]))
        st.hand.append([])
        st.active.append([])
        st.discard.append([])
        st.upgrades.append(list(ups))
    st.known_top = [0] * n
    st.fame = [0] * n
    st.passed = [False] * n
    st.pass_order = []
    ev: list[Event] = []
    st.first = first_player(rng, n, ev)
    # K: starting resources by turn-order place.
    st.res = [[0, 0, 0] for _ in range(n)]
    for place in range(n):
        seat = (st.first + place) % n
        st.res[seat] = list(gd.start_resources.get(place + 1, (0, 0, 0)))
    # Monster module, after K: strength <= 6 first (players + 1 of them), the rest below.
    st.monsters = {}
    st.monster_row = []
    st.monster_discard = []
    st.monster_deck = []
    if st.monsters_on:
        weak = rng.shuffled([m for m, c in gd.monsters.items() if c.strength <= 6])
        first, rest = weak[:n + 1], weak[n + 1:]
        rest += [m for m, c in gd.monsters.items() if c.strength > 6]
        st.monster_deck = rng.shuffled(rest) + first  # the top is the end
    st.units = {}
    st.kaija = ""
    st.scorch = ""
    st.buildings = {}
    # L: three tiles each (laid open beside the player: the rulebook does not hide them).
    st.held = [[st.tile_stack.pop() for _ in range(SETUP_TILES)] for _ in range(n)]
    st.result = None
    st.stack = [{"kind": "year", "step": 0}, {"kind": "setup", "round": 1, "k": 0}]
    return st


class SetupFrame(Auto):
    """Two rounds in turn order from the first player; then the unused tiles go back."""

    kind = "setup"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["k"] >= st.n:
            fr["round"] += 1
            fr["k"] = 0
        if fr["round"] > 2:
            for held in st.held:
                st.tile_stack.extend(held)
                held.clear()
            st.tile_stack = st.rng.shuffled(st.tile_stack)
            emit(ev, "setup_done")
            pop(st, fr)
            return True
        seat = (st.first + fr["k"]) % st.n
        fr["k"] += 1
        push(st, "place_tile", seat=seat, purpose=f"setup{fr['round']}", tiles=[],
             tile=None, cell=None, tries=0)
        return True

    def label(self, st: State, fr: Frame) -> Any:
        return text("northgard.what.setup")


register(SetupFrame())

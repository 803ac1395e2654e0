"""Setting up (seed "PŘÍPRAVA HRY" steps 1–20, 2-player, solo and co-op changes) and the
secret choice of a General and an active Advisor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Action, Event, RuleViolation, Text, text
from rules.great_wall import board as B
from rules.great_wall.data import CHIN_LOCATIONS, LOCATIONS, PRODUCTION, RESOURCES, UNITS, data
from rules.great_wall.machine import MACHINE, register
from rules.great_wall.procedures import add_horde, num
from rules.great_wall.seasons import start_year_one
from rules.great_wall.state import State
from rules.kit import secret
from rules.kit.frames import Frame, Handler
from rules.rng import Rng

CONFIG_DEFAULTS: dict[str, Any] = {"mode": "standard", "difficulty": "normal",
                                   "chin_advisors": "one"}


def mode_of(config: Mapping[str, Any], n: int) -> str:
    if n == 1:
        return "solo"
    return "coop" if config.get("mode") == "coop" else "standard"


def new_clan(kind: str, n_clans: int) -> dict[str, Any]:
    return {"kind": kind, "res": {r: 0 for r in RESOURCES}, "honor": 0, "token": 0,
            "sup": {"spearman": num("spearmen"), "archer": num("archers"),
                    "horseman": num("horsemen")},
            "shamed": {u: 0 for u in UNITS}, "clerks": 0, "unhired": 0, "hand": [],
            "tactics": [], "general": None, "active": [], "support": [], "won": [],
            "deal_g": [], "deal_a": []}


def new_game(config: Mapping[str, Any], n: int, seed: int) -> State:
    if not 1 <= n <= 4:
        raise RuleViolation("bad_config", text("great_wall.error.seats"))
    cfg = {**CONFIG_DEFAULTS, **dict(config)}
    mode = mode_of(cfg, n)
    if cfg.get("mode") == "coop" and n < 2:
        raise RuleViolation("bad_config", text("great_wall.error.coop_solo"))
    d = data()
    rng = Rng(seed)
    st = State()
    st.n, st.mode, st.cfg = n, mode, cfg
    kinds = ["human"] * n + (["reed"] if n <= 2 else []) + (["chin"] if n == 1 else [])
    st.clans = [new_clan(k, len(kinds)) for k in kinds]
    n_clans = len(kinds)
    st.year, st.season, st.time, st.uid, st.fulfilled = 1, "setup", 0, 0, 0
    st.result = None
    st.secret, st.turn, st.lasting = {}, {"played": {}, "active": None}, {}
    st.track, st.cmd_discard, st.events, st.stack = [None] * 5, [], [], []
    st.storehouse = {r: 0 for r in RESOURCES}
    st.locs = {loc: [] for loc in LOCATIONS}
    st.overseers = {loc: [0] * n_clans for loc in PRODUCTION}
    blocked = n <= 2  # 2-player and solo: the leftmost section is not used
    st.sections = [{"wall": 0, "barricades": 3, "blocked": blocked and i == 0, "hordes": [],
                    "staging": [{u: 0 for u in UNITS} for _ in range(n_clans)], "firing": [],
                    "bonus": 0} for i in range(3)]
    horde_deck = "coop" if mode == "coop" else "standard"
    hordes = [h for h in d.ids("hordes", horde_deck)
              if not (blocked and d.hordes[h]["invasion"] == 0)]
    tactics = d.ids("tactics", "standard") + (d.ids("tactics", "coop") if mode == "coop" else [])
    generals = d.ids("generals", "standard") + (d.ids("generals", "coop") if mode == "coop"
                                                 else [])
    st.decks = {"horde": rng.shuffled(hordes), "horde_discard": [],
                "tactic": rng.shuffled(tactics), "tactic_discard": [],
                "advisor": rng.shuffled(d.ids("advisors")), "advisor_discard": [],
                "general": rng.shuffled(generals), "event": [], "request": [],
                "request_discard": [], "chin": [], "chin_discard": []}
    st.shame_bank = (num("shame_solo") if n == 1 else num("shame_two_player") if n == 2
                     else num("shame_per_player") * n)
    st.requests, st.artifacts = [], []
    if mode == "coop":
        reqs = [r for r in d.ids("requests") if not (n == 2 and d.requests[r]["named"])]
        st.decks["request"] = rng.shuffled(reqs)
        st.requests = [st.decks["request"].pop() for _ in range(2 if n == 2 else 3)]
        st.decks["event"] = rng.shuffled(d.ids("events"))
    else:
        st.artifacts = rng.sample(d.ids("artifacts"), 3)
    st.rng = rng.to_json()
    # Horde cards: one per used section; a 4th with 4 players; co-op: players + 1.
    first = len(B.used_sections(st))
    extra = (n + 1 - first) if mode == "coop" else (1 if n == 4 else 0)
    ev: list[Event] = []
    for _ in range(first + max(0, extra)):
        add_horde(st, ev)
    rng = st.draw_rng()
    commands = d.ids("commands", "standard")
    for clan in range(n):
        c = st.clans[clan]
        c["clerks"], c["unhired"] = num("start_clerks") - num("unhired_clerks"), \
            num("unhired_clerks")
        c["hand"] = list(commands)
        c["deal_g"] = [st.decks["general"].pop(), st.decks["general"].pop()]
        c["deal_a"] = [st.decks["advisor"].pop(), st.decks["advisor"].pop()]
    st.offer = [st.decks["advisor"].pop() for _ in range(4)]
    reed = st.clan_of("reed")
    if reed is not None:
        st.clans[reed]["clerks"] = 0
        for loc in ("lumber_mill", "quarry", "gold_mine"):
            st.locs[loc].append(reed)
        st.clans[reed]["sup"] = {"spearman": num("spearmen"), "archer": 0, "horseman": 0}
    chin = st.clan_of("chin")
    if chin is not None:
        c = st.clans[chin]
        c["clerks"], c["general"] = num("start_clerks"), "chin"
        c["honor"] = {"normal": 0, "hard": 50, "hardest": 50}[cfg.get("difficulty", "normal")]
        c["token"] = num("chin_hard_token") if cfg.get("difficulty") == "hardest" else 0
        st.decks["chin"] = rng.shuffled(d.ids("commands", "solo"))
        st.chin_track = rng.shuffled(list(CHIN_LOCATIONS))  # A9 and GW-S1b: at random
        soldiers = rng.shuffled(["horseman", "horseman", "spearman", "spearman"])
        for loc, unit in zip(PRODUCTION, soldiers, strict=True):
            c["sup"][unit] -= 1
            st.overseers[loc][chin] = 1
        c["support"] = [st.decks["advisor"].pop(), st.decks["advisor"].pop()]
    else:
        st.chin_track = []
    st.keep_rng(rng)
    st.tea = list(range(len(st.clans)))
    MACHINE.push(st, "setup")
    return st


def finish_setup(st: State, picks: dict[int, Any], ev: list[Event]) -> None:
    d = data()
    for clan, (general, active) in sorted(picks.items()):
        c = st.clans[clan]
        c["general"] = general
        c["active"] = [active]
        c["support"] = [a for a in c["deal_a"] if a != active]
        c["deal_g"], c["deal_a"] = [], []
        line = d.generals[general]["setup"]
        B.gain(st, clan, line.get("res") or {})
        ev.append(Event("general", {"clan": clan, "card": general, "advisor": active}))
    for clan in sorted(picks):
        from rules.great_wall.procedures import draw_tactics

        draw_tactics(st, clan, int(d.generals[st.clans[clan]["general"]]["setup"]["tactics"]), ev)
    humans = sorted(picks, key=lambda c: (-int(d.generals[st.clans[c]["general"]]["setup"]["tea"]),
                                          c))
    if st.mode == "solo":
        humans = [0, st.clan_of("chin")]  # you on top, Chin in the middle (solo step 19)
    st.tea = [*humans, *[c for c in range(len(st.clans)) if c not in humans]]
    ev.append(Event("tea_order", {"order": list(st.tea)}))


@register
class Setup(Handler[State]):
    """D1/D2: each seat picks a General, then an active Advisor, secretly; revealed together."""

    kind = "setup"
    actions = ("general", "advisor")

    def picks(self, st: State) -> dict[int, list[Any]]:
        return {int(k): v for k, v in st.secret.get("setup", {}).items()}

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        # Asked often (every view and step): the stored picks, keyed str(seat) as ``act``
        # writes them, read without building ``picks``.
        setup = st.secret.get("setup", {})
        return frozenset(c for c in range(st.n) if len(setup.get(str(c), ())) < 2)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if self.awaiting(st, fr):
            return False
        picks = self.picks(st)
        st.secret.pop("setup", None)
        MACHINE.pop(st, fr)
        finish_setup(st, {c: tuple(p) for c, p in secret.reveal(picks)}, ev)
        start_year_one(st)
        return True

    def options(self, st: State, seat: int) -> list[Action]:
        c = st.clans[seat]
        have = self.picks(st).get(seat, [])
        if not have:
            return [Action("general", {"card": g}) for g in c["deal_g"]]
        if len(have) == 1:
            return [Action("advisor", {"card": a}) for a in c["deal_a"]]
        return []

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action not in self.options(st, seat):
            raise RuleViolation("bad_params", text("great_wall.error.not_allowed"))
        picks = st.secret.setdefault("setup", {})
        picks.setdefault(str(seat), []).append(action.params["card"])
        ev.append(Event("setup_chosen", {"clan": seat, "what": action.kind}))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Any]:
        return list(self.options(st, seat))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.options(st, seat)[0]  # D1/D2: the first dealt card

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        have = self.picks(st).get(seat, [])
        return text("great_wall.progress.setup_general" if not have
                    else "great_wall.progress.setup_advisor")

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        picks = self.picks(st)
        return {"kind": self.kind, "chosen": {c: len(picks.get(c, [])) for c in range(st.n)}}

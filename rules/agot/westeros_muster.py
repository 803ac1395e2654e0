"""The ``muster`` frame (Mustering, in turn order): the costs, where a house may muster and
applying its builds."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import FOOT, KNIGHT, SHIP, board
from rules.agot.control import (
    add_units,
    area_label,
    control,
    count_type,
    house_label,
)
from rules.agot.flow import SeatTurn, emit, pop
from rules.agot.state import Frame, State
from rules.agot.supply import within_supply
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text

MUSTER_COST = {"footman": 1, "knight": 2, "ship": 1, "upgrade": 1}
#: "a knight costs 2": the price of each kind of muster, for refusals.
_COST_TEXT = {"footman": "agot.error.cost.footman", "knight": "agot.error.cost.knight",
              "ship": "agot.error.cost.ship", "upgrade": "agot.error.cost.upgrade"}
#: "All your ships are already on the board."
_ALL_ON_BOARD = {"footman": "agot.error.all_on_board.footman",
                 "knight": "agot.error.all_on_board.knight",
                 "ship": "agot.error.all_on_board.ship"}
#: "A new ship in … would break your supply limit."
_NEW_UNIT = {"footman": "agot.error.new_unit_supply.footman",
             "knight": "agot.error.new_unit_supply.knight",
             "ship": "agot.error.new_unit_supply.ship"}


def muster_areas(st: State, seat: int) -> list[str]:
    b = board()
    return [a for a in b.castle_areas if control(st, a) == seat]


def apply_builds(st: State, seat: int, builds: list[Any]) -> list[dict[str, Any]]:
    """Validate and apply builds in order; raise on the first illegal one."""
    b = board()
    points = {a: b.castle[a] for a in muster_areas(st, seat)}
    done = []
    for raw in builds:
        item = P.mapping(raw, "build")
        area = P.area(item.get("area"))
        unit = item.get("unit")
        if area not in points:
            raise RuleViolation("illegal", text("agot.error.no_castle", area=area_label(area)))
        cost = (MUSTER_COST.get(unit) if isinstance(unit, str) else None)
        if cost is None:
            raise RuleViolation("bad_params", text("agot.error.muster_unit"))
        if points[area] < cost:
            raise RuleViolation("illegal", text("agot.error.muster_points",
                                                area=area_label(area), n=points[area],
                                                cost=text(_COST_TEXT[unit], cost=cost)))
        target = area
        if unit == "ship":
            target = P.area(item.get("sea"), "sea")
            if not b.is_sea[target] or target not in b.adj_set[area]:
                raise RuleViolation("illegal", text("agot.error.ship_sea",
                                                    area=area_label(area)))
            tu = st.units.get(target)
            if (tu is not None and tu[0] != seat) or target in st.neutral:
                raise RuleViolation("illegal", text("agot.error.sea_taken",
                                                    area=area_label(target)))
        if unit == "upgrade":
            u = st.units.get(area)
            if u is None or u[0] != seat or not u[1]:
                raise RuleViolation("illegal", text("agot.error.no_footman",
                                                    area=area_label(area)))
            if count_type(st, seat, KNIGHT) >= b.unit_limits[KNIGHT]:
                raise RuleViolation("illegal", text(_ALL_ON_BOARD["knight"]))
            u[1] -= 1
            u[2] += 1
        else:
            t = {"footman": FOOT, "knight": KNIGHT, "ship": SHIP}[unit]
            if count_type(st, seat, t) >= b.unit_limits[t]:
                raise RuleViolation("illegal", text(_ALL_ON_BOARD[unit]))
            if not within_supply(st, seat, {target: 1}):
                raise RuleViolation("illegal", text(_NEW_UNIT[unit], area=area_label(target)))
            add_units(st, target, seat, [1 if i == t else 0 for i in range(3)])
        points[area] -= cost
        done.append({"area": area, "unit": unit, **({"sea": target} if unit == "ship" else {})})
    return done


class Muster(SeatTurn):
    kind = "muster"
    actions = ("muster",)
    hint = "agot.error.muster_now"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        order = st.tracks["throne"]
        while fr["idx"] < st.n:
            seat = order[fr["idx"]]
            if muster_areas(st, seat):
                fr["seat"] = seat
                return False
            fr["idx"] += 1
        pop(st, fr)
        return True

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        self.expect(action)
        builds = P.seq(P.get(action, "builds", []), "builds")
        apply_builds(st.copy(), seat, builds)  # validate on a probe first
        done = apply_builds(st, seat, builds)
        emit(ev, "mustered", seat=seat, builds=done)
        fr["idx"] += 1

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("muster", {"builds": []})

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        b = board()
        areas = muster_areas(st, seat)
        seas = sorted({s for a in areas for s in b.sea_adj[a]})
        return [Action("muster", {"builds": []}),
                ActionSpec("muster", {"builds": None, "area": areas,
                                      "unit": ["footman", "knight", "ship", "upgrade"],
                                      "sea": seas},
                           text("agot.spec.muster"))]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        b = board()
        probe = st.copy()
        builds: list[dict[str, Any]] = []
        for area in muster_areas(st, seat):
            for _ in range(b.castle[area]):
                unit = rng.choice(["footman", "knight", "ship", "upgrade", "none"])
                if unit == "none":
                    continue
                item: dict[str, Any] = {"area": area, "unit": unit}
                if unit == "ship":
                    seas = b.sea_adj[area]
                    if not seas:
                        continue
                    item["sea"] = rng.choice(list(seas))
                trial = probe.copy()
                try:
                    apply_builds(trial, seat, [*builds, item])
                except RuleViolation:
                    continue
                builds.append(item)
        return Action("muster", {"builds": builds})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("agot.progress.muster")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.muster", house=house_label(st, fr["seat"]))

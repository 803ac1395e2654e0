"""The Move action: N steps, each taking a group (1..all units of a territory) across one
border; a rough border costs 2 steps of the same Move and is used only where no regular border
joins the two; a group entering enemy territory (or a hostile monster's) stops there. After
the steps the mover declares monster attacks, then every combat the Move caused is fought in
the order the mover picks (N6: map order)."""

from __future__ import annotations

from rules.base import Action, Event, Text, text
from rules.northgard.board import (
    controlled,
    emit,
    enemies,
    geo,
    has_kaija,
    hostile_in,
    monster_kinds,
    monsters_in,
    regular,
    seats_at,
    teammate,
    units_of,
)
from rules.northgard.combat import move_units, start_combat
from rules.northgard.geometry import node_key
from rules.northgard.machine import Auto, Decision, pop, push, register
from rules.northgard.names import terr_name
from rules.northgard.state import Frame, State


def start_move(st: State, seat: int, steps: int, strength: int, casualties: int) -> None:
    push(st, "move", seat=seat, left=steps, steps=steps, strength=strength,
         casualties=casualties, sel=None, stage="steps", attacks=[])


def _enemy_here(st: State, seat: int, terr: str) -> bool:
    return any(enemies(st, seat, s) for s in seats_at(st, terr)) or bool(hostile_in(st, terr))


def _mate_here(st: State, seat: int, terr: str) -> bool:
    mate = teammate(st, seat)
    return mate is not None and mate in seats_at(st, terr)


def _can_leave_mate(st: State, seat: int, terr: str) -> bool:
    """A teammate's territory may only be crossed: there must be a regular way on."""
    if "bear" in monster_kinds(st, terr):
        return False
    m = geo(st)
    return any(not _mate_here(st, seat, t) and len(hostile_in(st, t)) < 2
               for t in m.neighbours(terr, rough=False))


def steps_from(st: State, fr: Frame) -> list[tuple[str, str, int]]:
    seat, left = fr["seat"], fr["left"]
    m = geo(st)
    mine = [t for t in controlled(st, seat) if units_of(st, t, seat)]
    stuck = [t for t in mine if _mate_here(st, seat, t)]
    out: list[tuple[str, str, int]] = []
    for frm in stuck or mine:
        # Units that entered enemy ground stop; a bear lets nobody leave its territory.
        if _enemy_here(st, seat, frm) or "bear" in monster_kinds(st, frm):
            continue
        for to, kind in m.adj[frm].items():
            cost = 1 if kind == "regular" else 2
            if cost > left or len(hostile_in(st, to)) >= 2:
                continue
            if not regular(st, frm, seat) and _enemy_here(st, seat, to):
                continue  # Kaija alone never enters enemy territory
            if stuck and _mate_here(st, seat, to):
                continue
            if _mate_here(st, seat, to) and (left - cost < 1 or not _can_leave_mate(st, seat, to)):
                continue
            out.append((frm, to, cost))
    return out


class Move(Decision):
    kind = "move"
    actions = ("step", "count", "back", "done", "attack", "fight")
    what = "northgard.what.move"
    prefer = ("fight", "done", "back")

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        if fr["stage"] == "monsters":
            return self._monster_options(st, fr)
        if fr["sel"] is None:
            opts = [Action("step", {"frm": a, "to": b}) for a, b, _ in steps_from(st, fr)]
            stuck = any(_mate_here(st, seat, t) for t in controlled(st, seat))
            if not stuck or not opts:
                opts.insert(0, Action("done"))
            return opts
        frm, to, _ = fr["sel"]
        reg = regular(st, frm, seat)
        kaija = has_kaija(st, frm, seat) and not _enemy_here(st, seat, to)
        out: list[Action] = []
        if _mate_here(st, seat, frm):
            out.append(Action("count", {"n": reg, "kaija": kaija}))  # the whole group goes on
        else:
            for n in range(reg, 0, -1):
                out.append(Action("count", {"n": n, "kaija": False}))
                if kaija:
                    out.append(Action("count", {"n": n, "kaija": True}))
            if kaija:
                out.append(Action("count", {"n": 0, "kaija": True}))
        out.append(Action("back"))
        return out

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        """What this stage of the move asks: a step, how many go, or the monsters to attack."""
        if fr["stage"] == "monsters":
            return text("northgard.what.move_monsters")
        if fr["sel"] is None:
            return text("northgard.what.move_step", n=int(fr["left"]))
        frm, to, _ = fr["sel"]
        return text("northgard.what.move_count", frm=terr_name(frm), to=terr_name(to))

    def _monster_options(self, st: State, fr: Frame) -> list[Action]:
        seat = fr["seat"]
        declared = {t for t, _ in fr["attacks"]}
        out = [Action("fight")]
        for t in controlled(st, seat):
            if t in declared or seats_at(st, t) != [seat] or hostile_in(st, t):
                continue
            for mid in monsters_in(st, t):
                out.append(Action("attack", {"terr": t, "monster": mid}))
        return out

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["stage"] == "steps" and fr["sel"] is None and fr["left"] <= 0:
            return self._end_steps(st, fr, ev)
        if fr["stage"] == "monsters" and len(self._monster_options(st, fr)) == 1:
            self._to_battles(st, fr, ev)
            return True
        return False

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        kind = action.kind
        if kind == "done":
            self._end_steps(st, fr, ev)
        elif kind == "step":
            frm, to = action.params["frm"], action.params["to"]
            cost = next(c for a, b, c in steps_from(st, fr) if a == frm and b == to)
            fr["sel"] = [frm, to, cost]
        elif kind == "back":
            fr["sel"] = None
        elif kind == "count":
            frm, to, cost = fr["sel"]
            n, kaija = int(action.params["n"]), bool(action.params["kaija"])
            move_units(st, seat, frm, to, n, kaija)
            fr["left"] -= cost
            fr["sel"] = None
            emit(ev, "moved", seat=seat, frm=frm, terr=to, n=n + (1 if kaija else 0),
                 rough=cost == 2)
        elif kind == "attack":
            fr["attacks"].append([action.params["terr"], action.params["monster"]])
            emit(ev, "monster_attack_declared", seat=seat, terr=action.params["terr"],
                 monster=action.params["monster"])
        elif kind == "fight":
            self._to_battles(st, fr, ev)

    def _end_steps(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        fr["stage"] = "monsters"
        if len(self._monster_options(st, fr)) == 1:
            self._to_battles(st, fr, ev)
        return True

    def _to_battles(self, st: State, fr: Frame, ev: list[Event]) -> None:
        seat = fr["seat"]
        todo: list[list[str | int]] = []
        for t in controlled(st, seat):
            foes = [s for s in seats_at(st, t) if enemies(st, seat, s)]
            if foes:
                todo.append([t, foes[0], ""])
            elif hostile_in(st, t):
                todo.append([t, -1, hostile_in(st, t)[0]])
        for t, mid in fr["attacks"]:
            if mid in st.monsters and st.monsters[mid] == t:
                todo.append([t, -1, mid])
        todo.sort(key=lambda x: node_key(str(x[0])))
        pop(st, fr)
        if todo:
            push(st, "battles", seat=seat, todo=todo, strength=fr["strength"],
                 casualties=fr["casualties"])


class Battles(Auto):
    """The combats one Move caused, in the order the mover picks."""

    kind = "battles"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        todo = [b for b in fr["todo"] if self._still(st, fr["seat"], b)]
        fr["todo"] = todo
        if not todo:
            pop(st, fr)
            return True
        if len(todo) > 1:
            push(st, "battle_order", seat=fr["seat"])
            return True
        self._fight(st, fr, 0, ev)
        return True

    @staticmethod
    def _still(st: State, seat: int, b: list[str | int]) -> bool:
        terr, foe, mid = str(b[0]), int(b[1]), str(b[2])
        if not units_of(st, terr, seat):
            return False
        if mid:
            return st.monsters.get(mid) == terr
        return units_of(st, terr, foe) > 0

    @staticmethod
    def _fight(st: State, fr: Frame, i: int, ev: list[Event]) -> None:
        terr, foe, mid = fr["todo"].pop(i)
        avoid = [str(b[0]) for b in fr["todo"]]
        start_combat(st, str(terr), att=fr["seat"], dfn=int(foe), monster=str(mid),
                     move_s=fr["strength"], move_c=fr["casualties"], avoid=avoid, ev=ev)


class BattleOrder(Decision):
    kind = "battle_order"
    actions = ("battle",)
    what = "northgard.what.battle_order"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        below = st.stack[-2]
        return [Action("battle", {"terr": b[0], "monster": b[2]}) for b in below["todo"]]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        pop(st, fr)
        below = st.stack[-1]
        i = next(k for k, b in enumerate(below["todo"])
                 if b[0] == action.params["terr"] and b[2] == action.params["monster"])
        Battles._fight(st, below, i, ev)


register(Move())
register(Battles())
register(BattleOrder())

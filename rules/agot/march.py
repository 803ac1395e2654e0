"""Resolving March orders: moves, ship transport, power tokens, and starting battles."""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.battle_strength import new_battle
from rules.agot.board import board
from rules.agot.control import (
    add_units,
    area_label,
    describe_counts,
    house_label,
    remove_units,
)
from rules.agot.flow import OrderTurns, emit, orders_of, register
from rules.agot.forces import attack_strength, max_support, transport_reach
from rules.agot.state import Frame, State
from rules.agot.supply import within_supply
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text


def destinations(st: State, seat: int, origin: str) -> list[str]:
    b = board()
    if b.is_sea[origin]:
        return list(b.sea_adj[origin])
    return sorted(transport_reach(st, seat, origin))


def marches_of(st: State, seat: int) -> list[str]:
    return orders_of(st, seat, "march")


def _contested(st: State, seat: int, dest: str) -> str | None:
    """'enemy' (battle), 'neutral' (a neutral force), or None (free to enter)."""
    if dest in st.neutral:
        return "neutral"
    u = st.units.get(dest)
    if u is not None and u[0] != seat:
        return "enemy"
    return None


def parse_moves(st: State, seat: int, origin: str, raw: Any) -> dict[str, list[int]]:
    b = board()
    moves: dict[str, list[int]] = {}
    for k, v in P.mapping(raw, "moves").items():
        dest = P.area(k, "destination")
        c = P.counts(v, f"moves.{dest}")
        if sum(c):
            moves[dest] = [moves.get(dest, [0, 0, 0])[i] + c[i] for i in range(3)]
    u = st.units.get(origin)
    have = [u[1], u[2], u[3]] if u else [0, 0, 0]
    total = [sum(m[i] for m in moves.values()) for i in range(3)]
    for i in range(3):
        if total[i] > have[i]:
            short = describe_counts([total[j] if j == i else 0 for j in range(3)])
            raise RuleViolation("illegal", text("agot.error.cannot_march_units",
                                                area=area_label(origin), units=short))
    reach: set[str] | None = None
    for dest, c in moves.items():
        if b.is_sea[dest] != b.is_sea[origin] or (b.is_sea[origin] and (c[0] or c[1])):
            raise RuleViolation("illegal", text("agot.error.land_and_sea"))
        if b.is_sea[origin]:
            if dest not in b.adj_set[origin]:
                raise RuleViolation("illegal", text("agot.error.not_adjacent",
                                                    area=area_label(dest),
                                                    origin=area_label(origin)))
        else:
            if reach is None:
                reach = transport_reach(st, seat, origin)
            if dest not in reach:
                raise RuleViolation("illegal", text("agot.error.unreachable",
                                                    area=area_label(dest),
                                                    origin=area_label(origin)))
    return moves


class Marches(OrderTurns):
    kind = "marches"
    order = "march"  # its action, hint and not_yours (OrderTurns)

    def usable(self, st: State, area: str) -> bool:
        return _movable(st, area)

    def void(self, st: State, fr: Frame, area: str, ev: list[Event]) -> None:
        # Only routed units stand under these orders: nothing can move, the order goes.
        emit(ev, "march", seat=fr["seat"], area=area, moves={}, power_left=False)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        self.expect(action)
        b = board()
        origin = P.area(P.get(action, "from"))
        o = self.own_order(st, seat, origin)
        moves = parse_moves(st, seat, origin, P.get(action, "moves", {}))
        leave = P.boolean(P.get(action, "leave_power", False), "leave_power")
        bonus = b.tokens[o[1]].bonus
        contested = [(d, _contested(st, seat, d)) for d in moves]
        fights = [(d, kind) for d, kind in contested if kind]
        # "…jenom na jedno přilehlé území, obsazené nepřátelskými jednotkami jiného rodu" and
        # "Vpochodování do neutrální oblasti nevyvolá bitvu": the one battle a march may start
        # is against another house; neutral areas it takes besides do not use it up.
        if sum(1 for _, kind in fights if kind == "enemy") > 1:
            raise RuleViolation("illegal", text("agot.error.one_battle"))
        for dest in (d for d, kind in fights if kind == "neutral"):
            need = st.neutral[dest][0]
            best = attack_strength(moves[dest]) + bonus + max_support(st, dest)
            if best < need:
                raise RuleViolation("illegal", text("agot.error.neutral_too_strong",
                                                    area=area_label(dest), need=need,
                                                    best=best))
        delta: dict[str, int] = {origin: 0}
        for d, c in moves.items():
            delta[origin] -= sum(c)
            delta[d] = delta.get(d, 0) + sum(c)
        if not within_supply(st, seat, delta):
            raise RuleViolation("illegal", text("agot.error.march_supply"))
        u = st.units[origin]
        moved_all = sum(sum(c) for c in moves.values()) == u[1] + u[2] + u[3] + u[4] + u[5] + u[6]
        if leave:
            if b.is_sea[origin]:
                raise RuleViolation("illegal", text("agot.error.power_at_sea"))
            if not moved_all:
                raise RuleViolation("illegal", text("agot.error.power_not_all_left"))
            if st.power[seat] < 1:
                raise RuleViolation("illegal", text("agot.error.no_power_to_leave"))
            if st.tokens.get(origin) == seat:
                raise RuleViolation("illegal", text("agot.error.power_already",
                                                    area=area_label(origin)))
        # Validated: apply.
        del st.orders[origin]
        for c in moves.values():
            remove_units(st, origin, c)
        if leave:
            st.power[seat] -= 1
            st.tokens[origin] = seat
        emit(ev, "march", seat=seat, area=origin,
             moves={d: P.count_dict(c) for d, c in moves.items()}, power_left=leave)
        held = {d for d, _ in fights}
        for d, c in moves.items():
            if d in held:
                continue
            tok = st.tokens.get(d)
            if tok is not None and tok != seat:
                del st.tokens[d]
                emit(ev, "power_token_removed", seat=tok, area=d)
            add_units(st, d, seat, c)
        fr["idx"] = (fr["idx"] + 1) % st.n
        if fights:
            # The battle comes after the march's moves; taking the neutral areas is part of
            # them, so they resolve first (pushed last), in area order.
            ordered = ([d for d, kind in fights if kind == "enemy"]
                       + sorted((d for d, kind in fights if kind == "neutral"), reverse=True))
            for d in ordered:
                st.stack.append(new_battle(st, seat, origin, d, moves[d], bonus))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        out: list[Action | ActionSpec] = []
        for a in marches_of(st, seat):
            out.append(Action("march", {"from": a, "moves": {}}))
            out.append(ActionSpec("march", {"from": [a], "moves": destinations(st, seat, a),
                                            "leave_power": [False, True]},
                                  text("agot.spec.march", area=area_label(a))))
        return out

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        mine = [a for a in marches_of(st, seat) if _movable(st, a)] or marches_of(st, seat)
        origin = rng.choice(mine)
        for _ in range(6):
            act = _random_march(st, seat, origin, rng)
            try:
                self._check(st, seat, act)
            except RuleViolation:
                continue
            return act
        return Action("march", {"from": origin, "moves": {}})

    def _check(self, st: State, seat: int, act: Action) -> None:
        probe = st.copy()
        self.act(probe, probe.stack[-1], seat, act, [])

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("march", {"from": marches_of(st, seat)[0], "moves": {}})

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("agot.progress.march")

    def label(self, st: State, fr: Frame) -> Text:
        return text("agot.phase.marches", house=house_label(st, fr["seat"]))


def _movable(st: State, area: str) -> bool:
    u = st.units.get(area)
    return u is not None and (u[1] + u[2] + u[3]) > 0


def _random_march(st: State, seat: int, origin: str, rng: Any) -> Action:
    u = st.units[origin]
    dests = destinations(st, seat, origin)
    moves: dict[str, dict[str, int]] = {}
    fight: str | None = None
    for i, name in enumerate(("footman", "knight", "ship")):
        for _ in range(u[1 + i]):
            if not dests or rng.randbelow(3) == 0:
                continue
            d = rng.choice(dests)
            kind = _contested(st, seat, d)
            if kind == "enemy":
                if fight is not None and fight != d:
                    continue
                fight = d
            moves.setdefault(d, {})
            moves[d][name] = moves[d].get(name, 0) + 1
    leave = False
    if (not board().is_sea[origin] and st.power[seat] > 0 and st.tokens.get(origin) != seat
            and sum(sum(m.values()) for m in moves.values()) == u[1] + u[2] + u[3] + u[4] + u[5]
            + u[6] and rng.randbelow(2) == 0):
        leave = True
    return Action("march", {"from": origin, "moves": moves, "leave_power": leave})


register(Marches())

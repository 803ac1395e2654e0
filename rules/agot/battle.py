"""One battle (or a march against a neutral force), as a frame with steps.

support → house cards → immediate abilities → Valyrian Steel Blade → result → casualties →
retreat and capture → discards → "if you win" ability → end.
Sides are 0 = attacker, 1 = defender; ``dfn`` is -1 for a neutral force.
"""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.board import FOOT, KNIGHT, SHIP, UNIT_STRENGTH, board
from rules.agot.control import (
    add_units,
    area_label,
    blade_holder,
    control,
    count_type,
    gain_power,
    house_label,
    remove_units,
)
from rules.agot.flow import Handler, emit, pop, register
from rules.agot.forces import attack_strength, support_areas, support_strength, transport_reach
from rules.agot.house_cards import card, play_card, refill_if_empty
from rules.agot.state import Frame, State
from rules.agot.supply import within_supply
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import secret

SIDES = ("attacker", "defender")
#: Casualty and retreat losses are taken cheapest first: footmen, then ships, then knights.
CHEAP_ORDER = (FOOT, SHIP, KNIGHT)


def new_battle(st: State, att: int, origin: str, area: str, units: list[int], bonus: int
               ) -> Frame:
    dfn = -1 if area in st.neutral else st.units[area][0]
    sup = support_areas(st, area)
    return {
        "kind": "battle", "area": area, "from": origin, "att": att, "dfn": dfn,
        "units": list(units), "bonus": bonus, "step": "support",
        "decl": {a: None for a in sorted(sup)}, "sup_seat": {a: s for a, s in sorted(sup.items())},
        "cards": [None, None], "ready": [False, False], "revealed": False,
        "cancel": [False, False], "blade": -1, "forced": -1, "winner": -1,
        "strength": [0, 0], "casualties": 0, "effect": None,
    }


def seat_of(fr: Frame, side: int) -> int:
    return fr["att"] if side == 0 else fr["dfn"]


def card_choices(fr: Frame) -> tuple[secret.SeatSlots, secret.ReadyFlags]:
    """The two sides' secret House cards and ready flags (indexed by side, not seat) as the
    kit's commitments; the saved frame keeps its lists."""
    return secret.SeatSlots(fr["cards"]), secret.ReadyFlags(fr["ready"])


def _ability(fr: Frame, side: int) -> str | None:
    c = card(fr["cards"][side])
    if c is None or fr["cancel"][side]:
        return None
    return c.ability


def defender_units(st: State, fr: Frame) -> list[int]:
    u = st.units.get(fr["area"])
    if u is None or u[0] != fr["dfn"]:
        return [0, 0, 0, 0, 0, 0]
    return u[1:7]


def strengths(st: State, fr: Frame) -> list[int]:
    b = board()
    rains = "rains_of_autumn" in st.restrictions
    out = [0, 0]
    for side in (0, 1):
        mine, theirs = _ability(fr, side), _ability(fr, 1 - side)
        if side == 0:
            f, k, s = fr["units"]
            total = (f * (2 if mine == "vargo" else UNIT_STRENGTH[FOOT])
                     + k * (3 if mine == "robb" else UNIT_STRENGTH[KNIGHT])
                     + s * (2 if mine == "victarion" else UNIT_STRENGTH[SHIP])) + fr["bonus"]
        else:
            d = defender_units(st, fr)
            total = d[0] + 2 * d[1] + d[2]
            o = st.orders.get(fr["area"])
            if o is not None and o[0] == fr["dfn"] and b.tokens[o[1]].kind == "defense":
                total += b.tokens[o[1]].bonus * (2 if mine == "catelyn" else 1)
        for a, s_ in fr["decl"].items():
            if s_ == SIDES[side] and a in st.units and a in st.orders:
                total += support_strength(st, a, rains, no_ships=theirs == "salladhor")
        c = card(fr["cards"][side])
        if c is not None and theirs != "balon":
            total += c.strength
        if fr["blade"] == side:
            total += 1
        out[side] = total
    return out


def _winner_of(st: State, fr: Frame, s: list[int]) -> int:
    if fr["forced"] >= 0:
        return fr["forced"]
    if s[0] != s[1]:
        return 0 if s[0] > s[1] else 1
    fief = st.tracks["fiefdoms"]
    return 0 if fief.index(fr["att"]) < fief.index(fr["dfn"]) else 1


def _take_cheapest(have: list[int], n: int) -> list[int]:
    kill = [0, 0, 0]
    for t in CHEAP_ORDER:
        k = min(n, have[t] - kill[t])
        kill[t] += k
        n -= k
    return kill


def retreating_units(st: State, fr: Frame) -> list[int]:
    """The loser's standing units that must retreat (footmen, knights, ships)."""
    if fr["winner"] == 1:
        return list(fr["units"])
    u = st.units.get(fr["area"])
    return [u[1], u[2], u[3]] if u is not None and u[0] == fr["dfn"] else [0, 0, 0]


def retreat_options(st: State, fr: Frame) -> list[tuple[str, int]]:
    """(area, how many units may go there within supply) for the loser. A beaten attacker
    goes back where it came from; the golden rule (p.9) still binds it, so units that supply
    cannot take there are destroyed, as for a defender (p.11)."""
    b = board()
    if fr["winner"] == 1:
        seat, home = fr["att"], fr["from"]
        keep = sum(fr["units"])
        while keep > 0 and not within_supply(st, seat, {home: keep}):
            keep -= 1
        return [(home, keep)] if keep > 0 else []
    seat, area = fr["dfn"], fr["area"]
    u = st.units.get(area)
    total = (u[1] + u[2] + u[3]) if u else 0
    cands = sorted(b.sea_adj[area]) if b.is_sea[area] else sorted(transport_reach(st, seat, area))
    out = []
    for t in cands:
        if t == fr["from"] or t == area or t in st.neutral:
            continue
        tu = st.units.get(t)
        if tu is not None and tu[0] != seat:
            continue
        if not b.is_sea[t] and control(st, t) not in (None, seat):
            continue
        keep = total
        while keep > 0 and not within_supply(st, seat, {area: -total, t: keep}):
            keep -= 1
        if keep > 0:
            out.append((t, keep))
    return out


class Battle(Handler):
    kind = "battle"
    actions = ("support", "choose_card", "ready", "use_blade", "casualties", "retreat",
               "ability")

    # ---- automatic steps --------------------------------------------------------------
    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        step = fr["step"]
        if step == "support":
            if self._support_pending(fr):
                return False
            if fr["dfn"] < 0:
                self._resolve_neutral(st, fr, ev)
                return True
            fr["step"] = "cards"
            chosen, ready = card_choices(fr)
            for side in (0, 1):
                hand = st.hands[seat_of(fr, side)]
                if len(hand) == 1:  # no choice, and the hand is public knowledge anyway
                    secret.commit(chosen, side, hand[0], ready, lock=True)
            return True
        if step == "cards":
            chosen, ready = card_choices(fr)
            if not secret.complete((0, 1), chosen, ready):
                return False
            fr["revealed"] = True
            emit(ev, "cards_revealed", area=fr["area"], attacker=fr["att"], defender=fr["dfn"],
                 cards=[cid for _, cid in secret.reveal(chosen, keep=True)])
            self._immediate(st, fr, ev)
            fr["step"] = "blade"
            return True
        if step == "blade":
            fr["step"] = "resolve"
            holder = blade_holder(st)
            # The rulebook lets the holder use the blade once per round in any battle they
            # fight, whatever its effect: the choice is theirs, not the engine's.
            if not st.blade_used and holder in (fr["att"], fr["dfn"]):
                fr["step"] = "blade_wait"
                return False
            return True
        if step == "resolve":
            self._resolve(st, fr, ev)
            return True
        if step == "retreat":
            self._retreat(st, fr, ev)
            return True
        if step == "discard":
            for side in (0, 1):
                c = fr["cards"][side]
                if c and play_card(st, seat_of(fr, side), c):
                    emit(ev, "cards_recovered", seat=seat_of(fr, side))
            fr["step"] = "effect"
            return True
        if step == "effect":
            opts = self._effect_options(st, fr)
            if opts is not None:
                fr["step"] = "effect_wait"
                return False
            fr["step"] = "end"
            return True
        if step == "end":
            emit(ev, "battle_end", area=fr["area"], winner=seat_of(fr, fr["winner"]))
            pop(st, fr)
            return True
        return False

    def _support_pending(self, fr: Frame) -> set[int]:
        return {fr["sup_seat"][a] for a, s in fr["decl"].items() if s is None}

    def _resolve_neutral(self, st: State, fr: Frame, ev: list[Event]) -> None:
        area, seat = fr["area"], fr["att"]
        total = _neutral_attack(st, fr)
        need = st.neutral[area][0]
        if total >= need:
            del st.neutral[area]
            add_units(st, area, seat, fr["units"])
            emit(ev, "neutral_defeated", seat=seat, area=area, strength=total, needed=need)
        else:
            add_units(st, fr["from"], seat, fr["units"])
            emit(ev, "neutral_held", seat=seat, area=area, strength=total, needed=need)
        pop(st, fr)

    def _immediate(self, st: State, fr: Frame, ev: list[Event]) -> None:
        b = board()
        qa = _ability(fr, 0) == "queen_of_thorns"
        qd = _ability(fr, 1) == "queen_of_thorns"
        fr["cancel"] = [qd, qa]
        if qa or qd:
            emit(ev, "ability", seat=fr["att"] if qa else fr["dfn"], ability="queen_of_thorns")
        fief = st.tracks["fiefdoms"]
        for side in sorted((0, 1), key=lambda s_: fief.index(seat_of(fr, s_))):
            ab = _ability(fr, side)
            if ab == "brienne" and side == 0:
                o = st.orders.get(fr["area"])
                if o is not None and o[0] == fr["dfn"] and b.tokens[o[1]].kind == "defense":
                    del st.orders[fr["area"]]
                    emit(ev, "ability", seat=fr["att"], ability="brienne", area=fr["area"])
            elif ab == "loras":
                if side == 1 and fr["units"][FOOT] > 0:
                    fr["units"][FOOT] -= 1
                    emit(ev, "ability", seat=fr["dfn"], ability="loras", area=fr["area"])
                elif side == 0:
                    u = st.units.get(fr["area"])
                    if u is not None and (u[1] or u[4]):
                        remove_units(st, fr["area"], [1, 0, 0], routed=not u[1])
                        emit(ev, "ability", seat=fr["att"], ability="loras", area=fr["area"])
        if sum(fr["units"]) == 0:
            fr["forced"] = 1
        elif sum(defender_units(st, fr)) == 0:
            fr["forced"] = 0

    def _resolve(self, st: State, fr: Frame, ev: list[Event]) -> None:
        s = strengths(st, fr)
        w = _winner_of(st, fr, s)
        fr["winner"], fr["strength"] = w, s
        if fr["blade"] >= 0:
            st.blade_used = True
        emit(ev, "battle_result", area=fr["area"], attacker=fr["att"], defender=fr["dfn"],
             strength=s, winner=seat_of(fr, w))
        if _ability(fr, w) == "jaime":
            got = gain_power(st, seat_of(fr, w), 2)
            emit(ev, "ability", seat=seat_of(fr, w), ability="jaime", power=got)
        wc, lc = card(fr["cards"][w]), card(fr["cards"][1 - w])
        n = max(0, (wc.swords if wc else 0) - (lc.forts if lc else 0))
        have = self._loser_units(st, fr)
        fr["step"] = "retreat"
        if n <= 0 or sum(have) == 0:
            return
        if n >= sum(have) or sum(1 for x in have if x) == 1:
            self._kill(st, fr, _take_cheapest(have, n), ev)
            return
        fr["casualties"] = n
        fr["step"] = "casualties_wait"

    def _loser_units(self, st: State, fr: Frame) -> list[int]:
        if fr["winner"] == 1:
            return list(fr["units"])
        return defender_units(st, fr)[:3]

    def _kill(self, st: State, fr: Frame, kill: list[int], ev: list[Event]) -> None:
        if fr["winner"] == 1:
            for i in range(3):
                fr["units"][i] -= kill[i]
        else:
            remove_units(st, fr["area"], kill)
        emit(ev, "casualties", seat=seat_of(fr, 1 - fr["winner"]), area=fr["area"],
             units=P.count_dict(kill))

    def _retreat(self, st: State, fr: Frame, ev: list[Event]) -> None:
        area = fr["area"]
        if fr["winner"] == 1:
            total = sum(fr["units"])
            if total:
                opts = retreat_options(st, fr)
                keep = opts[0][1] if opts else 0
                if keep == total:
                    self._move_retreat(st, fr, fr["from"], [0, 0, 0], ev)
                elif keep and sum(1 for x in fr["units"] if x) > 1:
                    fr["step"] = "retreat_wait"  # the attacker chooses which units to lose
                    return
                else:
                    self._move_retreat(st, fr, fr["from"],
                                       _take_cheapest(fr["units"], total - keep), ev)
            fr["step"] = "discard"
            return
        u = st.units.get(area)
        if u is not None and (u[4] or u[5] or u[6]):
            routed = u[4:7]
            emit(ev, "routed_destroyed", seat=fr["dfn"], area=area, units=P.count_dict(routed))
            remove_units(st, area, routed, routed=True)
        u = st.units.get(area)
        if u is not None:
            opts = retreat_options(st, fr)
            total = u[1] + u[2] + u[3]
            if not opts:
                emit(ev, "destroyed_no_retreat", seat=fr["dfn"], area=area,
                     units=P.count_dict(u[1:4]))
                del st.units[area]
            elif len(opts) == 1 and opts[0][1] == total:
                self._move_retreat(st, fr, opts[0][0], [0, 0, 0], ev)
            else:
                fr["step"] = "retreat_wait"
                return
        self._capture(st, fr, ev)
        fr["step"] = "discard"

    def _move_retreat(self, st: State, fr: Frame, to: str, destroy: list[int], ev: list[Event]
                      ) -> None:
        area = fr["area"]
        if fr["winner"] == 1:
            seat = fr["att"]
            if sum(destroy):
                for i in range(3):
                    fr["units"][i] -= destroy[i]
                emit(ev, "casualties", seat=seat, area=area, units=P.count_dict(destroy),
                     supply=True)
            if sum(fr["units"]):
                add_units(st, to, seat, fr["units"], routed=True)
                emit(ev, "retreat", seat=seat, area=area, to=to,
                     units=P.count_dict(fr["units"]))
            return
        u = st.units[area]
        if sum(destroy):
            remove_units(st, area, destroy)
            emit(ev, "casualties", seat=fr["dfn"], area=area, units=P.count_dict(destroy),
                 supply=True)
            u = st.units.get(area)
        if u is None:
            return
        go = u[1:4]
        del st.units[area]
        add_units(st, to, fr["dfn"], go, routed=True)
        emit(ev, "retreat", seat=fr["dfn"], area=area, to=to, units=P.count_dict(go))

    def _capture(self, st: State, fr: Frame, ev: list[Event]) -> None:
        area, seat = fr["area"], fr["att"]
        o = st.orders.get(area)
        if o is not None and o[0] != seat:
            del st.orders[area]
        tok = st.tokens.get(area)
        if tok is not None and tok != seat:
            del st.tokens[area]
        add_units(st, area, seat, fr["units"])
        emit(ev, "area_taken", seat=seat, area=area, defender=fr["dfn"])

    # ---- "if you win" abilities ---------------------------------------------------------
    def _effect_options(self, st: State, fr: Frame) -> list[Any] | None:
        w = fr["winner"]
        ab = _ability(fr, w)
        me, them = seat_of(fr, w), seat_of(fr, 1 - w)
        b = board()
        fr["effect"] = ab
        opts: list[Any]
        if ab == "cersei":
            opts = sorted(a for a, o in st.orders.items() if o[0] == them)
        elif ab == "melisandre":
            opts = sorted(st.hands[them]) if st.power[me] >= 1 else []
        elif ab == "renly":
            u = st.units.get(fr["area"])
            ok = (u is not None and u[0] == me and (u[1] or u[4])
                  and count_type(st, me, KNIGHT) < b.unit_limits[KNIGHT])
            opts = [fr["area"]] if ok else []
        elif ab == "asha":
            opts = sorted(a for a in b.adj[fr["area"]] if a in st.orders
                          and b.tokens[st.orders[a][1]].kind in ("support", "consolidate"))
        elif ab == "luwin":
            opts = sorted(c for c in st.discards[me] if board().cards[c].ability != "luwin")
        else:
            return None
        return opts or None

    def _apply_effect(self, st: State, fr: Frame, target: Any, ev: list[Event]) -> None:
        w = fr["winner"]
        ab = fr["effect"]
        me, them = seat_of(fr, w), seat_of(fr, 1 - w)
        opts = self._effect_options(st, fr) or []
        if target is None:
            if ab == "cersei":
                raise RuleViolation("illegal", text("agot.error.cersei_must",
                                                    card=_choice_name(fr["cards"][w])))
            emit(ev, "ability_declined", seat=me, ability=ab)
            return
        if target not in opts:
            raise RuleViolation("illegal", text("agot.error.ability_target",
                                                target=repr(target),
                                                options=[_choice_name(o) for o in opts]))
        if ab in ("cersei", "asha"):
            del st.orders[target]
        elif ab == "melisandre":
            st.power[me] -= 1
            st.hands[them].remove(target)
            st.discards[them].append(target)
            refill_if_empty(st, them)
        elif ab == "renly":
            u = st.units[target]
            if u[1]:
                u[1] -= 1
                u[2] += 1
            else:
                u[4] -= 1
                u[5] += 1
        elif ab == "luwin":
            st.discards[me].remove(target)
            st.hands[me].append(target)
        emit(ev, "ability", seat=me, ability=ab, target=target)

    # ---- decisions --------------------------------------------------------------------
    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        step = fr["step"]
        if step == "support":
            return frozenset(self._support_pending(fr))
        if step == "cards":
            return frozenset(seat_of(fr, s) for s in secret.waiting((0, 1), *card_choices(fr)))
        if step == "blade_wait":
            return frozenset({blade_holder(st)})
        if step == "casualties_wait":
            return frozenset({seat_of(fr, 1 - fr["winner"])})
        if step == "retreat_wait":
            return frozenset({seat_of(fr, 1 - fr["winner"])})
        if step == "effect_wait":
            return frozenset({seat_of(fr, fr["winner"])})
        return frozenset()

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        step, k = fr["step"], action.kind
        want = {"support": ("support",), "cards": ("choose_card", "ready"),
                "blade_wait": ("use_blade",), "casualties_wait": ("casualties",),
                "retreat_wait": ("retreat",), "effect_wait": ("ability",)}.get(step, ())
        if k not in want:
            raise RuleViolation("wrong_phase", text("agot.error.now",
                                                    progress=self.progress(st, fr, seat)))
        if k == "support":
            self._act_support(st, fr, seat, action, ev)
        elif k in ("choose_card", "ready"):
            side = 0 if seat == fr["att"] else 1
            chosen, ready_sides = card_choices(fr)
            if k == "choose_card":
                cid = P.get(action, "card")
                if not isinstance(cid, str) or cid not in st.hands[seat]:
                    raise RuleViolation("illegal", text("agot.error.card_not_in_hand",
                                                        card=repr(cid)))
                ready = P.boolean(P.get(action, "ready", False), "ready")
                secret.commit(chosen, side, cid, ready_sides, lock=ready)
            else:
                if side not in chosen:
                    raise RuleViolation("illegal", text("agot.error.card_first"))
                ready = True
                secret.mark_ready(chosen, ready_sides, side)
            if ready:
                emit(ev, "card_ready", seat=seat, area=fr["area"])
        elif k == "use_blade":
            if P.boolean(P.get(action, "use"), "use"):
                fr["blade"] = 0 if seat == fr["att"] else 1
                emit(ev, "blade_used", seat=seat, area=fr["area"])
            fr["step"] = "resolve"
        elif k == "casualties":
            kill = P.counts(P.get(action, "units"))
            have = self._loser_units(st, fr)
            if sum(kill) != fr["casualties"] or any(kill[i] > have[i] for i in range(3)):
                raise RuleViolation("illegal", text("agot.error.casualties",
                                                    n=fr["casualties"]))
            self._kill(st, fr, kill, ev)
            fr["step"] = "retreat"
        elif k == "retreat":
            to = P.area(P.get(action, "area"))
            destroy = P.counts(P.get(action, "destroy", {}), "destroy")
            opts = dict(retreat_options(st, fr))
            if to not in opts:
                raise RuleViolation("illegal", text("agot.error.retreat_to",
                                                    area=area_label(to)))
            have = retreating_units(st, fr)
            total = sum(have)
            if sum(destroy) != total - opts[to] or any(destroy[i] > have[i] for i in range(3)):
                raise RuleViolation("illegal", text("agot.error.retreat_supply",
                                                    n=opts[to], area=area_label(to),
                                                    destroy=total - opts[to]))
            self._move_retreat(st, fr, to, destroy, ev)
            if fr["winner"] == 0:
                self._capture(st, fr, ev)
            fr["step"] = "discard"
        elif k == "ability":
            self._apply_effect(st, fr, P.get(action, "target", None), ev)
            fr["step"] = "end"

    def _act_support(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]
                     ) -> None:
        mine = [a for a, s in fr["sup_seat"].items() if s == seat and fr["decl"][a] is None]
        allowed = ("attacker", "none") if fr["dfn"] < 0 else ("attacker", "defender", "none")
        if "areas" in action.params:
            choice = dict(P.mapping(action.params["areas"], "areas"))
        else:
            side = P.get(action, "side")
            choice = {a: side for a in mine}
        for a, side in choice.items():
            if a not in mine:
                raise RuleViolation("illegal", text("agot.error.no_support_in",
                                                    area=area_label(a) if isinstance(a, str)
                                                    else str(a)))
            if side not in allowed:
                raise RuleViolation("bad_params", text("agot.error.support_side",
                                                       sides=list(allowed)))
        if not choice:
            raise RuleViolation("bad_params", text("agot.error.support_none"))
        for a, side in choice.items():
            fr["decl"][a] = side
            emit(ev, "support_declared", seat=seat, area=a, battle=fr["area"], side=side)

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        step = fr["step"]
        if step == "support":
            sides = ["attacker", "none"] if fr["dfn"] < 0 else ["attacker", "defender", "none"]
            return [Action("support", {"side": s}) for s in sides]
        if step == "cards":
            side = 0 if seat == fr["att"] else 1
            acts: list[Action | ActionSpec] = [
                Action("choose_card", {"card": c, "ready": True}) for c in sorted(st.hands[seat])]
            if side in card_choices(fr)[0]:
                acts.append(Action("ready"))
            return acts
        if step == "blade_wait":
            return [Action("use_blade", {"use": False}), Action("use_blade", {"use": True})]
        if step == "casualties_wait":
            have, n = self._loser_units(st, fr), fr["casualties"]
            out: list[Action | ActionSpec] = []
            for f in range(min(have[0], n) + 1):
                for k_ in range(min(have[1], n - f) + 1):
                    s = n - f - k_
                    if s <= have[2]:
                        out.append(Action("casualties", {"units": P.count_dict([f, k_, s])}))
            return out
        if step == "retreat_wait":
            have = retreating_units(st, fr)
            total = sum(have)
            out = []
            for to, keep in retreat_options(st, fr):
                d = _take_cheapest(have, total - keep)
                out.append(Action("retreat", {"area": to, "destroy": P.count_dict(d)}))
            return out
        if step == "effect_wait":
            opts = self._effect_options(st, fr) or []
            acts = [Action("ability", {"target": t}) for t in opts]
            if fr["effect"] != "cersei":
                acts.insert(0, Action("ability", {"target": None}))
            return acts
        return []

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        step = fr["step"]
        if step == "support":
            return Action("support", {"side": "none"})
        if step == "cards":
            side = 0 if seat == fr["att"] else 1
            if side in card_choices(fr)[0]:
                return Action("ready")
            return Action("choose_card", {"card": self._lowest_card(st, seat), "ready": True})
        if step == "blade_wait":
            return Action("use_blade", {"use": False})
        if step == "casualties_wait":
            kill = _take_cheapest(self._loser_units(st, fr), fr["casualties"])
            return Action("casualties", {"units": P.count_dict(kill)})
        if step == "retreat_wait":
            opts = retreat_options(st, fr)
            best = max(keep for _, keep in opts)
            to = min(a for a, keep in opts if keep == best)
            have = retreating_units(st, fr)
            d = _take_cheapest(have, sum(have) - best)
            return Action("retreat", {"area": to, "destroy": P.count_dict(d)})
        acts = self.legal(st, fr, seat)
        return acts[0]  # type: ignore[return-value]

    def _lowest_card(self, st: State, seat: int) -> str:
        b = board()
        return min(st.hands[seat], key=lambda c: (b.cards[c].strength, c))

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        if fr["step"] == "support":
            mine = [a for a, s in fr["sup_seat"].items() if s == seat and fr["decl"][a] is None]
            sides = ["attacker", "none"] if fr["dfn"] < 0 else ["attacker", "defender", "none"]
            if seat == fr["att"]:
                side = "attacker"
            elif seat == fr["dfn"]:
                side = "defender"
            else:
                side = rng.choice(sides)
            return Action("support", {"areas": {a: side for a in mine}})
        return super().random(st, fr, seat, rng)

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        where = area_label(fr["area"])
        step = fr["step"]
        if step == "casualties_wait":
            return text("agot.progress.casualties", n=fr["casualties"], area=where)
        key = _PROGRESS.get(step, "agot.progress.wait")
        return text(key, area=where)

    def label(self, st: State, fr: Frame) -> Text:
        who = house_label(st, fr["att"])
        foe: str | Text = (text("agot.phase.neutral") if fr["dfn"] < 0
                           else house_label(st, fr["dfn"]))
        step = fr["step"]
        what: str | Text = text(_STEP_LABEL[step]) if step in _STEP_LABEL else str(step)
        return text("agot.phase.battle", attacker=who, defender=foe,
                    area=area_label(fr["area"]), step=what)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "area": fr["area"], "from": fr["from"], "attacker": fr["att"],
            "defender": None if fr["dfn"] < 0 else fr["dfn"],
            "neutral_strength": st.neutral[fr["area"]][0] if fr["dfn"] < 0 else None,
            "attacking_units": P.count_dict(fr["units"]), "march_bonus": fr["bonus"],
            "support": dict(fr["decl"]), "step": fr["step"],
            "cards_ready": {SIDES[s]: done for s, done in
                            secret.public_status((0, 1), *card_choices(fr)).items()},
        }
        if fr["revealed"]:
            out["cards"] = {SIDES[s]: fr["cards"][s] for s in (0, 1)}
        if fr["winner"] >= 0:
            out["strength"] = {SIDES[s]: fr["strength"][s] for s in (0, 1)}
            out["winner"] = seat_of(fr, fr["winner"])
        if fr["step"] in ("cards", "support"):
            if fr["dfn"] >= 0:
                out["current_strength"] = {SIDES[s]: v for s, v in
                                           zip((0, 1), _pre_card_strengths(st, fr), strict=True)}
            else:
                out["current_strength"] = {"attacker": _neutral_attack(st, fr),
                                           "defender": st.neutral[fr["area"]][0]}
        if fr["step"] == "casualties_wait":
            out["casualties_due"] = fr["casualties"]
        if seat is not None and seat in (fr["att"], fr["dfn"]) and not fr["revealed"]:
            out["your_card"] = fr["cards"][0 if seat == fr["att"] else 1]
        return out


#: What a seat owes at each battle step (``{area}`` is the battle's area).
_PROGRESS = {"support": "agot.progress.support", "cards": "agot.progress.cards",
             "blade_wait": "agot.progress.blade", "retreat_wait": "agot.progress.retreat",
             "effect_wait": "agot.progress.ability"}
#: The battle step's name in the phase label.
_STEP_LABEL = {"support": "agot.phase.step.support", "cards": "agot.phase.step.cards",
               "blade_wait": "agot.phase.step.blade",
               "casualties_wait": "agot.phase.step.casualties",
               "retreat_wait": "agot.phase.step.retreat", "effect_wait": "agot.phase.step.ability"}


def _choice_name(value: Any) -> Any:
    """An ability's option as players know it: an area's or a House card's name."""
    b = board()
    if isinstance(value, str) and value in b.name:
        return b.name[value]
    if isinstance(value, str) and value in b.cards:
        return b.cards[value].name
    return value


def _neutral_attack(st: State, fr: Frame) -> int:
    """Units + March modifier + declared support; no House cards against a neutral force."""
    rains = "rains_of_autumn" in st.restrictions
    total = attack_strength(fr["units"]) + fr["bonus"]
    for a, s in fr["decl"].items():
        if s == "attacker" and a in st.units and a in st.orders:
            total += support_strength(st, a, rains)
    return total


def _pre_card_strengths(st: State, fr: Frame) -> list[int]:
    probe = dict(fr)
    probe["cards"] = [None, None]
    return strengths(st, probe)


register(Battle())

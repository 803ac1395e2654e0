"""One battle (or a march against a neutral force), as a frame with steps.

support → house cards → immediate abilities → Valyrian Steel Blade → result → casualties →
retreat and capture → discards → "if you win" ability → end.
Here the steps and the decisions; the strength is ``battle_strength``, the
casualties and retreat ``battle_casualties``, the House card abilities ``battle_abilities``.
Sides are 0 = attacker, 1 = defender; ``dfn`` is -1 for a neutral force.
"""

from __future__ import annotations

from typing import Any

from rules.agot import params as P
from rules.agot.battle_abilities import CardAbilities
from rules.agot.battle_casualties import (
    CasualtySteps,
    _take_cheapest,
    retreat_options,
    retreating_units,
)
from rules.agot.battle_strength import (
    SIDES,
    _ability,
    _neutral_attack,
    _pre_card_strengths,
    _winner_of,
    card_choices,
    seat_of,
    strengths,
)
from rules.agot.board import board
from rules.agot.control import (
    add_units,
    area_label,
    blade_holder,
    gain_power,
    house_label,
)
from rules.agot.flow import Handler, emit, pop, register
from rules.agot.house_cards import card, play_card
from rules.agot.state import Frame, State
from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.kit import secret


class Battle(CasualtySteps, CardAbilities, Handler):
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


register(Battle())

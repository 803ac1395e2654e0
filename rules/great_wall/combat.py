"""Soldiers at the front: recruiting and deploying (GW-43/44), attacks from staging areas and
firing positions, Winter volleys (GW-52), Horde defeats (GW-63), the assault and breaches
(GW-53, GW-60) and rescues (GW-57); where Shame goes is ``shame.py``."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event, Text, text
from rules.great_wall import board as B
from rules.great_wall.data import UNITS, data
from rules.great_wall.machine import MACHINE, Choice, Repeated, push, register
from rules.great_wall.procedures import (
    KILL_ORDER,
    auto_wound,
    casualty_value,
    cover,
    gain_shame_each,
    num,
    resolve_losses,
    victims_on,
    wound,
)
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler


# ---- Barracks: recruiting ------------------------------------------------------------------------
@register
class Recruit(Repeated):
    """One soldier per clerk at the Barracks, each paid and deployed at once."""

    kind = "recruit"
    actions = ("recruit",)

    def offers(self, st: State, fr: Frame) -> list[Action]:
        clan = fr["clan"]
        out = [Action("recruit", {"unit": u}) for u in UNITS
               if B.units_free(st, clan, u) > 0 and B.can_pay(st, clan, B.unit_cost(st, clan, u))]
        soldiers = any(B.units_free(st, clan, u) > 0 for u in UNITS)  # public: the supply
        return self.with_pass(out, soldiers)

    auto_single = False

    def again(self, fr: Frame) -> dict[str, Any]:
        return {"bonus": True}

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, unit = fr["clan"], action.params["unit"]
        cost = B.unit_cost(st, clan, unit)
        B.pay(st, clan, cost)
        st.clans[clan]["sup"][unit] -= 1
        ev.append(Event("recruit", {"clan": clan, "unit": unit, "res": B.res_list(cost)}))
        if not fr["bonus"]:  # one recruitment, one recruit bonus (GW-43)
            B.trigger(st, clan, "recruit", ev)
        push(st, "deploy", clan=clan, unit=unit, mode="recruit", s=-1)


def deploy_options(st: State, clan: int, unit: str, mode: str, home: int) -> list[Action]:
    """Where a soldier may go. ``recruit``: any section (a spearman onto a nearest-wall card,
    a horseman onto any card, an archer onto a firing position) or any staging area;
    ``attack``: the same, within its own section ``home`` and never to a staging area."""
    sections = B.used_sections(st) if mode == "recruit" else [home]
    out: list[Action] = []
    for s in sections:
        sec = st.sections[s]
        if unit == "spearman" and sec["hordes"]:
            card = sec["hordes"][0]
            out += [Action("target", {"s": s, "row": 0, "f": f}) for f in B.free_fields(card)]
        elif unit == "horseman":
            for c, card in enumerate(sec["hordes"]):
                firsts = sorted({a for a, _ in B.adjacent_pairs(card)}
                                | {b for _, b in B.adjacent_pairs(card)})
                out += [Action("target", {"s": s, "row": c, "f": f}) for f in firsts]
        elif unit == "archer" and B.free_firing(sec) > 0:
            out.append(Action("target", {"s": s, "row": -1, "f": -1}))
    if mode == "recruit":
        out += [Action("staging", {"s": s}) for s in sections]
    return out


@register
class Deploy(Choice):
    kind = "deploy"
    actions = ("target", "staging")

    def options(self, st: State, fr: Frame) -> list[Action]:
        return deploy_options(st, fr["clan"], fr["unit"], fr["mode"], fr["s"])

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        staging = [a for a in options if a.kind == "staging"]
        return staging[0] if staging else options[0]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, unit = fr["clan"], fr["unit"]
        s = action.params["s"]
        if action.kind == "staging":
            B.place_unit(st, clan, unit, s, "staging")
            ev.append(Event("to_staging", {"clan": clan, "unit": unit, "s": s}))
            return
        row, f = action.params["row"], action.params["f"]
        if unit == "archer":
            B.place_unit(st, clan, unit, s, "firing")
            ev.append(Event("to_firing", {"clan": clan, "s": s}))
            push(st, "shoot", clan=clan, s=s)
            return
        uid = B.next_uid(st)
        if unit == "horseman":
            push(st, "second", clan=clan, s=s, row=row, f=f, uid=uid)
            return
        cover(st, clan, unit, s, row, [f], uid, ev)


@register
class Second(Choice):
    """A horseman's second field, orthogonally adjacent to the first."""

    kind = "second"
    actions = ("field",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        card = st.sections[fr["s"]]["hordes"][fr["row"]]
        pairs = B.adjacent_pairs(card)
        f = fr["f"]
        return [Action("field", {"f": b if a == f else a}) for a, b in pairs if f in (a, b)]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        cover(st, fr["clan"], "horseman", fr["s"], fr["row"], [fr["f"], action.params["f"]],
              fr["uid"], ev)


def wound_options(st: State, s: int) -> list[Action]:
    return [Action("wound", {"row": c, "f": f})
            for c, card in enumerate(st.sections[s]["hordes"]) for f in B.free_fields(card)]


@register
class Shoot(Choice):
    """An archer's wound on any Horde card of its section (never a reward)."""

    kind = "shoot"
    actions = ("wound",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        return wound_options(st, fr["s"])

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        wound(st, fr["clan"], fr["s"], action.params["row"], action.params["f"], ev)


# ---- attacks from staging areas and firing positions ---------------------------------------------
def attackers(st: State, clan: int) -> list[Action]:
    out = []
    for s in B.used_sections(st):
        sec = st.sections[s]
        for u in UNITS:
            if sec["staging"][clan][u] and deploy_options(st, clan, u, "attack", s):
                out.append(Action("attacker", {"s": s, "unit": u, "from": "staging"}))
        if clan in sec["firing"] and wound_options(st, s):
            out.append(Action("attacker", {"s": s, "unit": "archer", "from": "firing"}))
    return out


@register
class Attacker(Repeated):
    kind = "attacker"
    actions = ("attacker",)
    decline = "skip"

    def offers(self, st: State, fr: Frame) -> list[Action]:
        return self.with_pass(attackers(st, fr["clan"]))

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, s, unit = fr["clan"], action.params["s"], action.params["unit"]
        if action.params["from"] == "firing":
            push(st, "shoot", clan=clan, s=s)
            return
        st.sections[s]["staging"][clan][unit] -= 1
        push(st, "deploy", clan=clan, unit=unit, mode="attack", s=s)


# ---- Winter volley (GW-52) ---------------------------------------------------------------------
@register
class Volley(Handler[State]):
    kind = "volley"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if not fr["queue"]:
            MACHINE.pop(st, fr)
            return True
        s, clan = fr["queue"].pop(0)
        opts = wound_options(st, s)
        if not opts:
            return True
        if st.human(clan):
            push(st, "shoot", clan=clan, s=s)
        else:
            auto_wound(st, clan, s, ev)
        return True


def start_volley(st: State) -> None:
    queue = []
    for s in B.used_sections(st):
        for clan in st.tea:
            queue += [[s, clan]] * st.sections[s]["firing"].count(clan)
    push(st, "volley", queue=queue)


# ---- Horde defeat (GW-63) ------------------------------------------------------------------------
def next_defeated(st: State) -> tuple[int, int] | None:
    """Row nearest the wall first, left to right; then the next row."""
    for row in range(3):
        for s in B.used_sections(st):
            cards = st.sections[s]["hordes"]
            if row < len(cards) and B.covered(cards[row]):
                return s, row
    return None


@register
class Defeat(Handler[State]):
    kind = "defeat"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        stage = fr.get("stage", "scan")
        if stage == "scan":
            found = next_defeated(st)
            if found is None:
                MACHINE.pop(st, fr)
                return True
            s, row = found
            card = st.sections[s]["hordes"][row]
            on = B.soldiers_on(card)
            for clan in st.in_tea(on):
                B.honor(st, clan, num("defeat_honor"))
                B.trigger(st, clan, "defeat_present", ev)
            for clan in st.in_tea(st.sections[s]["firing"]):
                B.honor(st, clan, num("archer_defeat_honor") * st.sections[s]["firing"].count(clan))
            winner = None
            if on:
                best = max(B.fields_covered(card, c) for c in on)
                winner = next(c for c in st.tea if c in on and B.fields_covered(card, c) == best)
            fr.update(stage="window", s=s, row=row, winner=winner, card_at=[s, row],
                      free={}, queue=st.in_tea(on))
            ev.append(Event("defeated", {"s": s, "row": row, "card": card["id"],
                                         "winner": winner, "present": st.in_tea(on)}))
            from rules.great_wall.tactics import open_window
            open_window(st, "defeat", st.in_tea(c for c in on if st.human(c)), s=s)
            return True
        s, row = fr["s"], fr["row"]
        card = st.sections[s]["hordes"][row]
        if stage == "window":
            fr["stage"] = "kill"
            return True
        if stage == "kill":
            if fr["queue"]:
                clan = fr["queue"].pop(0)
                ask_losses(st, fr, clan, s, [[row, casualty_value(st)]], 0, False, ev)
                return True
            fr["stage"] = "take"
            return True
        # Survivors to the staging area, wounds back to the bank, the card to its winner.
        for clan, units in B.soldiers_on(card).items():
            for unit, _uid in units:
                if st.human(clan):
                    st.sections[s]["staging"][clan][unit] += 1
                else:
                    st.clans[clan]["sup"][unit] += 1
        st.sections[s]["hordes"].pop(row)
        take_card(st, fr["winner"], card["id"], ev)
        MACHINE.pop(st, fr)
        push(st, "defeat")
        return True


def take_card(st: State, winner: int | None, card: str, ev: list[Event]) -> None:
    if winner is None or st.kind(winner) == "reed":
        st.decks["horde_discard"].append(card)
        ev.append(Event("horde_discarded", {"card": card}))
        return
    st.clans[winner]["won"].append({"id": card, "shame": 0})
    ev.append(Event("horde_won", {"clan": winner, "card": card}))
    if st.mode == "coop":  # GW-C13: its Honor at once
        B.honor(st, winner, int(data().hordes[card]["honor"]))
    B.trigger(st, winner, "horde_won", ev)


def ask_losses(st: State, parent: Frame, clan: int, s: int, groups: list[list[int]],
               archers: int, breach: bool, ev: list[Event]) -> None:
    """A clan loses ``k`` soldiers on each card of ``groups`` ([row, k]) and, in a breach, its
    ``archers`` on the firing positions. "každý hráč musí zabít … vojáky": a human owner picks
    which of its soldiers die, then may rescue any of them ("Kdykoli by měl být některý voják
    zabit, můžete zaplatit 2 čchi a tím ho zachránit."), free ones first (Tactic cards). The
    Reed Clan and Chin lose spearmen first, then archers, then horsemen, and never rescue."""
    free = parent.get("free", {}) if isinstance(parent.get("free"), dict) else {}
    if not st.human(clan):
        cards = st.sections[s]["hordes"]
        losses = [(u, uid, row) for row, k in groups for u, uid in victims_on(cards[row], clan, k)]
        losses += [("archer", -1, -1)] * archers
        resolve_losses(st, clan, s, losses, 0, breach, ev)
        return
    push(st, "losses", clan=clan, s=s, breach=breach, groups=[list(g) for g in groups],
         dead=[["archer", -1, -1]] * archers, saved=[], free=int(free.get(str(clan), 0)),
         stage="pick")


def _candidates(st: State, fr: Frame) -> tuple[int, list[tuple[str, int]]] | None:
    """The first card where the owner still has to pick a victim, and its soldiers there."""
    cards = st.sections[fr["s"]]["hordes"]
    for row, k in fr["groups"]:
        chosen = {uid for _u, uid, r in fr["dead"] if r == row}
        left = [(u, uid) for u, uid in B.soldiers_on(cards[row]).get(fr["clan"], [])
                if uid not in chosen]
        if k > len(chosen) and left:
            return row, left
    return None


@register
class Losses(Choice):
    """D12: the owner picks which soldiers die (default: spearmen first, then archers, then
    horsemen), then which of them to rescue for 2 chi each (default: none, or the most
    valuable when a Tactic card rescues for free). The rescue question is asked whenever
    soldiers die, with "let them die" only when nothing can pay: asking only seats with 2 chi
    would show the table who holds chi."""

    kind = "losses"
    actions = ("kill", "rescue", "done")
    auto_single = False
    stays = True

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["stage"] == "pick":
            found = _candidates(st, fr)
            if found is not None:
                row, left = found
                if len({u for u, _ in left}) > 1:
                    return False  # a real choice: which kind dies here
                self._kill(fr, row, left[0][0], left)
                return True
            fr["stage"] = "rescue"
        if not self._victims(fr):
            MACHINE.pop(st, fr)
            self._resolve(st, fr, ev)
            return True
        return False

    @staticmethod
    def _victims(fr: Frame) -> list[list[Any]]:
        return list(fr["dead"])

    @staticmethod
    def _kill(fr: Frame, row: int, unit: str, left: list[tuple[str, int]]) -> None:
        uid = next(uid for u, uid in left if u == unit)
        fr["dead"] = [*fr["dead"], [unit, uid, row]]

    def options(self, st: State, fr: Frame) -> list[Action]:
        if fr["stage"] == "pick":
            found = _candidates(st, fr)
            if found is None:
                return []
            row, left = found
            return [Action("kill", {"row": row, "unit": u})
                    for u in KILL_ORDER if any(x == u for x, _ in left)]
        can_pay = fr["free"] > 0 or st.clans[fr["clan"]]["res"]["chi"] >= num("rescue_cost")
        units = [u for u in KILL_ORDER if any(d[0] == u for d in fr["dead"])] if can_pay else []
        return [*(Action("rescue", {"unit": u}) for u in units), Action("done")]

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        if fr["stage"] == "rescue" and fr["free"] > 0 and len(options) > 1:
            return options[-2]  # a free rescue saves the most valuable
        return options[0] if fr["stage"] == "pick" else options[-1]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        if action.kind == "kill":
            found = _candidates(st, fr)
            assert found is not None
            self._kill(fr, found[0], action.params["unit"], found[1])
            return
        if action.kind == "rescue":
            unit = action.params["unit"]
            i = next(i for i, d in enumerate(fr["dead"]) if d[0] == unit)
            if fr["free"] > 0:
                fr["free"] -= 1
            else:
                B.pay(st, fr["clan"], {"chi": num("rescue_cost")})
            fr["saved"] = [*fr["saved"], fr["dead"][i]]
            fr["dead"] = fr["dead"][:i] + fr["dead"][i + 1:]
            return
        MACHINE.pop(st, fr)
        self._resolve(st, fr, ev)

    @staticmethod
    def _resolve(st: State, fr: Frame, ev: list[Event]) -> None:
        losses = [tuple(x) for x in fr["dead"] + fr["saved"]]
        resolve_losses(st, fr["clan"], fr["s"], losses, len(fr["saved"]), fr["breach"], ev)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "s": fr["s"], "stage": fr["stage"],
                "n": sum(k for _r, k in fr["groups"]) + sum(
                    1 for d in fr["dead"] + fr["saved"] if d[2] < 0)}

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text(f"great_wall.progress.losses_{fr['stage']}")


# ---- the assault and breaches (GW-53, GW-60) -----------------------------------------------------
@register
class Assault(Handler[State]):
    kind = "assault"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        used = B.used_sections(st)
        i = fr["i"]
        if i >= len(used):
            MACHINE.pop(st, fr)
            for sec in st.sections:
                sec["bonus"] = 0
                if not sec["blocked"]:
                    sec["barricades"] = 0
            ev.append(Event("barricades_removed", {}))
            return True
        s = used[i]
        if not fr.get("asked"):
            fr["asked"] = True
            from rules.great_wall.tactics import humans, open_window
            open_window(st, "assault", humans(st), s=s)
            return True
        fr["i"] += 1
        fr["asked"] = False
        d, o = B.defence(st, s), B.offence(st, s)
        breach = o > d and bool(st.sections[s]["hordes"])
        ev.append(Event("assault", {"s": s, "defence": d, "offence": o, "breach": breach}))
        if breach:
            push(st, "breach", s=s, stage="shame", free={}, queue=[])
        return True


@register
class Breach(Handler[State]):
    kind = "breach"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        s = fr["s"]
        sec = st.sections[s]
        if fr["stage"] == "shame":
            fr["stage"] = "window"
            gains = []
            for card in sec["hordes"]:
                on = B.soldiers_on(card)
                gains += [c for c in st.tea if st.human(c) and c not in on]
            # One Shame per card without your soldier, drawn in Tea order from the top.
            gain_shame_each(st, gains, ev)
            return True
        if fr["stage"] == "window":
            fr["stage"] = "kill"
            involved = [c for c in range(st.n) if clan_at_front(st, s, c)]
            fr["queue"] = [c for c in st.tea if clan_at_front(st, s, c)]
            from rules.great_wall.tactics import open_window
            open_window(st, "breach", st.in_tea(involved), s=s)
            return True
        if fr["stage"] == "kill" and fr["queue"]:
            clan = fr["queue"].pop(0)
            k = casualty_value(st)
            groups = [[row, k] for row in range(len(sec["hordes"]))]
            ask_losses(st, fr, clan, s, groups, sec["firing"].count(clan), True, ev)
            return True
        MACHINE.pop(st, fr)
        return True


def clan_at_front(st: State, s: int, clan: int) -> bool:
    sec = st.sections[s]
    return clan in sec["firing"] or any(clan in B.soldiers_on(c) for c in sec["hordes"])

"""Location activation (GW-37 … GW-49): every clan with clerks there resolves the effect in
Tea order, then the clerks go home (the Reed clerk stays) and a lone clan at a Shame-symbol
location takes Shame unless the activation was advanced."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event, Text, text
from rules.great_wall import automata as auto
from rules.great_wall import board as B
from rules.great_wall.data import BUILD_RES, PRODUCTION, UNITS, data
from rules.great_wall.machine import MACHINE, Choice, Declinable, Repeated, push, register
from rules.great_wall.procedures import draw_tactics, gain_shame, num, refill_offer
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler


def clerks_of(st: State, loc: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in st.locs[loc]:
        out[c] = out.get(c, 0) + 1
    return out


#: The production stages that ask each clan in the queue in turn (a frame of the stage's
#: kind), and the stage after each.
_ASKED = {"promote": "donate", "donate": "finish"}


@register
class Activate(Handler[State]):
    kind = "activate"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        loc = fr["loc"]
        counts = clerks_of(st, loc)
        if fr["stage"] == "start":
            ev.append(Event("activation", {"loc": loc, "advanced": fr["advanced"]}))
            fr["order"] = st.in_tea(counts)
            fr["stage"] = "ordered"
            humans = [c for c in fr["order"] if st.human(c)]
            active = st.turn.get("active")
            if st.mode == "coop" and len(humans) > 1 and active is not None \
                    and st.human(active):
                push(st, "clerk_order", clan=active, loc=loc, left=humans)
            return True
        if fr["stage"] == "ordered":
            order = fr["order"]
            if loc in PRODUCTION:
                produce(st, loc, counts, order, ev)
                fr["queue"] = [c for c in order if st.human(c)]
                fr["stage"] = "promote"
            else:
                fr["queue"] = list(order)
                fr["stage"] = "each"
            return True
        if fr["stage"] in _ASKED:
            if fr["queue"]:
                push(st, fr["stage"], clan=fr["queue"].pop(0), loc=loc)
                return True
            if fr["stage"] == "promote":
                fr["queue"] = [c for c in fr["order"] if st.human(c) and loc != "temple"]
            fr["stage"] = _ASKED[fr["stage"]]
            return True
        if fr["stage"] == "each":
            if fr["queue"]:
                clan = fr["queue"].pop(0)
                resolve_for(st, loc, clan, counts.get(clan, 0), ev)
                return True
            fr["stage"] = "finish"
            return True
        MACHINE.pop(st, fr)
        finish(st, loc, fr["advanced"], counts, ev)
        return True


@register
class ClerkOrder(Choice):
    """Co-op (GW-C9): "Akce úředníků již nadále nezávisí na čajovém pořadí a hráči se mohou
    domluvit, v jakém pořadí proběhnou." An online table cannot wait for a talk: the active
    player proposes the order, one player at a time (default: Tea order); the Reed Clan keeps
    its place."""

    kind = "clerk_order"
    actions = ("next",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        return [Action("next", {"clan": c}) for c in fr["left"]]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        act = next(f for f in reversed(st.stack) if f["kind"] == "activate")
        first = action.params["clan"]
        rest = [c for c in fr["left"] if c != first]
        if len(rest) > 1:  # the next pick waits on top of this activation
            push(st, "clerk_order", clan=fr["clan"], loc=fr["loc"], left=rest)
        proposed = [*act.get("proposed", []), first, *(rest if len(rest) == 1 else [])]
        act["proposed"] = proposed
        if len(rest) <= 1:  # every human seat has its place: theirs, where humans stood
            slots = iter(proposed)
            act["order"] = [next(slots) if st.human(c) else c for c in act["order"]]
            ev.append(Event("clerk_order", {"clan": fr["clan"], "loc": fr["loc"],
                                            "order": proposed}))

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "loc": fr["loc"]}


def produce(st: State, loc: str, counts: dict[int, int], order: list[int],
            ev: list[Event]) -> None:
    """Step 1 for everyone: 1 per clerk plus the overseer's level (GW-40)."""
    res = data().locations[loc]["resource"]
    for clan in order:
        k = counts[clan]
        kind = st.kind(clan)
        if kind == "chin":
            auto.chin_produce(st, loc, k, ev)
            continue
        amount = k + (st.overseers[loc][clan] if kind == "human" else 0)
        if kind == "reed":
            if res in BUILD_RES:  # GW-R3: straight into the Storehouse, no Honor
                st.storehouse[res] += amount
                ev.append(Event("reed_donates", {"loc": loc, "res": res, "n": amount}))
            else:
                auto.reed_temple(st, ev)
            continue
        B.gain(st, clan, {res: amount})
        st.turn.setdefault("produced", {})[f"{loc}:{clan}"] = amount
        ev.append(Event("produce", {"clan": clan, "loc": loc, "res": res, "n": amount}))


def produced(st: State, clan: int, loc: str) -> bool:
    """Whether the clan produced at this location in this activation (step 1): only then may
    it promote or donate there."""
    return bool(st.turn.get("produced", {}).get(f"{loc}:{clan}"))


def resolve_for(st: State, loc: str, clan: int, k: int, ev: list[Event]) -> None:
    kind = st.kind(clan)
    if kind != "human":
        auto.location_effect(st, loc, clan, k, ev)
        return
    if loc == "barracks":
        push(st, "recruit", clan=clan, left=k, bonus=False)
    elif loc == "builders_camp":
        push(st, "build", clan=clan, left=k)
    elif loc == "headquarters":
        push(st, "hq", clan=clan, left=k)
    elif loc == "embassy":
        push(st, "embassy", clan=clan, left=k)
    elif loc == "war_academy":
        draw_tactics(st, clan, k, ev)
    elif loc == "tea_house":
        alone = k >= B.spots(st, loc)  # every spot is this clan's: straight to the top
        B.tea_up(st, clan, alone, ev)


def finish(st: State, loc: str, advanced: bool, counts: dict[int, int], ev: list[Event]) -> None:
    reed = st.clan_of("reed")
    st.locs[loc] = [c for c in st.locs[loc] if c == reed]
    for clan, k in counts.items():
        if clan != reed:
            st.clans[clan]["clerks"] += k
    st.turn.pop("produced", None)
    if st.clan_of("chin") in counts:
        auto.chin_track_up(st, loc, ev)
    # GW-9B: alone at a Shame-symbol location (the Reed clerk counts as another clan's).
    if data().locations[loc]["shame"] and len(counts) == 1 and not advanced:
        (clan,) = counts
        gain_shame(st, clan, ev)


# ---- production: promote and donate --------------------------------------------------------------
def promote_cost(st: State, clan: int, loc: str) -> int | None:
    """The price of the next overseer step here, after discount Advisors (None at level 3)."""
    level = st.overseers[loc][clan]
    costs = data().board["overseer"]["costs"]
    if level >= len(costs):
        return None
    off = sum(int(a.get("by", 0)) for a in B.actives(st, clan)
              if a.get("type") == "discount" and a.get("loc") == loc)
    return max(0, int(costs[level]) - off)


def promotable(st: State, clan: int, here: str) -> list[str]:
    """Where a promotion may happen now: here, and every overseer a discount Advisor covers
    (GW-40, worked example 9)."""
    out = [here]
    for a in B.actives(st, clan):
        if a.get("type") == "discount" and a.get("loc") not in out:
            out.append(str(a["loc"]))
    return out


@register
class Promote(Declinable):
    kind = "promote"
    actions = ("promote",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        clan, here = fr["clan"], fr["loc"]
        if not produced(st, clan, here):
            return []
        out = []
        for loc in promotable(st, clan, here):
            if fr.get("done_" + loc):
                continue
            cost = promote_cost(st, clan, loc)
            res = data().locations[loc]["resource"]
            if cost is None or st.clans[clan]["res"][res] < cost:
                continue
            if st.overseers[loc][clan] == 0:
                out += [Action("promote", {"loc": loc, "unit": u}) for u in UNITS
                        if B.units_free(st, clan, u) > 0]
            else:
                out.append(Action("promote", {"loc": loc}))
        # Public: where an overseer could be placed or promoted (levels and soldiers show).
        could = any(not fr.get("done_" + loc) and promote_cost(st, clan, loc) is not None
                    and (st.overseers[loc][clan] > 0
                         or any(B.units_free(st, clan, u) > 0 for u in UNITS))
                    for loc in promotable(st, clan, here))
        return self.with_pass(out, could)

    auto_single = False

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, loc = fr["clan"], action.params["loc"]
        cost = promote_cost(st, clan, loc) or 0
        res = data().locations[loc]["resource"]
        B.pay(st, clan, {res: cost})
        unit = action.params.get("unit")
        if unit:
            st.clans[clan]["sup"][unit] -= 1  # an overseer never leaves its track (GW-41)
        st.overseers[loc][clan] += 1
        ev.append(Event("promote", {"clan": clan, "loc": loc, "level": st.overseers[loc][clan],
                                    "res": res, "n": cost}))
        # Once per location: the activated one, then any discounted ones.
        push(st, "promote", clan=clan, loc=fr["loc"],
             **{k: v for k, v in fr.items() if k.startswith("done_")}, **{"done_" + loc: True})


@register
class Donate(Declinable):
    kind = "donate"
    actions = ("donate",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        clan, loc = fr["clan"], fr["loc"]
        res = data().locations[loc]["resource"]
        if res not in BUILD_RES or not produced(st, clan, loc) or st.clans[clan]["res"][res] < 1:
            return []
        return [Action("donate"), Action("done")]

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        """The question names what would be given ("donate 1 wood …?")."""
        res = data().locations[fr["loc"]]["resource"]
        return text("great_wall.progress.donate", amount=text(f"great_wall.amount.{res}", n=1))

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, loc = fr["clan"], fr["loc"]
        res = data().locations[loc]["resource"]
        B.pay(st, clan, {res: 1})
        st.storehouse[res] += 1
        B.honor(st, clan, num("donate_honor"))
        ev.append(Event("donate", {"clan": clan, "res": res, "n": num("donate_honor")}))
        B.trigger(st, clan, "donate", ev)


# ---- Headquarters (GW-46) ------------------------------------------------------------------------
def hq_moves(st: State, clan: int) -> list[Action]:
    out = []
    for a in B.used_sections(st):
        sec = st.sections[a]
        if not (B.staging_total(sec, clan) or clan in sec["firing"]):
            continue
        out += [Action("move", {"from": a, "to": b}) for b in B.used_sections(st) if b != a]
    return out


def hq_move(st: State, clan: int, a: int, b: int, ev: list[Event]) -> None:
    """Today's fixed rule, the deadline default: everything the clan still has at section
    ``a`` goes to ``b``: archers from firing positions to free firing positions there (else
    its staging area), the rest to its staging area."""
    src, dst = st.sections[a], st.sections[b]
    archers = src["firing"].count(clan)
    src["firing"] = [c for c in src["firing"] if c != clan]
    to_fire = min(archers, B.free_firing(dst))
    dst["firing"] += [clan] * to_fire
    dst["staging"][clan]["archer"] += archers - to_fire
    for u in UNITS:
        dst["staging"][clan][u] += src["staging"][clan][u]
        src["staging"][clan][u] = 0


def hq_units(st: State, clan: int, a: int, b: int) -> list[Action]:
    """One soldier at a time: "Přesuňte libovolné množství svých vojáků ze střeleckých pozic
    a/nebo nástupního prostoru tohoto úseku na jeden jiný úsek Zdi"; an archer from a firing
    position to a free firing position or the staging area, any other soldier (and an archer
    from the staging area) only to the staging area."""
    src, dst = st.sections[a], st.sections[b]
    out = [Action("hq_unit", {"unit": u, "from": "staging", "to": "staging"})
           for u in UNITS if src["staging"][clan][u]]
    if clan in src["firing"]:
        if B.free_firing(dst) > 0:
            out.append(Action("hq_unit", {"unit": "archer", "from": "firing", "to": "firing"}))
        out.append(Action("hq_unit", {"unit": "archer", "from": "firing", "to": "staging"}))
    return out


@register
class Headquarters(Repeated):
    """Per clerk: pick the section to leave and the one to go to (``move``), then which
    soldiers go (``hq_pick``)."""

    kind = "hq"
    actions = ("move",)

    def offers(self, st: State, fr: Frame) -> list[Action]:
        return self.with_pass(hq_moves(st, fr["clan"]))

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        push(st, "hq_pick", clan=fr["clan"], a=action.params["from"], b=action.params["to"],
             moved=0)


@register
class HqPick(Choice):
    """Which soldiers move (default: all of them, today's rule); one at a time, or all that
    are left, or stop."""

    kind = "hq_pick"
    actions = ("hq_unit", "hq_all", "done")
    auto_single = False
    stays = True

    def options(self, st: State, fr: Frame) -> list[Action]:
        units = hq_units(st, fr["clan"], fr["a"], fr["b"])
        return [Action("hq_all"), *units, Action("done")] if units else []

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if self.options(st, fr):
            return False
        MACHINE.pop(st, fr)
        self.finish(fr, ev)
        return True

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, a, b = fr["clan"], fr["a"], fr["b"]
        if action.kind == "hq_unit":
            p = action.params
            src, dst = st.sections[a], st.sections[b]
            if p["from"] == "firing":
                src["firing"].remove(clan)
            else:
                src["staging"][clan][p["unit"]] -= 1
            if p["to"] == "firing":
                dst["firing"].append(clan)
            else:
                dst["staging"][clan][p["unit"]] += 1
            fr["moved"] += 1
            return
        if action.kind == "hq_all":
            hq_move(st, clan, a, b, ev)
            fr["moved"] += 1
        MACHINE.pop(st, fr)
        self.finish(fr, ev)

    @staticmethod
    def finish(fr: Frame, ev: list[Event]) -> None:
        if fr["moved"]:
            ev.append(Event("hq_move", {"clan": fr["clan"], "from": fr["a"], "to": fr["b"]}))

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "from": fr["a"], "to": fr["b"]}


# ---- Imperial Embassy (GW-47) --------------------------------------------------------------------
def clerk_cost(st: State, clan: int) -> int:
    return max(0, num("clerk_cost") - B.discount(st, clan, "clerk"))


def advisor_cost(st: State, clan: int) -> int:
    c = st.clans[clan]
    total = len(c["active"]) + len(c["support"]) + 1
    return max(0, total - B.discount(st, clan, "advisor"))


@register
class Embassy(Repeated):
    kind = "embassy"
    actions = ("hire",)

    def offers(self, st: State, fr: Frame) -> list[Action]:
        clan = fr["clan"]
        gold = st.clans[clan]["res"]["gold"]
        out = []
        if st.clans[clan]["unhired"] > 0 and gold >= clerk_cost(st, clan):
            out.append(Action("hire", {"what": "clerk"}))
        if gold >= advisor_cost(st, clan):
            out += [Action("hire", {"what": "advisor", "slot": i}) for i in range(len(st.offer))]
        could = st.clans[clan]["unhired"] > 0 or bool(st.offer)  # public
        return self.with_pass(out, could)

    auto_single = False

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan = fr["clan"]
        c = st.clans[clan]
        if action.params["what"] == "clerk":
            B.pay(st, clan, {"gold": clerk_cost(st, clan)})
            c["unhired"] -= 1
            c["clerks"] += 1
            ev.append(Event("hire_clerk", {"clan": clan}))
            return
        cost = advisor_cost(st, clan)
        B.pay(st, clan, {"gold": cost})
        card = st.offer.pop(action.params["slot"])
        refill_offer(st)
        ev.append(Event("hire_advisor", {"clan": clan, "card": card, "n": cost}))
        push(st, "role", clan=clan, card=card)


@register
class Role(Choice):
    """GW-7: a new Advisor is active or support, at once and for good (D10: support)."""

    kind = "role"
    actions = ("role",)
    auto_single = False

    def options(self, st: State, fr: Frame) -> list[Action]:
        return [Action("role", {"role": "support"}), Action("role", {"role": "active"})]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan, card = fr["clan"], fr["card"]
        if action.params["role"] == "active":
            st.clans[clan]["active"].append(card)
            ev.append(Event("advisor_active", {"clan": clan, "card": card}))
        else:
            st.clans[clan]["support"].append(card)
            ev.append(Event("advisor_support", {"clan": clan,
                                                "symbol": data().advisors[card]["symbol"]}))
        B.trigger(st, clan, "advisor_hired", ev)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "card": fr["card"]}


@register
class Discard(Choice):
    """GW-50: over 5 Tactic cards, discard down to 5 at once."""

    kind = "discard"
    actions = ("discard",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        hand = st.clans[fr["clan"]]["tactics"]
        if len(hand) <= num("tactic_limit"):
            return []
        return [Action("discard", {"card": c}) for c in dict.fromkeys(hand)]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan = fr["clan"]
        st.clans[clan]["tactics"].remove(action.params["card"])
        st.decks["tactic_discard"].append(action.params["card"])
        ev.append(Event("tactic_discarded", {"clan": clan, "card": action.params["card"]}))
        if len(st.clans[clan]["tactics"]) > num("tactic_limit"):
            push(st, "discard", clan=clan)

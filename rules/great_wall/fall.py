"""Fall (GW-34 … GW-39): Command cards chosen secretly and revealed together, placed on the
command track in Tea order, then resolved one by one — boxes top to bottom, activation in the
active player's order, Horde defeats."""

from __future__ import annotations

from typing import Any

from rules.base import Action, Event, RuleViolation, Text, text
from rules.great_wall import automata as auto
from rules.great_wall import board as B
from rules.great_wall.data import LOCATIONS, data
from rules.great_wall.machine import MACHINE, Choice, Declinable, Repeated, push, register
from rules.great_wall.state import State
from rules.kit import secret
from rules.kit.frames import Frame, Handler


def hand(st: State, clan: int) -> list[str]:
    return list(st.clans[clan]["hand"])


# ---- choosing (secret, simultaneous) -------------------------------------------------------------
@register
class ChooseCommand(Handler[State]):
    """Every seat with a card in hand picks one face down; all are revealed together."""

    kind = "choose_command"
    actions = ("command",)

    def needed(self, st: State) -> list[int]:
        return [c for c in range(st.n) if st.clans[c]["hand"]]

    def pending(self, st: State) -> dict[int, Any]:
        return {int(k): v for k, v in st.secret.get("command", {}).items()}

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return secret.still_to_commit(self.needed(st), self.pending(st))

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        pending = self.pending(st)
        if not secret.complete(self.needed(st), pending):
            return False
        MACHINE.pop(st, fr)
        st.secret.pop("command", None)
        revealed = dict(secret.reveal(pending))
        auto.automated_commands(st, revealed, ev)
        for clan, card in sorted(revealed.items(), key=lambda kv: st.tea.index(kv[0])):
            if st.human(clan):
                st.clans[clan]["hand"].remove(card)
            st.turn["played"][str(clan)] = card
            ev.append(Event("command_revealed", {"clan": clan, "card": card}))
        return True

    def options(self, st: State, seat: int) -> list[Action]:
        return [Action("command", {"card": c}) for c in sorted(set(hand(st, seat)),
                                                                key=hand(st, seat).index)]

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action not in self.options(st, seat):
            raise RuleViolation("bad_params", text("great_wall.error.not_allowed"))
        pending = self.pending(st)
        secret.commit(pending, seat, action.params["card"])
        st.secret["command"] = {str(k): v for k, v in pending.items()}
        ev.append(Event("command_chosen", {"clan": seat}))
        ev.append(Event("command_mine", {"clan": seat, "card": action.params["card"]},
                        frozenset({seat})))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Any]:
        return list(self.options(st, seat))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.options(st, seat)[0]  # D5: the first card in hand

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        return text("great_wall.progress.command")

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "chosen": secret.public_status(self.needed(st),
                                                                  self.pending(st))}


# ---- the command track (GW-35) -------------------------------------------------------------------
def track_size(st: State) -> int:
    """A4: the first N positions, N = the clans at the table (position 5 unused with 4)."""
    return min(len(st.clans), 5)


def free_positions(st: State) -> list[int]:
    return [i for i in range(track_size(st)) if st.track[i] is None]


@register
class Position(Choice):
    kind = "position"
    actions = ("position",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        return [Action("position", {"pos": p + 1}) for p in free_positions(st)]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        put_on_track(st, fr["clan"], action.params["pos"] - 1, ev)


def put_on_track(st: State, clan: int, pos: int, ev: list[Event]) -> None:
    card = st.turn["played"][str(clan)]
    st.track[pos] = {"clan": clan, "card": card}
    ev.append(Event("command_placed", {"clan": clan, "card": card, "pos": pos + 1}))


def start_placement(st: State, ev: list[Event]) -> None:
    """Push the position choices in Tea order (the top of the stack acts first)."""
    st.track = [None] * 5
    clans = [c for c in st.tea if str(c) in st.turn["played"]]
    push(st, "place_track", queue=clans)


@register
class PlaceTrack(Handler[State]):
    """Walks the Tea order: a human picks a free position, the Reed Clan and Chin take the
    earliest free one when their turn comes (A6)."""

    kind = "place_track"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if not fr["queue"]:
            MACHINE.pop(st, fr)
            return True
        clan = fr["queue"].pop(0)
        if st.human(clan):
            push(st, "position", clan=clan)
        else:
            put_on_track(st, clan, free_positions(st)[0], ev)
        return True


# ---- resolving the cards (GW-36) -----------------------------------------------------------------
def start_resolution(st: State) -> None:
    slots = [(i, t) for i, t in enumerate(st.track) if t is not None]
    for i, t in reversed(slots):
        push(st, "resolve", pos=i, owner=t["clan"], card=t["card"], stage="start", todo=[],
             adv=[], pending=[])


def box_items(st: State, owner: int, card: str) -> list[list[Any]]:
    """Each box's effects, by whom they are resolved: the owner, or every other clan in Tea
    order (a whole box per clan before the next)."""
    out: list[list[Any]] = []
    played = {v for k, v in st.turn["played"].items() if int(k) != owner}
    for box in data().commands[card]["boxes"]:
        cond = box.get("if_played")
        if cond and not any(p == cond or p == f"solo_{cond}" for p in played):
            continue
        who = [owner] if box["who"] == "owner" else [c for c in st.tea if c != owner]
        for clan in who:
            for eff in box["effects"]:
                out.append([clan, eff])
    return out


@register
class Resolve(Handler[State]):
    kind = "resolve"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        owner = fr["owner"]
        if fr["stage"] == "start":
            st.turn["active"] = owner
            ev.append(Event("card_resolves", {"clan": owner, "card": fr["card"],
                                              "pos": fr["pos"] + 1}))
            fr["todo"] = box_items(st, owner, fr["card"])
            fr["stage"] = "window"
            if st.human(owner):
                from rules.great_wall.tactics import open_window
                open_window(st, "turn", [owner], s=-1)
            return True
        if fr["stage"] == "window":
            fr["stage"] = "todo"
            return True
        if fr["stage"] == "todo":
            if fr["todo"]:
                clan, eff = fr["todo"].pop(0)
                run_effect(st, fr, clan, eff, ev)
                return True
            fr["stage"] = "order"
            fr["pending"] = [loc for loc in LOCATIONS
                             if B.activates(st, loc) or loc in fr["adv"]]
            return True
        if fr["stage"] == "order":
            if not fr["pending"]:
                fr["stage"] = "defeat"
                push(st, "defeat")
                return True
            who = order_decider(st, owner, fr["pending"])
            if who is not None and len(fr["pending"]) > 1:
                push(st, "order", clan=who)
                return True
            loc = auto.activation_pick(st, owner, fr["pending"])
            start_activation(st, fr, loc, ev)
            return True
        MACHINE.pop(st, fr)
        st.turn["active"] = None
        return True


def order_decider(st: State, owner: int, pending: list[str]) -> int | None:
    """Who orders the activations (D8), or None for the fixed rule: the active player; in the
    Reed Clan's turn its ruler (GW-R6); in Chin's turn, once his own locations are done, the
    human ("Pořadí aktivace ostatních lokací je na vás.")."""
    kind = st.kind(owner)
    if kind == "human":
        return owner
    if kind == "reed":
        from rules.great_wall.reed import human_ruler

        return human_ruler(st)
    if any(owner in st.locs[loc] and loc in st.chin_track for loc in pending):
        return None  # Chin's own locations first, highest on his track (GW-S12)
    return next((c for c in st.tea if st.human(c)), None)


def start_activation(st: State, fr: Frame, loc: str, ev: list[Event]) -> None:
    fr["pending"].remove(loc)
    # An advanced activation never brings Shame, even where the spots happen to be full.
    push(st, "activate", loc=loc, advanced=loc in fr["adv"], stage="start", queue=[])


def resolve_frame(st: State) -> Frame | None:
    for fr in reversed(st.stack):
        if fr["kind"] == "resolve":
            return fr
    return None


@register
class Order(Choice):
    """D8: the active player picks the next location to activate."""

    kind = "order"
    actions = ("activate",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        res = resolve_frame(st)
        return [Action("activate", {"loc": loc}) for loc in (res["pending"] if res else [])]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        res = resolve_frame(st)
        assert res is not None
        start_activation(st, res, action.params["loc"], ev)


# ---- card effects --------------------------------------------------------------------------------
def run_effect(st: State, fr: Frame, clan: int, eff: dict[str, Any], ev: list[Event]) -> None:
    do = eff["do"]
    human = st.human(clan)
    if do == "gain":
        if human or st.kind(clan) == "chin":
            B.gain(st, clan, eff.get("res") or {})
            B.honor(st, clan, int(eff.get("honor", 0)))
            ev.append(Event("gain", {"clan": clan, "res": B.res_list(eff.get("res") or {}),
                                     "honor": int(eff.get("honor", 0))}))
    elif do == "place":
        if human:
            push(st, "place", clan=clan, left=int(eff["n"]), distinct=bool(eff.get("distinct")),
                 used=[], dst=None)
        elif st.kind(clan) == "chin":
            auto.chin_place(st, 2, ev)  # GW-S10: in others' turns Chin adds 2 clerks
    elif do == "advanced":
        if human:
            push(st, "advanced", clan=clan, left=int(eff.get("n", 1)))
    elif do == "draw":
        from rules.great_wall.procedures import draw_tactics
        draw_tactics(st, clan, int(eff["n"]), ev)
    elif do == "attack":
        if human:
            push(st, "attacker", clan=clan, left=int(eff.get("n", 1)))
    elif do == "copy":
        if human:
            push(st, "copy", clan=clan)
    elif do == "reed_move":
        auto.reed_move(st, ev)
    elif do.startswith("chin_"):
        auto.chin_effect(st, fr, eff, ev)


@register
class Place(Choice):
    """Place a clerk (GW-21/22): first where it goes, then where it comes from (your supply or
    one of your clerks elsewhere; a full regular location is locked)."""

    kind = "place"
    actions = ("place", "source", "stop")

    def sources(self, st: State, clan: int, dst: str) -> list[str]:
        out = ["supply"] if st.clans[clan]["clerks"] > 0 else []
        return out + [loc for loc in B.movable_from(st, clan) if loc != dst]

    def options(self, st: State, fr: Frame) -> list[Action]:
        clan = fr["clan"]
        if fr["dst"] is not None:
            return [Action("source", {"src": s}) for s in self.sources(st, clan, fr["dst"])]
        if fr["left"] <= 0:
            return []
        opts = [Action("place", {"loc": loc}) for loc in LOCATIONS
                if B.can_enter(st, clan, loc) and not (fr["distinct"] and loc in fr["used"])
                and self.sources(st, clan, loc)]
        return [*opts, Action("stop")] if opts else []

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        return options[-1] if fr["dst"] is None else options[0]  # D7: skip the box

    def single_decides(self, fr: Frame) -> bool:
        return fr["dst"] is not None  # a lone source is taken; where to go is always asked

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        clan = fr["clan"]
        if action.kind == "stop":
            return
        if action.kind == "place":
            push(st, "place", clan=clan, left=fr["left"], distinct=fr["distinct"],
                 used=fr["used"], dst=action.params["loc"])
            return
        dst, src = fr["dst"], action.params["src"]
        if src == "supply":
            st.clans[clan]["clerks"] -= 1
        else:
            st.locs[src].remove(clan)
        st.locs[dst].append(clan)
        ev.append(Event("clerk_placed", {"clan": clan, "loc": dst, "src": src}))
        if fr["left"] > 1:
            push(st, "place", clan=clan, left=fr["left"] - 1, distinct=fr["distinct"],
                 used=[*fr["used"], dst], dst=None)

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"kind": self.kind, "clan": fr["clan"], "left": fr["left"], "loc": fr["dst"]}


@register
class Advanced(Repeated):
    """An advanced activation (GW-23): pick any location, or skip."""

    kind = "advanced"
    actions = ("advanced",)
    decline = "skip"

    def offers(self, st: State, fr: Frame) -> list[Action]:
        res = resolve_frame(st)
        taken = res["adv"] if res else []
        return self.with_pass([Action("advanced", {"loc": loc}) for loc in LOCATIONS
                               if loc not in taken], True)

    def once(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        res = resolve_frame(st)
        assert res is not None
        res["adv"].append(action.params["loc"])
        ev.append(Event("advanced", {"clan": fr["clan"], "loc": action.params["loc"]}))


@register
class Copy(Declinable):
    """Betrayal: resolve another revealed card's boxes as your own (never the Reed card;
    Chin's card with your same-named card's text, GW-S16)."""

    kind = "copy"
    actions = ("copy",)
    decline = "skip"

    def options(self, st: State, fr: Frame) -> list[Action]:
        cards = []
        for k, card in st.turn["played"].items():
            if int(k) == fr["clan"] or data().commands[card]["deck"] == "reed":
                continue
            base = card[5:] if card.startswith("solo_") else card
            if base != "betrayal" and base not in cards:
                cards.append(base)
        return self.with_pass([Action("copy", {"card": c}) for c in cards], True)

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        res = resolve_frame(st)
        assert res is not None
        ev.append(Event("copied", {"clan": fr["clan"], "card": action.params["card"]}))
        res["todo"] = box_items(st, fr["clan"], action.params["card"]) + res["todo"]


def label_of(st: State, fr: Frame) -> Text:
    return text("great_wall.frame." + fr["kind"])

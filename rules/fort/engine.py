"""The turn as a stack of small frames (``rules.kit.frames``): every decision is one frame
awaiting one seat (the draft awaits all seats at once) with a short list of concrete actions.

Frames: ``draft`` → ``turn`` (cleanup, play, recruit, discard, draw, cats, end check) which
pushes ``play`` (choose a card / skip / cat and perk options) → ``card`` (dog needs, which
actions in which order, improving, the follow window, trash-this-card, Do-Over) → ``resolve`` (one
action's steps, interpreted) → ``choice`` (one parameter of one step). ``recruit`` serves the
Recruit phase and the Recruit Card action.

The follow window (issue #12) is a secret simultaneous commitment: every other player is
awaited at once (a player without a matching card is offered only ``pass``, so being asked
reveals nothing), commits ``follow {card}`` / ``pass`` / ``rough`` secretly and may revise it
(or lock it in with ``ready``) until everyone has committed; then the choices are revealed
together and resolved clockwise from the Leader (A1).
"""

from __future__ import annotations

from typing import Any

from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.fort import dog_needs, effects
from rules.fort.card_frame import Card
from rules.fort.choosing import Choosing, Options
from rules.fort.common import (
    clockwise_from,
    ev_pub,
    has_perk,
    is_dog,
)
from rules.fort.data import SUITS, ctype, tables
from rules.fort.machine import MACHINE
from rules.fort.setup import CONFIG_DEFAULTS
from rules.fort.state import State
from rules.fort.turn import Draft, Turn
from rules.kit.frames import Frame, Handler


# ---- play ----------------------------------------------------------------------------------
class Play(Choosing):
    kind = "play"
    actions = ("play", "skip", "cat", "perk")

    # "Tyto schopnosti se často spustí před zahráním karty, což znamená opravdu těsně
    # předtím! Pokud u sebe máte několik koček se schopností spouštějící se tímto způsobem,
    # vyhodnoťte je v libovolném pořadí." — a cat's *before you play a card* ability
    # triggers whenever its owner plays a card, and only then: choosing to play a card
    # (``pending``) triggers every such cat not yet used for this play; the owner only
    # orders them (one left resolves by itself), then the card is played.

    @staticmethod
    def triggered(st: State, fr: Frame) -> list[str]:
        seat = fr["seat"]
        return sorted(c for c, owner in st.cats.items()
                      if owner == seat and c not in fr["cats_used"]
                      and tables().cats[c]["ability"]["trigger"] == "before_play")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        card = fr.get("pending")
        if card is None:
            return False
        left = fr["cats_left"]
        if len(left) > 1:
            return False
        if left:
            self._cat(st, fr, left[0], ev)
            return True
        del fr["pending"], fr["cats_left"]
        self._play(st, fr, card, ev)
        return True

    def _cat(self, st: State, fr: Frame, cat_id: str, ev: list[Event]) -> None:
        seat = fr["seat"]
        fr["cats_left"].remove(cat_id)
        fr["cats_used"].append(cat_id)
        ev_pub(ev, "cat_use", seat=seat, cat=cat_id)
        effects.push_resolve(st, seat, tables().cats[cat_id]["ability"]["steps"], 1,
                             src="cat", card=None)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind == "cat" and fr.get("pending") is None:
            raise RuleViolation("illegal", text("fort.error.cat_on_play"))
        super().act(st, fr, seat, action, ev)

    def options(self, st: State, fr: Frame) -> Options:
        seat = fr["seat"]
        p = st.players[seat]
        if fr.get("pending") is not None:
            return [Action("cat", {"cat": c}) for c in fr["cats_left"]]
        out: Options = [Action("skip")]
        seen: set[str] = set()
        for c in p["hand"]:
            if is_dog(c) and not dog_needs.dog_playable(st, seat, c):
                continue
            out.append(Action("play", {"card": c}))
            seen.add(c)
        if has_perk(st, seat, "recycling") and p["discard"]:
            out.append(Action("perk", {"perk": "recycling"}))
        if has_perk(st, seat, "diy") and not fr["second"] and effects.diy_affordable(st, seat):
            out.append(Action("perk", {"perk": "diy"}))
        return out

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        opts = self.options(st, fr)
        # A random player plays a card most of the time (skipping every turn is a dull game).
        real = [o for o in opts if o.kind != "skip"]
        if real and rng.randbelow(8):
            return rng.choice(real)
        return rng.choice(opts)

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        seat = fr["seat"]
        p = st.players[seat]
        if action.kind == "skip":
            ev_pub(ev, "skip", seat=seat)
            MACHINE.pop(st, fr)
            return
        if action.kind == "cat":
            self._cat(st, fr, action.params["cat"], ev)
            return
        if action.kind == "perk":
            perk = action.params["perk"]
            if perk == "recycling":
                MACHINE.push(st, "choice", seat=seat, what="recycle", remaining=1)
                return
            # DIY: instead of playing a card
            p["perks"].remove("diy")
            st.box.append("diy")
            ev_pub(ev, "perk_used", seat=seat, perk="diy")
            MACHINE.pop(st, fr)
            effects.advance(st, seat, ev, discount=0,
                            extra=int(tables().perks["diy"].get("extra_cost", 1)))
            return
        card = action.params["card"]
        cats = self.triggered(st, fr)
        if cats:
            fr["pending"], fr["cats_left"] = card, cats
            return
        self._play(st, fr, card, ev)

    def _play(self, st: State, fr: Frame, card: str, ev: list[Event]) -> None:
        seat = fr["seat"]
        p = st.players[seat]
        p["hand"].remove(card)
        p["played"].append(card)
        st.play = {"seat": seat, "card": card, "trash_self": False}
        ev_pub(ev, "play", seat=seat, card=card)
        MACHINE.pop(st, fr)
        ct = ctype(card)
        cf = MACHINE.push(st, "card", seat=seat, card=card, second=fr["second"], stage="act",
                          order=[], idx=0, cur=[], followers=[], fi=0, fcards=[],
                          choices=[], ready=[],
                          followed=[], rough=[], cats_used=list(fr["cats_used"]),
                          need={"have": 0, "suits": [], "lookout": [],
                                                       "hand": []})
        if ct.kind == "dog":
            cf["order"] = ["dog"]
            need = ct.need or {}
            if need.get("type") == "resources":
                effects.pay_resources(st, seat, int(need.get("pizza", 0)),
                                      int(need.get("toy", 0)), ev)
            elif int(need.get("n", 0)) > 0:
                cf["stage"] = "needs"
        else:
            modes = effects.modes(ct)
            if len(modes) == 1:
                cf["order"] = effects.MODE_ORDER[modes[0]]
            else:
                cf["stage"] = "mode"

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        if fr.get("pending") is not None:
            return text("fort.progress.cat_order")
        return text("fort.progress.play")

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        # The card about to be played stays a secret of its hand until it is played; the
        # cats it triggered, still to order, are public (their owner is).
        out = {"seat": fr["seat"], "second": fr["second"], "cats_used": list(fr["cats_used"])}
        if fr.get("pending") is not None:
            out["cats_left"] = list(fr["cats_left"])
            if seat == fr["seat"]:
                out["pending"] = fr["pending"]
        return out


# ---- recruit -------------------------------------------------------------------------------
class Recruit(Choosing):
    kind = "recruit"
    actions = ("recruit",)

    def options(self, st: State, fr: Frame) -> Options:
        seat = fr["seat"]
        out: Options = [Action("recruit", {"from": "park", "slot": i})
                        for i in range(len(st.park))]
        if st.park_deck:
            out.append(Action("recruit", {"from": "deck"}))
        if not fr["extra"]:
            for r in clockwise_from(st, seat):
                for c in st.players[r]["yard"]:
                    out.append(Action("recruit", {"from": "yard", "seat": r, "card": c}))
        return out

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if self.options(st, fr):
            return False
        ev_pub(ev, "recruit_none", seat=fr["seat"])
        MACHINE.pop(st, fr)
        return True

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        seat = fr["seat"]
        MACHINE.pop(st, fr)
        effects.recruit(st, seat, action, ev)

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text("fort.progress.recruit")


class Choice(Choosing):
    """One parameter of one step: resource type, card to tuck/trash, pack source, …"""

    kind = "choice"
    actions = ("choose",)

    def options(self, st: State, fr: Frame) -> Options:
        return effects.choice_options(st, fr)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return effects.choice_default(st, fr)

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["remaining"] > 0 and any(not o.params.get("stop") for o in self.options(st, fr)):
            return False
        MACHINE.pop(st, fr)
        return True

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        effects.choice_apply(st, fr, action, ev)

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text(f"fort.progress.choice_{fr['what']}")

    def label(self, st: State, fr: Frame) -> str | Text:
        return text(f"fort.phase.choice_{fr['what']}", seat=fr["seat"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"seat": fr["seat"], "what": fr["what"], "remaining": fr["remaining"]}


class Resolve(Handler[State]):
    """Runs one action's steps in order; a step that needs a choice pushes a ``choice``."""

    kind = "resolve"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        return effects.run_resolve(st, fr, ev)

    def label(self, st: State, fr: Frame) -> str | Text:
        return text("fort.phase.resolve", seat=fr["seat"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"seat": fr["seat"], "card": fr["card"], "src": fr["src"], "k": fr["k"]}


for _h in (Draft(), Turn(), Play(), Card(), Recruit(), Choice(), Resolve()):
    MACHINE.register(_h)


# ---- entry points --------------------------------------------------------------------------
def awaiting(st: State) -> frozenset[int]:
    if st.result is not None:
        return frozenset()
    return MACHINE.awaiting(st)


def deadline_share(st: State) -> float:
    """The follow window (and a Copy Cat's second card) is a quick yes/no whose default is
    "no": it gets ``follow_deadline`` percent of the turn's deadline; all else the whole."""
    fr = MACHINE.top(st)
    if st.result is None and fr is not None and fr["kind"] == "card" \
            and fr["stage"] in ("follow", "follow2"):
        return st.cfg.get("follow_deadline", CONFIG_DEFAULTS["follow_deadline"]) / 100
    return 1.0


def step(st: State, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    fr = MACHINE.top(st)
    if fr is None:
        raise RuleViolation("game_over", text("fort.error.game_over"))
    h = MACHINE.handler(fr)
    if action.kind not in h.actions:
        if action.kind in ALL_KINDS:
            raise RuleViolation("wrong_phase", text("fort.error.wrong_phase"))
        raise RuleViolation("unknown_action", text("fort.error.unknown_action"))
    MACHINE.act(st, seat, action, ev)
    MACHINE.drive(st, ev)
    return ev


ALL_KINDS = frozenset(k for h in MACHINE.handlers.values() for k in h.actions)


def legal_actions(st: State, seat: int) -> list[Action | ActionSpec]:
    if seat not in awaiting(st):
        return []
    fr = MACHINE.top(st)
    assert fr is not None
    return MACHINE.handler(fr).legal(st, fr, seat)


def default_action(st: State, seat: int) -> Action:
    fr = MACHINE.top(st)
    if fr is None or seat not in awaiting(st):
        return Action("pass")
    return MACHINE.handler(fr).default(st, fr, seat)


def random_action(st: State, seat: int, rng: Any) -> Action:
    fr = MACHINE.top(st)
    if fr is None or seat not in awaiting(st):
        return default_action(st, seat)
    return MACHINE.handler(fr).random(st, fr, seat, rng)


__all__ = ["MACHINE", "SUITS", "awaiting", "default_action", "legal_actions",
           "random_action", "step"]

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
from rules.fort import effects
from rules.fort.common import (
    clockwise_from,
    ev_priv,
    ev_pub,
    has_perk,
    is_dog,
    left,
    lookout_count,
    matches,
    settings,
)
from rules.fort.data import SUITS, ctype, tables
from rules.fort.describe import follow_choice_text
from rules.fort.machine import MACHINE
from rules.fort.setup import CONFIG_DEFAULTS
from rules.fort.state import State
from rules.kit import secret
from rules.kit.frames import Frame, Handler

Options = list[Action]


def _bad() -> RuleViolation:
    return RuleViolation("illegal", text("fort.error.not_an_option"))


def _same(a: Any, b: Any) -> bool:
    """Equal values of equal JSON types (so ``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _pick(options: Options, action: Action) -> Action:
    params = dict(action.params)
    for o in options:
        if o.kind == action.kind and _same(dict(o.params), params):
            return o
    raise _bad()


class Choosing(Handler[State]):
    """A frame that awaits ``fr['seat']`` and offers ``options``; ``choose`` applies one."""

    def options(self, st: State, fr: Frame) -> Options:
        raise NotImplementedError

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset({fr["seat"]})

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return list(self.options(st, fr))

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return self.options(st, fr)[0]

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        opts = [o for o in self.options(st, fr) if o.kind != "cancel"]
        return rng.choice(opts)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if action.kind not in self.actions:
            raise RuleViolation("wrong_phase", text("fort.error.wrong_phase"))
        self.choose(st, fr, _pick(self.options(st, fr), action), ev)

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        raise NotImplementedError

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text(f"fort.progress.{self.kind}")

    def label(self, st: State, fr: Frame) -> str | Text:
        return text(f"fort.phase.{self.kind}", seat=fr["seat"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        return {"seat": fr["seat"]}


# ---- draft ---------------------------------------------------------------------------------
class Draft(Handler[State]):
    """Deal 8 (5 kids + 3 dogs with dogs), everyone picks 1 in secret, pass the rest left."""

    kind = "draft"
    actions = ("pick",)

    @staticmethod
    def picks(fr: Frame) -> secret.SeatSlots:
        """The secret picks (``None`` until made) as the kit's commitments."""
        return secret.SeatSlots(fr["picks"])

    @staticmethod
    def pickers(st: State, fr: Frame) -> list[int]:
        return [s for s in range(st.n) if fr["packets"][s]]

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return secret.waiting(self.pickers(st, fr), self.picks(fr))

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        return [Action("pick", {"card": c}) for c in fr["packets"][seat]]

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        return Action("pick", {"card": fr["packets"][seat][0]})

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        _pick(self.legal(st, fr, seat), action)  # type: ignore[arg-type]
        secret.commit(self.picks(fr), seat, action.params["card"])
        ev_pub(ev, "draft_pick", seat=seat)
        ev_priv(ev, seat, "draft_picked", seat=seat, card=action.params["card"])

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        picks = self.picks(fr)
        if not secret.complete(self.pickers(st, fr), picks):
            return False
        n = st.n
        for s, card in secret.reveal(picks):
            fr["packets"][s].remove(card)
            fr["drafted"][s].append(card)
        fr["packets"] = [fr["packets"][(s - 1) % n] for s in range(n)]  # pass left
        fr["round"] += 1
        if any(fr["packets"]):
            ev_pub(ev, "draft_round", round=fr["round"])
            return True
        from rules.fort.setup import deal_decks

        MACHINE.pop(st, fr)
        deal_decks(st, fr["drafted"], ev)
        return True

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        return text("fort.progress.draft")

    def label(self, st: State, fr: Frame) -> str | Text:
        return text("fort.phase.draft", round=fr["round"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "round": fr["round"],
            "committed": list(secret.public_status(range(st.n), self.picks(fr)).values()),
            "packet_sizes": [len(fr["packets"][s]) for s in range(st.n)],
        }
        if seat is not None:
            out["packet"] = list(fr["packets"][seat])
            out["drafted"] = list(fr["drafted"][seat])
            out["pick"] = fr["picks"][seat]
        return out


# ---- turn ----------------------------------------------------------------------------------
class Turn(Handler[State]):
    kind = "turn"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        seat, phase = fr["seat"], fr["phase"]
        p = st.players[seat]
        if phase == "start":
            st.leader = seat
            ev_pub(ev, "turn", seat=seat, round=st.round)
            cleanup(st, seat, ev)
            fr["phase"] = "recruit"
            MACHINE.push(st, "play", seat=seat, second=False, cats_used=[])
            return True
        if phase == "recruit":
            fr["phase"] = "bonus"
            MACHINE.push(st, "recruit", seat=seat, extra=False)
            return True
        if phase == "bonus":
            fr["phase"] = "discard"
            if has_perk(st, seat, "birthday_party"):
                MACHINE.push(st, "recruit", seat=seat, extra=True)
            return True
        # discard, draw, cats, end check
        st.play = {}
        discard_phase(st, seat, ev)
        from rules.fort.common import draw

        draw(st, seat, settings()["hand_size"] - len(p["hand"]), ev)
        if st.cfg.get("cats"):
            lure_cats(st, seat, ev)
        p["turns"] += 1
        MACHINE.pop(st, fr)
        end_of_turn(st, seat, ev)
        return True

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        return frozenset()

    def label(self, st: State, fr: Frame) -> str | Text:
        return text("fort.phase.turn", seat=fr["seat"])


def cleanup(st: State, seat: int, ev: list[Event]) -> None:
    """Yard → discard pile; dogs in it go to the left neighbour's discard pile."""
    p = st.players[seat]
    if not p["yard"]:
        return
    dogs = [c for c in p["yard"] if is_dog(c)]
    kids = [c for c in p["yard"] if not is_dog(c)]
    p["discard"].extend(kids)
    st.players[left(st, seat)]["discard"].extend(dogs)
    p["yard"] = []
    if kids:
        ev_pub(ev, "cleanup", seat=seat, cards=kids)
    if dogs:
        ev_pub(ev, "cleanup_dogs", seat=seat, dogs=dogs, to=left(st, seat))


def discard_phase(st: State, seat: int, ev: list[Event]) -> None:
    p = st.players[seat]
    played = p["played"]
    p["discard"].extend(played)
    p["played"] = []
    bfs = [c for c in p["hand"] if ctype(c).best_friend]
    yard = [c for c in p["hand"] if not ctype(c).best_friend]
    p["discard"].extend(bfs)
    p["yard"].extend(yard)
    p["hand"] = []
    ev_pub(ev, "discard_phase", seat=seat, played=played, best_friends=bfs, yard=yard)


def lure_cats(st: State, seat: int, ev: list[Event]) -> None:
    """At the end of your turn, take every cat whose Yard condition you meet (A7)."""
    p = st.players[seat]
    for cat_id in list(st.cats):
        if st.cats[cat_id] == seat:
            continue
        if cat_lured(p["yard"], tables().cats[cat_id]["lure"]):
            before = st.cats[cat_id]
            st.cats[cat_id] = seat
            if before is None:
                ev_pub(ev, "cat_lure", seat=seat, cat=cat_id)
            else:
                ev_pub(ev, "cat_steal", seat=seat, cat=cat_id, rival=before)


def cat_lured(yard: list[str], lure: dict[str, Any]) -> bool:
    if "distinct" in lure:
        suits = {s for c in yard for s in ctype(c).suits if s != "coin"}
        return len(suits) >= int(lure["distinct"])
    need = int(lure.get("n", 1))
    return sum(ctype(c).literal(lure["suit"]) for c in yard) >= need


def end_of_turn(st: State, seat: int, ev: list[Event]) -> None:
    s = settings()
    if st.end is None:
        for i in range(st.n):
            q = (seat + i) % st.n
            p = st.players[q]
            if p["vp"] >= s["end_vp"]:
                st.end, st.end_seat = "vp", q
            elif p["level"] >= s["end_level"]:
                st.end, st.end_seat = "fort", q
            if st.end:
                break
        if st.end is None and not st.park_deck:
            st.end = "park"
        if st.end is not None:
            ev_pub(ev, "end_trigger", reason=st.end, seat=st.end_seat)
    nxt = left(st, seat)
    if nxt == st.first:
        st.round += 1
        if st.end is None and st.round > s["round_limit"]:
            st.end = "rounds"
            ev_pub(ev, "end_trigger", reason=st.end, seat=None)
        if st.end is not None:
            from rules.fort.scoring import finish

            finish(st, ev)
            return
    MACHINE.push(st, "turn", seat=nxt, phase="start")


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
            if is_dog(c) and not effects.dog_playable(st, seat, c):
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


# ---- card ----------------------------------------------------------------------------------
class Card(Choosing):
    """One played card from its needs (dogs) to its follows, trash-this-card and Do-Over."""

    kind = "card"
    actions = ("mode", "add", "done", "cancel", "follow", "pass", "rough", "ready", "do_over")

    @staticmethod
    def follows(fr: Frame) -> tuple[secret.SeatSlots, secret.ReadyFlags]:
        """The follow window's secret choices (``None`` until made) and ready flags as the
        kit's commitments; the saved frame keeps its seat-indexed lists."""
        return secret.SeatSlots(fr["choices"]), secret.ReadyFlags(fr["ready"])

    def awaiting(self, st: State, fr: Frame) -> frozenset[int]:
        if fr["stage"] == "follow":
            return secret.waiting(fr["followers"], *self.follows(fr))
        if fr["stage"] == "follow2":
            return frozenset({fr["followers"][fr["fi"]]})
        if fr["stage"] in ("needs", "mode", "improve", "do_over"):
            return frozenset({fr["seat"]})
        return frozenset()

    def options(self, st: State, fr: Frame) -> Options:
        stage = fr["stage"]
        seat = fr["seat"]
        ct = ctype(fr["card"])
        if stage == "mode":
            return [Action("mode", {"mode": m}) for m in effects.modes(ct)]
        if stage == "needs":
            return effects.need_options(st, seat, fr)
        if stage == "improve":
            xs = effects.current_x_suit(fr)
            out: Options = [Action("done")]
            for c in st.players[seat]["hand"]:
                if xs is not None and ctype(c).count(xs) > 0:
                    out.append(Action("add", {"card": c}))
            return out
        if stage == "follow2":
            f = fr["followers"][fr["fi"]]
            out = [Action("pass")]
            for c in st.players[f]["hand"]:
                if matches(ctype(c), ct):
                    out.append(Action("follow", {"card": c}))
            return out
        if stage == "do_over":
            return [Action("pass"), Action("do_over")]
        return []

    def follow_options(self, st: State, fr: Frame, f: int) -> Options:
        """``f``'s secret options in the follow window: always ``pass`` (so being asked tells
        nothing), each matching card, Rough Housing; ``ready`` once a choice is committed."""
        ct = ctype(fr["card"])
        out: Options = [Action("pass")]
        for c in st.players[f]["hand"]:
            if matches(ctype(c), ct):
                out.append(Action("follow", {"card": c}))
        if has_perk(st, f, "rough_housing") and ct.kind == "kid":
            out.append(Action("rough"))
        if f in self.follows(fr)[0]:
            out.append(Action("ready"))
        return out

    def legal(self, st: State, fr: Frame, seat: int) -> list[Action | ActionSpec]:
        if fr["stage"] == "follow":
            return list(self.follow_options(st, fr, seat))
        return super().legal(st, fr, seat)

    def random(self, st: State, fr: Frame, seat: int, rng: Any) -> Action:
        if fr["stage"] == "follow":
            return rng.choice(self.follow_options(st, fr, seat))
        return super().random(st, fr, seat, rng)

    def act(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        if fr["stage"] != "follow":
            super().act(st, fr, seat, action, ev)
            return
        if action.kind not in self.actions:
            raise RuleViolation("wrong_phase", text("fort.error.wrong_phase"))
        choices, ready = self.follows(fr)
        if seat not in fr["followers"] or seat in ready:
            raise _bad()
        chosen = _pick(self.follow_options(st, fr, seat), action)
        if chosen.kind == "ready":
            secret.mark_ready(choices, ready, seat)
            return
        choice = {"kind": chosen.kind, "params": dict(chosen.params)}
        revised = secret.commit(choices, seat, choice, ready)
        if revised:  # who has chosen is public and unchanged: only the chooser hears of it
            ev_priv(ev, seat, "follow_revised", seat=seat,
                    choice={"kind": chosen.kind, "params": dict(chosen.params)})
        else:
            ev_pub(ev, "follow_chosen", seat=seat)

    def default(self, st: State, fr: Frame, seat: int) -> Action:
        if fr["stage"] == "follow":
            # Not following is the default; a committed choice is kept (locked in).
            return Action("ready") if seat in self.follows(fr)[0] else Action("pass")
        opts = self.options(st, fr)
        if fr["stage"] == "needs":
            done = [o for o in opts if o.kind == "done"]
            if done:
                return done[0]
            adds = [o for o in opts if o.kind == "add"]
            return adds[0] if adds else opts[0]
        return opts[0]

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        stage = fr["stage"]
        seat = fr["seat"]
        card = fr["card"]
        ct = ctype(card)
        p = st.players[seat]
        if stage == "act":
            if fr["idx"] >= len(fr["order"]):
                fr["stage"] = "follow_start"
                return True
            which = fr["order"][fr["idx"]]
            if which == "dog":
                fr["idx"] += 1
                steps = list(ct.public["steps"]) if ct.public else []
                effects.push_resolve(st, seat, [*steps, {"op": "kennel"}], 1, src="dog",
                                     card=card, which="dog")
                return True
            act = ct.public if which == "public" else ct.private
            assert act is not None
            xs = ct.x_suit if act.get("x") else None
            fr["cur"] = []
            if xs is not None and any(ctype(c).count(xs) > 0 for c in p["hand"]):
                fr["stage"] = "improve"
                return False
            self._resolve_current(st, fr)
            return True
        if stage == "follow_start":
            if ct.kind == "kid" and ct.public is not None:
                fr["followers"] = clockwise_from(st, seat)
                fr["choices"] = [None] * st.n
                fr["ready"] = [False] * st.n
                fr["fi"] = 0
                fr["stage"] = "follow"
            else:
                fr["stage"] = "after"
            return True
        if stage == "follow":
            if secret.still_to_commit(fr["followers"], self.follows(fr)[0]):
                return False  # the window stays open until everyone has committed
            ev_pub(ev, "follow_reveal", card=card)
            fr["fi"] = 0
            fr["stage"] = "follow_resolve"
            return True
        if stage == "follow_resolve":
            return self._resolve_follows(st, fr, ev)
        if stage == "follow2":
            return False
        if stage == "after":
            return self._after(st, fr, ev)
        return False

    def _resolve_current(self, st: State, fr: Frame) -> None:
        seat = fr["seat"]
        ct = ctype(fr["card"])
        which = fr["order"][fr["idx"]]
        act = ct.public if which == "public" else ct.private
        assert act is not None
        p = st.players[seat]
        xs = ct.x_suit if act.get("x") else None
        k = 1
        if xs is not None:
            k = ct.count(xs) + sum(ctype(c).count(xs) for c in fr["cur"]) + lookout_count(p, xs)
        fr["idx"] += 1
        fr["stage"] = "act"
        effects.push_resolve(st, seat, act["steps"], k, src="leader", card=fr["card"],
                             which=which)

    def _after(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        seat = fr["seat"]
        card = fr["card"]
        p = st.players[seat]
        if fr.get("after_done"):
            if has_perk(st, seat, "do_over") and not fr["second"]:
                fr["stage"] = "do_over"
                return False
            MACHINE.pop(st, fr)
            return True
        fr["after_done"] = True
        if card in p["played"] and (fr["rough"] or st.play.get("trash_self")):
            p["played"].remove(card)
            st.box.append(card)
            ev_pub(ev, "trash_played", seat=seat, card=card,
                   by=fr["rough"][0] if fr["rough"] else None)
        if not fr["followed"]:
            for cat_id, owner in st.cats.items():
                ability = tables().cats[cat_id]["ability"]
                if owner == seat and ability["trigger"] == "no_follow":
                    ev_pub(ev, "cat_use", seat=seat, cat=cat_id)
                    effects.push_resolve(st, seat, ability["steps"], 1, src="cat", card=None)
        return True

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        stage = fr["stage"]
        seat = fr["seat"]
        p = st.players[seat]
        if stage == "mode":
            fr["order"] = effects.MODE_ORDER[action.params["mode"]]
            fr["stage"] = "act"
            ev_pub(ev, "mode", seat=seat, card=fr["card"], mode=action.params["mode"])
            return
        if stage == "needs":
            effects.need_choose(st, seat, fr, action, ev)
            return
        if stage == "improve":
            if action.kind == "done":
                self._resolve_current(st, fr)
                return
            c = action.params["card"]
            p["hand"].remove(c)
            p["played"].append(c)
            fr["cur"].append(c)
            ev_pub(ev, "add", seat=seat, card=c)
            return
        if stage == "follow2":
            f = fr["followers"][fr["fi"]]
            q = st.players[f]
            if action.kind == "follow":
                c = action.params["card"]
                q["hand"].remove(c)
                q["discard"].append(c)
                fr["fcards"].append(c)
                ev_pub(ev, "follow", seat=f, card=c, leader=seat)
            self._follow_resolve(st, fr, f)
            return
        if stage == "do_over":
            MACHINE.pop(st, fr)
            if action.kind == "do_over":
                p["perks"].remove("do_over")
                st.box.append("do_over")
                ev_pub(ev, "perk_used", seat=seat, perk="do_over")
                MACHINE.push(st, "play", seat=seat, second=True, cats_used=[])
            return
        raise _bad()

    def _resolve_follows(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        """The revealed choices, clockwise from the Leader (A1): passes, Rough Housing, and
        follows (each resolved before the next follower's; Copy Cat may add a second card)."""
        seat = fr["seat"]
        while fr["fi"] < len(fr["followers"]):
            f = fr["followers"][fr["fi"]]
            q = st.players[f]
            choice = fr["choices"][f] or {"kind": "pass", "params": {}}
            kind = choice["kind"]
            c = choice["params"].get("card")
            if kind == "rough" and has_perk(st, f, "rough_housing"):
                q["perks"].remove("rough_housing")
                st.box.append("rough_housing")
                fr["rough"].append(f)
                ev_pub(ev, "perk_used", seat=f, perk="rough_housing")
                fr["fi"] += 1
                continue
            if kind != "follow" or c not in q["hand"]:
                ev_pub(ev, "pass", seat=f)
                fr["fi"] += 1
                continue
            q["hand"].remove(c)
            q["discard"].append(c)
            fr["fcards"].append(c)
            ev_pub(ev, "follow", seat=f, card=c, leader=seat)
            if has_perk(st, f, "copy_cat"):
                # Every Copy Cat follower is asked (pass-only without a second card): being
                # asked tells nothing about the hand.
                fr["stage"] = "follow2"
                return False
            self._follow_resolve(st, fr, f)
            return True
        fr["stage"] = "after"
        return True

    def _follow_resolve(self, st: State, fr: Frame, f: int) -> None:
        ct = ctype(fr["card"])
        assert ct.public is not None
        xs = ct.x_suit if ct.public.get("x") else None
        k = 1
        if xs is not None:
            k = sum(ctype(c).count(xs) for c in fr["fcards"]) + lookout_count(st.players[f], xs)
        fr["followed"].append(f)
        fr["fcards"] = []
        fr["fi"] += 1
        fr["stage"] = "follow_resolve"
        effects.push_resolve(st, f, ct.public["steps"], k, src="follow", card=fr["card"],
                             which="public")

    def progress(self, st: State, fr: Frame, seat: int) -> str | Text:
        if fr["stage"] == "follow" and seat in self.follows(fr)[0]:
            return text("fort.progress.card_follow_chosen",
                        choice=follow_choice_text(fr["choices"][seat]))
        return text(f"fort.progress.card_{fr['stage']}")

    def label(self, st: State, fr: Frame) -> str | Text:
        if fr["stage"] == "follow":
            return text("fort.phase.follow_open", seat=fr["seat"], card=fr["card"])
        if fr["stage"] == "follow2" and fr["fi"] < len(fr["followers"]):
            return text("fort.phase.follow", seat=fr["followers"][fr["fi"]],
                        card=fr["card"])
        return text("fort.phase.card", seat=fr["seat"], card=fr["card"])

    def view(self, st: State, fr: Frame, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": fr["seat"], "card": fr["card"], "stage": fr["stage"],
            "order": list(fr["order"]), "added": list(fr["cur"]),
            "followed": list(fr["followed"]),
            "need": {"have": fr["need"]["have"], "suits": list(fr["need"]["suits"]),
                     "hand": list(fr["need"]["hand"]),
                     "lookout_used": len(fr["need"]["lookout"])},
        }
        if fr["stage"] == "follow":
            # Who is asked and who has chosen are public; what they chose is not.
            choices, _ = self.follows(fr)
            status = secret.public_status(fr["followers"], choices)
            out["followers"] = list(fr["followers"])
            out["chosen"] = [f for f in fr["followers"] if status[f]]
            if seat in fr["followers"]:
                out["my_choice"] = fr["choices"][seat]
        if fr["stage"] == "follow2" and fr["fi"] < len(fr["followers"]):
            out["follower"] = fr["followers"][fr["fi"]]
            out["follow_cards"] = list(fr["fcards"])
        if seat == fr["seat"]:
            out["need"]["lookout"] = list(fr["need"]["lookout"])
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

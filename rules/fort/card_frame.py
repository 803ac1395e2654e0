"""The ``card`` frame: a played card's dog needs, which of its actions in which order, the
improvements, the follow window (every other player's secret choice, revealed together), trashing
the card, and Do-Over."""

from __future__ import annotations

from typing import Any

from rules.base import Action, ActionSpec, Event, RuleViolation, Text, text
from rules.fort import dog_needs, effects
from rules.fort.choosing import Choosing, Options, bad_choice, pick_option
from rules.fort.common import (
    clockwise_from,
    ev_priv,
    ev_pub,
    has_perk,
    lookout_count,
    matches,
)
from rules.fort.data import ctype, tables
from rules.fort.describe import follow_choice_text
from rules.fort.machine import MACHINE
from rules.fort.state import State
from rules.kit import secret
from rules.kit.frames import Frame


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
            return dog_needs.need_options(st, seat, fr)
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
            raise bad_choice()
        chosen = pick_option(self.follow_options(st, fr, seat), action)
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
            dog_needs.need_choose(st, seat, fr, action, ev)
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
        raise bad_choice()

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

"""Where Shame goes (GW-10, D11): one token at a time to each clan an effect shames, in Tea
order, each placed where its clan chooses; and Shame bought back in Summer (GW-31, co-op
GW-C11)."""

from __future__ import annotations

from rules.base import Action, Event
from rules.great_wall import board as B
from rules.great_wall.machine import MACHINE, Choice, Declinable, push, register
from rules.great_wall.procedures import (
    gain_shame,
    num,
    place_shame,
    shame_places,
)
from rules.great_wall.state import State
from rules.kit.frames import Frame, Handler


# ---- Shame placement (GW-10, D11) ----------------------------------------------------------------
@register
class ShameEach(Handler[State]):
    """Shame for several players from one effect, one token at a time in Tea order."""

    kind = "shame_each"

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if not fr["queue"] or st.result is not None:
            MACHINE.pop(st, fr)
            return True
        gain_shame(st, fr["queue"].pop(0), ev)
        return True


@register
class Shame(Choice):
    kind = "shame"
    actions = ("shame",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        places = shame_places(st, fr["clan"])
        if st.mode == "coop":
            places.append("discard")
        return [Action("shame", {"where": w}) for w in places or ["box"]]

    def preferred(self, st: State, fr: Frame, options: list[Action]) -> Action:
        won = st.clans[fr["clan"]]["won"]
        for a in options:  # a won card already shamed loses nothing more
            w = a.params["where"]
            if w.startswith("horde:") and won[int(w[6:])]["shame"] > 0:
                return a
        units = [a for a in options if a.params["where"].startswith("unit:")]
        return units[0] if units else options[0]

    def choose(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        place_shame(st, fr["clan"], action.params["where"], ev)


@register
class Unshame(Declinable):
    """Summer (GW-31): 2 chi per Shame token removed; co-op (GW-C11): 10 Honor."""

    kind = "unshame"
    actions = ("unshame",)

    def options(self, st: State, fr: Frame) -> list[Action]:
        from rules.great_wall.procedures import shame_held

        clan = fr["clan"]
        held = shame_held(st, clan)  # public: Shame tokens are on the table
        pays = st.mode == "coop" or st.clans[clan]["res"]["chi"] >= num("shame_remove_cost")
        return self.with_pass([Action("unshame", {"where": w}) for w in held] if pays else [],
                              bool(held))

    auto_single = False

    def take(self, st: State, fr: Frame, action: Action, ev: list[Event]) -> None:
        from rules.great_wall.procedures import remove_shame

        clan = fr["clan"]
        if st.mode == "coop":
            B.honor(st, clan, -num("coop_shame_discard_honor"))
        else:
            B.pay(st, clan, {"chi": num("shame_remove_cost")})
        remove_shame(st, clan, action.params["where"], ev)
        push(st, "unshame", clan=clan)

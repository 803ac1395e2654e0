"""A battle's frame and its strength: the sides, declared support, House card strengths and
the winner (and a march against a neutral force)."""

from __future__ import annotations

from rules.agot.board import FOOT, KNIGHT, SHIP, UNIT_STRENGTH, board
from rules.agot.forces import attack_strength, support_areas, support_strength
from rules.agot.house_cards import card
from rules.agot.state import Frame, State
from rules.kit import secret

SIDES = ("attacker", "defender")


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

"""Combat (seed "Souboj"): units (Kaija counts 2), bonuses, food bought for strength (the
attacker decides first, at most 1 per unit), one die each (the attacker rolls and decides a
choice face first), casualties, the winner (wiped out loses; else higher strength; ties to the
defender), casualties removed and the loser's retreat. Monsters fight by their card's
strength, never pay food, always take strength on the choice face, ignore the casualties dealt
to them and never retreat.

The frame's sides are 0 = attacker, 1 = defender; a side is a seat or, for a monster, -1."""

from __future__ import annotations

from rules.base import Action, Event, Text, text
from rules.northgard.board import (
    add_units,
    bear_seat,
    buildings_in,
    clan_seat,
    emit,
    gain_fame,
    geo,
    has_kaija,
    hostile_in,
    regular,
    remove_monster,
    remove_units,
    seats_at,
    units_of,
)
from rules.northgard.data import data
from rules.northgard.machine import Decision, pop, push, register
from rules.northgard.state import Frame, State

FOOD = 0


def start_combat(st: State, terr: str, att: int, dfn: int, ev: list[Event], monster: str = "",
                 move_s: int = 0, move_c: int = 0, avoid: list[str] | None = None) -> None:
    """Push a combat. ``att``/``dfn`` are seats, -1 for the monster's side."""
    emit(ev, "combat", terr=terr, att=att, dfn=dfn, monster=monster)
    push(st, "combat", terr=terr, att=att, dfn=dfn, monster=monster, move_s=move_s,
         move_c=move_c, avoid=list(avoid or []), step="food0", food=[0, 0], face=[-1, -1],
         pick=["", ""], cas=[0, 0], winner=-2, seat=-1)


def side_seat(fr: Frame, i: int) -> int:
    return int(fr["att"] if i == 0 else fr["dfn"])


def fighters(st: State, fr: Frame, i: int) -> int:
    seat = side_seat(fr, i)
    return units_of(st, fr["terr"], seat) if seat >= 0 else 0


def base_strength(st: State, fr: Frame, i: int) -> int:
    seat = side_seat(fr, i)
    if seat < 0:
        return data().monsters[fr["monster"]].strength
    terr = fr["terr"]
    strength = regular(st, terr, seat) + (2 if has_kaija(st, terr, seat) else 0)
    if i == 0:
        strength += int(fr["move_s"])
    else:
        strength += 2 * buildings_in(st, terr).count("fortress")
    if st.scorch == terr and seat == clan_seat(st, "snake"):
        strength += 1
    return strength


def inflicted(st: State, fr: Frame, i: int) -> int:
    """Casualties side i deals to the other side (die, Move card, Watchtowers)."""
    face = data().faces[fr["face"][i]]
    n = face.casualties + (1 if face.choice and fr["pick"][i] == "casualty" else 0)
    seat = side_seat(fr, i)
    if seat >= 0 and i == 0:
        n += int(fr["move_c"])
    if seat >= 0 and i == 1:
        n += buildings_in(st, fr["terr"]).count("watchtower")
    if side_seat(fr, 1 - i) < 0:
        return 0  # casualties dealt to a monster do not count
    return n


def totals(st: State, fr: Frame) -> list[int]:
    out = []
    for i in (0, 1):
        face = data().faces[fr["face"][i]]
        die = face.strength + (1 if face.choice and fr["pick"][i] != "casualty" else 0)
        out.append(base_strength(st, fr, i) + fr["food"][i] + die)
    return out


class Combat(Decision):
    kind = "combat"
    actions = ("food", "face", "lose_kaija")
    what = "northgard.what.combat"

    def seats(self, st: State, fr: Frame) -> list[int]:
        return [fr["seat"]] if fr["seat"] >= 0 else []

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        step = fr["step"]
        if seat != fr["seat"] or seat < 0:
            return []
        if step in ("food0", "food1"):
            i = int(step[-1])
            most = min(st.res[seat][FOOD], fighters(st, fr, i))
            return [Action("food", {"n": k}) for k in range(most + 1)]
        if step in ("pick0", "pick1"):
            return [Action("face", {"take": "strength"}), Action("face", {"take": "casualty"})]
        if step == "kaija":
            return [Action("lose_kaija", {"yes": False}), Action("lose_kaija", {"yes": True})]
        return []

    def progress(self, st: State, fr: Frame, seat: int) -> Text:
        step = fr["step"]
        key = {"food0": "food", "food1": "food", "pick0": "face", "pick1": "face",
               "kaija": "kaija"}.get(step, "combat")
        return text(f"northgard.what.combat_{key}")

    def run(self, st: State, fr: Frame, ev: list[Event]) -> bool:
        if fr["seat"] >= 0 and self.options(st, fr, fr["seat"]):
            return False
        fr["seat"] = -1
        step = fr["step"]
        if step in ("food0", "food1"):
            i = int(step[-1])
            seat = side_seat(fr, i)
            fr["step"] = "food1" if i == 0 else "roll0"
            if seat >= 0 and min(st.res[seat][FOOD], fighters(st, fr, i)) > 0 \
                    and not fr.get(f"asked{i}"):
                fr[f"asked{i}"] = True
                fr["step"] = step
                fr["seat"] = seat
                return False
            return True
        if step in ("roll0", "roll1"):
            i = int(step[-1])
            face = st.rng.randbelow(len(data().faces))
            fr["face"][i] = face
            emit(ev, "rolled", terr=fr["terr"], seat=side_seat(fr, i),
                 monster=fr["monster"] if side_seat(fr, i) < 0 else "", face=face + 1)
            nxt = "roll1" if i == 0 else "resolve"
            if data().faces[face].choice:
                if side_seat(fr, i) >= 0:
                    fr["step"] = f"pick{i}"
                    fr["seat"] = side_seat(fr, i)
                    return False
                fr["pick"][i] = "strength"  # a monster always takes strength
            fr["step"] = nxt
            return True
        if step in ("pick0", "pick1"):
            fr["step"] = "roll1" if step == "pick0" else "resolve"
            return True
        if step == "resolve":
            self._resolve(st, fr, ev)
            return True
        if step == "kaija":
            self._remove(st, fr, ev, kaija_first=False)
            return True
        self._finish(st, fr, ev)
        return True

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        step = fr["step"]
        if action.kind == "food":
            i = int(step[-1])
            n = int(action.params["n"])
            st.res[seat][FOOD] -= n
            fr["food"][i] = n
            # "spends 0 food" would report nothing happening: the choice is said in words.
            if n:
                emit(ev, "food_spent", terr=fr["terr"], seat=seat, n=n)
            else:
                emit(ev, "food_none", terr=fr["terr"], seat=seat)
            fr["step"] = "food1" if i == 0 else "roll0"
        elif action.kind == "face":
            i = int(step[-1])
            fr["pick"][i] = action.params["take"]
            emit(ev, "face_taken", terr=fr["terr"], seat=seat, choice=fr["pick"][i])
            fr["step"] = "roll1" if i == 0 else "resolve"
        else:
            self._remove(st, fr, ev, kaija_first=bool(action.params["yes"]))
        fr["seat"] = -1

    # ---- outcome ---------------------------------------------------------------------------
    def _resolve(self, st: State, fr: Frame, ev: list[Event]) -> None:
        strength = totals(st, fr)
        cas = [inflicted(st, fr, 1), inflicted(st, fr, 0)]  # suffered by attacker, defender
        units = [fighters(st, fr, 0), fighters(st, fr, 1)]
        wiped = [side_seat(fr, i) >= 0 and cas[i] >= units[i] for i in (0, 1)]
        if wiped[0] and wiped[1]:
            winner = -1
        elif wiped[0]:
            winner = 1
        elif wiped[1]:
            winner = 0
        else:
            winner = 0 if strength[0] > strength[1] else 1
        fr["winner"] = winner
        fr["cas"] = [min(cas[i], units[i]) for i in (0, 1)]
        emit(ev, "combat_result", terr=fr["terr"], att=fr["att"], dfn=fr["dfn"],
             monster=fr["monster"], strength=strength, casualties=fr["cas"], winner=winner)
        # The Bear clan chooses whether Kaija is among its casualties (A11).
        b = bear_seat(st)
        for i in (0, 1):
            seat = side_seat(fr, i)
            if seat >= 0 and seat == b and has_kaija(st, fr["terr"], seat) \
                    and 0 < fr["cas"][i] < units[i] and fr["cas"][i] <= regular(
                        st, fr["terr"], seat):
                fr["step"] = "kaija"
                fr["seat"] = seat
                return
        self._remove(st, fr, ev, kaija_first=False)

    def _remove(self, st: State, fr: Frame, ev: list[Event], kaija_first: bool) -> None:
        terr = fr["terr"]
        for i in (0, 1):
            seat = side_seat(fr, i)
            n = fr["cas"][i]
            if seat < 0 or n <= 0:
                continue
            kaija = False
            if has_kaija(st, terr, seat) and (kaija_first or n > regular(st, terr, seat)):
                st.kaija = ""
                kaija = True
                n -= 1
            remove_units(st, terr, seat, n)
            emit(ev, "casualties", terr=terr, seat=seat, n=fr["cas"][i], kaija=kaija)
        fr["step"] = "done"

    def _finish(self, st: State, fr: Frame, ev: list[Event]) -> None:
        terr, winner, mid = fr["terr"], fr["winner"], fr["monster"]
        pop(st, fr)
        loser_side = 1 - winner if winner in (0, 1) else -1
        if mid and winner in (0, 1):
            player_side = 0 if side_seat(fr, 0) >= 0 else 1
            seat = side_seat(fr, player_side)
            if winner == player_side:
                remove_monster(st, mid)
                emit(ev, "monster_defeated", monster=mid, seat=seat, terr=terr)
                gain_fame(st, seat, data().monsters[mid].reward, ev, "monster", monster=mid)
                loser_side = -1
            elif not data().monsters[mid].hostile:
                loser_side = -1  # a shareable monster lets the losers stay
        att = side_seat(fr, 0)
        if winner == 0 and att >= 0:
            if st.clans[att] == "wolf":
                gain_fame(st, att, 1, ev, "wolf")
            if st.clans[att] == "stag" and not mid:
                gain_fame(st, att, 1, ev, "stag_took")
        if loser_side >= 0:
            seat = side_seat(fr, loser_side)
            if seat >= 0 and units_of(st, terr, seat):
                retreat(st, seat, terr, fr["avoid"], ev)


def retreat_targets(st: State, seat: int, terr: str, avoid: list[str]) -> list[str]:
    """Adjacent across a regular border, neutral or the loser's own, no combat there this
    turn, no hostile monster."""
    m = geo(st)
    out = []
    for t in m.neighbours(terr, rough=False):
        if t in avoid or hostile_in(st, t):
            continue
        here = seats_at(st, t)
        if not here or here == [seat]:
            out.append(t)
    return out


def retreat(st: State, seat: int, terr: str, avoid: list[str], ev: list[Event]) -> None:
    dests = retreat_targets(st, seat, terr, avoid)
    if not dests:
        n = units_of(st, terr, seat)
        if has_kaija(st, terr, seat):
            st.kaija = ""
        remove_units(st, terr, seat, n)
        emit(ev, "retreat_lost", terr=terr, seat=seat, n=n)
        return
    if len(dests) == 1:
        move_all(st, seat, terr, dests[0], ev)
        return
    push(st, "retreat", seat=seat, terr=terr, dests=dests, to="")


def move_units(st: State, seat: int, frm: str, to: str, n: int, kaija: bool) -> None:
    remove_units(st, frm, seat, n)
    add_units(st, to, seat, n)
    if kaija and has_kaija(st, frm, seat):
        st.kaija = to


def move_all(st: State, seat: int, frm: str, to: str, ev: list[Event]) -> None:
    n = regular(st, frm, seat)
    kaija = has_kaija(st, frm, seat)
    move_units(st, seat, frm, to, n, kaija)
    emit(ev, "retreated", seat=seat, frm=frm, terr=to, n=n + (1 if kaija else 0))


class Retreat(Decision):
    """The loser splits its survivors among valid territories (N9: all to the first)."""

    kind = "retreat"
    actions = ("retreat", "retreat_n", "back")
    what = "northgard.what.retreat"

    def options(self, st: State, fr: Frame, seat: int) -> list[Action]:
        total = units_of(st, fr["terr"], seat)
        if not total:
            return []
        if not fr["to"]:
            return [Action("retreat", {"terr": t}) for t in fr["dests"]]
        return [*(Action("retreat_n", {"n": k}) for k in range(total, 0, -1)), Action("back")]

    def apply(self, st: State, fr: Frame, seat: int, action: Action, ev: list[Event]) -> None:
        terr = fr["terr"]
        if action.kind == "back":
            fr["to"] = ""
            return
        if action.kind == "retreat":
            fr["to"] = action.params["terr"]
            if units_of(st, terr, seat) == 1 or len(fr["dests"]) == 1:
                move_all(st, seat, terr, fr["to"], ev)
            return
        n = int(action.params["n"])
        reg = regular(st, terr, seat)
        k = min(n, reg)
        kaija = n > reg  # Kaija goes with the last of the survivors
        move_units(st, seat, terr, fr["to"], k, kaija)
        emit(ev, "retreated", seat=seat, frm=terr, terr=fr["to"], n=n)
        fr["to"] = ""


register(Combat())
register(Retreat())

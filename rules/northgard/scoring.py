"""The end of the game: the instant win (3 closed territories each with a large building, 5
for a team; not in the long game), final fame (tokens + 1 per 3 resources + fame on owned
Development and Achievement cards − 5 per Unrest card) and the tie-breaks: territories
controlled, units on the map, buildings in controlled territories; still tied: a shared place
(A10)."""

from __future__ import annotations

from rules.base import Event, text
from rules.northgard.board import (
    buildings_in,
    controlled,
    emit,
    geo,
    on_map,
    regular_on_map,
    team_of,
)
from rules.northgard.data import LARGE, data
from rules.northgard.state import State

INSTANT = 3
INSTANT_TEAM = 5


def owned_cards(st: State, seat: int) -> list[str]:
    return st.draw[seat] + st.discard[seat] + st.hand[seat] + st.active[seat]


def strongholds(st: State, seat: int) -> int:
    """Closed territories the seat controls with at least one large building."""
    m = geo(st)
    return sum(1 for t in controlled(st, seat)
               if m.closed[t] and any(b in LARGE for b in buildings_in(st, t, m)))


def sides(st: State) -> list[list[int]]:
    """Who wins together: teams of two (seats s and s + 2) or each seat alone."""
    if st.team:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(st.n)]


def instant_winners(st: State) -> list[list[int]]:
    need = INSTANT_TEAM if st.team else INSTANT
    return [side for side in sides(st) if sum(strongholds(st, s) for s in side) >= need]


def achievement_fame(st: State, seat: int, card: str) -> int:
    c = data().cards[card]
    if not c.score:
        return 0
    per, fame, div = c.score["per"], int(c.score["fame"]), max(1, int(c.score.get("div", 1)))
    m = geo(st)
    mine = controlled(st, seat)
    if per == "territories":
        amount = len(mine)
    elif per == "closed":
        amount = sum(1 for t in mine if m.closed[t])
    elif per == "buildings":
        amount = sum(len(buildings_in(st, t, m)) for t in mine)
    elif per == "large":
        amount = sum(1 for t in mine for b in buildings_in(st, t, m) if b in LARGE)
    elif per == "units":
        amount = on_map(st, seat)
    elif per == "resources":
        amount = sum(st.res[seat])
    else:
        amount = sum(1 for x in owned_cards(st, seat)
                     if data().cards[x].deck in ("early", "advanced"))
    return fame * (amount // div)


def final_fame(st: State, seat: int) -> dict[str, int]:
    cards = owned_cards(st, seat)
    gd = data()
    printed = sum(gd.cards[c].fame for c in cards if gd.cards[c].deck in (
        "early", "advanced", "achievement"))
    ach = sum(achievement_fame(st, seat, c) for c in cards if gd.cards[c].deck == "achievement")
    unrest = sum(1 for c in cards if c == "unrest")
    parts = {"tokens": st.fame[seat], "resources": sum(st.res[seat]) // 3,
             "cards": printed, "achievements": ach, "unrest": -5 * unrest}
    parts["total"] = sum(parts.values())
    return parts


def tiebreak(st: State, side: list[int], totals: dict[int, int]) -> tuple[int, int, int, int]:
    m = geo(st)
    fame = sum(totals[s] for s in side)
    terrs = sum(len(controlled(st, s)) for s in side)
    units = sum(on_map(st, s) for s in side)
    builds = sum(len(buildings_in(st, t, m)) for s in side for t in controlled(st, s))
    return fame, terrs, units, builds


def finish(st: State, ev: list[Event], instant: bool) -> None:
    parts = {s: final_fame(st, s) for s in range(st.n)}
    totals = {s: p["total"] for s, p in parts.items()}
    all_sides = sides(st)
    qualified = instant_winners(st) if instant else []
    rest = [side for side in all_sides if side not in qualified]

    def ranked(group: list[list[int]]) -> list[list[int]]:
        keyed = sorted(group, key=lambda side: tiebreak(st, side, totals), reverse=True)
        places: list[list[int]] = []
        last = None
        for side in keyed:
            key = tiebreak(st, side, totals)
            if places and key == last:
                places[-1].extend(side)
            else:
                places.append(list(side))
            last = key
        return places

    ranking = ranked(qualified) + ranked(rest)
    winners = sorted(ranking[0])
    team_total = {s: sum(totals[x] for x in side) for side in all_sides for s in side}
    reason = text("northgard.reason.instant" if instant else "northgard.reason.fame",
                  year=st.year, n=INSTANT_TEAM if st.team else INSTANT)
    st.result = {"winners": winners, "ranking": [sorted(p) for p in ranking],
                 "scores": {str(s): team_total[s] for s in range(st.n)},
                 "reason": reason.to_json(), "fame": {str(s): parts[s] for s in range(st.n)},
                 "units": [regular_on_map(st, s) for s in range(st.n)]}
    emit(ev, "final_fame", fame={str(s): parts[s] for s in range(st.n)})
    emit(ev, "game_over", winners=winners, instant=instant, teams=[team_of(st, s)
                                                                    for s in winners])
    st.stack.clear()

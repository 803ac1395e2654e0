"""How games end: the (glorious) victory at 10 VP and the tragic victories."""

from __future__ import annotations

from rules.catan_watch.common import Events, ev
from rules.catan_watch.phases import OVER
from rules.catan_watch.points import WIN_VP, guards_on_wall, total_vp
from rules.catan_watch.state import State


def _group(seats: list[int], key: dict[int, tuple[int, ...]]) -> list[list[int]]:
    ranking: list[list[int]] = []
    for s in sorted(seats, key=lambda x: key[x], reverse=True):
        if ranking and key[ranking[-1][0]] == key[s]:
            ranking[-1].append(s)
        else:
            ranking.append([s])
    return ranking


def finish(state: State, winners: list[int], ranking: list[list[int]], reason: str,
           events: Events) -> None:
    scores = {s: total_vp(state, s) for s in range(state.n)}
    state.result = {
        "winners": winners,
        "ranking": ranking,
        "scores": scores,
        "reason": reason,
    }
    state.phase = OVER
    events.append(ev("game_over", {
        "winners": winners, "reason": reason, "scores": {str(k): v for k, v in scores.items()},
        "vp_cards": {str(s): state.dev_hand[s].count("victory_point") for s in range(state.n)},
    }))


def check_win(state: State, events: Events) -> bool:
    """The active player wins at 10 VP on their own turn; in Night's Watch mode only once
    this turn's wildling die has been resolved (the glorious victory)."""
    if state.result is not None:
        return True
    seat = state.current
    if state.nw and not state.rolled:
        return False
    if total_vp(state, seat) < WIN_VP:
        return False
    others = [s for s in range(state.n) if s != seat]
    key = {s: (total_vp(state, s),) for s in others}
    reason = "glorious" if state.nw else "ten_vp"
    finish(state, [seat], [[seat], *_group(others, key)], reason, events)
    return True


def tragic_end(state: State, why: str, events: Events) -> None:
    """Most guards on the Wall wins; ties by VP, then cards in hand; else everyone loses."""
    seats = list(range(state.n))
    key = {s: (guards_on_wall(state, s), total_vp(state, s), sum(state.hands[s])) for s in seats}
    ranking = _group(seats, key)
    winners = ranking[0] if len(ranking[0]) == 1 else []
    finish(state, winners, ranking, f"tragic_{why}", events)

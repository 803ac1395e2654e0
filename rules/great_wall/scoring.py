"""Final scoring (GW-70, GW-S18/19, GW-C15) and the result."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.great_wall import board as B
from rules.great_wall.data import LOCATIONS, PRODUCTION, UNITS, data
from rules.great_wall.state import State


def artifact_count(st: State, clan: int, counts: str) -> int:
    c = st.clans[clan]
    if counts == "per_overseer":
        return sum(1 for loc in PRODUCTION if st.overseers[loc][clan])
    if counts == "per_horde_won":
        return len(c["won"])
    if counts == "per_advisor":
        return len(c["active"]) + len(c["support"])
    if counts == "per_clerk":
        return c["clerks"] + sum(st.locs[loc].count(clan) for loc in LOCATIONS)
    # per_soldier_on_board: on Horde cards, firing positions and staging areas
    total = 0
    for sec in st.sections:
        total += sec["firing"].count(clan) + B.staging_total(sec, clan)
        total += sum(len(B.soldiers_on(card).get(clan, [])) for card in sec["hordes"])
    return total


def horde_honor(st: State, clan: int) -> int:
    """The Honor printed on the clan's won Horde cards that carry no Shame."""
    hordes = data().hordes
    return sum(int(hordes[w["id"]]["honor"]) for w in st.clans[clan]["won"] if w["shame"] == 0)


def artifact_honor(st: State, clan: int) -> int:
    """What the Artifacts in play give the clan: their Honor per counted thing, or Chin's
    fixed amount each."""
    if st.clans[clan]["kind"] == "chin":
        return len(st.artifacts) * int(data().numbers["chin_artifact_honor"])
    arts = 0
    for a in st.artifacts:
        info = data().artifacts[a]
        arts += int(info["honor"]) * artifact_count(st, clan, info["counts"])
    return arts


def final_scores(st: State) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for clan, c in enumerate(st.clans):
        if c["kind"] == "reed":
            continue
        shame = sum(c["shamed"][u] for u in UNITS)
        after = max(0, c["honor"] + c.get("token", 0) - 5 * shame)  # the track stops at 0
        hordes = 0 if st.mode == "coop" else horde_honor(st, clan)
        arts = artifact_honor(st, clan)
        out[clan] = {"track": c["honor"], "shame": shame, "hordes": hordes, "artifacts": arts,
                     "total": after + hordes + arts}
    return out


def finish(st: State, reason: str, ev: list[Event]) -> None:
    if st.result is not None:
        return
    scores = final_scores(st)
    humans = list(range(st.n))
    ranking = sorted(humans, key=lambda c: (-scores[c]["total"], st.tea.index(c)))
    winners: list[int]
    if st.mode == "coop":
        winners = humans if reason == "coop_won" else []
    elif st.mode == "solo":
        chin = st.clan_of("chin")
        assert chin is not None
        won = reason != "shame" and scores[0]["total"] > scores[chin]["total"]  # A12
        winners = [0] if won else []
    else:
        winners = ranking[:1]
    st.result = {"reason": reason, "winners": winners, "ranking": [[c] for c in ranking],
                 "scores": {str(c): scores[c]["total"] for c in scores},
                 "detail": {str(c): v for c, v in scores.items()}}
    ev.append(Event("game_over", {"reason": reason, "winners": winners,
                                  "scores": [[c, scores[c]["total"]] for c in sorted(scores)]}))


def result_json(st: State) -> dict[str, Any] | None:
    return st.result

"""The Great Wall AI's heuristic (docs/ai/great_wall.md): how good a state is for one seat.

Competitive modes: the seat's projected final score (``scoring.final_scores``: the track
minus 5 per Shame token stopped at 0, won Horde cards, Artifacts), after the Shame a breach
would bring (a Horde card in a section whose offence beats its defence and where the clan
has no soldier), plus what will turn into score later (resources, soldiers, clerks,
Advisors, Tactic cards), against the best rival's, the Tea track breaking ties. Solo: the
same against Chin, and the Shame bank (an empty bank at the end of a Winter loses
outright). Co-op: the team's fulfilled Requests against the target, how much of each open
one the players could pay, the Shame bank, the Time left and the team's resources and
soldiers. A finished game is worth ±WIN plus the margin.
"""

from __future__ import annotations

from rules.great_wall import board as B
from rules.great_wall.data import RESOURCES, UNITS, data
from rules.great_wall.scoring import final_scores
from rules.great_wall.state import State

WIN = 1000.0
#: What a unit of each asset is worth in Honor-like points while the game runs.
RES_VALUE = {"wood": 0.7, "stone": 0.8, "gold": 0.9, "chi": 0.6}
UNIT_VALUE = 0.5
#: A soldier on a Horde card spares its clan that card's breach Shame and moves it towards
#: defeat (the card's Honor): worth more than one waiting in supply.
ON_HORDE_VALUE = 2.0
CLERK_VALUE = 1.2
ADVISOR_VALUE = 2.0
TACTIC_VALUE = 1.0
SHAME_VALUE = 5.0
#: The Tea track's tie-break against the best rival (about a point of score: most games
#: against weak players end in equal totals), and a little for every place climbed.
TEA_TIE = 1.0
TEA_STEP = 0.3
TEA_WAIT = 0.6
#: How much of the Shame the bank still holds a clan expects as its own (``evaluate``).
FUTURE_SHAME = 1.0
#: How much Honor below the track's 0 counts in solo (``evaluate``): a base, and more while
#: the bank is full. Against other players it counts for nothing (every track ends below 0).
SOLO_CLIMB = (0.1, 0.3)
#: How much of the clerks' pending activations counts (``prospect``).
PROSPECT = 1.0


def projected(st: State, clan: int, scores: dict[int, dict[str, int]] | None = None,
              climb: float = 0.4, shame_ahead: float = 0.0) -> float:
    """The final score if the game ended now (``scoring.final_scores``, given or computed:
    the track minus 5 per Shame token stops at 0 — then only won Horde cards and Artifacts
    count), after ``shame_ahead`` more Shame tokens, plus ``climb`` of the track below 0, so
    a clan deep in Shame still prefers climbing out while the game is long enough for it."""
    if scores is None:
        scores = final_scores(st)
    c = st.clans[clan]
    track = c["honor"] + c.get("token", 0) - SHAME_VALUE * scores[clan]["shame"]
    ahead = track - SHAME_VALUE * shame_ahead
    return scores[clan]["total"] - max(0.0, track) + max(0.0, ahead) + climb * min(0.0, ahead)


def assets(st: State, clan: int) -> float:
    """What the clan holds that turns into Honor later: resources, usable soldiers (in
    supply or on the board), every hired clerk wherever it stands, Advisors, Tactic cards."""
    c = st.clans[clan]
    res = c["res"]
    value = sum(RES_VALUE[r] * res[r] for r in RESOURCES)
    value += UNIT_VALUE * sum(c["sup"][u] - c["shamed"][u] for u in UNITS)
    clerks = c["clerks"] + sum(clerks.count(clan) for clerks in st.locs.values())
    value += CLERK_VALUE * clerks + ADVISOR_VALUE * (len(c["active"]) + len(c["support"]))
    value += TACTIC_VALUE * min(5, len(c["tactics"]))
    for sec in st.sections:
        value += UNIT_VALUE * (sec["firing"].count(clan) + B.staging_total(sec, clan))
        for card in sec["hordes"]:
            value += ON_HORDE_VALUE * sum(1 for row in card["f"] for x in row
                                          if isinstance(x, list) and x[0] == clan)
    return value


def artifact_rates(st: State) -> dict[str, float]:
    """The Honor the Artifacts in play give per counted thing, by what they count."""
    rates: dict[str, float] = {}
    for a in st.artifacts:
        info = data().artifacts[a]
        rates[info["counts"]] = rates.get(info["counts"], 0.0) + float(info["honor"])
    return rates


#: How sure a clerk's pending activation is: a special location activates with any clerk, a
#: regular one only when every spot is filled (others may still fill it).
PENDING_UNSURE = 0.5


def prospect(st: State, clan: int, w: float) -> float:
    """What the clan's clerks waiting at locations will bring when those activate, in the
    score's currency: the Artifacts in play turn an Embassy hire, an overseer or a recruit
    into points, which the count sees only after the activation (and a rollout cut at its
    depth may never reach it)."""
    rates = artifact_rates(st)
    c = st.clans[clan]
    gold = c["res"]["gold"]
    value = 0.0
    for loc, clerks in st.locs.items():
        k = clerks.count(clan)
        if not k:
            continue
        sure = 1.0 if not B.is_regular(loc) or B.full(st, loc) else PENDING_UNSURE
        info = data().locations[loc]
        each = 0.0
        if info.get("resource"):
            level = st.overseers[loc][clan]
            each = RES_VALUE[info["resource"]] * (1 + level) * w
            if level == 0:
                each += 0.5 * rates.get("per_overseer", 0.0)
        elif loc == "embassy":
            hires = []
            if c["unhired"] > 0 and gold >= 2:
                hires.append(rates.get("per_clerk", 0.0) + CLERK_VALUE * w
                             - 2 * RES_VALUE["gold"] * w)
            adv = len(c["active"]) + len(c["support"]) + 1
            if gold >= adv:
                hires.append(rates.get("per_advisor", 0.0) + ADVISOR_VALUE * w
                             - adv * RES_VALUE["gold"] * w)
            each = max([0.0, *hires])
        elif loc == "barracks":
            if gold >= 1 and any(c["sup"][u] - c["shamed"][u] > 0 for u in UNITS):
                each = rates.get("per_soldier_on_board", 0.0) + UNIT_VALUE * w
        elif loc == "war_academy":
            each = TACTIC_VALUE * w
        value += sure * k * each
    return value


def exposure(st: State, clan: int) -> float:
    """Shame tokens a Winter assault would bring ``clan`` now (breached sections' Horde
    cards without one of its soldiers), weighted by how close the Winter is."""
    total = 0.0
    for s in B.used_sections(st):
        sec = st.sections[s]
        if not sec["hordes"]:
            continue
        gap = B.offence(st, s) - B.defence(st, s)
        if gap <= 0:
            continue
        weight = 1.0 if gap > 3 else 0.6
        for card in sec["hordes"]:
            if not any(isinstance(x, list) and x[0] == clan for row in card["f"] for x in row):
                total += weight
    return total


def pressure(st: State) -> float:
    """How far the Horde outmatches the wall, summed over the used sections."""
    return sum(max(0, B.offence(st, s) - B.defence(st, s)) for s in B.used_sections(st))


def threat(st: State) -> float:
    """The Horde on the board: each card (a breach shames whoever has no soldier on it), a
    full section more (the next card there is a Raid: Shame tokens lost to the box), less the
    fields already covered (a covered card is defeated)."""
    total = 0.0
    for s in B.used_sections(st):
        cards = st.sections[s]["hordes"]
        total += 2.0 * len(cards) + (6.0 if len(cards) >= 3 else 0.0)
        for card in cards:
            cells = [x for row in card["f"] for x in row]
            total -= 1.5 * sum(1 for x in cells if x is not None) / max(1, len(cells))
    return total


def evaluate(st: State, seat: int) -> float:
    if st.result is not None:
        return _final(st, seat)
    if st.mode == "coop":
        return _coop(st)
    # The game ends when a Winter finds the Shame bank empty: as it drains, what the clans
    # hold matters less, the count as it stands (Artifacts, the clamped track) more. Honor
    # below the track's 0 counts for nothing against other players: the bank's Shame is
    # shared out before the end and every track ends below 0 (all 180 clans of seeds
    # 1000-1059); solo keeps a little of it, fading as the bank drains.
    start = 10.0 * max(2, st.n) if st.n > 2 else 20.0
    left = min(1.0, st.shame_bank / start)
    w = 0.15 + 0.45 * left
    climb = SOLO_CLIMB[0] + SOLO_CLIMB[1] * left if st.mode == "solo" else 0.0
    scores = final_scores(st)
    # The game ends when the bank is empty, so what it still holds will be shared out as
    # Shame before the end: about an equal part each (solo: an empty bank loses outright,
    # guarded below).
    due = 0.0 if st.mode == "solo" else FUTURE_SHAME * st.shame_bank / max(1, st.n)

    def standing(c: int) -> float:
        # A breach's Shame costs only what the track holds above 0 (the count stops there).
        return (projected(st, c, scores, climb, 0.8 * exposure(st, c) + due)
                + w * assets(st, c) + PROSPECT * prospect(st, c, w))

    me = standing(seat)
    rivals = [c for c in range(len(st.clans)) if c != seat and st.clans[c]["kind"] != "reed"]
    if st.mode == "solo":
        chin = rivals[0]
        bank = st.shame_bank
        # An empty bank at the end of a Winter loses whatever the score: guard it steeply.
        guard = 6.0 * bank - (25.0 if bank <= 2 else 0.0) - 1.5 * pressure(st) \
            - 3.0 * threat(st)
        return me - projected(st, chin, scores) + guard
    # Equal totals go to the clan higher on the Tea track, and against random players most
    # games end with every track stopped at 0 and equal Artifact counts: the Tea order
    # against the best rival decides them.
    them = {c: standing(c) for c in rivals}
    tea = tea_order(st)
    top = max(rivals, key=lambda c: (them[c], -tea.index(c)))
    tie = TEA_TIE if tea.index(seat) < tea.index(top) else -TEA_TIE
    # A clerk waiting at a Tea House not yet full is a step up the track if the House fills,
    # which the heuristic would see only after the activation; at the top already, it holds
    # one of the House's spots, so no rival can take them all and go straight to the top.
    waiting = 0 if B.full(st, "tea_house") else st.locs["tea_house"].count(seat)
    return me - them[top] + tie - TEA_STEP * tea.index(seat) + TEA_WAIT * waiting


def tea_order(st: State) -> list[int]:
    """The Tea order once a full Tea House activates (it will, this Fall: a full regular
    location always does): each clan there a step up in Tea order, straight to the top when
    every spot is its own; the order as it stands otherwise."""
    if not B.full(st, "tea_house"):
        return st.tea
    order = list(st.tea)
    clerks = st.locs["tea_house"]
    for clan in sorted(set(clerks), key=st.tea.index):
        i = order.index(clan)
        if i == 0:
            continue
        order.pop(i)
        order.insert(0 if clerks.count(clan) >= B.spots(st, "tea_house") else i - 1, clan)
    return order


def _coop(st: State) -> float:
    from rules.great_wall.coop import target
    from rules.great_wall.seasons import last_space

    team = range(st.n)
    value = 40.0 * min(st.fulfilled, target(st)) + 6.0 * st.shame_bank
    value += sum(0.5 * assets(st, c) - 3.0 * exposure(st, c) for c in team)
    value -= 1.0 * pressure(st) + 5.0 * threat(st)
    value += 4.0 * max(0, last_space(st) - st.time)
    return value + 20.0 * sum(request_progress(st, r) for r in st.requests if r)


def request_progress(st: State, req: str) -> float:
    """How much of an open Request the team could pay now, 0..1 (one player's part: the
    readiest player; every player's: their mean, so each player's own part counts — a seat
    knows only its own resources, the partners' in a sampled world are a guess)."""
    info = data().requests[req]
    cost = info["cost"]
    parts = [_readiness(st, c, cost) for c in range(st.n)]
    return sum(parts) / len(parts) if info["kind"] == "each" else max(parts)


def _readiness(st: State, clan: int, cost: dict[str, int]) -> float:
    c = st.clans[clan]
    got = need = 0
    for k, n in cost.items():
        if k in RESOURCES:
            have = c["res"][k]
        elif k in UNITS:
            have = c["sup"][k] - c["shamed"][k]
        elif k == "clerk":
            have = c["clerks"]
        else:
            have = max(0, c["honor"])
        got += min(have, n)
        need += n
    return got / need if need else 1.0


#: A finished rollout's edge for the win, on top of the margin (``settled``).
WIN_EDGE = 2.0


def settled(st: State, seat: int) -> float:
    """A finished competitive game by its margin over the best rival (ties: the Tea order
    decided them) plus ``WIN_EDGE`` for a win, less for a loss: the scale of ``evaluate``
    on a running game."""
    scores = {int(k): v for k, v in (st.result or {}).get("scores", {}).items()}
    margin = scores.get(seat, 0) - max((v for c, v in scores.items() if c != seat), default=0)
    won = seat in (st.result or {}).get("winners", [])
    return margin + (WIN_EDGE if won else -WIN_EDGE)


def _final(st: State, seat: int) -> float:
    result = st.result or {}
    scores = {int(k): v for k, v in result.get("scores", {}).items()}
    margin = 0.0
    if seat in scores and len(scores) > 1:
        margin = scores[seat] - max(v for c, v in scores.items() if c != seat)
    if st.mode == "coop":
        margin = 10.0 * st.shame_bank
    # A shared win (co-op) is the whole team's: worth as much as a sole one.
    return (WIN if seat in result.get("winners", []) else -WIN) + margin

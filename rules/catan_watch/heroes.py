"""Night's Watch mode: hero cards (A/B sides, the offer, and the eleven abilities)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.base import Event, RuleViolation, Text, text
from rules.catan_watch.build import (
    check_guard_section,
    check_road_spot,
    put_guard,
    road_connects,
    take_development,
)
from rules.catan_watch.common import (
    Events,
    bad,
    choice,
    counts_json,
    ev,
    illegal,
    int_param,
    missing_message,
    pay,
    randbelow,
    res_of,
    res_text,
)
from rules.catan_watch.data import (
    CAMPS_PER_CLAN,
    COSTS,
    HEROES,
    N_SECTIONS,
    RESOURCES,
    TERRAIN_RESOURCE,
)
from rules.catan_watch.describe import seat_label
from rules.catan_watch.names import path_name
from rules.catan_watch.phases import MAIN, MANCE, MELISANDRE, MORMONT, ROLL
from rules.catan_watch.points import public_vp
from rules.catan_watch.specials import update_largest, update_longest
from rules.catan_watch.state import State, reindex
from rules.catan_watch.wildlings import reveal_from_supply
from rules.kit import cards as kit_cards
from rules.rng import Rng

# Heroes whose ability belongs to trading/building (step 2-3) need the dice rolled first.
AFTER_ROLL = frozenset({"marsh", "tarly", "mance", "yarwyck", "thorne", "melisandre",
                        "mormont", "yoren"})


def hero_id(state: State, seat: int) -> str:
    return HEROES[state.hero[seat]]["id"] if state.hero[seat] else ""


def ready(state: State, seat: int) -> Text | None:
    """None if the seat may use its hero now, else why not."""
    if not state.nw or not state.hero[seat]:
        return text("catan.error.no_hero")
    if state.phase not in (ROLL, MAIN):
        return text("catan.error.hero_main_steps")
    if state.hero_turn[seat] >= state.turn:
        return text("catan.error.hero_new")
    if state.hero_used_turn >= state.turn:
        return text("catan.error.hero_used")
    if hero_id(state, seat) in AFTER_ROLL and not state.rolled:
        return text("catan.error.hero_roll_first")
    return None


def _seat(params: Mapping[str, Any], key: str, state: State) -> int:
    return int_param(params, key, 0, state.n, "seat")


def _own_road_ends(state: State, seat: int, e: int) -> int:
    """How many ends of road e touch your other pieces (opponents' pieces ignored)."""
    geo, owner, road = state.geo, state.owner, state.road
    n = 0
    for v in geo.edge_vertices[e]:
        if owner[v] == seat or any(f != e and road[f] == seat for f in geo.vertex_edges[v]):
            n += 1
    return n


def validate(state: State, seat: int, params: Mapping[str, Any]) -> None:
    why = ready(state, seat)
    if why:
        raise illegal(why)
    _validate_params(state, seat, params)


def _validate_params(state: State, seat: int, params: Mapping[str, Any]) -> None:
    """validate, once the seat is known to be ready to use its hero."""
    after = params.get("after", "flip" if state.hero_side[seat] == "A" else "swap")
    if after not in ("flip", "swap"):
        raise bad(text("catan.error.hero_after"))
    if after == "flip" and state.hero_side[seat] == "B":
        raise illegal(text("catan.error.hero_side_b"))
    if after == "swap" and state.hero_offer:
        take = params.get("take")
        if not isinstance(take, int) or isinstance(take, bool) or take not in state.hero_offer:
            offer = ", ".join(f"{h} {HEROES[h]['name']}" for h in state.hero_offer)
            raise bad(text("catan.error.hero_take", offer=offer))
    hid = hero_id(state, seat)
    hand = state.hands[seat]
    if hid == "marsh":
        give, get = res_of(params.get("give"), "give"), res_of(params.get("get"), "get")
        if give == get:
            raise illegal(text("catan.error.trade_different"))
        if not hand[give]:
            raise illegal(text("catan.error.no_res", res=res_text(give)))
        if not state.bank[get]:
            raise illegal(text("catan.error.bank_no_res", res=res_text(get)))
    elif hid == "tarly":
        r = res_of(params.get("resource"))
        if sum(state.dice[:2]) == 7 or state.got_yield:
            raise illegal(text("catan.error.tarly"))
        if not state.bank[r]:
            raise illegal(text("catan.error.bank_no_res", res=res_text(r)))
    elif hid == "mance":
        # Only the target: the card is chosen after looking at the hand (take_card), so no
        # answer here can tell anything about what the hand holds.
        target = _seat(params, "target", state)
        if target == seat or public_vp(state, target) <= public_vp(state, seat):
            raise illegal(text("catan.error.mance_target"))
        if not any(state.hands[target]):
            raise illegal(text("catan.error.player_no_cards"))
    elif hid == "yarwyck":
        src = int_param(params, "from_edge", 0, state.geo.n_edges, "path")
        dst = int_param(params, "to_edge", 0, state.geo.n_edges, "path")
        if state.road[src] != seat or _own_road_ends(state, seat, src) != 1:
            raise illegal(text("catan.error.yarwyck_road"))
        if src == dst:
            raise illegal(text("catan.error.yarwyck_elsewhere"))
        state.road[src] = -1
        try:
            check_road_spot(state, seat, dst)
        finally:
            state.road[src] = seat
    elif hid == "thorne":
        section = int_param(params, "section", 0, N_SECTIONS, "wall section")
        check_guard_section(state, seat, section)
        msg = missing_message(hand, _substituted(COSTS["guard"], params))
        if msg:
            raise illegal(msg)
    elif hid == "melisandre":
        if not state.dev_deck:
            raise illegal(text("catan.error.deck_empty"))
        msg = missing_message(hand, _substituted(COSTS["development"], params))
        if msg:
            raise illegal(msg)
    elif hid == "mormont":
        res_of(params.get("resource"))
        targets = params.get("targets")
        if (not isinstance(targets, list) or not 1 <= len(targets) <= 2
                or any(not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < state.n
                       or t == seat for t in targets)
                or len(set(targets)) != len(targets)):
            raise bad(text("catan.error.mormont_targets"))
    elif hid == "benjen":
        if "section" in params:
            sec = int_param(params, "section", 0, N_SECTIONS, "wall section")
            if not state.clearings[sec]:
                raise illegal(text("catan.error.no_wildling_clearing"))
        else:
            clan = int_param(params, "clan", 0, 3, "clan")
            camp = int_param(params, "camp", 0, CAMPS_PER_CLAN, "camp")
            if camp >= len(state.clans[clan]):
                raise illegal(text("catan.error.no_wildling_camp"))
    elif hid == "ygritte":
        h = int_param(params, "hex", 0, len(state.gift), "hex")
        if not state.gift[h]:
            raise illegal(text("catan.error.no_wildling_hex"))
    elif hid == "yoren":
        check_guard_section(state, seat, int_param(params, "section", 0, N_SECTIONS, "section"))
        if not state.watches[seat]:
            raise illegal(text("catan.error.no_watch_played"))
    elif hid == "qhorin" and state.tormund < 0:
        raise illegal(text("catan.error.tormund_in_camp"))


def _substituted(cost: tuple[int, ...], params: Mapping[str, Any]) -> list[int]:
    out = list(cost)
    if "replace" not in params:
        return out
    src, dst = res_of(params.get("replace"), "replace"), res_of(params.get("with"), "with")
    if not cost[src]:
        raise illegal(text("catan.error.not_in_cost", res=res_text(src)))
    if src == dst:
        raise illegal(text("catan.error.replace_different"))
    out[src] -= 1
    out[dst] += 1
    return out


def use(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    validate(state, seat, params)
    hid = hero_id(state, seat)
    number = state.hero[seat]
    events.append(ev("hero_used", {"seat": seat, "hero": number, "side": state.hero_side[seat]}))
    _after(state, seat, params, events)
    hand = state.hands[seat]
    if hid == "marsh":
        give, get = res_of(params["give"]), res_of(params["get"])
        hand[give] -= 1
        state.bank[give] += 1
        hand[get] += 1
        state.bank[get] -= 1
        events.append(ev("hero_trade", {
            "seat": seat, "give": RESOURCES[give], "get": RESOURCES[get],
        }))
    elif hid == "tarly":
        r = res_of(params["resource"])
        state.bank[r] -= 1
        hand[r] += 1
        events.append(ev("took_from_bank", {"seat": seat, "cards": [RESOURCES[r]]}))
    elif hid == "mance":
        target = params["target"]
        events.append(ev("hand_seen", {
            "seat": seat, "target": target, "cards": counts_json(state.hands[target]),
        }, frozenset({seat, target})))
        state.pending = {"kind": "mance", "target": target, "return": state.phase}
        state.phase = MANCE
    elif hid == "yarwyck":
        state.road[params["from_edge"]] = -1
        state.road[params["to_edge"]] = seat
        reindex(state)
        shape = state.layout.shape
        events.append(ev("road_moved", {
            "seat": seat, "old": params["from_edge"], "new": params["to_edge"],
            "old_at": path_name(shape, params["from_edge"]),
            "new_at": path_name(shape, params["to_edge"]),
        }))
        update_longest(state, range(state.n), events)
    elif hid == "thorne":
        pay(state, seat, _substituted(COSTS["guard"], params))
        state.built = True  # a build of step 3: no more trading this turn
        put_guard(state, seat, params["section"], events, "thorne")
    elif hid == "melisandre":
        pay(state, seat, _substituted(COSTS["development"], params))
        state.built = True  # a build of step 3: no more trading this turn
        top = kit_cards.draw(state.dev_deck, 3, state.rng)
        state.pending = {"kind": "melisandre", "cards": top, "return": state.phase}
        state.phase = MELISANDRE
        events.append(ev("development_offer", {"seat": seat, "cards": top}, frozenset({seat})))
    elif hid == "mormont":
        r = res_of(params["resource"])
        owed: list[int] = []
        for t in params["targets"]:
            if state.hands[t][r]:
                state.hands[t][r] -= 1
                hand[r] += 1
                owed.append(t)
            events.append(ev("forced_trade", {
                "seat": seat, "target": t, "resource": RESOURCES[r],
                "given": bool(owed and owed[-1] == t),
            }))
        if owed:
            state.pending = {"kind": "mormont", "owed": owed, "return": state.phase}
            state.phase = MORMONT
    elif hid == "benjen":
        if "section" in params:
            w = state.clearings[params["section"]].pop()
        else:
            # Wildlings in camps farther from the trails each move one camp closer.
            w = state.clans[params["clan"]].pop(params["camp"])
        events.append(ev("wildling_returned", {"seat": seat, "wildling": w}))
        reveal_from_supply(state, "benjen", events)
    elif hid == "ygritte":
        w = state.gift[params["hex"]]
        state.gift[params["hex"]] = ""
        events.append(ev("wildling_returned", {"seat": seat, "wildling": w, "hex": params["hex"]}))
    elif hid == "yoren":
        state.watches[seat] -= 1
        state.built = True  # a build of step 3: no more trading this turn
        put_guard(state, seat, params["section"], events, "yoren")
        update_largest(state, events)
    elif hid == "qhorin":
        h = state.tormund
        state.tormund = -1
        r = TERRAIN_RESOURCE[state.layout.terrain[h]]
        got = r >= 0 and state.bank[r] > 0
        if got:
            state.bank[r] -= 1
            hand[r] += 1
        events.append(ev("tormund_to_camp", {
            "seat": seat, "hex": h, "resource": RESOURCES[r] if got else None,
        }))


def _after(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    after = params.get("after", "flip" if state.hero_side[seat] == "A" else "swap")
    state.hero_used_turn = state.turn
    if after == "flip":
        state.hero_side[seat] = "B"
        events.append(ev("hero_flipped", {"seat": seat, "hero": state.hero[seat]}))
        return
    old = state.hero[seat]
    take = params.get("take") if state.hero_offer else 0
    if take:
        state.hero_offer.remove(take)
    state.hero_offer.append(old)
    state.hero_offer.sort()
    state.hero[seat] = take or 0
    state.hero_side[seat] = "A"
    state.hero_turn[seat] = state.turn
    events.append(ev("hero_swapped", {"seat": seat, "returned": old, "taken": take or None}))


def mormont_give(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    pending = state.pending
    assert pending is not None
    r = res_of(params.get("resource"))
    if not state.hands[seat][r]:
        raise illegal(text("catan.error.no_res_to_give", res=res_text(r)))
    target = pending["owed"].pop(0)
    # The demanded resource was named aloud; the card given back is the giver's choice from
    # a secret hand, seen only by the two of them.
    told = ev("forced_trade_return", {"seat": seat, "target": target})
    _hand_over(state, seat, target, r, told, "card_given_back", events)
    if not pending["owed"]:
        _resume(state, pending)


def mance_take(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    """The card Mance Rayder's user chose from the hand they looked at."""
    pending = state.pending
    assert pending is not None
    target = pending["target"]
    r = res_of(params.get("resource"))
    if not state.hands[target][r]:
        raise illegal(text("catan.error.seat_no_res", who=seat_label(target), res=res_text(r)))
    # The table sees a card change hands; which one, only the two players (as a theft).
    _hand_over(state, target, seat, r, ev("hero_took", {"seat": seat, "target": target}),
               "stolen_card", events)
    _resume(state, pending)


def melisandre_pick(state: State, seat: int, params: Mapping[str, Any], events: Events) -> None:
    pending = state.pending
    assert pending is not None
    offer = pending["cards"]
    i = int_param(params, "index", 0, len(offer), "card index")
    card = offer.pop(i)
    kit_cards.shuffle_in(state.dev_deck, offer, state.rng)
    take_development(state, seat, card, events)
    _resume(state, pending)


def _hand_over(state: State, giver: int, taker: int, r: int, told: Event, secret: str,
               events: Events) -> None:
    """One card of resource ``r`` passes from ``giver`` to ``taker``: the table is told that
    it did (``told``), only the two of them which card (a ``secret`` event)."""
    state.hands[giver][r] -= 1
    state.hands[taker][r] += 1
    events.append(told)
    events.append(ev(secret, {"resource": RESOURCES[r]}, frozenset({giver, taker})))


def _resume(state: State, pending: dict[str, Any]) -> None:
    """A hero's pending choice is made: the turn goes back to the phase it interrupted."""
    state.phase = pending["return"]
    state.pending = None


def candidates(state: State, seat: int, rng: Rng) -> list[dict[str, Any]]:
    """A few concrete, validated hero uses (for menus and random agents)."""
    if ready(state, seat):
        return []
    hid = hero_id(state, seat)
    opts: list[dict[str, Any]] = []
    res = list(RESOURCES)
    if hid == "marsh":
        opts = [{"give": a, "get": b} for a in res for b in res if a != b]
    elif hid == "tarly":
        opts = [{"resource": r} for r in res]
    elif hid == "mance":
        opts = [{"target": t} for t in range(state.n)]
    elif hid == "yarwyck":
        mine = [
            e for e, o in enumerate(state.road)
            if o == seat and _own_road_ends(state, seat, e) == 1
        ]
        free = [e for e, o in enumerate(state.road) if o == -1 and road_connects(state, seat, e)]
        opts = [{"from_edge": a, "to_edge": b} for a in mine[:3] for b in free[:6]]
    elif hid == "thorne":
        opts = [{"section": s, "replace": a, "with": b} for s in range(N_SECTIONS)
                for a in ("brick", "wool", "lumber") for b in res if a != b]
    elif hid == "melisandre":
        opts = [{"replace": a, "with": b} for a in ("ore", "wool", "grain") for b in res if a != b]
    elif hid == "mormont":
        opts = [{"resource": r, "targets": [t]} for r in res for t in range(state.n) if t != seat]
    elif hid == "benjen":
        opts = [{"section": s} for s in range(N_SECTIONS)]
        opts += [{"clan": c, "camp": i} for c in range(3) for i in range(CAMPS_PER_CLAN)]
    elif hid == "ygritte":
        opts = [{"hex": h} for h in range(len(state.gift))]
    elif hid == "yoren":
        opts = [{"section": s} for s in range(N_SECTIONS)]
    elif hid == "qhorin":
        opts = [{}]
    out: list[dict[str, Any]] = []
    for p in opts:
        if state.hero_side[seat] == "A" and randbelow(rng, 2) == 0:
            p = {**p, "after": "flip"}
        else:
            p = {**p, "after": "swap"}
            if state.hero_offer:
                p["take"] = choice(rng, state.hero_offer)
        try:
            _validate_params(state, seat, p)  # ready() was checked above
        except RuleViolation:
            continue
        out.append(p)
    return out

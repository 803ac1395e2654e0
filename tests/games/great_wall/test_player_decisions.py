"""Choices the rulebook gives a player are asked of that player (with today's fixed rule as
the deadline default): losses and rescues, Headquarters moves, the mix paid for buildings,
the co-op take-back, the solo activation order and the Reed Clan's ruler."""

from __future__ import annotations

from rules.base import Action, Event
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.automata import location_effect, reed_move
from rules.great_wall.building import build
from rules.great_wall.fall import order_decider
from rules.great_wall.state import State
from tests.games.great_wall.helpers import act, bare, drive, started


def _quiet(st: State) -> None:
    for c in range(st.n):
        st.clans[c]["tactics"] = []
        st.clans[c]["res"]["chi"] = 0


def _opts(st: State, seat: int) -> list[Action]:
    return [a for a in RULES.legal_actions(st, seat) if isinstance(a, Action)]


# ---- losses ----
def _defeat(st: State) -> None:
    """Red has a spearman and a horseman on a covered card at section 1; casualty value 1."""
    st.time = 0
    st.tea = [0, 1, 2]
    card = B.new_card("h02")  # 2 × 2 fields
    st.sections[1]["hordes"] = [card]
    B.set_cell(card, 0, [0, "spearman", 70])
    B.set_cell(card, 1, [0, "horseman", 71])
    B.set_cell(card, 3, [0, "horseman", 71])
    B.set_cell(card, 2, [1, "spearman", 72])
    st.stack.append({"kind": "defeat"})


def test_the_owner_picks_which_soldier_dies_and_which_is_rescued() -> None:
    """"…každý hráč musí zabít 2 vojáky na určených kartách hord" and "Kdykoli by měl být
    některý voják zabit, můžete zaplatit 2 čchi a tím ho zachránit." Red chooses to lose the
    horseman, then pays 2 chi to rescue it: it goes to the staging area."""
    st = bare(started(3))
    _quiet(st)
    st.clans[0]["res"]["chi"] = 2
    _defeat(st)
    drive(st)
    assert RULES.awaiting(st) == frozenset({0})
    assert {a.params["unit"] for a in _opts(st, 0)} == {"spearman", "horseman"}
    assert RULES.default_action(st, 0) == Action("kill", {"row": 0, "unit": "spearman"})
    st, _ = act(st, 0, "kill", row=0, unit="horseman")
    assert Action("rescue", {"unit": "horseman"}) in _opts(st, 0)
    horsemen = st.clans[0]["sup"]["horseman"]
    st, ev = act(st, 0, "rescue", unit="horseman")
    while st.stack:  # blue's own loss question, by default
        seat = min(RULES.awaiting(st))
        st, more = RULES.apply(st, seat, RULES.default_action(st, seat))
        ev += more
    assert st.clans[0]["res"]["chi"] == 0
    assert st.clans[0]["sup"]["horseman"] == horsemen  # not killed
    assert st.sections[1]["staging"][0] == {"spearman": 1, "archer": 0, "horseman": 1}


def test_the_rescue_question_is_asked_without_chi_so_nobody_learns_who_holds_chi() -> None:
    """"Kdykoli by měl být některý voják zabit, můžete zaplatit 2 čchi…" — red has no chi:
    red is still asked, with only "let them die" on offer, and the default kills."""
    st = bare(started(3))
    _quiet(st)
    _defeat(st)
    drive(st)
    st, _ = act(st, 0, "kill", row=0, unit="spearman")
    assert RULES.awaiting(st) == frozenset({0})
    assert _opts(st, 0) == [Action("done")]


# ---- Headquarters ----
def test_headquarters_moves_the_soldiers_the_player_picks() -> None:
    """"Přesuňte libovolné množství svých vojáků ze střeleckých pozic a/nebo nástupního
    prostoru tohoto úseku na jeden jiný úsek Zdi." Red moves one spearman and its wall archer
    (to a firing position) and leaves the other spearman behind."""
    st = bare(started(3))
    left, right = st.sections[0], st.sections[2]
    left["firing"] = [0]
    left["staging"][0].update(spearman=2)
    st.stack.append({"kind": "hq", "clan": 0, "left": 1})
    st, _ = act(st, 0, "move", **{"from": 0, "to": 2})
    assert RULES.default_action(st, 0) == Action("hq_all")
    st, _ = act(st, 0, "hq_unit", unit="spearman", **{"from": "staging", "to": "staging"})
    st, _ = act(st, 0, "hq_unit", unit="archer", **{"from": "firing", "to": "firing"})
    st, ev = act(st, 0, "done")
    left, right = st.sections[0], st.sections[2]
    assert left["staging"][0]["spearman"] == 1 and left["firing"] == []
    assert right["staging"][0]["spearman"] == 1 and right["firing"] == [0]
    assert [e.kind for e in ev] == ["hq_move"] and not st.stack


# ---- paying for buildings ----
def test_the_player_picks_the_mix_paid_after_the_storehouse() -> None:
    """"Zaplaťte uvedenou cenu v libovolné kombinaci dřeva, kamene nebo zlata…" A wall part
    costing 3: the Storehouse's 1 wood first, then the player pays 2 gold although the
    engine's fixed rule (the default) would take 1 wood and 1 gold."""
    st = bare(started(3))
    st.clans[0]["active"] = []
    st.clans[0]["res"].update(wood=3, stone=0, gold=3)
    st.storehouse.update(wood=1, stone=0, gold=0)
    build(st, 0, "wall", 1, [])
    assert st.storehouse["wood"] == 0
    assert RULES.default_action(st, 0) == Action("pay", {"wood": 1, "stone": 0, "gold": 1})
    assert {tuple(a.params.values()) for a in _opts(st, 0)} == {(2, 0, 0), (1, 0, 1), (0, 0, 2)}
    st, _ = act(st, 0, "pay", wood=0, stone=0, gold=2)
    assert st.clans[0]["res"]["wood"] == 3 and st.clans[0]["res"]["gold"] == 1
    assert st.sections[1]["wall"] == 1


# ---- co-op take-back ----
def test_coop_wall_building_takes_back_the_card_the_player_picks_or_none() -> None:
    """"Když hráč postaví část Zdi, může si vzít 1 svou kartu velení z odhazovací
    hromádky." Optional, and the player picks which (the default takes the oldest)."""
    st = bare(started(2, mode="coop"))
    st.clans[0]["active"] = []
    st.clans[0]["res"].update(wood=10, stone=10, gold=10)
    hand = st.clans[0]["hand"]
    old, new = hand[0], hand[1]
    st.clans[0]["hand"] = hand[2:]
    st.cmd_discard = [{"clan": 0, "card": old}, {"clan": 0, "card": new}]
    st.storehouse.update(wood=10, stone=10, gold=10)
    build(st, 0, "wall", 1, [])
    drive(st)
    assert RULES.default_action(st, 0) == Action("take_back", {"card": old})
    assert Action("skip") in _opts(st, 0)
    st, _ = act(st, 0, "take_back", card=new)
    assert new in st.clans[0]["hand"] and st.cmd_discard == [{"clan": 0, "card": old}]


# ---- solo: the human orders the rest of Chin's activations ----
def test_after_chins_own_locations_the_human_orders_the_rest() -> None:
    """"Jestliže Čchin Tiou-Šao aktivuje lokace ve svém tahu, nejprve aktivuje lokace se
    svými úředníky … Pořadí aktivace ostatních lokací je na vás." """
    st = bare(started(1))
    chin = st.clan_of("chin")
    assert chin is not None
    own = st.chin_track[0]
    st.locs[own] = [chin]
    others = ["tea_house", "war_academy"]
    assert order_decider(st, chin, [own, *others]) is None  # Chin's own first, by his track
    assert order_decider(st, chin, others) == 0
    st.turn["active"] = chin
    st.stack.append({"kind": "resolve", "pos": 0, "owner": chin, "card": "solo_economy",
                     "stage": "order", "todo": [], "adv": [], "pending": others})
    drive(st)
    assert RULES.awaiting(st) == frozenset({0}) and st.stack[-1]["kind"] == "order"
    assert {a.params["loc"] for a in _opts(st, 0)} == set(others)


# ---- two players: the Reed Clan's ruler ----
def test_in_the_reed_turn_the_player_higher_in_tea_order_moves_its_clerk() -> None:
    """"Pokud má být aktivním hráčem přímo Rákosový klan …, stává se vládcem hráč stojící
    výše v čajovém pořadí." Blue is above red: blue chooses where the Reed clerk goes."""
    st = bare(started(2))
    reed = st.clan_of("reed")
    assert reed is not None
    st.tea = [1, 0, reed]
    st.turn["active"] = reed
    ev: list[Event] = []
    reed_move(st, ev)
    drive(st)
    assert RULES.awaiting(st) == frozenset({1})
    default = RULES.default_action(st, 1)
    choice = next(a for a in _opts(st, 1) if a != default)
    st, _ = act(st, 1, choice.kind, **choice.params)
    assert reed in st.locs[choice.params["dst"]] and reed not in st.locs[choice.params["src"]]


def test_the_active_player_rules_the_reed_clerk_at_the_embassy() -> None:
    """"Císařské vyslanectví: Vládce odhodí 1 libovolného rádce z nabídky rádců." Red is the
    active player and discards the third Advisor of the offer."""
    st = bare(started(2))
    reed = st.clan_of("reed")
    assert reed is not None
    st.turn["active"] = 0
    third = st.offer[2]
    location_effect(st, "embassy", reed, 1, [])
    drive(st)
    assert RULES.awaiting(st) == frozenset({0})
    assert RULES.default_action(st, 0) == Action("reed_discard", {"slot": 0})
    st, _ = act(st, 0, "reed_discard", slot=2)
    assert third not in st.offer and st.decks["advisor_discard"][-1] == third


# ---- co-op: the active player proposes the order of the clerks' actions --------------------
def test_coop_clerk_actions_follow_the_active_players_proposal_not_tea_order() -> None:
    """"Akce úředníků již nadále nezávisí na čajovém pořadí a hráči se mohou domluvit,
    v jakém pořadí proběhnou." Blue is active and lets itself recruit before red, though
    red is higher on the Tea track (the default keeps Tea order)."""
    st = bare(started(3, mode="coop"))
    st.tea = [0, 1, 2]
    st.locs["barracks"] = [0, 1]
    for c in (0, 1):
        st.clans[c]["res"]["gold"] = 5
    st.turn["active"] = 1
    st.stack.append({"kind": "activate", "loc": "barracks", "advanced": False,
                     "stage": "start", "queue": []})
    drive(st)
    assert RULES.awaiting(st) == frozenset({1}) and st.stack[-1]["kind"] == "clerk_order"
    assert RULES.default_action(st, 1) == Action("next", {"clan": 0})
    st, ev = act(st, 1, "next", clan=1)
    assert [e.data["order"] for e in ev if e.kind == "clerk_order"] == [[1, 0]]
    assert st.stack[-1]["kind"] == "recruit" and RULES.awaiting(st) == frozenset({1})

"""The rulebook's "cannot / may not / only if" sentences, each a scenario: the engine does not
offer (or refuses) what the sentence forbids."""

from __future__ import annotations

from rules.base import Action, Event
from rules.great_wall import RULES
from rules.great_wall import board as B
from rules.great_wall.combat import attackers, deploy_options
from rules.great_wall.coop import Fulfil
from rules.great_wall.fall import Copy, Place
from rules.great_wall.locations import Donate, Promote, finish, hq_units
from rules.great_wall.procedures import add_horde
from rules.great_wall.seasons import summer_recover
from rules.great_wall.state import State
from tests.games.great_wall.helpers import bare, drive, started


def _kinds(st: State, seat: int) -> list[Action]:
    return [a for a in RULES.legal_actions(st, seat) if isinstance(a, Action)]


def test_soldiers_with_shame_cannot_be_used() -> None:
    """"Vojáky s žetony hanby nelze žádným způsobem použít." Red's only spearman carries a
    Shame token: the Barracks do not offer a spearman."""
    st = bare(started(3))
    c = st.clans[0]
    c["sup"]["spearman"], c["shamed"]["spearman"] = 1, 1
    c["res"].update(gold=5, stone=5, chi=5, wood=5)
    st.stack.append({"kind": "recruit", "clan": 0, "left": 1, "bonus": False})
    units = {a.params.get("unit") for a in _kinds(st, 0) if a.kind == "recruit"}
    assert "spearman" not in units and units


def test_a_full_location_takes_no_more_clerks_and_locks_its_clerks() -> None:
    """"Jestliže se v dané lokaci již nenachází žádné volné pozice, nelze tam nadále úředníky
    umisťovat." and "…nelze odsud úředníky přesouvat. Je-li tedy lokace zaplněná, je
    uzamčená." """
    st = bare(started(3))
    st.locs["quarry"] = [0] * B.spots(st, "quarry")
    assert not B.can_enter(st, 1, "quarry")
    assert "quarry" not in B.movable_from(st, 0)
    fr = {"kind": "place", "clan": 1, "left": 1, "distinct": False, "used": [], "dst": None}
    assert Action("place", {"loc": "quarry"}) not in Place().options(st, fr)


def test_a_regular_location_activates_only_with_every_spot_filled() -> None:
    """"Běžné lokace lze aktivovat pouze tehdy, jestliže mají všechny pozice obsazené
    úředníky." """
    st = bare(started(3))
    st.locs["quarry"] = [0] * (B.spots(st, "quarry") - 1)
    assert not B.activates(st, "quarry")
    st.locs["quarry"].append(1)
    assert B.activates(st, "quarry")


def test_an_advanced_activation_alone_at_a_shame_location_brings_no_shame() -> None:
    """"Provedení pokročilé aktivace v lokaci se symbolem [hanby] nepřináší žeton hanby,
    pokud zde má své úředníky pouze jediný hráč." """
    st = bare(started(3))
    bank = st.shame_bank
    st.locs["quarry"] = [0]
    ev: list[Event] = []
    finish(st, "quarry", True, {0: 1}, ev)
    assert st.shame_bank == bank and not st.stack
    st.locs["quarry"] = [0]
    finish(st, "quarry", False, {0: 1}, ev)
    assert st.shame_bank == bank - 1


def test_a_raid_with_a_short_bank_removes_what_is_left_and_ignores_the_rest() -> None:
    """"Jestliže jich už nelze odstranit předepsaný počet, zbytek ignorujte." """
    st = started(3)
    for s in B.used_sections(st):
        st.sections[s]["hordes"] = [B.new_card("h01") for _ in range(3)]
    st.shame_bank = 1
    add_horde(st, [])
    assert st.shame_bank == 0 and st.result is None


def test_promote_and_donate_only_after_gaining_resources_here_and_chi_is_never_donated() -> None:
    """"Pouze tehdy, jestliže získáte z aktivované lokace zdroje, smíte jednou povýšit svého
    zdejšího dohlížitele." / "…můžete jeden darovat…" and "Nezapomeňte také, že [čchi]
    nelze darovat." """
    st = bare(started(3))
    st.clans[0]["res"].update(wood=9, chi=9)
    fr = {"kind": "promote", "clan": 0, "loc": "lumber_mill"}
    assert Promote().options(st, fr) == []
    assert Donate().options(st, {"kind": "donate", "clan": 0, "loc": "lumber_mill"}) == []
    st.turn["produced"] = {"lumber_mill:0": 1, "temple:0": 1}
    assert Promote().options(st, fr)
    assert Donate().options(st, {"kind": "donate", "clan": 0, "loc": "lumber_mill"})
    assert Donate().options(st, {"kind": "donate", "clan": 0, "loc": "temple"}) == []


def test_staging_soldiers_attack_only_at_their_section_and_never_from_a_card() -> None:
    """"Vojáci mohou z nástupního prostoru útočit, ale pouze na hordy u téhož úseku Zdi";
    "Vojáci, kteří se již nachází na polích odolnosti, nemohou znovu zaútočit"; "Kopiníci
    mohou zaútočit pouze na kartu hordy nejblíže [Zdi]." """
    st = bare(started(3))
    for s in B.used_sections(st):
        st.sections[s]["hordes"] = [B.new_card("h01"), B.new_card("h02")]
    st.sections[0]["staging"][0]["spearman"] = 1
    B.set_cell(st.sections[1]["hordes"][0], 0, [0, "spearman", 90])  # already on a card
    opts = deploy_options(st, 0, "spearman", "attack", 0)
    assert opts and all(a.params["s"] == 0 and a.params["row"] == 0 for a in opts)
    assert {a.params["s"] for a in attackers(st, 0)} == {0}


def test_staging_archers_move_only_to_a_staging_area() -> None:
    """"Lučištníci z nástupního prostoru se mohou přesunout pouze do nástupního prostoru
    (nelze je umístit na střelecké pozice)." """
    st = bare(started(3))
    st.sections[0]["staging"][0]["archer"] = 1
    assert hq_units(st, 0, 0, 2) == [Action("hq_unit", {"unit": "archer", "from": "staging",
                                                         "to": "staging"})]


def test_the_top_of_the_tea_track_cannot_move_higher() -> None:
    """"…jeho ukazatel už nelze přesunout nikam výše." """
    st = bare(started(3))
    top = st.tea[0]
    order = list(st.tea)
    ev: list[Event] = []
    B.tea_up(st, top, False, ev)
    assert st.tea == order and ev == []


def test_reed_clan_limits_and_betrayal() -> None:
    """"Pokud se ve zvláštní lokaci nachází pouze úředník Rákosového klanu, tato lokace se
    neaktivuje."; "V jedné lokaci nemůže být … nikdy více než 1 úředník Rákosového klanu";
    "Pokud hráč zahraje kartu Zrada, nemůže kopírovat efekt karty velení Rákosového klanu." """
    st = bare(started(2))
    reed = st.clan_of("reed")
    assert reed is not None
    st.locs["embassy"] = [reed]
    assert not B.activates(st, "embassy")
    assert not B.can_enter(st, reed, "embassy")
    st.turn["played"] = {"0": "betrayal", str(reed): "reed"}
    assert Copy().options(st, {"kind": "copy", "clan": 0}) == [Action("skip")]


def test_coop_each_request_is_paid_by_everyone_for_themselves() -> None:
    """"Jestliže požadavek nařizuje, aby všichni hráči něco obětovali, musí to udělat všichni
    současně a každý sám za sebe (nemůžete vynaložit zdroje … místo svého spoluhráče)." """
    from rules.great_wall.data import data

    st = bare(started(2, mode="coop"))
    each = next(k for k, v in data().requests.items() if v["kind"] == "each")
    st.requests = [each, None, None]
    cost = data().requests[each]["cost"]

    def afford(clan: int, n: int) -> None:
        c = st.clans[clan]
        for k in cost:
            if k in c["res"]:
                c["res"][k] = n
            elif k in c["sup"]:
                c["sup"][k], c["shamed"][k] = n, 0
            elif k == "clerk":
                c["clerks"] = n
            else:
                c[k] = n

    afford(0, 99)
    afford(1, 99)
    assert Fulfil().options(st, {"kind": "fulfil", "clan": 0})[0] == Action("fulfil",
                                                                            {"slot": 0})
    afford(1, 0)  # blue cannot pay: red may not pay for blue
    assert Fulfil().options(st, {"kind": "fulfil", "clan": 0}) == []


def test_coop_summer_removes_shame_for_honor_never_chi_and_recovers_no_cards() -> None:
    """"V kooperativní verzi nemohou hráči v létě zaplatit [čchi], aby se zbavili žetonů
    hanby. Místo toho si hráč může ubrat 10 bodů cti…" and "V kooperativní verzi odpadá
    v létě fáze znovuzískání karet velení." """
    st = bare(started(2, mode="coop"))
    c = st.clans[0]
    c["res"]["chi"] = 0
    c["shamed"]["spearman"] = 1
    honor = c["honor"]
    st.stack.append({"kind": "unshame", "clan": 0})
    st, _ = RULES.apply(st, 0, Action("unshame", {"where": "unit:spearman"}))
    assert st.clans[0]["honor"] == honor - 10 and st.clans[0]["res"]["chi"] == 0
    st = bare(st)
    st.cmd_discard = [{"clan": 0, "card": st.clans[0]["hand"][0]}]
    summer_recover(st, [])
    drive(st)
    assert not st.stack


def test_shame_at_scoring_never_takes_honor_below_zero() -> None:
    """"Za každý žeton hanby pod svými vojáky snižte hodnotu své cti o 5. Vaše čest takto nikdy
    nemůže klesnout pod 0." """
    from rules.great_wall.scoring import final_scores

    st = bare(started(3))
    c = st.clans[0]
    c["honor"], c["shamed"]["spearman"], c["won"] = 7, 2, []
    st.artifacts = []
    assert final_scores(st)[0]["total"] == 0


def test_chins_spearman_goes_to_the_other_section_and_is_not_recruited_if_neither_fits() -> None:
    """"Jestliže kopiník nemůže u tohoto úseku Zdi zaútočit na žádnou hordu, je vyslán ke
    druhému úseku. Pokud nemůže zaútočit ani zde, k jeho naverbování nedojde." """
    from rules.great_wall.automata import chin_recruit
    from rules.great_wall.procedures import invasion_section

    st = bare(started(1))
    chin = st.clan_of("chin")
    assert chin is not None
    for s in B.used_sections(st):
        st.sections[s]["hordes"] = []
    spears = st.clans[chin]["sup"]["spearman"]
    chin_recruit(st, 1, [])
    assert st.clans[chin]["sup"]["spearman"] == spears  # nowhere to attack: not recruited
    first = invasion_section(st)
    other = next(s for s in B.used_sections(st) if s != first)
    st.sections[other]["hordes"] = [B.new_card("h01")]
    chin_recruit(st, 1, [])
    assert st.clans[chin]["sup"]["spearman"] == spears - 1
    assert chin in B.soldiers_on(st.sections[other]["hordes"][0])


def test_never_more_than_three_requests_at_once() -> None:
    """"…ve hře nikdy nemohou být více než 3 aktivní karty císařských požadavků zároveň." """
    from rules.great_wall.coop import unfulfilled

    st = bare(started(3, mode="coop"))
    st.requests = [None, None, None]
    unfulfilled(st, [])
    drive(st)
    assert len(st.requests) == 3 and all(st.requests)

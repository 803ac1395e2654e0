"""Night's Watch mode: guards, wildling tokens, the Wall, heroes and the endings."""

from __future__ import annotations

import pytest

from rules.base import RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.data import HEROES
from rules.catan_watch.points import public_vp
from rules.catan_watch.production import produce
from rules.catan_watch.wildlings import arrive, occupy_gift
from tests.games.catan_watch.cw_helpers import (
    act,
    corner,
    en,
    force_roll,
    fresh,
    give,
    hand,
    hex_at,
    kinds,
    settle,
    to_roll,
)

RED, BLUE, WHITE, ORANGE = 0, 1, 2, 3


def test_setup_has_a_third_round_of_guards_and_fixed_heroes() -> None:
    s = RULES.new_game({"mode": "nights_watch"}, 4, 9)
    first = s.first
    assert s.start_rolls and max(s.start_rolls[-1]) == s.start_rolls[-1][first]
    steps = [step for _, step in s.setup_queue]
    assert steps == ["settlement", "road"] * 8 + ["guard"] * 4
    assert [seat for seat, _ in s.setup_queue[-4:]] == [(first + i) % 4 for i in range(4)]
    names = [HEROES[s.hero[(first + i) % 4]]["id"] for i in range(4)]
    assert names == ["yarwyck", "tarly", "marsh", "mormont"]
    s3 = RULES.new_game({"mode": "nights_watch"}, 3, 9)
    assert [HEROES[s3.hero[(s3.first + i) % 3]]["id"] for i in range(3)] == [
        "tarly", "marsh", "mormont"]
    while s.phase == "setup":
        seat = next(iter(RULES.awaiting(s)))
        s, _ = RULES.apply(s, seat, RULES.default_action(s, seat))
    assert sum(len(g) for g in s.guards) == 4
    assert s.guards[0][0] == first  # each section fills from field 1


def test_gift_sizes() -> None:
    assert len(RULES.new_game({"mode": "nights_watch"}, 4, 1).layout.number) == 21
    assert len(RULES.new_game({"mode": "nights_watch"}, 3, 1).layout.number) == 16


def test_guards_cost_lowest_field_and_vp_tokens() -> None:
    s = fresh("nights_watch")
    s.guards[1] = [BLUE]
    give(s, RED, brick=5, wool=5, lumber=5)
    s, _events = act(s, RED, "build_guard", section=1)
    assert s.guards[1] == [BLUE, RED] and hand(s, RED) == {"brick": 4, "wool": 4, "lumber": 4}
    assert public_vp(s, RED) == 0
    for _ in range(2):
        s, _ = act(s, RED, "build_guard", section=2)
    assert public_vp(s, RED) == 1  # 3 guards
    for _ in range(2):
        s, _ = act(s, RED, "build_guard", section=3)
    assert public_vp(s, RED) == 2  # 5 guards
    s.clearings[3] = ["regular", "regular"]
    arrive(s, 7, "regular", [])  # breach on section 4: RED's guard on field 1 is lost
    assert public_vp(s, RED) == 1


def test_bank_trade_is_three_to_one() -> None:
    s = fresh("nights_watch")
    give(s, RED, ore=3)
    s, _events = act(s, RED, "bank_trade", give="ore", get="wool")
    assert hand(s, RED) == {"wool": 1}


def test_building_reveals_wildling_tokens() -> None:
    s = fresh("nights_watch")
    h = hex_at(s, 1, 1)
    s.road[s.geo.side_edge[(h, 0)]] = RED
    give(s, RED, brick=1, lumber=1, wool=1, grain=1, ore=3)
    s.card_settlement_tokens[RED] = [("regular", 1)]
    s, events = act(s, RED, "build_settlement", vertex=corner(s, h, 0))
    assert s.clans[1] == ["regular"] and "wildling_token" in kinds(events)
    give(s, RED, grain=2)
    s.card_keep_tokens[RED] = [[("climber", 0), ("giant", 2)]]
    supply = len(s.tokens)
    s, events = act(s, RED, "build_keep", vertex=corner(s, h, 0))
    assert s.clans[0] == ["climber"] and s.clans[2] == ["giant"]
    assert len(s.card_settlement_tokens[RED]) == 1  # a fresh token under the returned piece
    assert len(s.tokens) == supply - 1


def test_special_cards_are_worth_one_and_reveal_a_token() -> None:
    s = fresh("nights_watch")
    s.watches = [2, 0, 0, 0]
    s.dev_hand[RED] = ["watch"]
    supply = len(s.tokens)
    s, events = act(s, RED, "play_development", card="watch", hex=hex_at(s, 0, 0))
    assert s.largest == RED and public_vp(s, RED) == 1
    assert len(s.tokens) == supply - 1
    assert kinds(events).count("wildling_token") == 1


def test_watch_card_can_drive_a_wildling_out_of_the_gift() -> None:
    s = fresh("nights_watch")
    h = hex_at(s, 0, 2)
    s.gift[h] = "regular"
    s.dev_hand[RED] = ["watch"]
    s, _ = act(s, RED, "play_development", card="watch", wildling_hex=h)
    assert not s.gift[h] and hand(s, RED) == {"ore": 1}


def test_wildlings_in_the_gift_block_yields() -> None:
    s = fresh("nights_watch")
    h = next(i for i, n in enumerate(s.layout.number) if n == 8)
    settle(s, RED, corner(s, h, 0))
    others = [x for x in s.geo.vertex_hexes[corner(s, h, 0)]
              if x != h and s.layout.number[x] == 8]
    produce(s, 8, [])
    assert sum(s.hands[RED]) == 1 + len(others)
    s.hands[RED] = [0] * 5
    s.gift[h] = "climber"
    produce(s, 8, [])
    assert sum(s.hands[RED]) == len(others)


def test_climber_jumps_the_wall_without_a_breach() -> None:
    s = fresh("nights_watch")
    s.guards[0] = [RED, BLUE]
    events: list = []
    arrive(s, 1, "climber", events)
    assert s.breaches == 0 and s.gift[s.geo.section_paths[0][0]] == "climber"


def test_giant_without_guards_breaches() -> None:
    s = fresh("nights_watch")
    arrive(s, 8, "giant", [])
    assert s.breaches == 1 and sum(1 for w in s.gift if w) == 1


def test_third_breach_ends_the_game_most_guards_wins() -> None:
    s = fresh("nights_watch")
    s.breaches = 2
    s.guards = [[BLUE, BLUE], [RED], [], [WHITE]]
    events: list = []
    arrive(s, 5, "regular", events)
    result = RULES.result(s)
    assert result is not None and result.winners == (BLUE,)
    assert "third" in en(result.reason)


def test_more_than_seven_wildlings_ends_the_game_with_tie_breaks() -> None:
    s = fresh("nights_watch")
    s.guards = [[RED], [BLUE], [], []]
    give(s, RED, ore=2)
    give(s, BLUE, ore=3)
    for _ in range(7):
        occupy_gift(s, 2, "regular", [])
    assert RULES.result(s) is None
    occupy_gift(s, 2, "regular", [])
    result = RULES.result(s)
    assert result is not None and result.winners == (BLUE,)  # guards tie, VP tie, more cards
    assert result.ranking[0] == (BLUE,) and result.ranking[1] == (RED,)


def test_full_tie_means_everyone_loses() -> None:
    s = fresh("nights_watch")
    for _ in range(8):
        occupy_gift(s, 0, "regular", [])
    result = RULES.result(s)
    assert result is not None and result.winners == ()


def test_glorious_victory_waits_for_the_wildling_die() -> None:
    s = fresh("nights_watch")
    to_roll(s, RED)
    for v in (corner(s, hex_at(s, 0, 0), 0), corner(s, hex_at(s, 0, 3), 0),
              corner(s, hex_at(s, 3, 0), 3), corner(s, hex_at(s, 3, 3), 3)):
        settle(s, RED, v, keep=True)
    s.watches[RED] = 2
    s.dev_hand[RED] = ["watch"]
    s.largest = -1
    s.guards = [[RED], [RED], [RED], []]  # 1 guard VP token: 8 + 1 = 9
    s, _ = act(s, RED, "play_development", card="watch", hex=hex_at(s, 1, 1))
    assert public_vp(s, RED) == 10 and RULES.result(s) is None  # not before the roll
    s.clans[2] = ["regular"]
    s.clearings[3] = ["regular"]
    s.breaches = 2
    force_roll(s, 5, wild=8)  # the Hornfoot wildling breaks through: tragic ending
    s, _events = act(s, RED, "roll")
    result = RULES.result(s)
    assert result is not None and en(result.reason).startswith("tragic")


def test_glorious_victory_after_a_quiet_wildling_die() -> None:
    s = fresh("nights_watch")
    to_roll(s, RED)
    for v in (corner(s, hex_at(s, 0, 0), 0), corner(s, hex_at(s, 0, 3), 0),
              corner(s, hex_at(s, 3, 0), 3), corner(s, hex_at(s, 3, 3), 3)):
        settle(s, RED, v, keep=True)
    s.guards = [[RED], [RED], [RED, RED], [RED]]
    force_roll(s, 5, wild=11)
    s, _ = act(s, RED, "roll")
    result = RULES.result(s)
    assert result is not None and result.winners == (RED,)
    assert en(result.reason) == "glorious victory"


def test_hero_not_on_the_turn_obtained_then_flip_and_swap() -> None:
    s = fresh("nights_watch")
    s.hero[RED] = next(n for n, h in HEROES.items() if h["id"] == "marsh")
    s.hero_offer = [n for n in HEROES if n != s.hero[RED]]
    s.hero_turn[RED] = s.turn
    give(s, RED, ore=2)
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "use_hero", give="ore", get="wool", after="flip")
    assert "turn you obtained" in en(err.value)
    s.turn += 1
    s, _ = act(s, RED, "use_hero", give="ore", get="wool", after="flip")
    assert hand(s, RED) == {"ore": 1, "wool": 1} and s.hero_side[RED] == "B"
    with pytest.raises(RuleViolation):
        act(s, RED, "use_hero", give="ore", get="wool", after="swap", take=7)
    s.turn += 1
    with pytest.raises(RuleViolation):
        act(s, RED, "use_hero", give="ore", get="grain", after="flip")
    s, _events = act(s, RED, "use_hero", give="ore", get="grain", after="swap", take=7)
    assert s.hero[RED] == 7 and s.hero_side[RED] == "A" and 2 in s.hero_offer
    assert s.hero_turn[RED] == s.turn


def test_mormont_forced_trade() -> None:
    s = fresh("nights_watch")
    s.hero[RED] = 1
    s.turn = 2
    give(s, RED, wool=1)
    give(s, BLUE, ore=1)
    s, _events = act(s, RED, "use_hero", resource="ore", targets=[BLUE, WHITE], after="flip")
    assert s.phase == "mormont"
    s, _ = act(s, RED, "give_back", resource="wool")
    assert hand(s, RED) == {"ore": 1} and hand(s, BLUE) == {"wool": 1}
    assert s.phase == "main"


def test_heroes_tragedy_removes_a_hero_from_the_offer() -> None:
    s = RULES.new_game({"mode": "nights_watch", "heroes_tragedy": True}, 4, 2)
    while s.phase == "setup":
        seat = next(iter(RULES.awaiting(s)))
        s, _ = RULES.apply(s, seat, RULES.default_action(s, seat))
    from rules.rng import Rng

    for c in range(s.rng.counter, s.rng.counter + 200_000):
        r = Rng(s.rng.seed, c)
        d = (r.die(6), r.die(6), r.die(12))
        if d[0] == d[1] == d[2] and d[0] + d[1] != 7:
            s.rng = Rng(s.rng.seed, c)
            break
    offer = len(s.hero_offer)
    s, _ = act(s, s.current, "roll")
    if RULES.result(s) is None:
        assert s.phase == "tragedy"
        s, events = act(s, s.current, "remove_hero", hero=s.hero_offer[0])
        assert len(s.hero_offer) == offer - 1 and "hero_removed" in kinds(events)


def test_a_giant_that_kills_a_guard_goes_back_to_the_frostfangs() -> None:
    """"Obr zabije strážce na poli 1 … a vrátí se zpět do Mrazivých štítů": the guard goes
    back to its owner, the others slide down, and the giant is nowhere north of the Gift —
    not in the clearing, not in a clan area, not in the Gift."""
    s = fresh("nights_watch")
    s.guards[3] = [BLUE, RED]
    s.pieces[BLUE][3] -= 1
    s.pieces[RED][3] -= 1
    guards_left = [p[3] for p in s.pieces]
    events: list = []
    arrive(s, 8, "giant", events)
    assert s.guards[3] == [RED]
    assert s.pieces[BLUE][3] == guards_left[BLUE] + 1 and s.pieces[RED][3] == guards_left[RED]
    assert s.clearings[3] == [] and all("giant" not in clan for clan in s.clans)
    assert not any(s.gift) and s.breaches == 0
    assert kinds(events) == ["wildling_advances", "giant_kills_guard"]


def test_a_wildling_token_lies_under_every_settlement_space_and_set_up_settlements_flip_theirs(
        ) -> None:
    """"Položte po 1 Žetonu Divokého lícem dolů na každé pole pro osadu na svých přehledových
    kartách stavebních nákladů…" and "Vždy, když postavíte osadu, otočte žeton Divokého
    ležící na kartě stavebních nákladů pod ní." — five tokens per player at the start; each
    set-up settlement flips one, and its wildling leaves the Frostfangs for its clan."""
    s = RULES.new_game({"mode": "nights_watch"}, 4, 3)
    assert [len(t) for t in s.card_settlement_tokens] == [5] * 4
    assert [len(t) for t in s.card_keep_tokens] == [4] * 4
    seen: list[str] = []
    while s.phase == "setup":
        seat = next(iter(RULES.awaiting(s)))
        s, events = RULES.apply(s, seat, RULES.default_action(s, seat))
        seen += [e.kind for e in events if e.kind != "wildling_token"
                 or e.data["why"] == "settlement"]
    assert seen.count("settlement_built") == seen.count("wildling_token") == 8
    assert [len(t) for t in s.card_settlement_tokens] == [3] * 4
    assert len(s.token_discard) == 8
    assert "wildling_attack" not in seen  # this seed: no clan area overflows in set-up
    assert sum(len(c) for c in s.clans) == 8

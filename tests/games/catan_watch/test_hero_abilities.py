"""Each hero ability, used once from side A (then turned to side B)."""

from __future__ import annotations

import pytest

from rules.base import Action, RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.data import HERO_BY_ID
from rules.catan_watch.state import State
from tests.games.catan_watch.cw_helpers import (
    act,
    corner,
    en,
    fresh,
    give,
    hand,
    hex_at,
    roads,
    settle,
    side,
)

RED, BLUE, WHITE = 0, 1, 2


def _with_hero(name: str) -> State:
    s = fresh("nights_watch")
    s.hero[RED] = HERO_BY_ID[name]
    s.hero_offer = [h for h in range(1, 12) if h != s.hero[RED]]
    s.turn = 3
    s.dice = [2, 3, 4]
    return s


def test_tarly_only_after_an_empty_roll() -> None:
    s = _with_hero("tarly")
    s.got_yield = True
    with pytest.raises(RuleViolation):
        act(s, RED, "use_hero", resource="ore")
    s.got_yield = False
    s, _ = act(s, RED, "use_hero", resource="ore")
    assert hand(s, RED) == {"ore": 1} and s.hero_side[RED] == "B"


def test_mance_looks_at_a_richer_opponents_hand_then_takes_a_card() -> None:
    """"look at the hand of 1 opponent with more victory points and take 1 resource card of
    your choice": the card is chosen after looking, so nothing before that can tell what the
    hand holds — not the menu, not an error."""
    s = _with_hero("mance")
    settle(s, BLUE, corner(s, hex_at(s, 0, 0), 0))
    give(s, BLUE, ore=1, wool=2)
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "use_hero", target=WHITE)
    assert "more victory points" in en(err.value)
    s, events = act(s, RED, "use_hero", target=BLUE)
    seen = next(e for e in events if e.kind == "hand_seen")
    assert seen.visible_to == frozenset({RED, BLUE}) and seen.data["cards"] == {
        "wool": 2, "ore": 1}
    assert s.phase == "mance" and RULES.awaiting(s) == frozenset({RED})
    assert RULES.legal_actions(s, RED) == [Action("take_card", {"resource": "wool"}),
                                           Action("take_card", {"resource": "ore"})]
    assert RULES.default_action(s, RED) == Action("take_card", {"resource": "wool"})
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "take_card", resource="brick")
    assert "Blue has no brick" in en(err.value)
    s, events = act(s, RED, "take_card", resource="wool")
    assert hand(s, RED) == {"wool": 1} and hand(s, BLUE) == {"ore": 1, "wool": 1}
    assert s.phase == "main" and s.pending is None
    # The table sees that a card changed hands, not which one.
    public = [en(RULES.describe(e, None)) for e in events if e.visible_to is None]
    assert public == ["Red took a card from Blue."]
    taken = next(e for e in events if e.kind == "stolen_card")
    assert taken.visible_to == frozenset({RED, BLUE}) and taken.data["resource"] == "wool"


def test_mance_cannot_probe_a_hand() -> None:
    """Whatever Blue holds, choosing Blue answers the same before the hand is seen."""
    answers = []
    for cards in ({"ore": 3}, {"brick": 1, "grain": 2}):
        s = _with_hero("mance")
        settle(s, BLUE, corner(s, hex_at(s, 0, 0), 0))
        give(s, BLUE, **cards)
        _, events = act(s, RED, "use_hero", target=BLUE)
        answers.append([en(RULES.describe(e, None)) for e in events if e.visible_to is None])
        for params in ({"target": BLUE, "resource": "wool"}, {"target": BLUE}):
            assert "take_card" not in str(RULES.legal_actions(s, RED))
            act(s, RED, "use_hero", **params)  # the extra key changes nothing
    assert answers[0] == answers[1]


def test_yarwyck_moves_a_dead_end_road() -> None:
    s = _with_hero("yarwyck")
    h = hex_at(s, 1, 1)
    settle(s, RED, corner(s, h, 0))
    roads(s, RED, [side(s, h, 0), side(s, h, 1)])
    s, _ = act(s, RED, "use_hero", from_edge=side(s, h, 1), to_edge=side(s, h, 5))
    assert s.road[side(s, h, 1)] == -1 and s.road[side(s, h, 5)] == RED


def test_thorne_substitutes_one_guard_resource() -> None:
    s = _with_hero("thorne")
    give(s, RED, brick=1, wool=1, ore=1)
    s, _ = act(s, RED, "use_hero", section=0, replace="lumber", **{"with": "ore"})
    assert s.guards[0] == [RED] and hand(s, RED) == {}


def test_melisandre_picks_from_the_top_three() -> None:
    s = _with_hero("melisandre")
    give(s, RED, ore=1, wool=1, lumber=1)
    deck = len(s.dev_deck)
    s, _ = act(s, RED, "use_hero", replace="grain", **{"with": "lumber"})
    assert s.phase == "melisandre" and len(s.pending["cards"]) == 3
    card = s.pending["cards"][2]
    s, _ = act(s, RED, "pick_development", index=2)
    assert s.dev_hand[RED] == [card] and len(s.dev_deck) == deck - 1 and s.phase == "main"


def test_benjen_ygritte_qhorin_yoren() -> None:
    s = _with_hero("benjen")
    s.clans[1] = ["giant", "regular", "climber"]
    s, _ = act(s, RED, "use_hero", clan=1, camp=0)
    assert sum(len(c) for c in s.clans) == 3  # one sent home, one new token revealed
    assert s.clans[1][:2] == ["regular", "climber"]

    s = _with_hero("ygritte")
    h = hex_at(s, 0, 1)
    s.gift[h] = "regular"
    s, _ = act(s, RED, "use_hero", hex=h)
    assert not any(s.gift)

    s = _with_hero("qhorin")
    s.tormund = hex_at(s, 0, 2)  # mountains
    s.rolled = False
    s.phase = "roll"
    s, _ = act(s, RED, "use_hero")
    assert s.tormund == -1 and hand(s, RED) == {"ore": 1}

    s = _with_hero("yoren")
    with pytest.raises(RuleViolation):
        act(s, RED, "use_hero", section=1)
    s.watches[RED] = 1
    s, _ = act(s, RED, "use_hero", section=1)
    assert s.guards[1] == [RED] and s.watches[RED] == 0


def test_after_the_roll_heroes_wait_for_the_dice() -> None:
    s = _with_hero("marsh")
    s.phase = "roll"
    s.rolled = False
    give(s, RED, ore=1)
    with pytest.raises(RuleViolation) as err:
        act(s, RED, "use_hero", give="ore", get="wool")
    assert "Roll the dice first" in en(err.value)


def test_malformed_hero_parameters() -> None:
    s = _with_hero("mormont")
    for params in ({"resource": "ore", "targets": [[1]]}, {"resource": "ore", "targets": [0]},
                   {"resource": "ore", "targets": [1, 1]}, {"resource": 5, "targets": [1]},
                   {"resource": "ore", "targets": [1], "after": "swap", "take": [3]}):
        with pytest.raises(RuleViolation):
            act(s, RED, "use_hero", **params)


def test_mormont_gives_back_cards_of_his_choice_in_secret() -> None:
    s = _with_hero("mormont")
    give(s, RED, brick=1)
    give(s, BLUE, ore=1)
    s, events = act(s, RED, "use_hero", resource="ore", targets=[BLUE])
    assert hand(s, RED) == {"brick": 1, "ore": 1}
    s, events = act(s, RED, "give_back", resource="brick")
    assert hand(s, BLUE) == {"brick": 1} and hand(s, RED) == {"ore": 1}
    public = [en(RULES.describe(e, None)) for e in events if e.visible_to is None]
    assert public[0] == "Red gives a card back to Blue."
    assert not any("brick" in line for line in public)
    back = next(e for e in events if e.kind == "card_given_back")
    assert back.visible_to == frozenset({RED, BLUE})
    assert en(RULES.describe(back, BLUE)) == "The card given back was brick."

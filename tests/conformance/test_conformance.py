"""One suite for every registered game (and the test fixture game).

It runs for a game the moment its package exists under ``rules/`` (discovery), for every
variant the game declares (``variants()``) at each of its seat counts: random legal
playouts to the end, replay of the log,
JSON round trip, rejection of illegal and malformed actions without touching state,
legal default actions for every awaited seat, and hidden-information indistinguishability.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.i18n import as_msg, render
from rules.base import Action, Event, GameRules, RuleViolation, Text, plain
from rules.canonical_json import canonical_json
from rules.registry import games
from rules.replay import LoggedAction, replay
from rules.rng import Rng
from tests.fixtures.sealed_bids import RULES as FIXTURE

MAX_ACTIONS = 40_000
SEEDS = (1, 2)
JUNK: list[Any] = [None, -1, 10**9, "zzz", "", [], {}, 2.5, True, {"a": [1]}]


#: Games known to fail a check, each with the reason (removed when the game is fixed).
_KNOWN: dict[str, Any] = {}


def _all_rules() -> list[GameRules]:
    return [FIXTURE, *games().values()]


def _cases() -> Iterator[Any]:
    for rules in _all_rules():
        for variant in rules.variants():
            for n in variant.seats:
                for seed in SEEDS:
                    ident = f"{rules.id}-{variant.name}-{n}p-s{seed}"
                    yield pytest.param(rules, dict(variant.config), n, seed, id=ident,
                                       marks=_KNOWN.get(rules.id, ()))


@dataclass
class Playout:
    log: list[LoggedAction]
    final: Any
    states_checked: int


def _checkpoint(i: int) -> bool:
    """Steps at which the expensive checks run: 0, 1, 2, 4, 8, … and every 25th."""
    return i & (i - 1) == 0 or i % 25 == 0


def _assert_rejects_cleanly(rules: GameRules, state: Any, seat: int, action: Action) -> None:
    before = rules.state_hash(state)
    try:
        rules.apply(state, seat, action)
    except RuleViolation as exc:
        assert exc.message.strip(), f"{action} rejected without a message"
    assert rules.state_hash(state) == before, f"apply({action}) mutated its input"


def _floats(value: Any, path: str = "") -> list[str]:
    if isinstance(value, float):
        return [path or "."]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _floats(v, f"{path}.{k}")]
    if isinstance(value, list | tuple):
        return [p for i, v in enumerate(value) for p in _floats(v, f"{path}[{i}]")]
    return []


def _check_state(rules: GameRules, state: Any, rng: Rng) -> None:
    n = _n_seats(rules, state)
    data = rules.to_json(state)
    # JSON round trip, exactly.
    assert rules.to_json(rules.from_json(json.loads(json.dumps(data)))) == data
    # Adopting decoded data gives the same state as copying it, and a state that plays on
    # like it (the service loads heads this way).
    adopted = rules.adopt_json(json.loads(json.dumps(data)))
    assert canonical_json(rules.to_json(adopted)) == canonical_json(data)
    awaited = sorted(rules.awaiting(state))
    if awaited:
        seat = awaited[rng.randbelow(len(awaited))]
        action = rules.random_action(state, seat, Rng(rng.randbelow(1 << 30)))
        assert (rules.state_hash(rules.apply(adopted, seat, action)[0])
                == rules.state_hash(rules.apply(state, seat, action)[0]))
    # No float anywhere: the state's stored text (and its hash) is the same on every machine
    # and whichever serializer writes it (rules.base.canonical_json).
    assert not _floats(data), f"a float in the state at {_floats(data)[0]}"
    assert canonical_json(data) == json.dumps(data, sort_keys=True, separators=(",", ":"),
                                              ensure_ascii=False)
    # Views are JSON-safe and never carry the random state.
    for seat in [None, *range(n)]:
        text = json.dumps(rules.view(state, seat))
        assert '"rng"' not in text and '"seed"' not in text
    # A seat's view built on the public one is the seat's view, to the byte; and building it
    # leaves the public view as it was.
    public = rules.view(state, None)
    before = json.dumps(public)
    for seat in range(n):
        assert json.dumps(rules.seat_view(state, seat, public)) == json.dumps(
            rules.view(state, seat))
    assert json.dumps(public) == before
    awaiting = rules.awaiting(state)
    # Every awaited seat has a legal default action.
    for seat in sorted(awaiting):
        default = rules.default_action(state, seat)
        rules.apply(state, seat, default)
        assert plain(rules.progress(state, seat)).strip()
    # A seat that is not awaited is refused.
    for seat in range(n):
        if seat not in awaiting:
            with pytest.raises(RuleViolation) as info:
                rules.apply(state, seat, rules.default_action(state, min(awaiting)))
            assert info.value.code == "not_your_turn"
            break
    # Unknown kinds and malformed parameters are refused without touching state.
    seat = min(awaiting)
    with pytest.raises(RuleViolation):
        rules.apply(state, seat, Action("no_such_action_kind", {}))
    legal = rules.random_action(state, seat, rng)
    for key in list(legal.params) or ["x"]:
        for junk in rng.sample(JUNK, 3):
            _assert_rejects_cleanly(rules, state, seat, Action(legal.kind, {**legal.params,
                                                                            key: junk}))
    _assert_rejects_cleanly(rules, state, seat, Action(legal.kind, {}))
    # Hidden information: perturbing a seat's secret must be invisible to everyone else.
    for seat in range(n):
        other = rules.perturb_hidden(state, seat, rng)
        if other is None:
            continue
        assert rules.view(other, seat) != rules.view(state, seat), "perturbation not real"
        _assert_indistinguishable(rules, state, other, seat, n)


def _offered(rules: GameRules, state: Any, seat: int) -> list[Any]:
    """What a seat's panel offers: its legal actions and templates, in a comparable form."""
    out: list[Any] = []
    for option in rules.legal_actions(state, seat):
        if isinstance(option, Action):
            out.append(["action", option.to_json()])
        else:
            label = option.label.to_json() if isinstance(option.label, Text) else option.label
            out.append(["spec", option.kind, json.loads(json.dumps(dict(option.choices))),
                        label])
    return out


def _assert_indistinguishable(rules: GameRules, state: Any, other: Any, seat: int, n: int
                              ) -> None:
    """``other`` differs from ``state`` only in ``seat``'s secret: no other seat, and no
    public surface, can tell them apart — not the views, not whom the game waits for (the
    board and the thread show it), not the share of the deadline the decision gets, not the
    phase, and not what any other seat is offered or owes. And the perturbed state is one
    the game can go on from: every awaited seat's default action is legal in it."""
    who = f"seat {seat}'s hidden information"
    for viewer in [None, *range(n)]:
        if viewer != seat:
            assert rules.view(other, viewer) == rules.view(state, viewer), (
                f"seat {viewer} can see {who}")
    assert rules.awaiting(other) == rules.awaiting(state), f"whom the game waits for shows {who}"
    assert rules.deadline_share(other) == rules.deadline_share(state), (
        f"the deadline share shows {who}")
    assert plain(rules.phase_label(other)) == plain(rules.phase_label(state)), (
        f"the phase label shows {who}")
    awaited = rules.awaiting(state)
    for viewer in range(n):
        if viewer == seat:
            continue
        assert _offered(rules, other, viewer) == _offered(rules, state, viewer), (
            f"seat {viewer}'s offered moves show {who}")
        if viewer in awaited:
            assert plain(rules.progress(other, viewer)) == plain(rules.progress(state, viewer)), (
                f"what seat {viewer} owes shows {who}")
    for awaited_seat in sorted(rules.awaiting(other)):
        rules.apply(other, awaited_seat, rules.default_action(other, awaited_seat))


def _n_seats(rules: GameRules, state: Any) -> int:
    return rules.n_seats(state)


def _playout(rules: GameRules, config: dict[str, Any], n: int, seed: int, checks: bool) -> Playout:
    state = rules.new_game(config, n, seed)
    agent = Rng(seed * 7919 + 13)
    log: list[LoggedAction] = []
    checked = 0
    current = canonical_json(rules.to_json(state)) if checks else ""
    for i in range(MAX_ACTIONS):
        if rules.result(state) is not None:
            assert not rules.awaiting(state), "a finished game still awaits seats"
            break
        awaiting = sorted(rules.awaiting(state))
        assert awaiting, "a running game awaits nobody"
        if checks and _checkpoint(i):
            _check_state(rules, state, agent)
            checked += 1
        seat = agent.choice(awaiting)
        action = rules.random_action(state, seat, agent)
        before = rules.state_hash(state) if checks and _checkpoint(i) else None
        new, events = rules.apply(state, seat, action)
        if checks:
            after = canonical_json(rules.to_json(new))
            assert after != current or rules.is_pass(state, seat, action), (
                f"{action} by seat {seat} was accepted and changed nothing, and the rules "
                "do not name it a pass")
            current = after
        if before is not None:
            assert rules.state_hash(state) == before, "apply mutated its input"
            _check_events(rules, events, n)
        log.append(LoggedAction(i + 1, seat, action, rules.state_hash(new) if before else None))
        state = new
    else:
        pytest.fail(f"no result after {MAX_ACTIONS} actions")
    log[-1] = LoggedAction(log[-1].seq, log[-1].seat, log[-1].action, rules.state_hash(state))
    return Playout(log, state, checked)


def _check_events(rules: GameRules, events: list[Event], n: int) -> None:
    for event in events:
        json.dumps(event.to_json())
        for viewer in [None, *range(n)]:
            if event.visible(viewer):
                line = rules.describe(event, viewer)
                # The test fixture predates catalogs and has none; every game speaks in keys.
                assert isinstance(line, Text) or rules is FIXTURE, \
                    "describe must return a catalog Text"
                _assert_in_catalog(line)


@pytest.mark.parametrize(("rules", "config", "n", "seed"), list(_cases()))
def test_random_playout_conforms(rules: GameRules, config: dict[str, Any], n: int, seed: int
                                 ) -> None:
    played = _playout(rules, config, n, seed, checks=True)
    result = rules.result(played.final)
    assert result is not None and result.reason
    seated = sorted(s for place in result.ranking for s in place)
    assert seated == list(range(n)), "the ranking must place every seat exactly once"
    # The log is the save file: replaying it reproduces the final state exactly.
    rebuilt = replay(rules, config, n, seed, played.log, verify="all")
    assert rules.state_hash(rebuilt) == rules.state_hash(played.final)
    assert played.states_checked > 0


@pytest.mark.parametrize("rules", _all_rules(), ids=lambda r: r.id)
def test_same_seed_same_game(rules: GameRules) -> None:
    a = _playout(rules, {}, rules.min_seats, 5, checks=False)
    b = _playout(rules, {}, rules.min_seats, 5, checks=False)
    assert [e.action for e in a.log] == [e.action for e in b.log]
    assert rules.state_hash(a.final) == rules.state_hash(b.final)


@pytest.mark.parametrize("rules", _all_rules(), ids=lambda r: r.id)
def test_bad_player_counts_are_refused(rules: GameRules) -> None:
    for n in (rules.min_seats - 1, rules.max_seats + 1):
        with pytest.raises(RuleViolation) as info:
            rules.new_game({}, n, 1)
        assert info.value.code == "bad_config" and info.value.message


def _assert_in_catalog(line: Any) -> None:
    """An engine's log line renders from the shipped catalog (its keys exist)."""
    if isinstance(line, Text):
        assert render(as_msg(line)).strip(), f"{line.key} renders empty"


def test_variants_are_declared_and_valid() -> None:
    for rules in _all_rules():
        variants = rules.variants()
        assert variants and len({v.name for v in variants}) == len(variants), rules.id
        for variant in variants:
            assert variant.seats, f"{rules.id}/{variant.name} has no seat count"
            for n in variant.seats:
                assert rules.min_seats <= n <= rules.max_seats
                rules.check_config(dict(variant.config), n)

"""Front conformance: every discovered game's Discord side, checked the same way.

For states met along a random playout of each game (every declared variant, smallest seat
count), the panel each awaited seat would get (the game's own move UI, or the generic one)
must fit Discord's limits (5 rows, 5 buttons a row, 25 options a select, 100-character custom
ids, 80-character labels, 2,000/4,096-character texts), every custom id must round-trip through
its ``DynamicItem`` template, the board image must be byte-identical when only a seat's hidden
information changes (``perturb_hidden``), and every catalog key the code names must exist in
every shipped locale. A new game gets these checks by existing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.panels import dynamic_items, move_panel, note_text
from bot.discord.presenters import private_embed
from bot.games import front
from bot.i18n import available_locales, catalog
from bot.render import render_board
from bot.service import PrivateView
from rules.base import Action, GameRules
from rules.registry import games
from rules.rng import Rng
from tests.fixtures.sealed_bids import RULES as FIXTURE

ROOT = Path(__file__).resolve().parents[2]
STATES_PER_VARIANT = 6
MAX_STEPS = 3_000


def _all_rules() -> list[GameRules]:
    return [FIXTURE, *games().values()]


def _cases() -> Iterator[Any]:
    for rules in _all_rules():
        for variant in rules.variants():
            yield pytest.param(rules, dict(variant.config), min(variant.seats),
                               id=f"{rules.id}-{variant.name}")


def _sampled_states(rules: GameRules, config: dict[str, Any], n: int) -> list[Any]:
    """A handful of states spread over one random game (start, middle, late)."""
    state = rules.new_game(config, n, 11)
    rng = Rng(4242)
    states: list[Any] = [state]
    every = 7
    for i in range(MAX_STEPS):
        if rules.result(state) is not None:
            break
        seat = rng.choice(sorted(rules.awaiting(state)))
        state, _ = rules.apply(state, seat, rules.random_action(state, seat, rng))
        if i % every == every - 1:
            states.append(state)
            every *= 2
        if len(states) >= STATES_PER_VARIANT:
            break
    return states


def _items(view: discord.ui.View | None) -> list[discord.ui.Item[Any]]:
    return list(view.children) if view is not None else []


def _check_limits(ui: discord.ui.View | None, text: str) -> None:
    assert len(text) <= 2000, "a panel's text is over Discord's 2,000 characters"
    if ui is None:
        return
    rows = ui.to_components()  # the payload Discord receives, as laid out by discord.py
    assert len(rows) <= 5, "more than 5 component rows"
    for row in rows:
        parts = row["components"]
        selects = [c for c in parts if c["type"] != 2]
        assert len(parts) <= 5 and (not selects or len(parts) == 1), "an overfull row"
        for c in parts:
            assert len(c.get("custom_id", "")) <= 100, f"custom id over 100: {c['custom_id']}"
            assert len(c.get("label") or "") <= 80
            if c["type"] != 2:
                options = c.get("options", [])
                assert c["type"] != 3 or 1 <= len(options) <= 25, "a select needs 1-25 options"
                assert len(c.get("placeholder") or "") <= 150
                for option in options:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                    assert len(option.get("description") or "") <= 100


def _check_round_trip(ui: discord.ui.View | None) -> None:
    templates = [cls.__discord_ui_compiled_template__ for cls in dynamic_items()]
    for item in _items(ui):
        if not isinstance(item, discord.ui.DynamicItem):
            continue
        custom_id = item.custom_id
        template = type(item).__discord_ui_compiled_template__
        assert template.fullmatch(custom_id), f"{custom_id} does not match its own template"
        matching = [t for t in templates if t.fullmatch(custom_id)]
        assert matching == [template], f"{custom_id} is claimed by {len(matching)} templates"


@pytest.mark.parametrize(("rules", "config", "n"), list(_cases()))
def test_panels_fit_discord_and_ids_round_trip(rules: GameRules, config: dict[str, Any],
                                               n: int) -> None:
    checked = 0
    for version, state in enumerate(_sampled_states(rules, config, n)):
        for seat in range(n):
            awaited = seat in rules.awaiting(state)
            view = PrivateView(1, rules.id, seat, rules.seat_label(state, seat),
                               rules.view(state, seat), awaited,
                               rules.progress(state, seat) if awaited else "", version)
            actions = rules.legal_actions(state, seat) if awaited else []
            for locale in available_locales():
                panel = move_panel(view, actions, locale)
                _check_limits(panel.view, note_text(panel, locale))
                _check_round_trip(panel.view)
                embed = private_embed(view, locale)
                assert len(embed) <= 6000 and len(embed.description or "") <= 4096
                assert all(len(f.value) <= 1024 for f in embed.fields)
            checked += 1
    assert checked


@pytest.mark.parametrize(("rules", "config", "n"), list(_cases()))
def test_board_image_ignores_hidden_information(rules: GameRules, config: dict[str, Any],
                                                n: int) -> None:
    rng = Rng(99)
    compared = 0
    for state in _sampled_states(rules, config, n)[::2]:
        for seat in range(n):
            other = rules.perturb_hidden(state, seat, rng)
            if other is None:
                continue
            a = render_board(rules.id, rules.view(state, None))
            b = render_board(rules.id, rules.view(other, None))
            assert a == b, f"{rules.id}: the board image shows seat {seat}'s secrets"
            compared += 1
            break
    if front(rules.id) is not None and front(rules.id).renderer is not None:  # type: ignore[union-attr]
        assert render_board(rules.id, rules.view(_sampled_states(rules, config, n)[0], None))


# Literal keys handed to the catalog: tr/msg/cmd/ServiceError in bot/, text/Text in rules/.
_KEY = r"""\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']"""
_CALLS = {"bot": re.compile(r"\b(tr|msg|cmd|ServiceError)" + _KEY),
          "rules": re.compile(r"\b(text|Text|RuleViolation)" + _KEY)}


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for folder, pattern in _CALLS.items():
        for path in (ROOT / folder).rglob("*.py"):
            for call, key in pattern.findall(path.read_text(encoding="utf-8")):
                keys.add(f"cmd.{key}" if call == "cmd" else key)
    return keys


def test_every_catalog_key_used_exists_in_every_locale() -> None:
    used = _used_keys()
    assert len(used) > 50
    for locale in available_locales():
        missing = sorted(k for k in used if k not in catalog(locale))
        assert not missing, f"{locale} catalog lacks {missing[:10]}"


def test_every_provisional_data_set_is_named_in_every_locale() -> None:
    """The lobby names a game's stand-in content by ``<game>.content.<id>``, never by an id."""
    for rules in games().values():
        for variant in rules.variants():
            for name in rules.provisional_content(variant.config):
                key = f"{rules.id}.content.{name}"
                for locale in available_locales():
                    assert key in catalog(locale), (locale, key)


def test_every_game_action_kind_reaches_a_panel() -> None:
    """The generic UI turns a concrete action into a button labelled by the game's front."""
    for rules in _all_rules():
        state = rules.new_game(dict(rules.variants()[0].config), min(rules.variants()[0].seats),
                               3)
        seat = min(rules.awaiting(state))
        concrete = [a for a in rules.legal_actions(state, seat) if isinstance(a, Action)]
        view = PrivateView(1, rules.id, seat, rules.seat_label(state, seat),
                           rules.view(state, seat), True, rules.progress(state, seat), 0)
        panel = move_panel(view, rules.legal_actions(state, seat), "en")
        if concrete:
            assert panel.view is not None and len(panel.view.children) >= 1

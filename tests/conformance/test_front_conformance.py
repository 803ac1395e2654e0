"""Front conformance: every discovered game's Discord side, checked the same way.

Random games of every declared variant (smallest seat count) are walked step by step: for
every seat and every shipped locale, the panel the seat would get (the game's own move UI,
or the generic one), its private embed, the board message and whatever the front's board
hook posts in the thread must fit Discord's limits (``front_harness``); so must every form
(modal) the front declares it can open there (``GameFront.forms``). Each kind of panel is
then clicked through, sub-panel by sub-panel (a march draft, a muster page, a hero's uses, a
trade answer…), with the real click pipeline over a table that never changes: every custom
id must come back through its ``DynamicItem`` template as the very item that was sent, and
a modal a click opens must be one the front declared. Every item class a front (or the core)
registers must be met on the way, so a new item nobody can reach fails the suite (a view
random games seldom show is built directly: ``tests.frame.rare_views``, by game id).

The board image, the board's embeds, the status card and every thread post the front makes
must be byte-identical when only a seat's hidden information changes (``perturb_hidden``) —
and so must every other seat's panel. Every catalog key the code names exists in every
shipped locale. A new game gets these checks by existing.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord.bursts import POST_BUTTONS, post_items
from bot.discord.components import CORE_ITEMS, HandButton
from bot.discord.panels import GENERIC, move_panel, note_text
from bot.discord.presenters import board_embed, private_embed
from bot.games import GameFront, front, front_dir
from bot.i18n import available_locales, catalog, msg, render
from bot.render import render_board
from bot.service import Post, PrivateView
from bot.service.votes import VOTE_KINDS
from rules.base import Action, ActionSpec, GameRules
from rules.canonical_json import canonical_json
from rules.registry import games
from rules.rng import Rng
from tests.conformance.front_harness import (
    GAME_ID,
    Bot,
    Interaction,
    Table,
    User,
    check_message,
    check_modal,
    choices,
    click,
    components,
    modal_shape,
    rebuild,
    summary_of,
    user_of,
    view_payload,
)
from tests.fixtures.sealed_bids import RULES as FIXTURE
from tests.frame.rare_views import RARE_VIEWS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = available_locales()
WALK_SEEDS = (11,)
SPARE_SEEDS = (12, 13)  # more games, only while a front's item is still unmet
MAX_STEPS = 3_000
IDLE_EVERY = 8  # a seat nobody awaits (a "waiting" panel) is looked at every 8th move
DEPTH = 3  # clicks into sub-panels: a march origin, then a unit's destination, then confirm
PNG_CASES = 3  # hidden-information cases per variant whose board image is rendered twice


def _all_rules() -> list[GameRules]:
    return [FIXTURE, *games().values()]


def _cases() -> Iterator[Any]:
    for rules in _all_rules():
        for variant in rules.variants():
            yield pytest.param(rules, dict(variant.config), min(variant.seats),
                               id=f"{rules.id}-{variant.name}")


def _front_rules() -> list[GameRules]:
    return [rules for rules in games().values() if front(rules.id) is not None]


# ---- walking a game's panels ---------------------------------------------------------------------
@dataclass
class Walk:
    """What walking one variant met."""

    panels: int = 0
    clicks: int = 0
    covered: set[type[Any]] = field(default_factory=set)
    built: set[str] = field(default_factory=set)  # form classes the front declared
    opened: set[str] = field(default_factory=set)  # form classes a click opened
    seen: set[Any] = field(default_factory=set)


_WALKS: dict[tuple[str, str, int], Walk] = {}


async def _walk(rules: GameRules, config: dict[str, Any], n: int) -> Walk:
    """The walk of one variant (once per process: several tests read it)."""
    key = (rules.id, canonical_json(config), n)
    if key not in _WALKS:
        walk = Walk()
        for seed in WALK_SEEDS:
            await _walk_game(walk, rules, config, n, seed)
        built = RARE_VIEWS.get(rules.id)  # what random games seldom show, built directly
        if built is not None:
            table = Table(rules, rules.new_game(config, n, WALK_SEEDS[0]), 0)
            for locale in LOCALES:
                for ui in built(table, locale):
                    check_message("", ui)
                    await _click_through(walk, table, 0, locale, ui, DEPTH + 1, public=False)
        _WALKS[key] = walk
    return _WALKS[key]


async def _walk_game(walk: Walk, rules: GameRules, config: dict[str, Any], n: int,
                     seed: int) -> None:
    f = front(rules.id)
    state = rules.new_game(config, n, seed)
    rng = Rng(seed * 7919 + 13)
    for step in range(MAX_STEPS):
        table = Table(rules, state, step)
        awaited = rules.awaiting(state) if rules.result(state) is None else set()
        for locale in LOCALES:
            _check_board_message(table, locale, f)
            for seat in range(n):
                if seat in awaited or step % IDLE_EVERY == 0:
                    await _visit_seat(walk, table, seat, locale, f)
            if f is not None and f.board_hook is not None:
                await _visit_thread(walk, table, locale, f)
        if rules.result(state) is not None:
            return
        seat = rng.choice(sorted(rules.awaiting(state)))
        state, _ = rules.apply(state, seat, rules.random_action(state, seat, rng))
    pytest.fail(f"{rules.id}: no result after {MAX_STEPS} moves")


def _check_board_message(table: Table, locale: str, f: GameFront | None) -> None:
    """The board post: the status card, the front's own embeds and My hand."""
    public = table.rules.view(table.state, None)
    embeds = [board_embed(summary_of(table.rules, table.state, table.version), locale,
                          image="board.png")]
    if f is not None and f.board_embeds is not None:
        embeds += f.board_embeds(public, locale)
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(HandButton(GAME_ID, locale))
    check_message("", buttons, embeds)


async def _visit_seat(walk: Walk, table: Table, seat: int, locale: str,
                      f: GameFront | None) -> None:
    view, actions = table.private(seat), table.options(seat)
    panel = move_panel(view, actions, locale)
    check_message(note_text(panel, locale), panel.view, [private_embed(view, locale)])
    walk.panels += 1
    for form in _declared(f, view, actions, locale):
        check_modal(form)
        walk.built.add(type(form).__name__)
    await _click_through(walk, table, seat, locale, panel.view, 0, public=False)


async def _visit_thread(walk: Walk, table: Table, locale: str, f: GameFront) -> None:
    """What the front's board hook posts for this state, clicked by every seat."""
    bot = Bot(table, locale)
    assert f.board_hook is not None
    await f.board_hook(bot, GAME_ID)
    for post in bot.thread.posts:
        for seat in range(table.rules.n_seats(table.state)):
            await _click_through(walk, table, seat, locale, post.view, 0, public=True)


def _declared(f: GameFront | None, view: PrivateView, actions: list[Action | ActionSpec],
              locale: str) -> list[discord.ui.Modal]:
    return list(f.forms(view, actions, locale)) if f is not None and f.forms else []


async def _click_through(walk: Walk, table: Table, seat: int, locale: str,
                         ui: discord.ui.View | None, depth: int, *, public: bool) -> None:
    """Round-trip every item of ``ui``; the first time such a panel is met, click each item
    (each select with a first and a last choice) and walk what the clicks show."""
    items = components(ui)
    interaction = Interaction(Bot(table, locale), User(user_of(seat)), locale, public)
    for sent, payload in items:
        await rebuild(interaction, sent, payload)
        walk.covered.add(type(sent))
    kinds = tuple(sorted({type(sent).__name__ for sent, _ in items}))
    signature = (kinds, locale, public, seat if public else None)
    if not items or depth > DEPTH or signature in walk.seen:
        return
    walk.seen.add(signature)
    f = front(table.rules.id)
    view, actions = table.private(seat), table.options(seat)
    for sent, payload in items:
        for values in choices(payload):
            walk.clicks += 1
            shown = await click(Bot(table, locale), seat, locale, sent, payload, values,
                                public=public, number=walk.clicks)
            for answer in shown:
                if answer.modal is not None:
                    declared = [modal_shape(m) for m in _declared(f, view, actions, locale)]
                    assert modal_shape(answer.modal) in declared, (
                        f"{table.rules.id}: {type(sent).__name__} opens a form its front does "
                        f"not declare (GameFront.forms) for seat {seat}")
                    walk.opened.add(type(answer.modal).__name__)
                await _click_through(walk, table, seat, locale, answer.view, depth + 1,
                                     public=False)


@pytest.mark.parametrize(("rules", "config", "n"), list(_cases()))
async def test_panels_fit_discord_and_ids_round_trip(rules: GameRules, config: dict[str, Any],
                                                     n: int) -> None:
    walk = await _walk(rules, config, n)
    assert walk.panels and walk.clicks


@pytest.mark.parametrize("rules", _front_rules(), ids=lambda r: r.id)
async def test_every_item_and_form_of_the_front_is_reached(rules: GameRules) -> None:
    """Each item class the front registers is round-tripped somewhere in its variants'
    walks; each form class it declares is built there and opened by a click."""
    f = front(rules.id)
    assert f is not None
    covered: set[type[Any]] = set()
    built: set[str] = set()
    opened: set[str] = set()
    for variant in rules.variants():
        walk = await _walk(rules, dict(variant.config), min(variant.seats))
        covered |= walk.covered
        built |= walk.built
        opened |= walk.opened
    for seed in SPARE_SEEDS:  # a change of the engine may steer one random game elsewhere
        if all(cls in covered for cls in f.items):
            break
        for variant in rules.variants():
            spare = Walk()
            await _walk_game(spare, rules, dict(variant.config), min(variant.seats), seed)
            covered |= spare.covered
    missing = sorted(cls.__name__ for cls in f.items if cls not in covered)
    assert not missing, f"{rules.id}: no walked panel holds {missing}"
    if f.forms is not None:
        assert built, f"{rules.id} declares forms, but no walked panel can open one"
        assert built <= opened, f"{rules.id}: no click opens {sorted(built - opened)}"


async def test_every_core_item_round_trips() -> None:
    """The core's own items: the lobby's, the board's and the votes' buttons, and the
    generic panel's buttons and selects."""
    covered: set[type[Any]] = set()
    for locale in LOCALES:
        interaction = Interaction(Bot(Table(FIXTURE, FIXTURE.new_game({}, 2, 1), 0), locale),
                                  User(user_of(0)), locale, True)
        views: list[discord.ui.View | None] = []
        posts = [msg(key) for key in POST_BUTTONS] + [msg("vote.opened", kind=kind)
                                                      for kind in VOTE_KINDS]
        for said in posts:
            ui = discord.ui.View(timeout=None)
            for item in post_items(Post(GAME_ID, said), locale):
                ui.add_item(item)
            views.append(ui)
        seat = PrivateView(GAME_ID, FIXTURE.id, 0, "Seat 1", {}, True, "", 1)
        moves = [Action("bid", {"amount": i}) for i in range(120)]
        for actions in (moves[:3], moves):  # buttons; past twenty, selects
            panel = GENERIC.panel(seat, actions, locale)
            check_message(note_text(panel, locale), panel.view)
            views.append(panel.view)
        for ui in views:
            for sent, payload in components(ui):
                await rebuild(interaction, sent, payload)
                covered.add(type(sent))
    missing = sorted(cls.__name__ for cls in CORE_ITEMS if cls not in covered)
    assert not missing, f"the core's {missing} are never round-tripped"


async def test_a_click_is_clicked_as_discord_would() -> None:
    """The harness itself: a generic move button, clicked, resolves its action through the
    real pipeline and submits it (the table answers "stale" and shows the panel again)."""
    state = FIXTURE.new_game({}, 2, 1)
    table = Table(FIXTURE, state, 4)
    seat = min(FIXTURE.awaiting(state))
    panel = move_panel(table.private(seat), table.options(seat), "en")
    sent, payload = next((s, p) for s, p in components(panel.view) if "mst:mv:" in p["custom_id"])
    shown = await click(Bot(table, "en"), seat, "en", sent, payload, choices(payload)[0])
    assert table.submitted == [(seat, table.options(seat)[sent.index])]  # type: ignore[attr-defined]
    stale = render(msg("error.stale", version=4), "en")
    assert shown and shown[-1].view is not None and stale in shown[-1].content


# ---- hidden information ------------------------------------------------------------------------
def _checkpoints(rules: GameRules, config: dict[str, Any], n: int) -> Iterator[tuple[Any, int]]:
    """States along one random game: the first moves, then every power of two and 25th."""
    state = rules.new_game(config, n, 11)
    rng = Rng(4242)
    for i in range(MAX_STEPS):
        if i & (i - 1) == 0 or i % 25 == 0:
            yield state, i
        if rules.result(state) is not None:
            return
        seat = rng.choice(sorted(rules.awaiting(state)))
        state, _ = rules.apply(state, seat, rules.random_action(state, seat, rng))


async def _public_face(rules: GameRules, state: Any, version: int, locale: str
                       ) -> dict[str, Any]:
    """Everything the table is shown of a state: the status card, the board's embeds and
    what the front's board hook posts in the thread (text, embeds and components)."""
    f = front(rules.id)
    public = rules.view(state, None)
    face: dict[str, Any] = {
        "status": board_embed(summary_of(rules, state, version), locale).to_dict()}
    if f is not None and f.board_embeds is not None:
        face["board"] = [e.to_dict() for e in f.board_embeds(public, locale)]
    if f is not None and f.board_hook is not None:
        bot = Bot(Table(rules, state, version), locale)
        await f.board_hook(bot, GAME_ID)
        face["thread"] = [post.face() for post in bot.thread.posts]
    return face


def _seat_face(rules: GameRules, state: Any, version: int, seat: int, locale: str
               ) -> tuple[Any, ...]:
    """What one seat is shown: its panel (text and components) and its private embed."""
    table = Table(rules, state, version)
    view = table.private(seat)
    panel = move_panel(view, table.options(seat), locale)
    return (note_text(panel, locale), view_payload(panel.view),
            private_embed(view, locale).to_dict())


@pytest.mark.parametrize(("rules", "config", "n"), list(_cases()))
async def test_public_messages_ignore_hidden_information(rules: GameRules,
                                                         config: dict[str, Any],
                                                         n: int) -> None:
    rng = Rng(99)
    compared = 0
    for state, version in _checkpoints(rules, config, n):
        for seat in range(n):
            other = rules.perturb_hidden(state, seat, rng)
            if other is None:
                continue
            for locale in LOCALES:
                assert await _public_face(rules, other, version, locale) == \
                    await _public_face(rules, state, version, locale), \
                    f"{rules.id} at move {version}: the table is shown seat {seat}'s secrets"
                for viewer in range(n):
                    if viewer != seat:
                        assert _seat_face(rules, other, version, viewer, locale) == \
                            _seat_face(rules, state, version, viewer, locale), (
                            f"{rules.id} at move {version}: seat {viewer}'s panel shows seat "
                            f"{seat}'s secrets")
            if compared < PNG_CASES:
                a = render_board(rules.id, rules.view(state, None))
                b = render_board(rules.id, rules.view(other, None))
                assert a == b, f"{rules.id}: the board image shows seat {seat}'s secrets"
            compared += 1
    assert compared > 0, f"{rules.id}: no state with a secret to perturb was met"
    f = front(rules.id)
    if f is not None and f.renderer is not None:
        assert render_board(rules.id, rules.view(rules.new_game(config, n, 11), None))


# ---- catalogs ------------------------------------------------------------------------------------
# Literal keys handed to the catalog: tr/msg/cmd/ServiceError in bot/, text/Text in rules/.
_KEY = r"""\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']"""
_CALLS = {"bot": re.compile(r"\b(tr|msg|cmd|ServiceError)" + _KEY),
          "rules": re.compile(r"\b(text|Text|RuleViolation)" + _KEY)}


def _code_folders() -> dict[Path, re.Pattern[str]]:
    """``bot/`` and ``rules/``, plus every discovered game package living elsewhere."""
    folders = {ROOT / side: pattern for side, pattern in _CALLS.items()}
    for rules in games().values():
        found = [(_CALLS["rules"], Path(inspect.getfile(type(rules))).parent),
                 (_CALLS["bot"], front_dir(rules.id))]
        for pattern, folder in found:
            if folder is not None and not any(folder.is_relative_to(f) for f in folders):
                folders[folder] = pattern
    return folders


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for folder, pattern in _code_folders().items():
        for path in folder.rglob("*.py"):
            for call, key in pattern.findall(path.read_text(encoding="utf-8")):
                keys.add(f"cmd.{key}" if call == "cmd" else key)
    return keys


def test_every_catalog_key_used_exists_in_every_locale() -> None:
    used = _used_keys()
    assert len(used) > 50
    for locale in LOCALES:
        missing = sorted(k for k in used if k not in catalog(locale))
        assert not missing, f"{locale} catalog lacks {missing[:10]}"


def test_every_provisional_data_set_is_named_in_every_locale() -> None:
    """The lobby names a game's stand-in content by ``<game>.content.<id>``, never by an id."""
    for rules in games().values():
        for variant in rules.variants():
            for name in rules.provisional_content(variant.config):
                key = f"{rules.id}.content.{name}"
                for locale in LOCALES:
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

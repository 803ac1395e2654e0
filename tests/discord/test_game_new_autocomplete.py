"""``/game new``'s autocomplete: the ``mode`` option offers each game's declared modes and the
``options`` text completes ``key=value`` words from the game's declared options — and what it
offers is what the lobby accepts. Driven through the cog's autocomplete callbacks (the
functions discord.py calls), not through Discord."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord.cog_game import GameCog
from bot.discord.options import parse_options
from bot.service import GameService, ServiceError
from rules.base import ConfigOption, RuleViolation
from rules.northgard.setup import parse_clans
from rules.registry import games
from storage import repo


@pytest.fixture
def service_games() -> tuple[str, ...]:
    return tuple(sorted(games()))


@pytest.fixture
def cog(service: GameService) -> GameCog:
    return GameCog(SimpleNamespace(service=service))  # type: ignore[arg-type]


def _typing(game_type: str, players: int | None = None, locale: str | None = None) -> Any:
    """An interaction as the autocomplete callbacks read it: the options typed so far, who
    types and their client's language."""
    return SimpleNamespace(namespace=SimpleNamespace(game_type=game_type, players=players),
                           user=SimpleNamespace(id=1), locale=locale, client=None)


async def _modes(cog: GameCog, game_type: str, current: str) -> list[str]:
    return [c.value for c in await cog._modes(_typing(game_type), current)]


async def _options(cog: GameCog, game_type: str, current: str, players: int | None = None
                   ) -> list[str]:
    return [c.value for c in await cog._options(_typing(game_type, players), current)]


async def _stored_config(engine: AsyncEngine, game_id: int) -> dict[str, Any]:
    async with engine.connect() as conn:
        game = await repo.get_game(conn, game_id)
    assert game is not None
    return dict(game.config)


def _option(game_type: str, name: str) -> ConfigOption:
    return next(o for o in games()[game_type].config_schema() if o.name == name)


# ---- modes --------------------------------------------------------------------------------------
async def test_mode_autocomplete_offers_every_declared_mode(cog: GameCog) -> None:
    for game_type, rules in games().items():
        declared = [v.name for v in rules.variants()]
        assert await _modes(cog, game_type, "") == declared[:25], game_type
    assert await _modes(cog, "agot", "") == ["default"]
    assert await _modes(cog, "catan_watch", "NIGHT") == ["nights_watch", "nights_watch_tragedy"]
    assert await _modes(cog, "great_wall", "solo_h") == ["solo_hard", "solo_hardest"]
    assert await _modes(cog, "no_such_game", "") == []


@pytest.mark.parametrize(("game_type", "mode", "config"), [
    ("catan_watch", "variable", {"mode": "base", "layout": "variable",
                                 "heroes_tragedy": False}),
    ("catan_watch", "nights_watch_tragedy", {"mode": "nights_watch", "layout": "variable",
                                             "heroes_tragedy": True}),
    ("great_wall", "solo_hard", {"mode": "standard", "difficulty": "hard",
                                 "chin_advisors": "one"}),
    ("agot", "default", {"houses": "random"}),
])
async def test_an_offered_mode_opens_a_lobby_with_its_options(
        cog: GameCog, service: GameService, engine: AsyncEngine, game_type: str, mode: str,
        config: dict[str, Any]) -> None:
    assert mode in await _modes(cog, game_type, mode)
    variant = next(v for v in games()[game_type].variants() if v.name == mode)
    out = await service.create_game(1, "Alice", game_type, mode=mode,
                                    max_seats=max(variant.seats))
    assert await _stored_config(engine, out.game_id) == config


# ---- typed options ------------------------------------------------------------------------------
async def test_option_autocomplete_completes_the_last_word(cog: GameCog) -> None:
    offered = await _options(cog, "catan_watch", "")
    assert {"mode=base", "mode=nights_watch", "layout=beginner", "layout=variable",
            "heroes_tragedy=true", "heroes_tragedy=false"} <= set(offered)
    assert await _options(cog, "catan_watch", "mode=nights_watch lay") == [
        "mode=nights_watch layout=beginner", "mode=nights_watch layout=variable"]
    # a key already given is not offered again
    assert not [c for c in await _options(cog, "catan_watch", "layout=variable ")
                if c.count("layout=") > 1]
    assert await _options(cog, "great_wall", "difficulty=h") == [
        "difficulty=hard", "difficulty=hardest"]
    assert await _options(cog, "no_such_game", "") == []


@pytest.mark.parametrize("game_type", sorted(games()))
async def test_every_completion_names_a_declared_option_and_a_value_it_takes(
        cog: GameCog, game_type: str) -> None:
    schema = {o.name: o for o in games()[game_type].config_schema()}
    offered = await _options(cog, game_type, "")
    assert offered, f"{game_type} declares options but none is offered"
    for word in offered:
        [(name, value)] = parse_options(word).items()
        option = schema[name]
        option.check(value)
        if option.choices:
            assert value in option.choices, (game_type, word)


@pytest.mark.parametrize(("game_type", "name", "players"), [
    ("agot", "houses", 3), ("agot", "houses", 4), ("agot", "houses", 5),
    ("northgard", "clans", 2), ("northgard", "clans", 5),
])
async def test_seatings_offered_are_declared_for_the_player_count_and_accepted(
        cog: GameCog, service: GameService, engine: AsyncEngine, game_type: str, name: str,
        players: int) -> None:
    option = _option(game_type, name)
    offered = [w.split("=", 1)[1]
               for w in await _options(cog, game_type, f"{name}=", players)]
    assert offered[0] == "random" and len(offered) > 1
    for value in offered:
        assert value in option.choices
        if value != "random":
            assert option.seats[value] == (players,)
        out = await service.create_game(1, "Alice", game_type, max_seats=players,
                                        config=parse_options(f"{name}={value}"))
        assert (await _stored_config(engine, out.game_id))[name] == value


# ---- the declared values of the free options ---------------------------------------------------
def test_agot_declares_every_seating_of_the_houses_that_play() -> None:
    rules = games()["agot"]
    option = _option("agot", "houses")
    assert option.kind == "free" and option.default == "random"
    seatings = [c for c in option.choices if c != "random"]
    assert len(seatings) == 6 + 24 + 120 == len(set(seatings))
    for value in seatings:
        n = len(value.split("/"))
        assert option.seats[value] == (n,)
        state = rules.new_game(rules.check_config({"houses": value}, n), n, 1)
        assert state.houses == value.split("/")
        with pytest.raises(RuleViolation):
            rules.new_game({"houses": value}, 3 if n != 3 else 4, 1)


def test_northgard_declares_every_seating_of_distinct_clans() -> None:
    rules = games()["northgard"]
    option = _option("northgard", "clans")
    assert option.kind == "free" and option.default == "random"
    seatings = [c for c in option.choices if c != "random"]
    assert len(seatings) == 42 + 210 + 840 + 2520 == len(set(seatings))
    for value in seatings:
        n = len(value.split("/"))
        assert option.seats[value] == (n,)
        assert parse_clans(value, n) == value.split("/")  # what ``new_game`` reads
    for value in seatings[::97]:  # a full set-up for a spread of them
        n = len(value.split("/"))
        assert rules.new_game({"clans": value}, n, 1).clans == value.split("/")


@pytest.mark.parametrize(("game_type", "config", "players"), [
    ("agot", "houses=Stark,Lannister,Baratheon", 3),
    ("agot", '{"houses": ["tyrell", "stark", "lannister", "baratheon"]}', 4),
    ("northgard", "clans=Bear,wolf", 2),
    ("northgard", '{"clans": ["stag", "goat", "raven"]}', 3),
])
async def test_the_lobby_still_reads_other_spellings_of_a_seating(
        service: GameService, game_type: str, config: str, players: int) -> None:
    out = await service.create_game(1, "Alice", game_type, max_seats=players,
                                    config=parse_options(config))
    assert out.game_id


async def test_a_seating_for_another_player_count_is_refused(service: GameService) -> None:
    with pytest.raises(ServiceError):
        await service.create_game(1, "Alice", "agot", max_seats=4,
                                  config={"houses": "stark/lannister/baratheon"})


@pytest.mark.parametrize("locale", ["en-US", "cs"])
async def test_modes_are_offered_by_their_names_in_the_readers_language(
        cog: GameCog, locale: str) -> None:
    """A mode is picked by its name in the player's words ("Night's Watch", "Noční hlídka"),
    never its engine id ("nights_watch"); the value sent back stays the id."""
    for game_type, rules in games().items():
        offered = await cog._modes(_typing(game_type, locale=locale), "")
        assert [c.value for c in offered] == [v.name for v in rules.variants()][:25]
        assert not [c.name for c in offered if "_" in c.name], game_type
    (watch,) = [c for c in await cog._modes(_typing("catan_watch", locale=locale), "watch")
                if c.value == "nights_watch"]
    assert watch.name == ("Noční hlídka" if locale == "cs" else "Night's Watch")

"""Issue 16: every bad input refused cleanly at the service boundary, an honest ``db verify``,
a full disk answered, retried interactions answered with their original outcome."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.__main__ import _verify
from bot.service import GameService, ManualClock, ServiceError
from bot.service.validate import (
    MAX_DEPTH,
    MAX_INTERACTION_ID,
    MAX_PARAMS_BYTES,
    QUOTE_MAX,
    check_action,
    quote,
)
from rules import registry
from rules.base import Action, ActionSpec
from rules.canonical_json import canonical_json
from rules.kit.params import Bool, Int, Opt, Schema, Str
from rules.kit.params import check as params_check
from rules.rng import Rng
from storage.batch import MoveWrite, UnreadableRow
from tests.fixtures.sealed_bids import RULES as SEALED
from tests.fixtures.sealed_bids import SealedBids, SealedState
from tests.harness import play_out
from tests.service.helpers import ALICE, BOB, database_url, started_game, stored


# ---- 1. db verify ----------------------------------------------------------------------------
class IntKeyed(SealedBids):
    """Sealed Bids whose state JSON holds an int-keyed mapping (like a finished Catan game's
    result scores), which the JSON column hands back with string keys."""

    id = "int_keyed"

    def to_json(self, state: SealedState) -> dict[str, Any]:
        # Keys 2 and 10 sort differently as ints and as strings.
        return {**super().to_json(state),
                "by_seat": {s * 8 + 2: p for s, p in enumerate(state.points)}}

    def from_json(self, data: dict[str, Any]) -> SealedState:
        return super().from_json({k: v for k, v in data.items() if k != "by_seat"})


async def _play_to_end(service: GameService, gid: int, users: list[int]) -> None:
    rng = Rng(5)
    for _ in range(200):
        summary = await service.summary(gid)
        if summary.status != "active":
            return
        seat = summary.awaiting[0]
        await service.submit(gid, users[seat], await service.suggest_action(gid, users[seat],
                                                                            rng))
    raise AssertionError("the game did not end")


async def test_verify_compares_states_as_canonical_json(engine: AsyncEngine,
                                                        clock: ManualClock) -> None:
    service = GameService(engine, clock=clock, games={"sealed_bids": IntKeyed()},
                          seed_source=lambda: 7)
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1})
    await _play_to_end(service, gid, [ALICE, BOB])
    assert (await service.summary(gid)).status == "finished"
    assert await service.verify(gid) is None


async def test_verify_reports_each_bad_game_and_goes_on(
        engine: AsyncEngine, clock: ManualClock, capsys: pytest.CaptureFixture[str]) -> None:
    service = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    first = await started_game(service, [ALICE, BOB])
    second = await started_game(service, [ALICE, BOB])
    third = await started_game(service, [ALICE, BOB])
    for gid in (first, second, third):
        await service.submit(gid, ALICE, Action("bid", {"amount": 2}))
    async with engine.begin() as conn:  # what an old bot could write on SQLite
        await conn.execute(text("UPDATE actions SET interaction_id = :i WHERE game_id = :g"),
                           {"i": "x" * 200, "g": first})
        await conn.execute(text("UPDATE games SET state = json_set(state, '$.round', 9) "
                                "WHERE id = :g"), {"g": second})
    games = {"sealed_bids": SEALED}
    import bot.service as service_module

    class Known(service_module.GameService):
        def __init__(self, engine: AsyncEngine) -> None:
            super().__init__(engine, games=games)

    mp = pytest.MonkeyPatch()
    mp.setattr(service_module, "GameService", Known)
    try:
        code = await _verify(database_url(engine))
    finally:
        mp.undo()
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith(f"game #{first}: cannot be replayed: a stored row is invalid")
    assert "interaction_id" in out[0] and "x" * 60 not in out[0]
    assert out[1] == f"game #{second}: the replayed state differs from the stored head"
    assert out[2] == "1 of 3 games replay to their stored state"
    assert "Traceback" not in "\n".join(out)


@pytest.mark.parametrize("content", [b"", b"not a database at all\n", bytes(range(256)) * 64])
async def test_verify_of_a_file_that_is_no_database_says_so_in_one_line(
        tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "maester.db"
    path.write_bytes(content)
    assert await _verify(f"sqlite+aiosqlite:///{path}") == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("cannot verify: ")
    assert "is not a readable Maester database" in out


async def test_verify_of_a_missing_file_creates_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere" / "maester.db"
    assert await _verify(f"sqlite+aiosqlite:///{path}") == 2
    assert capsys.readouterr().out == f"cannot verify: there is no database file at {path}\n"
    assert not path.exists()


# ---- 2. interaction ids ----------------------------------------------------------------------
@pytest.mark.parametrize("iid", ["x" * (MAX_INTERACTION_ID + 1), "y" * 100_000, 12345, b"abc",
                                 ["i"], {"i": 1}, "", "a\nb", "\x00", "\ud800"])
async def test_an_interaction_id_the_log_cannot_hold_is_refused(
        service: GameService, engine: AsyncEngine, iid: Any) -> None:
    gid = await started_game(service, [ALICE, BOB])
    before = await stored(engine, gid)
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, ALICE, Action("ready"), interaction_id=iid)
    assert err.value.msg.key == "error.bad_interaction_id"
    assert len(err.value.msg.render()) < 300
    assert await stored(engine, gid) == before


async def test_an_interaction_id_of_full_width_keeps_the_log_readable(
        service: GameService, engine: AsyncEngine) -> None:
    gid = await started_game(service, [ALICE, BOB])
    iid = "9" * MAX_INTERACTION_ID
    await service.submit(gid, ALICE, Action("ready"), interaction_id=iid)
    assert (await service.submit(gid, ALICE, Action("ready"), interaction_id=iid)).duplicate
    assert await service.verify(gid) is None
    assert await service.game_log(gid, ALICE)


async def test_the_writer_never_stores_an_unreadable_row(service: GameService) -> None:
    for bad in ("z" * (MAX_INTERACTION_ID + 1), 7):
        row = {"game_id": 1, "seq": 1, "seat": 0, "actor_id": 1, "source": "player",
               "action": {"kind": "ready", "params": {}}, "events": [], "state_hash": "0" * 64,
               "interaction_id": bad}
        with pytest.raises(UnreadableRow):
            await service.writer.write(MoveWrite(1, 0, row, {"version": 1}))


# ---- 3. what no game can mean ----------------------------------------------------------------
def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


BAD_ACTIONS: list[tuple[str, Any, str]] = [
    ("no kind", {"params": {}}, "bad_action.kind"),
    ("kind not text", {"kind": 5, "params": {}}, "bad_action.kind"),
    ("kind too long", {"kind": "k" * 100_000, "params": {}}, "bad_action.kind"),
    ("kind with space", Action("bid now"), "bad_action.kind"),
    ("not a mapping", ["bid", {"amount": 1}], "bad_action.shape"),
    ("extra top-level key", {"kind": "bid", "params": {}, "x": 1}, "bad_action.shape"),
    ("params a list", {"kind": "bid", "params": [1, 2]}, "bad_action.params"),
    ("int key", Action("bid", {1: 2}), "bad_action.param_name"),
    ("huge int", Action("bid", {"amount": 10**30}), "bad_action.param_number"),
    ("huge negative", Action("bid", {"amount": -(2**53) - 1}), "bad_action.param_number"),
    ("nan", Action("bid", {"amount": float("nan")}), "bad_action.param_value"),
    ("inf", Action("bid", {"amount": float("inf")}), "bad_action.param_value"),
    ("object", Action("bid", {"amount": object()}), "bad_action.param_value"),
    ("set", Action("bid", {"amount": {1, 2}}), "bad_action.param_value"),
    ("bytes", Action("bid", {"amount": b"1"}), "bad_action.param_value"),
    ("200 KB text", Action("bid", {"amount": "x" * 200_000}), "bad_action.too_large"),
    ("many keys", Action("bid", {f"k{i}": i for i in range(5000)}), "bad_action.too_large"),
    ("long list", Action("bid", {"amount": list(range(100_000))}), "bad_action.too_large"),
    ("nested 9", Action("bid", {"amount": _nested(MAX_DEPTH)}), "bad_action.param_depth"),
    ("nested 500", Action("bid", {"amount": _nested(500)}), "bad_action.param_depth"),
    ("nested 100000", Action("bid", {"amount": _nested(100_000)}), "bad_action.param_depth"),
    ("NUL in text", Action("bid", {"amount": "a\x00b"}), "bad_action.param_text"),
    ("lone surrogate", Action("bid", {"amount": "\udcff"}), "bad_action.param_text"),
    ("nested int key", Action("bid", {"amount": {3: 1}}), "bad_action.param_name"),
]


@pytest.mark.parametrize(("case", "action", "reason"), BAD_ACTIONS, ids=[c[0] for c in BAD_ACTIONS])
async def test_an_action_no_game_can_mean_is_refused_before_any_engine_runs(
        service: GameService, engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch,
        case: str, action: Any, reason: str) -> None:
    gid = await started_game(service, [ALICE, BOB])
    before = await stored(engine, gid)

    def no_engine(*args: Any, **kw: Any) -> Any:
        raise AssertionError("engine code ran")

    monkeypatch.setattr(SEALED, "apply", no_engine)
    monkeypatch.setattr(SEALED, "legal_actions", no_engine)
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, ALICE, action)
    assert err.value.msg.key == "error.bad_action"
    assert err.value.msg.params["reason"].key == reason
    rendered = err.value.msg.render()
    assert 0 < len(rendered) <= 300
    assert "x" * (QUOTE_MAX + 1) not in rendered and "k" * (QUOTE_MAX + 1) not in rendered
    assert await stored(engine, gid) == before


@pytest.mark.parametrize("game_id", ["1", 1.0, True, 2**63, 10**100, 0, -1, None, [1]])
async def test_a_game_id_is_a_whole_number_in_the_columns_range(
        service: GameService, game_id: Any) -> None:
    gid = await started_game(service, [ALICE, BOB])
    assert gid == 1
    for call in (service.submit(game_id, ALICE, Action("ready")),
                 service.private_view(game_id, ALICE), service.summary(game_id)):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.msg.key == "error.bad_game_id"
        assert len(err.value.msg.render()) < 200
    assert (await service.private_view(gid, ALICE)).awaited  # nothing was applied to game 1


@pytest.mark.parametrize(("kw", "key"), [
    ({"user_id": "101"}, "error.bad_user_id"), ({"user_id": True}, "error.bad_user_id"),
    ({"user_id": 2**64}, "error.bad_user_id"),
    ({"expected_version": "0"}, "error.bad_version"),
    ({"expected_version": -1}, "error.bad_version"),
    ({"expected_version": False}, "error.bad_version"),
    ({"expected_version": 2**70}, "error.bad_version"),
])
async def test_users_and_versions_are_whole_numbers(service: GameService, engine: AsyncEngine,
                                                    kw: dict[str, Any], key: str) -> None:
    gid = await started_game(service, [ALICE, BOB])
    before = await stored(engine, gid)
    user = kw.pop("user_id", ALICE)
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, user, Action("ready"), **kw)
    assert err.value.msg.key == key
    assert await stored(engine, gid) == before


def test_quotes_of_user_input_are_short() -> None:
    assert quote("x" * 100_000) == "x" * (QUOTE_MAX - 1) + "…"
    assert quote("short") == "short"
    assert quote("a\nb\x00") == "a?b?"
    assert quote(10**5000) == "a 16610-bit number"  # no ValueError from int → str
    assert quote(_nested(5000)) == "a list"  # no RecursionError from repr
    assert len(quote("é" * 61)) == QUOTE_MAX


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_what_every_game_offers_passes_the_boundary(game_id: str) -> None:
    """No real move is refused by the generic limits or by its game's declared schema: the
    legal, random and default moves of every registered game, in every mode, pass both; and
    every game declares its schema."""
    rules = registry.get(game_id)
    schema = rules.action_schema()
    assert schema is not None, f"{game_id} declares no action schema"

    def passes(offered: Action | ActionSpec) -> None:
        if not isinstance(offered, Action):
            return
        assert check_action(offered.to_json()) == offered, (game_id, offered)
        problem = params_check(schema, offered.kind, offered.params)
        assert problem is None, (game_id, offered, problem)
        assert len(canonical_json(offered.to_json()["params"])) < MAX_PARAMS_BYTES

    for variant in rules.variants():
        n = max(variant.seats)
        state = rules.new_game(rules.check_config(variant.config, n), n, 11)
        play_out(rules, state, Rng(3), passes, moves=300)


class Declared(SealedBids):
    """Sealed Bids declaring what each of its moves takes."""

    def action_schema(self) -> Schema:
        return {"bid": {"amount": Int(0, 99), "ready": Opt(Bool())}, "ready": {},
                "claim": {"prize": Str(("points", "coins"))}}


async def test_a_move_its_game_does_not_declare_is_refused_before_the_engine(
        engine: AsyncEngine, clock: ManualClock) -> None:
    service = GameService(engine, clock=clock, games={"sealed_bids": Declared()})
    gid = await started_game(service, [ALICE, BOB])
    before = await stored(engine, gid)
    with pytest.raises(ServiceError) as err:  # too long a name for any game
        await service.submit(gid, ALICE, Action("bid", {"amount": 3, "x" * 500: 10**10}))
    assert err.value.msg.params["reason"].key == "bad_action.param_name"
    refusals = [
        (Action("bid", {"amount": 3, "bonus": 10**10}),
         "bid has no parameter bonus (it takes: amount, ready)."),
        (Action("bid", {}), "A bid move needs amount: a whole number from 0 to 99."),
        (Action("bid", {"amount": "3"}),
         "In a bid move, amount must be a whole number from 0 to 99."),
        (Action("bid", {"amount": 100}),
         "In a bid move, amount must be a whole number from 0 to 99."),
        (Action("bid", {"amount": 3, "ready": "yes"}),
         "In a bid move, ready must be true or false."),
        (Action("dance"), "There is no move called dance in this game."),
        (Action("claim", {"prize": "gold"}),
         "In a claim move, prize must be one of points, coins."),
    ]
    for action, said in refusals:
        with pytest.raises(ServiceError) as err:
            await service.submit(gid, ALICE, action)
        assert err.value.msg.render() == said
        assert await stored(engine, gid) == before
    # What fits the schema goes on to the engine, which judges legality.
    with pytest.raises(ServiceError) as err:
        await service.submit(gid, BOB, Action("claim", {"prize": "coins"}))
    assert err.value.msg.key == "error.move_rejected"
    assert "Prizes are claimed after the bids." in err.value.msg.render()
    await service.submit(gid, ALICE, Action("bid", {"amount": 3}))
    await service.submit(gid, ALICE, Action("ready"))


async def test_a_game_that_does_not_declare_its_parameters_judges_them_itself(
        service: GameService, engine: AsyncEngine) -> None:
    """A game without a declared schema (the service's test fixture) gets the generic
    limits only, and its engine judges the rest."""
    assert SEALED.action_schema() is None
    gid = await started_game(service, [ALICE, BOB])
    await service.submit(gid, ALICE, Action("ready", {"note": "gg"}))
    assert (await stored(engine, gid))[0] == 1



# ---- 4. suggest_action for a seat no longer awaited ---------------------------------------------
async def test_suggest_action_for_a_seat_not_awaited_says_not_your_move(
        service: GameService, engine: AsyncEngine, clock: ManualClock) -> None:
    gid = await started_game(service, [ALICE, BOB], config={"rounds": 1})
    # Another process moves first; this one reads the head afresh.
    other = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    await other.submit(gid, ALICE, Action("ready"))
    fresh = GameService(engine, clock=clock, games={"sealed_bids": SEALED})
    with pytest.raises(ServiceError) as err:
        await fresh.suggest_action(gid, ALICE, Rng(1))
    assert err.value.msg.key == "error.not_your_turn"
    assert err.value.msg.render().startswith("It is not your move in game #")
    assert (await fresh.suggest_action(gid, BOB, Rng(1))).kind in {"bid", "ready"}

"""``python -m bot try``: for each game, the real bot in simcord opens a table served on
loopback, the other seats are AI players (named as bots), the game waits for you, and
your **My hand** panel offers you enabled move buttons. Non-interactive: ``seconds=0``."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from bot.__main__ import main
from bot.try_table import Table, serve
from tests.harness import components, labels

GAMES = ("agot", "catan_watch", "northgard", "great_wall", "fort")


async def _check_table(table: Table, url: str) -> None:
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1" and parts.fragment  # loopback, capability in the hash
    async with aiohttp.ClientSession() as http, \
            http.get(f"{parts.scheme}://{parts.netloc}/") as page:
        assert page.status == 200
    summary = await table.service.summary(table.game_id)
    assert summary.status == "active"
    mine = [seat for seat, uid, _ in summary.players if uid == table.you.id]
    others = [uid for seat, uid, _ in summary.players if uid != table.you.id]
    assert len(mine) == 1 and others and all(uid is None for uid in others)  # bot seats
    assert summary.bots == frozenset(s for s, uid, _ in summary.players if uid is None)
    assert summary.awaiting == mine  # the bots moved; the table waits for you
    thread = table.thread.history(viewer=table.you)
    assert any(a.filename == "board.png" for m in thread for a in m.attachments)
    hand = [m for m in thread if "My hand" in labels(m)][-1]
    panel = (await table.you.click(hand, label="My hand")).response
    # A game's move controls are in your panel, or on the live board (Catan's turn buttons)
    board = [m for m in thread if any(a.filename == "board.png" for a in m.attachments)][-1]
    moves = [c for m in (panel, board) for c in components(m)
             if c.get("custom_id") and c.get("label") != "My hand" and not c.get("disabled")]
    assert moves, (labels(panel), labels(board))


@pytest.mark.parametrize("game", GAMES)
async def test_try_opens_a_playable_table(game: str, tmp_path: Path) -> None:
    seen: list[int] = []

    async def ready(table: Table, url: str) -> None:
        await _check_table(table, url)
        seen.append(table.game_id)

    assert await serve(game, players=None, mode=None, lang="en", db=tmp_path / "try.db",
                       port=None, seconds=0, on_ready=ready) == 0
    assert seen == [1]


def test_try_command_prints_the_local_url(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["try", "--game", "fort", "--lang", "cs", "--db", str(tmp_path / "t.db"),
                 "--seconds", "0"]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:" in out and "Tvůj stůl (hra #1)" in out


def test_try_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["try", "--game", "chess", "--seconds", "0"]) == 2
    assert "There is no game `chess`" in capsys.readouterr().err


async def test_try_again_continues_the_table(tmp_path: Path) -> None:
    """A second run rebuilds the world, gives the stored game a new thread with its board,
    and your seat and panel are yours again; ``new`` opens another table instead."""
    db = tmp_path / "try.db"
    versions: list[int] = []

    async def move(table: Table, url: str) -> None:
        hand = [m for m in table.thread.history(viewer=table.you) if "My hand" in labels(m)][-1]
        panel = (await table.you.click(hand, label="My hand")).response
        await table.you.click(panel, label=labels(panel)[0])
        await table.env.settle()
        versions.append((await table.service.summary(table.game_id)).version)

    async def again(table: Table, url: str) -> None:
        assert table.game_id == 1
        versions.append((await table.service.summary(table.game_id)).version)
        await _check_table(table, url)

    await serve("fort", players=None, mode=None, lang="en", db=db, port=None, seconds=0,
                on_ready=move)
    await serve(None, players=None, mode=None, lang="en", db=db, port=None, seconds=0,
                on_ready=again)
    # the same game, where it stood; bot moves a stop cut short are finished on the restart
    assert versions[1] >= versions[0] > 0

    ids: list[int] = []

    async def other(table: Table, url: str) -> None:
        ids.append(table.game_id)

    await serve("fort", players=None, mode=None, lang="en", db=db, port=None, seconds=0,
                new=True, on_ready=other)
    assert ids == [2]

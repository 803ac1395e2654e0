"""The AI bench records each game as it ends and pools recorded runs of one line on the same
code into one row: the ±5-point intervals take more games than one sitting gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ai_bench import Game, code_digest, main, recorded, summary


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip("|").split("|")]


def _rows(out: str) -> list[list[str]]:
    """The table's rows in printed output, header and rule left out."""
    return [_cells(line) for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| game |")]


def test_two_runs_pool_into_one_row_and_a_seed_played_twice_counts_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    main(["--game", "fort", "--lines", "easy", "--games", "3", "--jobs", "1",
          "--record", str(record)])
    main(["--game", "fort", "--lines", "easy", "--games", "2", "--start", "2", "--jobs", "1",
          "--record", str(record)])
    capsys.readouterr()
    games = [json.loads(line) for line in record.read_text().splitlines()]
    assert [g["seed"] for g in games] == [0, 1, 2, 2, 3]
    assert {g["line"] for g in games} == {"easy vs random"}
    assert [g["seat"] for g in games] == [0, 1, 2, 2, 0]  # the AI's seat rotates: seed mod 3
    assert {g["code"] for g in games} == {code_digest("fort")}

    main(["--summary", str(record)])
    (row,) = _rows(capsys.readouterr().out)
    assert row[:4] == ["fort", "basic 3p", "easy vs random", "4"]
    assert row[-2:] == [code_digest("fort"), "0–3"]
    wins = sum(1 for g in games[:3] + games[4:] if g["seat"] in g["winners"])
    assert row[4].startswith(f"{wins / 4 * 100:.1f}% (")


def test_games_of_other_code_make_their_own_row(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    main(["--game", "fort", "--lines", "easy", "--games", "2", "--jobs", "1",
          "--record", str(record)])
    lines = record.read_text().splitlines()
    changed = json.loads(lines[1])
    changed["code"] = "0" * 12
    record.write_text(lines[0] + "\n" + json.dumps(changed) + "\n")
    rows = [_cells(r) for r in summary(recorded([record]))]
    assert sorted((r[3], r[-2], r[-1]) for r in rows) == sorted(
        [("1", code_digest("fort"), "0"), ("1", "0" * 12, "1")])


def test_a_co_op_line_counts_the_table_s_win() -> None:
    won = Game(winners=(0, 1), game="great_wall", table="coop 2p", players=2, line="all normal",
               seed=4)
    lost = Game(winners=(), game="great_wall", table="coop 2p", players=2, line="all normal",
                seed=5)
    assert (won.won(), lost.won()) == (1.0, 0.0)
    (row,) = summary([won, lost])
    cells = _cells(row)
    assert cells[3:6] == ["2", "50.0% (9.5–90.5)", "–"]
    assert cells[-1] == "4–5"


def test_the_code_digest_changes_with_the_game_s_code() -> None:
    assert code_digest("fort") != code_digest("northgard")
    assert len(code_digest("fort")) == 12


def test_a_hard_line_s_target_is_twice_a_fair_share_of_its_table() -> None:
    games = [Game(winners=(s % 4,), game="northgard", table="base 4p", players=4,
                  line="hard vs normal", seed=s, seat=s % 4) for s in range(8)]
    (row,) = summary(games)
    cells = _cells(row)
    assert cells[3:6] == ["8", "100.0% (67.6–100.0)", "≥ 50%"]


def test_the_bound_line_seats_hard_against_easy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    main(["--game", "fort", "--lines", "bound", "--games", "1", "--start", "1", "--jobs", "1",
          "--record", str(record)])
    (row,) = _rows(capsys.readouterr().out)
    assert row[:4] == ["fort", "basic 3p", "hard vs easy", "1"]
    assert row[5] == "reported"
    (game,) = [json.loads(line) for line in record.read_text().splitlines()]
    assert (game["line"], game["seat"]) == ("hard vs easy", 1)
    assert set(game["times"]) == {"hard", "easy"}

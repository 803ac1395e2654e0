"""Table names: seats are called by their piece colours in the log, the phase line, the
progress reminder and the view."""

from __future__ import annotations

import pytest

from rules.base import Event, RuleViolation
from rules.catan_watch import RULES
from rules.catan_watch.build import put_road
from rules.catan_watch.describe import COLOURS
from rules.catan_watch.names import spot_names
from rules.rng import Rng
from tests.games.catan_watch.cw_helpers import act, en, fresh, give, hex_at, settle, to_roll


def line(kind: str, viewer: int | None = None, **data: object) -> str:
    return en(RULES.describe(Event(kind, data), viewer))


def test_seats_are_called_by_colour() -> None:
    s = RULES.new_game({}, 4, 1)
    labels = [en(RULES.seat_label(s, seat)) for seat in range(4)]
    assert labels == ["Red", "Blue", "Orange", "White"]
    players = RULES.view(s, None)["players"]
    assert [(p["colour"], en(p["label"])) for p in players] == [
        ("red", "Red"), ("blue", "Blue"), ("orange", "Orange"), ("white", "White")]
    assert COLOURS == ("red", "blue", "orange", "white")  # the board image's colours


def test_log_lines_name_colours_and_address_the_viewer() -> None:
    assert line("settlement_built", seat=1, vertex=7, setup=False) == (
        "Blue built a settlement on corner 7.")
    assert line("settlement_built", 1, seat=1, vertex=7, setup=False) == (
        "You built a settlement on corner 7.")
    assert line("robbed", None, thief=0, victim=3) == "Red stole a card from White."
    assert line("robbed", 3, thief=0, victim=3) == "Red stole a card from you."
    assert line("trade_offered", 2, seat=2, give={"ore": 1}, get={"wool": 2}) == (
        "You offer 1 ore for 2 wool.")
    assert line("trade_offered", None, seat=2, give={"ore": 1}, get={"wool": 2}) == (
        "Orange offers 1 ore for 2 wool.")
    assert line("trade_declined", 1, seat=1) == "You decline."
    assert line("trade_closed", 0, seat=0, partner=None) == (
        "Your trade offer is closed without a trade.")
    assert line("trade_closed", 1, seat=0, partner=1, give={"ore": 1}, get={"wool": 1}) == (
        "Red traded 1 ore with you for 1 wool.")
    assert line("special_card", 0, card="longest_road", old=-1, new=0) == (
        "Longest Road: You take the card.")
    assert line("special_card", None, card="largest_watch", old=0, new=-1) == (
        "Largest Watch: the card is set aside.")
    assert line("giant_kills_guard", 2, section=1, seat=2) == (
        "A giant kills your guard on section 2 and returns to the Frostfangs.")
    assert line("turn_started", 3, seat=3, turn=12) == "Turn 12: your move."
    assert line("turn_started", None, seat=3, turn=12) == "Turn 12: White to play."
    assert line("yields", 1, total=6, cards={"0": {"brick": 2}, "1": {"ore": 1}}) == (
        "Yields: Red 2 brick; You 1 ore.")
    assert line("game_over", None, winners=[2], reason="10 victory points", scores={},
                vp_cards={}) == "Game over (10 victory points): Orange won."


def test_phase_line_and_progress_use_colours() -> None:
    s = RULES.new_game({}, 4, 1)
    assert en(RULES.view(s, None)["phase_label"]) == "Set-up: Red places a settlement"
    s = fresh()
    to_roll(s, 2)
    assert en(RULES.view(s, None)["phase_label"]) == "Orange: roll the dice"
    assert en(RULES.progress(s, 2)) == "your turn: roll the dice"
    assert en(RULES.progress(s, 0)) == "nothing: waiting for others"


def test_rob_choice_names_the_victims_by_colour() -> None:
    s = fresh()
    h = hex_at(s, 1, 1)
    settle(s, 1, s.geo.hex_vertices[h][0])
    settle(s, 3, s.geo.hex_vertices[h][3])
    give(s, 1, ore=1)
    give(s, 3, ore=1)
    s.phase = "tormund"
    with pytest.raises(RuleViolation) as err:
        act(s, 0, "move_tormund", hex=h)
    assert "Blue (victim 1), White (victim 3)" in en(err.value)


@pytest.mark.parametrize("mode", ["base", "nights_watch"])
def test_no_log_line_uses_seat_numbers(mode: str) -> None:
    s = RULES.new_game({"mode": mode}, 4, 5)
    rng = Rng(11)
    while s.result is None:
        seat = min(RULES.awaiting(s))
        for e in RULES.step(s, seat, RULES.random_action(s, seat, rng)):
            for viewer in (None, 0, 1, 2, 3):
                if e.visible(viewer):
                    text = en(RULES.describe(e, viewer))
                    assert "Seat" not in text and "seat" not in text, text
                    assert "You's" not in text and "You offers" not in text, text
        assert "seat" not in en(RULES.view(s, None)["phase_label"]).lower()


def test_log_lines_name_spots_as_the_board_image_does() -> None:
    """Hexes by the letter drawn on them, corners and paths by their hexes' letters — the
    names the menus use — rather than engine ids nobody can see on the image."""
    s = fresh()
    corners, paths = spot_names(s.layout.shape)
    v = next(i for i, name in enumerate(corners) if "/" in name and "(" not in name)
    e = next(i for i, name in enumerate(paths) if "–" in name)
    settle(s, 0, v)
    s.road[e] = -1
    events = []
    put_road(s, 0, e, events, free=False)
    built = next(ev for ev in events if ev.kind == "road_built")
    assert en(RULES.describe(built, None)) == f"Red built a road on path {paths[e]}."
    assert line("settlement_built", seat=1, vertex=v, setup=False, at=corners[v]) == (
        f"Blue built a settlement on corner {corners[v]}.")
    assert line("tormund_moved", seat=2, hex=4) == "Orange moved Tormund to hex E."
    assert line("road_moved", seat=0, old=e, new=e + 1, old_at=paths[e],
                new_at=paths[e + 1]) == (
        f"Red moved a road from path {paths[e]} to path {paths[e + 1]}.")

"""The board kit: the chat-size floor, fitted and wrapped text, the recorded layout and the
checks a game's render test relies on."""

from __future__ import annotations

from bot.render.kit import (
    CHAT_MIN_PX,
    Sheet,
    Standing,
    awaited,
    colour_item,
    legend,
    legend_within,
    min_px,
    notes_within,
    panel_grid,
    player_chip,
    player_label,
    problems,
    score_track,
    side_panel,
    standings,
    status_bar,
    with_names,
)


def test_the_floor_is_the_chat_minimum_scaled_to_the_image() -> None:
    assert min_px(400, 300) == CHAT_MIN_PX
    assert min_px(800, 600) == 22
    assert min_px(800, 300) == 22  # limited by the width
    assert min_px(400, 600) == 22  # a tall image is shrunk to the box's height


def test_fitted_text_shrinks_to_the_floor_then_is_cut() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    text, size = s.fit("A rather long player name", 2000, 30)
    assert (text, size) == ("A rather long player name", 30)
    text, size = s.fit("A rather long player name", 200, 30)
    assert size == s.min_px and text.endswith("…") and s.measure(text, size) <= 200
    box = s.fitted((0, 0), "A rather long player name", 200, 30)
    assert box.width <= 201 and box.size == s.min_px


def test_wrapped_text_keeps_every_line_inside_its_room() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    bottom = s.wrapped(10, 10, "one two three four five six seven eight nine ten", 150, 22)
    rows = s.layout.labels()
    assert len(rows) > 2 and all(b.x1 <= 161 for b in rows) and bottom > rows[-1].y1
    assert " ".join(b.label for b in rows) == "one two three four five six seven eight nine ten"
    assert not problems(s)


def test_widgets_record_boxes_and_a_crowded_layout_is_caught() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    status_bar(s, (0, 0, 800, 44), "Round 3 · Planning", "Waiting for Alice")
    player_chip(s, 10, 60, 380, (200, 40, 40), "Alice (Red)", "7 VP", active=True)
    score_track(s, 10, 120, 6, 2, (60, 150, 70))
    bottom = legend(s, 10, 200, 790, [colour_item((200, 40, 40), "Red"),
                                      colour_item((40, 90, 210), "Blue")])
    assert bottom > 200 and not problems(s)
    s.text((12, 62), "on top", 22)  # over Alice's name
    assert any("overlaps" in p for p in problems(s))
    s.text((12, 300), "tiny", 12)
    assert any("under 22 px" in p for p in problems(s))


def test_a_panel_grid_fills_its_box() -> None:
    cells = panel_grid((0, 0, 808, 408), 4, 2, gap=8)
    assert cells == [(0, 0, 400, 200), (408, 0, 808, 200), (0, 208, 400, 408),
                     (408, 208, 808, 408)]


def test_names_travel_in_a_copy_of_the_view() -> None:
    view = {"phase": "x"}
    named = with_names(view, {0: "Alice"})
    assert "display_names" not in view
    assert player_label(named, 0, "Red", "en") == "Alice (Red)"
    assert player_label(named, 1, "Blue", "en") == "Blue"
    assert player_label(view, 0, "Red", "en") == "Red"


def test_a_legend_packs_tighter_when_asked_and_stays_clear() -> None:
    items = [colour_item((200, 40, 40), f"Player {n}") for n in range(8)]
    loose, tight = Sheet(800, 600, (255, 255, 255)), Sheet(800, 600, (255, 255, 255))
    loose_bottom = legend(loose, 10, 10, 400, items)
    tight_bottom = legend(tight, 10, 10, 400, items, leading=1.2, spacing=0.5)
    assert tight_bottom < loose_bottom
    assert not problems(loose) and not problems(tight)


def test_a_player_row_takes_the_height_asked_for() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    row = player_chip(s, 10, 10, 380, (200, 40, 40), "Alice (Red)", "7", leading=1.25)
    assert row.height == 28 and not problems(s)  # ceil(22 * 1.25)


def test_a_palette_png_keeps_to_the_colours_asked_for() -> None:
    import io

    from PIL import Image

    s = Sheet(200, 150, (255, 255, 255))
    for i in range(100):
        s.draw.rectangle((i * 2, 0, i * 2 + 2, 150), fill=(i * 2, 255 - i * 2, 128))
    img = Image.open(io.BytesIO(s.png(palette=True, colors=16)))
    assert img.mode == "P" and len(img.getcolors() or []) <= 16


def test_a_player_row_shows_the_name_alone_when_name_and_colour_would_be_cut() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    row = player_chip(s, 10, 10, 340, (200, 40, 40), "Charlotte (Orange)", "10 VP",
                      short="Charlotte")
    shown = [b.label for b in s.layout.labels() if b.kind == "text"]
    assert "Charlotte" in shown and row.label == "Charlotte (Orange)" and not problems(s)
    wide = Sheet(800, 600, (255, 255, 255))
    player_chip(wide, 10, 10, 700, (200, 40, 40), "Charlotte (Orange)", "10 VP",
                short="Charlotte")
    assert "Charlotte (Orange)" in [b.label for b in wide.layout.labels()]


def test_a_side_panel_says_whom_it_waits_for_and_the_standings() -> None:
    s = Sheet(1200, 900, (30, 30, 30))
    y = side_panel(s, (700, 0, 1200, 900), "Year 2 · Harvest")
    assert y > 0
    names = ", ".join(f"Player number {n} (Colour)" for n in range(6))
    y2 = awaited(s, 714, y, 472, f"Waiting for {names}", "Waiting for 6 players",
                 "harvest trades")
    texts = [b.label for b in s.layout.labels()]
    assert "Waiting for 6 players" in texts and "harvest trades" in texts  # names too long
    rows = [Standing(1, (40, 90, 210), "Dan (Blue)", "10", True, "Dan"),
            Standing(2, (200, 40, 40), "Alice (Red)", "3", False, "Alice")]
    bottom = standings(s, 714, y2, 472, "Won: Dan (Blue)", rows, head="final fame")
    frames = [b.label for b in s.layout.boxes if b.kind == "frame"]
    assert frames[-2:] == ["1. Dan (Blue)", "2. Alice (Red)"] and bottom > y2
    assert not problems(s)


def test_a_legend_and_notes_keep_above_their_bottom() -> None:
    s = Sheet(800, 600, (255, 255, 255))
    items = [colour_item((200, 40, 40), f"Player {n}") for n in range(20)]
    y, n = legend_within(s, 10, 10, 300, 120, items)
    assert 0 < n < 20 and y <= 120
    y2, k = notes_within(s, 10, y, 300, 200, ["a note that is long enough to wrap twice",
                                              "another"])
    assert k >= 1 and y2 <= 200 and not problems(s)

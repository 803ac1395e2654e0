"""The shipped boards and data: shapes, harbours, variable set-up."""

from __future__ import annotations

from rules.catan_watch import RULES
from rules.catan_watch.board import geometry, reds_adjacent, variable_layout
from rules.catan_watch.data import COMPONENTS, DEV_CARDS, HEROES
from rules.rng import Rng


def test_board_sizes() -> None:
    g = geometry("base_beginner")
    assert (len(g.hexes), g.n_vertices, g.n_edges) == (19, 54, 72)
    assert len(geometry("gift_4").hexes) == 21
    assert len(geometry("gift_3").hexes) == 16


def test_variable_layouts_never_put_reds_together() -> None:
    for shape in ("base_beginner", "gift_4", "gift_3"):
        geo = geometry(shape)
        for seed in range(60):
            lay = variable_layout(shape, Rng(seed))
            assert not reds_adjacent(geo, lay.number)
            assert all((n == 0) == (t == "ice_field") for t, n in zip(lay.terrain, lay.number,
                                                                       strict=True))


def test_harbour_counts() -> None:
    base = RULES.new_game({}, 4, 1).layout
    kinds = sorted(k for _, k in base.harbour_vertices)
    assert kinds.count(5) == 8 and all(kinds.count(r) == 2 for r in range(5))
    gift = RULES.new_game({"mode": "nights_watch"}, 4, 1).layout
    assert sorted(k for _, k in gift.harbour_vertices) == sorted(list(range(5)) * 2)


def test_components() -> None:
    assert sum(c["count"] for c in DEV_CARDS.values()) == 25
    assert len(HEROES) == 11
    assert sum(COMPONENTS["wildling_tokens"]["per_clan"].values()) * 3 == 57
    s = RULES.new_game({"mode": "nights_watch"}, 4, 1)
    under = sum(len(x) for x in s.card_settlement_tokens)
    under += sum(len(p) for x in s.card_keep_tokens for p in x)
    assert under + len(s.tokens) == 57


def test_provisional_content_is_declared() -> None:
    assert RULES.provisional_content({})
    assert "wildling_mix" in RULES.provisional_content({"mode": "nights_watch"})

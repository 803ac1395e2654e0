"""Views: the documented keys, redaction of secrets, and perturbation of hidden information."""

from __future__ import annotations

import json

from bot.i18n import view_text
from rules.agot import RULES
from rules.agot.scenario import act, battle_at, begin, clear, game, put, seat
from rules.rng import Rng
from tests.games.agot.text_helpers import en


def test_view_keys_and_json() -> None:
    st = game()
    for viewer in (None, 0):
        view = RULES.view(st, viewer)
        json.dumps(view)
        for key in ("phase", "phase_label", "round", "board", "tracks", "seats",
                    "wildling_threat", "iron_throne", "valyrian_steel_blade", "messenger_raven",
                    "awaiting", "frame", "control", "castles_to_win"):
            assert key in view
        assert ("you" in view) == (viewer is not None)
    assert view_text(RULES.view(st, None)["phase_label"], "en") == ("Round 1 · Planning — place "
                                                                    "orders")
    text = json.dumps(RULES.view(st, None))
    assert '"rng"' not in text and "decks" not in text


def test_secret_bid_and_card_are_redacted_and_perturbable() -> None:
    st = clear(game(), neutral=True)
    begin(st, "clash", track=0)
    st = act(st, "stark", "bid", amount=3)
    sta = seat(st, "stark")
    assert RULES.view(st, sta)["you"]["your_bid"] == 3
    lannister_view = RULES.view(st, seat(st, "lannister"))
    assert lannister_view["you"]["your_bid"] == 0 and "bids" not in lannister_view["frame"]
    other = RULES.perturb_hidden(st, sta, Rng(1))
    assert other is not None
    assert RULES.view(other, sta) != RULES.view(st, sta)
    for viewer in (None, *[s for s in range(5) if s != sta]):
        assert RULES.view(other, viewer) == RULES.view(st, viewer)

    st = clear(game(), neutral=True)
    st.supply = [6] * 5
    put(st, "searoad_marches", "lannister", knights=2)
    put(st, "the_reach", "tyrell", footmen=1)
    st = battle_at(st, "lannister", "searoad_marches", "the_reach", {"knight": 2})
    st = act(st, "lannister", "choose_card", card="tywin_lannister")
    lan = seat(st, "lannister")
    assert RULES.view(st, lan)["you"]["your_card"] == "tywin_lannister"
    assert "tywin_lannister" not in json.dumps(RULES.view(st, seat(st, "tyrell"))["battle"])
    other = RULES.perturb_hidden(st, lan, Rng(2))
    assert other is not None
    assert RULES.view(other, seat(st, "tyrell")) == RULES.view(st, seat(st, "tyrell"))
    assert en(RULES.progress(st, lan)).startswith("choose your House card")


def test_seats_are_called_by_their_house() -> None:
    from rules.agot import RULES

    state = RULES.new_game({"houses": ["stark", "lannister", "baratheon"]}, 3, 1)
    labels = [RULES.seat_label(state, s) for s in range(3)]
    assert labels == ["Stark", "Lannister", "Baratheon"]


def test_ready_orders_lie_face_down_on_the_public_board() -> None:
    from rules.agot import RULES
    from rules.base import Action

    state = RULES.new_game({"houses": ["stark", "lannister", "baratheon"]}, 3, 1)
    assert state.stack[-1]["kind"] == "planning"
    spec = RULES.random_action(state, 0, __import__("rules.rng", fromlist=["Rng"]).Rng(3))
    orders = dict(spec.params["orders"])
    state, _ = RULES.apply(state, 0, Action("place_orders", {"orders": orders}))
    public = RULES.view(state, None)["board"]
    assert not any("order" in public.get(a, {}) for a in orders)  # a draft is private
    state, _ = RULES.apply(state, 0, Action("ready"))
    public = RULES.view(state, None)["board"]
    for area in orders:
        assert public[area]["order"] == {"seat": 0, "face_down": True}
    assert all(t not in str(public) for t in orders.values() if t)

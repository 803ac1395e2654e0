"""The follow window (issue #12): every other player is asked at once, chooses in secret, may
revise until all have chosen; the choices are revealed together and resolved clockwise."""

from __future__ import annotations

from rules.base import Action
from rules.fort import RULES
from rules.rng import Rng
from tests.games.fort.harness import Game


def _window(n: int = 4, seed: int = 2) -> tuple[Game, int, list[int]]:
    """The Leader played Rusty (shovel: public gather pizza × shovel) for its public action."""
    g = Game(n=n, seed=seed)
    lead = g.leader
    fs = [(lead + i) % n for i in range(1, n)]
    g.set_hand(lead, ["rusty"])
    g.set_hand(fs[0], ["moles", "bones"])  # a shovel double
    g.set_hand(fs[1], ["bones", "chef"])  # nothing that matches
    if n > 3:
        g.set_hand(fs[2], ["ace"])  # coin is wild
    g.do("play", card="rusty")
    g.do("mode", mode="public")
    assert g.in_window()
    return g, lead, fs


def test_everyone_is_asked_so_being_asked_reveals_nothing() -> None:
    g, _, fs = _window()
    assert g.awaiting() == sorted(fs)
    # The player without a matching card is asked too, and may only pass.
    assert g.legal(fs[1]) == [Action("pass")]
    assert Action("follow", {"card": "moles"}) in g.legal(fs[0])
    # Every follower's public view looks alike: asked, not yet chosen.
    top = RULES.view(g.state, None)["pending"][-1]
    assert top["followers"] == fs and top["chosen"] == []
    assert "my_choice" not in top


def test_choices_stay_secret_until_the_reveal() -> None:
    g, lead, fs = _window()
    g.do("follow", by=fs[0], card="moles")
    assert "follow_chosen" in g.kinds() and "follow" not in g.kinds()
    assert "moles" in g.p(fs[0])["hand"]  # nothing is discarded before the reveal
    for viewer in [None, lead, fs[1], fs[2]]:
        top = RULES.view(g.state, viewer)["pending"][-1]
        assert top["chosen"] == [fs[0]]
        assert "moles" not in str(top)
    mine = RULES.view(g.state, fs[0])["pending"][-1]
    assert mine["my_choice"] == {"kind": "follow", "params": {"card": "moles"}}
    # perturb_hidden covers the pending choice: only its owner sees the difference.
    other = RULES.perturb_hidden(g.state, fs[0], Rng(5))
    assert other is not None
    assert RULES.view(other, fs[0]) != RULES.view(g.state, fs[0])
    for viewer in [None, lead, fs[1], fs[2]]:
        assert RULES.view(other, viewer) == RULES.view(g.state, viewer)


def test_a_choice_can_be_revised_before_the_reveal() -> None:
    g, _, fs = _window()
    g.do("follow", by=fs[0], card="moles")
    assert fs[0] in g.awaiting()  # still open for revision
    g.do("pass", by=fs[0])
    assert "follow_revised" in g.kinds()
    g.do("ready", by=fs[0])  # locked in: no longer awaited
    assert fs[0] not in g.awaiting() and g.in_window()
    g.window()
    assert "follow" not in g.kinds() and "moles" in g.p(fs[0])["hand"]


def test_the_reveal_resolves_clockwise_from_the_leader() -> None:
    g, _, fs = _window()
    # Commit in reverse order; resolution is still clockwise from the Leader (A1).
    g.do("follow", by=fs[2], card="ace")
    g.do("pass", by=fs[1])
    g.do("follow", by=fs[0], card="moles")
    assert not g.in_window()
    kinds = g.kinds()
    reveal = kinds.index("follow_reveal")
    assert kinds[:reveal].count("follow_chosen") == 3
    after = [(e.kind, e.data.get("seat")) for e in g.events[reveal:]
             if e.kind in ("follow", "pass")]
    assert after == [("follow", fs[0]), ("pass", fs[1]), ("follow", fs[2])]
    assert g.p(fs[0])["stuff"]["pizza"] == 2  # the double counts twice


def test_pass_is_the_default_and_a_committed_choice_is_kept() -> None:
    g, _, fs = _window()
    g.do("follow", by=fs[0], card="moles")
    assert RULES.default_action(g.state, fs[0]) == Action("ready")
    assert RULES.default_action(g.state, fs[1]) == Action("pass")
    assert RULES.default_action(g.state, fs[2]) == Action("pass")
    while g.in_window():  # the deadline defaults, one awaited seat after another
        s = g.awaiting()[0]
        a = RULES.default_action(g.state, s)
        g.do(a.kind, by=s, **a.params)
    assert [e.data["seat"] for e in g.events if e.kind == "follow"] == [fs[0]]
    assert "ace" in g.p(fs[2])["hand"]


def test_follow_buttons_survive_rivals_choices_but_not_the_window() -> None:
    from bot.games.fort.items import FollowChoice

    g, lead, fs = _window()
    item = FollowChoice(1, fs[0], 7, g.state.round, "rusty", "follow", "moles")
    m = FollowChoice.__discord_ui_compiled_template__.fullmatch(item.custom_id)
    assert m is not None and (m["played"], m["kind"], m["card"]) == ("rusty", "follow", "moles")
    assert item.action() == Action("follow", {"card": "moles"})
    g.do("pass", by=fs[1])  # a rival's choice changes the view, not the window
    assert item.same_window(RULES.view(g.state, fs[0]))
    g.window()
    assert not item.same_window(RULES.view(g.state, fs[0]))
    assert lead not in fs

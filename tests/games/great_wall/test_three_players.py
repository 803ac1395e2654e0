"""A 3-player game through discord.py's real machinery (simcord), issue #11: lobby, join,
start, ready; every seat picks its General and Advisor by DM buttons; then the first Fall's
Command cards are chosen secretly and simultaneously (Yellow and Red in their DMs, Blue by
"My hand" from the thread's board message). While the choices are open the thread shows only
who has chosen, each seat's private messages only its own hand and choice, and a choice once
made stands (the engine takes a seat off the awaited list when it commits, so a panel opened
before is stale, and a Year 1 button never plays a card in a later Fall); the third choice
reveals all three cards in one thread message. The game is then played to its end by the
service's suggested moves, its last move by a click, and the standings reach the thread."""

from __future__ import annotations

from typing import Any

from bot.discord.text import tr
from bot.service import GameService
from rules.base import Action
from rules.great_wall import RULES
from rules.rng import Rng
from tests.harness import boards, components, everything, labels, server, start_game

GAME = 1
COLOURS = ("Yellow", "Red", "Blue")


# ---- reading messages ----------------------------------------------------------------------
def seen(message: Any) -> str:
    """A message's text as a reader sees it: content and the embeds' words (an edited
    message shows its latest text)."""
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in e.fields]
    return "\n".join(p for p in parts if p)


def field(message: Any, name: str) -> str:
    (embed,) = message.embeds
    return next(str(f.value) for f in embed.fields if f.name == name)


def card(card_id: str) -> str:
    return tr(f"great_wall.card.{card_id}", "en")


def with_label(user: Any, prefix: str, last: Any = None) -> tuple[Any, str]:
    """The newest message (the last click's answer first, then the DM) with such a button."""
    found = [last.response] if last is not None and last.response is not None else []
    for m in [*found, *reversed(list(user.dm_channel.history()))]:
        for label in labels(m):
            if label.startswith(prefix):
                return m, label
    raise AssertionError(f"no button starting {prefix!r}")


# ---- the last move by a click ----------------------------------------------------------------
async def click_action(service: GameService, thread: Any, member: Any, action: Action) -> Any:
    """Make ``action`` through the seat's "My hand" panel (a button, or a select's option)."""
    legal = await service.legal_actions(GAME, member.id)
    index = legal.index(action)
    shown = await member.click(boards(thread)[-1], label="My hand")
    assert shown.ephemeral
    panel = shown.response
    for c in components(panel):
        cid = str(c.get("custom_id", ""))
        if cid.startswith("mst:mv:") and cid.endswith(f":{index}"):
            return await member.click(panel, custom_id=cid)
        if cid.startswith("mst:ms:") and str(index) in {o["value"] for o in c["options"]}:
            return await member.select(panel, [str(index)], custom_id=cid)
    raise AssertionError(f"no component for option {index} ({action})")


async def test_three_player_game_through_discord(simcord_env: Any,
                                                 service: GameService) -> None:
    _guild, channel, (*members, outsider) = server(simcord_env, "alice", "bob", "carol", "dave")
    alice, bob, carol = members
    thread = await start_game(channel, members, "great_wall")
    assert boards(thread), "the board image is posted when the game begins"
    assert [(await service.private_view(GAME, m.id)).seat for m in members] == [0, 1, 2]

    def public() -> str:
        return "\n".join(everything(m) for m in thread.history(viewer=outsider))

    # ---- setup: a General, then an active Advisor, each by a DM button ----------------------
    state = (await service._head(GAME)).state
    dealt = {s: [card(c) for c in state.clans[s]["deal_g"] + state.clans[s]["deal_a"]]
             for s in range(3)}
    for seat, member in enumerate(members):
        message, label = with_label(member.user, "General: ")
        clicked = await member.user.click(message, label=label)
        # the DM's buttons stay good while rivals pick: no "board changed" bounce
        assert "changed" not in clicked.response.content
        message, label = with_label(member.user, "Active Advisor: ", clicked)
        clicked = await member.user.click(message, label=label)
        assert "changed" not in clicked.response.content
        log = public()
        assert f"{COLOURS[seat]} has chosen a General." in log
        if seat < 2:  # nothing dealt is named in public before everyone has picked
            assert f"{COLOURS[seat]} has chosen an Advisor." in log
            assert not any(name in log for names in dealt.values() for name in names)
    state = (await service._head(GAME)).state
    for seat in range(3):
        general = card(state.clans[seat]["general"])
        assert f"{COLOURS[seat]}: General {general}" in public()
    assert state.stack[-1]["kind"] == "choose_command", state.stack[-1]

    # ---- the Fall: Command cards, secret and simultaneous ---------------------------------
    hand_ids = list(state.clans[0]["hand"])
    hand = [card(c) for c in hand_ids]
    assert all([card(c) for c in state.clans[s]["hand"]] == hand for s in range(3))
    tactics = {s: [card(c) for c in state.clans[s]["tactics"]] for s in range(3)}
    # the Tactic hands differ (the deck holds copies, so some names may be shared)
    assert all(tactics.values()) and len({tuple(sorted(t)) for t in tactics.values()}) == 3
    picks = {0: hand[0], 1: hand[1], 2: hand[2]}
    private: dict[int, list[Any]] = {s: [] for s in range(3)}  # what each seat was shown

    def check_public(chosen: int) -> None:
        log = public()
        for s in range(3):
            said = f"{COLOURS[s]} has chosen a Command card."
            assert (said in log) == (s < chosen), (s, chosen)
        leaked = [name for name in hand if name in log]
        assert not leaked, leaked
        assert "you chose" not in log.lower() and "Chosen:" not in log

    def check_private(seat: int, shown: Any) -> None:
        """A seat's panel: its own seat, hand, tactics and (once made) choice, no one else's."""
        assert field(shown, "Command cards").split("\n")[0] == ", ".join(hand)
        assert field(shown, "Tactic cards") == ", ".join(tactics[seat])
        assert shown.embeds[0].title == f"The Great Wall — {COLOURS[seat]}"

    check_public(0)
    # Yellow keeps two "My hand" panels open: one to change her mind with, one for next year
    spares = []
    for _ in range(2):
        spare = await alice.click(boards(thread)[-1], label="My hand")
        assert spare.ephemeral
        private[0].append(spare.response)
        spares.append(spare.response)
    # Yellow chooses in the DM; the answer shows the choice and no way to choose again
    prompt, _ = with_label(alice.user, "Play ")
    private[0].append(prompt)
    check_private(0, prompt)
    assert [lb for lb in labels(prompt) if lb.startswith("Play ")] == [f"Play {n}"
                                                                       for n in hand]
    chosen = await alice.user.click(prompt, label=f"Play {picks[0]}")
    assert picks[0] in chosen.response.content
    private[0].append(chosen.response)
    assert f"Chosen: {picks[0]}" in field(chosen.response, "Command cards")
    assert not any(lb.startswith("Play ") for lb in labels(chosen.response))
    check_public(1)

    # a change of mind is not taken: the panel is stale and the first choice stands
    assert f"Play {hand[3]}" in labels(spares[0])
    again = await alice.click(spares[0], label=f"Play {hand[3]}")
    assert "board changed" in again.response.content, again.response.content
    private[0].append(again.response)
    assert not any(lb.startswith("Play ") for lb in labels(again.response))
    state = (await service._head(GAME)).state
    assert state.secret["command"] == {"0": state.clans[0]["hand"][0]}
    check_public(1)

    # Red, in the DM: its panel knows nothing of Yellow's choice
    prompt, _ = with_label(bob.user, "Play ")
    private[1].append(prompt)
    check_private(1, prompt)
    chosen = await bob.user.click(prompt, label=f"Play {picks[1]}")
    assert picks[1] in chosen.response.content
    private[1].append(chosen.response)
    check_public(2)

    # Blue, by "My hand" on the thread's board message
    shown = await carol.click(boards(thread)[-1], label="My hand")
    assert shown.ephemeral
    private[2].append(shown.response)
    check_private(2, shown.response)
    assert "Chosen:" not in everything(shown.response)
    chosen = await carol.click(shown.response, label=f"Play {picks[2]}")
    assert picks[2] in chosen.response.content
    private[2].append(chosen.response)

    for seat, member in enumerate(members):
        shown_to = [*private[seat], *member.user.dm_channel.history()]
        text = "\n".join(everything(m) for m in shown_to)
        others = [s for s in range(3) if s != seat]
        for s in others:
            assert f"Chosen: {picks[s]}" not in text and f"chose {picks[s]}" not in text
            theirs = set(tactics[s]) - set(tactics[seat])
            assert not any(name in text for name in theirs), (seat, s, theirs)
            assert f"The Great Wall — {COLOURS[s]}" not in text

    # the third choice reveals all three together, in one message
    reveals = [f"{COLOURS[seat]} reveals {picks[seat]}." for seat in range(3)]
    posted = [seen(m) for m in thread.history(viewer=outsider) if "reveals" in seen(m)]
    assert len(posted) == 1, posted
    assert all(line in posted[0] for line in reveals), posted[0]

    # ---- on to the end by the service's suggested moves; the last one by a click ----------
    rng = Rng(3)
    summary = await service.summary(GAME)
    last_years_prompt_tried = False
    for _ in range(2000):
        if summary.status == "finished":
            break
        seat = min(await service.awaiting_seats(GAME))
        member = members[seat]
        state = (await service._head(GAME)).state
        if (not last_years_prompt_tried and seat == 0 and state.year > 1
                and state.stack[-1]["kind"] == "choose_command"):
            # a Year 1 button never plays a card in a later Fall, even one still in hand
            still = next(c for c in hand_ids[1:] if c in state.clans[0]["hand"])
            stale = await alice.click(spares[1], label=f"Play {card(still)}")
            assert "board changed" in stale.response.content, stale.response.content
            assert "0" not in (await service._head(GAME)).state.secret.get("command", {})
            last_years_prompt_tried = True
        action = await service.suggest_action(GAME, member.id, rng)
        head = await service._head(GAME)
        after, _ = RULES.apply(head.state, seat, action)
        if RULES.result(after) is not None:
            await click_action(service, thread, member, action)
        else:
            await service.submit(GAME, member.id, action)
        summary = await service.summary(GAME)
    assert summary.status == "finished"
    assert last_years_prompt_tried, "the game ended before a second Fall"
    result = RULES.result((await service._head(GAME)).state)
    assert result is not None
    over = [seen(m) for m in thread.history(viewer=outsider) if "Game #1 is over" in seen(m)]
    assert len(over) == 1, over
    standings = [x for x in over[0].splitlines() if x[:1].isdigit()]
    assert len(standings) == 3, over[0]
    for place, seats in enumerate(result.ranking, start=1):
        for s in seats:
            line = next(x for x in standings if members[s].mention in x)
            assert line.startswith(f"{place}. ")
    won = next(x for x in over[0].splitlines() if x.endswith(" won."))
    assert all(members[s].mention in won for s in result.winners), won

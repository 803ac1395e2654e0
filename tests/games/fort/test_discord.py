"""A Fort game through discord.py's real machinery (simcord): ``/game new game_type:fort``,
join, start, ready; turns played by clicking the buttons of the DM panels and of "My hand"
(play a card, choose its actions, follow, recruit, every parameter choice); ``/fort board``
and ``/fort cards`` in the game's thread; ``/fort board`` in another game's thread names the
game it holds; and nothing of a seat's hand reaches the thread."""

from __future__ import annotations

from typing import Any

from bot.games.fort.labels import label
from bot.games.fort.names import card_line
from bot.service import GameService
from rules.base import Action
from tests.answers import private
from tests.harness import (
    boards,
    components,
    custom_ids,
    everything,
    labels,
    server,
    start_game,
)

GAME = "fort"
MAX_CLICKS = 160
# "ready" first: a follower who has chosen locks it in (instead of revising it forever).
PREFER = ("ready", "pick", "play", "follow", "mode", "recruit", "done", "add", "choose")


def choose(actions: list[Action]) -> int:
    """A lively, deterministic player: play, follow and recruit when it can (from a rival's
    yard first)."""
    for i, a in enumerate(actions):
        if a.kind == "recruit" and a.params.get("from") == "yard":
            return i
    for kind in PREFER:
        for i, a in enumerate(actions):
            if a.kind != kind or a.params.get("stop"):
                continue
            if kind == "play" and a.params["card"].split("~")[0] in ("bones", "bitsy"):
                continue  # keep a Best Friend: it makes the hands differ from turn to turn
            return i
    return 0


class Table:
    def __init__(self, service: GameService, thread: Any, members: list[Any]) -> None:
        self.service, self.thread, self.members = service, thread, members
        self.game_id = 1
        self.replies: dict[int, Any] = {}
        self.last_actor: int | None = None
        self.routes: dict[str, int] = {}
        self.kinds: dict[str, int] = {}
        #: (recruiter, the rival whose yard, card) of every recruit from a yard.
        self.yard_recruits: list[tuple[int, int, str]] = []

    async def panel(self, seat: int) -> tuple[Any, Any]:
        """(message, actor): the seat's last reply if nobody moved since, else its DM when
        that carries the current version's buttons (Carol always asks "My hand" instead),
        else a fresh "My hand"."""
        member = self.members[seat]
        if self.last_actor == seat and seat in self.replies:
            return self.replies[seat], member if self._in_guild(seat) else member.user
        version = (await self.service.summary(self.game_id)).version
        dm = member.user.dm_channel.last_message if member.user.dm_channel else None
        fresh = dm is not None and any(
            i.startswith(("mst:mv:", "fort:fw:")) and i.split(":")[4] == str(version)
            for i in custom_ids(dm))
        if seat != 2 and fresh:
            self.routes["dm"] = self.routes.get("dm", 0) + 1
            self._where = "dm"
            return dm, member.user
        result = await member.click(boards(self.thread)[-1], label="My hand")
        assert result.ephemeral
        self.routes["my_hand"] = self.routes.get("my_hand", 0) + 1
        self._where = "guild"
        return result.response, member

    def _in_guild(self, seat: int) -> bool:
        return getattr(self, "_where", "guild") == "guild"

    async def move(self) -> Action:
        gid = self.game_id
        seat = sorted(await self.service.awaiting_seats(gid))[0]
        member = self.members[seat]
        legal = [a for a in await self.service.legal_actions(gid, member.id)
                 if isinstance(a, Action)]
        index = choose(legal)
        action = legal[index]
        message, actor = await self.panel(seat)
        view = (await self.service.private_view(gid, member.id)).view
        wanted = label(action, "en", view, seat)
        # The follow window's secret choices are Fort's own buttons (named by their action).
        window = [i for i in custom_ids(message) if i.startswith("fort:fw:")]
        if window:
            tail = action.kind + (f":{action.params['card']}" if "card" in action.params else "")
            cid = next(i for i in window if i.split(":", 7)[7] == tail)
            self.kinds["window"] = self.kinds.get("window", 0) + 1
        else:
            cid = next(i for i in custom_ids(message) if i.startswith("mst:mv:")
                       and i.endswith(f":{index}"))
        button = next(c for c in components(message) if c.get("custom_id") == cid)
        assert button["label"] == wanted, (button["label"], wanted)
        result = await actor.click(message, custom_id=cid)
        assert private(result)
        self.replies[seat] = result.response
        self.last_actor = seat
        self.kinds[action.kind] = self.kinds.get(action.kind, 0) + 1
        if action.kind == "recruit" and action.params.get("from") == "yard":
            self.kinds["recruit_yard"] = self.kinds.get("recruit_yard", 0) + 1
            self.yard_recruits.append((seat, action.params["seat"], action.params["card"]))
        return action


async def test_a_fort_game_through_discord(simcord_env: Any, service: GameService) -> None:
    _guild, channel, (*members, outsider) = server(simcord_env, "alice", "bob", "carol", "dave")
    alice, bob, carol = members
    thread = await start_game(channel, members, GAME, title="Fort",
                              options="dogs=true, cats=true")
    assert boards(thread), "the board image is posted when the game begins"
    assert "My hand" in labels(boards(thread)[-1])

    # the first Leader's DM: the hand in words and the Play buttons named by card
    table = Table(service, thread, members)
    leader = sorted(await service.awaiting_seats(1))[0]
    dm = members[leader].user.dm_channel.last_message
    hand = (await service.private_view(1, members[leader].id)).view["players"][leader][
        "hand"]
    shown = everything(dm)
    assert "Your hand" in shown and card_line(hand[0], "en") in shown
    assert any(lb.startswith("Play ") for lb in labels(dm)) and "Play no card" in labels(dm)

    # play until every seat has had a turn and a follow and a recruit from a rival's yard
    # went through
    turns_done = 0
    for _ in range(MAX_CLICKS):
        before = (await service._head(1)).state
        action = await table.move()
        state = (await service._head(1)).state
        if action.kind == "recruit" and action.params.get("from") == "yard":
            recruiter, rival, card = table.yard_recruits[-1]
            assert rival != recruiter
            assert card in before.players[rival]["yard"]
            assert card not in state.players[rival]["yard"]
            here = state.players[recruiter]
            assert card in here["discard"] + here["hand"] + here["deck"] + here["yard"]
        turns_done = min(p["turns"] for p in state.players)
        if turns_done >= 1 and {"play", "follow", "recruit_yard"} <= table.kinds.keys():
            break
    assert turns_done >= 1
    assert {"play", "follow", "recruit_yard", "window"} <= table.kinds.keys(), table.kinds
    recruits = "\n".join(m.content for m in thread.history(viewer=outsider))
    assert "'s Yard." in recruits
    assert table.routes.get("dm") and table.routes.get("my_hand"), table.routes

    # nothing private in public: no "Your hand" embed, no hand lines in the thread
    public = "\n".join(everything(m) for m in thread.history(viewer=outsider))
    assert "Your hand" not in public and "Your Made-Up Rules" not in public
    for seat, member in enumerate(members):
        view = (await service.private_view(1, member.id)).view
        for cid in view["players"][seat]["lookout"]:
            assert card_line(cid, "en") not in public

    # /fort board: the image, only for the caller
    shown_board = await bob.slash(thread, "fort board")
    assert shown_board.ephemeral
    files = [a.filename for a in shown_board.response.attachments]
    assert files == ["board.png"]
    # /fort cards: the cards on the table in words; every kid on request
    cards = await carol.slash(thread, "fort cards")
    text = cards.response.content
    state = (await service._head(1)).state
    assert "Cards on the table" in text and card_line(state.park[0], "en") in text
    assert "public:" in text
    kids = await carol.slash(thread, "fort cards", which="kids")
    every = "\n".join(m.content for m in [kids.response, *kids.followups] if m is not None)
    assert "Bones (book" in every and "Watson" not in every
    dogs = await carol.slash(thread, "fort cards", which="dogs")
    assert "needs" in dogs.response.content
    log = await alice.slash(thread, "fort log")
    assert "Log" in log.response.content or "log" in log.response.content.lower()

    # another game's thread: /fort board says which game it holds
    await alice.slash(channel, "game new", game_type="sealed_bids", players=2, title="Bids")
    other = next(t for t in channel.threads if t.id != thread.id)
    wrong = await alice.slash(other, "fort board")
    assert "Sealed Bids (test fixture)" in wrong.response.content
    assert "not Fort" in wrong.response.content, wrong.response.content
    assert not wrong.response.attachments


async def test_fort_cards_needs_the_module(simcord_env: Any, service: GameService) -> None:
    _guild, channel, (alice, bob) = server(simcord_env, "alice", "bob")
    thread = await start_game(channel, [alice, bob], GAME)
    dogs = await alice.slash(thread, "fort cards", which="dogs")
    assert "without the Dogs module" in dogs.response.content
    perks = await alice.slash(thread, "fort cards", which="perks")
    assert "Birthday Party:" in perks.response.content


async def test_draft_picks_are_secret_and_survive_rivals_picks(simcord_env: Any,
                                                               service: GameService) -> None:
    _guild, channel, (outsider, alice, bob) = server(simcord_env, "dave", "alice", "bob")
    thread = await start_game(channel, [alice, bob], GAME, options="draft=true")
    prompts = [m.user.dm_channel.last_message for m in (alice, bob)]
    for prompt in prompts:
        ids = custom_ids(prompt)
        assert sum(i.startswith("fort:pk:") for i in ids) == 8
        assert "Draft — your packet" in everything(prompt)
    kept = []
    for member, prompt in zip((alice, bob), prompts, strict=True):
        first = next(c for c in components(prompt)
                     if str(c.get("custom_id", "")).startswith("fort:pk:"))
        kept.append(first["label"].removeprefix("Keep "))
        result = await member.user.click(prompt, custom_id=first["custom_id"])
        assert private(result) and "changed" not in result.response.content
    state = (await service._head(1)).state
    assert state.stack[-1]["kind"] == "draft" and state.stack[-1]["round"] == 2
    public = "\n".join(m.content for m in thread.history(viewer=outsider))
    assert public.count("has picked a card") == 2
    assert not any(f"picked {name}" in public for name in kept)

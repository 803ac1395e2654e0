"""A table of simulated players who act only through what Discord shows them.

The game is opened with ``/game new`` (its options as autocomplete offers them), joined,
started and readied by pressing buttons; then, move after move, one of the players the game
waits for looks at what they can use — the controls of their DM panel, of their last
ephemeral answer, of the thread's messages (an offer's answer buttons), or, with nothing
else, the board's **My hand** — and presses one at random (seeded), choosing at random among
a select's options and a form's fields; now and then they use a slash command instead
(``commands.py``). The service is read only to know whom the game waits for and whether a
press changed the game; nothing is ever submitted to it directly.

Everything each player is shown is collected as lines (``checks.Line``) per player:
messages in the thread and in their DMs (content, embed titles, descriptions, fields,
footers, button labels, select placeholders, option labels and descriptions, attachment
descriptions), ephemeral answers, forms and the choices autocomplete offers.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.service import GameService
from rules.rng import Rng
from tests.player_eye.checks import Findings, Line, line_findings
from tests.player_eye.commands import ONE_IN, use_command

BUTTON, SELECT, ROW, LABEL = 2, 3, 1, 18
LINK_STYLES = (5, 6)
#: Thread buttons a simulated player leaves alone: a vote would end or pause the game, Join
#: and Ready belong to the lobby, My hand is how a player opens their panel (pressed when
#: they have nothing else to press).
NOT_MOVES = ("mst:vote:", "mst:join:", "mst:ready:", "mst:hand:")
#: The lobby's controls (a message with only these is no turn ping).
LOBBY = ("mst:vote:", "mst:join:", "mst:ready:")
#: How many of a channel's newest messages are read again after each press (older ones are
#: the record; edits happen to the newest).
RECENT = 12


@dataclass
class Player:
    member: Any
    name: str
    locale: str
    seat: int = -1
    dms: bool = True
    #: The ephemeral panel this player's last press showed (channel id, message id).
    panel: tuple[int, int] | None = None


@dataclass
class Surface:
    """A message whose controls a player may use: where it is and who presses in it."""

    channel_id: int
    message_id: int
    where: str  # "dm", "reply" (ephemeral) or "thread"
    actor: Any


@dataclass
class Control:
    custom_id: str
    kind: int
    label: str
    options: list[str] = field(default_factory=list)
    low: int = 1
    high: int = 1


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for c in components:
        yield c
        yield from walk(c.get("components") or [])
        if isinstance(c.get("component"), dict):
            yield from walk([c["component"]])


def message_lines(message: Any) -> list[str]:
    """Every text of a stored message a reader sees."""
    out = [message.content or ""]
    for e in message.embeds:
        out += [e.get("title") or "", e.get("description") or ""]
        out += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in e.get("fields") or []]
        out.append((e.get("footer") or {}).get("text") or "")
        out.append((e.get("author") or {}).get("name") or "")
    out += component_lines(message.components)
    out += [a.get("description") or "" for a in message.attachments]
    return [line for text in out for line in text.split("\n") if line.strip()]


def component_lines(components: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for c in walk(components):
        out += [c.get("label") or "", c.get("placeholder") or "", c.get("content") or "",
                c.get("description") or "" if c.get("type") == LABEL else ""]
        for o in c.get("options") or []:
            out += [o.get("label") or "", o.get("description") or ""]
    return [line for text in out for line in str(text).split("\n") if line.strip()]


def controls(message: Any) -> list[Control]:
    out = []
    for c in walk(message.components):
        if c.get("disabled") or not c.get("custom_id"):
            continue
        if c.get("type") == BUTTON and c.get("style") not in LINK_STYLES:
            out.append(Control(c["custom_id"], BUTTON, c.get("label") or ""))
        elif c.get("type") == SELECT and c.get("options"):
            out.append(Control(c["custom_id"], SELECT, c.get("placeholder") or "",
                               [o["value"] for o in c["options"]],
                               c.get("min_values", 1), c.get("max_values", 1)))
    return out


def face(message: Any) -> str:
    """What a message shows, as one comparable fingerprint."""
    data = json.dumps([message.content, message.embeds, message.components], sort_keys=True,
                      default=str)
    return hashlib.sha1(data.encode()).hexdigest()


class Table:
    """One game at one table; ``play`` runs it to the end (or ``max_presses``)."""

    def __init__(self, env: Any, service: GameService, players: list[Player], game_type: str,
                 *, seed: int, server_locale: str) -> None:
        self.env, self.service, self.players = env, service, players
        self.game_type, self.server_locale = game_type, server_locale
        self.rng = Rng(seed)
        self.game_id = 0
        self.thread: Any = None
        self.channel: Any = None
        self.lines: dict[str, list[Line]] = {p.name: [] for p in players}
        self._seen: dict[tuple[str, int], str] = {}
        self.findings = Findings()
        #: (face of the surface, control, values) → presses: the least tried is pressed first.
        self.tried: Counter[tuple[str, str, str]] = Counter()
        self.presses = 0
        #: The last press opened a form (filled at random and sent).
        self.filled = False
        self.moves = 0
        self._prompt_checked: set[tuple[int, int]] = set()
        #: The thread's newest message before the last press, and since which message each
        #: awaited seat is awaited (its ping is newer).
        self.watermark = 0
        self.since: dict[int, int] = {}
        #: (version, how many lines each player had read by then), at each look at the game.
        self.marks: list[tuple[int, dict[str, int]]] = []

    # ---- seeing ---------------------------------------------------------------------------
    def backend(self) -> Any:
        return self.env.backend

    def messages(self, channel_id: int, viewer: int | None = None,
                 last: int | None = None) -> list[Any]:
        """The channel's messages ``viewer`` sees, oldest first (only the ``last`` newest),
        read from the newest back: a long game's thread holds thousands, and the store keeps
        them in the order they were sent."""
        stored = self.backend().messages.get(channel_id, {})
        out: list[Any] = []
        for m in reversed(stored.values()):
            if viewer is None or m.visible_to(viewer):
                out.append(m)
                if last is not None and len(out) >= last:
                    break
        out.reverse()
        return out

    def newer(self, channel_id: int, than: int) -> Iterator[Any]:  # newest first
        for m in reversed(self.backend().messages.get(channel_id, {}).values()):
            if m.id <= than:
                return
            yield m

    def message(self, channel_id: int, message_id: int) -> Any | None:
        return self.backend().messages.get(channel_id, {}).get(message_id)

    def dm_id(self, player: Player) -> int | None:
        return self.backend().dm_channels.get(player.member.id)

    def read(self, player: Player, where: str, message: Any) -> None:
        """Collect what ``message`` shows ``player`` now, if it changed since last read."""
        fp = face(message) + repr(message.attachments)
        if self._seen.get((player.name, message.id)) == fp:
            return
        self._seen[(player.name, message.id)] = fp
        self.add(player, where, message_lines(message))

    def add(self, player: Player, where: str, texts: list[str]) -> None:
        self.lines[player.name] += [Line(player.name, player.locale, where, t) for t in texts]

    def look(self, everything: bool = False) -> None:
        """Every player reads what is new in the thread (as they see it) and in their DMs."""
        for p in self.players:
            for channel_id, where in ((self.thread.id, "thread"), (self.dm_id(p), "dm")):
                if channel_id is None:
                    continue
                shown = self.messages(channel_id, p.member.id, None if everything else RECENT)
                for m in shown:
                    self.read(p, "reply" if m.is_ephemeral else where, m)

    def mark(self, version: int) -> None:
        """The lines read so far were read by ``version`` (the leak check's clock)."""
        self.marks.append((version, {n: len(lines) for n, lines in self.lines.items()}))

    # ---- the lobby ------------------------------------------------------------------------
    async def open(self, channel: Any, mode: str | None) -> None:
        """``/game new`` with what autocomplete offers, Join and Ready pressed by the others,
        ``/game start`` by the creator."""
        self.channel = channel
        first = self.players[0]
        offered = await first.member.autocomplete(channel, "game new", "game_type", "")
        self.add(first, "choice", [c["name"] for c in offered])
        (game_type,) = [c["value"] for c in offered if c["value"] == self.game_type]
        options: dict[str, Any] = {"game_type": game_type, "players": len(self.players)}
        if mode is not None:
            modes = await first.member.autocomplete(channel, "game new", "mode", "",
                                                    game_type=game_type)
            self.add(first, "choice", [c["name"] for c in modes])
            (options["mode"],) = [c["value"] for c in modes if c["value"] == mode]
        before = {t.id for t in channel.threads}
        created = await first.member.slash(channel, "game new", **options)
        self.add(first, "reply", message_lines(created.response))
        (self.thread,) = [t for t in channel.threads if t.id not in before]
        self.game_id = (await self.service.game_for_thread(self.thread.id)) or 0
        assert self.game_id, "the new game's thread holds no game"
        for p in self.players[1:]:
            await self.press_public(p, "mst:join:")
        await first.member.slash(self.thread, "game start")
        for p in self.players[1:]:
            await self.press_public(p, "mst:ready:")
        summary = await self.service.summary(self.game_id)
        assert summary.status == "active", f"the game did not start: {summary.status}"
        by_user = {uid: seat for seat, uid, _ in summary.players}
        for p in self.players:
            p.seat = by_user[p.member.id]
        self.look(everything=True)

    async def press_public(self, player: Player, prefix: str) -> None:
        """Press the newest thread button whose id starts with ``prefix``."""
        for m in reversed(self.messages(self.thread.id, player.member.id)):
            for c in controls(m):
                if c.custom_id.startswith(prefix):
                    result = await player.member.click(self._wrap(m), custom_id=c.custom_id)
                    self.collect_result(player, result)
                    return
        raise AssertionError(f"{player.name} finds no {prefix} button in the thread")

    def _wrap(self, message: Any) -> Any:
        from simcord.results import ResponseMessage

        return ResponseMessage(self.env, message)

    def actor(self, player: Player, channel_id: int) -> Any:
        """Who presses in a channel: the user in their DMs, the member in the server."""
        return player.member.user if channel_id == self.dm_id(player) else player.member

    def where(self, player: Player, message: Any) -> str:
        dm = message.channel_id == self.dm_id(player)
        return "reply" if message.is_ephemeral else "dm" if dm else "thread"

    def collect_result(self, player: Player, result: Any) -> None:
        if result is None:
            return
        if result.modal:
            modal = result.modal
            self.add(player, "modal", [modal.get("title") or "",
                                       *component_lines(modal.get("components") or [])])
        for m in [result.response, *result.followups]:
            if m is not None:
                self.read(player, self.where(player, m._message), m._message)

    # ---- playing --------------------------------------------------------------------------
    def player_at(self, seat: int) -> Player | None:
        return next((p for p in self.players if p.seat == seat), None)

    def surfaces(self, player: Player) -> list[Surface]:
        """Where ``player`` can act now: their last ephemeral panel, their newest DM with
        controls, the thread's messages with controls that are not the table's own."""
        out: list[Surface] = []
        if player.panel is not None:
            m = self.message(*player.panel)
            if m is not None and controls(m):
                out.append(Surface(*player.panel, "reply", self.actor(player, player.panel[0])))
        dm = self.dm_id(player)
        if dm is not None:
            for m in reversed(self.messages(dm, last=RECENT)):
                if controls(m):
                    out.append(Surface(dm, m.id, "dm", player.member.user))
                    break
        for m in self.messages(self.thread.id, player.member.id, RECENT):
            if m.is_ephemeral:
                continue
            if any(not c.custom_id.startswith(NOT_MOVES) for c in controls(m)):
                out.append(Surface(self.thread.id, m.id, "thread", player.member))
        return out

    async def my_hand(self, player: Player) -> Surface | None:
        """Press the newest My hand in the thread: the answer is the player's panel."""
        for m in reversed(self.messages(self.thread.id, player.member.id, 4 * RECENT)):
            hand = [c for c in controls(m) if c.custom_id.startswith("mst:hand:")]
            if hand:
                result = await player.member.click(self._wrap(m), custom_id=hand[0].custom_id)
                self.presses += 1
                self.collect_result(player, result)
                if result.response is not None and result.response.ephemeral:
                    player.panel = (result.response.channel_id, result.response.id)
                    return Surface(*player.panel, "reply", player.member)
                return None
        return None

    def pick(self, surface: Surface, message: Any, player: Player
             ) -> tuple[Control, list[str]] | None:
        """The least tried of the surface's controls (seeded random among equals), with a
        random choice of a select's values; None when it has none a player would press."""
        fp = face(message)
        choices: list[tuple[Control, list[str]]] = []
        for c in controls(message):
            if surface.where == "thread" and c.custom_id.startswith(NOT_MOVES):
                continue
            if c.kind == SELECT:
                need = max(1, c.low)
                n = need + self.rng.randbelow(max(1, min(c.high, len(c.options)) - need + 1))
                values = list(c.options)
                picked = [values.pop(self.rng.randbelow(len(values))) for _ in range(n)]
                choices.append((c, picked))
            else:
                choices.append((c, []))
        if not choices:
            return None
        least = min(self.tried[(fp, c.custom_id, ",".join(v))] for c, v in choices)
        best = [(c, v) for c, v in choices if self.tried[(fp, c.custom_id, ",".join(v))] == least]
        chosen = best[self.rng.randbelow(len(best))]
        self.tried[(fp, chosen[0].custom_id, ",".join(chosen[1]))] += 1
        return chosen

    async def press(self, player: Player, surface: Surface, control: Control,
                    values: list[str]) -> Any:
        message = self._wrap(self.message(surface.channel_id, surface.message_id))
        self.presses += 1
        if control.kind == SELECT:
            result = await surface.actor.select(message, values, custom_id=control.custom_id)
        else:
            result = await surface.actor.click(message, custom_id=control.custom_id)
        self.collect_result(player, result)
        self.filled = bool(result.modal)
        if result.modal:
            result = await self.fill(player, surface, result)
        if result is not None and result.response is not None and result.response.ephemeral:
            player.panel = (result.response.channel_id, result.response.id)
        return result

    async def fill(self, player: Player, surface: Surface, shown: Any) -> Any:
        """A form: a random option in each of its selects, then submitted."""
        values: dict[str, Any] = {}
        for c in walk(shown.modal.get("components") or []):
            if c.get("type") == SELECT and c.get("options"):
                options = [o["value"] for o in c["options"]]
                values[c["custom_id"]] = [options[self.rng.randbelow(len(options))]]
            elif c.get("type") == 4:
                self.findings.add("typed_input", f"[{player.name}] a form asks to type "
                                                 f"{c.get('label')!r}")
        result = await surface.actor.submit_modal(shown, values)
        self.collect_result(player, result)
        return result

    async def owed_check(self, version: int, awaiting: list[int]) -> None:
        """Each player the game waits for has, in their DM (or, with DMs closed, in the
        thread with a mention of them posted since they are awaited), a message with a
        control to act."""
        self.since = {s: self.since.get(s, self.watermark) for s in awaiting}
        for seat in awaiting:
            if (version, seat) in self._prompt_checked:
                continue
            self._prompt_checked.add((version, seat))
            p = self.player_at(seat)
            if p is None:
                continue
            dm = self.dm_id(p)
            ok = False
            if p.dms and dm is not None:  # the panel, maybe above a few refusals
                ok = any(controls(m) and (m.content or m.embeds)
                         for m in self.messages(dm, last=RECENT))
            if not ok:
                # a ping in the thread since they are awaited (not an ephemeral answer),
                # with a control of the game (the lobby's Join and Ready mention players)
                mention = f"<@{p.member.id}>"
                ok = any(mention in (m.content or "") and not m.is_ephemeral and any(
                    not c.custom_id.startswith(LOBBY) for c in controls(m))
                         for m in self.newer(self.thread.id, self.since[seat]))
            if not ok:
                self.findings.add("no_prompt", f"[{p.name}] waited for at move {version} "
                                               "with no DM (or thread mention) to act on")

    async def play(self, max_presses: int, *, rounds: int | None = None) -> str:
        """Play until the game ends, ``max_presses`` presses were made, or (``rounds``) the
        phase label has shown that many new rounds; returns the final status."""
        stuck = 0
        summary = await self.service.summary(self.game_id)
        while self.presses < max_presses:
            self.mark(summary.version)
            if summary.status != "active":
                return summary.status
            if rounds is not None and self.presses % 10 == 0:
                view = (await self.service.board_snapshot(self.game_id)).view
                if int(view.get("round") or 0) > rounds:
                    return "rounds"
            if summary.paused:
                return "paused"
            await self.owed_check(summary.version, summary.awaiting)
            self.watermark = max(self.backend().messages.get(self.thread.id, {}), default=0)
            if not summary.awaiting:
                return "nobody awaited"
            seat = sorted(summary.awaiting)[self.rng.randbelow(len(summary.awaiting))]
            player = self.player_at(seat)
            assert player is not None, f"seat {seat} has no player"
            surfaces = self.surfaces(player)
            if self.rng.randbelow(ONE_IN) == 0 and await use_command(self, player):
                # this move is made (or this question asked) with a slash command
                self.look()
                after = await self.service.summary(self.game_id)
                self.moves += after.version - summary.version
                stuck = 0 if after.version != summary.version else stuck + 1
                summary = after
                continue
            if not surfaces or self.rng.randbelow(8) == 0:
                hand = await self.my_hand(player)
                if hand is not None:
                    surfaces.insert(0, hand)
            acted = False
            after = summary
            for surface in surfaces:
                message = self.message(surface.channel_id, surface.message_id)
                if message is None:
                    continue
                picked = self.pick(surface, message, player)
                if picked is None:
                    continue
                before_face = face(message)
                before = summary.version
                result = await self.press(player, surface, *picked)
                self.look()
                after = await self.service.summary(self.game_id)
                if after.version != before:
                    self.moves += after.version - before
                    stuck = 0
                else:
                    stuck += 1
                    self.dead_check(player, surface, before_face, picked[0], result)
                acted = True
                break
            if not acted:
                stuck += 1
                self.findings.add("no_control", f"[{player.name}] awaited at move "
                                                f"{summary.version} but nothing to press")
            if stuck > 400:
                self.findings.add("stuck", f"{stuck} presses without a move at version "
                                           f"{summary.version}")
                return "stuck"
            summary = after if acted else await self.service.summary(self.game_id)
        return "unfinished"

    def dead_check(self, player: Player, surface: Surface, before: str, control: Control,
                   result: Any) -> None:
        """A press that changed nothing and shows the same choice again is a dead control
        (a form filled at random, or several values of a select picked at random, may be
        refused as bad input with the reason: that is its answer, not a dead control)."""
        said = " / ".join(m.content for m in (result.followups if result else []) if m.content)
        if self.filled or (control.kind == SELECT and control.high > 1 and said):
            return
        shown = result.response._message if result is not None and result.response else None
        same_place = self.message(surface.channel_id, surface.message_id)
        faces = [face(m) for m in (shown, same_place) if m is not None]
        if surface.where == "thread":
            faces = [face(shown)] if shown is not None else []
        if faces and all(f == before for f in faces):
            self.findings.add("dead_control", f"[{player.name}/{surface.where}] "
                                              f"{control.label or control.custom_id}"
                                              + (f" → {said[:120]}" if said else ""))

    # ---- checking -------------------------------------------------------------------------
    def check(self, allowed_words: frozenset[str] = frozenset()) -> Findings:
        self.look(everything=True)
        ids = [p.member.id for p in self.players]
        for lines in self.lines.values():
            seen: set[tuple[str, str]] = set()
            for line in lines:
                if (line.where, line.text) in seen:
                    continue
                seen.add((line.where, line.text))
                for kind, example in line_findings(line, ids, allowed_words):
                    self.findings.add(kind, example)
        return self.findings

"""Nothing hidden reaches a player who must not see it: each seat's secrets as the engine
knows them, compared with what every other player read, move by move.

The game's log is replayed on the engine. After every move each seat's view
(``view(state, seat)``) and the public view (``view(state, None)``) are read, and so is each
event the move made (a public event is public; one shown to some seats is known to them).
A content id is *known* to a seat from the first move it was in its view or in an event it
saw, *public* from the first move it was in the public view or a public event. Each line a
player read carries the move by which they read it (``Table.mark``). A line is a ``leak``
when it names a card another seat knew by then, that was not public by then and that the
reader had never known: a card played, drafted openly or named in the log is no leak from
then on. Cards are named as players read them (the game's card names from its catalog; the
copies of a card, ``moose~2``, are one name); a name another catalog text also uses
("Explore", "Watch") is not checked, as it may name something else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import orjson

from bot.i18n import catalog
from rules.base import Action, GameRules
from tests.player_eye.commands import REFERENCE

#: Where a game's content names are in the catalog: ``<prefix><id>`` is the name of ``id``.
NAME_PREFIXES = {
    "fort": ("fort.card.",),
    "northgard": ("northgard.card.",),
    "great_wall": ("great_wall.card.",),
    "catan_watch": ("catan.dev.",),
}


#: A JSON string as orjson writes it (UTF-8, so only quotes, backslashes and control
#: characters are escaped).
_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def leaves(value: Any) -> list[str]:
    """Every string in a view or an event's data (dict keys too: a hand may be a mapping), in
    no particular order; a string holding a quote or a backslash comes escaped, which no
    content id does. Written by orjson and cut by a regular expression, not walked in Python:
    a long game's views hold millions of strings, and the leak check reads every view after
    every move."""
    return _JSON_STRING.findall(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode())


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)


@cache
def content_names(game: str, locale: str) -> dict[str, str]:
    """id -> the name a player reads, for the game's contents whose names no other catalog
    text uses (such a name would be found where it names something else)."""
    prefixes = NAME_PREFIXES.get(game, ())
    texts = catalog(locale)
    names = {k[len(p):]: v for p in prefixes for k, v in texts.items()
             if k.startswith(p) and isinstance(v, str) and v.strip()}
    others = "\n".join(t for k, v in texts.items() if not k.startswith(prefixes)
                       for t in _texts(v))
    return {i: n for i, n in names.items()
            if not re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", others)}


@dataclass
class Knowledge:
    """When each content id first became public, and when each seat first knew it (the
    game's version after the move that showed it; the start is version 0)."""

    n: int
    public: dict[str, int] = field(default_factory=dict)
    known: dict[int, dict[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.known = {s: {} for s in range(self.n)}

    def see(self, rules: GameRules, state: Any, version: int) -> None:
        public = rules.view(state, None)
        self.show(leaves(public), None, version)
        for s in range(self.n):
            self.show(leaves(rules.seat_view(state, s, public)), [s], version)

    def show(self, ids: Iterable[str], seats: Iterable[int] | None, version: int) -> None:
        # a card's copies are one name: "moose~2" is a second Moose
        firsts = {i.split("~", 1)[0] for i in ids}
        for target in [self.public] if seats is None else [self.known[s] for s in seats
                                                          if 0 <= s < self.n]:
            for i in firsts:
                target.setdefault(i, version)

    def forbidden(self, names: Mapping[str, str], reader: int, version: int
                  ) -> dict[str, int]:
        """The names ``reader`` must not read at ``version`` -> the seat each is secret to:
        a name another seat knew by then, never public by then, not known to the reader."""
        never = 1 << 60
        allowed = {names[i] for i, v in self.public.items() if v <= version and i in names}
        allowed |= {names[i] for i, v in self.known[reader].items()
                    if v <= version and i in names}
        out: dict[str, int] = {}
        for seat in range(self.n):
            if seat == reader:
                continue
            for i, v in self.known[seat].items():
                name = names.get(i)
                if (name is not None and v <= version and name not in allowed
                        and self.public.get(i, never) > version):
                    out.setdefault(name, seat)
        return out


def replay_knowledge(rules: GameRules, config: Any, n: int, seed: int,
                     rows: Sequence[Any]) -> Knowledge:
    """Replay the log (rows of ``repo.actions_after``), reading every view after each move."""
    state = rules.new_game(config, n, seed)
    knowledge = Knowledge(n)
    knowledge.see(rules, state, 0)
    for row in rows:
        for event in rules.step(state, row.seat, Action.from_json(row.action)) or []:
            seats = None if event.visible_to is None else sorted(event.visible_to)
            knowledge.show(leaves(event.data), seats, row.seq)
        knowledge.see(rules, state, row.seq)
    return knowledge


def _pattern(names: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(
        re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\w)")


def leak_findings(knowledge: Knowledge, names: Mapping[str, str],
                  lines: Mapping[int, Iterable[tuple[int, Any]]],
                  seat_names: Mapping[int, str]) -> list[tuple[str, str]]:
    """A ``leak`` for each line a reader received that names a secret of another seat at
    the version it was read (the reader's seat -> (version, ``checks.Line``) pairs)."""
    out: list[tuple[str, str]] = []
    every = set(names.values())
    any_name = _pattern(every)
    for reader, read in lines.items():
        seen: set[str] = set()  # a line counts as first read
        at: dict[int, dict[str, int]] = {}
        for version, line in read:
            if line.text in seen or not any_name.search(line.text):
                continue
            seen.add(line.text)
            if version not in at:
                at[version] = knowledge.forbidden(names, reader, version)
            forbidden = at[version]
            if not forbidden:
                continue
            plain = line.text
            # A name allowed to the reader is masked where it holds a forbidden one ("Monk
            # II" around "Monk"); masking every allowed name would hide one that holds it.
            for name in sorted(every - set(forbidden), key=len, reverse=True):
                if any(f in name for f in forbidden):
                    plain = plain.replace(name, " ")
            found = _pattern(forbidden).search(plain)
            if found:
                owner = seat_names.get(forbidden[found.group(0)], "?")
                out.append(("leak", f"[{line.player}/{line.where}] {line.text[:160]} "
                                    f"(«{found.group(0)}», {owner}'s secret at move "
                                    f"{version}; {_when(knowledge, names, found.group(0))})"))
    return out


def stamped(table: Any, name: str) -> list[tuple[int, Any]]:
    """A player's lines, each with the version of the first look at the game after it was
    read (``Table.mark``); the lines read after the last look, with the end."""
    lines, out, i = table.lines[name], [], 0
    for version, counts in [*table.marks, (1 << 60, {name: len(lines)})]:
        out += [(version, line) for line in lines[i:counts[name]]]
        i = max(i, counts[name])
    return out


async def leak_check(table: Any, rules: GameRules) -> None:
    """Add a ``leak`` finding to ``table`` for every line a player read that names another
    seat's secret (``Table`` of ``table.py``, once its game is played)."""
    from storage import repo

    names = content_names(table.game_type, table.server_locale)
    if not names:
        return
    async with table.service.engine.connect() as conn:
        game = await repo.get_game(conn, table.game_id)
        rows = await repo.actions_after(conn, table.game_id, -1)
    assert game is not None
    knowledge = replay_knowledge(rules, game.config, game.n_seats, game.seed, rows)
    table.look(everything=True)
    lines = {p.seat: [(v, line) for v, line in stamped(table, p.name)
                      if line.where != REFERENCE] for p in table.players if p.seat >= 0}
    for kind, example in leak_findings(knowledge, names, lines,
                                       {p.seat: p.name for p in table.players}):
        table.findings.add(kind, example)


def _when(knowledge: Knowledge, names: Mapping[str, str], name: str) -> str:
    """When the name's cards became public and known to each seat (for a leak's example)."""
    ids = [i for i, n in names.items() if n == name]
    return "; ".join(f"{i}: public at {knowledge.public.get(i, '-')}, known at " + ", ".join(
        f"{s}:{k[i]}" for s, k in knowledge.known.items() if i in k) for i in ids)

"""Hidden facts besides card names (``secrets.py`` checks those): the private log lines a move
made (an event shown to some seats only, worded as the game's log words it for them), AGoT's
orders, bids and battle House cards before they are revealed, and a Catan player's resource
cards.

The game's log is replayed on the engine. After every move each seat's view says which facts
are that seat's secret now: an order placed and not yet revealed (the area and the order's
name), a bid not yet revealed (the house and the amount, or the panel's "Your bid: 3"), a
House card chosen for a battle and not yet revealed (its name), a Catan hand (the five
resource counts, which only the count of cards is public); the events shown to some seats
are their secret from that move on. A fact is *known* to a seat from the first move it was
its own or shown to it, *public* from the first move it was public (the orders, bids and
cards revealed, an empty hand, a public event worded the same).

A line a player read is a ``leak`` when it shows a fact that another seat held secret at a
move since the reader's previous look (up to the move by which the line was read, see
``secrets.stamped``), that was not public by then and that the reader had never known by
then. A line shows a fact only in the shapes the bot words it: an order as an area's name
followed by the order's name (no other area between, as in "Winterfell: March +1" and
"**Winterfell** — 1 footman · March +1"), a bid as the house's name and the amount
("Stark 3") or as the panel's own sentence, a chosen House card as the panel's sentences
("Your House card: …", the button "Confirm …"), a hand as the hand line of "My hand"
("Brick 2 · Lumber 0 · … — 6 in all"), a private log line as its whole text. So every line
it names shows another seat's secret; a leak worded otherwise is not seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.i18n import as_msg, catalog, render
from rules.base import Action, Event, GameRules
from tests.player_eye.commands import REFERENCE

Key = tuple[Any, ...]
NEVER = 1 << 62


@dataclass
class Facts:
    """Each fact's spans as a seat's secret, and when it became known to each seat and
    public (versions: the game's version after the move; the start is 0)."""

    n: int
    #: key -> [(owner seat, first version, first version it no longer holds)].
    spans: dict[Key, list[tuple[int, int, int]]] = field(default_factory=dict)
    public: dict[Key, int] = field(default_factory=dict)
    known: dict[int, dict[Key, int]] = field(default_factory=dict)
    #: Private log lines (their whole text), which a line shows by holding it.
    texts: set[str] = field(default_factory=set)
    _open: dict[tuple[Key, int], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.known = {s: {} for s in range(self.n)}

    def now(self, held: Iterable[tuple[Key, int]], version: int) -> None:
        """The seats' secrets after the move that made ``version`` (each opens a span, and
        a span not held any more closes)."""
        held = set(held)
        for key, seat in held:
            self._open.setdefault((key, seat), version)
            self.know(key, [seat], version)
        for (key, seat), start in list(self._open.items()):
            if (key, seat) not in held:
                del self._open[(key, seat)]
                self.spans.setdefault(key, []).append((seat, start, version))

    def forever(self, key: Key, seats: Iterable[int], version: int) -> None:
        for seat in seats:
            self.spans.setdefault(key, []).append((seat, version, NEVER))
        self.know(key, seats, version)

    def know(self, key: Key, seats: Iterable[int], version: int) -> None:
        for seat in seats:
            if 0 <= seat < self.n:
                self.known[seat].setdefault(key, version)

    def close(self) -> None:
        self.now((), NEVER)

    def leaked_by(self, key: Key, reader: int, since: int, version: int) -> int | None:
        """The seat whose secret ``key`` a line read by ``reader`` between the looks at
        ``since`` and ``version`` reveals (None: no leak)."""
        if self.public.get(key, NEVER) <= version or self.known[reader].get(key, NEVER) <= version:
            return None
        for seat, start, end in self.spans.get(key, ()):
            if seat != reader and start <= version and end > since:
                return seat
        return None


def _line(m: Any, locale: str) -> str:
    return render(as_msg(m), locale)


# ---- what each game keeps secret ---------------------------------------------------------
def _agot_secrets(view: Mapping[str, Any], seat: int, locale: str) -> Iterator[Key]:
    from bot.games.agot.text import area_name, card_name, token_label

    you = view.get("you") or {}
    house = _house(view, seat)
    for area, token in (you.get("your_orders") or {}).items():
        yield ("order", area_name(area), token_label(token, locale))
    if "your_bid" in you:
        yield ("bid", house, int(you["your_bid"]))
        yield ("your_bid", int(you["your_bid"]))
    if isinstance(you.get("your_card"), str):
        yield ("card", card_name(you["your_card"]))


def _agot_public(view: Mapping[str, Any], events: Sequence[Event], locale: str
                 ) -> Iterator[Key]:
    from bot.games.agot.text import area_name, card_name, token_label

    for area, info in (view.get("board") or {}).items():
        order = info.get("order") if isinstance(info, Mapping) else None
        if isinstance(order, Mapping) and order.get("token"):
            yield ("order", area_name(area), token_label(str(order["token"]), locale))
    for event in events:
        if event.visible_to is None and event.kind == "orders_revealed":
            # a raid with no target leaves the board at once: the reveal is its public trace
            for area, order in (event.data.get("orders") or {}).items():
                yield ("order", area_name(area), token_label(str(order["order"]), locale))
        if event.visible_to is None and event.kind == "cards_revealed":
            # (a card chosen again in a later battle counts as public from its first reveal:
            # a leak then is missed, never invented)
            for card in event.data.get("cards") or []:
                yield ("card", card_name(card))
        if event.visible_to is None and event.kind == "bids_revealed":
            for seat, amount in enumerate(event.data.get("bids") or []):
                yield ("bid", _house(view, seat), int(amount))


def _house(view: Mapping[str, Any], seat: int) -> str:
    from bot.games.agot.text import seat_house

    return seat_house(view, seat)


def _catan_secrets(view: Mapping[str, Any], seat: int, locale: str) -> Iterator[Key]:
    hand = _hand((view.get("you") or {}).get("hand"))
    if any(hand):
        yield ("hand", hand)


def _hand(counts: Mapping[str, int] | None) -> tuple[int, ...]:
    from rules.catan_watch.common import RESOURCES

    return tuple(int((counts or {}).get(r, 0)) for r in RESOURCES)


def _catan_known(view: Mapping[str, Any]) -> Iterator[Key]:
    """A hand the seat was shown (Mance Rayder's look)."""
    target = (view.get("you") or {}).get("mance_target")
    if isinstance(target, Mapping):
        yield ("hand", _hand(target.get("hand")))


# ---- how a line shows a fact --------------------------------------------------------------
def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True) if w)


@cache
def _agot_patterns(locale: str, houses: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    from bot.games.agot.text import board, token_label

    areas = _alternation(board().name.values())
    labels = _alternation(token_label(t, locale) for t in board().tokens)
    your_bid = [_template(catalog(locale)[k], {"amount": r"(\d+)"})
                for k in ("agot.hand.your_bid", "agot.act.bid_ready")]
    cards = f"({_alternation(c.name for c in board().cards.values())})"
    your_card = [_template(catalog(locale)[k], {"card": cards})
                 for k in ("agot.hand.your_card", "agot.act.card_ready")]
    return (re.compile(rf"(?<!\w)(?:{areas})(?!\w)"),
            re.compile(rf"(?<![\w+-])(?:{labels})(?!\w)"),
            re.compile(rf"(?<!\w)({_alternation(houses)}) (\d+)(?![\d:])"),
            re.compile("|".join(your_bid)),
            re.compile("|".join(your_card)))


def _template(text: str, fill: Mapping[str, str], other: str = ".*?") -> str:
    """A catalog sentence as a regular expression: ``fill``'s placeholders as given, any
    other placeholder as ``other``, the rest literally."""
    out, at = [], 0
    for m in re.finditer(r"\{(\w+)\}", text):
        out += [re.escape(text[at:m.start()]), fill.get(m.group(1), other)]
        at = m.end()
    return "".join([*out, re.escape(text[at:])])


def _agot_shows(text: str, locale: str, houses: tuple[str, ...]) -> Iterator[Key]:
    areas, labels, bids, your_bid, your_card = _agot_patterns(locale, houses)
    marks = sorted([(m.start(), "area", m.group(0)) for m in areas.finditer(text)]
                   + [(m.start(), "label", m.group(0)) for m in labels.finditer(text)])
    area = None
    for _at, kind, word in marks:
        if kind == "area":
            area = word
        elif area is not None:
            yield ("order", area, word)
            area = None
    for m in bids.finditer(text):
        yield ("bid", m.group(1), int(m.group(2)))
    for m in your_bid.finditer(text):
        yield ("your_bid", int(next(g for g in m.groups() if g is not None)))
    for m in your_card.finditer(text):
        yield ("card", next(g for g in m.groups() if g is not None))


@cache
def _hand_pattern(locale: str) -> re.Pattern[str]:
    from rules.catan_watch.common import RESOURCES

    texts = catalog(locale)
    part = texts["catan.hand.res"]
    cards = re.escape(" · ").join(
        _template(part, {"res": re.escape(texts[f"catan.res.{r}"]), "n": r"(\d+)"})
        for r in RESOURCES)
    return re.compile(_template(texts["catan.hand.line"], {"cards": cards, "total": r"\d+"}))


def _catan_shows(text: str, locale: str, houses: tuple[str, ...]) -> Iterator[Key]:
    for m in _hand_pattern(locale).finditer(text):
        yield ("hand", tuple(int(g) for g in m.groups()))


@dataclass(frozen=True)
class Game:
    secrets: Callable[[Mapping[str, Any], int, str], Iterable[Key]]
    public: Callable[[Mapping[str, Any], Sequence[Event], str], Iterable[Key]]
    known: Callable[[Mapping[str, Any]], Iterable[Key]]
    shows: Callable[[str, str, tuple[str, ...]], Iterable[Key]]


GAMES: dict[str, Game] = {
    "agot": Game(_agot_secrets, _agot_public, lambda _v: (), _agot_shows),
    "catan_watch": Game(_catan_secrets, lambda _v, _e, _l: (), _catan_known, _catan_shows),
}
NOTHING = Game(lambda _v, _s, _l: (), lambda _v, _e, _l: (), lambda _v: (),
               lambda _t, _l, _h: ())


def replay_facts(rules: GameRules, game_type: str, config: Any, n: int, seed: int,
                 rows: Sequence[Any], locale: str) -> Facts:
    """Replay the log (rows of ``repo.actions_after``), reading the facts after each move."""
    game = GAMES.get(game_type, NOTHING)
    state = rules.new_game(config, n, seed)
    facts = Facts(n)

    def look(version: int, events: Sequence[Event]) -> None:
        public = rules.view(state, None)
        for key in game.public(public, events, locale):
            facts.public.setdefault(key, version)
        held = []
        for s in range(n):
            view = rules.seat_view(state, s, public)
            held += [(key, s) for key in game.secrets(view, s, locale)]
            for key in game.known(view):
                facts.know(key, [s], version)
        facts.now(held, version)

    look(0, [])
    for row in rows:
        events = rules.step(state, row.seat, Action.from_json(row.action)) or []
        for event in events:
            if event.visible_to is None:
                for viewer in [None, *range(n)]:
                    facts.public.setdefault(("text", _line(rules.describe(event, viewer),
                                                           locale)), row.seq)
                continue
            seats = sorted(event.visible_to)
            for viewer in seats:
                said = _line(rules.describe(event, viewer), locale)
                facts.texts.add(said)
                facts.forever(("text", said), seats, row.seq)
        look(row.seq, events)
    facts.close()
    return facts


def hidden_findings(facts: Facts, game_type: str, locale: str, houses: tuple[str, ...],
                    lines: Mapping[int, Iterable[tuple[int, int, Any]]],
                    seat_names: Mapping[int, str]) -> list[tuple[str, str]]:
    """A ``leak`` for each line a reader read that shows another seat's secret fact (the
    reader's seat -> (version of the look before, version of the look after, ``checks.Line``)
    triples)."""
    game = GAMES.get(game_type, NOTHING)
    texts = sorted(facts.texts)
    out: list[tuple[str, str]] = []
    for reader, read in lines.items():
        seen: set[str] = set()  # a line counts as first read
        for since, version, line in read:
            if line.text in seen:
                continue
            seen.add(line.text)
            keys = [*game.shows(line.text, locale, houses),
                    *(("text", t) for t in texts if t in line.text)]
            for key in keys:
                owner = facts.leaked_by(key, reader, since, version)
                if owner is not None:
                    out.append(("leak", f"[{line.player}/{line.where}] {line.text[:160]} "
                                        f"(shows {seat_names.get(owner, '?')}'s {key[0]} "
                                        f"{key[1:]!r}, secret at move {version})"))
                    break
    return out


def windowed(table: Any, name: str) -> list[tuple[int, int, Any]]:
    """A player's lines, each with the versions of the looks at the game before and after
    it was read (``Table.mark``); the lines read after the last look, with the end."""
    lines, out, i, since = table.lines[name], [], 0, 0
    for version, counts in [*table.marks, (NEVER, {name: len(lines)})]:
        out += [(since, version, line) for line in lines[i:counts[name]]]
        i, since = max(i, counts[name]), version
    return out


async def hidden_check(table: Any, rules: GameRules) -> None:
    """Add a ``leak`` finding to ``table`` (``table.Table``, its game played) for every line
    a player read that shows another seat's hidden fact."""
    from storage import repo

    async with table.service.engine.connect() as conn:
        game = await repo.get_game(conn, table.game_id)
        rows = await repo.actions_after(conn, table.game_id, -1)
    assert game is not None
    locale = table.server_locale
    facts = replay_facts(rules, table.game_type, game.config, game.n_seats, game.seed, rows,
                         locale)
    view = (await table.service.board_snapshot(table.game_id)).view
    houses = tuple(str(s.get("name")) for s in view.get("seats") or [] if s.get("name"))
    table.look(everything=True)
    lines = {p.seat: [(a, b, line) for a, b, line in windowed(table, p.name)
                      if line.where != REFERENCE] for p in table.players if p.seat >= 0}
    for kind, example in hidden_findings(facts, table.game_type, locale, houses, lines,
                                         {p.seat: p.name for p in table.players}):
        table.findings.add(kind, example)

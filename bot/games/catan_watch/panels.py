"""What a Catan seat can click, built from its legal actions (the engine validates again).

One panel per decision: buttons for the few plain moves (roll, buy, end turn, confirm a
partner…), selects for spots and choices (build / Tormund / development cards / bank trades,
chunked by 25), a form for trade offers and discards, and the hero's uses. Concrete actions
go through the adapter's index-based move items; what a template needs goes through
Catan's own items (``catan_watch_items``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.components import HandButton, MoveButton, MoveSelect
from bot.discord.panels import Panel, context_token
from bot.discord.text import tr
from bot.games.catan_watch import hero as hero
from bot.games.catan_watch.items import (
    CounterOpen,
    DiscardOpen,
    DiscardSelect,
    HeroTake,
    HeroUse,
    OfferOpen,
    TradeAnswer,
    TradeFinish,
)
from bot.games.catan_watch.names import (
    OPTION,
    RESOURCES,
    action_details,
    action_label,
    hero_use_label,
    res_name,
)
from bot.i18n import Msg, msg
from bot.service import PrivateView
from rules.base import Action, ActionSpec
from rules.canonical_json import canonical_json

Options = Sequence[Action | ActionSpec]
ROWS = 5
PER_ROW = 5
SELECT_SIZE = 25

#: action kinds shown as buttons, in this order, and their styles
BUTTON_KINDS: dict[str, discord.ButtonStyle] = {
    "roll": discord.ButtonStyle.success,
    "give_back": discord.ButtonStyle.primary,
    "take_card": discord.ButtonStyle.primary,
    "pick_development": discord.ButtonStyle.primary,
    "remove_hero": discord.ButtonStyle.primary,
    "buy_development": discord.ButtonStyle.primary,
    "end_turn": discord.ButtonStyle.danger,
}
#: select groups: catalog key of the placeholder -> action kinds
SELECT_GROUPS: dict[str, tuple[str, ...]] = {
    "build": ("place_settlement", "place_road", "place_guard", "place_free_road",
              "build_settlement", "build_keep", "build_road", "build_guard"),
    "tormund": ("move_tormund",),
    "play": ("play_development",),
    "bank": ("bank_trade",),
}


def terms_digest(trade: dict[str, Any] | None) -> str:
    """8 hex chars naming an offer's terms (for the answer buttons' custom ids)."""
    data = canonical_json({"give": (trade or {}).get("give"), "get": (trade or {}).get("get")})
    return hashlib.sha256(data.encode()).hexdigest()[:8]


class _Layout:
    """Fills the five rows: buttons first (five a row), then one select per free row (selects
    are placed by discord.py in the first empty row)."""

    def __init__(self) -> None:
        self.ui = discord.ui.View(timeout=None)
        self.buttons: list[discord.ui.DynamicItem[Any]] = []
        self.selects: list[discord.ui.DynamicItem[Any]] = []
        self.dropped = 0

    def add_button(self, item: discord.ui.DynamicItem[Any]) -> None:
        self.buttons.append(item)

    def add_select(self, item: discord.ui.DynamicItem[Any]) -> None:
        self.selects.append(item)

    def build(self) -> discord.ui.View:
        shown = self.buttons[: (ROWS - 1) * PER_ROW]
        for n, item in enumerate(shown):
            item.row = n // PER_ROW
            self.ui.add_item(item)
        free = ROWS - (len(shown) + PER_ROW - 1) // PER_ROW
        self.dropped = len(self.buttons) - len(shown) + max(0, len(self.selects) - free)
        for item in self.selects[:free]:
            self.ui.add_item(item)
        return self.ui


class CatanMoveUI:
    def panel(self, view: PrivateView, actions: Options, locale: str) -> Panel:
        data = view.view
        phase = data.get("phase")
        lay = _Layout()
        note: Msg | None = None
        if view.awaited and phase == "discard":
            note = self._discard(view, actions, locale, lay)
        elif view.awaited and phase == "trade" and view.seat != data.get("current"):
            self._answers(view, actions, locale, lay)
        elif view.awaited:
            note = self._moves(view, actions, locale, lay)
        lay.add_button(HandButton(view.game_id, locale))
        ui = lay.build()
        if lay.dropped:
            note = msg("catan.ui.more")
        return Panel(ui, note)

    # ---- a 7: secret discards ----------------------------------------------------------------
    def _discard(self, view: PrivateView, actions: Options, locale: str, lay: _Layout) -> Msg:
        you = view.view.get("you") or {}
        hand = you.get("hand") or {}
        need = next((p.get("discard", {}).get("must", 0) for p in view.view.get("players", [])
                     if p["seat"] == view.seat), 0)
        if not any(isinstance(a, ActionSpec) and a.kind == "discard" for a in actions):
            return msg("catan.discard.waiting")
        cards = [(r, i) for r in RESOURCES for i in range(int(hand.get(r, 0)))]
        if need and len(cards) <= SELECT_SIZE:
            options = [discord.SelectOption(label=tr("catan.discard.card", locale, limit=OPTION,
                                                     res=res_name(r, locale), n=i + 1),
                                            value=f"{r}:{i}") for r, i in cards]
            lay.add_select(DiscardSelect(view.game_id, view.seat, view.version, options,
                                         tr("catan.discard.placeholder", locale, n=need),
                                         need=need))
        lay.add_button(DiscardOpen(view.game_id, view.seat,
                                   tr("catan.discard.form", locale, n=need)))
        return msg("catan.discard.note", n=need)

    # ---- the open offer: accept / decline / counter ------------------------------------------
    def _answers(self, view: PrivateView, actions: Options, locale: str, lay: _Layout) -> None:
        for item in answer_items(view.game_id, view.view, locale,
                                 can_accept=Action("accept_trade") in actions):
            lay.add_button(item)

    # ---- everything else -------------------------------------------------------------------
    def _moves(self, view: PrivateView, actions: Options, locale: str, lay: _Layout
               ) -> Msg | None:
        data = view.view
        ctx = context_token(view, actions)
        concrete = [(i, a) for i, a in enumerate(actions) if isinstance(a, Action)]
        for _i, a in concrete:
            if a.kind in ("confirm_trade", "cancel_trade"):
                partner = int(a.params["partner"]) if a.kind == "confirm_trade" else None
                lay.add_button(TradeFinish(view.game_id, view.seat, view.version, partner,
                                           action_label(data, a, locale, 80)))
        for kind, style in BUTTON_KINDS.items():
            for i, a in concrete:
                if a.kind == kind:
                    lay.add_button(MoveButton(view.game_id, view.seat, view.version, ctx, i,
                                              action_label(data, a, locale, 80), style))
            if kind == "buy_development" and any(
                    isinstance(a, ActionSpec) and a.kind == "offer_trade" for a in actions):
                lay.add_button(OfferOpen(view.game_id, view.seat, view.version,
                                         tr("catan.ui.offer", locale)))
        page = 0
        for group, kinds in SELECT_GROUPS.items():
            if group == "play" and any(isinstance(a, ActionSpec) and a.kind == "use_hero"
                                       for a in actions):
                # before the card and bank selects: those are also in /catan move
                self._hero(view, locale, lay)
            items = [(i, a) for i, a in concrete if a.kind in kinds]
            chunks = [items[p:p + SELECT_SIZE] for p in range(0, len(items), SELECT_SIZE)]
            for n, chunk in enumerate(chunks):
                options = [discord.SelectOption(label=action_label(data, a, locale),
                                                description=action_details(data, a, locale),
                                                value=str(i)) for i, a in chunk]
                key = "catan.ui.select" if len(chunks) == 1 else "catan.ui.select_part"
                placeholder = tr(key, locale, what=tr(f"catan.ui.group.{group}", locale),
                                 n=len(items), part=n + 1, parts=len(chunks))
                lay.add_select(MoveSelect(view.game_id, view.seat, view.version, ctx, page,
                                          options, placeholder))
                page += 1
        return None

    def _hero(self, view: PrivateView, locale: str, lay: _Layout) -> None:
        mine = hero.my_hero(view.view, view.seat) or {}
        offer = hero.offer(view.view)
        if not hero.ability_options(view.view, view.seat):
            return
        if mine.get("side") == "B" and offer:
            options = [discord.SelectOption(label=name[:OPTION], value=str(number))
                       for number, name in offer]
            lay.add_select(HeroTake(view.game_id, view.seat, view.version, options,
                                    tr("catan.hero.take", locale, hero=mine.get("name", ""))))
            return
        for item in hero_selects(view, 0, locale):
            lay.add_select(item)


def hero_selects(view: PrivateView, take: int, locale: str) -> list[HeroUse]:
    """Selects over the seat's hero uses (after = flip, or swap taking ``take``)."""
    mine = hero.my_hero(view.view, view.seat) or {}
    uses = hero.ability_options(view.view, view.seat)
    chunks = [list(enumerate(uses))[p:p + SELECT_SIZE] for p in range(0, len(uses), SELECT_SIZE)]
    out: list[HeroUse] = []
    for n, chunk in enumerate(chunks[:4]):
        options = [discord.SelectOption(label=hero_use_label(view.view, u, locale)[:OPTION],
                                        value=str(i)) for i, u in chunk]
        placeholder = tr("catan.hero.use", locale, hero=mine.get("name", ""), part=n + 1,
                         parts=len(chunks))
        out.append(HeroUse(view.game_id, view.seat, view.version, take, n, options,
                           placeholder))
    return out


def answer_items(game_id: int, data: dict[str, Any], locale: str, *, can_accept: bool = True
                 ) -> list[discord.ui.DynamicItem[Any]]:
    """Accept / Decline / Counter for the open offer (the thread post and the DM panel)."""
    turn, digest = int(data.get("turn", 0)), terms_digest(data.get("trade"))
    items: list[discord.ui.DynamicItem[Any]] = []
    if can_accept:
        items.append(TradeAnswer(game_id, turn, digest, "a", tr("catan.trade.accept", locale)))
    items.append(TradeAnswer(game_id, turn, digest, "d", tr("catan.trade.decline", locale)))
    items.append(CounterOpen(game_id, turn, digest, tr("catan.trade.counter", locale)))
    return items


CATAN_UI = CatanMoveUI()

"""Fort's move panel: the generic buttons and selects (``MoveButton``/``MoveSelect``, one per
concrete legal action), but labelled from the seat's view — a Park slot is named by its card,
a rival's Pack by its contents, a ``choose`` by the decision it answers — with "no"-moves
(skip, pass, stop) in grey, and a note that explains the decision at hand (the card to
follow and its public action, the suit that improves, what a dog needs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord.components import HandButton, MoveButton, MoveSelect
from bot.discord.panels import MAX_BUTTONS, MAX_SELECTS, SELECT_SIZE, Panel, context_token
from bot.games.fort.items import DraftPick, FollowChoice
from bot.games.fort.labels import BUTTON, OPTION, label
from bot.games.fort.names import action_text, card_name, need_text, seat_name, suits_text, tr
from bot.i18n import Msg, msg
from bot.service import PrivateView
from rules.base import Action, ActionSpec
from rules.fort.data import ctype

QUIET = frozenset({"skip", "pass", "cancel"})
FOLLOW_KINDS = frozenset({"pass", "follow", "rough", "ready"})


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind in QUIET or action.params.get("stop"):
        return discord.ButtonStyle.secondary
    if action.kind in ("done",):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def _at(item: discord.ui.DynamicItem[Any], row: int) -> discord.ui.DynamicItem[Any]:
    item.row = row
    return item


def note_for(view: Mapping[str, Any], seat: int, locale: str) -> Msg | None:
    """A line explaining the decision the seat faces, or None."""
    pending = view.get("pending") or []
    if not pending:
        return None
    top = pending[-1]
    kind = top.get("kind")
    if kind == "draft":
        return msg("fort.note.draft")
    if kind != "card":
        return None
    card = str(top["card"])
    ct = ctype(card)
    stage = top.get("stage")
    if (stage == "follow" and seat in (top.get("followers") or [])) or (
            stage == "follow2" and top.get("follower") == seat):
        key = "fort.note.follow_window" if stage == "follow" else "fort.note.follow"
        return msg(key, leader=seat_name(int(top["seat"]), locale, view),
                   card=card_name(card, locale), suits=suits_text(card, locale),
                   public=action_text(ct.public, ct, locale))
    if stage == "improve" and ct.x_suit is not None:
        acts = [ct.public if w == "public" else ct.private for w in top.get("order") or []]
        act = next((a for a in acts if a is not None and a.get("x")), ct.public)
        return msg("fort.note.improve", card=card_name(card, locale),
                   action=action_text(act, ct, locale), suit=msg(f"fort.suit.{ct.x_suit}"))
    if stage == "needs":
        return msg("fort.note.needs", card=card_name(card, locale), need=need_text(ct, locale))
    if stage == "mode":
        return msg("fort.note.mode", card=card_name(card, locale),
                   public=action_text(ct.public, ct, locale),
                   private=action_text(ct.private, ct, locale))
    return None


class FortMoveUI:
    """Buttons for up to 20 options (Fort's decisions rarely have more), else selects."""

    def panel(self, view: PrivateView, actions: Sequence[Action | ActionSpec],
              locale: str) -> Panel:
        concrete = [(i, a) for i, a in enumerate(actions) if isinstance(a, Action)]
        ctx = context_token(view, actions)
        ui = discord.ui.View(timeout=None)
        picks = [a for _, a in concrete if a.kind == "pick"]
        pending = view.view.get("pending") or []
        window = bool(pending) and pending[-1].get("kind") == "card" and \
            pending[-1].get("stage") == "follow"
        if window and concrete and len(concrete) <= MAX_BUTTONS and all(
                a.kind in FOLLOW_KINDS for _, a in concrete):
            for n, (_, action) in enumerate(concrete):  # the follow window: secret choices
                card = action.params.get("card")
                ui.add_item(_at(FollowChoice(
                    view.game_id, view.seat, view.version, int(view.view.get("round", 1)),
                    str(pending[-1]["card"]), action.kind,
                    str(card) if card is not None else None,
                    label(action, locale, view.view, view.seat, BUTTON), _style(action)),
                    n // 5))
        elif picks and len(picks) == len(concrete) and len(picks) <= MAX_BUTTONS:
            for n, action in enumerate(picks):  # the draft: picks that survive rivals' picks
                card = str(action.params["card"])
                ui.add_item(_at(DraftPick(view.game_id, view.seat, view.version, card,
                                          label(action, locale, view.view, view.seat, BUTTON)),
                                n // 5))
        elif len(concrete) <= MAX_BUTTONS:
            for n, (i, action) in enumerate(concrete):
                text = label(action, locale, view.view, view.seat, BUTTON)
                ui.add_item(_at(MoveButton(view.game_id, view.seat, view.version, ctx, i, text,
                                           _style(action)), n // 5))
        else:
            pages = [concrete[p:p + SELECT_SIZE] for p in range(0, len(concrete), SELECT_SIZE)]
            for page, chunk in enumerate(pages[:MAX_SELECTS]):
                options = [discord.SelectOption(
                    label=label(a, locale, view.view, view.seat, OPTION), value=str(i))
                    for i, a in chunk]
                placeholder = tr("ui.choose", locale, first=options[0].label,
                                 last=options[-1].label)[:150]
                ui.add_item(_at(MoveSelect(view.game_id, view.seat, view.version, ctx, page,
                                           options, placeholder), page))
        ui.add_item(_at(HandButton(view.game_id, locale), 4))
        note = note_for(view.view, view.seat, locale) if concrete else None
        return Panel(ui, note)


FORT_UI = FortMoveUI()

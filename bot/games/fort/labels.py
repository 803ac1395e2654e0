"""Every Fort move in words, with card names: the labels of buttons (≤ 80 characters) and
select options (≤ 100).

``label(action, locale, view, seat)`` reads the seat's view for what the action's parameters
point at (a Park slot's card, the decision being taken); ``action_label(action, locale)`` —
the front's hook for the generic UI — works from the action alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.fort.names import card_name, seat_name, steps_text, tr
from bot.i18n import as_msg, msg
from rules.base import Action
from rules.fort.data import ctype, tables
from rules.fort.describe import amount, amounts

BUTTON = 80
OPTION = 100
OTHER = {"pizza": "toy", "toy": "pizza"}


def _top(view: Mapping[str, Any] | None) -> Mapping[str, Any]:
    pending = (view or {}).get("pending") or []
    return pending[-1] if pending else {}


def _park(view: Mapping[str, Any] | None, slot: Any) -> str | None:
    park = (view or {}).get("park") or []
    i = int(slot) if isinstance(slot, int) else -1
    return str(park[i]) if 0 <= i < len(park) else None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def label(action: Action, locale: str | None = None, view: Mapping[str, Any] | None = None,
          seat: int | None = None, limit: int = BUTTON) -> str:
    return _clip(_label(action, locale or "en", view, seat), limit)


def action_label(action: Action, locale: str) -> str:
    """The front's ``action_label`` hook: the move in words without a view."""
    return label(action, locale)


def _label(a: Action, loc: str, view: Mapping[str, Any] | None, seat: int | None) -> str:
    p = a.params
    kind = a.kind
    top = _top(view)
    if kind == "pick":
        return tr("fort.act.pick", loc, card=card_name(str(p["card"]), loc))
    if kind == "skip":
        return tr("fort.act.skip", loc)
    if kind == "play":
        cid = str(p["card"])
        key = "fort.act.play_dog" if ctype(cid).kind == "dog" else "fort.act.play"
        return tr(key, loc, card=card_name(cid, loc))
    if kind == "cat":
        cat = str(p["cat"])
        return tr("fort.act.cat", loc, cat=msg(f"fort.cat.{cat}"),
                  steps=steps_text(tables().cats[cat]["ability"]["steps"], loc))
    if kind == "perk":
        return tr(f"fort.act.perk_{p['perk']}", loc)
    if kind == "mode":
        return tr(f"fort.act.mode_{p['mode']}", loc)
    if kind == "add":
        return _add(a, loc, top)
    if kind == "done":
        return tr("fort.act.needs_done" if top.get("stage") == "needs" else "fort.act.improve_done",
                  loc)
    if kind == "cancel":
        return tr("fort.act.cancel", loc)
    if kind == "follow":
        key = "fort.act.follow2" if top.get("stage") == "follow2" else "fort.act.follow"
        return tr(key, loc, card=card_name(str(p["card"]), loc))
    if kind == "pass":
        stage = top.get("stage")
        if stage == "follow2":
            return tr("fort.act.pass_follow2", loc)
        if stage == "do_over":
            return tr("fort.act.pass_do_over", loc)
        return tr("fort.act.pass", loc)
    if kind == "rough":
        return tr("fort.act.rough", loc)
    if kind == "ready":
        return tr("fort.act.ready", loc)
    if kind == "do_over":
        return tr("fort.act.do_over", loc)
    if kind == "recruit":
        return _recruit(a, loc, view)
    if kind == "choose":
        return _choose(a, loc, view, seat, str(top.get("what") or ""))
    return tr("fort.act.other", loc, kind=kind)


def _add(a: Action, loc: str, top: Mapping[str, Any]) -> str:
    p = a.params
    card = card_name(str(p["card"]), loc)
    if top.get("stage") == "improve" or (not top and "as" not in p and "from" not in p):
        return tr("fort.act.improve_add", loc, card=card)
    where = "fort.act.need_add_lookout" if p.get("from") == "lookout" else "fort.act.need_add"
    out = tr(where, loc, card=card)
    if p.get("as"):
        out = tr("fort.act.need_as", loc, add=out, suit=msg(f"fort.suit.{p['as']}"))
    return out


def _taken(stem: str, a: Action, loc: str, view: Mapping[str, Any] | None) -> str:
    """A card taken from the deck, a park slot (its card named when the view shows it) or else
    a seat's yard, in the words of ``fort.act.<stem>_deck|_slot|_park|_yard``."""
    p = a.params
    src = p.get("from")
    if src == "deck":
        return tr(f"fort.act.{stem}_deck", loc)
    if src == "park":
        card = _park(view, p.get("slot"))
        if card is None:
            return tr(f"fort.act.{stem}_slot", loc, slot=int(p.get("slot", 0)) + 1)
        return tr(f"fort.act.{stem}_park", loc, card=card_name(card, loc))
    return tr(f"fort.act.{stem}_yard", loc, card=card_name(str(p["card"]), loc),
              seat=seat_name(int(p["seat"]), loc, view))


def _recruit(a: Action, loc: str, view: Mapping[str, Any] | None) -> str:
    return _taken("recruit", a, loc, view)


def _guess(p: Mapping[str, Any]) -> str:
    """Which choice a ``choose`` action answers, from its parameters alone (no view)."""
    keys = set(p)
    if "stop" in keys:
        return ""
    if "perk" in keys:
        return "perk_pick"
    if keys == {"res", "from"}:
        return "pack"
    if keys == {"res"}:
        return "res"
    if keys == {"seat"}:
        return "copy_rival_pack"
    if keys == {"seat", "card"}:
        return "trash_rival"
    if p.get("from") in ("park", "deck", "yard"):
        return "lookout"
    if p.get("from") in ("hand", "discard"):
        return "trash"
    if keys == {"slot"}:
        return "copy_kid"
    return "card"


def _choose(a: Action, loc: str, view: Mapping[str, Any] | None, seat: int | None,
            what: str) -> str:
    p = a.params
    if p.get("stop"):
        return tr(f"fort.act.stop_{what}" if what in _STOPS else "fort.act.stop", loc)
    what = what or _guess(p)
    if what == "perk_pick":
        return tr("fort.act.perk_pick", loc, perk=msg(f"fort.perk.{p['perk']}"),
                  text=msg(f"fort.perk_text.{p['perk']}"))
    if what == "copy_kid":
        card = _park(view, p.get("slot"))
        if card is None:
            return tr("fort.act.copy_slot", loc, slot=int(p.get("slot", 0)) + 1)
        ct = ctype(card)
        return tr("fort.act.copy_kid", loc, card=card_name(card, loc),
                  steps=steps_text(ct.public["steps"] if ct.public else [], loc,
                                   ct.x_suit if ct.public and ct.public.get("x") else None))
    if what == "pack":
        key = "fort.act.pack_supply" if p.get("from") == "supply" else "fort.act.pack"
        return tr(key, loc, amount=as_msg(amount(str(p["res"]), 1)))
    if what == "convert":
        res = str(p["res"])
        return tr("fort.act.convert", loc, amount=as_msg(amount(res, 1)),
                  into_amount=as_msg(amount(OTHER[res], 1)))
    if what == "gather_type":
        return tr("fort.act.gather", loc, res=msg(f"fort.res.{p['res']}"))
    if what == "res":
        return tr("fort.act.res", loc, res=msg(f"fort.res.{p['res']}"))
    if what == "copy_rival_pack":
        rival = int(p["seat"])
        pack = _pack_of(view, rival)
        if pack is None:
            return tr("fort.act.copy_pack", loc, seat=seat_name(rival, loc, view))
        stuff = [as_msg(x) for x in amounts(*pack)]
        return tr("fort.act.copy_pack_n" if stuff else "fort.act.copy_pack_empty", loc,
                  seat=seat_name(rival, loc, view), stuff=stuff)
    if what == "trash_rival":
        return tr("fort.act.trash_rival", loc, card=card_name(str(p["card"]), loc),
                  seat=seat_name(int(p["seat"]), loc, view))
    if what == "lookout":
        return _lookout(a, loc, view)
    if what == "trash":
        key = "fort.act.trash_discard" if p.get("from") == "discard" else "fort.act.trash_hand"
        return tr(key, loc, card=card_name(str(p["card"]), loc))
    if what == "recycle":
        return tr("fort.act.recycle", loc, card=card_name(str(p["card"]), loc))
    if "card" in p:
        return tr("fort.act.card", loc, card=card_name(str(p["card"]), loc))
    return tr("fort.act.other", loc, kind=a.kind)


_STOPS = frozenset({"pack", "lookout", "trash", "convert", "recycle"})


def _lookout(a: Action, loc: str, view: Mapping[str, Any] | None) -> str:
    if a.params.get("from", "hand") in ("deck", "park", "yard"):
        return _taken("lookout", a, loc, view)
    return tr("fort.act.lookout", loc, card=card_name(str(a.params["card"]), loc))


def _pack_of(view: Mapping[str, Any] | None, seat: int) -> tuple[int, int] | None:
    for pl in (view or {}).get("players", []):
        if int(pl["seat"]) == seat:
            pack = pl.get("pack") or {}
            return int(pack.get("pizza", 0)), int(pack.get("toy", 0))
    return None

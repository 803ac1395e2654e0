"""Fort in words, from the catalog: card, suit, seat, perk, rule and cat names, what a card's
actions do (step by step), dog needs, cat lures, and the phase the public view is in.

Everything here reads public data only (the content pack's card texts and a view), so the
board image, the panels and the embeds can all use it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.i18n import msg, render
from bot.render.names import display_name
from rules.fort.data import CardType, ctype, tables

SUIT_ORDER = ("book", "crown", "glue", "shovel", "skateboard", "squirt_gun", "coin")
COLOURS = ("red", "yellow", "green", "orange")


def tr(key: str, locale: str | None = None, **params: Any) -> str:
    """A catalog message in ``locale`` as plain text (no Discord markup)."""
    return render(msg(key, **params), locale)


# ---- names ---------------------------------------------------------------------------------
def card_name(cid: str, locale: str | None = None) -> str:
    return tr(f"fort.card.{ctype(cid).id}", locale)


def _names(kind: str) -> Callable[..., str]:
    """The name of a Fort thing of ``kind``, by its id: the catalog's ``fort.<kind>.<id>``."""
    def name(thing: str, locale: str | None = None) -> str:
        return tr(f"fort.{kind}.{thing}", locale)

    return name


suit_name = _names("suit")
res_name = _names("res")
perk_name = _names("perk")
rule_name = _names("rule")
cat_name = _names("cat")


def colour_of(seat: int, view: Mapping[str, Any] | None = None) -> str:
    """A seat's board colour (from the view when it has the seat, else the board order)."""
    if view is not None:
        for p in view.get("players", []):
            if int(p["seat"]) == seat:
                return str(p["colour"])
    boards = tables().boards
    return boards[seat][0] if 0 <= seat < len(boards) else COLOURS[seat % len(COLOURS)]


def seat_name(seat: int | None, locale: str | None = None,
              view: Mapping[str, Any] | None = None) -> str:
    if seat is None:
        return tr("fort.nobody", locale)
    return tr("fort.seat", locale, colour=msg(f"fort.colour.{colour_of(seat, view)}"))


def suits_text(cid: str, locale: str | None = None) -> str:
    """The card's symbols, a double shown twice ("book + book")."""
    return tr("fort.txt.suits", locale,
              suits=[msg(f"fort.suit.{s}") for s in ctype(cid).suits])


def names_list(cards: Sequence[str], locale: str | None = None) -> str:
    return ", ".join(card_name(c, locale) for c in cards) if cards else tr("fort.none", locale)


# ---- what cards do -------------------------------------------------------------------------
def step_text(step: Mapping[str, Any], locale: str | None = None,
              x_suit: str | None = None) -> str:
    """One step of an action in words ("gather 1 pizza for each book")."""
    op = str(step["op"])
    n = int(step.get("n", 1))
    if op == "gather":
        out = tr(f"fort.step.gather_{step['res']}", locale, n=n)
    elif op == "spend":
        out = tr(f"fort.step.spend_{step['res']}", locale, n=n)
    elif op == "trash":
        key = "fort.step.trash_discard" if step.get("from") == "discard" else "fort.step.trash"
        out = tr(key, locale, n=n)
    elif op == "advance":
        discount = int(step.get("discount", 0))
        out = (tr("fort.step.advance_discount", locale, n=discount) if discount
               else tr("fort.step.advance", locale))
    elif op in ("pack", "lookout", "recruit", "score", "convert", "draw"):
        out = tr(f"fort.step.{op}", locale, n=n)
    else:  # trash_self, trash_rival, copy_pack, copy_rival_pack, copy_kid
        out = tr(f"fort.step.{op}", locale)
    if step.get("x") and x_suit is not None:
        out = tr("fort.step.x", locale, step=out, each=msg(f"fort.each.{x_suit}"))
    return out


def steps_text(steps: Sequence[Mapping[str, Any]], locale: str | None = None,
               x_suit: str | None = None) -> str:
    shown = [step_text(s, locale, x_suit) for s in steps if s.get("op") != "kennel"]
    return tr("fort.txt.steps", locale, steps=shown) if shown else tr("fort.none", locale)


def action_text(act: Mapping[str, Any] | None, ct: CardType, locale: str | None = None) -> str:
    if act is None:
        return tr("fort.none", locale)
    return steps_text(act.get("steps", []), locale, ct.x_suit if act.get("x") else None)


def need_text(ct: CardType, locale: str | None = None) -> str:
    """A dog's needs in words."""
    need = ct.need or {}
    kind = need.get("type")
    n = int(need.get("n", 0))
    if kind == "suit":
        out = tr("fort.need.suit", locale, n=n, suit=msg(f"fort.suit.{need['suit']}"))
    elif kind == "distinct":
        out = tr("fort.need.distinct", locale, n=n)
        if need.get("exclude"):
            out = tr("fort.need.exclude", locale, need=out,
                     suits=[msg(f"fort.suit.{s}") for s in need["exclude"]])
    elif kind == "cards":
        out = tr("fort.need.cards", locale, n=n)
    elif kind == "resources":
        what = [msg(f"fort.need.{res}", n=int(need.get(res, 0))) for res in ("pizza", "toy")
                if int(need.get(res, 0)) > 0]
        out = tr("fort.need.resources", locale, what=what)
    else:
        out = tr("fort.none", locale)
    if need.get("hand_only"):
        out = tr("fort.need.hand_only", locale, need=out)
    return out


def card_line(cid: str, locale: str | None = None) -> str:
    """A card for a reference list: name, symbols and what it does."""
    ct = ctype(cid)
    name, suits = card_name(cid, locale), suits_text(cid, locale)
    if ct.kind == "dog":
        key = "fort.txt.dog_left" if ct.kennel == "left" else "fort.txt.dog"
        return tr(key, locale, name=name, suits=suits, need=need_text(ct, locale),
                  action=action_text(ct.public, ct, locale))
    key = "fort.txt.kid_bf" if ct.best_friend else "fort.txt.kid"
    return tr(key, locale, name=name, suits=suits, public=action_text(ct.public, ct, locale),
              private=action_text(ct.private, ct, locale))


def lure_text(cat: str, locale: str | None = None) -> str:
    lure = tables().cats[cat]["lure"]
    if "distinct" in lure:
        return tr("fort.lure.distinct", locale, n=int(lure["distinct"]))
    return tr("fort.lure.suit", locale, n=int(lure.get("n", 1)),
              suit=msg(f"fort.suit.{lure['suit']}"))


def cat_ability_text(cat: str, locale: str | None = None) -> str:
    ability = tables().cats[cat]["ability"]
    return tr(f"fort.trigger.{ability['trigger']}", locale,
              steps=steps_text(ability["steps"], locale))


def cat_line(cat: str, locale: str | None = None) -> str:
    return tr("fort.txt.cat", locale, name=cat_name(cat, locale), lure=lure_text(cat, locale),
              ability=cat_ability_text(cat, locale))


def perk_line(perk: str, locale: str | None = None) -> str:
    return tr("fort.txt.named", locale, name=perk_name(perk, locale),
              text=tr(f"fort.perk_text.{perk}", locale))


def rule_line(rule: str, locale: str | None = None) -> str:
    return tr("fort.txt.named", locale, name=rule_name(rule, locale),
              text=tr(f"fort.rule_text.{rule}", locale))


# ---- the phase, from a view ----------------------------------------------------------------
def phase_text(view: Mapping[str, Any], locale: str | None = None) -> str:
    """What the table is doing now ("Round 3 — Green may follow Bud"), from any view."""
    if view.get("result") is not None:
        return tr("fort.phase.over", locale)
    pending = view.get("pending") or []
    if not pending:
        return tr("fort.phase.over", locale)
    top = pending[-1]
    kind = str(top.get("kind"))
    seat = top.get("seat")
    who = _who(int(seat), locale, view) if isinstance(seat, int) else ""
    if kind == "draft":
        inner = tr("fort.phase.draft", locale, round=int(top.get("round", 1)))
    elif kind == "card" and top.get("stage") == "follow":
        inner = tr("fort.phase.follow_open", locale, seat=who,
                   card=card_name(str(top["card"]), locale))
    elif kind == "card" and top.get("follower") is not None:
        inner = tr("fort.phase.follow", locale,
                   seat=_who(int(top["follower"]), locale, view),
                   card=card_name(str(top["card"]), locale))
    elif kind == "card":
        inner = tr("fort.phase.card", locale, seat=who, card=card_name(str(top["card"]), locale))
    elif kind == "choice":
        inner = tr(f"fort.phase.choice_{top.get('what')}", locale, seat=who)
    elif kind in ("play", "recruit", "resolve", "turn"):
        inner = tr(f"fort.phase.{kind}", locale, seat=who)
    else:
        inner = kind
    return tr("fort.phase.round", locale, round=int(view.get("round", 1)), phase=inner)


def _who(seat: int, locale: str | None, view: Mapping[str, Any]) -> str:
    """The player's name where the view carries the names (a board), else the seat's colour;
    the board's legend pairs the two."""
    return display_name(view, seat) or seat_name(seat, locale, view)


def waiting_text(view: Mapping[str, Any], locale: str | None = None) -> str:
    seats = [int(s) for s in view.get("awaiting", [])]
    if not seats:
        return tr("fort.none", locale)
    return ", ".join(seat_name(s, locale, view) for s in seats)

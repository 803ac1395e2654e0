"""Human names for Catan spots, cards and moves — the names the board image and the game
log use (``rules.catan_watch.names``: hexes lettered A, B, C…, corners ``A/B/E``, paths
``A–B``). Descriptions add terrain and numbers ("Forest 8 · Hills 5 · 3:1 harbour") and the
engine's id ("corner 23").

Everything here reads a view the service already redacted for its viewer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord.text import say, tr
from rules.base import Action
from rules.catan_watch.names import letter, spot_names, spot_text

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
LABEL = 80  # button labels
OPTION = 100  # select option labels/descriptions, autocomplete names
COLOURS = ("red", "blue", "orange", "white")


def seat_name(seat: int, locale: str) -> str:
    colour = tr(f"catan.colour.{COLOURS[seat % len(COLOURS)]}", locale)
    return tr("catan.seat", locale, seat=seat + 1, colour=colour)


def res_name(res: str, locale: str) -> str:
    return tr(f"catan.res.{res}", locale) if res in RESOURCES else res


def counts_text(counts: Mapping[str, int] | None, locale: str) -> str:
    """``{"brick": 2, "ore": 1}`` → "2 brick, 1 ore" (Czech "2 cihly, 1 ruda": the catalog's
    plural forms; empty → "nothing")."""
    parts = [tr(f"catan.n.{r}", locale, n=n)
             for r in RESOURCES if (n := int((counts or {}).get(r, 0)))]
    return ", ".join(parts) if parts else tr("catan.nothing", locale)


# ---- the board's spot names (rules.catan_watch.names: the log uses the same) -------------
def spot_codes(board: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return spot_names(str(board["shape"]))


def hex_text(board: Mapping[str, Any], h: int, locale: str) -> str:
    """"Forest 8", "Ice Field"."""
    info = board["hexes"][h]
    terrain = tr(f"catan.terrain.{info['terrain']}", locale)
    return f"{terrain} {info['number']}" if info.get("number") else terrain


def hex_label(board: Mapping[str, Any], h: int, locale: str) -> str:
    """"E · Forest 8"."""
    return tr("catan.hex", locale, letter=letter(h), text=hex_text(board, h, locale))


def harbour_text(kind: str | None, locale: str) -> str:
    if not kind:
        return ""
    if kind == "3:1":
        return tr("catan.harbour_any", locale)
    return tr("catan.harbour_res", locale, res=res_name(kind.split()[-1], locale))


def corner_code(board: Mapping[str, Any], v: int) -> str:
    return spot_codes(board)[0][v]


def path_code(board: Mapping[str, Any], e: int) -> str:
    return spot_codes(board)[1][e]


def corner_name(board: Mapping[str, Any], v: int, locale: str) -> str:
    """The corner's code as a reader of ``locale`` reads it ("A (SZ)" in Czech)."""
    return say(spot_text(corner_code(board, v)), locale)


def path_name(board: Mapping[str, Any], e: int, locale: str) -> str:
    return say(spot_text(path_code(board, e)), locale)


def corner_details(board: Mapping[str, Any], v: int, locale: str) -> str:
    info = board["vertices"][v]
    parts = [hex_text(board, h, locale) for h in sorted(info["hexes"])]
    if info.get("harbour"):
        parts.append(harbour_text(info["harbour"], locale))
    parts.append(tr("catan.corner_id", locale, id=v))
    return " · ".join(parts)


def path_details(board: Mapping[str, Any], e: int, locale: str) -> str:
    a, b = board["edges"][e]
    shared = sorted(set(board["vertices"][a]["hexes"]) & set(board["vertices"][b]["hexes"]))
    parts = [hex_text(board, h, locale) for h in shared]
    parts.append(tr("catan.path_id", locale, id=e))
    return " · ".join(parts)


# ---- actions ------------------------------------------------------------------------------
DEV_CARDS = ("watch", "road_building", "winter_is_coming", "new_recruits", "victory_point")


def dev_name(card: str, locale: str) -> str:
    return tr(f"catan.dev.{card}", locale) if card in DEV_CARDS else card


def _hero_names(view: Mapping[str, Any]) -> dict[int, str]:
    names: dict[int, str] = {}
    wall = view.get("wall") or {}
    for h in wall.get("hero_offer", []):
        names[int(h["number"])] = str(h["name"])
    for p in view.get("players", []):
        hero = p.get("hero")
        if hero:
            names[int(hero["number"])] = str(hero["name"])
    return names


def _tormund_target(view: Mapping[str, Any], params: Mapping[str, Any], locale: str) -> str:
    board = view["board"]
    where = hex_label(board, int(params["hex"]), locale)
    if params.get("victim") is None:
        return tr("catan.act.tormund_to", locale, hex=where)
    return tr("catan.act.tormund_rob", locale, hex=where,
              victim=seat_name(int(params["victim"]), locale))


def action_label(view: Mapping[str, Any], action: Action, locale: str,
                 limit: int = OPTION) -> str:
    """A short label for a concrete action (buttons, select options, autocomplete)."""
    k, p = action.kind, action.params
    board = view["board"]
    if k in ("place_settlement", "build_settlement"):
        text = tr("catan.act.settlement", locale,
                  spot=corner_name(board, int(p["vertex"]), locale))
    elif k == "build_keep":
        text = tr("catan.act.keep", locale, spot=corner_name(board, int(p["vertex"]), locale))
    elif k in ("place_road", "build_road", "place_free_road"):
        text = tr("catan.act.road", locale, spot=path_name(board, int(p["edge"]), locale))
    elif k in ("place_guard", "build_guard"):
        text = tr("catan.act.guard", locale, section=int(p["section"]) + 1)
    elif k == "move_tormund":
        text = _tormund_target(view, p, locale)
    elif k == "bank_trade":
        rates = (view.get("you") or {}).get("bank_rates", {})
        give = str(p["give"])
        text = tr("catan.act.bank", locale, n=rates.get(give, 4), give=res_name(give, locale),
                  get=res_name(str(p["get"]), locale))
    elif k == "play_development":
        text = _play_label(view, p, locale)
    elif k == "confirm_trade":
        text = _confirm_label(view, int(p["partner"]), locale)
    elif k == "give_back":
        text = tr("catan.act.give_back", locale, res=res_name(str(p["resource"]), locale))
    elif k == "take_card":
        text = tr("catan.act.take_card", locale, res=res_name(str(p["resource"]), locale))
    elif k == "pick_development":
        cards = (view.get("you") or {}).get("melisandre_cards") or []
        i = int(p["index"])
        card = cards[i] if 0 <= i < len(cards) else "?"
        text = tr("catan.act.pick", locale, card=dev_name(card, locale))
    elif k == "remove_hero":
        hero = int(p["hero"])
        text = tr("catan.act.remove_hero", locale,
                  hero=_hero_names(view).get(hero, f"#{hero}"))
    elif k == "use_hero":
        text = hero_use_label(view, p, locale)
    else:
        text = tr(f"catan.act.{k}", locale)
    return text[:limit]


def action_details(view: Mapping[str, Any], action: Action, locale: str) -> str | None:
    """A select option's description: terrain and numbers of the spot, or None."""
    k, p = action.kind, action.params
    board = view["board"]
    if k in ("place_settlement", "build_settlement", "build_keep"):
        return corner_details(board, int(p["vertex"]), locale)[:OPTION]
    if k in ("place_road", "build_road", "place_free_road"):
        return path_details(board, int(p["edge"]), locale)[:OPTION]
    if k in ("place_guard", "build_guard"):
        sections = (view.get("wall") or {}).get("sections") or []
        s = int(p["section"])
        guards = len(sections[s]["guards"]) if s < len(sections) else 0
        return tr("catan.act.guard_details", locale, n=guards)[:OPTION]
    return None


def _play_label(view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
    card = str(p.get("card"))
    name = dev_name(card, locale)
    if card == "watch" and "hex" in p:
        what = _tormund_target(view, p, locale)
    elif card == "watch" and "wildling_hex" in p:
        what = tr("catan.act.drive_out", locale,
                  hex=hex_label(view["board"], int(p["wildling_hex"]), locale))
    elif card == "winter_is_coming":
        what = " + ".join(res_name(str(r), locale) for r in p.get("resources", []))
    elif card == "new_recruits":
        what = tr("catan.act.guard", locale, section=int(p["section"]) + 1)
    else:
        return tr("catan.act.play", locale, card=name)
    return tr("catan.act.play_with", locale, card=name, what=what)


def _confirm_label(view: Mapping[str, Any], partner: int, locale: str) -> str:
    trade = view.get("trade") or {}
    terms = (trade.get("responses") or {}).get(str(partner)) or {}
    return tr("catan.act.confirm", locale, partner=seat_name(partner, locale),
              give=counts_text(terms.get("give"), locale),
              get=counts_text(terms.get("get"), locale))


def hero_use_label(view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
    """What a hero use does, from its parameters (the hero is the viewer's own)."""
    board = view["board"]
    bits: list[str] = []
    if "give" in p and "get" in p:
        bits.append(f"{res_name(str(p['give']), locale)} → {res_name(str(p['get']), locale)}")
    if "target" in p:
        bits.append(seat_name(int(p["target"]), locale))
    if "targets" in p:
        bits.append(", ".join(seat_name(int(t), locale) for t in p["targets"]))
    if "resource" in p:
        bits.append(res_name(str(p["resource"]), locale))
    if "from_edge" in p:
        bits.append(f"{path_name(board, int(p['from_edge']), locale)} → "
                    f"{path_name(board, int(p['to_edge']), locale)}")
    if "section" in p:
        bits.append(tr("catan.wall_section", locale, section=int(p["section"]) + 1))
    if "replace" in p:
        bits.append(tr("catan.act.replace", locale, old=res_name(str(p["replace"]), locale),
                       new=res_name(str(p["with"]), locale)))
    if "clan" in p:
        bits.append(tr("catan.act.camp", locale, clan=int(p["clan"]) + 1,
                       camp=int(p["camp"]) + 1))
    if "hex" in p:
        bits.append(hex_label(board, int(p["hex"]), locale))
    return " · ".join(bits) or tr("catan.act.hero_plain", locale)


def terms_text(give: Mapping[str, int] | None, get: Mapping[str, int] | None,
               locale: str) -> str:
    return tr("catan.terms", locale, give=counts_text(give, locale),
              get=counts_text(get, locale))

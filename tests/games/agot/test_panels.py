"""AGoT panels over many random positions, without Discord: every panel fits Discord's
limits, every custom id routes to a registered item, every distinct concrete choice is
offered, and nothing a seat sees changes when another seat's secrets change."""

from __future__ import annotations

import json
from typing import Any

from bot.discord.panels import Panel, dynamic_items
from bot.games.agot.codes import (
    decode_march,
    decode_muster,
    decode_pick,
    encode_march,
    encode_muster,
    muster_combos,
)
from bot.games.agot.embed import agot_private_embed
from bot.games.agot.labels import action_label
from bot.games.agot.panels import agot_panel
from bot.service import PrivateView
from rules.agot import RULES
from rules.agot.state import State
from rules.base import Action, ActionSpec
from rules.rng import Rng

TEMPLATES = [item.__discord_ui_compiled_template__ for item in dynamic_items()]


def private(st: State, seat: int, version: int) -> PrivateView:
    awaited = seat in RULES.awaiting(st)
    return PrivateView(1, "agot", seat, f"Seat {seat + 1}", RULES.view(st, seat), awaited,
                       RULES.progress(st, seat) if awaited else "", version)


def rows_of(panel: Panel) -> list[dict[str, Any]]:
    assert panel.view is not None
    return [dict(r) for r in panel.view.to_components()]


def check_limits(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    assert len(rows) <= 5
    flat: list[dict[str, Any]] = []
    for row in rows:
        comps = row["components"]
        assert 1 <= len(comps) <= 5
        if any(c["type"] == 3 for c in comps):
            assert len(comps) == 1
        flat += comps
    ids = [c["custom_id"] for c in flat]
    assert len(ids) == len(set(ids)), ids
    for c in flat:
        cid = c["custom_id"]
        assert len(cid) <= 100, cid
        assert any(t.fullmatch(cid) for t in TEMPLATES), cid
        if c["type"] == 2:
            assert 1 <= len(c["label"]) <= 80
        else:
            opts = c["options"]
            assert 1 <= len(opts) <= 25
            assert len({o["value"] for o in opts}) == len(opts)
            assert sum(1 for o in opts if o.get("default")) <= c["max_values"]
            assert 1 <= c["max_values"] <= len(opts) and 0 <= c["min_values"] <= c["max_values"]
            for o in opts:
                assert 1 <= len(o["label"]) <= 100 and len(o["value"]) <= 100
                assert len(o.get("description") or "") <= 100
            assert len(c.get("placeholder") or "") <= 150
    return flat


def offered(flat: list[dict[str, Any]], actions: list[Action | ActionSpec]) -> set[Action]:
    """The concrete actions one click on this panel submits (index items and picks)."""
    out: set[Action] = set()
    for c in flat:
        cid = c["custom_id"]
        if cid.startswith("mst:mv:"):
            out.add(actions[int(cid.rsplit(":", 1)[1])])  # type: ignore[arg-type]
        elif cid.startswith("mst:ms:"):
            out |= {actions[int(o["value"])] for o in c["options"]}  # type: ignore[misc]
        elif cid.startswith("agot:pk:"):
            decoded = decode_pick(cid.split(":", 5)[5])
            assert decoded is not None
            out.add(decoded[0])
        elif cid.startswith("agot:pl:"):
            for o in c["options"]:
                decoded = decode_pick(o["value"])
                assert decoded is not None
                out.add(decoded[0])
    return out


DRAFTED = {"place_order": "agot:os:", "march": "agot:m", "muster": "agot:g",
           "destroy_units": "agot:du:"}


def check_offers(flat: list[dict[str, Any]], actions: list[Action | ActionSpec],
                 view: PrivateView) -> None:
    clickable = offered(flat, actions)
    labels = {action_label(a, view.view, "en") for a in clickable}
    ids = " ".join(c["custom_id"] for c in flat)
    for a in actions:
        if isinstance(a, ActionSpec):
            if a.kind in DRAFTED:
                assert DRAFTED[a.kind] in ids, (a.kind, ids)
            continue
        if a.kind == "raven_swap":
            old = view.view["board"][a.params["area"]]["order"]["label"]
            if action_label(a, view.view, "en").endswith(f"→ {old}"):
                continue  # swapping for an identical token changes nothing
        if a.kind == "bid" and a.params["amount"] > 24:
            continue
        assert a in clickable or action_label(a, view.view, "en") in labels, (a, labels)


def seen_by(st: State, seat: int, version: int) -> str:
    view = private(st, seat, version)
    panel = agot_panel(view, RULES.legal_actions(st, seat), "en")
    return json.dumps([rows_of(panel), agot_private_embed(view, "en").to_dict(),
                       panel.note.params if panel.note else None], sort_keys=True, default=str)


#: Random games (seed = player count + 3 * k) that between them reach every kind of decision.
SEEDS = (575, 791, 582, 529)
ALL_PHASES = {"planning", "raven", "raids", "marches", "battle:support", "battle:cards",
              "battle:blade_wait", "battle:casualties_wait", "battle:retreat_wait",
              "battle:effect_wait", "muster", "supply", "clash:bid", "clash:tie",
              "wildlings:bid", "wildlings:tie", "wildlings:reclaim", "wildlings:penalty"}


async def test_random_positions_fit_discord_and_hide_others_secrets() -> None:
    phases: set[str] = set()
    for seed in SEEDS:
        n = 3 + seed % 3
        rng = Rng(seed)
        st = RULES.new_game({}, n, seed)
        version = 0
        while RULES.result(st) is None and version < 700:
            phases.add(RULES.view(st, None)["phase"])
            for seat in range(n):
                view = private(st, seat, version)
                actions = RULES.legal_actions(st, seat)
                panel = agot_panel(view, actions, "en")
                flat = check_limits(rows_of(panel))
                embed = agot_private_embed(view, "en")
                assert len(embed) <= 6000 and len(embed.fields) <= 25
                if view.awaited:
                    check_offers(flat, actions, view)
                other = (seat + 1 + version % (n - 1)) % n
                changed = RULES.perturb_hidden(st, other, Rng(version))
                if changed is not None:
                    assert seen_by(changed, seat, version) == seen_by(st, seat, version)
            seat = rng.choice(sorted(RULES.awaiting(st)))
            st, _ = RULES.apply(st, seat, RULES.random_action(st, seat, rng))
            version += 1
    assert phases >= ALL_PHASES, ALL_PHASES - phases


def test_drafts_round_trip() -> None:
    assert decode_march(encode_march([0, 3, 12], True), 3) == ([0, 3, 12], True)
    assert decode_march("garbage", 2) == ([0, 0], False)
    assert decode_muster(encode_muster([0, 5, 21]), 3) == [0, 5, 21]
    assert decode_muster("", 2) == [0, 0]
    assert decode_pick("b.3") == (Action("bid", {"amount": 3, "ready": True}), True)
    assert decode_pick("t.2.0.1") == (Action("order_ties", {"ranking": [2, 0, 1]}), False)
    assert decode_pick("x.1") is None and decode_pick("b.-1") is None


def test_a_stronghold_offers_knights_pairs_and_ships() -> None:
    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, 1)
    view = RULES.view(st, 1)  # Lannister: Lannisport is a stronghold by the Golden Sound
    combos = muster_combos("lannisport", view)
    kinds = [[b["unit"] for b in c] for c in combos]
    assert [] in kinds and ["knight"] in kinds and ["footman", "footman"] in kinds
    assert ["ship"] in kinds and ["upgrade"] in kinds
    assert all(b.get("sea") == "the_golden_sound" for c in combos for b in c
               if b["unit"] == "ship")
    assert len(combos) <= 25


def test_every_agot_key_used_is_in_the_catalog() -> None:
    import re
    from pathlib import Path

    from bot.i18n import catalog

    keys = set(catalog("en"))
    front = Path(__file__).resolve().parents[3] / "bot" / "games" / "agot"
    source = "\n".join(p.read_text() for p in front.rglob("*.py"))
    literal = set(re.findall(r'"(agot\.[a-z_.]+)"', source)) - {"agot.cmd."}
    assert literal and literal <= keys, literal - keys
    for prefix in re.findall(r'f"(agot\.[a-z_.]+)\{', source):
        assert any(k.startswith(prefix) for k in keys), prefix


async def test_order_menus_respect_stars_sea_and_restrictions() -> None:
    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, 1094)
    planning = st.stack[-1]
    assert planning["kind"] == "planning"
    planning["orders"][0] = {"dragonstone": "march_+1s", "kingswood": "defense_+2s"}
    st.restrictions.append("sea_of_storms")  # no Raid orders this round
    view = private(st, 0, 0)
    assert view.view["you"]["stars"] == 2
    rows = rows_of(agot_panel(view, RULES.legal_actions(st, 0), "en"))
    menus = {c["custom_id"].rsplit(":", 1)[1]: [o["label"] for o in c["options"]]
             for row in rows for c in row["components"] if c["type"] == 3}
    sea = menus["shipbreaker_bay"]
    assert not any(label.startswith("Special") for label in sea)  # both stars are used
    assert not any("Consolidate" in label or "Raid" in label for label in sea)
    assert "Special March +1" in menus["dragonstone"]  # its own special token stays
    assert "Special Defense +2" not in menus["dragonstone"]  # placed in Kingswood


async def test_two_support_orders_can_back_different_sides() -> None:
    from bot.games.agot.panels import support_open
    from rules.agot.battle_strength import new_battle

    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, 1094)
    st.units.update({"the_reach": [0, 1, 0, 0, 0, 0, 0], "kingswood": [0, 1, 0, 0, 0, 0, 0],
                     "searoad_marches": [0, 1, 0, 0, 0, 0, 0]})
    st.orders.update({"kingswood": [0, "support_0a"], "searoad_marches": [0, "support_0b"]})
    st.stack[-1] = new_battle(st, 1, "blackwater", "the_reach", [1, 0, 0], 0)
    view = private(st, 0, 7)
    actions = RULES.legal_actions(st, 0)
    flat = check_limits(rows_of(agot_panel(view, actions, "en")))
    labels = [c["label"] for c in flat if c["type"] == 2]
    assert "Kingswood: Support the defender (Baratheon)" in labels
    assert "Searoad Marches: Support nobody" in labels
    assert "Support the defender (Baratheon)" in labels  # both at once, still offered
    code = next(c["custom_id"] for c in flat
                if c.get("label") == "Kingswood: Support the defender (Baratheon)")
    decoded = decode_pick(code.split(":", 5)[5])
    assert decoded is not None and support_open(view.view, "kingswood")
    st, _ = RULES.apply(st, 0, decoded[0])
    after = private(st, 0, 8)
    assert not support_open(after.view, "kingswood") and support_open(after.view, "searoad_marches")
    assert RULES.awaiting(st) == frozenset({0})


def test_a_muster_select_never_offers_the_pick_it_already_shows() -> None:
    """Choosing the option already picked would change nothing (a dead control): the select
    offers only other combinations and shows the current one as its placeholder."""
    from bot.games.agot.drafts import combo_label, muster_panel

    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, 1)
    pv = private(st, 1, 0)
    combos = muster_combos("lannisport", pv.view)
    knight = next(k for k, c in enumerate(combos) if [b["unit"] for b in c] == ["knight"])
    spec = ActionSpec("muster", {"area": ["lannisport"]})
    for pick in (0, knight):
        panel = muster_panel(pv, [spec], "cs", 0, encode_muster([pick]))
        (select,) = [c for r in rows_of(panel) for c in r["components"] if c["type"] == 3]
        values = [o["value"] for o in select["options"]]
        assert str(pick) not in values and len(values) == len(combos) - 1
        assert not any(o.get("default") for o in select["options"])
        if pick:
            assert select["placeholder"] == combo_label(combos[knight], "cs")


def test_a_muster_the_engine_would_refuse_cannot_be_confirmed() -> None:
    """A new unit over the supply limit is refused by the engine: for every combination a
    castle offers, the panel's refusal agrees with the engine, and a refused one's Confirm is
    disabled (a press would only be refused)."""
    from bot.games.agot.codes import muster_refusal
    from bot.games.agot.drafts import muster_panel
    from rules.agot.westeros_muster import apply_builds
    from rules.base import RuleViolation

    st = RULES.new_game({"houses": ["baratheon", "lannister", "stark"]}, 3, 1)
    pv = private(st, 1, 0)
    combos = muster_combos("lannisport", pv.view)
    spec = ActionSpec("muster", {"area": ["lannisport"]})
    refused = 0
    for k, combo in enumerate(combos):
        try:
            apply_builds(RULES.copy_state(st), 1, list(combo))
            engine = True
        except RuleViolation:
            engine = False
        assert (muster_refusal(combo, pv.view) is None) == engine, combo
        if combo and not engine:
            refused += 1
            panel = muster_panel(pv, [spec], "en", 0, encode_muster([k]))
            assert any(c.get("disabled") for r in rows_of(panel) for c in r["components"]
                       if c["type"] == 2 and str(c.get("custom_id", "")).startswith("agot:g"))
    assert refused

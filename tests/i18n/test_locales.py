"""Every locale's catalogs match the English ones: the same keys, the same placeholders, real
plural forms (Czech: one / few / many / other), and slash-command translations Discord accepts.

The core catalog (``bot/i18n``) and each game front's ``i18n`` folder are checked one by one,
so a front that ships ``en.json`` without a translation fails naming that front.
"""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.cog_game import GameCog
from bot.discord.strings import CatalogTranslator
from bot.games import catalog_dirs, fronts
from bot.i18n import DEFAULT_LOCALE, Msg, available_locales, catalog, plural_category, render

CORE = Path(__file__).resolve().parents[2] / "bot" / "i18n"
#: The CLDR plural categories a catalog object must give, per locale (Czech: 1 oblast,
#: 2–4 oblasti, 1,5 oblasti, 0 and 5+ oblastí).
PLURAL_FORMS = {"en": {"one", "other"}, "cs": {"one", "few", "many", "other"}}
OTHER_LOCALES = [loc for loc in available_locales() if loc != DEFAULT_LOCALE]


def _label(folder: Path) -> str:
    return "core" if folder == CORE else folder.parent.name


DIRS = [CORE, *catalog_dirs()]
CASES = [pytest.param(folder, loc, id=f"{_label(folder)}-{loc}")
         for folder in DIRS for loc in OTHER_LOCALES]


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _fields(template: str) -> set[str]:
    """The placeholders of a str.format template (raises on a malformed one)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _forms(value: Any) -> dict[str, str]:
    return value if isinstance(value, dict) else {"": value}


def test_there_is_a_locale_besides_english() -> None:
    assert "cs" in OTHER_LOCALES


@pytest.mark.parametrize(("folder", "locale"), CASES)
def test_every_key_exists_in_every_locale(folder: Path, locale: str) -> None:
    front = _label(folder)
    if not (folder / "en.json").is_file():
        pytest.skip(f"{front}: no en.json yet, so nothing to translate")
    path = folder / f"{locale}.json"
    assert path.is_file(), (f"{front}: {folder}/en.json has no {locale}.json — translate the "
                            f"front's catalog into {locale}")
    english, other = _load(folder / "en.json"), _load(path)
    missing = sorted(english.keys() - other.keys())
    extra = sorted(other.keys() - english.keys())
    assert missing == [], f"{front}: keys missing from {locale}.json: {missing}"
    assert extra == [], f"{front}: keys in {locale}.json that en.json does not have: {extra}"


@pytest.mark.parametrize(("folder", "locale"), CASES)
def test_placeholders_and_plural_forms_match(folder: Path, locale: str) -> None:
    front = _label(folder)
    if not (folder / "en.json").is_file():
        pytest.skip(f"{front}: no en.json yet, so nothing to translate")
    path = folder / f"{locale}.json"
    if not path.is_file():
        pytest.fail(f"{front}: no {locale}.json (see test_every_key_exists_in_every_locale)")
    english, other = _load(folder / "en.json"), _load(path)
    problems: list[str] = []
    for key, en_value in english.items():
        if key not in other:
            continue
        en_forms = _forms(en_value)
        wanted = _fields(en_forms.get("other", next(iter(en_forms.values()))))
        for form, text in en_forms.items():
            if _fields(text) != wanted:
                problems.append(f"en {key}[{form}] uses {sorted(_fields(text))}, "
                                f"not {sorted(wanted)}")
        value = other[key]
        if isinstance(en_value, dict) and not isinstance(value, dict):
            problems.append(f"{key}: English has plural forms, {locale} a single string")
        if isinstance(value, dict):
            need = PLURAL_FORMS.get(locale, {"other"})
            if not need <= value.keys():
                problems.append(f"{key}: plural forms {sorted(value)} lack "
                                f"{sorted(need - value.keys())}")
            if "n" not in wanted:
                problems.append(f"{key}: plural forms need an n parameter to choose by")
        for form, text in _forms(value).items():
            if not isinstance(text, str) or not text:
                problems.append(f"{key}[{form}] is not a non-empty string")
                continue
            try:
                fields = _fields(text)
            except ValueError as exc:
                problems.append(f"{key}[{form}] is not a valid template: {exc}")
                continue
            if fields != wanted:
                problems.append(f"{key}[{form}] uses {sorted(fields)}, en.json {sorted(wanted)}")
    assert problems == [], f"{front} ({locale}):\n" + "\n".join(problems)


@pytest.mark.parametrize(("key", "params", "one", "few", "other"), [
    ("agot.log.unit.footman", {}, "1 pěšák", "2 pěšáci", "5 pěšáků"),
    ("agot.log.unit.ship", {}, "1 loď", "2 lodě", "5 lodí"),
    ("agot.log.power_gained", {"house": "Stark"}, "Stark získává 1 žeton moci.",
     "Stark získává 2 žetony moci.", "Stark získává 5 žetonů moci."),
    ("agot.note.supply", {}, "vyber 1 jednotku", "vyber 2 jednotky", "vyber 5 jednotek"),
    ("catan.discard.title", {}, "Odhoď 1 kartu", "Odhoď 2 karty", "Odhoď 5 karet"),
    ("catan.img.guards", {}, "1 stráž na Zdi", "3 stráže na Zdi", "7 stráží na Zdi"),
])
def test_czech_counts_take_three_forms(key: str, params: dict[str, Any], one: str, few: str,
                                       other: str) -> None:
    texts = {}
    for expected in (one, few, other):  # the count is the number in the expected text
        n = int(next(w for w in expected.split() if w.isdigit()))
        texts[n] = render(Msg(key, {"n": n, **params}), "cs")
        assert expected in texts[n], f"{key} with n={n}: {texts[n]!r}"
    assert len(set(texts.values())) == 3
    assert [plural_category("cs", n) for n in texts] == ["one", "few", "other"]


def test_czech_plural_categories_are_cldr() -> None:
    assert [plural_category("cs", n) for n in (0, 1, 2, 4, 5, 11, 1.5)] == [
        "other", "one", "few", "few", "other", "other", "many"]


def test_every_czech_count_key_renders_in_every_form() -> None:
    cs = catalog("cs")
    objects = {k: v for k, v in cs.items() if isinstance(v, dict)}
    assert objects, "no plural objects in the Czech catalog"
    for key, forms in objects.items():
        for n in (0, 1, 2, 5, 1.5):
            params = {f: f"<{f}>" for f in _fields(forms["other"])} | {"n": n}
            text = render(Msg(key, params), "cs")
            assert str(n) in text and "{" not in text, (key, n, text)


# ---- slash commands ------------------------------------------------------------------------
def _cog_classes() -> list[type]:
    classes: list[type] = [GameCog]
    classes += [f.cog for f in fronts().values() if f.cog is not None]
    return classes


def _valid_name(name: str) -> bool:
    """Discord's rule for command, group and option names: ``^[-_\\p{L}\\p{N}]{1,32}$``,
    lowercase where the script has case."""
    return (1 <= len(name) <= 32 and all(ch.isalnum() or ch in "-_" for ch in name)
            and name == name.lower())


def _walk(node: dict[str, Any], locale: str, path: str, seen: dict[str, int],
          problems: list[str]) -> None:
    loc_name = (node.get("name_localizations") or {}).get(locale)
    if loc_name is not None:
        seen["names"] += 1
        if not _valid_name(loc_name):
            problems.append(f"{path}: name {loc_name!r} is not a valid Discord name")
    loc_desc = (node.get("description_localizations") or {}).get(locale)
    if loc_desc is not None:
        seen["descriptions"] += 1
        if not 1 <= len(loc_desc) <= 100:
            problems.append(f"{path}: description is {len(loc_desc)} characters")
    for choice in node.get("choices") or []:
        shown = (choice.get("name_localizations") or {}).get(locale)
        if shown is not None:
            seen["choices"] += 1
            if not 1 <= len(shown) <= 100:
                problems.append(f"{path}: choice {shown!r} is not 1–100 characters")
    choices = [(c.get("name_localizations") or {}).get(locale, c["name"])
               for c in node.get("choices") or []]
    if len(set(choices)) != len(choices):
        problems.append(f"{path}: choice names repeat in {locale}: {choices}")
    options = node.get("options") or []
    names = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{path}: names repeat in {locale}: {names}")
    for option in options:
        _walk(option, locale, f"{path} {option['name']}", seen, problems)


@pytest.mark.parametrize("locale", OTHER_LOCALES)
async def test_slash_command_translations_are_valid_discord_strings(locale: str) -> None:
    """Names, descriptions and choices as discord.py sends them at sync, through the bot's
    own translator: a translated name must be a valid Discord name and unique in its group."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none()))
    translator = CatalogTranslator()
    problems: list[str] = []
    seen = {"names": 0, "descriptions": 0, "choices": 0}
    top: list[str] = []
    for cog_class in _cog_classes():
        group = cog_class(None).app_command
        assert group is not None, f"{cog_class.__name__} has no command group"
        payload = await group.get_translated_payload(tree, translator)
        top.append((payload.get("name_localizations") or {}).get(locale, payload["name"]))
        _walk(payload, locale, f"/{payload['name']}", seen, problems)
    if len(set(top)) != len(top):
        problems.append(f"top-level command names repeat in {locale}: {top}")
    assert problems == [], "\n".join(problems)
    assert seen["descriptions"] > 0, f"no command description is translated into {locale}"
    assert seen["choices"] > 0, f"no command choice is translated into {locale}"


@pytest.mark.parametrize("locale", OTHER_LOCALES)
def test_command_texts_fit_discord_without_clipping(locale: str) -> None:
    """The translator clips at 100 characters; a translation must not need clipping."""
    long = {k: len(v) for k, v in catalog(locale).items()
            if (k.startswith("cmd.") or ".cmd." in k) and isinstance(v, str) and len(v) > 100}
    assert long == {}

"""Content packs: a game's printed content as validated data, overridable entry by entry.

A game keeps its printed content (cards, tiles, board values) in ``rules/<game>/data/`` as
JSON files of *collections*: by default ``<collection>.json`` holding ``{"entries": [...]}``
(or ``{"<collection>": [...]}``, or a bare list); a collection may name another file and key.
Every entry has an ``id`` (or fields that make one, e.g. a border's two ends) and a
``provenance`` — ``seed`` (the rulebook), ``public`` (a cited public source) or
``provisional`` (our stand-in) — plus the fields its collection's schema declares. Keys
starting with ``_`` are comments and are ignored; any other key a file, an entry or a group of
collections holds must be declared, so a typo is refused instead of silently ignored.

A group that owns the game drops a pack into ``CONTENT_DIR/<game>/`` with the same file names;
its entries replace the shipped ones **by id** (and may add new ids). Everything is validated
before anything is used: a bad pack raises ``ContentError`` naming the file, the entry and the
field, and nothing half-loads. The format is documented in ``docs/content-packs.md``.

Engines stay pure: the override folder is set once per process (``configure``, called by the
bot at start from ``CONTENT_DIR``), never read from the environment here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from rules.canonical_json import hash_json
from rules.content_fields import Field, check_value

T = TypeVar("T")

PROVENANCES = ("seed", "public", "provisional")


class ContentError(ValueError):
    """Invalid content: the message names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, fld: str | None, problem: str) -> None:
        where = file + (f", entry {entry!r}" if entry is not None else "")
        where += f", field {fld!r}" if fld is not None else ""
        super().__init__(f"{where}: {problem}")
        self.file, self.entry, self.field, self.problem = file, entry, fld, problem


@dataclass(frozen=True)
class Collection:
    """A kind of printed content (``tiles``, ``cards``) and the fields of its entries."""

    name: str
    fields: Mapping[str, Field]
    doc: str = ""
    #: How many entries the printed game has, when known (checked after overrides).
    count: int | None = None
    #: The file holding it (default ``<name>.json``) and its key there (default: ``entries``
    #: or ``<name>``).
    file: str = ""
    key: str = ""
    #: Fields that identify an entry when it has no ``id`` (joined with ``|``).
    id_fields: tuple[str, ...] = ()
    #: How the file holds it at ``key`` (a dotted path): a ``list`` of entries, a ``dict`` of
    #: entries by id, or one ``single`` entry (its id is the collection's name).
    shape: Literal["list", "dict", "single"] = "list"

    @property
    def filename(self) -> str:
        return self.file or f"{self.name}.json"

    @property
    def paths(self) -> tuple[tuple[str, ...], ...]:
        """Where a file may hold this collection: its ``key`` path, or ``entries`` / its name."""
        return (tuple(self.key.split(".")),) if self.key else (("entries",), (self.name,))


def single(name: str, fields: Mapping[str, Field], doc: str, file: str) -> Collection:
    """A table's one setting (a track's length, the bank's size), the entry at ``name`` in a
    shared ``file``; its id is its name."""
    return Collection(name, fields, doc=doc, file=file, key=name, shape="single")


@dataclass(frozen=True)
class ContentSchema:
    game_id: str
    data_dir: Path
    collections: tuple[Collection, ...]

    def collection(self, name: str) -> Collection:
        return find(self.collections, name, "name")


@dataclass(frozen=True)
class Override:
    collection: str
    id: str
    file: str
    provenance: str
    added: bool
    changed: bool = True


@dataclass(frozen=True)
class Content:
    """Validated content of one game: ``entries(name)`` in file order, ``get(name, id)``."""

    game_id: str
    collections: Mapping[str, Mapping[str, Mapping[str, Any]]]
    overrides: tuple[Override, ...] = ()
    fingerprint: str = ""
    _order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def entries(self, name: str) -> list[Mapping[str, Any]]:
        coll = self.collections[name]
        return [coll[i] for i in self._order.get(name, tuple(coll))]

    def get(self, name: str, entry_id: str) -> Mapping[str, Any]:
        return self.collections[name][entry_id]

    def provisional(self) -> list[tuple[str, str]]:
        """``(collection, id)`` of every entry that is still a stand-in."""
        return [(name, i) for name, coll in self.collections.items()
                for i, e in coll.items() if e["provenance"] == "provisional"]

    def provisional_collections(self) -> list[str]:
        return sorted({name for name, _ in self.provisional()})


#: Keys every entry may carry besides its collection's fields (``note`` and ``source`` are
#: free text); an object grouping several collections may carry the last three.
META_KEYS = ("id", "provenance", "note", "source")
GROUP_KEYS = ("provenance", "note", "source")


def find(records: Iterable[T], key: str, attr: str = "id") -> T:
    """The record whose ``attr`` (its id, a collection's name) is ``key``; KeyError if none."""
    for r in records:
        if getattr(r, attr) == key:
            return r
    raise KeyError(key)


def values(entry: Mapping[str, Any]) -> dict[str, Any]:
    """An entry's own fields, without its id, provenance, notes and ``_`` comments (for a game
    that reads an entry whose fields are, say, one number per unit type)."""
    return {k: v for k, v in entry.items() if k not in META_KEYS and not k.startswith("_")}


_override_dir: Path | None = None
_override_key: str | None = None  # str(_override_dir): the cache key of the usual call
_cache: dict[tuple[str, str | None], Content] = {}


def configure(content_dir: str | Path | None) -> None:
    """Set the process-wide folder of content packs (``CONTENT_DIR``) and drop cached loads."""
    global _override_dir, _override_key
    _override_dir = Path(content_dir) if content_dir else None
    _override_key = str(_override_dir) if _override_dir else None
    _cache.clear()


def override_dir() -> Path | None:
    return _override_dir


def load(schema: ContentSchema, pack_dir: Path | None = None, *, use_configured: bool = True,
         cache: bool = True) -> Content:
    """The shipped content with ``pack_dir/<game>/`` (default: the configured ``CONTENT_DIR``)
    laid over it; cached per (game, folder) unless ``cache`` is false (a pack being edited)."""
    if pack_dir is None and use_configured and cache:  # the usual call: an engine's lookup
        hit = _cache.get((schema.game_id, _override_key))
        if hit is not None:
            return hit
    base = pack_dir if pack_dir is not None else (_override_dir if use_configured else None)
    key = (schema.game_id, str(base) if base else None)
    if not cache:
        return _load(schema, base)
    if key not in _cache:
        _cache[key] = _load(schema, base)
    return _cache[key]


def _load(schema: ContentSchema, base: Path | None) -> Content:
    collections: dict[str, dict[str, dict[str, Any]]] = {}
    order: dict[str, tuple[str, ...]] = {}
    overrides: list[Override] = []
    pack = (base / schema.game_id) if base is not None else None
    # A file holding several collections (one game's holds a dozen) is parsed once.
    parsed: dict[Path, Any] = {}
    known = sorted({c.filename for c in schema.collections})
    for name in known:
        _check_layout(schema.data_dir / name, schema, parsed)
    if pack is not None and pack.is_dir():
        for path in sorted(pack.glob("*.json")):
            if path.name not in known:
                raise ContentError(_rel(path), None, None,
                                   f"no such collection; {schema.game_id} has "
                                   f"{', '.join(known)}")
            _check_layout(path, schema, parsed)
    for coll in schema.collections:
        shipped_path = schema.data_dir / coll.filename
        entries = _read(shipped_path, coll, parsed)
        ids = [key for key, _ in entries]
        by_id = dict(entries)
        if pack is not None and (pack / coll.filename).is_file() \
                and _holds(pack / coll.filename, coll, parsed):
            path = pack / coll.filename
            for key, e in _read(path, coll, parsed):
                added = key not in by_id
                if added:
                    ids.append(key)
                changed = added or by_id[key] != e
                by_id[key] = e
                overrides.append(Override(coll.name, key, _rel(path), e["provenance"],
                                          added, changed))
        if coll.count is not None and len(ids) != coll.count:
            raise ContentError(coll.filename, None, None,
                               f"the game has {coll.count} entries, this content has {len(ids)}")
        collections[coll.name] = by_id
        order[coll.name] = tuple(ids)
    fingerprint = hash_json({n: [collections[n][i] for i in order[n]] for n in collections})[:16]
    return Content(schema.game_id, collections, tuple(overrides), fingerprint, order)


def _rel(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[-3:]) if len(parts) >= 3 else str(path)


def _parse(path: Path, parsed: dict[Path, Any]) -> Any:
    """``path``'s JSON, read once per load (``parsed``); never mutated by its readers."""
    if path in parsed:
        return parsed[path]
    name = _rel(path)
    try:
        parsed[path] = json.loads(path.read_text(encoding="utf-8"))
        return parsed[path]
    except FileNotFoundError:
        raise ContentError(name, None, None, "file missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(name, None, None, f"cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ContentError(name, None, None,
                           f"not valid JSON (line {exc.lineno}, column {exc.colno})") from None


def _check_layout(path: Path, schema: ContentSchema, parsed: dict[Path, Any]) -> None:
    """Refuse a key of ``path`` that no collection stored in it declares (a misspelt or
    unknown collection would otherwise be silently ignored)."""
    colls = [c for c in schema.collections if c.filename == path.name]
    raw = _parse(path, parsed)
    name = _rel(path)
    if isinstance(raw, list) and len(colls) == 1:
        return
    if not isinstance(raw, dict):
        raise ContentError(name, None, None, "expected an object holding "
                           + ", ".join(".".join(c.paths[0]) for c in colls))
    full = {p: c for c in colls for p in c.paths}
    _check_keys(name, raw, (), full)


def _check_keys(file: str, node: dict[str, Any], at: tuple[str, ...],
                full: Mapping[tuple[str, ...], Collection]) -> None:
    below = _below(at, full)
    for key, value in node.items():
        here = (*at, key)
        dotted = ".".join(here)
        if key.startswith("_") or here in full:
            continue
        if key in below:
            if not isinstance(value, dict):
                raise ContentError(file, None, dotted, "must be an object holding "
                                   + ", ".join(_below(here, full)))
            _check_keys(file, value, here, full)
        elif at and key in GROUP_KEYS:
            if key == "provenance" and value not in PROVENANCES:
                raise ContentError(file, None, dotted,
                                   f"must be one of {', '.join(PROVENANCES)}")
            if key != "provenance" and not isinstance(value, str):
                raise ContentError(file, None, dotted, "must be text")
        else:
            allowed = below + (list(GROUP_KEYS) if at else [])
            raise ContentError(file, None, dotted,
                               f"unknown key; {'.'.join(at) or 'this file'} holds "
                               f"{', '.join(allowed)}")


def _below(at: tuple[str, ...], full: Iterable[tuple[str, ...]]) -> list[str]:
    """The keys an object at path ``at`` may hold on the way to a collection."""
    return sorted({p[len(at)] for p in full if len(p) > len(at) and p[:len(at)] == at})


def _read(path: Path, coll: Collection, parsed: dict[Path, Any]
          ) -> list[tuple[str, dict[str, Any]]]:
    """``(key, entry)`` pairs: the key is the ``id``, or the ``id_fields`` joined by ``|``."""
    name = _rel(path)
    raw = locate(_parse(path, parsed), coll)
    where = coll.key or None
    if coll.shape == "dict" and not isinstance(raw, list):
        # a pack may as well list the entries, each with its id
        if not isinstance(raw, dict):
            raise ContentError(name, None, where,
                               f"expected an object of {coll.name} entries by id")
        for k, v in raw.items():
            if not isinstance(v, dict):
                raise ContentError(name, k, None, "an entry must be an object")
            if v.get("id", k) != k:
                raise ContentError(name, k, "id", f"the entry is stored under {k!r}")
        raw = [{**v, "id": k} for k, v in raw.items()]
    elif coll.shape == "single":
        if not isinstance(raw, dict):
            raise ContentError(name, coll.name, where, "expected an object with "
                               f"{', '.join(coll.fields)} and a provenance")
        if raw.get("id", coll.name) != coll.name:
            raise ContentError(name, coll.name, "id", f"must be {coll.name!r} (or left out)")
        raw = [{**raw, "id": coll.name}]
    if not isinstance(raw, list):
        raise ContentError(name, None, where, f'expected a list of {coll.name} entries '
                                              f'(or {{"entries": [...]}})')
    seen: set[str] = set()
    out: list[tuple[str, dict[str, Any]]] = []
    for n, entry in enumerate(raw, 1):
        if not isinstance(entry, dict):
            raise ContentError(name, f"#{n}", None, "an entry must be an object")
        entry_id = ("|".join(str(entry.get(f)) for f in coll.id_fields) if coll.id_fields
                    else entry.get("id"))
        if not isinstance(entry_id, str) or not entry_id:
            raise ContentError(name, f"#{n}", "id", "every entry needs a text id")
        if entry_id in seen:
            raise ContentError(name, entry_id, "id", "the id is used twice in this file")
        seen.add(entry_id)
        out.append((entry_id, _check_entry(name, entry_id, entry, coll)))
    return out


def locate(raw: Any, coll: Collection) -> Any:
    """The part of a file's JSON that holds ``coll`` (``key`` may be a dotted path)."""
    if not isinstance(raw, dict):
        return raw
    if coll.key:
        for part in coll.key.split("."):
            raw = raw.get(part) if isinstance(raw, dict) else None
        return raw
    return raw.get("entries", raw.get(coll.name))


def stored_form(coll: Collection, entries: list[Mapping[str, Any]]) -> Any:
    """Entries back in the shape the game's own file holds them."""
    if coll.shape == "dict":
        return {e["id"]: {k: v for k, v in e.items() if k != "id"} for e in entries}
    if coll.shape == "single":
        return {k: v for k, v in entries[0].items() if k != "id"} if entries else {}
    return [dict(e) for e in entries]


def lay_over(data: dict[str, Any], file: str, schema: ContentSchema, merged: Content) -> None:
    """Write ``merged``'s entries of the collections stored in ``file`` into its JSON ``data``
    (a game's loader calls this so a configured pack reaches its own validation)."""
    for coll in schema.collections:
        if coll.filename != file:
            continue
        path = (coll.key or coll.name).split(".")
        target = data
        for part in path[:-1]:
            target = target.setdefault(part, {})
        target[path[-1]] = stored_form(coll, merged.entries(coll.name))


def _holds(path: Path, coll: Collection, parsed: dict[Path, Any]) -> bool:
    """Whether a pack file that several collections share carries this one."""
    if not coll.file:
        return True
    try:
        raw = _parse(path, parsed)
    except ContentError:
        return True  # let _read report it
    return locate(raw, coll) is not None


def _check_entry(file: str, entry_id: str, entry: Mapping[str, Any], coll: Collection
                 ) -> dict[str, Any]:
    clean = {k: v for k, v in entry.items() if not k.startswith("_")}
    prov = clean.get("provenance")
    if prov is None:
        raise ContentError(file, entry_id, "provenance",
                           f"missing (one of {', '.join(PROVENANCES)})")
    if prov not in PROVENANCES:
        raise ContentError(file, entry_id, "provenance", f"must be one of {', '.join(PROVENANCES)}")
    for key in clean:
        if key not in coll.fields and key not in META_KEYS:
            raise ContentError(file, entry_id, key,
                               f"unknown field; {coll.name} entries have "
                               f"{', '.join(sorted(coll.fields))}")
    for key in ("note", "source"):
        if key in clean and not isinstance(clean[key], str):
            raise ContentError(file, entry_id, key, "must be text")
    for fname, spec in coll.fields.items():
        if fname not in clean:
            if spec.required:
                raise ContentError(file, entry_id, fname, "missing")
            continue
        problem = check_value(clean[fname], spec)
        if problem:
            raise ContentError(file, entry_id, fname, problem)
    return clean

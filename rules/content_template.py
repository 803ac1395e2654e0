"""What a pack's author gets: a commented template of every collection to fill from a printed
copy, and the summary of what a pack overrides (``python -m bot content``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rules.content import (
    PROVENANCES,
    Collection,
    Content,
    ContentSchema,
    lay_over,
    load,
    stored_form,
)
from rules.content_fields import Field


def template(schema: ContentSchema, content: Content | None = None) -> dict[str, Any]:
    """A fully commented skeleton of every collection: ``{file name: JSON object}`` with the
    current entries, each field documented, ready to be filled from a printed copy."""
    content = content or load(schema, use_configured=False)
    files: dict[str, Any] = {}
    for coll in schema.collections:
        docs = {name: _field_doc(spec) for name, spec in coll.fields.items()}
        files.setdefault(coll.filename, {})[f"_{coll.name}"] = {
            "doc": coll.doc or f"{schema.game_id} {coll.name}",
            "fields": {"id": _id_doc(coll),
                        "provenance": "seed | public | provisional (set 'public' or 'seed' "
                                      "once copied from the printed game)",
                        "note, source": "text, optional: where the entry comes from",
                        **docs},
            **({"count": f"the printed game has {coll.count} entries"}
               if coll.count is not None else {}),
        }
        if not coll.key and not coll.file:
            files[coll.filename]["entries"] = stored_form(coll, content.entries(coll.name))
        else:
            lay_over(files[coll.filename], coll.filename, ContentSchema(
                schema.game_id, schema.data_dir, (coll,)), content)
    return files


def _id_doc(coll: Collection) -> str:
    replaces = "an entry here replaces the shipped one with the same id"
    if coll.shape == "single":
        return f"none: the object is the one {coll.name} entry and replaces it whole"
    if coll.shape == "dict":
        return f"the key the entry is stored under ({replaces})"
    if coll.id_fields:
        return f"made of {' + '.join(coll.id_fields)} ({replaces})"
    return f"str: the entry's id ({replaces})"


def _field_doc(spec: Field) -> str:
    parts = [spec.type + (f" of {spec.items}" if spec.items else "")
             + (f" of ({_field_doc(spec.of)})" if spec.of else "")]
    if spec.type == "quantity":
        parts.append("'thing', 'n thing' (\"2 gold\") or {thing: n}; '' for nothing")
    if spec.choices:
        parts.append("one of " + ", ".join(map(str, spec.choices)))
    if spec.minimum is not None or spec.maximum is not None:
        parts.append(f"range {spec.minimum}..{spec.maximum}")
    if not spec.required:
        parts.append("optional")
    return "; ".join(parts) + (f": {spec.doc}" if spec.doc else "")


def summary_lines(content: Content) -> Iterable[str]:
    """What a pack overrides and what stays provisional, for ``python -m bot content check``."""
    for o in content.overrides:
        if not o.changed:
            continue
        verb = "adds" if o.added else "overrides"
        yield f"{o.file}: {verb} {o.collection}/{o.id} ({o.provenance})"
    for name, coll in content.collections.items():
        marks = Counter(e["provenance"] for e in coll.values())
        if len(coll) == 1:
            mark = next(iter(marks))
            yield f"{name}: still provisional" if mark == "provisional" else f"{name}: {mark}"
        elif marks["provisional"]:
            yield f"{name}: {marks['provisional']} of {len(coll)} entries still provisional"
        else:
            yield f"{name}: none of {len(coll)} entries provisional (" + ", ".join(
                f"{marks[m]} {m}" for m in PROVENANCES if marks[m]) + ")"

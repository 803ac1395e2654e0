"""``python -m bot content check [--game G] [DIR]`` and ``python -m bot content template G
[DIR]``: validate a folder of content packs, or write a commented skeleton a group fills in
from its own copy of a game. The format is in ``docs/content-packs.md``."""

from __future__ import annotations

import json
import os
from pathlib import Path

from rules.base import GameRules
from rules.content import ContentError, load
from rules.content_template import summary_lines, template
from rules.registry import games


def _with_content() -> dict[str, GameRules]:
    return {gid: r for gid, r in sorted(games().items()) if r.content_schema() is not None}


def content_command(action: str, args: list[str], game: str | None) -> int:
    available = _with_content()
    if action == "template":
        if not args or args[0] not in available:
            print(f"name a game with content: {', '.join(available) or 'none'}")
            return 2
        out = Path(args[1]) if len(args) > 1 else Path("content") / args[0]
        return write_template(available[args[0]], out)
    folder = Path(args[0]) if args else (Path(os.environ["CONTENT_DIR"])
                                        if os.environ.get("CONTENT_DIR") else None)
    if game is not None and game not in available:
        print(f"{game} has no content pack format; games with one: {', '.join(available)}")
        return 2
    chosen = {game: available[game]} if game else available
    return check(chosen, folder)


def check(chosen: dict[str, GameRules], folder: Path | None) -> int:
    """Validate every chosen game's content with ``folder`` laid over it; prints one line per
    problem (file, entry, field) or what the pack overrides and what stays provisional."""
    if folder is not None and not folder.is_dir():
        print(f"{folder}: no such folder")
        return 2
    failed = 0
    for gid, rules in chosen.items():
        schema = rules.content_schema()
        assert schema is not None
        try:
            content = load(schema, folder, use_configured=False, cache=False)
        except ContentError as exc:
            failed += 1
            print(f"{gid}: REFUSED — {exc}")
            continue
        pack = folder / gid if folder is not None and (folder / gid).is_dir() else None
        print(f"{gid}: valid ({f'pack {pack}' if pack else 'shipped content, no pack'})")
        for line in summary_lines(content):
            print(f"  {line}")
    return 1 if failed else 0


def write_template(rules: GameRules, out: Path) -> int:
    schema = rules.content_schema()
    assert schema is not None
    out.mkdir(parents=True, exist_ok=True)
    files = template(schema)
    for name, data in files.items():
        (out / name).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n",
                                encoding="utf-8")
    print(f"wrote {len(files)} files to {out}: edit the entries from your copy of "
          f"{rules.title}, set their provenance, then check with "
          f"`python -m bot content check {out.parent}`")
    return 0

"""The core never names a game: the service, the Discord core, the catalog core, storage, the
rules contract and registry, the conformance suites and the render core hold no game id."""

from __future__ import annotations

import re
from pathlib import Path

from rules.registry import games

ROOT = Path(__file__).resolve().parents[2]
CORE = ["bot/service", "bot/discord", "bot/i18n/__init__.py", "bot/i18n/en.json", "storage",
        "rules/base.py", "rules/registry.py", "rules/content.py",
        "tests/conformance", "bot/render"]


def _files() -> list[Path]:
    out: list[Path] = []
    for entry in CORE:
        path = ROOT / entry
        out.extend(sorted(p for p in path.rglob("*") if p.suffix in (".py", ".json"))
                   if path.is_dir() else [path])
    return out


def test_no_core_file_names_a_game() -> None:
    names = {gid for gid in games()} | {gid.split("_")[0] for gid in games()}
    pattern = re.compile("|".join(sorted(names)), re.IGNORECASE)
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in _files()
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]
    assert not hits, "\n".join(hits[:20])

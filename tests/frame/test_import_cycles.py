"""The fronts and the core import each other one way only: no module of ``bot/`` reaches
itself through top-level imports (items route clicks through a table instead of importing
their handlers; the core types against a protocol instead of the app)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in (ROOT / "bot").rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # top level only: a function-level import runs late, by design
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_bot_has_no_import_cycle_between_modules() -> None:
    graph = _graph()
    # A package's __init__ re-exporting its own modules is not a cycle between modules.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    cycle = _cycle(graph)
    assert cycle is None, " → ".join(cycle or [])


def test_game_items_do_not_import_their_handlers_or_panels() -> None:
    graph = _graph()
    for name, deps in graph.items():
        if name.startswith("bot.games.") and name.endswith(".items"):
            game = name.rsplit(".", 1)[0]
            assert not deps & {f"{game}.flow", f"{game}.panels", f"{game}.cog"}, name

"""The fronts and the core import each other one way only: no module of ``bot/`` reaches
itself through top-level imports — those under ``if TYPE_CHECKING:`` included, since a cycle
a type checker sees is the same coupling (items route clicks through a table instead of
importing their handlers; the core types against ``bot.discord.protocol`` instead of the app).
Only the entry points that construct the bot import ``bot.discord.app``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = "bot.discord.app"
#: The modules that build and run the bot (``python -m bot run``): they alone import the app.
ENTRY_POINTS = {"bot.runner", "bot.try_table"}  # the real bot; the bot in simcord's page


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module(p): p for p in (ROOT / "bot").rglob("*.py")}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run on import, and those a type checker reads as if they were."""
    for node in body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _top_level(node.body)
        else:
            yield node


def _targets(node: ast.AST, name: str, path: Path) -> list[str]:
    """The modules (and module.names) an import statement names, relative ones resolved."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        anchor = package[:len(package) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return [base] + [f"{base}.{a.name}" for a in node.names]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A function-level import runs late, by design: not an edge here.
        for node in _top_level(tree.body):
            graph[name] |= {t for t in _targets(node, name, path) if t in modules and t != name}
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


def test_type_checking_imports_are_seen() -> None:
    """The graph counts what only a type checker imports: the core's protocol import is an
    edge (were it not, a cycle through it would pass unseen)."""
    graph = _graph()
    assert "bot.discord.protocol" in graph["bot.discord.flows"]
    fake = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from bot.discord.app import MaesterBot\n")
    seen = [t for node in _top_level(fake.body) for t in _targets(node, "bot.x", Path("x.py"))]
    assert APP in seen


def test_only_the_entry_points_import_the_app() -> None:
    """No core module or front imports ``bot.discord.app`` — at any level, for types or not:
    they depend on ``BotLike``; the app depends on them."""
    importers = []
    for name, path in _modules().items():
        if name in ENTRY_POINTS or name == APP:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = _targets(node, name, path)
            if APP in targets or any(t.startswith(APP + ".") for t in targets):
                importers.append(name)
    assert not importers, importers


def test_game_items_do_not_import_their_handlers_or_panels() -> None:
    graph = _graph()
    for name, deps in graph.items():
        if name.startswith("bot.games.") and name.endswith(".items"):
            game = name.rsplit(".", 1)[0]
            assert not deps & {f"{game}.flow", f"{game}.panels", f"{game}.cog"}, name

"""No module of ``bot/``, ``rules/`` or ``storage/`` reaches itself through its imports — those
inside functions and under ``if TYPE_CHECKING:`` included: a late import hides a circle from
the interpreter, not from the reader, and a cycle a type checker sees is the same coupling.
Where two modules need one piece, it lives a level below both (items route clicks through a
table instead of importing their handlers; the core types against ``bot.discord.protocol``
instead of the app). Only the entry points that construct the bot import ``bot.discord.app``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The packages whose modules may not import each other in a circle.
PACKAGES = ("bot", "rules", "storage")
APP = "bot.discord.app"
#: The modules that build and run the bot (``python -m bot run``): they alone import the app.
ENTRY_POINTS = {"bot.runner", "bot.try_table"}  # the real bot; the bot in simcord's page


def _module(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    return {_module(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")}


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module: at the top, under ``if TYPE_CHECKING:``, inside a
    function or a class."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
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


def _edges(node: ast.Import | ast.ImportFrom, name: str, path: Path,
           modules: dict[str, Path]) -> set[str]:
    """The project modules an import makes ``name`` depend on. A submodule named in a
    ``from package import module`` is the edge, not the package; a module's own packages are
    imported before it anyway, so an edge to one of them counts only when the module takes a
    name the package's ``__init__`` defines (a package re-exporting its own modules is not a
    circle)."""
    targets = _targets(node, name, path)
    if isinstance(node, ast.ImportFrom):
        base, named = targets[0], targets[1:]
        submodules = [t for t in named if t in modules]
        targets = submodules + ([base] if len(submodules) < len(named) else [])
    return {t for t in targets if t in modules and t != name
            and not (name.startswith(t + ".") and isinstance(node, ast.Import))}


def _graph(modules: dict[str, Path] | None = None) -> dict[str, set[str]]:
    modules = _modules() if modules is None else modules
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            graph[name] |= _edges(node, name, path, modules)
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


def test_no_import_cycle_between_modules() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " → ".join(cycle or [])


def test_every_package_is_in_the_graph() -> None:
    graph = _graph()
    for name in ("bot.discord.flows", "rules.base", "rules.agot.battle", "storage.batch"):
        assert name in graph
    # a top-level, a TYPE_CHECKING and a function-level import are all edges
    assert "rules.agot.forces" in graph["rules.agot.battle_strength"]
    assert "storage.hot" in graph["storage.batch"]
    assert "rules.agot" in graph["rules.agot.scenario"]


def _plant(root: Path, files: dict[str, str]) -> dict[str, set[str]]:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    return _graph(_modules(root, ("pkg",)))


def test_a_planted_circle_is_found(tmp_path: Path) -> None:
    """The check fails on a circle however its imports hide: one inside a function, one under
    ``TYPE_CHECKING``, one relative."""
    graph = _plant(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import helper\n",
        "pkg/b.py": "def helper() -> None:\n    from pkg import c\n    c.run()\n",
        "pkg/c.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from .a import helper\n"),
    })
    assert _cycle(graph) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]


def test_a_package_re_exporting_its_modules_is_no_circle(tmp_path: Path) -> None:
    graph = _plant(tmp_path, {
        "pkg/__init__.py": "from pkg.a import A\nfrom pkg import b\n",
        "pkg/a.py": "from pkg import b\nA = b.B\n",
        "pkg/b.py": "import pkg.sub.c\nB = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/c.py": "import pkg.sub\n",
    })
    assert _cycle(graph) is None
    # …but a module taking a name its package's __init__ defines, while that __init__
    # imports the module, is one
    graph = _plant(tmp_path, {"pkg/b.py": "from pkg import A\nB = 1\n"})
    assert _cycle(graph) is not None


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

"""The modules under scorekeeper/ import one way: no circle of imports,
counting imports inside functions (a deferred import that dodges a circle
is still one) but not those under ``if TYPE_CHECKING:``; and no view reads
the database itself (views call services)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1] / "scorekeeper"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, here: str, package: bool, known: set[str]) -> set[str]:
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                keep = len(parts) - node.level + (1 if package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            names = {f"{base}.{a.name}" for a in node.names}
            found.update(names & known if names <= known else names | {base})
        stack.extend(ast.iter_child_nodes(node))
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    paths = {_module(p): p for p in ROOT.rglob("*.py")}
    known = set(paths)
    return {name: _imports(ast.parse(path.read_text()), name, path.name == "__init__.py",
                           known) - {name}
            for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle found by a depth-first walk (each named once, from its
    first module)."""
    found: list[list[str]] = []
    seen: set[str] = set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                circle = path[path.index(nxt):] + [nxt]
                if not any(set(circle) == set(c) for c in found):
                    found.append(circle)
            elif nxt not in seen:
                walk(nxt, [*path, nxt])
        seen.add(node)

    for start in sorted(graph):
        if start not in seen:
            walk(start, [start])
    return found


def test_no_module_imports_in_a_circle() -> None:
    found = cycles(import_graph())
    assert not found, "import circles: " + "; ".join(" → ".join(c) for c in found)


def test_the_walk_names_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_view_reads_the_database_itself() -> None:
    reading = [f"{path.relative_to(ROOT)}:{number}"
               for path in (ROOT / "views").rglob("*.py")
               for number, line in enumerate(path.read_text().splitlines(), start=1)
               if "db.session" in line or "db.select" in line]
    assert not reading, "views that query the database: " + ", ".join(reading)


def test_no_view_imports_the_database_layer() -> None:
    """Views call services: they import neither the models nor SQLAlchemy
    (a row's type in a hint is imported under ``if TYPE_CHECKING:`` only)."""
    graph = import_graph()
    db_modules = {name for name in graph if name.startswith("scorekeeper.db")}
    found = []
    for path in (ROOT / "views").rglob("*.py"):
        name = _module(path)
        found += [f"{name} → {m}" for m in sorted(graph[name] & db_modules)]
        tree = ast.parse(path.read_text())
        stack: list[ast.AST] = [tree]
        while stack:
            node = stack.pop()
            if isinstance(node, ast.If) and _type_checking(node):
                continue
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
                found.append(f"{name} → {node.module}")
            if isinstance(node, ast.Import):
                found += [f"{name} → {a.name}" for a in node.names
                          if a.name.startswith("sqlalchemy")]
            stack.extend(ast.iter_child_nodes(node))
    assert not found, "views importing the database layer: " + ", ".join(found)

"""The modules under scorekeeper/ import one way: no circle of imports,
counting imports inside functions (a deferred import that dodges a circle
is still one) but not those under ``if TYPE_CHECKING:``; no view reads
the database itself (views call services); and a services package is
reached only through its face (its ``__init__``'s ``FACE``)."""

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


def _targets(node: ast.Assign | ast.AnnAssign) -> set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {t.id for t in targets if isinstance(t, ast.Name)}


def faces() -> dict[str, set[str]]:
    """Each services package's face: the modules its ``__init__`` names in
    ``FACE`` (what the views and the other packages may import), by package."""
    found = {}
    for init in (ROOT / "services").rglob("__init__.py"):
        package = _module(init)
        if package == "scorekeeper.services":
            continue
        names = [node.value for node in ast.parse(init.read_text()).body
                 if isinstance(node, ast.Assign | ast.AnnAssign) and "FACE" in _targets(node)]
        value = names[0] if names else None
        assert value is not None, f"{package} says no FACE: what may the views and the rest call?"
        found[package] = set(ast.literal_eval(value))
    return found


def past_faces(graph: dict[str, set[str]], declared: dict[str, set[str]]) -> list[str]:
    """Every import into a services package from outside it that names a
    module behind its face."""
    wrong = []
    for name, imported in graph.items():
        for target in imported:
            package, _, module = target.rpartition(".")
            if package in declared and not name.startswith(package + ".") and \
                    name != package and module not in declared[package]:
                wrong.append(f"{name} → {target}")
    return sorted(wrong)


def test_every_services_package_is_reached_through_its_face_alone() -> None:
    """A view, and any other package, imports a services package's modules
    only as its ``__init__`` offers them (``FACE``); what is behind it is the
    package's own to change."""
    declared = faces()
    assert {"scorekeeper.services.nights", "scorekeeper.services.groups.sheets",
            "scorekeeper.services.events", "scorekeeper.services.access"} <= set(declared)
    graph = import_graph()
    for package, names in declared.items():
        folder = ROOT.parent / package.replace(".", "/")
        assert names <= {p.stem for p in folder.glob("*.py")} | {
            p.name for p in folder.iterdir() if (p / "__init__.py").exists()}, package
    wrong = past_faces(graph, declared)
    assert not wrong, "imports past a package's face: " + ", ".join(wrong)


def test_the_face_check_sees_an_import_past_a_face() -> None:
    declared = {"scorekeeper.services.nights": {"tables"}}
    graph = {"scorekeeper.views.x": {"scorekeeper.services.nights.kept"},
             "scorekeeper.services.nights.tables": {"scorekeeper.services.nights.kept"},
             "scorekeeper.services.events.y": {"scorekeeper.services.nights.tables"}}
    assert past_faces(graph, declared) == [
        "scorekeeper.views.x → scorekeeper.services.nights.kept"]

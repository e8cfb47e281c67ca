"""The app's code stays in pieces a reader takes in at once: no module under
scorekeeper/ longer than :data:`MODULE_LINES` lines, no function longer than
:data:`FUNCTION_LINES` (its decorators and docstring included), and (ruff's
C901, pyproject.toml) none more tangled than a complexity of 15.  A module
that grows past its bound is split along what it already does
(docs/architecture.md, "Sizes")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1] / "scorekeeper"
MODULE_LINES = 400
FUNCTION_LINES = 50


def long_modules(root: Path = ROOT, bound: int = MODULE_LINES) -> list[str]:
    return [f"{path.relative_to(root.parent)}: {count} lines"
            for path in sorted(root.rglob("*.py"))
            if (count := len(path.read_text().splitlines())) > bound]


def long_functions(root: Path = ROOT, bound: int = FUNCTION_LINES) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = (node.end_lineno or node.lineno) - first + 1
                if length > bound:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno} "
                                 f"{node.name}: {length} lines")
    return found


def test_no_module_is_longer_than_its_bound() -> None:
    found = long_modules()
    assert not found, "modules to split: " + "; ".join(found)


def test_no_function_is_longer_than_its_bound() -> None:
    found = long_functions()
    assert not found, "functions to split: " + "; ".join(found)


def test_the_bounds_see_a_long_module_and_a_long_function(tmp_path: Path) -> None:
    package = tmp_path / "scorekeeper"
    package.mkdir()
    body = "\n".join(f"    x{n} = {n}" for n in range(60))
    (package / "long.py").write_text("def f() -> None:\n" + body + "\n" + "\n" * 400)
    assert long_modules(package) == ["scorekeeper/long.py: 461 lines"]
    assert long_functions(package) == ["scorekeeper/long.py:1 f: 61 lines"]

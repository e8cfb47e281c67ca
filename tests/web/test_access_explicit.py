"""Access travels explicitly: a loader returns what it checked and the view
passes it on (to the services, and to a night's pages as ``access``), so no
module under scorekeeper/views reads or writes access in ``flask.g``: no
``g.access`` or ``g.editor``, no ``g.get("access")`` or ``g.get("editor")``
(nor ``getattr``/``setattr``/``hasattr`` of them, nor ``g.pop``/``g.setdefault``).
The API's ``g.api_table``, ``g.api_group`` and ``g.api_event`` (its ETag and
412 words) are not access and may stay."""

from __future__ import annotations

import ast
from pathlib import Path

VIEWS = Path(__file__).parents[2] / "scorekeeper" / "views"
#: What access used to travel in ``g`` under.
FORBIDDEN = frozenset(("access", "editor"))
_LOOKUPS = frozenset(("get", "pop", "setdefault"))
_BUILTINS = frozenset(("getattr", "setattr", "hasattr", "delattr"))


def _is_g(node: ast.AST) -> bool:
    """``g`` or ``flask.g`` (however flask was imported)."""
    return (isinstance(node, ast.Name) and node.id == "g") or \
        (isinstance(node, ast.Attribute) and node.attr == "g")


def _named(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def access_in_g(source: str) -> list[tuple[int, str]]:
    """Each place ``source`` touches access in ``g``: (line, what)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _is_g(node.value) and node.attr in FORBIDDEN:
            found.append((node.lineno, f"g.{node.attr}"))
        elif isinstance(node, ast.Call) and node.args:
            func, first = node.func, node.args[0]
            if isinstance(func, ast.Attribute) and _is_g(func.value) and func.attr in _LOOKUPS \
                    and _named(first) in FORBIDDEN:
                found.append((node.lineno, f"g.{func.attr}({_named(first)!r})"))
            elif isinstance(func, ast.Name) and func.id in _BUILTINS and _is_g(first) \
                    and len(node.args) > 1 and _named(node.args[1]) in FORBIDDEN:
                found.append((node.lineno, f"{func.id}(g, {_named(node.args[1])!r})"))
    return found


def test_the_scanner_finds_access_in_g() -> None:
    """The check below can fail: each way of reaching access through g is seen."""
    source = "\n".join((
        "from flask import g", "import flask",
        "g.access = 1", "x = g.editor", "y = flask.g.access",
        "z = g.get('access')", "w = g.get(\"editor\", None)", "g.pop('access', None)",
        "v = getattr(g, 'editor', None)", "setattr(g, 'access', 1)",
        "fine = g.api_table", "ok = g.get('api_event')", "also = request.access",
    ))
    assert [line for line, _ in access_in_g(source)] == list(range(3, 11))


def test_no_view_keeps_access_in_flask_g() -> None:
    modules = sorted(VIEWS.rglob("*.py"))
    assert len(modules) > 30  # the views were found
    found = [f"{path.relative_to(VIEWS.parent)}:{line}: {what}"
             for path in modules for line, what in access_in_g(path.read_text())]
    assert not found, "access read from or kept in flask.g:\n" + "\n".join(found)

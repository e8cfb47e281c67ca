"""A new server process loads the templates compiled by an earlier one
(instance/compiled-templates) instead of compiling them again, so a server
started after a crash answers its first phones at once; a template changed
since is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, render_template, render_template_string
from jinja2 import Environment, FileSystemBytecodeCache

from scorekeeper import create_app


def _app(tmp: Path) -> tuple[Flask, Path]:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "k",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'db.sqlite'}"})
    cache = app.jinja_env.bytecode_cache
    assert isinstance(cache, FileSystemBytecodeCache)
    return app, Path(cache.directory)


def test_a_second_process_loads_what_the_first_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, folder = _app(tmp_path)
    assert folder == Path(first.instance_path) / "compiled-templates"
    with first.test_request_context():
        render_template("error.html", title="Busy", message="Wait", code=503, access=None)
    assert any(folder.iterdir())

    second, _ = _app(tmp_path)

    def no_compiling(*_: object, **__: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(Environment, "compile", no_compiling)
    with second.test_request_context():
        page = render_template("error.html", title="Busy", message="Try again shortly",
                               code=503, access=None)
    assert "Try again shortly" in page
    with second.test_request_context(), pytest.raises(AssertionError):
        render_template_string("{{ 1 + 1 }}")  # a template it never saw is compiled

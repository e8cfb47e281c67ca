"""A new server process loads the templates compiled by an earlier one
(instance/compiled-templates) instead of compiling them again, so a server
started after a crash answers its first phones at once; a template changed
since is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, render_template, render_template_string
from jinja2 import DictLoader, Environment, FileSystemBytecodeCache

from scorekeeper import create_app
from scorekeeper.app import _compiled_templates


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


def test_a_folder_others_may_write_to_keeps_nothing(tmp_path: Path) -> None:
    """The compiled files are code the app runs: never from a folder anyone
    else could have written them into."""
    (tmp_path / "compiled-templates").mkdir(mode=0o777)
    (tmp_path / "compiled-templates").chmod(0o777)
    assert _compiled_templates(tmp_path) is None
    mine = tmp_path / "mine"
    mine.mkdir()
    kept = _compiled_templates(mine)
    assert kept is not None and (mine / "compiled-templates").stat().st_mode & 0o777 == 0o700


def test_a_template_that_cant_be_kept_compiled_is_still_rendered(tmp_path: Path) -> None:
    kept = _compiled_templates(tmp_path)
    assert kept is not None
    (tmp_path / "compiled-templates").rmdir()  # gone, as a folder turned unwritable
    env = Environment(loader=DictLoader({"page.html": "{{ 2 + 3 }} points"}),
                      bytecode_cache=kept)
    assert env.get_template("page.html").render() == "5 points"

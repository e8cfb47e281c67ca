"""A fixture world built once per module and clock, then put back before each
test that asks for it: the database as the world left it (SQLite's backup,
into memory and back), every cache emptied, and the phone's session cookie
as it was.  Building the same world of nights, groups and events for each of
a module's tests through the pages and the API was a third of the quick
tests' time.

A test gets the world exactly as a fresh build would leave it (the same ids,
tokens, versions and history), so what it changes is its own.  Worlds are
kept apart by the module, the builder and the moment the test's clock stands
at (tests/conftest.py), so a world dated by one moment never serves a test
at another.  On another database than SQLite (PostgreSQL) each test builds
its world again.
"""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import db
from scorekeeper.services import caches
from tests.conftest import moment_of

W = TypeVar("W")


@dataclass
class _Kept:
    database: sqlite3.Connection
    cookie: dict[str, Any]
    world: Any


_KEPT: dict[tuple[str, str, float | None], _Kept] = {}


def snapshot(app: Flask) -> sqlite3.Connection:
    """The app's database, copied into memory."""
    kept = sqlite3.connect(":memory:")
    with app.app_context():
        raw = db.engine.raw_connection()
        try:
            raw.driver_connection.backup(kept)  # type: ignore[union-attr]
        finally:
            raw.close()
    return kept


def put_back(app: Flask, kept: sqlite3.Connection) -> None:
    """The app's database as ``kept`` holds it, and every cache empty."""
    with app.app_context():
        db.session.remove()
        raw = db.engine.raw_connection()
        try:
            kept.backup(raw.driver_connection)  # type: ignore[arg-type]
        finally:
            raw.close()
    caches.clear_all()


def kept_world(request: pytest.FixtureRequest, app: Flask, client: FlaskClient,
               build: Callable[[Flask, FlaskClient], W]) -> W:
    """``build(app, client)``'s world, built once per module and moment and
    put back for every later test (see the module's docstring)."""
    with app.app_context():
        sqlite = db.engine.dialect.name == "sqlite"
    if not sqlite:
        return build(app, client)
    moments = request.config._scorekeeper_moments  # type: ignore[attr-defined]
    slow = request.node.get_closest_marker("slow") is not None
    moment = None if slow else moment_of(request.node.nodeid, moments)
    key = (request.module.__name__, build.__qualname__, moment)
    found = _KEPT.get(key)
    if found is None:
        world = build(app, client)
        with client.session_transaction() as cookie:
            held = copy.deepcopy(dict(cookie))
        _KEPT[key] = _Kept(snapshot(app), held, copy.deepcopy(world))
        return world
    put_back(app, found.database)
    with client.session_transaction() as cookie:
        cookie.clear()
        cookie.update(copy.deepcopy(found.cookie))
    world = copy.deepcopy(found.world)
    return world  # type: ignore[no-any-return]

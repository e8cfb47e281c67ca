"""The app's fixtures, for the tiers that run the app (their conftest.py
loads this module as a plugin through ``tests.conftest.load_app_fixtures``):
one app on one migrated throw-away SQLite database for the run (emptied after
every test), a client, a logged-in scorekeeper's client with a table, a
count of the hands each replay of a night scores, and an app with CSRF on
behind a live waitress server.  The browser's own fixtures
are in tests/browser/conftest.py.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.db.models import db
from scorekeeper.services import caches
from scorekeeper.services.nights import kept as nights
from scorekeeper.services.nights import state as state_module
from scorekeeper.views import throttle
from tests.conftest import PLAYERS

#: Run the suite on another database (e.g. PostgreSQL) instead of a throw-away
#: SQLite file: ``SCOREKEEPER_TEST_DATABASE_URI=postgresql+psycopg://...``.
#: Every table is dropped after each test, so point it at a scratch database.
OTHER_DATABASE = os.environ.get("SCOREKEEPER_TEST_DATABASE_URI")


def app_on(uri: str, **config: Any) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "SQLALCHEMY_DATABASE_URI": uri, "WTF_CSRF_ENABLED": False,
                       # the suite imports far more than a minute's share of one address
                       "IMPORTS_PER_MINUTE": 1_000_000, "IMPORT_CPU_PER_MINUTE": 1e9,
                       **config})


@pytest.fixture(scope="session")
def session_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app and one migrated database for the whole run: building an app and
    migrating a database for every test cost most of the suite's time."""
    app = app_on(OTHER_DATABASE
                    or f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}")
    yield app
    with app.app_context():
        db.session.remove()
        if OTHER_DATABASE:
            db.drop_all()
            with db.engine.begin() as conn:
                conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
        db.engine.dispose()


@pytest.fixture()
def app(session_app: Flask) -> Iterator[Flask]:
    """The session's app with an empty database; every row and any change to
    the configuration are undone after the test."""
    config = dict(session_app.config)
    yield session_app
    session_app.config.clear()
    session_app.config.update(config)
    with session_app.app_context():
        db.session.remove()
        with db.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # ids start at 1 again, as on SQLite
                names = ", ".join(t.name for t in db.metadata.sorted_tables)
                conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
            else:
                for table in reversed(db.metadata.sorted_tables):
                    conn.execute(table.delete())
                # every test's ids start at 1 (the app never hands one out twice)
                conn.execute(sa.text("DELETE FROM sqlite_sequence"))
        if db.engine.dialect.name == "sqlite":
            _give_back_free_pages()


#: Free pages past which an emptied SQLite file is compacted (4 MB of 4 KB pages).
FREE_PAGES = 64


def _give_back_free_pages() -> None:
    """Compact the emptied database once a test left it large: a test of
    10,000 hands leaves megabytes of free pages, which every later test that
    copies the database (the policy walk's snapshot, many times a test) would
    copy too, ten times the walk's time."""
    raw = db.engine.raw_connection()
    try:  # the driver's own connection: the engine's "begin" hook would open a transaction
        sqlite = raw.driver_connection
        assert sqlite is not None
        if sqlite.execute("PRAGMA freelist_count").fetchone()[0] > FREE_PAGES:
            sqlite.execute("VACUUM")
    finally:
        raw.close()


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def words(response: Any) -> str:
    """A page's text as a person reads it: names lose the ``<bdi>`` that
    isolates them in running text."""
    return re.sub(r"</?bdi>", "", response.get_data(as_text=True))


def start_table(client: FlaskClient, preset: str = "called-ace",
                players: list[str] | None = None, **options: Any) -> int:
    """Create a table through the start page (this client becomes its scorekeeper)."""
    data: dict[str, Any] = {"name": "Friday", "players": players or PLAYERS,
                            "preset": preset, "stake_cents": "25"}
    data.update({f"opt-{k}": v for k, v in options.items()})
    response = client.post("/", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].split("/")[2])


@pytest.fixture()
def table_id(client: FlaskClient) -> int:
    return start_table(client)


@pytest.fixture()
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the hands each replay scores (its hands after the ones it reuses)."""
    calls: list[int] = []
    real = state_module.replay

    def counting(rules: Any, players: Any, hands: Any, present: Any = None,
                 **how: Any) -> Any:
        calls.append(len(hands) - how.get("start", 0))
        return real(rules, players, hands, present, **how)

    monkeypatch.setattr(state_module, "replay", counting)
    monkeypatch.setattr(nights, "replay", counting)
    yield calls


# --- a live server (browser and server tests) ------------------------------

@pytest.fixture()
def live_app(tmp_path: Path) -> Iterator[Flask]:
    """An app with CSRF on, as in production, for a live server."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "live-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.db'}",
    })
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture()
def live_server(live_app: Flask) -> Iterator[str]:
    """A real waitress server on 127.0.0.1 (random port) in a daemon thread."""
    from waitress.server import create_server

    server = create_server(live_app, host="127.0.0.1", port=0, threads=8)
    closing = threading.Event()

    def serve() -> None:
        try:
            server.run()
        except OSError:  # the loop's select() meeting the socket closed below
            if not closing.is_set():
                raise

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    closing.set()
    server.close()
    thread.join(1)


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Every test starts with every cache of the app empty, as its database is,
    so no test is served what an earlier one kept (the caches are the ones
    :mod:`scorekeeper.services.caches` registers)."""
    caches.clear_all()
    yield


@pytest.fixture(autouse=True)
def fresh_import_minute() -> None:
    """Every test starts with no import counted against its address: the test
    client and the live servers all send from 127.0.0.1, and a big import one
    test made (tests/web/test_group_round_trip.py) would otherwise answer the
    next test's imports in the same minute with a 429."""
    throttle.IMPORTS.clear()


@pytest.fixture(autouse=True)
def leaderboards_render_every_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test looks at a leaderboard right after changing the event: every
    version is rendered at once (a hall's leaderboard stands half a second,
    ``event_viewer.SETTLE``; tests/web/test_poll_gate.py covers that)."""
    from scorekeeper.views.viewers import event as event_viewer

    monkeypatch.setattr(event_viewer.WATCHERS, "settle", 0.0)

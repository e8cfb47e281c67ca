"""Shared fixtures: one app on one migrated throw-away SQLite database for the
run (emptied after every test), a client, a logged-in scorekeeper's client
with a table, and (for browser tests) a live waitress server plus Debian's
Chromium driven by Playwright.  Hypothesis profiles: ``default`` (50 examples
for a fuzz test through the app, twice that for the engine's properties) and
``thorough`` (20 times more), chosen by HYPOTHESIS_PROFILE.
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
from hypothesis import HealthCheck, settings

from scorekeeper import create_app
from scorekeeper.db.models import db

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]

settings.register_profile(
    "default", max_examples=50, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.data_too_large])
settings.register_profile("thorough", settings.get_profile("default"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).parent / "screenshots"


#: Run the suite on another database (e.g. PostgreSQL) instead of a throw-away
#: SQLite file: ``SCOREKEEPER_TEST_DATABASE_URI=postgresql+psycopg://...``.
#: Every table is dropped after each test, so point it at a scratch database.
OTHER_DATABASE = os.environ.get("SCOREKEEPER_TEST_DATABASE_URI")


def _test_app(uri: str, **config: Any) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "SQLALCHEMY_DATABASE_URI": uri, "WTF_CSRF_ENABLED": False, **config})


@pytest.fixture(scope="session")
def session_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app and one migrated database for the whole run: building an app and
    migrating a database for every test cost most of the suite's time."""
    app = _test_app(OTHER_DATABASE
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


# --- browser tests -----------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: install Debian's chromium")
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM),
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 1, "is_mobile": True, "has_touch": True}


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


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under tests/screenshots/ (git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

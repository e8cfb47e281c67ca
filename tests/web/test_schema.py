"""The schema at start-up: Alembic migrations (Flask-Migrate) build exactly
the models' schema, a new database is stamped, an existing one is upgraded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app
from scorekeeper.db import engine, schema
from scorekeeper.db.models import db
from scorekeeper.rules.hand_json import parse_exported
from tests.fixtures_app import start_table, words
from tests.services.test_codec import ADDED_SINCE, FIRST_RELEASE_HAND
from tests.web.test_busy import DriverError


def make_app(path: Path) -> Flask:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                             "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    return app


def night_with_one_hand(client: FlaskClient) -> int:
    """A table where Bob picked with Cat and won (Bob +2)."""
    table_id = start_table(client)
    client.post(f"/t/{table_id}/hand/new", data={
        "kind": "picked", "picker": "Bob", "partners": ["Cat"], "points": "75",
        "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0"})
    return table_id


def head(app: Flask) -> str:
    with app.app_context():
        config = app.extensions["migrate"].migrate.get_config()
        revision = ScriptDirectory.from_config(config).get_current_head()
    assert revision is not None
    return revision


def first_revision_night(path: Path, drop_version_table: bool = False
                         ) -> tuple[FlaskClient, int]:
    """A database at the first revision holding one night (optionally without
    Alembic's table, like a database from before migrations); returns the
    scorekeeper's client and the table's id."""
    first = make_app(path)
    client = first.test_client()
    table_id = night_with_one_hand(client)
    with first.app_context():
        config = first.extensions["migrate"].migrate.get_config()
        config.attributes["configure_logger"] = False
        command.downgrade(config, "0001")
        if drop_version_table:
            with db.engine.begin() as conn:
                conn.execute(sa.text("DROP TABLE alembic_version"))
        db.session.remove()
        db.engine.dispose()
    return client, table_id


def version_of(path: Path) -> list[str]:
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
    engine.dispose()
    return [r[0] for r in rows]


def test_a_new_database_is_created_and_marked_as_the_newest_revision(tmp_path: Path) -> None:
    app = make_app(tmp_path / "new.db")
    assert version_of(tmp_path / "new.db") == [head(app)]


def test_the_migrations_build_exactly_the_models_schema(app: Flask) -> None:
    """On the test database (SQLite, or SCOREKEEPER_TEST_DATABASE_URI)."""
    with app.app_context():
        db.drop_all()
        with db.engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE alembic_version"))
        config = app.extensions["migrate"].migrate.get_config()
        config.attributes["configure_logger"] = False
        command.upgrade(config, "head")
        with db.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
        with db.engine.connect() as conn:
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
    assert differences == []
    assert [v[0] for v in version] == [head(app)]


def test_an_existing_database_keeps_its_night_across_restarts(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    first = make_app(path)
    client = first.test_client()
    table_id = night_with_one_hand(client)
    again = make_app(path)
    with again.test_client() as second:
        with second.session_transaction() as session:
            with client.session_transaction() as old:
                session.update(old)
        page = second.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'data-player="Bob">+2<' in page
    assert version_of(path) == [head(again)]


def test_a_database_from_before_migrations_gets_the_tables_it_lacks(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    first_revision_night(path, drop_version_table=True)
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE handover"))
    engine.dispose()
    app = make_app(path)
    engine = sa.create_engine(f"sqlite:///{path}")
    assert "handover" in sa.inspect(engine).get_table_names()
    engine.dispose()
    assert version_of(path) == [head(app)]


def test_a_database_at_the_first_revision_is_upgraded_and_keeps_its_night(
        tmp_path: Path) -> None:
    path = tmp_path / "first.db"
    client, table_id = first_revision_night(path)
    engine = sa.create_engine(f"sqlite:///{path}")
    columns = {c["name"] for c in sa.inspect(engine).get_columns("game_table")}
    engine.dispose()
    assert version_of(path) == ["0001"] and "next_table_id" not in columns

    again = make_app(path)
    assert version_of(path) == [head(again)] != ["0001"]
    page = words(client.get(f"/t/{table_id}"))
    assert 'data-player="Bob">+2<' in page


def test_a_first_revision_database_without_its_version_table_is_upgraded(
        tmp_path: Path) -> None:
    """A database of the first release's schema that never had Alembic's table:
    marked as the first revision and upgraded, so new tables can be started."""
    path = tmp_path / "unmarked.db"
    client, table_id = first_revision_night(path, drop_version_table=True)

    again = make_app(path)
    assert version_of(path) == [head(again)]
    with again.test_client() as other:
        start_table(other)  # asserts the new table was created (302)
    page = words(client.get(f"/t/{table_id}"))
    assert 'data-player="Bob">+2<' in page


def test_hands_stored_by_the_first_release_still_load_and_edit(
        app: Flask, client: FlaskClient) -> None:
    table_id = night_with_one_hand(client)
    with app.app_context():
        db.session.execute(sa.text("UPDATE hand SET data = :data"),
                           {"data": json.dumps(FIRST_RELEASE_HAND)})
        db.session.commit()
    page = words(client.get(f"/t/{table_id}"))
    assert 'data-player="Bob">+2<' in page and "Bob with Cat, 75 points" in page
    edit = client.get(f"/t/{table_id}/hand/1/edit").get_data(as_text=True)
    assert 'value="Cat" checked' in edit
    exported = client.get(f"/t/{table_id}/export.json").get_json()
    assert exported["hands"] == [{  # the fields that differ from a new hand's
        key: FIRST_RELEASE_HAND[key]
        for key in ("kind", "picker", "partners", "points", "dealer", "seated", "present")}]
    assert parse_exported(exported["hands"][0]) == parse_exported(
        {**FIRST_RELEASE_HAND, **ADDED_SINCE})


def test_a_database_before_payment_handles_gets_them_empty_on_start(tmp_path: Path) -> None:
    """Migration 0007 adds the handle columns to players and members; the
    night and its players are kept, with no handle until someone saves one."""
    path = tmp_path / "handles.db"
    first = make_app(path)
    client = first.test_client()
    table_id = night_with_one_hand(client)
    with first.app_context():
        config = first.extensions["migrate"].migrate.get_config()
        config.attributes["configure_logger"] = False
        command.downgrade(config, "0006")
        db.session.remove()
        db.engine.dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    assert "pay_handle" not in {c["name"] for c in sa.inspect(engine).get_columns("player")}
    engine.dispose()

    again = make_app(path)
    assert version_of(path) == [head(again)]
    engine = sa.create_engine(f"sqlite:///{path}")
    for table in ("player", "member"):
        columns = {c["name"] for c in sa.inspect(engine).get_columns(table)}
        assert {"pay_service", "pay_handle"} <= columns
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT name, pay_service, pay_handle FROM player")).all()
    engine.dispose()
    assert len(rows) == 5 and {r[1:] for r in rows} == {(None, None)}
    with again.test_client() as second:
        with second.session_transaction() as session:
            with client.session_transaction() as old:
                session.update(old)
        saved = second.post(f"/t/{table_id}/players/Bob/pay",
                            data={"service": "venmo", "handle": "bob-bob"})
        assert saved.status_code == 302
        assert "Venmo @bob-bob" in words(second.get(f"/t/{table_id}/players"))  # its title


def test_a_process_starting_while_its_database_restarts_waits_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn stops altogether when one of its workers can't start, so a
    worker starting during a database restart waits for the database; a
    real fault at start-up is still raised at once."""
    tries: list[int] = []
    real = schema.prepare_database

    def restarting() -> None:
        tries.append(1)
        if len(tries) < 3:
            raise OperationalError("SELECT", {}, DriverError("Connection refused", None))
        real()

    monkeypatch.setattr(engine, "STARTUP_PAUSE", 0.01)
    monkeypatch.setattr(schema, "prepare_database", restarting)
    with make_app(tmp_path / "late.db").app_context():
        assert "game_table" in sa.inspect(db.engine).get_table_names()
    assert len(tries) == 3

    def broken() -> None:
        tries.append(1)
        raise OperationalError("SELECT", {}, DriverError("syntax error", "42601"))

    monkeypatch.setattr(schema, "prepare_database", broken)
    with pytest.raises(OperationalError):
        make_app(tmp_path / "broken.db")
    assert len(tries) == 4

"""The schema at start-up: Alembic migrations (Flask-Migrate) build exactly
the models' schema, a new database is stamped, an existing one is upgraded."""

from __future__ import annotations

import json
import re
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
from scorekeeper.db.models import AuditEntry, Editor, EventTable, Owner, db
from scorekeeper.rules.hand_json import parse_exported
from tests.fixtures_app import start_table, words
from tests.page_forms import post_form
from tests.services.test_codec import ADDED_SINCE, FIRST_RELEASE_HAND
from tests.web.migration_world import populate, what_each_token_is
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


def downgrade(app: Flask, revision: str) -> None:
    """Take the app's database back to ``revision`` (inside its app context)."""
    config = app.extensions["migrate"].migrate.get_config()
    config.attributes["configure_logger"] = False
    command.downgrade(config, revision)


def let_go() -> None:
    """Close the app's connections so another app can open the file."""
    db.session.remove()
    db.engine.dispose()


def first_revision_night(path: Path, drop_version_table: bool = False
                         ) -> tuple[FlaskClient, int]:
    """A database at the first revision holding one night (optionally without
    Alembic's table, like a database from before migrations); returns the
    scorekeeper's client and the table's id."""
    first = make_app(path)
    client = first.test_client()
    table_id = night_with_one_hand(client)
    with first.app_context():
        downgrade(first, "0001")
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
        downgrade(first, "0006")
        let_go()
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


def test_grants_codes_and_history_of_every_owner_move_to_one_table_each(
        tmp_path: Path) -> None:
    """Migration 0010: a database at 0009 keeps a table each for a night's,
    a group's and an event's grants, codes and history; after the upgrade
    they are one table each, every token still works as it did (a table
    phone a co-director brought in still ends with him), and no entry is lost."""
    path = tmp_path / "owners.db"
    first = make_app(path)
    client = first.test_client()
    night = client.post("/api/v1/tables", json={
        "name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace"}).get_json()
    group = client.post("/api/v1/groups", json={
        "name": "Thursday", "players": ["Ann", "Bob", "Cat", "Dan"],
        "preset": "called-ace"}).get_json()
    event = client.post("/api/v1/events", json={
        "name": "Fest", "preset": "called-ace", "sessions": 1, "rounds": 1}).get_json()
    director = {"Authorization": f"Bearer {event['director_token']}"}
    client.post(f"/api/v1/events/{event['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"P{n}"} for n in range(1, 6)]})
    laptop = first.test_client()
    with client.session_transaction() as cookie:
        cookie["events"] = {str(event["id"]): event["director_token"]}
    client.post(f"/e/{event['id']}/directors/code")
    page = client.get(f"/e/{event['id']}/directors")
    claim = re.search(r"/eclaim/[A-Za-z0-9_-]+", page.text)
    assert claim and laptop.post(claim.group(0), data={"label": "Laptop 2"}).status_code == 302
    drawn = post_form(laptop, f"/e/{event['id']}/sessions/1/draw", {"seed": "3"})
    assert drawn.status_code == 200
    cards = laptop.post(f"/e/{event['id']}/sessions/1/print/cards").text
    code = re.search(r'id="card-1">.*?<code>([^<]+)</code>', cards, re.S)
    assert code
    phone = first.test_client()
    assert phone.post(f"/claim/{code.group(1)}", data={"label": "Table phone"}).status_code == 302
    with first.app_context():
        entries = db.session.scalar(sa.select(sa.func.count()).select_from(AuditEntry))
        downgrade(first, "0009")
        let_go()
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        counts = {t: conn.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar()
                  for t in ("editor", "group_editor", "event_editor", "audit_entry",
                            "group_audit_entry", "event_audit_entry")}
        directed = conn.execute(sa.text(
            "SELECT count(*) FROM editor WHERE director_id IS NOT NULL")).scalar()
    old.dispose()
    assert counts["group_editor"] == 1 and counts["event_editor"] == 2 and directed >= 2
    assert sum(v for k, v in counts.items() if "audit" in k) == entries

    again = make_app(path)
    assert version_of(path) == [head(again)]
    with again.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(AuditEntry)) == entries
    api = again.test_client()
    for path_, token in ((f"/api/v1/tables/{night['id']}", night["edit_token"]),
                         (f"/api/v1/groups/{group['id']}", group["edit_token"]),
                         (f"/api/v1/events/{event['id']}", event["director_token"])):
        assert api.get(path_, headers={"Authorization": f"Bearer {token}"}).status_code == 200
    moved_phone, moved_laptop, moved_director = (again.test_client() for _ in range(3))
    for moved, before in ((moved_phone, phone), (moved_laptop, laptop),
                          (moved_director, client)):
        with moved.session_transaction() as cookie, before.session_transaction() as kept:
            cookie.update(kept)
    with again.app_context():
        table_night = db.session.scalars(sa.select(EventTable.night_id).where(
            EventTable.number == 1)).one()
        theirs = db.session.scalars(sa.select(Editor.id).where(
            Editor.of_kind("event"), Editor.label == "Laptop 2")).one()
    assert moved_phone.get(f"/t/{table_night}").status_code == 200
    assert moved_director.post(f"/e/{event['id']}/directors/{theirs}/revoke").status_code == 302
    assert moved_phone.get(f"/t/{table_night}").status_code == 403


def test_a_ticket_past_the_bound_is_set_aside_and_the_event_ranks_again(
        tmp_path: Path) -> None:
    """Migration 0011: a ticket kept before tickets had a bound (9×10^4299
    points: it can't even be read back) is removed on start-up; a ticket
    within the bound stays; the leaderboard answers again."""
    path = tmp_path / "tickets.db"
    first = make_app(path)
    client = first.test_client()
    event = client.post("/api/v1/events", json={
        "name": "Fest", "preset": "called-ace", "sessions": 1, "rounds": 1}).get_json()
    director = {"Authorization": f"Bearer {event['director_token']}"}
    client.post(f"/api/v1/events/{event['id']}/players", headers=director, json={
        "checked_in": True, "players": [{"name": f"P{n}"} for n in range(1, 11)]})
    drawn = client.post(f"/api/v1/events/{event['id']}/sessions/1/draw", headers=director,
                        json={"seed": 3}).get_json()
    kept = dict(zip(drawn["tables"][1]["players"], (4, -1, -1, -1, -1), strict=True))
    assert client.post(f"/api/v1/events/{event['id']}/sessions/1/tables/2/ticket",
                       headers=director, json={"totals": kept}).status_code == 201
    with first.app_context():
        downgrade(first, "0010")
        table_id = db.session.scalars(sa.select(EventTable.id).where(
            EventTable.number == 1)).one()
        names = drawn["tables"][0]["players"]
        huge = "9" + "0" * 4299
        body = "{" + ", ".join(f'"{n}": {"-" if i else ""}{huge}'
                               for i, n in enumerate(names)) + "}"
        with db.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO event_ticket (event_table_id, totals, at) "
                                 "VALUES (:t, :body, '2026-11-26 10:00:00')"),
                         {"t": table_id, "body": body})
        db.session.remove()
        db.engine.dispose()
    again = make_app(path)
    assert version_of(path) == [head(again)]
    engine_ = sa.create_engine(f"sqlite:///{path}")
    with engine_.connect() as conn:
        left = conn.execute(sa.text("SELECT event_table_id FROM event_ticket")).all()
    engine_.dispose()
    assert [r[0] for r in left] == [table_id + 1]
    board = again.test_client().get(f"/e/s/{event['view_token']}")
    assert board.status_code == 200
    assert again.test_client().get(f"/api/v1/events/{event['id']}/standings",
                                   headers=director).status_code == 200


def test_every_grant_gets_the_role_it_proved_and_down_and_up_every_token_is_the_same(
        tmp_path: Path) -> None:
    """Migration 0014, on a database holding nights of every owner with their
    grants, codes and history: taken down to 0013 (no role column) and up
    again, every token is the same credential and may do the same; the
    grants' roles are a group's keeper, an event's director, a night's
    keeper and a tournament table's phone."""
    path = tmp_path / "roles.db"
    first = make_app(path)
    client = first.test_client()
    tokens = populate(client)
    before = what_each_token_is(client, tokens)
    assert {k: v["credential"] for k, v in before.items()} == {
        "night": "table editor", "night link": "table view", "group": "group editor",
        "group night": "table editor", "group link": "group view", "director": "director",
        "table phone": "table phone", "event link": "event view"}
    with first.app_context():
        grants = db.session.scalar(sa.select(sa.func.count()).select_from(Editor))
        entries = db.session.scalar(sa.select(sa.func.count()).select_from(AuditEntry))
        downgrade(first, "0013")
        let_go()
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        assert "role" not in {c["name"] for c in sa.inspect(conn).get_columns("editor")}
        assert conn.execute(sa.text("SELECT count(*) FROM editor")).scalar() == grants
    old.dispose()
    again = make_app(path)
    assert version_of(path) == [head(again)]
    with again.app_context():
        roles = sorted((owner, role) for owner, role in db.session.execute(
            sa.select(Owner.kind, Editor.role).join(Editor.owner)).all())
        assert db.session.scalar(sa.select(sa.func.count()).select_from(AuditEntry)) == entries
    assert roles == [("event", "director"), ("group", "keeper"), ("table", "keeper"),
                     ("table", "keeper"), ("table", "phone")]
    assert what_each_token_is(again.test_client(), tokens) == before


def test_every_owner_gets_one_owner_row_and_down_and_up_every_token_is_the_same(
        tmp_path: Path) -> None:
    """Migration 0015, on a database holding nights of every owner with their
    grants, codes and history: at the newest revision each night, group and
    event has its owner row (a group's or tournament's night under its
    group's or event's); taken down to 0014 the share tokens, versions and
    owner words are back on the rows, every grant names an owner that
    exists; up again, every id and token is the same and may do the same."""
    path = tmp_path / "owners.db"
    first = make_app(path)
    client = first.test_client()
    tokens = populate(client)
    before = what_each_token_is(client, tokens)
    with first.app_context():
        owners = {row.id: row for row in db.session.scalars(sa.select(Owner))}
        parents = sorted((o.kind, owners[o.parent_id].kind) for o in owners.values()
                         if o.parent_id is not None)
        versions = sorted((o.kind, o.view_token, o.version) for o in owners.values())
        counts = {m.__tablename__: db.session.scalar(sa.select(sa.func.count()).select_from(m))
                  for m in (Editor, AuditEntry)}
        downgrade(first, "0014")
        let_go()
    assert parents == [("table", "event"), ("table", "group")]
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        assert "owner" not in sa.inspect(conn).get_table_names()
        kept = sorted([*((kind, token, version) for kind, table in (
            ("table", "game_table"), ("group", "player_group"), ("event", "event"))
            for token, version in conn.execute(sa.text(
                f"SELECT view_token, version FROM {table}")))])
        assert kept == versions
        for table in ("editor", "audit_entry", "handover"):
            assert conn.execute(sa.text(
                f"SELECT count(*) FROM {table} WHERE NOT EXISTS (SELECT 1 FROM "
                f"game_table t WHERE owner = 'table' AND t.id = owner_id) AND NOT EXISTS "
                f"(SELECT 1 FROM player_group g WHERE owner = 'group' AND g.id = owner_id) "
                f"AND NOT EXISTS (SELECT 1 FROM event e WHERE owner = 'event' "
                f"AND e.id = owner_id)")).scalar() == 0, table
    old.dispose()
    again = make_app(path)
    assert version_of(path) == [head(again)]
    with again.app_context():
        assert {m.__tablename__: db.session.scalar(sa.select(sa.func.count()).select_from(m))
                for m in (Editor, AuditEntry)} == counts
        assert sorted((o.kind, o.view_token, o.version)
                      for o in db.session.scalars(sa.select(Owner))) == versions
    assert what_each_token_is(again.test_client(), tokens) == before
    made = again.test_client().post("/api/v1/tables", json={  # new owners number on
        "name": "Saturday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"], "preset": "called-ace"})
    assert made.status_code == 201, made.get_json()


def test_an_event_that_signs_goes_down_to_0016_and_up_again_not_signing(
        tmp_path: Path) -> None:
    """Migration 0017: an event whose tables sign, with a signature, taken
    down to 0016 loses the column and the signatures' table, and up again is
    an event whose tables don't sign, with its tables and hands as they were."""
    path = tmp_path / "signing.db"
    first = make_app(path)
    client = first.test_client()
    made = client.post("/api/v1/events", json={
        "name": "Kirmess", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1,
        "signatures": True}).get_json()
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    assert client.post(f"/api/v1/events/{made['id']}/players", headers=auth, json={
        "checked_in": True, "players": [{"name": f"P{n}"} for n in range(5)]}).status_code == 201
    table = client.post(f"/api/v1/events/{made['id']}/sessions/1/draw", headers=auth,
                        json={"seed": 3}).get_json()["tables"][0]
    assert client.post(f"/api/v1/events/{made['id']}/sessions/1/tables/1/done",
                       headers=auth, json={"done": True}).status_code == 200
    assert client.post(f"/api/v1/tables/{table['night']}/signatures", headers=auth,
                       json={"name": table["players"][0], "agrees": True}).status_code == 201
    with first.app_context():
        downgrade(first, "0016")
        let_go()
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        assert "table_signature" not in sa.inspect(conn).get_table_names()
        assert "signatures" not in {c["name"] for c in sa.inspect(conn).get_columns("event")}
    old.dispose()
    again = make_app(path)
    assert version_of(path) == [head(again)]
    shown = again.test_client().get(f"/api/v1/events/{made['id']}", headers=auth).get_json()
    assert shown["signatures"] is False and len(shown["players"]) == 5
    signing = again.test_client().get(f"/api/v1/tables/{table['night']}/signatures",
                                      headers=auth).get_json()
    assert signing["status"] == "not asked" and signing["ready"]


def _key(path: str) -> dict[str, str]:
    return {"Idempotency-Key": f"0123456789abcdef-{path.rpartition('/')[2]}"}


def test_requests_carried_out_go_down_to_0019_and_up_again_naming_what_they_made(
        tmp_path: Path) -> None:
    """Migration 0020: a request carried out names the owner row of what it
    made (a table, a group, an event) instead of a column per kind; taken
    down to 0019 each kind's column is filled again, and up again a retry of
    each request under its key answers with what it made the first time."""
    path = tmp_path / "retries.db"
    first = make_app(path)
    client = first.test_client()
    sent = {
        "/api/v1/tables": {"name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
                           "preset": "called-ace"},
        "/api/v1/groups": {"name": "Thursday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
                           "preset": "called-ace"},
        "/api/v1/events": {"name": "Kirmess", "preset": "jack-of-diamonds", "sessions": 1,
                           "rounds": 1},
    }
    made = {}
    for path_, body in sent.items():
        answer = client.post(path_, json=body, headers=_key(path_))
        assert answer.status_code == 201, answer.get_json()
        made[path_] = answer.get_json()["id"]
    with first.app_context():
        downgrade(first, "0019")
        let_go()
    old = sa.create_engine(f"sqlite:///{path}")
    with old.connect() as conn:
        rows = conn.execute(sa.text(
            "SELECT token, table_id, group_id, event_id FROM submission ORDER BY token")).all()
    old.dispose()
    assert [(r.table_id, r.group_id, r.event_id) for r in rows] == [
        (None, None, made["/api/v1/events"]), (None, made["/api/v1/groups"], None),
        (made["/api/v1/tables"], None, None)]
    again = make_app(path)
    assert version_of(path) == [head(again)]
    retry = again.test_client()
    for path_, body in sent.items():
        answer = retry.post(path_, json=body, headers=_key(path_))
        assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["id"] == made[path_], path_

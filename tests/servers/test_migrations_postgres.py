"""The schema's migrations on PostgreSQL, on a database holding nights of
every owner with their grants, codes and history: taken down to the
revision before the newest and up again at start-up, every token is the
same credential and may do the same, and nothing is lost."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask

from bench.servers import PG_BIN, postgres_cluster
from scorekeeper import create_app
from scorekeeper.db.models import AuditEntry, Editor, Handover, Owner, db
from tests.web.migration_world import populate, what_each_token_is
from tests.web.test_schema import downgrade, head, let_go

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PG_BIN is None, reason="PostgreSQL's binaries are not "
                                 "installed (Debian: apt-get install postgresql)")]


def _app(url: str) -> Flask:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                             "SQLALCHEMY_DATABASE_URI": url})
    return app


def _counts() -> dict[str, int]:
    return {model.__tablename__: db.session.scalar(sa.select(sa.func.count())
                                                    .select_from(model)) or 0
            for model in (Editor, Handover, AuditEntry)}


def test_grant_roles_go_down_and_up_on_postgresql_keeping_every_token() -> None:
    with postgres_cluster() as url:
        first = _app(url)
        client = first.test_client()
        tokens = populate(client)
        before = what_each_token_is(client, tokens)
        with first.app_context():
            kept = _counts()
            newest = head(first)
            db.session.remove()  # no transaction of ours may hold a lock the downgrade needs
            downgrade(first, "0013")
            columns = {c["name"] for c in sa.inspect(db.engine).get_columns("editor")}
            assert "role" not in columns
            assert _counts() == kept
            let_go()
        again = _app(url)
        with again.app_context():
            version = db.session.scalar(sa.text("SELECT version_num FROM alembic_version"))
            assert version == newest
            assert _counts() == kept
            roles = sorted((owner, role) for owner, role in db.session.execute(
                sa.select(Owner.kind, Editor.role).join(Editor.owner)).all())
            let_go()
        assert roles == [("event", "director"), ("group", "keeper"), ("table", "keeper"),
                         ("table", "keeper"), ("table", "phone")]
        assert what_each_token_is(again.test_client(), tokens) == before
        made = again.test_client().post("/api/v1/groups", json={  # new owners number on
            "name": "Sunday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
            "preset": "called-ace"})
        assert made.status_code == 201, made.get_json()

"""The database schema at start-up: a new database is created from the models
and marked as the newest Alembic revision; an existing one is upgraded with
the migrations in ``migrations/`` (Flask-Migrate), so a schema change never
needs a manual step at the card table.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from flask import Flask, current_app
from flask_migrate import Migrate

from scorekeeper.db.engine import BUSY_TIMEOUT_MS, startup_lock, tune, when_reachable
from scorekeeper.db.models import db

migrate = Migrate()
#: The schema of a database made before migrations existed.
FIRST_REVISION = "0001"


def init_schema(app: Flask, directory: Path) -> None:
    """Register Flask-Migrate (``flask --app scorekeeper db ...``) and bring the
    database to the newest revision (waiting for a database server that is
    restarting, rather than failing to start)."""
    migrate.init_app(app, db, directory=str(directory), render_as_batch=True)
    with app.app_context():
        tune(db.engine, app.config.get("SQLITE_BUSY_TIMEOUT_MS", BUSY_TIMEOUT_MS))
        when_reachable(lambda: _prepare_once(db.engine))


def _prepare_once(engine: sa.Engine) -> None:
    with startup_lock(engine):
        prepare_database()


def prepare_database() -> None:
    """Create a fresh database, or upgrade one that already holds tables.

    A database made before migrations existed (tables but no
    ``alembic_version``) has the first revision's schema: it is marked as the
    first revision and upgraded from there, so no later change is skipped;
    a table it lacks altogether is then created as the newest revision has it.
    """
    config = current_app.extensions["migrate"].migrate.get_config()
    config.attributes["configure_logger"] = False
    existing = set(sa.inspect(db.engine).get_table_names())
    if "alembic_version" in existing:
        command.upgrade(config, "head")
    elif existing & set(db.metadata.tables):
        command.stamp(config, FIRST_REVISION)
        command.upgrade(config, "head")
        db.create_all()  # any table it never had, as the newest revision has it
    else:
        db.create_all()
        command.stamp(config, "head")

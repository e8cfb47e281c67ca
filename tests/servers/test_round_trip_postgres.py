"""A league moves whole on PostgreSQL as on SQLite: a 60-member, 2,000-night
group's file exported, brought in and exported again byte for byte, and its
spreadsheet brought back through the sheet import byte for byte, on a
throwaway cluster."""

from __future__ import annotations

import pytest

from bench.servers import PG_BIN, postgres_cluster
from scorekeeper.db.models import db
from tests.fixtures_app import app_on
from tests.web.test_group_csv import csv_round_trip
from tests.web.test_group_round_trip import json_round_trip
from tests.web.test_schema import let_go

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(PG_BIN is None, reason="PostgreSQL's binaries are not "
                                 "installed (Debian: apt-get install postgresql)")]


def test_a_league_comes_back_whole_on_postgresql() -> None:
    with postgres_cluster() as url:
        app = app_on(url)
        client = app.test_client()
        json_round_trip(client, 2_000)
        csv_round_trip(client, 300)
        with app.app_context():
            db.session.remove()
            let_go()

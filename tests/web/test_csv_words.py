"""The CSV's 'What happened' says a hand as the ledger does: its line and
every badge the engine gives it that the line doesn't already say (crack,
re-crack, blitz, doubled by …)."""

from __future__ import annotations

import csv
import io

from flask.testing import FlaskClient

from tests.fixtures_app import start_table
from tests.web.test_settle_pages import record


def _what_happened(client: FlaskClient, table_id: int) -> list[str]:
    rows = list(csv.reader(io.StringIO(
        client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))))
    return [row[2] for row in rows[1:-2]]


def test_the_csv_names_a_crack_and_a_re_crack(client: FlaskClient) -> None:
    table_id = start_table(client)
    record(client, table_id, picker="Ann", partners=["Cat"], points="75", cracks="1")
    record(client, table_id, picker="Bob", partners=["Dan"], points="80", cracks="2")
    cracked, recracked = _what_happened(client, table_id)
    assert cracked == "Ann with Cat, 75 points (×2: crack)"
    assert recracked == "Bob with Dan, 80 points (×4: re-crack)"


def test_the_csv_says_what_the_ledger_badges_say(client: FlaskClient) -> None:
    table_id = start_table(client, preset="imsa")
    record(client, table_id, kind="no-pick")
    record(client, table_id, picker="Ann", partners=["Cat"], points="75", blitzes="1")
    record(client, table_id, picker="Bob", alone="y", points="95")
    thrown, doubled, alone = _what_happened(client, table_id)
    assert thrown == "nobody picked: thrown in (throw-in)"
    assert doubled == "Ann with Cat, 75 points (doubled by 1, ×4: doubled, blitz)"
    assert alone == "Bob alone, 95 points (×4: alone, schneider)"  # IMSA: 25 is under 30


def test_a_plain_hand_has_no_marks(client: FlaskClient) -> None:
    table_id = start_table(client)
    record(client, table_id, picker="Ann", partners=["Cat"], points="75")
    record(client, table_id, kind="leaster", winner="Dan")
    assert _what_happened(client, table_id) == ["Ann with Cat, 75 points",
                                                  "leaster won by Dan"]

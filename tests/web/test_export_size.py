"""The largest night the app holds re-imports from its own export.

A night at every limit at once: ``MAX_HANDS`` hands of the kind that
carries the most text (an other payment between all ``MAX_PLAYERS``
players, whose names are ``PLAYER_NAME`` letters long, with a note of
``NOTE`` letters), each with its line of history, and ``MAX_PAYMENTS``
early payments.  Its export is measured from a real export of a few such
hands and scaled; it must fit what the import takes, and the import what
a request may carry.
"""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from scorekeeper.limits import (
    MAX_HANDS,
    MAX_IMPORT_BYTES,
    MAX_PAYMENT_CENTS,
    MAX_PAYMENTS,
    MAX_PLAYERS,
    MAX_REQUEST_BYTES,
    NOTE,
    PLAYER_NAME,
    TABLE_NAME,
)
from tests.web.api_helpers import API, ApiTable

#: The longest names the app keeps, one for each seat it allows.
NAMES = [chr(ord("A") + i) + "x" * (PLAYER_NAME - 1) for i in range(MAX_PLAYERS)]
#: The hand that carries the most text: everyone pays or is paid, with the longest note.
OTHER_PAYMENT = {"kind": "adjustment", "note": "x" * NOTE,
                 "payouts": {name: (MAX_PLAYERS - 1 if i == 0 else -1)
                             for i, name in enumerate(NAMES)}}
SAMPLE = 10


def test_the_export_of_the_largest_night_fits_the_import(client: FlaskClient) -> None:
    made = client.post(f"{API}/tables", json={"name": "T" * TABLE_NAME, "players": NAMES,
                                              "preset": "seven-handed"})
    assert made.status_code == 201, made.get_json()
    table = ApiTable(client, made.get_json())
    sizes = []
    for _ in range(2):
        for _ in range(SAMPLE):
            assert table.add(OTHER_PAYMENT).status_code == 201
        sizes.append(len(table.get("/export").get_data()))
    per_hand = (sizes[1] - sizes[0]) / SAMPLE
    payment = len(json.dumps({"payer": NAMES[0], "payee": NAMES[1], "cents": MAX_PAYMENT_CENTS,
                              "at": "2026-11-20T23:59:59.999999+00:00"},
                             ensure_ascii=False, separators=(",", ":"))) + 1
    largest = sizes[0] + per_hand * (MAX_HANDS - SAMPLE) + payment * MAX_PAYMENTS
    assert largest <= MAX_IMPORT_BYTES, f"{largest:,.0f} bytes"
    assert MAX_IMPORT_BYTES + 64 * 1024 <= MAX_REQUEST_BYTES  # an upload's form around it
    exported = table.get("/export")
    again = client.post(f"{API}/tables/import", data=exported.data,
                        content_type="application/json")
    assert again.status_code == 201, again.get_json()

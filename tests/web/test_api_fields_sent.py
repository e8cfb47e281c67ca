"""Every refusal's ``field`` names an input the request has (docs/api.md,
"Errors"): a spreadsheet refused as a file names the body field that sent
it, an export of the wrong kind its ``format``, and a refusal of the
request as a whole (an import that isn't an export at all, a hand refused
for who is at the table, which the night's roster says and no hand sends)
names none."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.services.groups.exports import FORMAT as GROUP_FORMAT
from tests.web.api_helpers import API, api_table, assert_error

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def _no_field(answer: object) -> None:
    assert "field" not in answer.get_json(), answer.get_json()  # type: ignore[attr-defined]


def test_an_import_that_isnt_an_export_names_no_field_and_one_of_another_kind_its_format(
        client: FlaskClient) -> None:
    for path in ("/tables/import", "/groups/import", "/events/import"):
        whole = client.post(f"{API}{path}", json=["not", "an", "export"])
        assert_error(whole, 400)
        _no_field(whole)
        other = client.post(f"{API}{path}", json={"format": "someone-elses/1"})
        assert_error(other, 400, "format")


def test_a_group_file_names_the_part_at_fault(client: FlaskClient) -> None:
    bad_name = client.post(f"{API}/groups/import", json={
        "format": GROUP_FORMAT, "name": "", "players": ["Ann"], "preset": "called-ace",
        "stake_cents": 25, "nights": []})
    assert_error(bad_name, 400, "name")
    bad_nights = client.post(f"{API}/groups/import", json={
        "format": GROUP_FORMAT, "name": "Thursday", "players": ["Ann"],
        "preset": "called-ace", "stake_cents": 25, "nights": "every one"})
    assert_error(bad_nights, 400, "nights")


def test_a_hand_refused_for_who_is_at_the_table_names_no_field(client: FlaskClient) -> None:
    table = api_table(client, players=SIX)
    for name in ("Eve", "Fay"):
        out = table.send("POST", f"/players/{name}/step-out")
        assert out.status_code == 200, out.get_json()
    refused = table.add({"picker": "Ann", "partners": ["Bob"], "points": 70})
    assert_error(refused, 400)
    assert "only 4 players are at the table" in refused.get_json()["error"]
    _no_field(refused)

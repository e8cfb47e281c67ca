"""Every way a night comes to be leaves it in the tree where it belongs: a
night on its own has no parent, a group's night has its group's owner row,
a tournament's table its event's (even when it was also made a group's).
The night's group and event columns and its owner row's parent never
disagree, whichever path made it: started, started for a group, drawn,
imported with a group or an event, brought in from a spreadsheet, or made a
group's first night."""

from __future__ import annotations

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import Event, GameTable, Group, Owner, db
from tests.web.migration_world import populate
from tests.web.sheet_helpers import group_with_a_night, night_rows_totals, sample

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _where_each_night_is(app: Flask) -> dict[int, tuple[str, str | None]]:
    """Each night: whose its columns say it is, and whose its owner row's parent is."""
    with app.app_context():
        parent = sa.orm.aliased(Owner)
        rows = db.session.execute(
            sa.select(GameTable.id, GameTable.group_id, GameTable.event_id, parent.kind,
                      parent.id, Group.owner_id, Event.owner_id)
            .join(Owner, Owner.id == GameTable.owner_id)
            .outerjoin(parent, parent.id == Owner.parent_id)
            .outerjoin(Group, Group.id == GameTable.group_id)
            .outerjoin(Event, Event.id == GameTable.event_id)).all()
    found: dict[int, tuple[str, str | None]] = {}
    for night, group, event, kind, key, group_key, event_key in rows:
        said = "event" if event is not None else "group" if group is not None else "own"
        agrees = key == (event_key if event is not None else group_key)
        found[night] = (said, kind if agrees else f"{kind} (another's)")
    return found


def test_every_night_sits_under_its_group_or_event_whichever_way_it_was_made(
        app: Flask, client: FlaskClient) -> None:
    tokens = populate(client)  # a night on its own, a group's night, a drawn tournament table
    with app.app_context():
        group_id = db.session.scalars(sa.select(Group.id)).one()
        event_id = db.session.scalars(sa.select(Event.id)).one()
    sheet_group = group_with_a_night(client)
    _, bad = night_rows_totals()
    sheet = {"sheet": sample("history_nights.csv").decode(), "filename": "nights.csv"}
    where = f"{API}/groups/{sheet_group['id']}/import"
    shown = client.post(where, headers=sheet_group["run"], json=sheet).get_json()
    brought = client.post(where, headers=sheet_group["run"], json={
        **sheet, "confirm": True, "version": shown["version"], "exclude": bad,
        "new_members": ["Gus"]})
    assert brought.status_code in (200, 201), brought.get_json()
    for path, token, again in ((f"groups/{group_id}", tokens["group"], "groups/import"),
                               (f"events/{event_id}", tokens["director"], "events/import")):
        exported = client.get(f"{API}/{path}/export", headers=_auth(token))
        assert exported.status_code == 200, exported.get_json()
        imported = client.post(f"{API}/{again}", json=exported.get_json())
        assert imported.status_code == 201, imported.get_json()
    own = client.post(f"{API}/tables", json={
        "name": "Loose", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace"}).get_json()
    with client.session_transaction() as cookie:
        cookie["editors"] = {str(own["id"]): own["edit_token"]}
    assert client.post(f"/t/{own['id']}/group").status_code == 302
    where = _where_each_night_is(app)
    assert len(where) > 20 and {said for said, _ in where.values()} == {"own", "group", "event"}
    wrong = {night: kinds for night, kinds in where.items()
             if kinds[1] != (None if kinds[0] == "own" else kinds[0])}
    assert not wrong, wrong
    assert where[own["id"]] == ("group", "group")

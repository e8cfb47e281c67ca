"""A token rotation is safe to retry: the same ``Idempotency-Key`` with the
token it was sent with answers the same new token, marked replayed, and
rotates nothing again; the key is the sender's alone and names one request."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, Submission, db
from tests.conftest import PLAYERS
from tests.web.api_helpers import API, assert_error

PICK = {"picker": "Ann", "partners": ["Bob"], "points": 75}


def _auth(token: str, key: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return headers


def _table(client: FlaskClient) -> dict[str, str | int]:
    made = client.post(f"{API}/tables", json={"name": "Friday", "players": PLAYERS,
                                              "preset": "called-ace"})
    assert made.status_code == 201
    return dict(made.get_json())


def test_an_edit_rotation_whose_answer_was_lost_is_answered_again_with_the_old_token(
        app: Flask, client: FlaskClient) -> None:
    made = _table(client)
    path, old = f"{API}/tables/{made['id']}", str(made["edit_token"])
    first = client.post(f"{path}/rotate", headers=_auth(old, "lost-answer-0001"),
                        json={"token": "edit"})
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    new = first.get_json()["value"]
    again = client.post(f"{path}/rotate", headers=_auth(old, "lost-answer-0001"),
                        json={"token": "edit"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == {"token": "edit", "value": new}
    assert client.post(f"{path}/hands", headers=_auth(new), json=PICK).status_code == 201
    assert client.post(f"{path}/hands", headers=_auth(old), json=PICK).status_code == 401
    with app.app_context():  # the new token is kept only sealed by the old one
        kept = db.session.scalars(db.select(Submission.response).where(
            Submission.token.endswith(":lost-answer-0001"))).all()
        assert len(kept) == 1 and new not in str(kept[0]) and "sealed" in kept[0]


def test_a_retried_share_link_rotation_makes_one_link(app: Flask, client: FlaskClient) -> None:
    made = _table(client)
    path, edit = f"{API}/tables/{made['id']}", str(made["edit_token"])
    links = [client.post(f"{path}/rotate", headers=_auth(edit, "share-once-000001"),
                         json={"token": "view"}).get_json()["value"] for _ in range(3)]
    assert len(set(links)) == 1
    assert client.get(path, headers=_auth(links[0])).status_code == 200
    with app.app_context():
        entries = db.session.scalars(db.select(AuditEntry.summary).where(
            AuditEntry.of("table", int(made["id"])), AuditEntry.action == "share")).all()
    assert len(entries) == 1


def test_one_key_names_one_rotation_and_is_its_senders_alone(client: FlaskClient) -> None:
    made = _table(client)
    path, edit = f"{API}/tables/{made['id']}", str(made["edit_token"])
    assert client.post(f"{path}/rotate", headers=_auth(edit, "one-key-0000001"),
                       json={"token": "view"}).status_code == 200
    assert_error(client.post(f"{path}/rotate", headers=_auth(edit, "one-key-0000001"),
                             json={"token": "edit"}), 422, "Idempotency-Key")
    other = client.post(f"{API}/tables/{made['id']}/players", headers=_auth(edit),
                        json={"name": "Fay"})
    assert other.status_code in (200, 201), other.get_json()
    stranger = client.post(f"{path}/rotate", headers=_auth("not a token", "one-key-0000001"),
                           json={"token": "view"})
    assert stranger.status_code in (401, 422) and "value" not in (stranger.get_json() or {})
    group = client.post(f"{API}/groups", json={"name": "Thursday", "players": PLAYERS}
                        ).get_json()
    gpath = f"{API}/groups/{group['id']}/rotate"
    sent = [client.post(gpath, headers=_auth(group["edit_token"], "group-key-000001"),
                        json={"token": "edit"}) for _ in range(2)]
    assert [s.status_code for s in sent] == [200, 200]
    assert sent[0].get_json() == sent[1].get_json()
    assert sent[1].headers["Idempotent-Replayed"] == "true"

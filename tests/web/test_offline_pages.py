"""What the server does for a phone without a network: the manifest, the
service worker at the site's root, the offline page, the JSON answers to a
hand that waited on the phone (X-Waiting-Save), and the background copies
that leave a phone's messages and session cookie alone."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.app import SECURITY_HEADERS
from tests.fixtures_app import start_table

WAITING = {"X-Waiting-Save": "1"}


def kept(client: FlaskClient, table_id: int, key: str, version: int, **fields: Any) -> Any:
    """A hand kept on the phone, sent as waiting.js sends it."""
    data: dict[str, Any] = {"kind": "picked", "tricks": "some", "count_side": "picking",
                            "cracks": "0", "blitzes": "0", "submission": key,
                            "version": str(version), "deal": ""}
    data.update(fields)
    return client.post(f"/t/{table_id}/hand/new", data=data, headers=WAITING)


def form_version(client: FlaskClient, table_id: int) -> int:
    """The night's version the record form is made on."""
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    found = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    assert found, page
    return int(found.group(1))


def test_the_manifest_names_the_app_its_icons_and_a_standalone_window(
        client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#0b6e4f"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_every_page_links_the_manifest_the_theme_colour_and_the_home_screen_icon(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    names = app.extensions["assets"].names  # each file by its content's name
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0b6e4f">' in page
    icon = names["icons/apple-touch-icon.png"]
    assert f'rel="apple-touch-icon" href="/static/{icon}"' in page
    assert 'id="net-status"' in page and f'/static/{names["js/waiting.js"]}"' in page


def test_the_service_worker_comes_from_the_root_and_is_always_checked(
        client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert b'addEventListener("fetch"' in response.data
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_the_offline_page_says_what_opens_without_a_network(client: FlaskClient) -> None:
    page = client.get("/offline").get_data(as_text=True)
    assert "can't reach the scorekeeper's server" in page


def test_a_waiting_hand_lands_with_the_version_its_recording_made(
        client: FlaskClient) -> None:
    table_id = start_table(client)
    version = form_version(client, table_id)
    first = kept(client, table_id, "w1", version, picker="Ann", partners=["Cat"], points="61")
    assert first.status_code == 201
    assert first.get_json()["number"] == 1
    assert first.get_json()["said"].startswith("Ann with Cat, 61 points. Ann +2")
    after = first.get_json()["version"]
    assert after == form_version(client, table_id)
    # The hand made right after it on the phone, sent as seen on that version.
    second = kept(client, table_id, "w2", after, picker="Bob", partners=["Dan"], points="61")
    assert second.status_code == 201 and second.get_json()["number"] == 2


def test_a_waiting_hand_sent_twice_is_recorded_once_and_says_where_it_landed(
        client: FlaskClient) -> None:
    table_id = start_table(client)
    version = form_version(client, table_id)
    first = kept(client, table_id, "w1", version, picker="Ann", partners=["Cat"], points="61")
    again = kept(client, table_id, "w1", version, picker="Ann", partners=["Cat"], points="61")
    assert again.status_code == 200
    assert again.get_json() == {
        "number": 1, "version": first.get_json()["version"],
        "said": "Ann with Cat, 61 points. Ann +2, Cat +1, Bob −1, Dan −1, Eve −1 "
                "(it had already reached the server)"}
    assert "1 hand" in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_a_waiting_hand_made_before_another_phones_change_is_refused_saying_what_changed(
        client: FlaskClient) -> None:
    table_id = start_table(client)
    version = form_version(client, table_id)
    kept(client, table_id, "other", version, picker="Ann", partners=["Bob"], points="61")
    refused = kept(client, table_id, "w1", version, picker="Cat", partners=["Dan"],
                   points="61")
    assert refused.status_code == 409
    assert refused.get_json()["error"].startswith(
        "Meanwhile, Scorekeeper: Recorded hand 1: Ann with Bob, 61 points.")


def test_a_waiting_hand_the_rules_refuse_says_why_in_json(client: FlaskClient) -> None:
    table_id = start_table(client)
    refused = kept(client, table_id, "w1", form_version(client, table_id), picker="Ann",
                   partners=["Ann"], points="61")
    assert refused.status_code == 400
    assert "picker" in refused.get_json()["error"].lower()
    # each problem at its field, as the form's page lists them (waiting.js shows them so)
    [problem] = refused.get_json()["problems"]
    assert problem["message"] in refused.get_json()["error"]
    form = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert f'id="{problem["target"]}"' in form


def test_a_background_copy_leaves_the_phones_messages_and_cookie_alone(
        client: FlaskClient) -> None:
    table_id = start_table(client)
    client.post(f"/t/{table_id}/hand/new", data={
        "kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
        "blitzes": "0", "picker": "Ann", "partners": ["Cat"], "points": "61"})
    copy = client.get(f"/t/{table_id}/hand/new", headers={"X-Offline-Copy": "1"})
    assert "Hand 1 saved" not in copy.get_data(as_text=True)
    assert "Set-Cookie" not in copy.headers
    assert "Hand 1 saved" in client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)


def test_only_a_page_a_phone_opens_renews_its_session_cookie(client: FlaskClient) -> None:
    """A background request's answer never puts back an older cookie."""
    table_id = start_table(client)
    assert "Set-Cookie" in client.get(f"/t/{table_id}").headers
    for path in ("/healthz", "/static/css/app.css", "/offline"):
        fetched = client.get(path, headers={"Sec-Fetch-Mode": "cors"})
        assert fetched.status_code == 200 and "Set-Cookie" not in fetched.headers, path
    opened = client.get(f"/t/{table_id}", headers={"Sec-Fetch-Mode": "navigate"})
    assert "Set-Cookie" in opened.headers


def test_a_background_page_never_replaces_the_form_secret_of_the_page_opened_next(
        live_app: Flask) -> None:
    """A cookie holding a group but no form secret yet (the group's own page
    makes none): the worker's copy of the offline page, answered after the
    page the phone opened next, would otherwise swap that page's secret."""
    client = live_app.test_client()  # forms checked, as in production
    made = client.post("/api/v1/groups", json={"name": "Thursday league"})
    assert made.status_code == 201, made.get_json()
    group = made.get_json()
    with client.session_transaction() as session:
        session["groups"] = {str(group["id"]): group["edit_token"]}
        session.pop("csrf_token", None)
    fetched = client.get("/offline", headers={"Sec-Fetch-Mode": "cors"})
    assert fetched.status_code == 200 and "Set-Cookie" not in fetched.headers
    opened = client.get(f"/g/{group['id']}/sheet", headers={"Sec-Fetch-Mode": "navigate"})
    assert "Set-Cookie" in opened.headers
    secret = re.search(r'name="csrf_token" value="([^"]+)"', opened.get_data(as_text=True))
    assert secret is not None
    with client.session_transaction() as session:
        assert "csrf_token" in session and session["groups"] == {
            str(group["id"]): group["edit_token"]}
    client.get("/offline", headers={"Sec-Fetch-Mode": "cors"})  # keeps the secret it has
    read = client.post(f"/g/{group['id']}/sheet", data={"csrf_token": secret.group(1)})
    assert "Form expired" not in read.get_data(as_text=True), read.status_code

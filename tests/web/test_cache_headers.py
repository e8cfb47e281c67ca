"""Who may keep a copy, for every route the app has: the pages behind a view
link (the same for every holder of the link) say a proxy may keep them a
second and carry an ETag to revalidate by, set no cookie and don't vary by
one, even for the scorekeeper's own phone (a link replaced or revoked: its
404 is kept the same way); every other answer, read or write, page or API,
is ``no-store`` (the few files that choose their own
policy carry no secret and set no cookie)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.db.models import Event, GameTable, Group, db
from scorekeeper.views.assets import PLAIN_LIFETIME
from scorekeeper.views.caching import PROXY_EXPIRES, SHARED, VIEW_LINK_PAGES
from tests.fixtures_app import start_table
from tests.kept_worlds import kept_world
from tests.page_forms import post_form
from tests.web.test_event_pages import TWENTY_THREE
from tests.web.test_groups_pages import start_group
from tests.web.test_share import HAND, HAND_FORM, record

#: Routes that set their own policy and carry no token, code or cookie.
OWN_POLICY = frozenset({"static", "offline.service_worker"})
#: What every phone's browser sends when it opens a page.
NAVIGATE = {"Sec-Fetch-Mode": "navigate"}


def rules() -> list[tuple[str, str, str]]:
    """(endpoint, rule, method) for every route and method the app registers."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return sorted((rule.endpoint, rule.rule, method) for rule in app.url_map.iter_rules()
                  for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}))


RULES = rules()


@pytest.fixture()
def world(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> dict[str, Any]:
    """:func:`_world`, built once per module (:mod:`tests.kept_worlds`)."""
    return kept_world(request, app, client, _world)


def _world(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A night with a hand, a group and an event with a drawn session, all
    started from one phone (``client``, which keeps their edit secrets in its
    session cookie); every id and token a route's address may need."""
    table_id = start_table(client)
    record(client, table_id)
    group_id = start_group(client)
    made = client.post("/e/new", data={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "played_on": "2025-10-04",
        "sessions": "3", "rounds": "4", "entry": "25", "share": "90",
        "places": "30, 15, 10, 10, 10", "session_high": "5"})
    event_id = int(made.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"pasted": TWENTY_THREE, "checked_in": "1"})
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "7"}).status_code == 200
    with app.app_context():
        table, group = db.session.get(GameTable, table_id), db.session.get(Group, group_id)
        event = db.session.get(Event, event_id)
        assert table is not None and group is not None and event is not None
        views = {"viewer": table.view_token, "group_viewer": group.view_token,
                 "event_viewer": event.view_token}
    with client.session_transaction() as kept:
        secrets = {"table_id": kept["editors"][str(table_id)],
                   "group_id": kept["groups"][str(group_id)],
                   "event_id": kept["events"][str(event_id)]}
    return {"ids": {"table_id": table_id, "group_id": group_id, "event_id": event_id},
            "views": views, "secrets": secrets}


def address(app: Flask, endpoint: str, method: str, world: dict[str, Any]) -> str:
    """The route's address filled with the world's ids and tokens (1 for any
    other number: a hand, a session, an editor...)."""
    rule = next(r for r in app.url_map.iter_rules(endpoint) if method in (r.methods or ()))
    known = {**world["ids"], "name": "Ann", "kind": "cards", "picture": "photo",
             "preset_id": "called-ace",
             "filename": "css/app.css", "token": world["views"].get(endpoint.split(".")[0],
                                                                   "not-a-real-secret-at-all"),
             "code": "not-a-real-code-at-all"}
    return app.url_map.bind("localhost").build(
        endpoint, {arg: known.get(arg, 1) for arg in rule.arguments}, method=method)


def bearer(rule: str, world: dict[str, Any]) -> dict[str, str]:
    """The API's secret for the owner the rule names (a table's, group's or event's)."""
    owner = next((key for key in ("table_id", "group_id", "event_id") if key in rule), None)
    return {"Authorization": f"Bearer {world['secrets'][owner]}"} if owner else {}


def ask(client: FlaskClient, url: str, method: str, rule: str, world: dict[str, Any],
        **headers: str) -> TestResponse:
    if rule.startswith("/api/"):
        return client.open(url, method=method, json=HAND,
                           headers={**bearer(rule, world), **headers})
    data = {**HAND_FORM, "name": "Zed", "label": "Phone", "pasted": "Zed"}
    return client.open(url, method=method, data=None if method == "GET" else data,
                       headers=headers)


def kept_by_a_proxy(response: TestResponse) -> bool:
    """Whether a shared cache may store the answer (RFC 9111: unless it says
    no-store or private, a cache may, even without explicit freshness)."""
    said = {part.strip().split("=")[0] for part in
            response.headers.get("Cache-Control", "").lower().split(",")}
    return not said & {"no-store", "private"}


def check(endpoint: str, method: str, response: TestResponse) -> None:
    headers = response.headers
    if endpoint.split(".")[0] in VIEW_LINK_PAGES and response.status_code in (200, 304):
        assert headers["Cache-Control"] == SHARED
        assert headers.get("ETag"), "a proxy revalidates its copy by the ETag"
        assert "Set-Cookie" not in headers
        assert "cookie" not in headers.get("Vary", "").lower()
        assert headers["Referrer-Policy"] == "no-referrer"
        assert re.fullmatch(r"@\d+", headers[PROXY_EXPIRES])
    elif endpoint.split(".")[0] in VIEW_LINK_PAGES and response.status_code == 404:
        gone(response)
    elif endpoint == "static" and method == "GET":
        # the same file for everyone: any cache may keep it, asked again each
        # time under its plain name (tests/web/test_static_files.py: versioned)
        assert "Set-Cookie" not in headers
        assert headers["Cache-Control"] == f"max-age={PLAIN_LIFETIME}, public"
    elif endpoint in OWN_POLICY and method == "GET" and "Set-Cookie" not in headers:
        assert "public" not in headers.get("Cache-Control", "")
    else:
        assert not kept_by_a_proxy(response), (response.status_code, dict(headers))
        assert PROXY_EXPIRES not in headers
        assert "no-store" in headers["Cache-Control"]


def gone(response: TestResponse) -> None:
    """A view link's 404 is kept as its page is, for the second, so that it
    takes the place of the page a proxy kept."""
    assert response.status_code == 404
    assert response.headers["Cache-Control"] == SHARED
    assert re.fullmatch(r"@\d+", response.headers[PROXY_EXPIRES])
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize(("endpoint", "rule", "method"), RULES,
                         ids=[f"{m} {r}" for _, r, m in RULES])
def test_only_the_pages_behind_a_view_link_may_be_kept_by_a_proxy(
        app: Flask, client: FlaskClient, world: dict[str, Any], endpoint: str, rule: str,
        method: str) -> None:
    url = address(app, endpoint, method, world)
    stranger = app.test_client()
    for phone in (client, stranger):  # the scorekeeper's phone holds every secret
        response = ask(phone, url, method, rule, world, **NAVIGATE)
        assert response.status_code < 500, response.get_data(as_text=True)[:300]
        check(endpoint, method, response)


def test_every_view_link_page_is_among_the_routes_walked() -> None:
    walked = {endpoint for endpoint, _, method in RULES if method == "GET"}
    assert {"viewer.view", "viewer.live", "viewer.tv", "group_viewer.view",
            "group_viewer.live", "event_viewer.board", "event_viewer.live",
            "event_viewer.tv", "event_viewer.seat"} <= walked
    assert any(rule.startswith("/api/") for _, rule, _ in RULES)


def test_a_proxys_copy_is_revalidated_by_its_etag(client: FlaskClient,
                                                   world: dict[str, Any]) -> None:
    token = world["views"]["viewer"]
    for path in (f"/s/{token}", f"/s/{token}/live", f"/e/s/{world['views']['event_viewer']}"):
        first = client.get(path)
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.headers["Cache-Control"] == SHARED
        assert not again.data


def test_nginxs_copy_ends_at_the_next_tick_of_its_clock(client: FlaskClient,
                                                        world: dict[str, Any]) -> None:
    """nginx would keep an ``s-maxage=1`` copy for one to two seconds (it
    counts whole seconds); the page and its revalidation name the current
    second instead, so the copy is never more than a second old."""
    path = f"/e/s/{world['views']['event_viewer']}/live"
    before = int(time.time())
    first = client.get(path)
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    after = int(time.time())
    for answer in (first, again):
        assert before <= int(answer.headers[PROXY_EXPIRES].removeprefix("@")) <= after


def test_the_scorekeepers_cookie_never_rides_on_a_shared_page(
        app: Flask, client: FlaskClient, world: dict[str, Any]) -> None:
    """The phone holding every edit secret opens its night's share page: the
    answer a proxy keeps for everyone must not renew (and so hand out) its
    cookie, while its own pages still do."""
    token = world["views"]["viewer"]
    own = client.get(f"/t/{world['ids']['table_id']}", headers=NAVIGATE)
    assert "Set-Cookie" in own.headers and own.headers["Cache-Control"] == "no-store"
    shared = client.get(f"/s/{token}", headers=NAVIGATE)
    assert "Set-Cookie" not in shared.headers
    assert shared.headers["Cache-Control"] == SHARED
    gone = client.get("/s/no-such-link-at-all-here", headers=NAVIGATE)
    assert gone.status_code == 404 and "Set-Cookie" not in gone.headers


@pytest.mark.parametrize("path", [
    "/s/{}", "/s/{}/live", "/s/{}/tv", "/gs/{}", "/gs/{}/live", "/e/s/{}/live", "/e/s/{}/seat"])
def test_a_replaced_links_404_takes_the_place_of_the_page_nginx_kept(
        client: FlaskClient, world: dict[str, Any], path: str) -> None:
    """nginx keeps a view link's page and, while it asks the app again,
    serves its last copy to every poll that comes meanwhile.  Once the link
    is replaced or revoked, the app's 404 must take that copy's place in
    nginx's cache, or a crowd polling the old link keeps getting the page
    (measured: seven polls in ten, for as long as they poll)."""
    for phone in (client, client.application.test_client()):
        gone(phone.get(path.format("no-such-link-at-all-here"), headers=NAVIGATE))

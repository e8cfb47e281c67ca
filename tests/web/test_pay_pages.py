"""One-tap payments on the scorekeeper's pages: a handle saved on the
Players page or a group member's page, refused next to its box when the
service can't have it, shown as a button on each payment of the settle-up
and of a leaver's settle page; and never shown anywhere the view token
reads: the share pages, the big screen, the group's share pages, the API
and its exports (walked route by route)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, Group, db
from tests.fixtures_app import words
from tests.refusals import ERROR_PREFIX
from tests.web.test_groups_pages import start_group, start_night
from tests.web.test_share import record

#: What may never leak: the handles and every service's address.
SECRETS = ("annsmith42", "catcash7", "paypal", "venmo", "cash.app")


def _version(app: Flask, table_id: int) -> int:
    with app.app_context():
        return db.session.get(GameTable, table_id).version


def _night_with_handles(client: FlaskClient) -> tuple[int, int]:
    """A group night Ann and Cat won (the others pay them): Ann's Venmo
    saved on the night, Cat's Cash App on the group; returns (group, night)."""
    group_id = start_group(client, "Ann\nBob\nCat\nDan\nEve")
    table_id = start_night(client, group_id, played_on="2025-11-21")
    record(client, table_id)
    saved = client.post(f"/g/{group_id}/players/Cat/pay",
                        data={"service": "cashapp", "handle": "$catcash7"})
    assert saved.status_code == 302
    saved = client.post(f"/t/{table_id}/players/Ann/pay",
                        data={"service": "venmo", "handle": "@annsmith42"})
    assert saved.status_code == 302
    assert saved.headers["Location"].endswith(f"/t/{table_id}/players")
    return group_id, table_id


def test_the_players_page_offers_a_payment_handle_for_each_player(
        app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    page = words(client.get(f"/t/{table_id}/players"))
    # named by the words it shows first (WCAG 2.5.3), then whose it is
    assert 'aria-label="Venmo @annsmith42: Ann\'s payment handle"' in page
    assert 'aria-label="Cash App $catcash7: Cat\'s payment handle"' in page
    assert page.count("Payment handle") == 3  # Bob, Dan and Eve have none
    assert f'href="/t/{table_id}/players/Bob/pay"' in page
    form = words(client.get(f"/t/{table_id}/players/Cat/pay"))
    assert "The group keeps Cat's <strong>Cash App $catcash7</strong>" in form


def test_a_handle_the_service_cant_have_is_said_next_to_its_box_and_changes_nothing(
        app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    before = _version(app, table_id)
    refused = client.post(f"/t/{table_id}/players/Bob/pay",
                          data={"service": "paypal", "handle": "bob-the-builder"})
    assert refused.status_code == 400
    page = words(refused)
    error = re.search(r'aria-invalid="true" aria-describedby="handle-error">\s*'
                      r'<p class="field-error" id="handle-error">' + re.escape(ERROR_PREFIX)
                      + r'([^<]+)</p>', page)
    assert error is not None
    assert error.group(1).startswith("A PayPal.Me name is up to 20 letters or digits")
    assert 'value="bob-the-builder"' in page  # what was typed stays in the box
    unknown = client.post(f"/t/{table_id}/players/Bob/pay",
                          data={"service": "zelle", "handle": "bob"})
    assert unknown.status_code == 400 and 'id="service-error"' in words(unknown)
    assert client.get(f"/t/{table_id}/players/Zed/pay").status_code == 404
    assert _version(app, table_id) == before


def test_settle_up_shows_each_payment_as_a_button_that_opens_the_payees_app(
        app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    page = words(client.get(f"/t/{table_id}/settle"))
    note = "note=Sheepshead%2C%20Friday%2021%20Nov"
    buttons = re.findall(r'<a role="button" class="pay-link secondary" href="([^"]+)"'
                         r'[^>]*>([^<]+)</a>', page.replace("&amp;", "&"))
    assert buttons, page
    for url, said in buttons:
        amount = re.search(r"\$(\d+\.\d\d) with", said)
        assert amount is not None
        if said.startswith("Pay Ann"):
            assert said.endswith("with Venmo")
            assert url == (f"https://venmo.com/annsmith42?txn=pay&amount={amount.group(1)}"
                           f"&{note}")
        else:
            assert said.startswith("Pay Cat") and said.endswith("with Cash App")
            assert url == f"https://cash.app/$catcash7/{amount.group(1)}"
    assert len(buttons) == len(re.findall(r"pays <strong>(?:Ann|Cat)</strong>", page))


def test_a_leavers_settle_page_shows_the_button_too(app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    page = words(client.get(f"/t/{table_id}/settle/leave?name=Bob"))
    assert "with Venmo</a>" in page or "with Cash App</a>" in page


def test_a_group_members_handle_is_set_on_their_page(app: Flask, client: FlaskClient) -> None:
    group_id, _ = _night_with_handles(client)
    assert f'href="/g/{group_id}/players/Ann/pay"' in words(client.get(
        f"/g/{group_id}/players/Ann"))
    removed = client.post(f"/g/{group_id}/players/cat/pay", data={"service": "cashapp",
                                                                  "remove": "1"})
    assert removed.status_code == 302
    assert "Cat has no payment handle now." in words(client.get(removed.headers["Location"]))
    assert app.test_client().get(f"/g/{group_id}/players/Ann/pay").status_code == 403


def _url(rule: str, table: GameTable, group: Group) -> str:
    """``rule`` with the night's or the group's ids and tokens filled in."""
    token = group.view_token if rule.startswith("/gs/") else table.view_token
    return (rule.replace("<token>", token).replace("<int:table_id>", str(table.id))
            .replace("<int:group_id>", str(group.id)).replace("<name>", "Ann")
            .replace("<int:number>", "1"))


def test_no_page_or_answer_the_view_token_reads_shows_a_handle(
        app: Flask, client: FlaskClient) -> None:
    group_id, table_id = _night_with_handles(client)
    with app.app_context():
        table, group = db.session.get(GameTable, table_id), db.session.get(Group, group_id)
        rules = sorted(r.rule for r in app.url_map.iter_rules() if "GET" in (r.methods or ())
                       and r.rule.startswith(("/s/", "/gs/", "/api/v1/")))
        urls = [_url(r, table, group) for r in rules]
        bearer = {"/api/v1/groups": group.view_token, "/api/v1/": table.view_token}
    urls += [u + "?big=1" for u in urls if u.startswith("/s/")]
    viewer = app.test_client()
    answered: list[str] = []
    for url in urls:
        token = next((t for prefix, t in bearer.items() if url.startswith(prefix)), "")
        headers: dict[str, Any] = {"Authorization": f"Bearer {token}"}
        response = viewer.get(url, headers=headers)
        assert response.status_code < 500, url
        text = response.get_data(as_text=True).lower()
        leaked = [s for s in SECRETS if s in text]
        assert not leaked, (url, leaked)
        if response.status_code == 200:
            answered.append(url)
    walked = {re.sub(r"[0-9a-zA-Z_-]{20,}", "T", u) for u in answered}
    for page in ("/s/T", "/s/T/tv", "/s/T/live", "/s/T/summary", "/gs/T", "/gs/T/players/Ann",
                 f"/api/v1/tables/{table_id}", f"/api/v1/tables/{table_id}/settlement",
                 f"/api/v1/groups/{group_id}", f"/api/v1/groups/{group_id}/players/Ann"):
        assert page in walked, (page, sorted(walked))


def test_no_export_carries_a_handle(app: Flask, client: FlaskClient) -> None:
    group_id, table_id = _night_with_handles(client)
    for url in (f"/t/{table_id}/export.csv", f"/t/{table_id}/export.json",
                f"/g/{group_id}/export"):
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.get_data(as_text=True).lower()
        assert not [s for s in SECRETS if s in text], url

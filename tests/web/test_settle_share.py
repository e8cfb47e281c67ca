"""The settle-up for the group chat: the words the Share button on settle-up
and on the night summary hands the phone's share sheet (or copies), written
by the server from the same payments the page shows, with the night's day in
the app's words, and no contact or payment handle in them."""

from __future__ import annotations

import html
import re
from datetime import date

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.ledger.settle import Transfer
from scorekeeper.ledger.words import settle_words
from tests.fixtures_app import start_table
from tests.web.test_pay_pages import SECRETS, _night_with_handles
from tests.web.test_settle_pages import shown_transfers, three_hands
from tests.web.test_share import view_token


def shared(page: str) -> tuple[str, str]:
    """The Share button's words and title, as the page hands them to its script."""
    found = re.search(r'<div class="share-night" id="share-night" data-text="([^"]*)" '
                      r'data-title="([^"]*)" hidden>', page)
    assert found is not None, "no Share button"
    return html.unescape(found.group(1)), html.unescape(found.group(2))


def test_the_settle_up_reads_as_one_line_for_the_group_chat() -> None:
    friday = date(2025, 11, 21)
    assert settle_words(friday, [Transfer("Bob", "Ann", 275), Transfer("Carl", "Ann", 110)],
                        25) == "Friday 21 Nov — Bob pays Ann $2.75, Carl pays Ann $1.10"
    assert settle_words(friday, [], 25) == \
        "Friday 21 Nov — Everyone is square: nobody pays anybody."
    assert settle_words(date(2026, 3, 2), [], 0) == \
        "Monday 2 Mar — Playing for points only: no money changes hands."


def test_settle_up_shares_its_payments_and_no_handle(app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    text, title = shared(page)
    assert text == "Friday 21 Nov — Bob pays Ann $0.25, Dan pays Ann $0.25, Eve pays Cat $0.25"
    assert title == "Sheepshead, Friday 21 Nov"
    # the payments as the page lists them, each without its one-tap button's words
    assert text.split(" — ")[1].split(", ") == [
        line.split(" Pay ")[0] for line in shown_transfers(page)]
    assert 'id="share-chart"' in page  # the chart to draw as a picture, unseen
    for secret in SECRETS:
        assert secret not in text.lower() and secret not in title.lower()
    assert "annsmith42" in page  # the page itself still offers the one-tap payments


def test_the_night_summary_shares_the_same_words(app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    settle_page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    summary = client.get(f"/t/{table_id}/summary").get_data(as_text=True)
    assert shared(summary) == shared(settle_page)
    assert 'id="share-chart"' not in summary  # it draws the chart it shows
    assert 'class="balance-chart"' in summary


def test_the_shared_words_are_the_payments_as_rounded_or_banked(client: FlaskClient) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    for query in ("", "?round=dollars", "?bank=Ann"):
        page = client.get(f"/t/{table_id}/settle{query}").get_data(as_text=True)
        text, _ = shared(page)
        assert text.split(" — ", 1)[1].split(", ") == shown_transfers(page), query


def test_a_square_night_shares_that_nobody_pays(client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    text, _ = shared(page)
    assert text.endswith(" — Everyone is square: nobody pays anybody.")
    assert 'id="share-chart"' not in page  # no hand, no chart


def test_the_share_link_summary_offers_no_share_button(app: Flask, client: FlaskClient) -> None:
    _, table_id = _night_with_handles(client)
    page = client.get(f"/s/{view_token(app, table_id)}/summary").get_data(as_text=True)
    assert 'id="share-night"' not in page and "settle-share.js" not in page

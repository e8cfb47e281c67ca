"""No silent loner: at a jack-of-diamonds table (where no partner is a
loner: the picker held J♦), Save with no partner ticked and "alone" not
ticked asks "Ann alone?" next to the partners and saves nothing;
the answer button (one tap) ticks alone and saves; a partner ticked saves
as usual.  An edit of a hand that was a loner already isn't asked again; a
table where the picker always plays alone never asks, nor one whose checks
refuse a hand with no partner (called ace: "Name the partner…")."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.fixtures_app import start_table, words
from tests.web.test_pages import hand, hand_count


def _ask(response: Any) -> str:
    return words(response)


def test_save_with_no_partner_asks_and_saves_nothing(client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client, preset="imsa")
    asked = hand(client, table_id, picker="Ann", points="75", submission="s-1")
    assert asked.status_code == 400
    page = _ask(asked)
    assert "Ann alone? Tap the partner, or answer yes." in page
    assert 'name="alone" value="y" id="alone-yes"' in page and "Yes, Ann went alone: save" in page
    assert hand_count(app) == 0
    answered = hand(client, table_id, picker="Ann", points="75", alone="y", submission="s-1")
    assert answered.status_code == 302
    assert hand_count(app) == 1
    ledger = words(client.get(f"/t/{table_id}"))
    assert "Ann alone" in ledger


def test_a_partner_ticked_is_never_asked(client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client, preset="imsa")
    assert hand(client, table_id, picker="Ann", partners=["Cat"], points="75").status_code == 302
    assert hand_count(app) == 1


def test_an_edit_of_a_loner_is_not_asked_again_but_one_that_drops_the_partner_is(
        client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client, preset="imsa")
    assert hand(client, table_id, picker="Ann", alone="y", points="75").status_code == 302
    assert hand(client, table_id, picker="Bob", partners=["Cat"], points="80").status_code == 302
    first, second = 1, 2  # the hands' ids in a new database
    base = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
            "blitzes": "0"}
    kept = client.post(f"/t/{table_id}/hand/{first}/edit",
                       data={**base, "picker": "Ann", "points": "80"})
    assert "alone?" not in words(kept) and "Change hand 1?" in words(kept)
    dropped = client.post(f"/t/{table_id}/hand/{second}/edit",
                          data={**base, "picker": "Bob", "points": "80"})
    assert dropped.status_code == 400 and "Bob alone?" in words(dropped)


def test_a_table_without_partners_never_asks_and_a_called_ace_table_refuses(
        client: FlaskClient, app: Flask) -> None:
    three = start_table(client, preset="three-handed", players=["Ann", "Bob", "Cat"])
    assert hand(client, three, picker="Ann", points="75").status_code == 302
    called = start_table(client)
    refused = words(hand(client, called, picker="Ann", points="75"))
    assert "Name the partner" in refused and "alone?" not in refused

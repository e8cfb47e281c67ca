"""Settling up through the pages: balances and payments, rounding, the bank,
a player who settles and leaves early, closing the night, the summary and a
new night with the same players and rules."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, HandRow, Payment, Player, db
from scorekeeper.ledger.settle import Transfer, apply_transfers, settle
from scorekeeper.ledger.words import describe_transfer
from scorekeeper.services.nights import settle as settle_service
from scorekeeper.services.nights.state import TableState
from scorekeeper.views.caching import SHARED
from tests.fixtures_app import start_table, words

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def record(client: FlaskClient, table_id: int, **fields: Any) -> None:
    data: dict[str, Any] = {"kind": "picked", "tricks": "some", "count_side": "picking",
                            "cracks": "0", "blitzes": "0"}
    data.update(fields)
    response = client.post(f"/t/{table_id}/hand/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)


def three_hands(client: FlaskClient, table_id: int) -> None:
    """Ann +3, Bob −10, Cat +2, Dan +5, Eve 0 (at 25 cents: Bob owes $2.50)."""
    record(client, table_id, picker="Ann", partners=["Cat"], points="75")
    record(client, table_id, picker="Bob", alone="y", points="40")
    record(client, table_id, kind="leaster", winner="Dan")


def text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def shown_transfers(page: str, block: str = "transfers") -> list[str]:
    match = re.search(rf'<ol class="transfers" id="{block}">(.*?)</ol>', page, re.S)
    return [text(li) for li in re.findall(r"<li>(.*?)</li>", match.group(1), re.S)] \
        if match else []


def table_of(app: Flask, table_id: int) -> GameTable:
    table = db.session.get(GameTable, table_id)
    assert table is not None
    return table


def test_settle_page_shows_points_money_and_the_fewest_payments(client: FlaskClient) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    assert shown_transfers(page) == ["Bob pays Ann $0.75", "Bob pays Cat $0.50",
                                     "Bob pays Dan $1.25"]
    row = text(re.search(r'<tr data-player="Bob">(.*?)</tr>', page, re.S).group(1))
    assert row == "Bob −10 −$2.50 −$2.50"
    assert "3 payments, the fewest possible" in text(page)


def test_a_square_table_says_nobody_pays(client: FlaskClient) -> None:
    table_id = start_table(client)
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    assert "Everyone is square" in page


@pytest.mark.parametrize(("unit", "cents"), [("quarters", 25), ("dollars", 100)])
def test_rounding_keeps_zero_sum_and_each_amount_within_one_cash_unit(
        app: Flask, client: FlaskClient, unit: str, cents: int) -> None:
    rng = random.Random(cents)
    for _ in range(6):
        table_id = start_table(client)
        with app.app_context():
            table_of(app, table_id).stake_cents = rng.choice([7, 13, 25, 33, 10])
            db.session.commit()
        for _ in range(rng.randint(1, 5)):
            picker, partner = rng.sample(["Ann", "Bob", "Cat", "Dan", "Eve"], 2)
            record(client, table_id, picker=picker, partners=[partner],
                   points=str(rng.choice([31, 45, 61, 75, 89])))
        with app.app_context():
            result = settle_service.settlement(TableState.load(table_of(app, table_id)), unit)
        assert sum(result.rounded.values()) == 0
        assert all(amount % cents == 0 for amount in result.rounded.values())
        assert all(abs(result.rounded[name] - left) < cents
                   for name, left in result.remaining.items())
        assert set(apply_transfers(result.rounded, result.transfers).values()) <= {0}


def test_the_page_shows_exact_and_rounded_amounts_side_by_side(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    with app.app_context():
        table_of(app, table_id).stake_cents = 33
        db.session.commit()
    three_hands(client, table_id)
    page = client.get(f"/t/{table_id}/settle?round=dollars").get_data(as_text=True)
    row = text(re.search(r'<tr data-player="Ann">(.*?)</tr>', page, re.S).group(1))
    assert row == "Ann +3 $0.99 $1.00 exact $0.99"
    assert "rounded to dollars" in page
    assert all(t.endswith(".00") for t in shown_transfers(page))


def test_settling_through_the_bank_has_everyone_deal_with_the_bank(
        client: FlaskClient) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    page = client.get(f"/t/{table_id}/settle?bank=Cat").get_data(as_text=True)
    assert shown_transfers(page) == ["Bob pays Cat $2.50", "Cat pays Ann $0.75",
                                     "Cat pays Dan $1.25"]
    assert "everyone settling with Cat" in page


@pytest.mark.parametrize(("query", "message"), [
    ("round=pennies", "Round to exact cents, quarters or whole dollars"),
    ("bank=Zed", "Zed isn&#39;t a player at this table"),
])
def test_a_bad_option_is_named_next_to_the_field_and_the_page_still_works(
        client: FlaskClient, query: str, message: str) -> None:
    table_id = start_table(client)
    three_hands(client, table_id)
    response = client.get(f"/t/{table_id}/settle?{query}")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in page
    assert shown_transfers(page)


def test_only_the_scorekeeper_sees_the_settle_pages(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    stranger = app.test_client()
    for url in ("settle", "summary", "close", "settle/leave?name=Ann", "export.csv",
                "export.json"):
        assert stranger.get(f"/t/{table_id}/{url}").status_code == 403
    assert stranger.post(f"/t/{table_id}/close").status_code == 403
    assert stranger.post(f"/t/{table_id}/new-night").status_code == 403


# --- leaving early -------------------------------------------------------------

def test_the_leave_confirmation_shows_the_leavers_payments(client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    record(client, table_id, picker="Bob", partners=["Cat"], points="40")
    page = client.get(f"/t/{table_id}/settle/leave?name=Cat").get_data(as_text=True)
    assert "Cat owes $0.50" in text(page)
    assert shown_transfers(page) == ["Cat pays Dan $0.50"]


def test_an_early_leaver_plus_the_later_settlement_settles_everyone_exactly(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    record(client, table_id, picker="Bob", partners=["Cat"], points="40")
    record(client, table_id, picker="Dan", partners=["Eve"], points="80")
    response = client.post(f"/t/{table_id}/settle/leave", data={"name": "Cat"})
    assert response.status_code == 302
    record(client, table_id, picker="Ann", partners=["Bob"], points="95")
    record(client, table_id, kind="leaster", winner="Fay")
    with app.app_context():
        table = table_of(app, table_id)
        assert not next(p for p in table.players if p.name == "Cat").present
        early = [p.transfer for p in settle_service.early_payments(table)]
        state = TableState.load(table)
        final = settle_service.settlement(state).transfers
        won = state.standings.cents
    assert early and all("Cat" in (t.payer, t.payee) for t in early)
    assert all("Cat" not in (t.payer, t.payee) for t in final)
    assert set(apply_transfers(won, [*early, *final]).values()) == {0}
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    assert [text(li) for li in re.findall(
        r"<li>(.*?)</li>", page.split('id="early-payments"')[1].split("</ul>")[0])] == \
        [describe_transfer(t) for t in early]


def test_a_leaver_who_is_square_just_leaves(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    response = client.post(f"/t/{table_id}/settle/leave", data={"name": "Fay"},
                           follow_redirects=True)
    assert "Fay settled and left" in words(response)
    with app.app_context():
        assert db.session.query(Payment).count() == 0


def test_a_stale_leave_confirmation_saves_nothing(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    with app.app_context():
        version = table_of(app, table_id).version
    record(client, table_id, picker="Bob", partners=["Cat"], points="40")
    response = client.post(f"/t/{table_id}/settle/leave",
                           data={"name": "Cat", "version": str(version)}, follow_redirects=True)
    assert "The scores changed" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(Payment).count() == 0
        assert all(p.present for p in table_of(app, table_id).players)


def test_the_last_player_at_the_table_cannot_leave(app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    for name in SIX[:-1]:
        client.post(f"/t/{table_id}/settle/leave", data={"name": name})
    response = client.post(f"/t/{table_id}/settle/leave", data={"name": "Fay"},
                           follow_redirects=True)
    assert "Fay is the last one at the table" in words(response)
    assert client.get(f"/t/{table_id}/settle").status_code == 200


def test_an_unknown_leaver_is_refused(client: FlaskClient) -> None:
    table_id = start_table(client)
    response = client.post(f"/t/{table_id}/settle/leave", data={"name": "Zed"},
                           follow_redirects=True)
    assert "Zed isn&#39;t at this table" in response.get_data(as_text=True)


# --- a hand changed after a player settled and left ---------------------------------

def dan_settled_and_left(app: Flask, client: FlaskClient, **options: Any) -> tuple[int, int]:
    """Dan picks with Eve (Dan +2: $0.50 at 25 cents), settles and leaves; the
    table and its one hand's id."""
    table_id = start_table(client, players=SIX, **options)
    record(client, table_id, picker="Dan", partners=["Eve"], points="80")
    assert client.post(f"/t/{table_id}/settle/leave", data={"name": "Dan"}).status_code == 302
    with app.app_context():
        return table_id, table_of(app, table_id).hands[0].id


def test_the_bank_is_never_a_player_who_settled_and_went_home(
        app: Flask, client: FlaskClient) -> None:
    table_id, _ = dan_settled_and_left(app, client)
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    bank = page[page.index('id="bank"'):page.index("</select>", page.index('id="bank"'))]
    assert 'value="Dan"' not in bank
    assert 'value="Eve"' in bank
    response = client.get(f"/t/{table_id}/settle?bank=Dan")
    assert response.status_code == 400
    said = response.get_data(as_text=True)
    assert "Dan settled and went home" in html.unescape(said)
    assert "everyone settling with Dan" not in said


EVE_PICKS = {"kind": "picked", "tricks": "some", "count_side": "picking", "cracks": "0",
             "blitzes": "0", "picker": "Eve", "partners": ["Dan"], "points": "80"}


def leaver_warning(page: str) -> str:
    match = re.search(r'<div[^>]*id="leaver-warning"[^>]*>(.*?)</div>', page, re.S)
    assert match, "no warning about the leaver"
    return text(match.group(1))


def test_an_edit_that_moves_a_leavers_total_says_what_they_would_owe_before_saving(
        app: Flask, client: FlaskClient) -> None:
    table_id, hand_id = dan_settled_and_left(app, client)
    page = client.post(f"/t/{table_id}/hand/{hand_id}/edit", data=EVE_PICKS)
    assert page.status_code == 200
    assert leaver_warning(page.get_data(as_text=True)).startswith(
        "Dan settled up and left with +2 (was paid $0.50). After this change Dan would be at "
        "+1: Dan would owe the table $0.25 back (a correction at settle-up).")
    with app.app_context():
        assert [dict(h.data)["picker"] for h in table_of(app, table_id).hands] == ["Dan"]


def test_deleting_a_hand_of_a_leaver_warns_they_would_owe_all_they_were_paid(
        app: Flask, client: FlaskClient) -> None:
    table_id, hand_id = dan_settled_and_left(app, client)
    page = client.get(f"/t/{table_id}/hand/{hand_id}/delete").get_data(as_text=True)
    assert "After this change Dan would be at 0: Dan would owe the table $0.50 back" in \
        leaver_warning(page)


def test_inserting_a_doubler_before_a_leavers_hand_warns_the_table_would_owe_them_more(
        app: Flask, client: FlaskClient) -> None:
    table_id, hand_id = dan_settled_and_left(app, client, nobody_picks="no-pick")
    page = client.post(f"/t/{table_id}/hand/new?before={hand_id}", data={"kind": "no-pick"})
    assert "Dan would be at +4: the table would owe Dan $0.50 more" in \
        leaver_warning(page.get_data(as_text=True))


def test_a_change_that_leaves_the_leavers_total_alone_warns_nothing(
        app: Flask, client: FlaskClient) -> None:
    table_id, hand_id = dan_settled_and_left(app, client)
    record(client, table_id, picker="Ann", partners=["Bob"], points="80")
    with app.app_context():
        second = table_of(app, table_id).hands[1].id
    page = client.get(f"/t/{table_id}/hand/{second}/delete").get_data(as_text=True)
    assert 'id="changes"' in page and 'id="leaver-warning"' not in page


def test_after_the_change_settle_up_explains_the_correction_and_the_payments_count_it(
        app: Flask, client: FlaskClient) -> None:
    table_id, hand_id = dan_settled_and_left(app, client)
    shown = client.post(f"/t/{table_id}/hand/{hand_id}/edit", data=EVE_PICKS)
    hand_json = re.search(r'name="hand_json" value="([^"]*)"', shown.get_data(as_text=True))
    assert hand_json
    confirm = {"mode": "replace", "hand_id": str(hand_id),
               "hand_json": html.unescape(hand_json.group(1))}
    assert client.post(f"/t/{table_id}/hand/confirm", data=confirm).status_code == 302
    page = client.get(f"/t/{table_id}/settle").get_data(as_text=True)
    line = "Dan left with $0.50 paid; a hand changed since, so Dan owes $0.25 back"
    corrections = re.search(r'<ul class="corrections" id="corrections">(.*?)</ul>', page, re.S)
    assert corrections and text(corrections.group(1)) == line
    assert shown_transfers(page) == ["Dan pays Eve $0.25", "Fay pays Eve $0.25"]
    with app.app_context():
        state = TableState.load(table_of(app, table_id))
        early = [p.transfer for p in settle_service.early_payments(state.table)]
        final = settle_service.settlement(state).transfers
        remaining = apply_transfers(state.standings.cents, early)
        assert sum(remaining.values()) == 0 and remaining["Dan"] == -25
        assert len(final) == len(settle(remaining))
        assert set(apply_transfers(state.standings.cents, [*early, *final]).values()) == {0}
    assert line in text(client.get(f"/t/{table_id}/summary").get_data(as_text=True))


# --- the end of the night -----------------------------------------------------------

def closed_table(client: FlaskClient) -> int:
    table_id = start_table(client)
    three_hands(client, table_id)
    assert "Close the table?" in client.get(f"/t/{table_id}/close").get_data(as_text=True)
    response = client.post(f"/t/{table_id}/close")
    assert response.headers["Location"].endswith(f"/t/{table_id}/summary")
    return table_id


def snapshot(app: Flask, table_id: int) -> tuple[Any, ...]:
    with app.app_context():
        table = table_of(app, table_id)
        return (db.session.query(HandRow).count(), db.session.query(Payment).count(),
                [(p.name, p.present) for p in db.session.query(Player).order_by(Player.id)],
                [dict(h.data) for h in table.hands])


def test_a_closed_table_refuses_every_write(app: Flask, client: FlaskClient) -> None:
    table_id = closed_table(client)
    before = snapshot(app, table_id)
    assert client.get(f"/t/{table_id}/hand/new").status_code == 409
    assert client.post(f"/t/{table_id}/hand/new", data={"kind": "leaster", "winner": "Ann",
                                                        "cracks": "0"}).status_code == 409
    assert client.get(f"/t/{table_id}/hand/1/edit").status_code == 409
    assert client.get(f"/t/{table_id}/hand/1/delete").status_code == 409
    assert client.post(f"/t/{table_id}/hand/1/delete").status_code == 409
    client.post(f"/t/{table_id}/hand/confirm", data={
        "mode": "add", "hand_id": "1", "hand_json": '{"kind": "leaster", "winner": "Ann"}'})
    for action, name in (("leave", "Ann"), ("join", "Gus")):
        page = client.post(f"/t/{table_id}/players", data={"action": action, "name": name})
        assert "This table is closed" in page.get_data(as_text=True)
    leave = client.post(f"/t/{table_id}/settle/leave", data={"name": "Bob"},
                        follow_redirects=True)
    assert "This table is closed" in leave.get_data(as_text=True)
    assert client.get(f"/t/{table_id}/settle/leave?name=Bob").status_code == 409
    again = client.post(f"/t/{table_id}/close", follow_redirects=True)
    assert "This table is closed" in again.get_data(as_text=True)
    client.post(f"/t/{table_id}/share/handover")
    with client.session_transaction() as session:
        token = session["editors"][str(table_id)]
    api = client.post(f"/api/v1/tables/{table_id}/hands", json={"kind": "leaster",
                      "winner": "Ann"}, headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 409 and "closed" in api.get_json()["error"]
    assert snapshot(app, table_id) == before


def test_a_player_who_left_cannot_come_back_after_closing(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX)
    client.post(f"/t/{table_id}/players", data={"action": "leave", "name": "Fay"})
    client.post(f"/t/{table_id}/close")
    page = client.post(f"/t/{table_id}/players", data={"action": "return", "name": "Fay"})
    assert "This table is closed" in page.get_data(as_text=True)
    assert snapshot(app, table_id)[2][-1] == ("Fay", False)


def view_token(app: Flask, table_id: int) -> str:
    with app.app_context():
        return table_of(app, table_id).view_token


def test_the_share_link_still_shows_the_night_after_closing(
        app: Flask, client: FlaskClient) -> None:
    table_id = closed_table(client)
    token = view_token(app, table_id)
    viewer = app.test_client()
    page = viewer.get(f"/s/{token}/summary").get_data(as_text=True)
    assert "Final standings" in page and "closed" in page
    assert shown_transfers(page) == ["Bob pays Ann $0.75", "Bob pays Cat $0.50",
                                     "Bob pays Dan $1.25"]
    assert "new-night" not in page and "Close the table" not in page
    assert viewer.get(f"/s/{token}").status_code == 200
    assert viewer.get("/s/not-a-real-token-at-all/summary").status_code == 404


@pytest.mark.parametrize("path", ["", "/summary", "/rulings", "/tv", "/live"])
def test_every_page_behind_the_share_link_is_alike_for_all_and_sets_no_cookie(
        app: Flask, client: FlaskClient, path: str) -> None:
    """The summary behind a share link once used the scorekeeper's base: a
    session cookie (its CSRF token), the table's tabs and no private headers."""
    table_id = closed_table(client)
    response = app.test_client().get(f"/s/{view_token(app, table_id)}{path}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == SHARED
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Robots-Tag"] == "noindex"
    assert f"/t/{table_id}" not in page and "csrf" not in page.lower()


def test_the_summary_shows_standings_stats_and_the_chart(client: FlaskClient) -> None:
    table_id = closed_table(client)
    page = client.get(f"/t/{table_id}/summary").get_data(as_text=True)
    standings = [text(li) for li in re.findall(
        r"<li>(.*?)</li>", page.split('id="final-standings"')[1].split("</ol>")[0], re.S)]
    assert standings[0] == "Dan +5 $1.25" and standings[-1] == "Bob −10 −$2.50"
    assert "3 hands played" in text(page)
    ann = text(re.search(r'data-player="Ann">(.*?)</article>', page, re.S).group(1))
    assert "Picked 1 · won 1 (100%)" in ann and "Best hand +2 · hand 1" in ann
    assert "<polyline" in page
    assert 'id="new-night"' in page


def test_new_night_starts_a_table_with_the_same_players_rules_and_stake(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=SIX, preset="jack-of-diamonds", bump="1")
    client.post(f"/t/{table_id}/close")
    response = client.post(f"/t/{table_id}/new-night")
    new_id = int(response.headers["Location"].split("/")[2])
    assert new_id != table_id
    assert client.get(f"/t/{new_id}/hand/new").status_code == 200
    with app.app_context():
        old, new = table_of(app, table_id), table_of(app, new_id)
        assert [p.name for p in new.players] == SIX and all(p.present for p in new.players)
        assert (new.preset, new.rules, new.stake_cents) == (old.preset, old.rules,
                                                            old.stake_cents)
        assert new.rules["bump"] == 1
        assert new.closed_at is None and new.hands == []
        assert new.view_token != old.view_token


def test_new_night_brings_back_only_the_players_still_at_the_table_in_their_seats(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client, players=[*SIX, "Gus"])
    record(client, table_id, picker="Bob", partners=["Cat"], points="40")
    client.post(f"/t/{table_id}/settle/leave", data={"name": "Cat"})
    client.post(f"/t/{table_id}/players", data={"action": "leave", "name": "Fay"})
    client.post(f"/t/{table_id}/close")
    response = client.post(f"/t/{table_id}/new-night", follow_redirects=True)
    assert "New night started with the 5 players still at the table" in \
        response.get_data(as_text=True)
    with app.app_context():
        new = table_of(app, table_of(app, table_id).next_table_id or 0)
        assert [(p.name, p.seat, p.present) for p in new.players] == [
            ("Ann", 0, True), ("Bob", 1, True), ("Dan", 2, True), ("Eve", 3, True),
            ("Gus", 4, True)]


def test_settling_a_transfer_reads_as_a_sentence() -> None:
    assert describe_transfer(Transfer("Bob", "Ann", 275)) == "Bob pays Ann $2.75"


def test_viewers_of_the_old_night_are_pointed_to_the_new_one(
        app: Flask, client: FlaskClient) -> None:
    table_id = closed_table(client)
    old_token = view_token(app, table_id)
    viewer = app.test_client()
    live = viewer.get(f"/s/{old_token}/live")
    assert 'id="next-night"' not in live.get_data(as_text=True)
    assert viewer.get(f"/s/{old_token}/live",
                      headers={"If-None-Match": live.headers["ETag"]}).status_code == 304

    new_id = int(client.post(f"/t/{table_id}/new-night").headers["Location"].split("/")[2])
    with app.app_context():
        new_token = table_of(app, new_id).view_token
        assert table_of(app, table_id).next_table_id == new_id
    again = viewer.get(f"/s/{old_token}/live", headers={"If-None-Match": live.headers["ETag"]})
    assert again.status_code == 200
    assert f'href="/s/{new_token}"' in again.get_data(as_text=True)
    assert f'href="/s/{new_token}/tv"' in viewer.get(f"/s/{old_token}/tv").get_data(as_text=True)
    shared_summary = viewer.get(f"/s/{old_token}/summary").get_data(as_text=True)
    assert f'href="/s/{new_token}"' in shared_summary and f"/t/{new_id}" not in shared_summary
    mine = client.get(f"/t/{table_id}/summary").get_data(as_text=True)
    assert f'href="/t/{new_id}"' in mine
    assert viewer.get(f"/s/{new_token}").status_code == 200

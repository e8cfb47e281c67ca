"""A tournament table signs its result: once its session is done, each
player at it agrees to the totals on its phone, or disputes them and the
director's session page shows the table as disputed; a correction since
asks the table again; a paper ticket is signed as its totals; a double
tap records one signature; a paper ticket every player signed signs the
table with it, in one step; and nothing of it is open to a share link or a
night of no event.  The event's settings (the tie rule while nothing is
played, whether the tables sign) change on the record."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, Event, GameTable, TableSignature, db
from scorekeeper.services.events import signatures as event_signatures
from tests.page_forms import post_form
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _signing_event(client: FlaskClient, asked: bool = True) -> dict[str, Any]:
    """An event (tables of five, one round: five hands) whose table 1 has
    played its five hands on its phone."""
    made, drawn = _api_event(client)
    if asked:
        changed = client.patch(f"{API}/events/{made['id']}", headers=_auth(
            made["director_token"]), json={"signatures": True})
        assert changed.status_code == 200, changed.get_json()
    table = drawn["tables"][0]
    players = table["players"]
    phone = _auth(table["edit_token"])
    for k in range(5):
        saved = client.post(f"{API}/tables/{table['night']}/hands", headers=phone, json={
            "picker": players[k], "partners": [players[(k + 1) % 5]], "points": 61 + 5 * k})
        assert saved.status_code == 201, saved.get_json()
    return {"event": made["id"], "director": _auth(made["director_token"]),
            "token": made["director_token"], "phone": phone, "phone_token": table["edit_token"],
            "night": table["night"], "players": players, "other": drawn["tables"][1]}


def _sign(client: FlaskClient, world: dict[str, Any], name: str, agrees: bool,
          **extra: Any) -> Any:
    return client.post(f"{API}/tables/{world['night']}/signatures",
                       headers={**world["phone"], **extra.pop("headers", {})},
                       json={"name": name, "agrees": agrees, **extra})


def test_every_player_agrees_and_the_table_is_signed(client: FlaskClient) -> None:
    world = _signing_event(client)
    shown = client.get(f"{API}/tables/{world['night']}/signatures",
                       headers=world["phone"]).get_json()
    assert (shown["asked"], shown["ready"], shown["status"]) == (True, True, "unsigned")
    assert [s["name"] for s in shown["seats"]] == world["players"]
    assert sum(s["points"] for s in shown["seats"]) == 0
    standings = client.get(f"{API}/tables/{world['night']}/standings",
                           headers=world["phone"]).get_json()
    balances = standings["balances"]
    assert {s["name"]: s["points"] for s in shown["seats"]} == balances
    for name in world["players"][:-1]:
        assert _sign(client, world, name.lower(), True).status_code == 201  # any case
    last = _sign(client, world, world["players"][-1], True)
    assert last.status_code == 201
    assert last.get_json()["status"] == "signed" and last.get_json()["complete"]
    session = client.get(f"{API}/events/{world['event']}/sessions/1",
                         headers=world["director"]).get_json()
    assert [t["signing"] for t in session["tables"]] == ["signed", "playing"]
    again = _sign(client, world, world["players"][0], True)
    assert again.status_code == 409 and again.get_json()["code"] == "unchanged"
    assert "already agreed" in again.get_json()["error"]


def test_a_dispute_goes_to_the_director_and_a_correction_asks_the_table_again(
        app: Flask, client: FlaskClient) -> None:
    world = _signing_event(client)
    ann, bob = world["players"][:2]
    assert _sign(client, world, ann, True).status_code == 201
    disputed = _sign(client, world, bob, False, note="Hand 3 was 55, not 71")
    assert disputed.status_code == 201
    body = disputed.get_json()
    assert body["status"] == "disputed" and body["seats"][1]["note"] == "Hand 3 was 55, not 71"
    with client.session_transaction() as cookie:
        cookie["events"] = {str(world["event"]): world["token"]}
    page = html.unescape(client.get(f"/e/{world['event']}/sessions/1").text)
    assert re.search(r'id="disputed".*table 1.*Hand 3 was 55, not 71', page, re.S)
    assert f"Disputed by {bob}" in re.sub(r"<[^>]+>", "", page)
    # the director mends hand 3: every signature was given on other totals
    hand = client.get(f"{API}/tables/{world['night']}/hands/3", headers=world["director"])
    mended = client.put(f"{API}/tables/{world['night']}/hands/3", headers=world["director"],
                        json={**hand.get_json(), "points": 55})
    assert mended.status_code == 200, mended.get_json()
    after = client.get(f"{API}/tables/{world['night']}/signatures",
                       headers=world["phone"]).get_json()
    assert after["status"] == "unsigned"
    assert [(s["agrees"], s["before_correction"]) for s in after["seats"][:3]] == [
        (None, True), (None, True), (None, False)]
    assert _sign(client, world, ann, True).status_code == 201
    with app.app_context():
        said = [e.summary for e in db.session.scalars(db.select(AuditEntry).where(
            AuditEntry.of("table", world["night"]), AuditEntry.action == "sign"))]
        assert len(said) == 3 and f"{bob} disputes table 1's result" in said[1]
        assert "Hand 3 was 55, not 71 — the director is asked" in said[1]


def test_a_table_signs_only_once_its_session_is_done(client: FlaskClient) -> None:
    world = _signing_event(client)
    other = world["other"]
    early = client.post(f"{API}/tables/{other['night']}/signatures",
                        headers=_auth(other["edit_token"]),
                        json={"name": other["players"][0], "agrees": True})
    assert early.status_code == 409
    assert "signs its result once its session is done" in early.get_json()["error"]
    shown = client.get(f"{API}/tables/{other['night']}/signatures",
                       headers=_auth(other["edit_token"])).get_json()
    assert (shown["ready"], shown["status"]) == (False, "playing")
    stranger = _sign(client, world, other["players"][0], True)
    assert stranger.status_code == 400 and "doesn't sit at table 1" in stranger.get_json()["error"]


def test_a_paper_ticket_is_signed_as_its_totals(client: FlaskClient) -> None:
    world = _signing_event(client)
    other = world["other"]
    totals = dict(zip(other["players"], (8, -2, -2, -2, -2), strict=True))
    assert client.post(f"{API}/events/{world['event']}/sessions/1/tables/2/ticket",
                       headers=world["director"], json={"totals": totals}).status_code == 201
    shown = client.get(f"{API}/tables/{other['night']}/signatures",
                       headers=_auth(other["edit_token"])).get_json()
    assert {s["name"]: s["points"] for s in shown["seats"]} == totals
    assert shown["status"] == "unsigned"
    signed = client.post(f"{API}/tables/{other['night']}/signatures",
                         headers=_auth(other["edit_token"]),
                         json={"name": other["players"][0], "agrees": True})
    assert signed.status_code == 201, signed.get_json()
    fixed = dict(totals, **{other["players"][0]: 9, other["players"][1]: -3})
    assert client.put(f"{API}/events/{world['event']}/sessions/1/tables/2/ticket",
                      headers=world["director"],
                      json={"totals": fixed, "reason": "Misread"}).status_code == 200
    again = client.get(f"{API}/tables/{other['night']}/signatures",
                       headers=_auth(other["edit_token"])).get_json()
    assert again["seats"][0]["agrees"] is None and again["seats"][0]["before_correction"]


def test_a_retry_and_a_stale_version_are_answered_as_writes_are(
        app: Flask, client: FlaskClient) -> None:
    world = _signing_event(client)
    ann, bob = world["players"][:2]
    key = {"Idempotency-Key": "0123456789abcdef-sign"}
    first = _sign(client, world, ann, True, headers=key)
    retry = _sign(client, world, ann, True, headers=key)
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.get_json() == first.get_json()
    night = client.get(f"{API}/tables/{world['night']}", headers=world["phone"])
    seen = night.headers["ETag"]
    assert _sign(client, world, bob, True).status_code == 201
    stale = _sign(client, world, world["players"][2], True, headers={"If-Match": seen})
    assert stale.status_code == 412
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(TableSignature)) == 2


def test_a_share_link_a_night_of_no_event_and_an_event_that_does_not_ask_are_refused(
        app: Flask, client: FlaskClient) -> None:
    world = _signing_event(client, asked=False)
    refused = _sign(client, world, world["players"][0], True)
    assert refused.status_code == 409 and "don't sign their results" in refused.get_json()["error"]
    with app.app_context():
        view = db.session.get_one(GameTable, world["night"]).view_token
    linked = client.post(f"{API}/tables/{world['night']}/signatures", headers=_auth(view),
                         json={"name": world["players"][0], "agrees": True})
    assert linked.status_code == 403
    made = client.post(f"{API}/tables", json={"name": "Friday", "players": ["Ann", "Bob", "Cat",
                                                                         "Dan", "Eve"],
                                           "preset": "called-ace", "stake_cents": 25}).get_json()
    own = client.post(f"{API}/tables/{made['id']}/signatures", headers=_auth(made["edit_token"]),
                      json={"name": "Ann", "agrees": True})
    assert own.status_code == 403
    assert "Only a tournament table's players sign" in own.get_json()["error"]
    assert client.get(f"{API}/tables/{made['id']}/signatures",
                      headers=_auth(made["edit_token"])).status_code == 404


def _phone_cookie(client: FlaskClient, world: dict[str, Any]) -> None:
    with client.session_transaction() as cookie:
        cookie.clear()
        cookie["editors"] = {str(world["night"]): world["phone_token"]}


def test_the_phone_lands_on_the_signing_and_a_double_tap_signs_once(
        app: Flask, client: FlaskClient) -> None:
    world = _signing_event(client)
    _phone_cookie(client, world)
    done = client.get(f"/t/{world['night']}/hand/new")
    assert done.status_code == 409
    page = html.unescape(done.text)
    assert 'id="signing"' in page and f"{world['players'][0]}: agree" in page
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version is not None
    form = {"version": version.group(1), "seat": "1", "agrees": "1"}
    first = client.post(f"/t/{world['night']}/sign", data=form)
    second = client.post(f"/t/{world['night']}/sign", data=form)
    assert (first.status_code, second.status_code) == (302, 302)
    shown = html.unescape(client.get(f"/t/{world['night']}/sign").text)
    assert "✓ Agreed" in shown and shown.count("Not signed yet") == 4
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(TableSignature)) == 1
    disputed = client.post(f"/t/{world['night']}/sign", data={
        "version": re.findall(r'name="version" value="(\d+)"', shown)[0], "seat": "2",
        "agrees": "0", "note": "The 4th hand was a leaster"})
    assert disputed.status_code == 302
    shown = html.unescape(client.get(f"/t/{world['night']}/sign").text)
    assert "✗ Disputes: “The 4th hand was a leaster”" in shown
    stale = client.post(f"/t/{world['night']}/sign", data={**form, "seat": "3"})
    assert stale.status_code == 409 and "Not signed" in html.unescape(stale.text)


def test_the_settings_change_the_tie_rule_only_while_nothing_is_played(
        client: FlaskClient) -> None:
    made, _ = _api_event(client)
    director = _auth(made["director_token"])
    path = f"{API}/events/{made['id']}"
    ties = client.patch(path, headers=director, json={"tie_breaks": ["total"]})
    assert ties.status_code == 200, ties.get_json()
    assert ties.get_json()["changed"][0].startswith("Ties: Total only")
    same = client.patch(path, headers=director, json={"tie_breaks": ["total"]})
    assert same.status_code == 409 and same.get_json()["code"] == "unchanged"
    world_table = client.get(f"{path}/sessions/1", headers=director).get_json()["tables"][0]
    assert world_table["signing"] == "not asked"
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    home = html.unescape(client.get(f"/e/{made['id']}").text)
    version = re.search(r'id="settings-form">.*?name="version" value="(\d+)"', home, re.S)
    assert version is not None and 'value="total" checked' in home
    saved = client.post(f"/e/{made['id']}/settings", data={
        "version": version.group(1), "ties": "total", "signatures": "1"})
    assert saved.status_code == 302
    assert client.get(path, headers=director).get_json()["signatures"] is True


@pytest.mark.parametrize("body", [{"tie_breaks": ["best_session", "total"]}])
def test_once_a_hand_is_in_the_tie_rule_stays(client: FlaskClient, body: dict[str, Any]
                                              ) -> None:
    world = _signing_event(client, asked=False)
    refused = client.patch(f"{API}/events/{world['event']}", headers=world["director"],
                           json=body)
    assert refused.status_code == 409 and "stays as chosen" in refused.get_json()["error"]
    signing = client.patch(f"{API}/events/{world['event']}", headers=world["director"],
                           json={"signatures": True})
    assert signing.get_json()["changed"] == ["Each table signs its result"]


def test_the_ledger_of_a_done_table_leads_to_its_signing(client: FlaskClient) -> None:
    world = _signing_event(client)
    _phone_cookie(client, world)
    ledger = html.unescape(client.get(f"/t/{world['night']}").text)
    assert re.search(r'id="sign-link"><a href="/t/\d+/sign"[^>]*>Sign the result<', ledger)
    assert _sign(client, world, world["players"][0], False).status_code == 201
    ledger = html.unescape(client.get(f"/t/{world['night']}").text)
    assert "Disputed: see the signatures" in ledger
    with client.session_transaction() as cookie:
        cookie.clear()
        cookie["editors"] = {str(world["other"]["night"]): world["other"]["edit_token"]}
    playing = client.get(f"/t/{world['other']['night']}").text
    assert 'id="sign-link"' not in playing


def test_an_exported_event_comes_back_with_its_signatures_and_a_tampered_one_is_refused(
        client: FlaskClient) -> None:
    world = _signing_event(client)
    ann, bob = world["players"][:2]
    assert _sign(client, world, ann, True).status_code == 201
    assert _sign(client, world, bob, False, note="Hand 2").status_code == 201
    exported = client.get(f"{API}/events/{world['event']}/export",
                          headers=world["director"]).get_json()
    assert exported["signatures"] is True
    table = exported["draws"][0]["tables"][0]
    assert [(s["seat"], s["agrees"], s["note"]) for s in table["signatures"]] == [
        (1, True, None), (2, False, "Hand 2")]
    brought = client.post(f"{API}/events/import", json=exported)
    assert brought.status_code == 201, brought.get_json()
    copy = brought.get_json()
    session = client.get(f"{API}/events/{copy['id']}/sessions/1",
                         headers=_auth(copy["director_token"])).get_json()
    assert [t["signing"] for t in session["tables"]] == ["disputed", "playing"]
    night = session["tables"][0]["night"]
    shown = client.get(f"{API}/tables/{night}/signatures",
                       headers=_auth(copy["director_token"])).get_json()
    assert [s["agrees"] for s in shown["seats"]] == [True, False, None, None, None]
    table["signatures"][0]["totals"][0] += 1  # no longer adds up to zero
    refused = client.post(f"{API}/events/import", json=exported)
    assert refused.status_code == 400
    assert "signature 1: totals must be the table's whole points" in refused.get_json()["error"]


def test_a_sessions_signing_reads_its_tickets_and_signatures_once_whatever_its_tables(
        app: Flask, client: FlaskClient) -> None:
    """The director's session page and the session's API read every table's
    tickets in one query and its signatures in another, not one a table."""
    from sqlalchemy import event as sqlalchemy_event

    from scorekeeper.db.models import Event
    from scorekeeper.services.events import signatures

    world = _signing_event(client)
    assert _sign(client, world, world["players"][0], True).status_code == 201
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]).casefold())
    with app.app_context():
        event = db.session.get_one(Event, world["event"])
        sqlalchemy_event.listen(db.engine, "before_cursor_execute", count)
        try:
            signing = signatures.session_signing(event, 1)
        finally:
            sqlalchemy_event.remove(db.engine, "before_cursor_execute", count)
        assert len(signing) >= 2
        assert signing[1].seats[0].agrees is True
        grouped = signatures.by_status(signing)
        assert set(grouped) == set(signatures.STATUSES)
        assert [s.number for s in grouped["unsigned"]] == [1]
    assert sum("from table_signature" in s for s in statements) == 1, statements
    assert sum("from event_ticket" in s for s in statements) == 1, statements


def test_a_paper_ticket_signed_by_every_player_signs_the_table_in_one_step(
        client: FlaskClient) -> None:
    world = _signing_event(client)
    other = world["other"]
    totals = dict(zip(other["players"], (8, -2, -2, -2, -2), strict=True))
    path = f"{API}/events/{world['event']}/sessions/1/tables/2/ticket"
    assert client.post(path, headers=world["director"],
                       json={"totals": totals, "signed": "yes"}).status_code == 400
    entered = client.post(path, headers=world["director"], json={"totals": totals,
                                                                  "signed": True})
    assert entered.status_code == 201, entered.get_json()
    shown = client.get(f"{API}/tables/{other['night']}/signatures",
                       headers=_auth(other["edit_token"])).get_json()
    assert shown["status"] == "signed"
    assert [(s["agrees"], s["note"]) for s in shown["seats"]] == [(True, "signed on paper")] * 5
    fixed = dict(totals, **{other["players"][0]: 9, other["players"][1]: -3})
    assert client.put(path, headers=world["director"],
                      json={"totals": fixed, "reason": "Misread"}).status_code == 200
    again = client.get(f"{API}/tables/{other['night']}/signatures",
                       headers=_auth(other["edit_token"])).get_json()
    assert again["status"] == "unsigned"  # a corrected ticket is asked again


def test_signed_on_paper_is_refused_where_tables_dont_sign(client: FlaskClient) -> None:
    world = _signing_event(client, asked=False)
    other = world["other"]
    totals = dict(zip(other["players"], (8, -2, -2, -2, -2), strict=True))
    refused = client.post(f"{API}/events/{world['event']}/sessions/1/tables/2/ticket",
                          headers=world["director"], json={"totals": totals, "signed": True})
    assert refused.status_code == 409 and "don't sign" in refused.get_json()["error"]
    assert client.get(f"{API}/events/{world['event']}/sessions/1",
                      headers=world["director"]).get_json()["tables"][1]["ticket"] is False


def test_the_session_pages_ticket_form_signs_on_paper(app: Flask, client: FlaskClient) -> None:
    answer = client.post("/e/new", data={
        "name": "Festival", "preset": "called-ace", "sessions": "1", "rounds": "1",
        "entry": "0", "share": "90", "places": "", "session_high": "0", "signatures": "y"})
    assert answer.status_code == 302
    event_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    client.post(f"/e/{event_id}/players", data={"checked_in": "1", "pasted": "\n".join(
        f"Player {n}" for n in range(1, 11))})
    assert post_form(client, f"/e/{event_id}/sessions/1/draw", {"seed": "5"}).status_code == 200
    page = client.get(f"/e/{event_id}/sessions/1").text
    assert "Every player signed the paper" in page
    entered = post_form(client, f"/e/{event_id}/sessions/1/tables/1/ticket", {
        **{f"points-{k}": str(p) for k, p in enumerate((8, -2, -2, -2, -2))}, "signed": "1"},
        follow_redirects=True)
    assert entered.status_code == 200
    assert "Table 1&#39;s paper ticket is in: the table is done, signed on paper" in entered.text
    with app.app_context():
        event = db.session.get_one(Event, event_id)
        assert event_signatures.session_signing(event, 1)[1].status == "signed"
        assert event_signatures.session_signing(event, 1)[2].status == "playing"


def test_a_ticket_after_a_dead_phone_adds_the_papers_rest_to_the_phones_hands(
        app: Flask, client: FlaskClient) -> None:
    """Table 1's phone records three hands and dies; the paper has the rest.
    The ticket form starts from what the phone recorded, the director types
    what the paper adds, and the ticket is both (said in the history)."""
    made, drawn = _api_event(client)
    table = drawn["tables"][0]
    players, phone = table["players"], _auth(table["edit_token"])
    for k in range(3):
        assert client.post(f"{API}/tables/{table['night']}/hands", headers=phone, json={
            "picker": players[k], "partners": [players[k + 1]], "points": 75}).status_code == 201
    so_far = client.get(f"{API}/events/{made['id']}/standings",
                        headers=_auth(made["view_token"])).get_json()
    recorded = {p["name"]: p["sessions"][0] for p in so_far["players"] if p["name"] in players}
    rest = dict(zip(players, (4, -1, -1, -1, -1), strict=True))
    path = f"{API}/events/{made['id']}/sessions/1/tables/1/ticket"
    director = _auth(made["director_token"])
    lopsided = client.post(path, headers=director, json={
        "totals": dict(rest, **{players[0]: 5}), "with_phone": True})
    assert lopsided.status_code == 400 and "add up to zero" in lopsided.get_json()["error"]
    entered = client.post(path, headers=director, json={"totals": rest, "with_phone": True})
    assert entered.status_code == 201, entered.get_json()
    both = {n: recorded[n] + rest[n] for n in players}
    assert entered.get_json()["totals"] == both
    with app.app_context():
        said = [e.summary for e in db.session.scalars(db.select(AuditEntry))
                if e.summary.startswith("Paper ticket for session 1, table 1")]
    assert said and said[-1].endswith("(the phone's 3 hands and the paper's rest)")
    other = drawn["tables"][1]
    none = client.post(f"{API}/events/{made['id']}/sessions/1/tables/2/ticket",
                       headers=director, json={"totals": dict.fromkeys(other["players"], 0),
                                               "with_phone": True})
    assert none.status_code == 400 and "recorded no hand" in none.get_json()["error"]

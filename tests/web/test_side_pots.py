"""Side pots and a phantom registration, through the API and the pages.

A side pot is optional: a player opts in at registration (or later, until
the finish) and pays its own entry; its own plan pays the best of its
entrants, ranked as the event ranks them.  Every prize is checked to the
cent against the test's own arithmetic, and the money taken is the
entries and the side pots, each pot's prizes, rounding and house adding up
to what came into it.

A registration found after the draw to be another player's second one is
struck: it leaves its table from the next hand, the pot and the prizes,
and the hands its table recorded keep their money."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import AuditEntry, GameTable, db
from tests.page_forms import post_form

API = "/api/v1"
#: 1st a fixed $100 and 2nd to 4th 50/30/20 of the rest of 90% of the entries;
#: a $5 side pot paying its best two 60/40 to the cent (every cent paid out).
PLAN = {"prizes": [{"kind": "place", "place": 1, "cents": 10_000},
                   *({"kind": "place", "place": k, "weight": w}
                     for k, w in ((2, 5), (3, 3), (4, 2)))],
        "share": 90, "rounding": "dollar", "remainder": "house",
        "side_pots": [{"key": "side", "name": "Side pot", "entry_cents": 500,
                       "prizes": [{"kind": "place", "place": 1, "percent": 60},
                                  {"kind": "place", "place": 2, "percent": 40}]}]}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _event(client: FlaskClient, players: int = 10) -> tuple[dict[str, Any], dict[str, str]]:
    made = client.post(f"{API}/events", json={
        "name": "Parish Cup", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1,
        "entry_cents": 2000, "prize_plan": PLAN}).get_json()
    return made, _auth(made["director_token"])


def _standings(client: FlaskClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"{API}/events/{made['id']}/standings",
                        headers=_auth(made["view_token"]))
    assert answer.status_code == 200
    return answer.get_json()


def _tickets(client: FlaskClient, made: dict[str, Any], director: dict[str, str],
             drawn: dict[str, Any], scores: list[int]) -> dict[int, int]:
    """Each table's paper ticket, its players scoring ``scores`` in seat order
    (each table's adding to zero); the points by player number."""
    points = {}
    for t in drawn["tables"]:
        totals = dict(zip(t["players"], scores, strict=True))
        assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/{t['number']}"
                           "/ticket", headers=director, json={"totals": totals}
                           ).status_code == 201
        points.update(zip(t["numbers"], scores, strict=True))
    return points


def test_a_side_pot_pays_its_own_entrants_to_the_cent(app: Flask,
                                                       client: FlaskClient) -> None:
    made, director = _event(client)
    players = f"{API}/events/{made['id']}/players"
    assert client.post(players, headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 8)]}
    ).status_code == 201
    joined = client.post(players, headers=director, json={
        "checked_in": True, "side_pots": ["side"],
        "players": [{"name": f"Player {n}"} for n in range(8, 11)]})
    assert joined.status_code == 201
    wrong = client.post(players, headers=director, json={
        "name": "Player 11", "checked_in": True, "side_pots": ["raffle"]})
    assert wrong.status_code == 400
    assert wrong.get_json()["error"] == ("This event's prize plan has no side pot raffle: "
                                         "its side pots are side")
    # #1 opts in after registering; asking again changes nothing and says so
    entered = client.post(f"{players}/1/side-pots", headers=director,
                          json={"side_pots": ["side"]})
    assert entered.status_code == 200
    assert entered.get_json()["said"] == "#1 Player 1's side pots: Side pot (was: none)"
    again = client.post(f"{players}/1/side-pots", headers=director, json={"side_pots": ["side"]})
    assert again.status_code == 409 and "nothing to change" in again.get_json()["error"]

    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=director,
                        json={"seed": 4}).get_json()
    points = _tickets(client, made, director, drawn, [9, 4, -1, -5, -7])
    side = {1, 8, 9, 10}
    standing = _standings(client, made)
    total = {p["number"]: p["total"] for p in standing["players"]}
    assert total == points

    # the main pot: 10 × $20 = $200, 90% paid out = $180; 1st $100 fixed, the
    # $80 left in 10 shares: 2nd $40, 3rd $24, 4th $16 (whole dollars)
    assert (standing["entries"], standing["pot_cents"]) == (10, 20_000)
    assert [z["cents"] for z in standing["plan"]["prizes"]] == [10_000, 4_000, 2_400, 1_600]
    assert standing["plan"]["house_cents"] == 2_000
    # the side pot: 4 × $5 = $20, 60/40 to the best two of its entrants
    pot = standing["side_pots"][0]
    assert (pot["key"], pot["entries"], pot["pot_cents"], pot["numbers"]) == (
        "side", 4, 2_000, sorted(side))
    assert [z["cents"] for z in pot["plan"]["prizes"]] == [1_200, 800]
    assert standing["taken_cents"] == 22_000

    finished = client.post(f"{API}/events/{made['id']}/finish", headers=director)
    assert finished.status_code == 200
    standing = _standings(client, made)
    pot = standing["side_pots"][0]
    # the event's ranks (its tie-breaks leave nobody sharing a place) order the
    # side pot's entrants: its 1st and 2nd are the two best of them
    rank = {p["number"]: p["rank"] for p in standing["players"]}
    best = sorted(side, key=rank.__getitem__)
    assert [(z["numbers"], z["cents"]) for z in pot["prizes"]] == [
        ([best[0]], 1_200), ([best[1]], 800)]
    paid = sum(z["cents"] for z in pot["prizes"])
    assert paid + pot["rounding_cents"] + pot["house_cents"] == pot["pot_cents"]
    assert sum(z["cents"] for z in standing["prizes"]) + standing["rounding_cents"] \
        + standing["house_cents"] == standing["pot_cents"]
    board = client.get(f"/e/s/{made['view_token']}").get_data(as_text=True)
    assert "Side pot" in board and "4 × $5.00 = <strong>$20.00</strong>" in board
    assert "Money taken: <strong>$220.00</strong>" in board
    with app.app_context():
        kept = [e.summary for e in db.session.scalars(db.select(AuditEntry))]
    assert "#1 Player 1's side pots: Side pot (was: none)" in kept


def test_a_phantom_found_after_the_draw_leaves_the_table_the_pot_and_the_prizes(
        app: Flask, client: FlaskClient) -> None:
    made, director = _event(client)
    players = f"{API}/events/{made['id']}/players"
    names = [f"Player {n}" for n in range(1, 10)]
    assert client.post(players, headers=director, json={
        "checked_in": True, "players": [{"name": n} for n in names]}).status_code == 201
    asked = client.post(players, headers=director, json={"name": "Player1", "checked_in": True})
    assert asked.status_code == 409 and "Player 1" in asked.get_json()["error"]
    assert client.post(players, headers=director, json={
        "name": "Player1", "checked_in": True, "same_name_ok": True}).status_code == 201
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=director,
                        json={"seed": 2}).get_json()
    table = next(t for t in drawn["tables"] if 10 in t["numbers"])
    phone = _auth(table["edit_token"])
    seat = table["numbers"].index(10)
    others = [n for k, n in enumerate(table["players"]) if k != seat]
    for k in range(2):  # two hands in before anyone notices
        assert client.post(f"{API}/tables/{table['night']}/hands", headers=phone, json={
            "picker": others[k], "partners": [others[k + 1]], "points": 75}).status_code == 201
    before = _standings(client, made)
    assert before["entries"] == 10 and before["pot_cents"] == 20_000
    kept_points = {p["number"]: p["total"] for p in before["players"] if p["number"] != 10}

    struck = client.post(f"{players}/10/duplicate", headers={**director,
                                                             "Idempotency-Key": "dup-1"},
                         json={"of": 1})
    assert struck.status_code == 200, struck.get_json()
    said = struck.get_json()["said"]
    assert said.startswith("#10 Player1 is a second registration of #1 Player 1: out of "
                           "the tables, the pot and the prizes")
    assert "dealt out" in said
    replay = client.post(f"{players}/10/duplicate", headers={**director,
                                                             "Idempotency-Key": "dup-1"},
                         json={"of": 1})
    assert replay.status_code == 200 and replay.headers.get("Idempotent-Replayed") == "true"
    same = client.post(f"{players}/10/duplicate", headers=director, json={"of": 1})
    assert same.status_code == 409 and "already" in same.get_json()["error"]
    himself = client.post(f"{players}/9/duplicate", headers=director, json={"of": 9})
    assert himself.status_code == 400
    assert himself.get_json()["error"] == "A player can't be a second registration of himself"

    after = _standings(client, made)
    assert 10 not in {p["number"] for p in after["players"]}
    assert (after["entries"], after["pot_cents"]) == (9, 18_000)
    assert {p["number"]: p["total"] for p in after["players"]} == kept_points
    with app.app_context():
        night = db.session.get_one(GameTable, table["night"])
        assert len(night.hands) == 2  # the table's hands keep their money
        gone = next(p for p in night.players if p.name == "Player1")
        assert not gone.present
        history = [e.summary for e in db.session.scalars(db.select(AuditEntry))]
    assert any(h.startswith("#10 Player1 is a second registration of #1") for h in history)

    back = client.post(f"{players}/10/duplicate", headers=director, json={"of": None})
    assert back.status_code == 200
    assert back.get_json()["said"] == ("#10 Player1 is a player again, not a second "
                                       "registration of #1")
    assert _standings(client, made)["entries"] == 10


def test_the_pages_enter_a_side_pot_and_strike_a_duplicate(app: Flask,
                                                            client: FlaskClient) -> None:
    made, director = _event(client)
    event = made["id"]
    with client.session_transaction() as cookie:
        cookie["events"] = {str(event): made["director_token"]}
    page = client.get(f"/e/{event}").get_data(as_text=True)
    assert "In the Side pot" in page
    added = post_form(client, f"/e/{event}/players",
                      {"entry": "Ann Schmidt", "checked_in": "1", "side_pots": "side"})
    assert added.status_code == 302
    assert post_form(client, f"/e/{event}/players",
                     {"entry": "Anne Schmidt", "checked_in": "1", "same_name_ok": "1"}
                     ).status_code == 302
    shown = _standings(client, made)
    assert shown["side_pots"][0]["numbers"] == [1]
    left = post_form(client, f"/e/{event}/players/1/side-pots", {"side_pots": []})
    assert left.status_code == 302
    assert _standings(client, made)["side_pots"][0]["numbers"] == []
    struck = post_form(client, f"/e/{event}/players/2/duplicate", {"of": "#1"})
    assert struck.status_code == 302
    assert "second registration of #1" in client.get(f"/e/{event}").get_data(as_text=True)
    bad = post_form(client, f"/e/{event}/players/1/duplicate", {"of": "1"})
    assert bad.status_code == 400
    assert "can&#39;t be a second registration of himself" in bad.get_data(as_text=True)


FORM = {"name": "Parish Cup", "preset": "called-ace", "played_on": "2026-11-14",
        "sessions": "2", "length": "rounds", "rounds": "1", "entry": "20",
        "places": "30, 15, 10, 10, 10", "session_high": "5", "share": "90", "odd": "byes",
        "ties": "total", "prize_plan": "written"}


def test_the_event_form_takes_a_plan_written_a_line_a_prize(client: FlaskClient) -> None:
    wrong = client.post("/e/new", data={**FORM, "plan_lines": "1st: $150\nfirst: 30%"})
    assert wrong.status_code == 400
    assert "Line 2 (first: 30%): a prize is for a place" in wrong.text
    assert 'id="plan_lines-error"' in wrong.text
    made = client.post("/e/new", data={**FORM, "plan_lines": (
        "1st: $150\n2nd-3rd: 2 shares\nlowest: a case of beer\npaid out: 100%\n"
        "side pot: Side pot, $5, 1st 60%, 2nd 40%")})
    assert made.status_code == 302, made.text
    with client.session_transaction() as cookie:
        ((event_id, token),) = cookie["events"].items()
    shown = client.get(f"{API}/events/{event_id}", headers=_auth(token)).get_json()
    plan = shown["prize_plan"]
    assert [z.get("cents") or z.get("weight") or z.get("goods") for z in plan["prizes"]] == [
        15_000, 2, 2, "a case of beer"]
    assert plan["side_pots"][0]["entry_cents"] == 500
    page = client.get(f"/e/{event_id}").text
    assert "In the Side pot" in page and 'name="plan_lines"' in page
    assert "1st: $150\n2nd: 2 shares\n3rd: 2 shares\nlowest: a case of beer" in page

    # mended from the settings before the finish, on the record; the same text again is
    # no change
    changed = post_form(client, f"/e/{event_id}/settings", {"plan_lines": (
        "1st: $150\n2nd-3rd: 2 shares\nlowest: a keg of beer\npaid out: 100%\n"
        "side pot: Side pot, $5, 1st 60%, 2nd 40%")})
    assert changed.status_code == 302, changed.text
    plan = client.get(f"{API}/events/{event_id}", headers=_auth(token)).get_json()["prize_plan"]
    assert plan["prizes"][3]["goods"] == "a keg of beer"
    history = client.get(f"/e/{event_id}/history").text
    assert "a keg of beer" in history and "a case of beer" in history
    bad = post_form(client, f"/e/{event_id}/settings", {"plan_lines": "1st: 150$"})
    assert bad.status_code == 400 and 'id="plan-lines-error"' in bad.text


def test_side_pots_a_duplicate_and_goods_go_out_and_come_back_in_the_events_file(
        client: FlaskClient) -> None:
    plan = {**PLAN, "prizes": [*PLAN["prizes"], {"kind": "last", "place": 1,
                                                 "goods": "a case of beer"}]}
    made = client.post(f"{API}/events", json={
        "name": "Parish Cup", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1,
        "entry_cents": 2000, "prize_plan": plan}).get_json()
    director = _auth(made["director_token"])
    players = f"{API}/events/{made['id']}/players"
    assert client.post(players, headers=director, json={
        "checked_in": True, "side_pots": ["side"],
        "players": [{"name": f"Player {n}"} for n in range(1, 5)]}).status_code == 201
    assert client.post(players, headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(5, 11)]}
    ).status_code == 201
    extra = client.post(players, headers=director, json={
        "checked_in": True, "same_name_ok": True, "name": "Player1"})
    assert extra.status_code == 201, extra.get_json()
    twin = extra.get_json()["players"][0]["number"]
    assert client.post(f"{players}/{twin}/duplicate", headers=director,
                       json={"of": 1}).status_code == 200
    drawn = client.post(f"{API}/events/{made['id']}/sessions/1/draw", headers=director,
                        json={"seed": 4}).get_json()
    _tickets(client, made, director, drawn, [9, 4, -1, -5, -7])
    assert client.post(f"{API}/events/{made['id']}/finish", headers=director).status_code == 200
    exported = client.get(f"{API}/events/{made['id']}/export", headers=director).get_json()
    kept = {p["number"]: p for p in exported["players"]}
    assert kept[1]["side_pots"] == ["side"] and kept[twin]["duplicate_of"] == 1
    copied = client.post(f"{API}/events/import", json=exported)
    assert copied.status_code == 201, copied.get_json()
    copy = copied.get_json()
    original, again = _standings(client, made), _standings(client, copy)
    assert again == original
    assert original["side_pots"][0]["numbers"] == [1, 2, 3, 4]
    assert original["prizes"][-1]["goods"] == "a case of beer"
    exported["players"][0]["side_pots"] = ["raffle"]
    refused = client.post(f"{API}/events/import", json=exported)
    assert refused.status_code == 400
    assert "side_pots lists the plan's side pots he is in" in refused.get_json()["error"]


def test_a_fifty_fifty_is_drawn_on_the_record_and_pays_half_to_the_first_drawn(
        app: Flask, client: FlaskClient) -> None:
    plan = {**PLAN, "side_pots": [{"key": "fifty", "name": "50/50", "entry_cents": 200,
                                   "drawing": True, "rounding": "cent",
                                   "prizes": [{"kind": "place", "place": 1, "percent": 50}]}]}
    made = client.post(f"{API}/events", json={
        "name": "Parish Cup", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1,
        "entry_cents": 2000, "prize_plan": plan}).get_json()
    director = _auth(made["director_token"])
    players = f"{API}/events/{made['id']}/players"
    base = f"{API}/events/{made['id']}/side-pots/fifty/draw"
    assert client.post(players, headers=director, json={
        "checked_in": True, "players": [{"name": f"Player {n}"} for n in range(1, 4)]}
    ).status_code == 201
    nobody = client.post(base, headers=director, json={})
    assert nobody.status_code == 409 and "Nobody is in 50/50 yet" in nobody.get_json()["error"]
    assert client.post(players, headers=director, json={
        "checked_in": True, "side_pots": ["fifty"],
        "players": [{"name": f"Player {n}"} for n in range(4, 11)]}).status_code == 201
    before = _standings(client, made)["side_pots"][0]
    assert (before["drawing"], before["drawn"], before["pot_cents"]) == (True, False, 1_400)
    assert before["prizes"] == []  # nobody wins before the draw
    drawn = client.post(base, headers={**director, "Idempotency-Key": "draw-1"},
                        json={"seed": 99})
    assert drawn.status_code == 200, drawn.get_json()
    order = drawn.get_json()["order"]
    assert sorted(order) == list(range(4, 11))
    assert drawn.get_json()["said"].startswith(f"50/50 drawn (seed 99, 7 in it): #{order[0]} ")
    replay = client.post(base, headers={**director, "Idempotency-Key": "draw-1"},
                         json={"seed": 99})
    assert replay.headers.get("Idempotent-Replayed") == "true"
    assert replay.get_json()["order"] == order
    again = client.post(base, headers=director, json={})
    assert again.status_code == 409 and "drawn already" in again.get_json()["error"]
    unsaid = client.post(base, headers=director, json={"again": True})
    assert unsaid.status_code == 400
    late = client.post(f"{players}/1/side-pots", headers=director, json={"side_pots": ["fifty"]})
    assert late.status_code == 409 and "is drawn" in late.get_json()["error"]
    pot = _standings(client, made)["side_pots"][0]
    # 7 × $2 = $14: half to the first drawn, to the cent; the other half the house's
    assert [(z["numbers"], z["cents"]) for z in pot["prizes"]] == [([order[0]], 700)]
    assert pot["house_cents"] == 700
    redrawn = client.post(base, headers=director, json={"again": True, "seed": 5,
                                                         "reason": "the bowl was dropped"})
    assert redrawn.status_code == 200
    assert f"was #{order[0]} first" in redrawn.get_json()["said"]
    assert "the bowl was dropped" in redrawn.get_json()["said"]
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    page = client.get(f"/e/{made['id']}").text
    assert "Drawn (seed 5)" in page and "Draw 50/50 again" in page
    copied = client.post(f"{API}/events/import", json=client.get(
        f"{API}/events/{made['id']}/export", headers=director).get_json())
    assert copied.status_code == 201, copied.get_json()
    assert _standings(client, copied.get_json())["side_pots"] == _standings(
        client, made)["side_pots"]

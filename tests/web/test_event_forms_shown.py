"""An event's page forms name what they showed: a player's check-in,
withdrawal or rename names the player's version, a table's "done" and its
paper ticket the table's, a draw the seats.  Sent from a page opened before
another director's change, each is refused saying what it is now, and
nothing changes; sent from the page as it is now, each is taken."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import EventPlayer, EventTable, db
from tests.page_forms import as_shown
from tests.web.api_helpers import API
from tests.web.test_event_table_phone import _api_event


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _director(client: FlaskClient, made: dict[str, Any]) -> str:
    with client.session_transaction() as cookie:
        cookie["events"] = {str(made["id"]): made["director_token"]}
    return f"/e/{made['id']}"


def _said(answer: Any) -> str:
    """The page's words, names out of their isolating tags."""
    return html.unescape(re.sub(r"</?bdi>", "", answer.get_data(as_text=True)))


def _hand_at(client: FlaskClient, table: dict[str, Any]) -> None:
    """The table's phone records a hand (as it does, through the API)."""
    players = table["players"]
    assert client.post(f"{API}/tables/{table['night']}/hands", headers=_auth(
        table["edit_token"]), json={"picker": players[1], "partners": [players[2]],
                                    "points": 70}).status_code == 201


def _player(app: Flask, number: int) -> tuple[bool, int | None, str, int]:
    with app.app_context():
        p = db.session.scalars(sa.select(EventPlayer).filter_by(number=number)).one()
        return p.checked_in, p.withdrawn_after, p.name, p.version


@pytest.mark.parametrize("form", ["check-in", "withdraw", "rename"])
def test_a_players_form_from_before_another_directors_change_is_refused(
        app: Flask, client: FlaskClient, form: str) -> None:
    made, _ = _api_event(client)
    home = _director(client, made)
    walk_in = client.post(f"{API}/events/{made['id']}/players", headers=_auth(
        made["director_token"]), json={"players": [{"name": "Walter"}]}).get_json()
    number = walk_in["players"][0]["number"]
    action = {"check-in": f"{home}/check-in", "withdraw": f"{home}/withdraw",
              "rename": f"{home}/players/{number}/rename"}[form]
    typed = {"check-in": {"number": number}, "withdraw": {"number": number,
             "after_session": "1"}, "rename": {"name": "Walt"}}[form]
    opened = as_shown(client, home, action, typed)  # the co-director's page, as it was
    # meanwhile the director checks him in (through the API, as his laptop does)
    assert client.post(f"{API}/events/{made['id']}/players/{number}/check-in", headers=_auth(
        made["director_token"]), json={"here": True}).status_code == 200
    now = _player(app, number)
    stale = client.post(action, data=opened)
    assert stale.status_code == 409
    said = _said(stale)
    assert f"#{number} Walter changed since this page showed them: now checked in" in said
    assert _player(app, number) == now  # nothing changed
    # the same form from the page as it is now is taken
    assert client.post(action, data=as_shown(client, home, action, typed)).status_code == 302
    assert _player(app, number)[3] == now[3] + 1


def test_a_tables_done_from_before_its_last_hand_is_refused_saying_the_hand(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    page = f"{_director(client, made)}/sessions/1"
    first = drawn["tables"][0]
    action = f"{page}/tables/1/done"
    opened = as_shown(client, page, action, {})
    _hand_at(client, first)
    stale = client.post(action, data=opened)
    assert stale.status_code == 409
    said = _said(stale)
    assert "Table 1 changed since this page showed it. Meanwhile" in said
    assert "Recorded hand 1" in said
    with app.app_context():
        row = db.session.scalars(sa.select(EventTable).filter_by(session=1, number=1)).one()
        assert not row.done
    assert client.post(action, data=as_shown(client, page, action, {})).status_code == 302


def test_a_paper_ticket_from_before_the_tables_last_hand_is_refused(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    page = f"{_director(client, made)}/sessions/1"
    first = drawn["tables"][0]
    action = f"{page}/tables/1/ticket"
    typed = {f"points-{i}": str(p) for i, p in enumerate((4, -1, -1, -1, -1))}
    opened = as_shown(client, page, action, typed)
    _hand_at(client, first)
    stale = client.post(action, data=opened)
    assert stale.status_code == 409 and "Table 1 changed since this page" in _said(stale)
    assert client.get(f"{API}/events/{made['id']}/sessions/1", headers=_auth(
        made["director_token"])).get_json()["tables"][0]["ticket"] is False


def test_a_draw_from_a_page_that_showed_the_session_undrawn_is_refused(
        app: Flask, client: FlaskClient) -> None:
    made, _ = _api_event(client)
    page = f"{_director(client, made)}/sessions/2"
    action = f"{page}/draw"
    opened = as_shown(client, page, action, {"seed": "9"})
    assert opened["seats"] == "none"
    drawn = client.post(f"{API}/events/{made['id']}/sessions/2/draw",
                        headers=_auth(made["director_token"]), json={"seed": 3})
    assert drawn.status_code == 200
    stale = client.post(action, data={**opened, "sure": "1"})
    assert stale.status_code == 409
    said = _said(stale)
    assert "The seats of session 2 changed since this page showed them" in said
    assert "Drew session 2 (seed 3)" in said
    assert "Seed 3" in client.get(page).get_data(as_text=True)  # not drawn again


def test_a_penalty_from_a_page_that_didnt_show_one_given_since_is_refused(
        app: Flask, client: FlaskClient) -> None:
    made, drawn = _api_event(client)
    home = _director(client, made)
    page, action = f"{home}/sessions/1", f"{home}/sessions/1/penalty"
    number, other = drawn["tables"][0]["numbers"][:2]
    typed = {"player": str(number), "points": "2", "reason": "Renege"}
    opened = as_shown(client, page, action, typed)  # the co-director's page, as it was
    elsewhere = as_shown(client, page, action, {**typed, "player": str(other)})
    given = client.post(f"{API}/events/{made['id']}/penalties", headers=_auth(
        made["director_token"]), json={"number": number, "session": 1, "points": 2,
                                       "reason": "Renege at table 1"})
    assert given.status_code == 201, given.get_json()
    stale = client.post(action, data=opened)
    assert stale.status_code == 409
    said = _said(stale)
    assert f"Meanwhile #{number}" in said and "Renege at table 1" in said
    assert "this penalty was not given" in said
    penalties = client.get(f"{API}/events/{made['id']}/penalties", headers=_auth(
        made["director_token"])).get_json()["penalties"]
    assert len(penalties) == 1
    # another player's penalty from that page stands: nothing was given to him since
    assert client.post(action, data=elsewhere).status_code == 302
    # sent again from the page as it is now (its form kept what was typed), it is given
    again = re.search(r'name="penalties_shown" value="(\d+)"', stale.get_data(as_text=True))
    assert again and int(again.group(1)) > int(opened["penalties_shown"])
    assert client.post(action, data={**opened, "penalties_shown": again.group(1)}
                       ).status_code == 302
    assert len(client.get(f"{API}/events/{made['id']}/penalties", headers=_auth(
        made["director_token"])).get_json()["penalties"]) == 3

"""The scorekeeper's pages through Flask's test client: start a table,
record hands, the ledger, fixing mistakes, roster changes, refusals."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, HandRow, db
from scorekeeper.rules import PRESETS, HandError, check_hand, score
from scorekeeper.services.nights.state import TableState
from tests.conftest import PLAYERS
from tests.fixtures_app import start_table, words


def hand(client: FlaskClient, table_id: int, **fields: Any) -> Any:
    data: dict[str, Any] = {"kind": "picked", "tricks": "some", "count_side": "picking",
                            "cracks": "0", "blitzes": "0"}
    data.update(fields)
    return client.post(f"/t/{table_id}/hand/new", data=data)


def totals(client: FlaskClient, table_id: int) -> dict[str, str]:
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    return dict(re.findall(r'data-player="([^"]+)">([^<]+)<', page))


def hand_count(app: Flask) -> int:
    with app.app_context():
        return db.session.query(HandRow).count()


def test_start_page_offers_every_preset(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for name in ("call an ace", "jack of diamonds", "IMSA", "26 cards", "Two-handed"):
        assert name in page


def test_starting_a_table_makes_this_phone_the_scorekeeper(client: FlaskClient) -> None:
    table_id = start_table(client)
    assert "Ann deals first" in words(client.get(f"/t/{table_id}/hand/new"))
    assert client.get(f"/t/{table_id}").status_code == 200


@pytest.mark.parametrize(("data", "message"), [
    ({"players": ["Ann", "Bob", "ann", "Dan", "Eve"]}, "Two players are called"),
    ({"players": ["Ann", "Bob", "Cat"]}, "need at least 5 players"),
    ({"name": ""}, "Give the table a name"),
    ({"opt-bump": "7"}, "bump must be one of"),
    ({"opt-called_ace_buried": "redeal", "preset": "imsa"}, "does not apply"),
    ({"opt-deck": "26"}, "26-card deck is for four players"),
    ({"opt-makes_doubler-item": ["no-pick", "leaster"], "preset": "imsa"},
     "makes_doubler names leaster, but this table never plays a leaster"),
    ({"opt-makes_doubler": "__ticked__", "opt-makes_doubler-item": ["tie", "rain"]},
     "makes_doubler takes only"),
    ({"stake_cents": "-5"}, "The stake can&#39;t be negative"),
    ({"stake_cents": "100001"}, "The stake can be at most 100000 cents"),
])
def test_a_bad_table_is_refused_next_to_the_field(client: FlaskClient, app: Flask,
                                                  data: dict[str, Any], message: str) -> None:
    form: dict[str, Any] = {"name": "Friday", "players": PLAYERS, "preset": "called-ace",
                            "stake_cents": "25"}
    form.update(data)
    response = client.post("/", data=form)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert 'id="error-summary"' in response.get_data(as_text=True)  # said at the top too
    with app.app_context():
        assert db.session.query(GameTable).count() == 0


def test_player_list_buttons_add_remove_and_reorder_without_script(client: FlaskClient) -> None:
    base = {"name": "F", "preset": "called-ace", "stake_cents": "25"}
    page = client.post("/", data={**base, "players": ["Ann", "Bob"], "player_action": "add"})
    assert page.get_data(as_text=True).count('name="players"') == 3
    page = client.post("/", data={**base, "players": ["Ann", "Bob", "Cat"],
                                  "player_action": "up-2"}).get_data(as_text=True)
    assert page.index('value="Cat"') < page.index('value="Bob"')
    page = client.post("/", data={**base, "players": ["Ann", "Bob", "Cat"],
                                  "player_action": "remove-0"}).get_data(as_text=True)
    assert 'value="Ann"' not in page


def test_a_recorded_hand_shows_in_the_ledger_with_running_totals(client: FlaskClient,
                                                                 table_id: int) -> None:
    response = hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    assert response.status_code == 302
    assert totals(client, table_id) == {"Ann": "+2", "Bob": "−1", "Cat": "+1", "Dan": "−1",
                                        "Eve": "−1"}


def test_points_can_be_entered_as_the_defenses_count(client: FlaskClient, table_id: int) -> None:
    hand(client, table_id, picker="Ann", partners=["Cat"], points="29", count_side="defense")
    assert totals(client, table_id)["Ann"] == "+4"


def test_a_double_tapped_submit_records_one_hand(client: FlaskClient, app: Flask,
                                                 table_id: int) -> None:
    for _ in range(2):
        hand(client, table_id, picker="Ann", partners=["Cat"], points="75", submission="tap-1")
    assert hand_count(app) == 1


def test_the_second_post_of_a_double_tapped_save_says_the_hand_was_saved(
        client: FlaskClient, app: Flask, table_id: int) -> None:
    """The browser drops the first post's answer, its cookie with it, and shows
    the second's: that one says "Hand 1 saved" with Undo too."""
    before = client.get_cookie("session")
    assert before is not None
    fields = {"picker": "Ann", "partners": ["Cat"], "points": "75", "submission": "tap-1"}
    assert hand(client, table_id, **fields).status_code == 302
    client.set_cookie("session", before.value)  # the first answer never arrived
    second = hand(client, table_id, **fields)
    assert second.status_code == 302
    page = words(client.get(second.headers["Location"]))
    assert "Hand 1 saved: Ann with Cat, 75 points. Ann +2, Cat +1" in page
    assert "Undo hand 1" in page and "Not saved" not in page
    assert hand_count(app) == 1


@pytest.mark.parametrize(("fields", "message"), [
    ({"picker": "Cat", "partners": ["Cat"], "points": "75"},
     "Cat can't be both picker and partner"),
    ({"picker": "Ann", "partners": ["Cat"], "points": "95", "tricks": "all"},
     "A picking side that took every trick has 120 points, not 95"),
    ({"picker": "Ann", "partners": ["Cat"]}, "Enter the picking side's points"),
    ({"picker": "Ann", "partners": ["Cat"], "points": "130"}, "from 0 to 120"),
    ({"kind": "no-pick"}, "This table plays a leaster when nobody picks"),
    ({"picker": "Ann", "points": "75"}, "Name the partner"),
])
def test_an_inconsistent_hand_is_refused_and_changes_nothing(
        client: FlaskClient, app: Flask, table_id: int, fields: dict[str, Any],
        message: str) -> None:
    response = hand(client, table_id, **fields)
    assert response.status_code == 400
    assert message in html.unescape(response.get_data(as_text=True))
    assert hand_count(app) == 0


def test_the_preview_shows_each_players_result_before_saving(client: FlaskClient, app: Flask,
                                                             table_id: int) -> None:
    page = client.post(f"/t/{table_id}/hand/preview", data={
        "kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "30"})
    text = words(page)
    assert "Ann</span> <strong class=\"neg\">−8" in text
    assert hand_count(app) == 0
    incomplete = client.post(f"/t/{table_id}/hand/preview", data={"kind": "picked"})
    assert "Name the picker" in html.unescape(incomplete.get_data(as_text=True))


def test_a_leaster_and_its_winner(client: FlaskClient, table_id: int) -> None:
    hand(client, table_id, kind="leaster", winner="Dan")
    assert totals(client, table_id)["Dan"] == "+4"


def test_pending_doublers_show_in_a_banner_with_their_source(client: FlaskClient) -> None:
    table_id = start_table(client, preset="jack-of-diamonds", nobody_picks="no-pick")
    hand(client, table_id, kind="no-pick")
    hand(client, table_id, kind="no-pick")
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Next 2 hands doubled — from hands 1 and 2" in page


def _confirm(client: FlaskClient, page: str) -> Any:
    fields = dict(re.findall(r'name="(mode|hand_id|version)" value="([^"]*)"', page))
    hand_json = re.search(r'name="hand_json" value="([^"]*)"', page)
    assert hand_json is not None
    raw = hand_json.group(1).replace("&#34;", '"').replace("&quot;", '"')
    return json.loads(raw), fields


def test_editing_a_hand_confirms_whose_totals_change_then_replays(
        client: FlaskClient, table_id: int) -> None:
    hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    hand(client, table_id, picker="Bob", partners=["Dan"], points="75")
    page = client.post(f"/t/{table_id}/hand/1/edit", data={
        "kind": "picked", "picker": "Ann", "partners": ["Cat"], "points": "30",
        "tricks": "some", "count_side": "picking", "cracks": "0", "dealer": "Ann"})
    text = page.get_data(as_text=True)
    assert "Change hand 1?" in text and 'id="changes"' in text
    assert totals(client, table_id)["Ann"] == "+1"  # nothing saved yet
    body, fields = _confirm(client, text)
    client.post(f"/t/{table_id}/hand/confirm", data={**fields, "hand_json": json.dumps(body)})
    assert totals(client, table_id)["Ann"] == "−9"
    history = words(client.get(f"/t/{table_id}/history"))
    assert "Edited hand 1" in history and "points: 75 → 30" in history


def test_inserting_before_a_hand_renumbers_the_rest(client: FlaskClient, table_id: int) -> None:
    hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    page = client.post(f"/t/{table_id}/hand/new?before=1", data={
        "kind": "leaster", "winner": "Eve", "count_side": "picking", "tricks": "some",
        "cracks": "0"}).get_data(as_text=True)
    assert "Insert before hand 1?" in page
    body, fields = _confirm(client, page)
    client.post(f"/t/{table_id}/hand/confirm", data={**fields, "hand_json": json.dumps(body)})
    ledger = re.sub(r"</?bdi>", "", client.get(f"/t/{table_id}").get_data(as_text=True))
    assert ledger.index("leaster won by Eve") < ledger.index("Ann with Cat")


def test_deleting_a_hand_replays_the_night(client: FlaskClient, table_id: int) -> None:
    hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    hand(client, table_id, picker="Bob", partners=["Dan"], points="30")
    assert "Delete hand 1?" in client.get(f"/t/{table_id}/hand/1/delete").get_data(as_text=True)
    client.post(f"/t/{table_id}/hand/1/delete")
    assert totals(client, table_id) == {"Ann": "+4", "Bob": "−8", "Cat": "+4", "Dan": "−4",
                                        "Eve": "+4"}


def test_six_friends_at_a_five_handed_table_sit_the_dealer_out(client: FlaskClient) -> None:
    table_id = start_table(client, players=PLAYERS + ["Fay"])
    form = words(client.get(f"/t/{table_id}/hand/new"))
    assert "Sitting out: <span>Ann</span>" in form
    assert '<p id="deals"><span class="dealer">Ann</span> deals</p>' in form
    hand(client, table_id, picker="Bob", partners=["Cat"], points="75")
    found = totals(client, table_id)
    assert found["Ann"] == "0" and found["Bob"] == "+2"
    bad = hand(client, table_id, picker="Bob", partners=["Cat"], points="75")
    assert "Bob isn't playing this hand" in html.unescape(bad.get_data(as_text=True))


def test_a_player_who_leaves_keeps_their_balance_and_is_not_dealt_in(
        client: FlaskClient, table_id: int) -> None:
    client.post(f"/t/{table_id}/players", data={"action": "join", "name": "Fay"})
    hand(client, table_id, picker="Bob", partners=["Cat"], points="75")
    client.post(f"/t/{table_id}/players", data={"action": "leave", "name": "Bob"})
    page = client.get(f"/t/{table_id}/players").get_data(as_text=True)
    assert "left" in page and "+2" in page
    refused = hand(client, table_id, picker="Bob", partners=["Cat"], points="75")
    assert refused.status_code == 400


def test_the_last_player_at_the_table_cannot_leave_and_every_page_still_opens(
        client: FlaskClient, table_id: int) -> None:
    assert hand(client, table_id, picker="Bob", partners=["Cat"], points="75").status_code == 302
    for name in PLAYERS[:-1]:
        left = client.post(f"/t/{table_id}/players", data={"action": "leave", "name": name})
        assert left.status_code == 302, name
    refused = client.post(f"/t/{table_id}/players", data={"action": "leave", "name": "Eve"})
    assert refused.status_code == 400
    assert "Eve is the last one at the table" in html.unescape(refused.get_data(as_text=True))
    for page in ("", "/players", "/settle", "/hand/new", "/summary", "/share", "/history"):
        assert client.get(f"/t/{table_id}{page}").status_code == 200, page
    assert client.get(f"/t/{table_id}/players").get_data(as_text=True).count(">Back in<") == 4


def test_the_players_page_offers_to_settle_a_leaver_now(client: FlaskClient, table_id: int
                                                         ) -> None:
    page = client.get(f"/t/{table_id}/players").get_data(as_text=True)
    assert f'href="/t/{table_id}/settle/leave?name=Bob"' in page


def test_someone_elses_phone_cannot_open_or_change_the_table(app: Flask, table_id: int) -> None:
    stranger = app.test_client()
    assert stranger.get(f"/t/{table_id}").status_code == 403
    assert hand(stranger, table_id, picker="Ann", partners=["Cat"], points="75"
                ).status_code == 403
    assert stranger.post(f"/t/{table_id}/hand/1/delete").status_code == 403


def test_unknown_tables_and_hands_are_404(client: FlaskClient, table_id: int) -> None:
    assert client.get("/t/999").status_code == 404
    assert client.get(f"/t/{table_id}/hand/5/edit").status_code == 404


def test_a_form_without_its_csrf_token_is_refused(tmp_path: Any) -> None:
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "k",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'c.db'}"})
    response = app.test_client().post("/", data={"name": "F", "players": PLAYERS,
                                                 "preset": "called-ace", "stake_cents": "25"})
    assert response.status_code == 400
    with app.app_context():
        assert db.session.query(GameTable).count() == 0


def test_a_failure_while_saving_leaves_no_half_written_hand(
        client: FlaskClient, app: Flask, table_id: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import scorekeeper.services.nights.hands as service

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(service, "audit_night", broken)
    response = hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    assert response.status_code == 500
    assert hand_count(app) == 0
    assert totals(client, table_id)["Ann"] == "0"


def test_the_start_page_preselects_a_preset_from_the_comparison_page(client: FlaskClient
                                                                     ) -> None:
    page = client.get("/?preset=sheephead-4").get_data(as_text=True)
    assert 'value="sheephead-4" checked' in page
    assert 'value="called-ace" checked' not in page
    unknown = client.get("/?preset=nope").get_data(as_text=True)
    assert 'value="called-ace" checked' in unknown
    assert 'href="/import"' in page
    compare = client.get("/presets").get_data(as_text=True)
    assert 'href="/?preset=imsa#new-table"' in compare


def test_a_side_with_no_trick_marks_the_picker_for_the_no_trick_penalty(
        client: FlaskClient) -> None:
    four = ["Ann", "Bob", "Cat", "Dan"]
    table_id = start_table(client, preset="sheephead-4", players=four)
    response = hand(client, table_id, picker="Bob", partners=["Cat"], points="0",
                    tricks="none")
    assert response.status_code == 302, response.get_data(as_text=True)
    with client.application.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        result = TableState.load(table).night.results[0]
    assert result.hand.no_trick_pickers == ("Bob",)
    unmarked = replace(result.hand, no_trick_pickers=())
    marked = score(PRESETS["sheephead-4"].rules, result.hand, tuple(four), 0)
    assert dict(result.payouts) == marked
    with pytest.raises(HandError, match="mark the no-trick pick"):
        check_hand(PRESETS["sheephead-4"].rules, unmarked, tuple(four), "Ann", tuple(four))


def test_a_phone_that_starts_many_tables_keeps_a_cookie_browsers_accept(
        client: FlaskClient) -> None:
    from scorekeeper.views.held import MAX_REMEMBERED

    ids = [start_table(client) for _ in range(MAX_REMEMBERED + 6)]
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 3000
    assert client.get(f"/t/{ids[-1]}").status_code == 200
    assert client.get(f"/t/{ids[-MAX_REMEMBERED]}").status_code == 200
    assert client.get(f"/t/{ids[0]}").status_code == 403


def selected_dealer(page: str) -> str:
    select = page.split('name="dealer"')[1].split("</select>")[0]
    found = re.search(r'<option value="([^"]+)" selected>', select)
    assert found is not None
    return found.group(1)


def test_the_insert_form_offers_the_dealer_at_that_point_of_the_night(
        client: FlaskClient, table_id: int) -> None:
    for picker in ("Ann", "Bob", "Cat"):
        hand(client, table_id, picker=picker, partners=["Eve" if picker != "Eve" else "Dan"],
             points="75")
    assert selected_dealer(client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)) \
        == "Dan"
    for before, dealer in ((1, "Ann"), (2, "Bob"), (3, "Cat")):
        page = client.get(f"/t/{table_id}/hand/new?before={before}").get_data(as_text=True)
        assert selected_dealer(page) == dealer, before


def test_six_handed_adds_the_player_on_the_pickers_right_by_itself(
        client: FlaskClient, app: Flask) -> None:
    six = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    table_id = start_table(client, preset="six-handed", players=six)
    response = hand(client, table_id, picker="Cat", partners=["Eve"], points="75",
                    dealer="Ann")
    assert response.status_code == 302, response.get_data(as_text=True)
    picker_holds_jd = hand(client, table_id, picker="Dan", points="75", dealer="Bob")
    assert picker_holds_jd.status_code == 302
    alone = hand(client, table_id, picker="Eve", alone="y", points="75", dealer="Cat")
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        results = TableState.load(table).night.results
    assert results[0].hand.partners == ("Eve", "Bob")
    assert results[1].hand.partners == ("Cat",)
    assert alone.status_code == 302 and results[2].hand.partners == ()
    assert results[2].payouts["Eve"] == 5


def test_players_sitting_out_are_greyed_out_and_cannot_be_chosen(client: FlaskClient) -> None:
    # Six at a five-handed table: Ann deals the first hand and sits it out.
    table_id = start_table(client, players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    for group in ("picker", "partners"):
        assert re.search(rf'<label class="out"><input type="\w+" name="{group}" value="Ann"'
                         r"\s+disabled>", page), group
        assert re.search(rf'<label><input type="\w+" name="{group}" value="Bob"\s*>', page)
    assert 'name="seated" value="Ann" disabled' not in page  # the seats stay free to tick
    assert "data-sit-out=" in page and "&#34;Bob&#34;: [&#34;Bob&#34;]" in page
    assert "Sitting out: <span><bdi>Ann</bdi></span>" in page
    # Ticking the seats says it instead: Fay sits out.
    seats = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    refused = client.post(f"/t/{table_id}/hand/new", data={
        "kind": "picked", "picker": "Fay", "partners": ["Bob"], "points": "75",
        "tricks": "some", "count_side": "picking", "cracks": "0", "blitzes": "0",
        "seated": seats})
    assert refused.status_code == 400
    assert "Sitting out: <span>Fay</span>" in words(refused)


def test_a_house_rule_refusal_stands_next_to_its_option(client: FlaskClient) -> None:
    page = client.post("/", data={"name": "F", "players": PLAYERS, "preset": "imsa",
                                  "stake_cents": "25", "opt-makes_doubler-item": ["leaster"]}
                       ).get_data(as_text=True)
    option = page.index('name="opt-makes_doubler"')
    said = page.index("makes_doubler names leaster", option)
    assert said < page.index('name="opt-doublers"')


# --- straight on to the next hand, with an undo ----------------------------------------


def test_a_save_lands_on_the_next_hands_form_with_what_it_paid_and_an_undo(
        client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client)
    saved = hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    assert saved.headers["Location"].endswith(f"/t/{table_id}/hand/new")
    page = words(client.get(f"/t/{table_id}/hand/new"))
    assert "Hand 1 saved: Ann with Cat, 75 points. Ann +2, Cat +1, Bob −1" in page
    assert f'action="/t/{table_id}/hand/1/undo"' in page and "Undo hand 1" in page
    assert "<h1>Hand 2</h1>" in page


def test_undo_takes_the_hand_back_and_refills_the_form(client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client)
    hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    hand(client, table_id, picker="Bob", partners=["Dan"], points="31", cracks="1")
    undone = client.post(f"/t/{table_id}/hand/2/undo")
    assert undone.headers["Location"].endswith(f"/t/{table_id}/hand/new")
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert "Hand 2 taken back" in page and "<h1>Hand 2</h1>" in page
    assert re.search(r'name="picker" value="Bob"\s+checked', page)
    assert re.search(r'name="partners" value="Dan"\s+checked', page)
    assert 'id="points" inputmode="numeric" min="0" max="120" value="31"' in page
    assert "Undo hand" not in page
    with app.app_context():
        assert db.session.query(HandRow).count() == 1
    # Taking it back twice (a double tap) changes nothing more.
    again = client.post(f"/t/{table_id}/hand/2/undo", follow_redirects=True)
    assert "Nothing to undo" in again.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(HandRow).count() == 1


def test_undo_is_refused_once_the_night_changed(client: FlaskClient, app: Flask) -> None:
    table_id = start_table(client)
    hand(client, table_id, picker="Ann", partners=["Cat"], points="75")
    other = app.test_client()
    with client.session_transaction() as mine, other.session_transaction() as theirs:
        theirs["editors"] = dict(mine["editors"])
    hand(other, table_id, picker="Bob", partners=["Dan"], points="75")
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    assert "Undo hand" not in page
    refused = client.post(f"/t/{table_id}/hand/1/undo", follow_redirects=True)
    assert "Nothing to undo" in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(HandRow).count() == 2


def test_small_things_a_phone_notices(client: FlaskClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 301 and icon.headers["Location"].endswith("/static/favicon.svg")
    assert client.get("/static/favicon.svg").status_code == 200
    missing = client.get("/t/9999/hand/new").get_data(as_text=True)
    assert "<h1>Not found</h1>" in missing and "Not done" not in missing


@pytest.mark.parametrize(("preset", "players", "blanks"), [
    ("called-ace", PLAYERS, "Nines, eights and sevens count nothing"),
    ("sheephead-4", ["Ann", "Bob", "Cat", "Dan"], "Nines, the 8♦ and the 7♦ count nothing"),
])
def test_the_hand_form_offers_the_same_twenty_point_cards_for_either_deck(
        client: FlaskClient, preset: str, players: list[str], blanks: str) -> None:
    table_id = start_table(client, preset=preset, players=players)
    page = client.get(f"/t/{table_id}/hand/new").get_data(as_text=True)
    cards = re.findall(r'data-card="([^"]+)" data-value="(\d+)"', page)
    assert len(cards) == 20 and len(set(cards)) == 20
    assert sum(int(value) for _, value in cards) == 120
    assert ("A♥", "11") in cards and ("J♦", "2") in cards
    assert blanks in page
    assert re.search(r'src="/static/js/counter\.[0-9a-f]+\.js"', page)

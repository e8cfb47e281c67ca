"""Property tests of the pages' forms: random field values (right names,
wrong names, junk text, huge numbers) posted to the hand form, its live
preview, the edit form and the roster never get a 500, and a refused post
changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.db.models import AuditEntry, GameTable, HandRow, db
from scorekeeper.rules import PRESETS
from tests.conftest import PLAYERS
from tests.fixtures_app import start_table

pytestmark = pytest.mark.slow
#: Examples come from the Hypothesis profile (tests/conftest.py).
FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

junk = st.text(max_size=8) | st.sampled_from(["-1", "121", "1e9", "99999999999999999999",
                                               " 61 ", "٣", "0x10", "\x00"])
name = st.sampled_from(PLAYERS) | junk
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "kind": st.sampled_from(["picked", "leaster", "no-pick", "misdeal", "void", "renege",
                             "called-ace-buried"]) | junk,
    "picker": name, "partners": st.lists(name, max_size=3), "alone": st.sampled_from(["y", ""]),
    "points": st.integers(-5, 130).map(str) | junk,
    "count_side": st.sampled_from(["picking", "defense"]) | junk,
    "tricks": st.sampled_from(["some", "all", "none"]) | junk,
    "cracks": st.sampled_from(["0", "1", "2", "3"]) | junk,
    "blitzes": st.sampled_from(["0", "1", "2"]) | junk,
    "declared_doubler": st.sampled_from(["y", ""]), "forced": st.sampled_from(["y", ""]),
    "king_of_diamonds_cut": st.sampled_from(["y", ""]), "stolen_from": name,
    "no_trick_pickers": st.lists(name, max_size=2), "winner": name, "offender": name,
    "dealer": name, "seated": st.lists(name, max_size=6),
}
forms = st.fixed_dictionaries({}, optional=FIELDS)


def snapshot(app: Flask, table_id: int) -> tuple[Any, ...]:
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        hands = db.session.scalars(db.select(HandRow.data).filter_by(table_id=table_id)
                                   .order_by(HandRow.position)).all()
        log = db.session.query(AuditEntry).filter(AuditEntry.of("table", table_id)).count()
        return (tuple(map(str, hands)), log, tuple((p.name, p.present) for p in table.players))


@FUZZ
@given(data=forms, where=st.sampled_from(["new", "preview", "edit", "insert"]))
def test_random_hand_forms_never_crash_and_refusals_change_nothing(
        app: Flask, client: FlaskClient, data: dict[str, Any], where: str) -> None:
    table_id = getattr(app, "_fuzz_table", None)
    if table_id is None:
        table_id = start_table(client)
        client.post(f"/t/{table_id}/hand/new", data={
            "kind": "picked", "picker": "Bob", "partners": ["Cat"], "points": "75"})
        app._fuzz_table = table_id  # type: ignore[attr-defined]
    url = {"new": f"/t/{table_id}/hand/new", "preview": f"/t/{table_id}/hand/preview",
           "edit": f"/t/{table_id}/hand/1/edit", "insert": f"/t/{table_id}/hand/new?before=1"
           }[where]
    before = snapshot(app, table_id)
    response = client.post(url, data=data)
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    saved = where == "new" and response.status_code == 302
    if not saved:
        assert snapshot(app, table_id) == before
    if response.status_code == 400:
        assert 'class="field-error"' in response.get_data(as_text=True) \
            or 'role="alert"' in response.get_data(as_text=True)


@FUZZ
@given(action=st.sampled_from(["join", "leave", "return"]) | junk, who=name)
def test_random_roster_changes_never_crash(app: Flask, client: FlaskClient, action: str,
                                           who: str) -> None:
    table_id = getattr(app, "_fuzz_roster", None)
    if table_id is None:
        table_id = start_table(client)
        app._fuzz_roster = table_id  # type: ignore[attr-defined]
    response = client.post(f"/t/{table_id}/players", data={"action": action, "name": who})
    assert response.status_code < 500
    for page in ("", "/players", "/settle", "/hand/new"):
        assert client.get(f"/t/{table_id}{page}").status_code < 500


def option_values() -> st.SearchStrategy[dict[str, Any]]:
    """The start page's own choices for each house rule (the numbers typed)."""
    from scorekeeper.rules import OPTIONS
    from scorekeeper.views.forms import option_fields

    offered = dict(option_fields())
    good: dict[str, st.SearchStrategy[Any]] = {}
    for option in OPTIONS:
        choices = [value for value, _ in offered.get(option.key, [])]
        good[f"opt-{option.key}"] = (st.sampled_from(choices) if choices
                                     else st.integers(-2, 12).map(str))
    mixed = {key: value | junk for key, value in good.items()}
    return (st.fixed_dictionaries({}, optional=good)
            | st.fixed_dictionaries({}, optional=mixed))


@FUZZ
@given(options=option_values(),
       preset=st.sampled_from(list(PRESETS)) | st.sampled_from(list(PRESETS)) | junk,
       players=st.permutations(PLAYERS + ["Fay", "Gus"]).map(lambda p: p[:5])
       | st.permutations(PLAYERS + ["Fay", "Gus"]) | st.lists(name, max_size=8),
       stake=st.sampled_from(["0", "1", "25", "100000"]) | st.integers().map(str) | junk)
def test_random_start_forms_never_crash_and_refusals_create_nothing(
        app: Flask, client: FlaskClient, options: dict[str, Any], preset: str,
        players: list[str], stake: str) -> None:
    with app.app_context():
        before = db.session.query(GameTable).count()
    response = client.post("/", data={"name": "Fuzz", "players": players, "preset": preset,
                                      "stake_cents": stake, **options})
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    event(f"status {response.status_code}")
    with app.app_context():
        after = db.session.query(GameTable).count()
    if response.status_code == 302:
        assert after == before + 1
        table_id = int(response.headers["Location"].split("/")[2])
        for page in ("", "/hand/new", "/rules", "/rulings", "/settle", "/share"):
            assert client.get(f"/t/{table_id}{page}").status_code == 200, page
    else:
        assert response.status_code == 400
        assert after == before
        page = response.get_data(as_text=True)
        assert 'class="field-error"' in page or 'class="error"' in page

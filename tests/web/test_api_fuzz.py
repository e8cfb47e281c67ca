"""Property tests of the JSON API: random hand bodies (right and wrong keys,
wrong types, huge numbers, unicode and surrogate names, nulls, nesting),
random bytes and random table bodies never get a 500, and a refused request
never changes the table.

One table lives through all the examples of a test on purpose: hands that
are accepted pile up, so later examples run against a longer night, and each
example compares the table before and after itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Kind, Tricks
from scorekeeper.rules.hand_json import REQUEST_FIELDS
from tests.conftest import PLAYERS
from tests.web.api_helpers import API, ApiTable, api_table, assert_error

pytestmark = pytest.mark.slow
#: Examples come from the Hypothesis profile (tests/conftest.py); bodies are big.
FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

names = st.sampled_from(PLAYERS) | st.text(max_size=6) | st.text(
    st.characters(categories=["Cs", "Cc", "So"]), min_size=1, max_size=3)
scalars = (st.none() | st.booleans() | names
           | st.integers(-3, 125) | st.integers() | st.sampled_from([2**63, -(2**64), 10**400])
           | st.floats(allow_nan=True, allow_infinity=True))
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)

#: Values that are often right for their field, so some hands get through.
GOOD: dict[str, st.SearchStrategy[Any]] = {
    "kind": st.sampled_from([k.value for k in Kind]),
    "tricks": st.sampled_from([t.value for t in Tricks]),
    "points": st.integers(0, 120),
    "cracks": st.integers(0, 3),
    "blitzes": st.integers(0, 2),
    "partners": st.lists(st.sampled_from(PLAYERS), max_size=2),
    "no_trick_pickers": st.lists(st.sampled_from(PLAYERS), max_size=2),
    "seated": st.none() | st.lists(st.sampled_from(PLAYERS), min_size=4, max_size=6),
}


def field_value(key: str) -> st.SearchStrategy[Any]:
    good = GOOD.get(key, st.sampled_from(PLAYERS) | st.booleans() | st.none())
    return st.one_of(good, good, junk)


@st.composite
def plausible_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A hand that a called-ace table would mostly accept."""
    kind = draw(st.sampled_from(["picked", "picked", "leaster", "misdeal", "void", "renege",
                                 "called-ace-buried"]))
    picker, partner, other = draw(st.permutations(PLAYERS))[:3]
    if kind in ("leaster", "misdeal", "void"):
        return {"kind": kind, **({"winner": other} if kind == "leaster" else {})}
    if kind == "called-ace-buried":
        return {"kind": kind, "picker": picker}
    body = {"kind": kind, "picker": picker, "partners": [partner]}
    if draw(st.booleans()):
        body.update(partners=[], alone=True)
    if kind == "renege":
        return {**body, "offender": other}
    return {**body, "points": draw(st.integers(0, 120)), "cracks": draw(st.integers(0, 2))}


@st.composite
def mixed_hands(draw: st.DrawFn) -> dict[str, Any]:
    """The contract's keys with values that are often right for their field."""
    keys = draw(st.lists(st.sampled_from(REQUEST_FIELDS), max_size=8, unique=True))
    return {key: draw(field_value(key)) for key in keys}


@st.composite
def hand_bodies(draw: st.DrawFn) -> Any:
    """Plausible hands, sometimes with one field spoiled or an unknown key added;
    mixed bodies; now and then something that isn't an object at all."""
    choice = draw(st.integers(0, 19))
    if choice == 0:
        return draw(junk.filter(lambda v: not isinstance(v, dict)))
    body = draw(plausible_hands() if choice < 12 else mixed_hands())
    spoil = draw(st.integers(0, 3))
    if spoil == 1:
        body[draw(st.sampled_from(REQUEST_FIELDS))] = draw(junk)
    elif spoil == 2:
        body.update(draw(st.dictionaries(st.text(max_size=8), junk, min_size=1, max_size=2)))
    return body


requests = st.sampled_from([("POST", "/hands"), ("POST", "/hands?before=1"),
                            ("PUT", "/hands/1"), ("PUT", "/hands/2")])


def check(table: ApiTable, method: str, path: str, **send: Any) -> int:
    """Send one request; a refusal must be a 4xx in the error shape and change nothing."""
    before = table.snapshot()
    response = table.send(method, path, **send)
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert_error(response, response.status_code)
        assert table.snapshot() == before
    else:
        assert response.status_code == (201 if method == "POST" else 200)
        assert set(response.get_json()["payouts"]) == set(PLAYERS)
    return response.status_code


@FUZZ
@given(body=hand_bodies(), where=requests)
def test_random_hand_bodies_never_crash_or_change_a_refusing_table(
        client: FlaskClient, body: Any, where: tuple[str, str]) -> None:
    table = _table(client)
    check(table, *where, body=body)


@FUZZ
@given(data=st.binary(max_size=200) | st.text(max_size=200).map(str.encode),
       content_type=st.sampled_from(["application/json", "text/plain", "",
                                     "application/json; charset=latin-1",
                                     "multipart/form-data"]),
       where=requests)
def test_random_bytes_never_crash_or_change_the_table(
        client: FlaskClient, data: bytes, content_type: str, where: tuple[str, str]) -> None:
    table = _table(client)
    status = check(table, *where, data=data, content_type=content_type or None)
    assert status in (200, 201, 400, 415)  # 415: not sent as JSON


@FUZZ
@given(body=st.dictionaries(
    st.sampled_from(["name", "players", "preset", "options", "stake_cents", "extra"]),
    junk | st.lists(names, max_size=8) | st.sampled_from(["called-ace", "imsa"])
    | st.dictionaries(st.sampled_from(["bump", "base", "seats", "max_multiplier", "nope"]),
                      junk, max_size=3),
    max_size=6))
def test_random_table_bodies_never_crash(client: FlaskClient, body: dict[str, Any]) -> None:
    response = client.post(f"{API}/tables", json=body)
    assert response.status_code in (201, 400), response.get_data(as_text=True)
    if response.status_code == 400:
        assert_error(response, 400)
    else:
        assert set(response.get_json()) == {"id", "edit_token", "view_token", "view_url", "rules"}


_tables: dict[int, ApiTable] = {}


def _table(client: FlaskClient) -> ApiTable:
    """This test's table (made once per client), starting with two hands."""
    table = _tables.get(id(client))
    if table is None or table.client is not client:
        table = api_table(client)
        table.add({"picker": "Ann", "partners": ["Cat"], "points": 75})
        table.add({"kind": "leaster", "winner": "Dan"})
        _tables.clear()
        _tables[id(client)] = table
    return table

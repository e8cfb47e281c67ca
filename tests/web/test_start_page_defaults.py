"""The start page's defaults and its list of this phone's tables: a new
table is named for tonight by the server's local date ("Thursday night" on a
Thursday), two tables of one name are told apart on "Your tables" by when
each started (in the server's local time) and who plays, and a rule that is
a set of boxes means what its boxes say."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, db
from scorekeeper.rules import Rules
from scorekeeper.views.pages.nights import tables
from tests.conftest import PLAYERS
from tests.fixtures_app import start_table, words

#: Monday 23 November 2026 and the six days after it.
WEEK = [(date(2026, 11, 23 + i), day) for i, day in enumerate(
    ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"))]


@pytest.fixture()
def chicago(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's clock set to Chicago's time zone for the test."""
    monkeypatch.setenv("TZ", "America/Chicago")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def on(monkeypatch: pytest.MonkeyPatch, today: date) -> None:
    class Today(date):
        @classmethod
        def today(cls) -> Today:
            return cls(today.year, today.month, today.day)
    monkeypatch.setattr(tables, "date", Today)


@pytest.mark.parametrize(("today", "day"), WEEK, ids=[day for _, day in WEEK])
def test_a_new_table_is_named_for_tonight(client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
                                          today: date, day: str) -> None:
    on(monkeypatch, today)
    page = client.get("/").get_data(as_text=True)
    assert re.search(rf'name="name"[^>]*value="{day} night"', page)
    assert "Friday night" not in page or day == "Friday"


def test_a_groups_night_keeps_the_groups_name(client: FlaskClient,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    on(monkeypatch, WEEK[3][0])
    made = client.post("/g/new", data={"name": "Tuesday regulars", "preset": "called-ace",
                                       "players": "\n".join(PLAYERS), "stake_cents": "25"})
    assert made.status_code == 302, made.get_data(as_text=True)[:300]
    group_id = int(made.headers["Location"].split("/")[2])
    page = client.get(f"/?group={group_id}").get_data(as_text=True)
    assert re.search(r'name="name"[^>]*value="Tuesday regulars"', page)


def _started_at(app: Flask, table_id: int, at: datetime) -> None:
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        table.owner.created_at = at
        db.session.commit()


def _rows(client: FlaskClient) -> list[str]:
    page = words(client.get("/"))
    listed = page[page.index("Your tables"):page.index("</ul>", page.index("Your tables"))]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", li)).split())
            for li in re.findall(r"<li>(.*?)</li>", listed, re.S)]


def test_two_tables_of_one_name_are_told_apart_by_when_and_who(
        app: Flask, client: FlaskClient, chicago: None,
        clock: Callable[[datetime], None]) -> None:
    # the tables are started (and played) on Thursday evening in Chicago
    clock(datetime(2026, 11, 27, 3, 45, tzinfo=UTC))
    first = start_table(client, players=PLAYERS)
    second = start_table(client, players=["Ann", "Bob", "Cat", "Dan", "Fay", "Gus"])
    # 02:14 and 03:40 on Friday in UTC are Thursday evening in Chicago
    _started_at(app, first, datetime(2026, 11, 27, 2, 14, tzinfo=UTC))
    _started_at(app, second, datetime(2026, 11, 27, 3, 40, tzinfo=UTC))
    rows = _rows(client)
    assert rows == [
        "Friday Thu Nov 26, 9:40 pm Ann, Bob, Cat, Dan, Fay, Gus",
        "Friday Thu Nov 26, 8:14 pm Ann, Bob, Cat, Dan, Eve",
    ]


def test_the_same_players_at_two_tables_of_one_name_differ_by_the_minute(
        app: Flask, client: FlaskClient, chicago: None) -> None:
    ids = [start_table(client) for _ in range(2)]
    for minute, table_id in enumerate(ids):
        _started_at(app, table_id, datetime(2026, 11, 27, 1, 5 + minute, tzinfo=UTC))
    rows = _rows(client)
    assert len(set(rows)) == 2
    assert rows[1].endswith("7:05 pm Ann, Bob, Cat, Dan, Eve")
    assert rows[0].endswith("7:06 pm Ann, Bob, Cat, Dan, Eve")


def test_a_long_roster_is_named_in_part(app: Flask, client: FlaskClient) -> None:
    nine = [*PLAYERS, "Fay", "Gus", "Hal", "Ida"]
    start_table(client, players=nine)
    [row] = _rows(client)
    assert row.endswith("Ann, Bob, Cat, Dan, Eve, Fay and 3 more")


def test_the_page_carries_each_presets_own_boxes_for_the_script(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'data-preset-sets="([^"]+)"', page)
    assert found is not None
    carried = html.unescape(found.group(1))
    assert '"imsa": {"makes_doubler": ["no-pick", "misdeal"]}' in carried
    assert '"called-ace": {"makes_doubler": ["no-pick"]}' in carried


def test_boxes_ticked_are_the_rule_whatever_the_select_says(
        app: Flask, client: FlaskClient) -> None:
    """Without the script the select may still say "As the preset": the boxes
    ticked are what the table plays (the script now makes the select say so)."""
    made = client.post("/", data={"name": "Thursday night", "players": PLAYERS,
                                  "preset": "called-ace", "stake_cents": "25",
                                  "opt-makes_doubler": "__preset__",
                                  "opt-makes_doubler-item": ["no-pick", "leaster"]})
    assert made.status_code == 302
    table_id = int(made.headers["Location"].split("/")[2])
    with app.app_context():
        table = db.session.get(GameTable, table_id)
        assert table is not None
        rules = Rules.from_dict(table.rules)
    assert [str(d) for d in rules.makes_doubler] == ["no-pick", "leaster"]


def test_a_refused_start_shows_the_boxes_as_only_those_ticked(client: FlaskClient) -> None:
    page = client.post("/", data={"name": "", "players": PLAYERS, "preset": "called-ace",
                                  "stake_cents": "25", "opt-makes_doubler-item": ["leaster"]})
    assert page.status_code == 400
    text = page.get_data(as_text=True)
    select = text[text.index('name="opt-makes_doubler"'):]
    assert re.search(r'<option value="__ticked__" selected>', select[:600])
    assert re.search(r'value="leaster" checked', select)

"""A sheet's nights are written a turn at a time, so a phone's save waits
for one short turn, never for the whole sheet: the nights belong to no group
until the last turn gives them to it.  Written in turns or at once, the
group is the same; a group changed between turns refuses the import and
keeps none of its nights; a stopped job's nights are taken back."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db.models import GameTable, Group, db
from scorekeeper.services import writes
from scorekeeper.services.background import turns
from scorekeeper.services.groups import unclaimed
from scorekeeper.services.groups.sheets import bring_in
from scorekeeper.services.groups.sheets.files import read_file
from scorekeeper.services.groups.sheets.preview import Asked, preview
from scorekeeper.services.once import Once
from tests.web.sheet_helpers import dump, group_with_a_night, standings_by_season
from tests.web.test_sheet_jobs import PLAYERS, _send, league

NIGHTS = 9


def _nights(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(GameTable.id))) or 0


def _kept(app: Flask, group_id: int) -> list[tuple[Any, ...]]:
    """The group's nights as a sheet makes them, without ids or moments."""
    return [(n["played_on"], n["name"], n["preset"], n["totals"], n["settled"],
             [p["name"] for p in n["players"]], len(n["hands"]))
            for n in dump(app, group_id)["nights"]]


@pytest.fixture()
def short_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two of the sheet's nights a turn, and no pause between turns."""
    monkeypatch.setattr(turns, "ROWS_A_TURN", 2 * (2 + len(PLAYERS)))
    monkeypatch.setattr(turns.time, "sleep", lambda _: None)


def _previewed(client: FlaskClient) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The league's sheet, the group it goes to, and its preview (the API's)."""
    sheet, _ = league(NIGHTS)
    group = group_with_a_night(client)
    return sheet, group, _send(client, group, sheet).get_json()


def _confirm(group: dict[str, Any], sheet: str, shown: dict[str, Any],
             once: Once | None = None) -> Any:
    """The sheet confirmed through the service (inside an app context)."""
    return bring_in.confirm(group["id"], read_file(sheet.encode(), "league.csv"), Asked(),
                            shown["version"], shown["new_members"], once=once)


def _imported(app: Flask, client: FlaskClient, sheet: str) -> tuple[dict[str, Any], Any]:
    group = group_with_a_night(client)
    shown = _send(client, group, sheet).get_json()
    assert shown["ready"], shown["refusal"]
    made = _send(client, group, sheet, confirm=True, version=shown["version"],
                 new_members=shown["new_members"])
    return group, made


def test_a_sheet_written_in_turns_is_the_sheet_written_at_once(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet, sums = league(NIGHTS)
    pauses: list[float] = []
    monkeypatch.setattr(turns.time, "sleep", pauses.append)
    monkeypatch.setattr(turns, "ROWS_A_TURN", 2 * (2 + len(PLAYERS)))  # two nights a turn
    group, made = _imported(app, client, sheet)
    assert made.status_code == 200, made.get_json()
    assert len(pauses) == NIGHTS // 2  # five turns, a pause between each two
    monkeypatch.setattr(turns, "ROWS_A_TURN", 1_000_000)
    other, at_once = _imported(app, client, sheet)
    assert at_once.status_code == 200 and len(pauses) == NIGHTS // 2
    years = sorted(sums)
    in_turns = standings_by_season(app, group["id"], years)
    assert in_turns == standings_by_season(app, other["id"], years)
    assert {y: {k: v for k, v in in_turns[y].items() if k in PLAYERS} for y in years} == sums
    assert _kept(app, group["id"]) == _kept(app, other["id"])
    with app.app_context():
        assert db.session.scalar(select(func.count(GameTable.id)).where(
            GameTable.unclaimed_by.is_not(None))) == 0


def test_a_group_changed_between_turns_keeps_none_of_the_sheets_nights(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet, group, shown = _previewed(client)
    before, nights = dump(app, group["id"]), _nights(app)
    monkeypatch.setattr(turns, "ROWS_A_TURN", 2 * (2 + len(PLAYERS)))

    def meanwhile(_: float) -> None:  # another write to the group, between two turns
        with writes.unit():
            writes.begin_group(group["id"])
            writes.audit_group(group["id"], "rename", "Renamed meanwhile")

    monkeypatch.setattr(turns.time, "sleep", meanwhile)
    refused = _send(client, group, sheet, confirm=True, version=shown["version"],
                    new_members=shown["new_members"])
    assert refused.status_code == 409, refused.get_json()
    assert refused.get_json()["field"] == "version"
    assert "The group changed since this preview was made" in refused.get_json()["error"]
    assert _nights(app) == nights
    after = dump(app, group["id"])
    assert after["nights"] == before["nights"] and after["members"] == before["members"]


@pytest.mark.usefixtures("short_turns")
def test_a_failure_on_the_last_turn_takes_back_every_night_written(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet, group, shown = _previewed(client)
    before, nights = dump(app, group["id"]), _nights(app)

    def fails(*_: Any) -> Any:
        raise RuntimeError("the disk filled")

    monkeypatch.setattr(bring_in, "_gather", fails)
    with app.app_context(), pytest.raises(RuntimeError, match="the disk filled"):
        _confirm(group, sheet, shown)
    assert _nights(app) == nights and dump(app, group["id"]) == before


@pytest.mark.usefixtures("short_turns")
def test_a_failure_on_a_later_turn_takes_back_the_turns_before(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet, group, shown = _previewed(client)
    before, nights = dump(app, group["id"]), _nights(app)
    real, made = bring_in._write_turn, []

    def second_fails(*args: Any) -> list[int]:
        made.append(1)
        if len(made) == 3:
            raise RuntimeError("the database went away")
        return real(*args)

    monkeypatch.setattr(bring_in, "_write_turn", second_fails)
    with app.app_context(), pytest.raises(RuntimeError, match="went away"):
        _confirm(group, sheet, shown)
    assert len(made) == 3 and _nights(app) == nights and dump(app, group["id"]) == before


def test_a_twin_that_finished_first_leaves_none_of_its_twins_nights(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A double tap: the second request is writing its nights when the first
    finishes; under the lock it finds the first one's import, answers it,
    and its own nights go."""
    sheet, group, shown = _previewed(client)
    once = Once("twin-sheet-0001", "the same sheet")
    monkeypatch.setattr(turns, "ROWS_A_TURN", 2 * (2 + len(PLAYERS)))
    first: list[Any] = []

    def meanwhile(_: float) -> None:  # the first tap, done between the second's turns
        if not first:
            first.append(None)
            first[0] = _confirm(group, sheet, shown, once).id

    monkeypatch.setattr(turns.time, "sleep", meanwhile)
    with app.app_context():
        twin = _confirm(group, sheet, shown, once)
        assert twin.id == first[0]
        assert db.session.scalar(select(func.count(GameTable.id)).where(
            GameTable.unclaimed_by.is_not(None))) == 0
        assert db.session.scalar(select(func.count(GameTable.id)).where(
            GameTable.group_id == group["id"])) == 1 + NIGHTS


def test_a_stopped_jobs_nights_are_taken_back(app: Flask, client: FlaskClient) -> None:
    sheet, group, shown = _previewed(client)
    nights = _nights(app)
    with app.app_context():
        shown_here = preview(db.session.get_one(Group, group["id"]),
                             read_file(sheet.encode(), "league.csv"), Asked())
        rules = {n: bring_in.rules_for(db.session.get_one(Group, group["id"]), n)
                 for n in {len(night.players) for night in shown_here.importing}}
        written = bring_in._write_turn(list(shown_here.importing), rules, shown_here,
                                       "stopped-job")
    assert _nights(app) == nights + NIGHTS and shown["ready"]
    with app.app_context():
        assert unclaimed.forget_job("stopped-job") == NIGHTS
    assert _nights(app) == nights and len(written) == NIGHTS

"""Imports brought in by a process of their own (scorekeeper.services.background.elsewhere),
and a group's file written a few nights a commit: the same answers as in
the server's own process, refusals included; a stopped or slow import
process is a 503 that changes nothing and the next import goes through; a
group whose last turn fails leaves none of its nights behind."""

from __future__ import annotations

import copy
import os
import pickle
import signal
import threading
import time
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.db.models import GameTable, Group, Owner, db, utcnow
from scorekeeper.services import (
    Code,
    OptionRefused,
    Refused,
    ServiceError,
    Stale,
)
from scorekeeper.services.background import elsewhere, turns
from scorekeeper.services.groups import exports as group_exports
from scorekeeper.services.groups import unclaimed
from scorekeeper.services.nights.import_checks import ImportRefused
from scorekeeper.services.once import KeyReused
from tests.web.api_helpers import API
from tests.web.test_groups_api import FIVE, PICK_WIN, start_group

IMPORT = f"{API}/groups/import"


def _group_file(client: FlaskClient, nights: int = 1) -> dict[str, Any]:
    """A group's export of ``nights`` nights (the first night's, a week apart)."""
    group = start_group(client)
    group.night("2026-02-01", hands=[PICK_WIN, PICK_WIN], close=True)
    data: dict[str, Any] = group.get("/export").get_json()
    first = data["nights"][0]
    data["nights"] = [{**copy.deepcopy(first), "played_on":
                       (date(2026, 2, 1) + timedelta(weeks=n)).isoformat()}
                      for n in range(nights)]
    return data


def _counts(app: Flask) -> tuple[int, int]:
    with app.app_context():
        return (db.session.query(Group).count(), db.session.query(GameTable).count())


def _last_night_id(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(db.select(db.func.max(GameTable.id))) or 0)


@pytest.fixture()
def away(app: Flask) -> Iterator[Flask]:
    """The app with its imports done by the import process."""
    app.config["IMPORTS_ELSEWHERE"] = True
    assert elsewhere.wanted(app)
    yield app


def test_a_refusal_pickles_whole_whatever_its_class() -> None:
    for error in (ServiceError("no", "players", 3, code=Code.CONFLICT),
                  Refused("closed", "closed"), OptionRefused("bad", "blitz"),
                  Stale("changed"), KeyReused("used", "Idempotency-Key"),
                  ImportRefused("night 2: bad", "nights")):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert vars(again) == vars(error) and again.args == error.args


def test_the_import_process_brings_a_group_in_as_the_server_would(
        away: Flask, client: FlaskClient) -> None:
    data = _group_file(client, nights=3)
    before = elsewhere.spent()
    key = {"Idempotency-Key": "import-elsewhere-01"}
    made = client.post(IMPORT, json=data, headers=key)
    assert made.status_code == 201, made.get_json()
    executor = elsewhere._POOL.executor
    assert executor is not None
    assert all(p.pid != os.getpid() for p in executor._processes.values())  # type: ignore[attr-defined]
    assert elsewhere.spent() > before  # its CPU is this thread's, for the throttle
    group = client.get(f"{API}/groups/{made.get_json()['id']}",
                       headers={"Authorization": f"Bearer {made.get_json()['edit_token']}"})
    assert [n["played_on"] for n in group.get_json()["nights"]] == \
        ["2026-02-01", "2026-02-08", "2026-02-15"]
    again = client.post(IMPORT, json=data, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == made.get_json()["id"]
    reused = client.post(IMPORT, json={**data, "name": "Other"}, headers=key)
    assert reused.status_code == 422 and reused.get_json()["code"] == "key_reused"


def test_a_refusal_made_there_is_answered_as_one_made_here(
        app: Flask, client: FlaskClient) -> None:
    data = _group_file(client)
    data["nights"][0]["night"]["hands"][0]["points"] = 500
    here = client.post(IMPORT, json=data)
    app.config["IMPORTS_ELSEWHERE"] = True
    counts = _counts(app)
    there = client.post(IMPORT, json=data)
    assert (there.status_code, there.get_json()) == (here.status_code, here.get_json())
    assert there.status_code == 400 and "night 1" in there.get_json()["error"]
    assert _counts(app) == counts
    page = client.post("/import", data={"text": "{not json"})
    assert page.status_code == 400 and "JSON" in page.get_data(as_text=True)


def test_a_stopped_import_process_is_a_503_and_the_next_import_goes_through(
        away: Flask, client: FlaskClient) -> None:
    data = _group_file(client)
    assert client.post(IMPORT, json=data).status_code == 201  # the process is up
    executor = elsewhere._POOL.executor
    assert executor is not None
    for process in list(executor._processes.values()):  # type: ignore[attr-defined]
        os.kill(process.pid, signal.SIGKILL)
        process.join(10)
    counts = _counts(away)
    stopped = client.post(IMPORT, json=data)
    assert stopped.status_code == 503 and stopped.headers["Retry-After"]
    assert stopped.get_json()["code"] == "busy"
    assert _counts(away) == counts
    assert client.post(IMPORT, json=data).status_code == 201


def test_an_import_taking_too_long_is_stopped_and_nothing_of_it_kept(
        away: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _group_file(client, nights=30)
    counts = _counts(away)
    monkeypatch.setattr(elsewhere, "IMPORT_SECONDS", 0.001)
    late = client.post(IMPORT, json=data)
    assert late.status_code == 503 and "too long" in late.get_json()["error"]
    monkeypatch.undo()
    assert _counts(away) == counts
    assert client.post(IMPORT, json=data).status_code == 201


def _writes_nights_then_waits(data: dict[str, Any]) -> None:
    """In the import process: a group's nights written, then no end (as an
    import stopped between two turns)."""
    name, _, _, _, _, nights = group_exports.check_group(data)
    group_exports._write_nights(nights, "Scorekeeper", elsewhere.job())
    time.sleep(60)


def test_the_nights_a_stopped_import_wrote_are_taken_back(
        away: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _group_file(client, nights=3)
    assert client.post(IMPORT, json=data).status_code == 201  # the process is up
    counts = _counts(away)
    monkeypatch.setattr(elsewhere, "IMPORT_SECONDS", 3.0)
    with away.test_request_context():
        before = elsewhere.spent()
        with pytest.raises(elsewhere.Unavailable, match="nothing of it was kept"):
            elsewhere.run(_writes_nights_then_waits, data, mend=unclaimed.forget_job)
        assert elsewhere.spent() - before >= 3.0  # the time it ran is charged
    assert _counts(away) == counts
    monkeypatch.undo()
    assert client.post(IMPORT, json=data).status_code == 201


def test_time_spent_waiting_for_another_import_is_not_its_own(
        away: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _group_file(client)
    assert client.post(IMPORT, json=data).status_code == 201  # the process is up
    monkeypatch.setattr(elsewhere, "IMPORT_SECONDS", 1.5)
    elsewhere._POOL.running.acquire()
    threading.Timer(1.0, elsewhere._POOL.running.release).start()  # another import, 1 s
    assert client.post(IMPORT, json=data).status_code == 201


def test_nights_an_unfinished_import_left_are_taken_back_by_the_next(
        app: Flask, client: FlaskClient) -> None:
    data = _group_file(client, nights=2)
    counts = _counts(app)
    with app.test_request_context():
        name, _, _, _, _, nights = group_exports.check_group(data)
        old = group_exports._write_nights(nights, "Scorekeeper", "the-server-died")
        new = group_exports._write_nights(nights, "Scorekeeper", "still-under-way")
        owners = [t.owner_id for t in db.session.scalars(
            db.select(GameTable).where(GameTable.id.in_(old)))]
        db.session.execute(db.update(Owner).where(Owner.id.in_(owners)).values(
            created_at=utcnow() - unclaimed.ABANDONED_AFTER * 2))
        db.session.commit()
    assert client.post(IMPORT, json=data).status_code == 201
    with app.app_context():
        left = set(db.session.scalars(db.select(GameTable.id).where(
            GameTable.unclaimed_by.is_not(None))))
    assert left == set(new)  # one still being written stays
    assert _counts(app)[1] == counts[1] + len(new) + len(data["nights"])


def test_past_the_imports_at_once_the_next_is_a_503(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _group_file(client)
    counts = _counts(app)
    monkeypatch.setattr(elsewhere._POOL, "busy", elsewhere.IMPORTS_AT_ONCE)
    full = client.post(IMPORT, json=data)
    assert full.status_code == 503 and full.headers["Retry-After"] == "1"
    assert "nothing was created" in full.get_json()["error"]
    assert _counts(app) == counts


@pytest.fixture()
def short_turns(monkeypatch: pytest.MonkeyPatch) -> int:
    """A group's import written a few of the test file's nights a turn."""
    monkeypatch.setattr(turns, "ROWS_A_TURN", 2 * _rows_a_night())
    return 2


def _rows_a_night() -> int:
    """The test file's night: its own row and its five players', two hands
    and their history."""
    return 1 + len(FIVE) + 2 + 3


def test_a_turn_is_at_most_its_rows_and_waits_as_long_as_it_took(
        monkeypatch: pytest.MonkeyPatch) -> None:
    paused: list[float] = []
    monkeypatch.setattr(turns.time, "sleep", paused.append)
    sizes = [3, 4, 1, 9, 2, 2, 2]
    made = list(turns.in_turns(sizes, lambda n: n, 6))
    assert made == [[3], [4, 1], [9], [2, 2, 2]]  # an item over the bound is its own turn
    assert len(paused) == 3 and all(0 <= p <= turns.LONGEST_PAUSE for p in paused)
    assert list(turns.in_turns([], lambda n: n, 6)) == []


def test_a_group_written_in_turns_is_the_group_written_at_once(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        short_turns: int) -> None:
    nights = short_turns * 3 + 1
    data = _group_file(client, nights=nights)
    made_turns: list[int] = []
    real_write = group_exports._write_nights
    monkeypatch.setattr(group_exports, "_write_nights",
                        lambda *args: made_turns.append(1) or real_write(*args))

    def imported() -> tuple[Any, Any]:
        made = client.post(IMPORT, json=data)
        assert made.status_code == 201, made.get_json()
        path = f"{API}/groups/{made.get_json()['id']}"
        auth = {"Authorization": f"Bearer {made.get_json()['edit_token']}"}
        shown = client.get(path, headers=auth).get_json()
        return ([(n["played_on"], n["hands"]) for n in shown["nights"]],
                client.get(f"{path}/standings?season=all", headers=auth).get_json())

    in_turns = imported()
    assert len(made_turns) == 4 and len(in_turns[0]) == nights
    monkeypatch.setattr(turns, "ROWS_A_TURN", 1_000_000)
    assert imported() == in_turns
    assert len(made_turns) == 5


@pytest.mark.parametrize("fails", ["second turn", "last turn"])
def test_a_group_whose_import_fails_on_the_way_leaves_no_night_behind(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, fails: str,
        short_turns: int) -> None:
    data = _group_file(client, nights=short_turns * 2 + 1)
    counts, last = _counts(app), _last_night_id(app)
    turns: list[int] = []
    real_write, real_gather = group_exports._write_nights, group_exports._gather

    def write(*args: Any) -> list[int]:
        turns.append(1)
        if fails == "second turn" and len(turns) == 2:
            raise ServiceError("the disk is full", "file")
        return real_write(*args)

    def gather(*args: Any) -> None:
        real_gather(*args)
        if fails == "last turn":
            raise ServiceError("the disk is full", "file")

    monkeypatch.setattr(group_exports, "_write_nights", write)
    monkeypatch.setattr(group_exports, "_gather", gather)
    refused = client.post(IMPORT, json=data)
    assert refused.status_code == 400 and refused.get_json()["error"] == "the disk is full"
    assert _counts(app) == counts
    monkeypatch.setattr(group_exports, "_write_nights", real_write)
    monkeypatch.setattr(group_exports, "_gather", real_gather)
    made = client.post(IMPORT, json=data)
    assert made.status_code == 201
    assert _last_night_id(app) > last + len(data["nights"])  # the ids taken back stay retired

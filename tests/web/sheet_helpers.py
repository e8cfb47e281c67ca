"""What the tests of bringing a group's history in from a spreadsheet share:
the sample sheets, a group with a night of its own, the sheet's own totals
by season (read with the csv module, apart from the app's reading), and a
full dump of a group to compare before and after."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import date, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.db.models import AuditEntry, Editor, GameTable, Group, Member, db
from scorekeeper.services.groups import seasons

DATA = Path(__file__).parent / "data"
API = "/api/v1"
MEMBERS = ["Ann", "Bob", "Cathy", "Dan", "Eve"]
#: How the samples misspell a member.
SPELLED = {"Kathy": "Cathy", "Danny": "Dan"}


def sample(name: str) -> bytes:
    return (DATA / name).read_bytes()


def group_with_a_night(client: FlaskClient) -> dict[str, Any]:
    """A group of five (through the API) with one night of its own in 2023,
    two hands played and closed: the group the samples are brought into."""
    made = client.post(f"{API}/groups", json={"name": "Thursday", "players": MEMBERS,
                                              "preset": "called-ace", "stake_cents": 25})
    assert made.status_code == 201, made.get_json()
    group = dict(made.get_json())
    run = auth(group["edit_token"])
    night = client.post(f"{API}/tables", headers=run, json={
        "group": group["id"], "played_on": "2023-11-02"}).get_json()
    edit = auth(night["edit_token"])
    for picker, partner in (("Ann", "Cathy"), ("Bob", "Dan")):
        assert client.post(f"{API}/tables/{night['id']}/hands", headers=edit, json={
            "picker": picker, "partners": [partner], "points": 75}).status_code == 201
    assert client.post(f"{API}/tables/{night['id']}/close", headers=edit).status_code == 200
    group["run"] = run
    return group


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def add_up(nights: Iterable[tuple[date, dict[str, int]]]) -> dict[int, dict[str, int]]:
    """Each year's totals by player, the sheet's spellings made the members'."""
    years: dict[int, dict[str, int]] = defaultdict(dict)
    for day, values in nights:
        for name, value in values.items():
            who = SPELLED.get(name, name)
            years[day.year][who] = years[day.year].get(who, 0) + value
    return dict(years)


def night_rows_totals() -> tuple[dict[int, dict[str, int]], list[str]]:
    """history_nights.csv's own totals by season (month/day/year dates), and
    the nights that don't add up to zero (left out of the totals)."""
    rows = list(csv.reader(io.StringIO(sample("history_nights.csv").decode())))
    header = rows[0]
    kept, bad = [], []
    for row in rows[1:]:
        if row[0] == "Total":
            continue
        month, day, year = (int(p) for p in row[0].split("/"))
        values = {header[i]: int(v) for i, v in enumerate(row) if 0 < i < 7 and v != ""}
        when = date(year, month, day)
        if sum(values.values()):
            bad.append(when.isoformat())
        else:
            kept.append((when, values))
    return add_up(kept), bad


def hand_rows_totals() -> tuple[dict[int, dict[str, int]], list[str]]:
    """history_hands.csv's own totals by season (day/month/year dates on each
    night's first hand), and the nights with a hand that doesn't add up."""
    rows = list(csv.reader(io.StringIO(sample("history_hands.csv").decode())))
    header = rows[0]
    nights: list[tuple[date, dict[str, int], bool]] = []
    for row in rows[1:]:
        if row[0]:
            day, month, year = (int(p) for p in row[0].split("/"))
            nights.append((date(year, month, day), {}, True))
        values = {header[i]: int(v) for i, v in enumerate(row) if i >= 2 and v != ""}
        when, totals, fine = nights[-1]
        for name, value in values.items():
            totals[name] = totals.get(name, 0) + value
        nights[-1] = (when, totals, fine and not sum(values.values()))
    return (add_up((d, t) for d, t, fine in nights if fine),
            [d.isoformat() for d, _, fine in nights if not fine])


def standings_by_season(app: Flask, group_id: int, years: Iterable[int],
                        what: Callable[[Any], dict[str, int]] = lambda s: s.points
                        ) -> dict[int, dict[str, int]]:
    """The group's season standings (services.seasons) for each year."""
    with app.app_context():
        return {year: what(seasons.standings(group_id, seasons.span(str(year), None, None)))
                for year in years}


def _row(row: Any, leave: tuple[str, ...] = ()) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in row.__table__.columns if c.key not in leave}


def dump(app: Flask, group_id: int) -> dict[str, Any]:
    """Everything of the group but its version and its own history: the
    group's row, its members, and every night with its players, hands, history
    and grants."""
    with app.app_context():
        group = db.session.get_one(Group, group_id)
        nights = db.session.scalars(db.select(GameTable).where(
            GameTable.group_id == group_id).order_by(GameTable.id)).all()
        return {
            "group": _row(group, ("version",)),
            "members": [_row(m) for m in db.session.scalars(db.select(Member).where(
                Member.group_id == group_id).order_by(Member.id))],
            "nights": [{**_row(t), "players": [_row(p) for p in t.players],
                        "hands": [_row(h) for h in t.hands]} for t in nights],
            "history": [_row(e) for e in db.session.scalars(db.select(AuditEntry).where(
                AuditEntry.owner_id.in_([t.owner_id for t in nights]))
                .order_by(AuditEntry.id))],
            "grants": [_row(e) for e in db.session.scalars(db.select(Editor).where(
                Editor.owner_id.in_([t.owner_id for t in nights])).order_by(Editor.id))],
        }


def group_version(app: Flask, group_id: int) -> int:
    with app.app_context():
        return db.session.get_one(Group, group_id).version


class _Form(HTMLParser):
    """The fields a browser would send with one form of a page, as shown."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and a.get("name") and "disabled" not in a:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "file"):
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.options = a.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None and self.options:
            chosen = next((v for v, s in self.options if s), self.options[0][0])
            self.fields.append((self.select, chosen))
            self.select = None
        if tag == "form":
            self.inside = False


def form_fields(page: str, form_id: str) -> MultiDict[str, str]:
    """What submitting the form ``form_id`` of ``page`` as it is sends."""
    parser = _Form(form_id)
    parser.feed(page)
    return MultiDict(parser.fields)


def three_tables(days: int = 60) -> tuple[dict[str, list[dict[str, str]]], dict[str, int]]:
    """Another app's export: games, scores and users joined by ids, every value a
    string, dates with a midnight time; some days two tables at once; players
    who share a first name ("Fiona Weber", "Fiona Wagner"), each their own.
    And each player's sum of points, as the test works it out."""
    firsts = ("Annika", "Bartholomew", "Cornelius", "Dmitri", "Evangeline", "Fiona",
              "Gustav", "Helga")
    lasts = ("Schmidt", "Koenig", "Olson", "Weber", "Fischer", "Lindqvist", "Wagner",
             "Nakamura")
    users = [{"id": str(500 + k), "name": f"{first} {last}"}
             for k, (first, last) in enumerate((f, la) for f in firsts for la in lasts)]
    games, scores, sums = [], [], {}
    day, game_id, score_id = date(2017, 1, 3), 1, 1
    for k in range(days):
        for _ in range(2 if k % 3 == 0 else 1):  # every third day two tables at once
            games.append({"id": str(game_id), "date": f"{day.isoformat()} 00:00:00"})
            seats = [users[(game_id * 7 + s * 13) % 64] for s in range(5)]
            for seat, points in zip(seats, (6, -3, 1, -2, -2), strict=True):
                scores.append({"id": str(score_id), "game_id": str(game_id),
                               "user_id": seat["id"], "score": str(points)})
                sums[seat["name"]] = sums.get(seat["name"], 0) + points
                score_id += 1
            game_id += 1
        day += timedelta(days=1)
    return {"games": games, "scores": scores, "users": users}, sums


class Finished:
    """A write's answer as a job finished it: its status and its body."""

    def __init__(self, status: int, body: Any) -> None:
        self.status_code, self.body = status, body

    def get_json(self) -> Any:
        return self.body


def finished(client: FlaskClient, answer: Any, headers: dict[str, str]) -> Any:
    """The write's answer: itself, or once it became a job (202: a big
    sheet), the job's own, followed at its address (tests run a job in the
    request, so it is done by then)."""
    if answer.status_code != 202:
        return answer
    job = client.get(answer.headers["Location"], headers=headers).get_json()
    assert job["state"] in ("done", "refused"), job
    return Finished(job["status"], job["answer"])


def preview_page(client: FlaskClient, group_id: int, data: Any) -> Any:
    """The preview the page's form asks for: the page itself, or for a big
    sheet the job that reads it, followed to the nights it read (tests run
    the job in the request, so it is done by then)."""
    answer = client.post(f"/g/{group_id}/sheet/preview", data=data)
    if answer.status_code == 303 and "/jobs/" in answer.location:
        done = client.get(answer.location)
        assert done.status_code == 303 and "/sheet/preview?job=" in done.location, done.text
        answer = client.get(done.location)
    return answer

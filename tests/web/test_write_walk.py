"""Every write of the API, walked: each ``POST``/``PUT``/``PATCH``/``DELETE``
route of the app's routes table under ``/api/v1`` (a new one joins by
itself, and fails here until it has a recipe below) is sent, on one world
of a night, a group and an event put back as built before each request,

(a) with an ``If-Match`` naming a version its owner has moved on from: a
    412 ``stale`` saying what changed meanwhile, and not one row of the
    database changed (a creation names no version: its contract takes none);
(b) twice under one ``Idempotency-Key``: one effect (the database after the
    second is the database after the first), the second answered the same
    and marked ``Idempotent-Replayed: true``, the first not; the same key on
    another route is a 422 ``key_reused``;
(c) and whatever it writes never takes an id a delete or a withdrawal
    retired while the world was built (a hand deleted, a ticket withdrawn).

A route whose retry is new by design (a draw: the same seats at new
tables; a table's code: a new code) says so in its recipe and is held to
that instead of (b).
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper.db.models import (
    Editor,
    EventTicket,
    HandRow,
    MemberAlias,
    SheetImport,
    TicketPhoto,
    db,
)
from scorekeeper.views.api.contract import BY_ENDPOINT
from tests.conftest import PLAYERS
from tests.kept_worlds import kept_world
from tests.web.api_helpers import API
from tests.web.sheet_helpers import night_rows_totals, sample

KEY = "0123456789abcdef-write-walk"
W = dict[str, Any]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, (answer.status_code, answer.get_json())
    return answer.get_json()


@dataclass(frozen=True)
class Req:
    """One write as its recipe sends it: with whose token, after what."""

    method: str
    path: str
    token: str
    body: Any = None
    #: Brings the world to where the write can be made (after it is put back).
    before: Callable[[FlaskClient, W], None] | None = None
    #: Its retry is a new answer by design (said in docs/api.md): not a replay.
    fresh: bool = False
    #: Files sent as multipart/form-data instead of a JSON body: (field, name, bytes).
    files: tuple[tuple[str, str, bytes], ...] = ()


def _send(client: FlaskClient, w: W, req: Req, **headers: str) -> Any:
    sent: dict[str, Any] = {} if req.body is None else {"json": req.body}
    if req.files:
        form: dict[str, list[Any]] = {}
        for field, name, data in req.files:
            form.setdefault(field, []).append((io.BytesIO(data), name))
        sent = {"content_type": "multipart/form-data", "data": form}
    held = _auth(w[req.token]) if req.token else {}
    return client.open(req.path, method=req.method, headers={**held, **headers}, **sent)


# --- the world ----------------------------------------------------------------------

def _night(client: FlaskClient, w: W) -> None:
    made = _ok(client.post(f"{API}/tables", json={
        "name": "Friday", "players": PLAYERS, "preset": "called-ace", "stake_cents": 25}), 201)
    w.update(table=made["id"], edit=made["edit_token"])
    for picker, partner in (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Ann")):
        _ok(client.post(f"{API}/tables/{w['table']}/hands", headers=_auth(w["edit"]),
                        json={"picker": picker, "partners": [partner], "points": 75}), 201)
    w["retired"] = [(HandRow.__tablename__, db.session.scalar(sa.select(sa.func.max(HandRow.id))))]
    assert client.delete(f"{API}/tables/{w['table']}/hands/3",
                         headers=_auth(w["edit"])).status_code == 204


def _group(client: FlaskClient, w: W) -> None:
    made = _ok(client.post(f"{API}/groups", json={
        "name": "Thursday", "players": ["Ann", "Bob", "Cathy", "Dan", "Eve"],
        "preset": "called-ace", "stake_cents": 25}), 201)
    w.update(group=made["id"], run=made["edit_token"])
    night = _ok(client.post(f"{API}/tables", headers=_auth(w["run"]), json={
        "group": w["group"], "played_on": "2023-11-02"}), 201)
    w.update(gnight=night["id"], gedit=night["edit_token"])
    _ok(client.post(f"{API}/tables/{w['gnight']}/hands", headers=_auth(w["gedit"]),
                    json={"picker": "Ann", "partners": ["Cathy"], "points": 75}), 201)
    _ok(client.post(f"{API}/tables/{w['gnight']}/close", headers=_auth(w["gedit"]),
                    json={"carry": True}))
    version = _ok(client.get(f"{API}/groups/{w['group']}", headers=_auth(w["run"])))["version"]
    _, bad = night_rows_totals()
    _ok(client.post(f"{API}/groups/{w['group']}/import", headers=_auth(w["run"]), json={
        "sheet": sample("history_nights.csv").decode(), "filename": "nights.csv",
        "confirm": True, "version": version, "exclude": bad, "new_members": ["Gus"]}))
    w["alias"] = db.session.scalar(sa.select(sa.func.min(MemberAlias.id)))
    w["sheet"] = db.session.scalar(sa.select(sa.func.max(SheetImport.id)))
    assert w["alias"] is not None and w["sheet"] is not None


def _event(client: FlaskClient, w: W) -> None:
    made = _ok(client.post(f"{API}/events", json={
        "name": "Oktoberfest", "preset": "jack-of-diamonds", "sessions": 2, "rounds": 1,
        "entry_cents": 2500, "prize_plan": {
            "prizes": [{"kind": "place", "place": 1, "percent": 30},
                       {"kind": "place", "place": 2, "percent": 15}],
            "side_pots": [{"key": "side", "name": "Side pot", "entry_cents": 500,
                           "prizes": [{"kind": "place", "place": 1, "percent": 100}]},
                          {"key": "fifty", "name": "50/50", "entry_cents": 100, "drawing": True,
                           "prizes": [{"kind": "place", "place": 1, "percent": 50}]}]}}), 201)
    w.update(event=made["id"], director=made["director_token"])
    run = _auth(w["director"])
    ev = f"{API}/events/{w['event']}"
    _ok(client.patch(ev, headers=run, json={"signatures": True}))
    _ok(client.post(f"{ev}/players", headers=run, json={"checked_in": True, "players": [
        {"name": f"Player {n}"} for n in range(1, 16)]}), 201)
    drawn = _ok(client.post(f"{ev}/sessions/1/draw", headers=run, json={"seed": 7}))
    w["tables"] = [{"night": t["night"], "edit": t["edit_token"], "players": t["players"],
                    "numbers": t["numbers"]} for t in drawn["tables"]]
    first = w["tables"][0]
    for k in range(5):  # table 1 plays its round
        _ok(client.post(f"{API}/tables/{first['night']}/hands", headers=_auth(first["edit"]),
                        json={"picker": first["players"][k],
                              "partners": [first["players"][(k + 1) % 5]],
                              "points": 61 + 5 * k}), 201)
    second = w["tables"][1]
    w["totals"] = dict(zip(second["players"], (8, -2, -2, -2, -2), strict=True))
    ticket = f"{ev}/sessions/1/tables/2/ticket"
    _ok(client.post(ticket, headers=run, json={"totals": w["totals"]}), 201)
    w["retired"].append((EventTicket.__tablename__, db.session.scalar(sa.select(sa.func.max(
        EventTicket.id)))))
    _ok(client.delete(ticket, headers=run, json={"reason": "wrong table"}))
    _ok(client.post(ticket, headers=run, json={"totals": w["totals"]}), 201)
    w["penalty"] = _ok(client.post(f"{ev}/penalties", headers=run, json={
        "number": 3, "session": 1, "points": 2, "reason": "Slow play"}), 201)["id"]
    w["walk_in"] = _ok(client.post(f"{ev}/players", headers=run, json={
        "checked_in": True, "players": [{"name": "Walk In"}]}), 201)["players"][0]["number"]
    _ok(client.post(f"{ev}/players", headers=run, json={
        "checked_in": True, "side_pots": ["fifty"], "players": [{"name": "Zed Fifty"}]}), 201)
    w["photo"] = _read_photo(w)
    grant = db.session.scalars(sa.select(Editor).where(Editor.of("event", w["event"]))).first()
    assert grant is not None
    db.session.add(Editor(owner_id=grant.owner_id, label="Co-director", role=grant.role,
                          token_hash="a co-director's"))
    db.session.commit()
    w["co_director"] = db.session.scalar(sa.select(sa.func.max(Editor.id)))


def _read_photo(w: W) -> int:
    """A photo of table 3's ticket, read and waiting to be confirmed: its row
    as the reading job leaves it (the walk has no camera; the reader's own
    tests read real photos)."""
    third = w["tables"][2]
    rows = [{"seat": seat, "name": name, "total": total, "confidence": 0.99, "asked": None,
             "box": [0, 0, 10, 10]}
            for seat, (name, total) in enumerate(zip(third["players"], (4, -1, -1, -1, -1),
                                                     strict=True), start=1)]
    photo = TicketPhoto(event_id=w["event"], session=1, table=3, state="read",
                        filename="IMG_3.jpg", reading={"rows": rows, "asked": []})
    db.session.add(photo)
    db.session.commit()
    return photo.id


def _png() -> bytes:
    """A photo the app takes (a PNG, no ticket in it: its reading is refused)."""
    out = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(out, "PNG")
    return out.getvalue()


def build(app: Flask, client: FlaskClient) -> W:
    w: W = {}
    with app.app_context():
        _night(client, w)
        _group(client, w)
        _event(client, w)
    return w


# --- the recipes: one per write route -----------------------------------------------

def _step_out(client: FlaskClient, w: W) -> None:
    _ok(client.post(f"{API}/tables/{w['table']}/players/Ann/step-out", headers=_auth(w["edit"])))


def _finish(client: FlaskClient, w: W) -> None:
    _ok(client.post(f"{API}/events/{w['event']}/finish", headers=_auth(w["director"])))


def _export(kind: str) -> Callable[[FlaskClient, W], None]:
    def fetch(client: FlaskClient, w: W) -> None:
        path = {"tables": f"tables/{w['table']}", "groups": f"groups/{w['group']}",
                "events": f"events/{w['event']}"}[kind]
        token = {"tables": "edit", "groups": "run", "events": "director"}[kind]
        w["file"] = _ok(client.get(f"{API}/{path}/export", headers=_auth(w[token])))
    return fetch


def _import(kind: str) -> Callable[[W], Req]:
    return lambda w: Req("POST", f"{API}/{kind}/import", "", None, _export(kind))


RECIPES: dict[str, Callable[[W], Req]] = {
    "api.create": lambda w: Req("POST", f"{API}/tables", "", {
        "name": "Saturday", "players": PLAYERS, "preset": "called-ace"}),
    "api.import_table": _import("tables"),
    "api.record": lambda w: Req("POST", f"{API}/tables/{w['table']}/hands", "edit", {
        "picker": "Bob", "partners": ["Cat"], "points": 80}),
    "api.replace": lambda w: Req("PUT", f"{API}/tables/{w['table']}/hands/1", "edit", {
        "picker": "Ann", "partners": ["Bob"], "points": 91}),
    "api.delete": lambda w: Req("DELETE", f"{API}/tables/{w['table']}/hands/2", "edit"),
    "api.words": lambda w: Req("POST", f"{API}/tables/{w['table']}/words", "edit", {
        "text": "Bob picked, called Cat, 80 points"}),
    "api.join": lambda w: Req("POST", f"{API}/tables/{w['table']}/players", "edit",
                              {"name": "Zed"}),
    "api.step_out": lambda w: Req("POST", f"{API}/tables/{w['table']}/players/Ann/step-out",
                                  "edit"),
    "api.come_back": lambda w: Req("POST", f"{API}/tables/{w['table']}/players/Ann/come-back",
                                   "edit", None, _step_out),
    "api.settle": lambda w: Req("POST", f"{API}/tables/{w['table']}/players/Eve/settle",
                                "edit"),
    "api.pay": lambda w: Req("POST", f"{API}/tables/{w['table']}/payments", "edit", {
        "payer": "Bob", "payee": "Ann", "cents": 25}),
    "api.close_table": lambda w: Req("POST", f"{API}/tables/{w['table']}/close", "edit", {}),
    "api.sign": lambda w: Req("POST", f"{API}/tables/{w['tables'][0]['night']}/signatures",
                              "phone", {"name": w["tables"][0]["players"][0], "agrees": True}),
    "api.rotate_table_token": lambda w: Req("POST", f"{API}/tables/{w['table']}/rotate",
                                            "edit", {"token": "view"}),
    "api.create_group": lambda w: Req("POST", f"{API}/groups", "", {
        "name": "Monday", "players": PLAYERS}),
    "api.import_group": _import("groups"),
    "api.change_group": lambda w: Req("PATCH", f"{API}/groups/{w['group']}", "run",
                                      {"rating": False}),
    "api.group_paid": lambda w: Req("POST", f"{API}/groups/{w['group']}/settlement/paid",
                                    "run", {"nights": [w["gnight"]]}),
    "api.import_sheet": lambda w: Req("POST", f"{API}/groups/{w['group']}/import", "run", {
        "sheet": "Date,Ann,Bob,Cathy,Dan\n1/9/2020,3,-1,-1,-1\n", "filename": "one.csv",
        "confirm": True, "version": w.get("group_version")}, _group_version),
    "api.forget_alias": lambda w: Req("DELETE",
                                      f"{API}/groups/{w['group']}/aliases/{w['alias']}", "run"),
    "api.undo_import": lambda w: Req("POST", f"{API}/groups/{w['group']}/import/undo", "run",
                                     {"import": w["sheet"], "version": w.get("group_version")},
                                     _group_version),
    "api.rotate_group_token": lambda w: Req("POST", f"{API}/groups/{w['group']}/rotate", "run",
                                            {"token": "view"}),
    "api.create_event": lambda w: Req("POST", f"{API}/events", "", {
        "name": "Kirmess", "preset": "jack-of-diamonds", "sessions": 1, "rounds": 1}),
    "api.import_event": _import("events"),
    "api.change_event": lambda w: Req("PATCH", f"{API}/events/{w['event']}", "director",
                                      {"signatures": False}),
    "api.finish_event": lambda w: Req("POST", f"{API}/events/{w['event']}/finish", "director"),
    "api.reopen_event": lambda w: Req("POST", f"{API}/events/{w['event']}/reopen", "director",
                                      None, _finish),
    "api.register_players": lambda w: Req("POST", f"{API}/events/{w['event']}/players",
                                          "director", {"name": "Late Larry"}),
    "api.check_in_player": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/players/{w['walk_in']}/check-in", "director",
        {"here": False}),
    "api.rename_player": lambda w: Req("PATCH", f"{API}/events/{w['event']}/players/1",
                                       "director", {"name": "Player One"}),
    "api.withdraw_player": lambda w: Req("POST", f"{API}/events/{w['event']}/players/1/withdraw",
                                         "director", {"after": 1}),
    "api.enter_side_pots": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/players/2/side-pots", "director",
        {"side_pots": ["side"]}),
    "api.mark_duplicate": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/players/{w['walk_in']}/duplicate", "director",
        {"of": 1}),
    "api.draw_side_pot": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/side-pots/fifty/draw", "director", {"seed": 5}),
    "api.draw_session": lambda w: Req("POST", f"{API}/events/{w['event']}/sessions/2/draw",
                                      "director", {"seed": 3}, fresh=True),
    "api.fix_seats": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/sessions/1/seat-fix", "director",
        {"a": w["tables"][0]["numbers"][1], "b": w["tables"][1]["numbers"][1],
         "reason": "They sat at each other's tables"}),
    "api.seat_walk_in": lambda w: Req("POST", f"{API}/events/{w['event']}/sessions/1/seat",
                                      "director", {"number": w["walk_in"]}),
    "api.add_penalty": lambda w: Req("POST", f"{API}/events/{w['event']}/penalties", "director",
                                     {"number": 4, "session": 1, "points": 1, "reason": "Late"}),
    "api.withdraw_penalty": lambda w: Req(
        "DELETE", f"{API}/events/{w['event']}/penalties/{w['penalty']}", "director",
        {"reason": "the clock was wrong"}),
    "api.enter_ticket": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/sessions/1/tables/3/ticket", "director",
        {"totals": dict(zip(w["tables"][2]["players"], (4, -1, -1, -1, -1), strict=True))}),
    "api.correct_ticket": lambda w: Req(
        "PUT", f"{API}/events/{w['event']}/sessions/1/tables/2/ticket", "director",
        {"totals": {**w["totals"], w["tables"][1]["players"][0]: 4,
                    w["tables"][1]["players"][1]: 2}, "reason": "misread"}),
    "api.withdraw_ticket": lambda w: Req(
        "DELETE", f"{API}/events/{w['event']}/sessions/1/tables/2/ticket", "director",
        {"reason": "misread"}),
    "api.mark_table_done": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/sessions/1/tables/3/done", "director",
        {"done": True}),
    "api.new_table_code": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/sessions/1/tables/3/code", "director", {},
        fresh=True),
    "api.send_ticket_photos": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/sessions/1/photos", "director",
        files=(("photos", "IMG_9.png", _png()),)),
    "api.confirm_ticket_photo": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/photos/{w['photo']}/confirm", "director",
        {"version": 1}),
    "api.set_ticket_photo_aside": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/photos/{w['photo']}/aside", "director",
        {"version": 1, "reason": "taken again"}),
    "api.revoke_director": lambda w: Req(
        "POST", f"{API}/events/{w['event']}/directors/{w['co_director']}/revoke", "director"),
}


def _group_version(client: FlaskClient, w: W) -> None:
    w["group_version"] = _ok(client.get(f"{API}/groups/{w['group']}",
                                        headers=_auth(w["run"])))["version"]


def _write_routes(app: Flask) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules()
            if rule.rule.startswith(API) and (rule.methods or set()) & {
                "POST", "PUT", "PATCH", "DELETE"}}


def test_every_api_write_route_has_its_recipe(app: Flask) -> None:
    """A write route nobody walks fails here: a new one joins by itself."""
    routes = _write_routes(app)
    assert routes - set(RECIPES) == set(), "write routes the walk doesn't know"
    assert set(RECIPES) - routes == set(), "recipes of routes that are gone"


# --- what the walk compares -----------------------------------------------------------

def _rows(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table: the whole database, to say nothing changed."""
    with app.app_context():
        db.session.remove()
        with db.engine.connect() as conn:
            return {t.name: sorted(tuple(map(repr, r)) for r in conn.execute(sa.select(t)))
                    for t in db.metadata.sorted_tables}


def _retired_kept(app: Flask, w: W) -> list[str]:
    with app.app_context():
        with db.engine.connect() as conn:
            return [f"{table} {row_id}" for table, row_id in w["retired"]
                    if conn.execute(sa.text(f"SELECT 1 FROM {table} WHERE id = :i"),
                                    {"i": row_id}).first() is not None]


@pytest.fixture()
def world(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> Iterator[W]:
    w = kept_world(request, app, client, build)
    first = w["tables"][0]
    w.update(phone=first["edit"])
    yield w


def _ready(client: FlaskClient, w: W, endpoint: str) -> Req:
    """The route's request, its world brought to where it can be made."""
    req = RECIPES[endpoint](w)
    if req.before is not None:
        req.before(client, w)
        req = RECIPES[endpoint](w)
    if req.path.endswith("/import") and req.body is None:
        req = Req(req.method, req.path, req.token, w["file"], None, req.fresh)
    return req


ENDPOINTS = sorted(RECIPES)
def _now(client: FlaskClient, w: W, req: Req, endpoint: str) -> dict[str, str]:
    """The ``If-Match`` of the owner the write is to, as it is now (a creation: none)."""
    if endpoint in CREATIONS:
        return {}
    kind, row_id = req.path.split("/")[3:5]
    shown = client.get(f"{API}/{kind}/{row_id}", headers=_auth(w[req.token]))
    assert shown.status_code == 200, (kind, shown.status_code)
    return {"If-Match": shown.headers["ETag"]}


#: What a creation's retry writes anew by design: its new token's grant, and
#: the version and line of history that grant makes.
GRANTS = {"editor", "audit_entry"}


def _made(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, Any]:
    """What a creation made: every row but its grants', each owner by id and kind."""
    kept = {t: r for t, r in rows.items() if t not in GRANTS and t != "owner"}
    return {**kept, "owner": [r[:2] for r in rows["owner"]]}
CREATIONS = {"api.create", "api.import_table", "api.create_group", "api.import_group",
             "api.create_event", "api.import_event"}


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_write_made_on_an_older_version_is_refused_and_changes_nothing(
        app: Flask, client: FlaskClient, world: W, endpoint: str) -> None:
    req = _ready(client, world, endpoint)
    if endpoint in CREATIONS:
        assert not BY_ENDPOINT[endpoint.removeprefix("api.")].if_match  # it names none
        return
    if endpoint == "api.words":  # only reads: an older version changes nothing to refuse
        before = _rows(app)
        _ok(_send(client, world, req, **{"If-Match": '"0"'}))
        assert _rows(app) == before
        return
    before = _rows(app)
    stale = _send(client, world, req, **{"If-Match": '"0"'})
    assert stale.status_code == 412, (stale.status_code, stale.get_json())
    said = stale.get_json()
    assert said["code"] == "stale" and said["error"].startswith("Meanwhile"), said
    assert _rows(app) == before, "a stale write changed the database"


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_write_sent_twice_under_one_key_is_one_effect_and_the_retry_says_so(
        app: Flask, client: FlaskClient, world: W, endpoint: str) -> None:
    req = _ready(client, world, endpoint)
    sent = {"Idempotency-Key": KEY, **_now(client, world, req, endpoint)}
    first = _send(client, world, req, **sent)
    assert first.status_code < 300, (first.status_code, first.get_data(as_text=True)[:300])
    assert "Idempotent-Replayed" not in first.headers
    after = _rows(app)
    assert not _retired_kept(app, world), "a retired id was handed out again"
    again = _send(client, world, req, **sent)  # its If-Match is older now: a retry all the same
    assert again.status_code == first.status_code, again.get_data(as_text=True)[:300]
    if endpoint == "api.words":  # only reads: the same answer, nothing to replay
        assert again.get_data() == first.get_data() and _rows(app) == after
        assert "Idempotent-Replayed" not in again.headers
        return
    if req.fresh:
        assert "Idempotent-Replayed" not in again.headers
        return
    assert again.headers.get("Idempotent-Replayed") == "true", endpoint
    if endpoint in CREATIONS:  # the same one made, its tokens given anew (docs/api.md)
        assert again.get_json()["id"] == first.get_json()["id"]
        now = _rows(app)
        assert _made(now) == _made(after), "a retry made a second one"
    else:
        assert again.get_data() == first.get_data()
        assert _rows(app) == after, "a retry made a second effect"
    elsewhere = _elsewhere(world, endpoint, req)
    reused = _send(client, world, elsewhere, **{"Idempotency-Key": KEY})
    assert reused.status_code == 422 and reused.get_json()["code"] == "key_reused", \
        (elsewhere.path, reused.status_code, html.unescape(reused.get_data(as_text=True))[:200])


def _elsewhere(w: W, endpoint: str, req: Req) -> Req:
    """Another write to the same owner with the same token (a creation:
    another creation), the same key sent with it: never carried out."""
    if endpoint in CREATIONS:
        return RECIPES["api.create" if endpoint != "api.create" else "api.create_group"](w)
    if endpoint == "api.close_table":  # the night takes nothing else now
        return Req(req.method, req.path, req.token, {"carry": True})
    if endpoint == "api.finish_event":  # nothing but its reopening
        return RECIPES["api.reopen_event"](w)
    if endpoint == "api.sign":  # the table's phone writes nothing else here
        return Req(req.method, req.path, req.token, {**req.body,
                                                      "name": w["tables"][0]["players"][1]})
    home = req.path.split("/")[3:5]
    return next(other for e in ENDPOINTS if e != endpoint and e not in CREATIONS
                and (other := RECIPES[e](w)).token == req.token
                and other.path.split("/")[3:5] == home)

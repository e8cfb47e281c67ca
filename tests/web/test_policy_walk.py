"""Every route the app has, asked with every credential, on a night of every
owner at every stage, answers as the policy (scorekeeper/policy/acl.py)
says: an allowed action is never refused by it, a refused one is a 403 (the
credential) or a 409 (the stage) carrying the policy's words, and nothing
without a credential gets past a 401 (API) or 403 (pages).

Each world (a night of one owner at one stage, with its tokens) is built
once through the API and the pages; before every request the database is
put back as it was built (SQLite's backup) and every cache emptied, so a
write one request was allowed to make is not seen by the next.

Besides the app's own kinds of owner, a kind only the tests have walks
too (:mod:`tests.web.toy_owner`: a league, its model and one registry
entry), registered for every test here: its nights answer as its entry's
ACL says, and nobody else's answers change for its being there.
"""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from scorekeeper.db.models import Editor, GameTable, db
from scorekeeper.policy.acl import (
    FINISHED_WORDS,
    Action,
    Credential,
    EventStage,
    EventWrite,
    OwnerAction,
    Stage,
    Whose,
    decide,
    event_decide,
    owner_permits,
)
from scorekeeper.views.access import NOT_EDITOR, declared, declared_write
from tests.conftest import PLAYERS
from tests.kept_worlds import put_back, snapshot
from tests.web import toy_owner
from tests.web.test_event_table_phone import _api_event

API = "/api/v1"
KEY = {"Idempotency-Key": "0123456789abcdef-walk"}
#: What each editor's credential is kept under in a phone's session cookie.
COOKIE: dict[str, str] = {
    Credential.TABLE_EDITOR: "editors", Credential.TABLE_PHONE: "editors",
    Credential.GROUP_EDITOR: "groups", Credential.DIRECTOR: "events",
    toy_owner.KEEPER: toy_owner.ENTRY.cookie}
#: The toy kind's nights (:mod:`tests.web.toy_owner`).
LEAGUE = toy_owner.LEAGUE


@pytest.fixture(autouse=True)
def _league(request: pytest.FixtureRequest) -> Iterator[None]:
    # asked first, so the app outlives this: the toy's table goes before it does
    app = request.getfixturevalue("app") if "app" in request.fixturenames else None
    with toy_owner.registered():
        yield
    if app is not None:  # the app's schema stays its own
        with app.app_context():
            toy_owner.drop_tables()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class World:
    """One night of one owner at one stage, and every credential on it."""

    owner: str
    stage: Stage
    table_id: int
    hand_id: int
    grant_id: int
    #: credential → its token (the owner's id it is kept under, for the cookie)
    tokens: dict[str, tuple[str, int]] = field(default_factory=dict)
    group_id: int | None = None
    event_id: int | None = None


def _night(client: FlaskClient, group: tuple[int, str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": "Friday", "players": PLAYERS, "preset": "called-ace",
                            "stake_cents": 25}
    headers = {}
    if group is not None:
        body["group"] = group[0]
        headers = _auth(group[1])
    made = client.post(f"{API}/tables", json=body, headers=headers)
    assert made.status_code == 201, made.get_json()
    return dict(made.get_json())


def _hand(client: FlaskClient, table_id: int, token: str, picker: str, partner: str) -> None:
    saved = client.post(f"{API}/tables/{table_id}/hands", headers=_auth(token),
                        json={"picker": picker, "partners": [partner], "points": 75})
    assert saved.status_code == 201, saved.get_json()


def _first_hand_and_grant(app: Flask, table_id: int) -> tuple[int, int]:
    """The night's first hand and first grant, with a second phone that can
    edit it too: revoking the first is then allowed (the last one is kept)."""
    with app.app_context():
        night = db.session.get_one(GameTable, table_id)
        grant = db.session.scalars(db.select(Editor).where(Editor.of("table", table_id))
                                   .order_by(Editor.id)).first()
        assert grant is not None
        db.session.add(Editor(owner_id=night.owner_id, label="Second phone",
                              role=grant.role,
                              token_hash=f"second phone of {table_id}",
                              director_id=grant.director_id))
        db.session.commit()
        return night.hands[0].id if night.hands else 0, grant.id


def build(app: Flask, client: FlaskClient, owner: str, stage: Stage) -> World:
    """A night of ``owner`` brought to ``stage``, with one hand recorded."""
    if owner == Whose.EVENT:
        return _event_world(app, client, stage)
    group = None
    tokens: dict[str, tuple[str, int]] = {}
    if owner is Whose.GROUP:
        made = client.post(f"{API}/groups", json={"name": "Thursday", "players": PLAYERS,
                                                   "preset": "called-ace", "stake_cents": 25})
        assert made.status_code == 201, made.get_json()
        body = made.get_json()
        group = (body["id"], body["edit_token"])
        tokens[Credential.GROUP_EDITOR] = (body["edit_token"], body["id"])
        tokens[Credential.GROUP_VIEW] = (body["view_token"], body["id"])
    night = _night(client, group)
    tokens[Credential.TABLE_EDITOR] = (night["edit_token"], night["id"])
    tokens[Credential.TABLE_VIEW] = (night["view_token"], night["id"])
    if owner == LEAGUE:
        with app.app_context():
            league_id, held = toy_owner.league_night(night["id"])
        tokens.update({credential: (token, league_id) for credential, token in held.items()})
    _hand(client, night["id"], night["edit_token"], "Ann", "Bob")
    if stage is Stage.CLOSED:
        assert client.post(f"{API}/tables/{night['id']}/close",
                           headers=_auth(night["edit_token"])).status_code == 200
    hand_id, grant_id = _first_hand_and_grant(app, night["id"])
    return World(owner, stage, night["id"], hand_id, grant_id, tokens,
                 group_id=group[0] if group else None)


def _event_world(app: Flask, client: FlaskClient, stage: Stage) -> World:
    made, drawn = _api_event(client)
    director = _auth(made["director_token"])
    table = drawn["tables"][0]
    phone = table["edit_token"]
    with app.app_context():
        view = db.session.get_one(GameTable, table["night"]).view_token
    _hand(client, table["night"], phone, table["players"][1], table["players"][2])
    if stage is Stage.DONE:
        assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/done",
                           headers=director, json={"done": True}).status_code == 200
    if stage is Stage.TICKETED:
        totals = dict(zip(table["players"], (4, -1, -1, -1, -1), strict=True))
        assert client.post(f"{API}/events/{made['id']}/sessions/1/tables/1/ticket",
                           headers=director, json={"totals": totals}).status_code == 201
    if stage is Stage.CLOSED:
        assert client.post(f"{API}/tables/{table['night']}/close",
                           headers=director).status_code == 200
    if stage is Stage.FINISHED:
        with client.session_transaction() as cookie:
            cookie["events"] = {str(made["id"]): made["director_token"]}
        assert client.post(f"/e/{made['id']}/finish", data={"sure": "1"}).status_code == 302
        with client.session_transaction() as cookie:
            cookie.clear()
    hand_id, grant_id = _first_hand_and_grant(app, table["night"])
    return World(Whose.EVENT, stage, table["night"], hand_id, grant_id, {
        Credential.DIRECTOR: (made["director_token"], made["id"]),
        Credential.TABLE_PHONE: (phone, table["night"]),
        Credential.TABLE_VIEW: (view, table["night"]),
        Credential.EVENT_VIEW: (made["view_token"], made["id"]),
    }, event_id=made["id"])


WORLDS: list[tuple[str, Stage]] = [
    (Whose.OWN, Stage.OPEN), (Whose.OWN, Stage.CLOSED),
    (Whose.GROUP, Stage.OPEN), (Whose.GROUP, Stage.CLOSED),
    (Whose.EVENT, Stage.OPEN), (Whose.EVENT, Stage.DONE), (Whose.EVENT, Stage.TICKETED),
    (Whose.EVENT, Stage.FINISHED), (Whose.EVENT, Stage.CLOSED),
    (LEAGUE, Stage.OPEN), (LEAGUE, Stage.CLOSED)]


def _routes(app: Flask) -> list[tuple[Rule, str]]:
    return sorted(((rule, method) for rule in app.url_map.iter_rules()
                   for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})),
                  key=lambda r: (r[0].rule, r[1]))


def _address(rule: Rule, world: World) -> str | None:
    """The route's address in this world (None: it doesn't take one of its nights)."""
    values = {"table_id": world.table_id, "hand_id": world.hand_id, "number": 1,
              "name": PLAYERS[0] if world.owner != Whose.EVENT else "Player 1",
              "editor_id": world.grant_id, "group_id": world.group_id or 0,
              "event_id": world.event_id or 0}
    if "table_id" not in rule.arguments:
        return None
    return _filled(rule, values)


def _filled(rule: Rule, values: dict[str, Any]) -> str:
    """The rule's path with each argument given its value (one that must be
    one of a list, ``<any(photo, flat):picture>``: the first of them)."""
    def value(found: re.Match[str]) -> str:
        listed = re.fullmatch(r"any\(([^)]*)\)", found[1] or "")
        return listed[1].split(",")[0].strip() if listed else str(values[found[2]])
    return re.sub(r"<(?:([^<>:]+(?:\([^)]*\))?):)?([^<>:]+)>", value, rule.rule)


#: Requests that change nothing: the world needn't be put back after one.
READS = ("GET", "HEAD")


@pytest.fixture()
def restore(app: Flask) -> Iterator[Callable[..., None]]:
    """Keep the database as built; the callable, given the method of the
    request about to be sent, puts it back and empties the caches
    (:mod:`tests.kept_worlds`' copy and return) unless every request since
    it last did was a read (their pages' caches are kept, as a server's are)."""
    kept: list[sqlite3.Connection] = []
    wrote = [True]

    def again(method: str = "POST") -> None:
        if not kept:
            kept.append(snapshot(app))
            wrote[0] = False
            return
        if wrote[0]:
            put_back(app, kept[0])
        wrote[0] = method not in READS

    yield again
    for database in kept:
        database.close()


def _ask(client: FlaskClient, rule: Rule, method: str, path: str, world: World,
         credential: str | None) -> Any:
    """One request with ``credential`` (None: none): a bearer token on the
    API, the phone's cookie on a page."""
    with client.session_transaction() as cookie:
        cookie.clear()
        if credential in COOKIE and not path.startswith(API):
            token, row_id = world.tokens[credential]
            cookie[COOKIE[credential]] = {str(row_id): token}
    headers: dict[str, str] = {}
    if path.startswith(API):
        headers.update(KEY)
        if credential is not None:
            headers.update(_auth(world.tokens[credential][0]))
        body: dict[str, Any] = {"json": {}} if method in ("POST", "PUT", "PATCH") else {}
        return client.open(path, method=method, headers=headers, **body)
    return client.open(path, method=method, data={} if method == "POST" else None)


@pytest.mark.parametrize(("owner", "stage"), WORLDS, ids=[f"{o}-{s}" for o, s in WORLDS])
def test_every_night_route_answers_every_credential_as_the_policy_says(
        app: Flask, client: FlaskClient, restore: Callable[..., None],
        owner: str, stage: Stage) -> None:
    world = build(app, client, owner, stage)
    restore()  # keeps the world as built
    wrong: list[str] = []
    walked = 0
    for rule, method in _routes(app):
        path = _address(rule, world)
        action = declared(app.view_functions[rule.endpoint])
        if path is None or not isinstance(action, Action):
            continue
        api = path.startswith(API)
        holders: list[str | None] = [None, *world.tokens]
        for credential in holders:
            if not api and credential not in COOKIE and credential is not None:
                continue  # a share link is no cookie: its pages are the viewer's
            restore(method)
            answer = _ask(client, rule, method, path, world, credential)
            walked += 1
            text = html.unescape(answer.get_data(as_text=True))
            said = f"{method} {rule.rule} as {credential} ({action}): {answer.status_code}"
            if credential is None:
                expected = 401 if api else 403
                if answer.status_code != expected or (not api and NOT_EDITOR[:30] not in text):
                    wrong.append(f"{said}, expected {expected}")
                continue
            decision = decide(credential, owner, stage, action)
            if decision.allowed:
                # neither the credential nor the stage may refuse what the policy allows
                # (a 409 of the night's stage, the version or a retry is a refusal too)
                if answer.status_code in (401, 403, 409) or answer.status_code >= 500:
                    wrong.append(f"{said}, expected allowed: {text[:160]}")
                continue
            expected = 409 if decision.by_stage else 403
            if answer.status_code != expected:
                wrong.append(f"{said}, expected {expected}: {decision.why}")
            elif decision.why.split(":")[-1].strip()[:40] not in text:
                wrong.append(f"{said} without the policy's words: {decision.why}")
    assert walked > 100
    assert not wrong, "\n".join(wrong)


OWNER_WORLDS = [(Whose.GROUP, Stage.OPEN), (Whose.EVENT, Stage.OPEN),
                (Whose.EVENT, Stage.FINISHED)]


def _owner_address(rule: Rule, world: World, app: Flask) -> str | None:
    """A group's or an event's own route in this world (None: another owner's)."""
    kind = "group" if world.owner is Whose.GROUP else "event"
    if f"{kind}_id" not in rule.arguments or "table_id" in rule.arguments and kind == "event":
        return None
    with app.app_context():
        grant = db.session.scalars(db.select(Editor.id).where(Editor.of(
            kind, world.group_id or world.event_id)).order_by(Editor.id)).first()
    values = {"group_id": world.group_id, "event_id": world.event_id, "table_id": world.table_id,
              "number": 1, "session": 1, "table": 1, "director": grant, "editor_id": grant,
              "name": PLAYERS[0] if kind == "group" else "Player 1",
              "kind": "tickets", "penalty": 1, "alias_id": 1, "key": "side",
              "job_id": 1, "photo_id": 1, "seat": 1}
    return _filled(rule, values)


@pytest.mark.parametrize(("owner", "stage"), OWNER_WORLDS,
                         ids=[f"{o}-{s}" for o, s in OWNER_WORLDS])
def test_every_group_and_event_route_answers_every_credential_as_the_policy_says(
        app: Flask, client: FlaskClient, restore: Callable[..., None],
        owner: Whose, stage: Stage) -> None:
    """A group's and an event's own pages and API: only its editor (the
    group's, the event's director) runs them, its link reads what it may, and
    every other credential is refused as no credential at all."""
    world = build(app, client, owner, stage)
    restore()
    kind = "group" if owner is Whose.GROUP else "event"
    wrong: list[str] = []
    walked = 0
    for rule, method in _routes(app):
        action = declared(app.view_functions[rule.endpoint])
        if action not in (OwnerAction.RUN, OwnerAction.READ_OWNER):
            continue
        path = _owner_address(rule, world, app)
        if path is None:
            continue
        api = path.startswith(API)
        for credential in [None, *world.tokens]:
            if not api and credential not in COOKIE and credential is not None:
                continue
            restore(method)
            answer = _ask(client, rule, method, path, world, credential)
            walked += 1
            said = f"{method} {rule.rule} as {credential} ({action}): {answer.status_code}"
            if owner_permits(credential, kind, action):
                if answer.status_code in (401, 403) or answer.status_code >= 500:
                    wrong.append(f"{said}, expected allowed")
                continue
            link = credential in (Credential.GROUP_VIEW, Credential.EVENT_VIEW)
            expected = (403 if link else 401) if api else 403
            if answer.status_code != expected:
                wrong.append(f"{said}, expected {expected}")
    assert walked > 30
    assert not wrong, "\n".join(wrong)


def test_every_route_declares_what_it_does() -> None:
    from scorekeeper import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    undeclared = sorted(rule.endpoint for rule in app.url_map.iter_rules()
                        if rule.endpoint != "static"
                        and declared(app.view_functions[rule.endpoint]) is None)
    assert not undeclared
    for rule in app.url_map.iter_rules():
        action = declared(app.view_functions.get(rule.endpoint))
        if {"group_id", "event_id"} & set(rule.arguments):
            assert action in (OwnerAction.RUN, OwnerAction.READ_OWNER), rule.rule
        elif "table_id" in rule.arguments:
            assert isinstance(action, Action), rule.rule


@pytest.mark.parametrize("kind", ["group", "event"])
def test_an_owners_own_routes_run_only_for_its_editor_and_read_for_its_link(kind: str) -> None:
    editor = Credential.GROUP_EDITOR if kind == "group" else Credential.DIRECTOR
    link = Credential.GROUP_VIEW if kind == "group" else Credential.EVENT_VIEW
    assert owner_permits(editor, kind, OwnerAction.RUN)
    assert owner_permits(editor, kind, OwnerAction.READ_OWNER)
    assert owner_permits(link, kind, OwnerAction.READ_OWNER)
    assert not owner_permits(link, kind, OwnerAction.RUN)
    for other in set(Credential) - {editor, link}:
        assert not owner_permits(other, kind, OwnerAction.RUN)
        assert not owner_permits(other, kind, OwnerAction.READ_OWNER)


def test_every_write_to_an_event_names_what_it_does(app: Flask) -> None:
    """A route that changes an event declares its write, which the event's
    stage is asked for; one that declares none would escape Finish."""
    unnamed = [f"{method} {rule.rule}" for rule, method in _routes(app)
               if method in ("POST", "PUT", "PATCH", "DELETE") and "event_id" in rule.arguments
               and declared_write(app.view_functions[rule.endpoint]) is None]
    assert not unnamed, unnamed


@pytest.mark.parametrize("stage", [EventStage.FINISHED, EventStage.SESSIONS])
def test_a_finished_event_takes_no_write_but_its_reopening_and_its_directors(
        app: Flask, client: FlaskClient, restore: Callable[..., None],
        stage: EventStage) -> None:
    """Walk every write route of the event as its director: after Finish each
    answers 409 with the reason before reading its input (a page and the API
    alike), except what the policy names for a finished event; before it the
    stage refuses only the reopening."""
    world = build(app, client, Whose.EVENT,
                  Stage.FINISHED if stage is EventStage.FINISHED else Stage.OPEN)
    restore()
    wrong: list[str] = []
    walked = 0
    for rule, method in _routes(app):
        write = declared_write(app.view_functions[rule.endpoint])
        path = _owner_address(rule, world, app)
        if write is None or path is None:
            continue
        restore(method)
        answer = _ask(client, rule, method, path, world, Credential.DIRECTOR)
        walked += 1
        decision = event_decide(stage, write)
        said = f"{method} {rule.rule} ({write}) at {stage}: {answer.status_code}"
        if decision.allowed:
            if answer.status_code in (401, 403) or answer.status_code >= 500 or (
                    answer.status_code == 409 and FINISHED_WORDS[:30] in answer.text):
                wrong.append(f"{said}, expected the stage to take it")
        elif answer.status_code != 409 or decision.why[:40] not in html.unescape(answer.text):
            wrong.append(f"{said}, expected 409: {decision.why}")
    assert walked > 20
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("owner", "stage"), WORLDS, ids=[f"{o}-{s}" for o, s in WORLDS])
def test_get_token_says_what_every_credential_is_and_may_do_as_the_policy_says(
        app: Flask, client: FlaskClient, owner: str, stage: Stage) -> None:
    """``GET /api/v1/token`` with every credential of every world answers the
    credential the token proves and exactly what the policy lets it do: on
    its night now, or on its group's or event's own pages and nights."""
    world = build(app, client, owner, stage)
    for credential, (token, row_id) in world.tokens.items():
        answer = client.get(f"{API}/token", headers=_auth(token))
        assert answer.status_code == 200, (credential, answer.get_json())
        said = answer.get_json()
        assert said["credential"] == credential, (credential, said)
        if said["owner"] == "table":
            assert said["id"] == world.table_id and said["stage"] == stage
            assert said["may"] == [a for a in Action
                                   if decide(credential, owner, stage, a).allowed], credential
            continue
        kind = str(owner)
        assert (said["owner"], said["id"]) == (kind, row_id)
        assert said["may"] == [a for a in (OwnerAction.READ_OWNER, OwnerAction.RUN)
                               if owner_permits(credential, kind, a)]
        for night_stage, actions in said["nights"].items():
            assert actions == [a for a in Action
                               if decide(credential, owner, Stage(night_stage), a).allowed]
        if credential is Credential.DIRECTOR:
            at = EventStage(said["stage"])
            assert said["writes"] == [w for w in EventWrite if event_decide(at, w).allowed]
        else:
            assert said["writes"] == []
    assert client.get(f"{API}/token").get_json()["code"] == "no_token"
    assert client.get(f"{API}/token", headers=_auth("nobody's")).get_json()["code"] == \
        "bad_token"

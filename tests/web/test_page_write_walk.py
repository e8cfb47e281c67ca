"""Every form of the pages, walked: the pages of one world (a night, a group
and an event, :func:`tests.web.test_write_walk.build`) are opened by a phone
that holds every editor's credential, every form on them is read as the
browser would send it (its hidden fields as the page wrote them, a person's
typing in its empty boxes, its first button), and for each ``POST`` route of
the pages (from the routes table: a new one joins by itself, and fails here
until a page shows its form or :data:`NOT_HERE` says which stage does)

(b) the form is sent twice, as a double tap does: the database after the
    second is the database after the first (one effect), unless the route's
    second answer is new by design (:data:`FRESH`, each with its reason);
(a) a form that names the version of what it showed (``version``,
    ``ticket_version``, ``seats``) is sent with an older one: refused, and
    not a row of the database changed.  A form that names none says why its
    write needs none (:data:`NO_VERSION`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import NotFound
from werkzeug.routing import RequestRedirect

from scorekeeper.db.models import HandRow, db
from tests.kept_worlds import kept_world, put_back, snapshot
from tests.web.test_write_walk import W, _rows, build

#: The hidden fields that name the version of what a form showed.
VERSIONS = ("version", "ticket_version", "seats")


@dataclass
class Form:
    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    #: The hidden fields' names (what the page wrote, not the person).
    hidden: set[str] = field(default_factory=set)
    #: Text fields the person fills, by name (empty on the page).
    blank: set[str] = field(default_factory=set)
    #: Its submit buttons that send a value, in order (the first is tapped).
    buttons: list[tuple[str, str]] = field(default_factory=list)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._open: Form | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._open = Form(a.get("action", ""))
            self.forms.append(self._open)
            return
        form = self._open
        if form is None or "name" not in a or "disabled" in a:
            if tag == "option" and form is not None and self._select and "selected" in a:
                form.fields = [f for f in form.fields if f[0] != self._select]
                form.fields.append((self._select, a.get("value", "")))
            return
        name = a["name"]
        kind = a.get("type", "text").lower()
        if tag == "input" and kind in ("checkbox", "radio"):
            if "checked" in a:
                form.fields.append((name, a.get("value", "on")))
        elif tag == "input" and kind not in ("submit", "button", "file"):
            form.fields.append((name, a.get("value", "")))
            if kind == "hidden":
                form.hidden.add(name)
            elif not a.get("value"):
                form.blank.add(name)
        elif tag == "textarea":
            form.fields.append((name, ""))
            form.blank.add(name)
        elif tag == "select":
            self._select = name
        elif tag == "button" and name:
            form.buttons.append((name, a.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None
        elif tag == "select":
            self._select = None


def _pages(w: W) -> list[str]:
    t, g, e = w["table"], w["group"], w["event"]
    night = w["tables"][0]["night"]
    return [
        "/", "/import", "/g/new", "/g/import", "/e/new",
        f"/t/{t}", f"/t/{t}/hand/new", f"/t/{t}/players", f"/t/{t}/settle", f"/t/{t}/share",
        f"/t/{t}/close", f"/t/{t}/settle/leave?name=Eve", f"/t/{t}/players/Ann/pay",
        f"/t/{t}/hand/{w['hand_id']}/edit", f"/t/{t}/hand/{w['hand_id']}/delete",
        f"/t/{night}/sign", f"/t/{night}",
        f"/g/{g}", f"/g/{g}/settle", f"/g/{g}/share", f"/g/{g}/sheet", f"/g/{g}/players/Ann/pay",
        f"/g/{g}/nights/{w['gnight']}",
        f"/e/{e}", f"/e/{e}/sessions/1", f"/e/{e}/sessions/2", f"/e/{e}/directors"]


def _as_everyone(client: FlaskClient, w: W) -> None:
    with client.session_transaction() as cookie:
        cookie["editors"] = {str(w["table"]): w["edit"], str(w["tables"][0]["night"]): w["phone"]}
        cookie["groups"] = {str(w["group"]): w["run"]}
        cookie["events"] = {str(w["event"]): w["director"]}


def _endpoint(app: Flask, action: str) -> str | None:
    adapter = app.url_map.bind("localhost")
    try:
        endpoint, _ = adapter.match(action.split("?")[0].split("#")[0], method="POST")
    except (NotFound, RequestRedirect):
        return None
    except Exception:  # noqa: BLE001 - a method the path doesn't take
        return None
    return str(endpoint)


def forms_of(app: Flask, client: FlaskClient,
             pages: list[str]) -> dict[str, list[tuple[str, Form]]]:
    """Every form of the pages, by the page write route it posts to."""
    found: dict[str, list[tuple[str, Form]]] = {}
    for page in pages:
        answer = client.get(page)
        if answer.status_code != 200:
            continue
        reader = _Forms()
        reader.feed(answer.get_data(as_text=True))
        for form in reader.forms:
            endpoint = _endpoint(app, form.action or page)
            if endpoint is not None:
                found.setdefault(endpoint, []).append((page, form))
    return found


def _page_write_routes(app: Flask) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules()
            if not rule.rule.startswith("/api") and "POST" in (rule.methods or set())}


#: What a person types into a form's empty fields, by the form's route.
FILL: dict[str, dict[str, str]] = {
    "events.correct_ticket": {"reason": "misread", "points-0": "4", "points-1": "2"},
    "events.draw": {"seed": "3"},
    "events.penalty": {"player": "4", "points": "1", "reason": "Late"},
    "events.register": {"entry": "Late Larry"},
    "events.ticket": {"points-0": "4", "points-1": "-1", "points-2": "-1", "points-3": "-1",
                      "points-4": "-1"},
    "events.withdraw_penalty": {"reason": "the clock was wrong"},
    "events.withdraw_ticket": {"reason": "misread"},
    "events.new": {"name": "Kirmess"},
    "groups.new": {"name": "Monday", "players": "Ann, Bob, Cat, Dan, Eve"},
    "tables.home": {"players": "Ann, Bob, Cat, Dan, Eve"},
    "tables.players": {"name": "Zed"},
    "pay.member": {"handle": "annie-1"},
    "pay.night_player": {"handle": "annie-1"},
    "said.words": {"text": "Bob picked, called Cat, 80 points"},
    "hands.new": {"picker": "Dan", "partners": "Eve", "points": "80"},
    "events.finish": {"sure": "1"},
    "events.rename": {"name": "Player One"},
    "exports.import_page": {},
}


#: The button a form is sent with, when it is not its first.
BUTTON: dict[str, tuple[str, str]] = {"tables.players": ("action", "join")}
#: A double tap whose second answer is new by design, and why.
FRESH: dict[str, str] = {
    "events.handover": "a new co-director code each time; the page shows the latest",
    "groups.handover": "a new take-over code each time; the page shows the latest",
    "share.handover": "a new take-over code each time; the page shows the latest",
    "events.move": "a code to carry this device's session to another address, each time",
    "share.move": "a code to carry this device's session to another address, each time",
    "events.print_cards": "the cards printed again carry new one-time codes (docs/tournaments.md)",
    "events.table_code": "a new code for the table's phone, as asked (docs/api.md)",
}
#: Forms whose version names a double tap, not what they showed, and why an
#: older one is taken: the write doesn't depend on what else changed since.
OLDER_TAKEN: dict[str, str] = {
    "events.register": "registers a new name, checked against the players now; the event's "
                       "version (raised by every hand in the hall) only keeps a double tap one",
    "hands.new": "a new hand made for the deal still to come is kept (docs/api.md)",
}
#: Forms this world's pages refuse as they stand (their refusal is the walk), and why.
REFUSED_HERE: dict[str, str] = {
    "events.settings": "the tie rule can't change once a session has play",
    "events.check_in": "player 1 is seated at a drawn table: marking him not here is refused",
    "groups.import_page": "no file chosen: the page says so and creates nothing",
    "exports.import_page": "no file chosen: the page says so and creates nothing",
    "events.import_event": "no file chosen: the page says so and creates nothing",
    "group_sheets.upload": "no file chosen: the page says so and reads nothing",
}
#: Forms that name no version of what they showed, and why the write needs none.
NO_VERSION: dict[str, str] = {
    "tables.home": "starts a new night: nothing shown before it (a one-time token)",
    "groups.new": "starts a new group (a one-time token)",
    "events.new": "starts a new event (a one-time token)",
    "exports.import_page": "a file makes a new night (a one-time token)",
    "groups.import_page": "a file makes a new group",
    "events.import_event": "a file makes a new event (a one-time token)",
    "events.penalty": "adds a penalty, named by its one-time token",
    "events.check_in": "sets the player's state as the button says; the same again is unchanged",
    "events.withdraw": "sets the player's last session; the same again is unchanged",
    "events.withdraw_penalty": "names the penalty by its id; once withdrawn it is refused",
    "events.table_done": "sets the table's mark as the button says; the same again is refused",
    "events.ticket": "a table takes one ticket: a second is refused",
    "events.rename": "names the player and the new name; the same name again is unchanged",
    "events.draw": "a session drawn once is drawn again only when asked for, with the seed",
    "events.finish": "the stage: a finished event is not finished again",
    "events.revoke": "names the device; a revoked one is gone",
    "settle.close": "the stage: a closed night is not closed again",
    "settle.start_group": "a night in a group is not put in one again",
    "groups.paid": "names the nights it pays; a paid one is refused",
    "pay.member": "sets the member's handle as typed; the same again changes nothing",
    "pay.night_player": "sets the player's handle as typed; the same again changes nothing",
    "said.words": "only reads what was said into a form to check",
    "tables.players": "names the player and the seat; the same join again is refused",
    "group_sheets.upload": "reads a file into a preview; writes nothing",
    **{e: r for e, r in FRESH.items()},
}
#: Page write routes whose form this world's pages don't show: another stage
#: shows it (said here), and the walk doesn't reach it yet.  A route neither
#: found nor named here fails; one named here and found fails too.
NOT_HERE: dict[str, str] = {
    "events.claim": "the page a co-director's one-time code opens",
    "groups.claim": "the page a group's take-over code opens",
    "share.claim": "the page a night's take-over code opens",
    "events.reopen": "a finished event's Directors page",
    "events.swap": "a drawn session before its first hand",
    "groups.revoke": "a group with a second editor",
    "share.revoke": "a night with a second editor",
    "group_sheets.preview": "a sheet uploaded",
    "group_sheets.confirm": "a sheet previewed",
    "hands.preview": "a hand being typed (htmx)",
    "hands.confirm": "a change to a hand that asks to be confirmed",
    "hands.undo": "a hand just saved",
    "settle.new_night": "a closed night",
}


def _data(form: Form, endpoint: str) -> dict[str, list[str]]:
    """What the browser sends: the form's fields, the person's typing, a button."""
    sent: dict[str, list[str]] = {}
    filled = FILL.get(endpoint, {})
    for name, value in form.fields:
        sent.setdefault(name, []).append(filled.get(name, value))
    for name, value in filled.items():
        sent.setdefault(name, [value])
    button = BUTTON.get(endpoint) or next(iter(form.buttons), None)
    if button is not None:
        sent[button[0]] = [button[1]]
    return sent


def _pick(endpoint: str, forms: list[tuple[str, Form]]) -> tuple[str, Form]:
    """The form a person would fill: one with every box the walk types into."""
    wanted = set(FILL.get(endpoint, {})) - {"sure"}
    return next(((p, f) for p, f in forms if wanted <= f.blank | f.hidden), forms[0])


def _older(form: Form, name: str) -> str:
    value = dict(form.fields)[name]
    return str(int(value) - 1) if value.isdigit() and int(value) > 0 else "0" * 12


@dataclass
class Walk:
    app: Flask
    client: FlaskClient
    world: W
    kept: Any
    found: dict[str, list[tuple[str, Form]]]

    def again(self) -> None:
        put_back(self.app, self.kept)
        _as_everyone(self.client, self.world)


@pytest.fixture()
def walk(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> Iterator[Walk]:
    w = kept_world(request, app, client, build)
    with app.app_context():
        w["hand_id"] = db.session.scalar(sa.select(sa.func.min(HandRow.id)).where(
            HandRow.table_id == w["table"]))
    w["phone"] = w["tables"][0]["edit"]
    _as_everyone(client, w)
    kept = snapshot(app)
    yield Walk(app, client, w, kept, forms_of(app, client, _pages(w)))
    kept.close()


def test_every_page_write_route_is_walked(app: Flask, walk: Walk) -> None:
    """A form the world's pages show, or one another stage shows (:data:`NOT_HERE`)."""
    routes = _page_write_routes(app)
    assert routes - set(walk.found) - set(NOT_HERE) == set(), "page writes nobody walks"
    assert set(NOT_HERE) & set(walk.found) == set(), "found here: walk it here"
    assert set(NOT_HERE) <= routes


def test_a_form_sent_twice_is_one_effect(walk: Walk) -> None:
    wrong = []
    for endpoint in sorted(walk.found):
        page, form = _pick(endpoint, walk.found[endpoint])
        walk.again()
        data = _data(form, endpoint)
        first = walk.client.post(form.action or page, data=data)
        if endpoint in REFUSED_HERE:
            if first.status_code < 400:
                wrong.append(f"{endpoint}: taken, though {REFUSED_HERE[endpoint]}")
            continue
        if first.status_code >= 400:
            wrong.append(f"{endpoint} from {page}: {first.status_code} on the first tap")
            continue
        after = _rows(walk.app)
        again = walk.client.post(form.action or page, data=data)
        if again.status_code >= 500:
            wrong.append(f"{endpoint}: the second tap {again.status_code}")
        if endpoint not in FRESH and _rows(walk.app) != after:
            wrong.append(f"{endpoint}: the second tap changed the database again")
    assert not wrong, "\n".join(wrong)


def test_a_form_from_an_older_page_is_refused_and_changes_nothing(walk: Walk) -> None:
    wrong = []
    unnamed = set()
    for endpoint in sorted(walk.found):
        page, form = _pick(endpoint, walk.found[endpoint])
        named = [name for name in VERSIONS if name in form.hidden]
        if not named:
            unnamed.add(endpoint)
            continue
        walk.again()
        data = _data(form, endpoint)
        data[named[0]] = [_older(form, named[0])]
        before = _rows(walk.app)
        answer = walk.client.post(form.action or page, data=data)
        if endpoint in OLDER_TAKEN:
            if answer.status_code >= 400:
                wrong.append(f"{endpoint}: said to take an older {named[0]}, refused it")
            continue
        if answer.status_code < 400:
            wrong.append(f"{endpoint}: an older {named[0]} was taken ({answer.status_code})")
        if _rows(walk.app) != before:
            wrong.append(f"{endpoint}: an older {named[0]} changed the database")
    assert not wrong, "\n".join(wrong)
    assert unnamed == set(NO_VERSION) & set(walk.found), \
        f"forms naming no version, not said why: {sorted(unnamed - set(NO_VERSION))}; " \
        f"said but they name one: {sorted((set(NO_VERSION) & set(walk.found)) - unnamed)}"

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

import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import NotFound
from werkzeug.routing import RequestRedirect

from scorekeeper.db.models import Editor, HandRow, db
from tests.kept_worlds import kept_world, put_back, snapshot
from tests.web.test_write_walk import W, _rows, build

#: The hidden fields that name the version of what a form showed.
VERSIONS = ("version", "ticket_version", "player_version", "table_version", "seats")


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
        self._also: Form | None = None
        #: The open form's buttons that send it elsewhere (``formaction``).
        self._sends: list[Form] = []
        #: The select being read: its field's place, and whether an option is chosen.
        self._select: tuple[int, bool] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and (a.get("method", "get").lower() == "post" or "hx-post" in a):
            self._open = Form(a.get("action", "") if a.get("method", "").lower() == "post"
                              else a["hx-post"])
            self.forms.append(self._open)
            if "hx-post" in a and a.get("method", "").lower() == "post":
                self._also = Form(a["hx-post"])  # its preview, sent as the form is typed
                self.forms.append(self._also)
            return
        form = self._open
        if form is not None and tag == "button" and a.get("formaction") and "disabled" not in a:
            self._sends.append(Form(a["formaction"], buttons=[(a["name"], a.get("value", ""))]
                                    if a.get("name") else []))
            return
        if form is None or "name" not in a or "disabled" in a:
            if tag == "option" and form is not None and self._select is not None:
                at, chosen = self._select  # the first option, unless one is selected
                if not chosen or "selected" in a:
                    form.fields[at] = (form.fields[at][0], a.get("value", ""))
                    self._select = (at, chosen or "selected" in a)
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
            self._select = (len(form.fields), False)
            form.fields.append((name, ""))
        elif tag == "button" and name:
            form.buttons.append((name, a.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            for other in [self._also, *self._sends]:
                if other is not None and self._open is not None:
                    other.fields = list(self._open.fields)
                    other.hidden, other.blank = set(self._open.hidden), set(self._open.blank)
            self.forms += self._sends
            self._open, self._also, self._sends = None, None, []
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
        f"/e/{e}", f"/e/{e}/sessions/1", f"/e/{e}/sessions/2", f"/e/{e}/directors",
        f"/e/{e}/sessions/1/photos"]


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


def forms_in(app: Flask, page: str, text: str,
             found: dict[str, list[tuple[str, Form]]]) -> None:
    """The forms of one page's HTML, by the page write route each posts to."""
    reader = _Forms()
    reader.feed(text)
    for form in reader.forms:
        endpoint = _endpoint(app, form.action or page)
        if endpoint is not None:
            found.setdefault(endpoint, []).append((page, form))


def forms_of(app: Flask, client: FlaskClient,
             pages: list[str]) -> dict[str, list[tuple[str, Form]]]:
    """Every form of the pages, by the page write route it posts to."""
    found: dict[str, list[tuple[str, Form]]] = {}
    for page in pages:
        answer = client.get(page)
        if answer.status_code == 200:
            forms_in(app, page, answer.get_data(as_text=True), found)
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
    "events.set_photo_aside": {"reason": "taken again"},
    "events.new": {"name": "Kirmess"},
    "groups.new": {"name": "Monday", "players": "Ann, Bob, Cat, Dan, Eve"},
    "tables.home": {"players": "Ann, Bob, Cat, Dan, Eve"},
    "tables.players": {"name": "Zed"},
    "pay.member": {"handle": "annie-1"},
    "pay.night_player": {"handle": "annie-1"},
    "said.words": {"text": "Bob picked, called Cat, 80 points"},
    "hands.new": {"picker": "Dan", "partners": "Eve", "points": "80"},
    "events.finish": {"sure": "1"},
    "events.reopen": {"sure": "1"},
    "events.swap": {"a": "1", "b": "2"},
    "events.sat_elsewhere": {"a": "1", "b": "2"},
    "events.rename": {"name": "Player One"},
    "events.duplicate": {"of": "2"},
    "events.side_pots": {"side_pots": "side"},
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
    "hands.preview": "writes nothing: it shows what the hand as typed would pay",
    "group_sheets.preview": "writes nothing: the confirmation it leads to names the version",
}
#: Forms this world's pages refuse as they stand (their refusal is the walk), and why.
REFUSED_HERE: dict[str, str] = {
    "events.settings": "the tie rule can't change once a session has play",
    "events.check_in": "player 1 is seated at a drawn table: marking him not here is refused",
    "groups.import_page": "no file chosen: the page says so and creates nothing",
    "exports.import_page": "no file chosen: the page says so and creates nothing",
    "events.import_event": "no file chosen: the page says so and creates nothing",
    "group_sheets.upload": "no file chosen: the page says so and reads nothing",
    "events.send_photos": "no photo chosen: the page says so and reads nothing",
}
#: Forms that name no version of what they showed, and why the write needs none.
NO_VERSION: dict[str, str] = {
    "tables.home": "starts a new night: nothing shown before it (a one-time token)",
    "groups.new": "starts a new group (a one-time token)",
    "events.new": "starts a new event (a one-time token)",
    "exports.import_page": "a file makes a new night (a one-time token)",
    "groups.import_page": "a file makes a new group (a one-time token)",
    "events.import_event": "a file makes a new event (a one-time token)",
    "events.penalty": "adds a penalty, named by its one-time token",
    "events.withdraw_penalty": "names the penalty by its id; once withdrawn it is refused",
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
    "events.send_photos": "new photos make a new job of reading them (a one-time token)",
    "events.claim": "a one-time code: used once, then refused",
    "groups.claim": "a one-time code: used once, then refused",
    "share.claim": "a one-time code: used once, then refused",
    "events.reopen": "the stage: an event not finished isn't reopened",
    "groups.revoke": "names the device; a revoked one is gone",
    "share.revoke": "names the device; a revoked one is gone",
    "hands.undo": "names the hand just saved, by its id; taken back once",
    "settle.new_night": "a closed night starts its next night once",
    **{e: r for e, r in FRESH.items()},
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
    if value.isdigit():  # a version before it (or, shown at 0, one it never had)
        return str(int(value) - 1) if int(value) > 0 else "999999"
    return "0" * 12  # another seating


@dataclass
class Walk:
    app: Flask
    client: FlaskClient
    world: W
    kept: Any
    found: dict[str, list[tuple[str, Form]]]
    #: The routes whose form only a stage shows, and the stage's name.
    staged: dict[str, str] = field(default_factory=dict)

    def again(self) -> None:
        put_back(self.app, self.kept)
        _as_everyone(self.client, self.world)

    def routes(self) -> list[str]:
        return sorted({*self.found, *self.staged})

    def form(self, endpoint: str) -> tuple[str, Form]:
        """The world put back (at its stage) and the route's form, as shown now."""
        self.again()
        if endpoint not in self.staged:
            return _pick(endpoint, self.found[endpoint])
        shown: dict[str, list[tuple[str, Form]]] = {}
        for page, text in STAGES[self.staged[endpoint]](self):
            forms_in(self.app, page, text, shown)
        return _pick(endpoint, shown[endpoint])


@pytest.fixture()
def walk(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> Iterator[Walk]:
    w = kept_world(request, app, client, build)
    with app.app_context():
        w["hand_id"] = db.session.scalar(sa.select(sa.func.min(HandRow.id)).where(
            HandRow.table_id == w["table"]))
    w["phone"] = w["tables"][0]["edit"]
    _as_everyone(client, w)
    kept = snapshot(app)
    found = walk = Walk(app, client, w, kept, forms_of(app, client, _pages(w)))
    for name, stage in STAGES.items():
        walk.again()
        shown: dict[str, list[tuple[str, Form]]] = {}
        for page, text in stage(walk):
            forms_in(app, page, text, shown)
        for endpoint in set(shown) - set(walk.found):
            walk.staged[endpoint] = name
    del found
    yield walk
    kept.close()


def _api(client: FlaskClient, method: str, path: str, token: str, body: Any = None) -> Any:
    answer = client.open(f"/api/v1{path}", method=method, json=body,
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code < 300, (path, answer.get_json())
    return answer.get_json()


def _got(client: FlaskClient, pages: list[str]) -> list[tuple[str, str]]:
    found = []
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 200, (page, answer.status_code)
        found.append((page, answer.get_data(as_text=True)))
    return found


def _finished(walk: Walk) -> list[tuple[str, str]]:
    w = walk.world
    _api(walk.client, "POST", f"/events/{w['event']}/finish", w["director"])
    return _got(walk.client, [f"/e/{w['event']}/directors"])


def _second_session(walk: Walk) -> list[tuple[str, str]]:
    w = walk.world
    _api(walk.client, "POST", f"/events/{w['event']}/sessions/2/draw", w["director"],
         {"seed": 5})
    return _got(walk.client, [f"/e/{w['event']}/sessions/2"])


def _second_editors(walk: Walk) -> list[tuple[str, str]]:
    w = walk.world
    with walk.app.app_context():
        for kind, row_id in (("table", w["table"]), ("group", w["group"])):
            grant = db.session.scalars(sa.select(Editor).where(Editor.of(kind, row_id))).first()
            assert grant is not None
            db.session.add(Editor(owner_id=grant.owner_id, label="Second phone",
                                  role=grant.role, token_hash=f"second phone of {kind}"))
        db.session.commit()
    return _got(walk.client, [f"/t/{w['table']}/share", f"/g/{w['group']}/share"])


def _closed(walk: Walk) -> list[tuple[str, str]]:
    w = walk.world
    _api(walk.client, "POST", f"/tables/{w['table']}/close", w["edit"], {})
    return _got(walk.client, [f"/t/{w['table']}/settle"])


def _codes(walk: Walk) -> list[tuple[str, str]]:
    """The claim pages the take-over and co-director codes open (on another phone)."""
    w, client = walk.world, walk.client
    shown = []
    for made, page, pattern in (
            (f"/t/{w['table']}/share/handover", f"/t/{w['table']}/share", r"/claim/[\w-]+"),
            (f"/g/{w['group']}/share/handover", f"/g/{w['group']}/share", r"/gclaim/[\w-]+"),
            (f"/e/{w['event']}/directors/code", f"/e/{w['event']}/directors",
             r"/eclaim/[\w-]+")):
        assert client.post(made).status_code in (200, 302)
        code = re.search(pattern, client.get(page).get_data(as_text=True))
        assert code is not None, page
        shown.append(code.group(0))
    with client.session_transaction() as cookie:
        cookie.clear()  # the phone that claims holds nothing yet
    return _got(client, shown)


#: Two past nights of the group's own players, nothing to correct: ready to bring in.
CLEAN_SHEET = b"Date,Ann,Bob,Cathy,Dan,Eve\n1/9/2020,3,-1,-1,-1,0\n1/16/2020,-2,4,0,-1,-1\n"


def _sheet(walk: Walk) -> list[tuple[str, str]]:
    w = walk.world
    answer = walk.client.post(f"/g/{w['group']}/sheet", content_type="multipart/form-data",
                              data={"file": (io.BytesIO(CLEAN_SHEET), "nights.csv")})
    assert answer.status_code == 200, answer.status_code
    read = (f"/g/{w['group']}/sheet", answer.get_data(as_text=True))
    shown: dict[str, list[tuple[str, Form]]] = {}
    forms_in(walk.app, *read, shown)
    page, form = shown["group_sheets.preview"][0]
    previewed = walk.client.post(form.action, data=_data(form, "group_sheets.preview"))
    assert previewed.status_code == 200, previewed.status_code
    return [read, (form.action, previewed.get_data(as_text=True))]


def _edited(walk: Walk) -> list[tuple[str, str]]:
    """A hand changed so that it asks to be confirmed (its page, as answered)."""
    w = walk.world
    page = f"/t/{w['table']}/hand/{w['hand_id']}/edit"
    _, form = forms_of(walk.app, walk.client, [page])["hands.edit"][0]
    data = _data(form, "hands.edit")
    data.update(kind=["leaster"], winner=["Cat"])
    answer = walk.client.post(page, data=data)
    return [(page, answer.get_data(as_text=True))]


def _saved(walk: Walk) -> list[tuple[str, str]]:
    """A hand just saved: the ledger offers to take it back."""
    w = walk.world
    page = f"/t/{w['table']}/hand/new"
    _, form = _pick("hands.new", forms_of(walk.app, walk.client, [page])["hands.new"])
    answer = walk.client.post(page, data=_data(form, "hands.new"), follow_redirects=True)
    assert answer.status_code == 200
    return [(f"/t/{w['table']}", answer.get_data(as_text=True))]


#: The stages that show the forms this world's pages don't (another phone's
#: claim page, a finished event...): each brings the world there and answers
#: the pages then, as (address, HTML).
STAGES: dict[str, Callable[[Walk], list[tuple[str, str]]]] = {
    "finished": _finished, "second session": _second_session,
    "second editors": _second_editors, "closed": _closed, "codes": _codes,
    "sheet": _sheet, "edited": _edited, "saved": _saved}


def test_every_page_write_route_is_walked(app: Flask, walk: Walk) -> None:
    """A form the world's pages show, or one of its stages (:data:`STAGES`)."""
    assert _page_write_routes(app) - set(walk.routes()) == set(), "page writes nobody walks"


def test_a_form_sent_twice_is_one_effect(walk: Walk) -> None:
    wrong = []
    for endpoint in walk.routes():
        page, form = walk.form(endpoint)
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
    for endpoint in walk.routes():
        page, form = walk.form(endpoint)
        named = [name for name in VERSIONS if name in form.hidden]
        if not named:
            unnamed.add(endpoint)
            continue
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
    assert unnamed == set(NO_VERSION), \
        f"forms naming no version, not said why: {sorted(unnamed - set(NO_VERSION))}; " \
        f"said but they name one: {sorted(set(NO_VERSION) - unnamed)}"

"""JSON API v1 (see docs/api.md): the blueprint and what every operation
shares.  The operations are declared once in :mod:`.contract`; the routes
live in :mod:`.tables`, :mod:`.hands`, :mod:`.roster`, :mod:`.groups`,
:mod:`.events` and their neighbours, on this blueprint.

What every operation shares is here, once: the refusals in the one error
shape with their codes, the ``ETag`` of every answer, the body each
operation declares (and nothing else: unknown fields, a body where none is
taken, anything but JSON are refused), the query parameters it takes, the
``Idempotency-Key`` every write may carry and the ``If-Match`` it may name.
The services do the work, exactly as for the pages, so a client and the
scorekeeper's phone can never disagree.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Response, abort, g, request
from werkzeug.exceptions import HTTPException

from scorekeeper.json_text import JsonRefused, read_json
from scorekeeper.limits import MAX_DIGITS, MAX_KEY, QUOTED
from scorekeeper.rules import HandError
from scorekeeper.rules.hand_json import REQUEST_FIELDS
from scorekeeper.services import Code, OptionRefused, ServiceError, Stale, made_on
from scorekeeper.services.access.credentials import EVENT, GROUP, TABLE
from scorekeeper.services.nights.hands import Seen
from scorekeeper.services.nights.state import version_of
from scorekeeper.services.once import Once, answered, api_once
from scorekeeper.services.since import STALE_ADVICE, meanwhile
from scorekeeper.services.writes import abandon
from scorekeeper.views.api import cors
from scorekeeper.views.api.contract import (
    BY_ENDPOINT,
    IF_MATCH_FORM,
    Operation,
    body_fields,
    nullable_fields,
    query_names,
)
from scorekeeper.views.json_errors import error_response, http_error_response, status_of
from scorekeeper.views.key_home import key_home

bp = Blueprint("api", __name__, url_prefix="/api/v1")

MAX_BODY_BYTES = 64 * 1024
WRITES = ("POST", "PUT", "PATCH", "DELETE")


# --- refusals -------------------------------------------------------------------

@bp.errorhandler(ServiceError)
def service_error(error: ServiceError) -> Response:
    """A refused action: undo anything the service began (the version bump too).
    A write refused because the night changed since its If-Match is a 412,
    in the one wording of every 412 (:func:`stale_words`)."""
    abandon()
    status = status_of(error, api=True)
    message = stale_words() or error.message if isinstance(error, Stale) else error.message
    return error_response(message, status, field_of(error), error.code)


def field_of(error: ServiceError) -> str | None:
    """The field at fault as the body sent it: a house rule inside ``options``
    named by its dotted path (``options.max_cracks``)."""
    if isinstance(error, OptionRefused) and error.option:
        return f"{error.field or 'options'}.{error.option}"
    return error.field


@bp.errorhandler(HandError)
def hand_error(error: HandError) -> Response:
    """A hand the parser or the engine refused, naming the field at fault
    (a field no hand has is ``unknown_field``, as for any other body)."""
    abandon()
    sent = request.get_json(silent=True)
    unknown = isinstance(sent, dict) and error.field in sent and error.field not in REQUEST_FIELDS
    return error_response(error.message, 400, error.field,
                          Code.UNKNOWN_FIELD if unknown else Code.HAND_REFUSED)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response:
    """401/403/404/405/409/413/415 from ``abort`` in these views, as JSON."""
    abandon()
    return http_error_response(error)


def stale_words() -> str | None:
    """Every 412 says what changed since the version the request's
    ``If-Match`` names, in one template: "Meanwhile, <device>: <what
    changed>. Check it and try again." (None: no version named)."""
    tags = [tag for tag in request.if_match if _version(tag) is not None]
    owner = next(((kind, g.get(key)) for kind, key in (
        (TABLE, "api_table"), (EVENT, "api_event"), (GROUP, "api_group")) if g.get(key)), None)
    if not tags or owner is None:
        return None
    return f"{meanwhile(owner[0], owner[1].id, int(tags[0]))} {STALE_ADVICE}"


#: A client's own request id, echoed back: up to 100 letters, digits and ``-_.:``.
REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,100}")


def request_id() -> str:
    """This request's id: the client's ``X-Request-Id`` when it is one (so its
    logs and ours name the same request), else one made here."""
    found = g.get("request_id")
    if found is None:
        sent = request.headers.get("X-Request-Id", "")
        found = g.request_id = sent if REQUEST_ID.fullmatch(sent) else uuid.uuid4().hex
    return str(found)


def preflight() -> Response | None:
    """A browser's preflight for another site's page (:mod:`.cors`), on any
    path of the API, before anything else looks at the request."""
    if not request.path.startswith(f"{bp.url_prefix}/"):
        return None
    answer = cors.preflight()
    if answer is not None:
        answer.headers["X-Request-Id"] = request_id()
    return answer


def request_headers(response: Response) -> Response:
    """Every answer of the API names its request (``X-Request-Id``: the app
    registers this for all its answers, so a 404 of a path the API hasn't
    and a 405 do too), and an answer given again for a retried
    ``Idempotency-Key`` says so (``Idempotent-Replayed``).  A page's answer
    is left as it is: the poll gate answers the viewers' polls as the app
    does, before any request is built."""
    if not request.path.startswith(f"{bp.url_prefix}/"):
        return response
    cors.allow(response)
    response.headers["X-Request-Id"] = request_id()
    once = g.get("api_once")
    if g.get("replayed") or (once is not None and once.replayed):
        response.headers["Idempotent-Replayed"] = "true"
    return response


@bp.after_request
def etag(response: Response) -> Response:
    """Every answer about a table, a group or an event says which version of it it is
    (``ETag``); a ``GET`` whose ``If-None-Match`` names that version is a 304."""
    owner = g.get("api_table") or g.get("api_group") or g.get("api_event")
    if owner is not None and "ETag" not in response.headers:
        version = version_of(owner)
        if version is None:
            abandon()
        else:
            response.set_etag(str(version))
    if request.method == "GET" and response.status_code == 200 and "ETag" in response.headers:
        response.make_conditional(request)
    return response


# --- what a request sends ---------------------------------------------------------

def operation() -> Operation | None:
    """The contract's operation this request asks for (None: no route)."""
    return BY_ENDPOINT.get((request.endpoint or "").removeprefix("api."))


@bp.before_request
def known_query_and_key() -> None:
    """Before anything else: a 400 for the first query parameter the operation
    doesn't take (``?befor=1``, a typo, must not record at the end instead)
    or that comes more than once, and for a write's ``Idempotency-Key`` of
    the wrong form, whether or not the write would use it
    (:func:`idempotency_key`)."""
    known = query_names(request.endpoint or "")
    unknown = sorted(set(request.args) - set(known))
    if unknown:
        expected = f"expected: {', '.join(known)}" if known else "this takes none"
        raise ServiceError(f"Unknown parameter: {unknown[0][:QUOTED]}; {expected}", "query",
                           code=Code.UNKNOWN_FIELD)
    twice = sorted(name for name, values in request.args.lists() if len(values) > 1)
    if twice:  # which one was meant? (limit=2&limit=999): never the first by chance
        raise ServiceError(f"{twice[0][:QUOTED]} is given more than once: give each "
                           "parameter once", twice[0])
    if request.method in WRITES:
        idempotency_key()


@bp.before_request
def held_to_if_match() -> None:
    """A write's ``If-Match``, held for the write path to refuse a stale
    write by (:func:`scorekeeper.services.made_on.made_on`), whichever
    route it is: the owner its operation names (the night, group or event
    of its path) must still be at a version the header names."""
    op = operation()
    if request.method not in WRITES or op is None or not op.if_match or op.judges_stale \
            or op.owner is None:
        return
    row_id = (request.view_args or {}).get(f"{op.owner}_id")
    if not isinstance(row_id, int) or not request.headers.get("If-Match") \
            or request.if_match.star_tag or answered(key_home(), idempotency_key()):
        return  # a retry answers as it first did (or, by design, anew)
    made_on.made_on(op.owner, row_id, if_match_versions(op.owner))


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` (None without one): the one rule for
    every write, 1 to 100 printable characters (16 or more where the
    contract says: :attr:`.contract.Operation.key_length`)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    op = operation()
    least = op.key_length if op is not None else 1
    if not least <= len(key) <= MAX_KEY or not key.isprintable() or key != key.strip():
        raise ServiceError(f"Idempotency-Key must be {least} to {MAX_KEY} printable characters"
                           + (" (a random one, e.g. a UUID)" if least > 1 else ""),
                           "Idempotency-Key", code=Code.BAD_KEY)
    return key


def request_meaning() -> dict[str, Any]:
    """What a request means beside its body, for its fingerprint: its method,
    path and query."""
    return {"method": request.method, "path": request.path,
            "query": request.args.to_dict(flat=False)}


def request_once(body: object = None) -> Once | None:
    """The request's ``Idempotency-Key`` (None without one), kept under the
    night, group or event its path names (:func:`~scorekeeper.views.access.key_home`:
    one key names one request there, whichever route, so the same key on
    another route, or with another body, is a 422), fingerprinted by what
    the request means: its method, path, query and parsed ``body``, so the
    same JSON re-ordered or re-spaced is the same request."""
    once = api_once(key_home(), idempotency_key(), {**request_meaning(), "body": body})
    g.api_once = once  # a write that finds it carried out answers as a replay
    return once


def json_body(limit: int = MAX_BODY_BYTES) -> dict[str, Any]:
    """The request's JSON object of at most ``limit`` bytes, or a 415/413/400
    that says what is wrong with it."""
    if not request.is_json:
        abort(415, "Send a JSON body with Content-Type: application/json")
    if (request.content_length or 0) > limit:
        abort(413, f"The body is too large (at most {limit:,} bytes)")
    try:
        data = read_json(request.get_data(cache=True))
    except JsonRefused as error:
        raise ServiceError(error.message, error.field, code=Code.BAD_JSON) from None
    if not isinstance(data, dict):
        raise ServiceError("The body must be a JSON object", code=Code.BAD_JSON)
    return data


def request_body(fields: bool = True) -> dict[str, Any]:
    """The body the request's operation declares (:mod:`.contract`), read
    after its loader has asked the policy: an operation that takes no body
    takes none, or ``{}``; one whose body is optional, none or its object.
    Anything but JSON is a 415, and a field the body doesn't have a 400
    (``fields=False``: the caller's parser names it, as a hand's does)."""
    op = operation()
    body = op.body if op is not None else None
    if (body is None or op is not None and not op.body_required) \
            and not request.get_data(cache=True):
        return {}
    data = json_body()
    if body is None or fields:
        refuse_unknown(data, body_fields(body) if body is not None else ())
    if body is not None:
        refuse_null(data, body)
    return data


def refuse_null(data: dict[str, Any], schema: str) -> None:
    """A 400 for a field sent as ``null`` that the contract doesn't let be
    one: what the spec forbids, the server refuses (leave a field out instead)."""
    may = nullable_fields(schema)
    for name in sorted(data):
        if data[name] is None and name not in may and name in body_fields(schema):
            raise ServiceError(f"{name[:QUOTED]} can't be null: leave it out instead", name)


def refuse_unknown(data: dict[str, Any], known: Iterable[str]) -> None:
    """A 400 for the first field the contract doesn't have (typos aren't ignored)."""
    known = tuple(known)
    unknown = sorted(set(data) - set(known))
    if unknown:
        expected = f"expected: {', '.join(known)}" if known else "this takes no body"
        raise ServiceError(f"Unknown field {unknown[0][:QUOTED]!r}; {expected}", unknown[0],
                           code=Code.UNKNOWN_FIELD)


def flag(data: dict[str, Any], field: str, default: bool = False) -> bool:
    """A true-or-false field of a request body (``default`` when left out)."""
    value = data.get(field, default)
    if not isinstance(value, bool):
        raise ServiceError(f"{field} must be true or false", field)
    return value


def _version(tag: str | None) -> int | None:
    if tag and tag.isascii() and tag.isdigit() and len(tag) <= MAX_DIGITS:
        return int(tag)
    return None


def if_match_versions(whose: str | None = None) -> list[int]:
    """The versions the request's ``If-Match`` names; a 400 for a header not
    of the form the contract says (:data:`.contract.IF_MATCH_FORM`)."""
    sent = request.headers.get("If-Match", "").strip()
    versions = [v for v in (_version(tag) for tag in request.if_match) if v is not None]
    if not re.fullmatch(IF_MATCH_FORM, sent) or not versions:
        if whose is None:
            op = operation()
            whose = op.owner if op is not None and op.owner else "table"
        raise ServiceError(f'If-Match must be the ETag of the {whose}, e.g. "12"', "If-Match")
    return versions


def if_match(current: int) -> Seen | None:
    """The version an ``If-Match`` header names (None without one, or ``*``)."""
    if not request.headers.get("If-Match") or request.if_match.star_tag:
        return None
    versions = if_match_versions()
    return Seen(current if current in versions else versions[0])

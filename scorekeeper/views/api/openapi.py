"""The JSON API described in OpenAPI 3.0, served at ``/api/v1/openapi.json``:
worked out from the contract (:mod:`.contract`), with every operation's
error answers and headers.  The test suite runs schemathesis against it,
status codes and headers included, so the description and the app can't
drift apart unnoticed.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, jsonify

from scorekeeper.ledger.prize_data import SIDE_POT_KEY
from scorekeeper.limits import MAX_KEY, MAX_NAME_ASKED
from scorekeeper.policy.acl import OwnerAction
from scorekeeper.views.access import permission
from scorekeeper.views.api import bp
from scorekeeper.views.api.contract import (
    IF_MATCH_FORM,
    NUMBER,
    OPERATIONS,
    STATUS_WORDS,
    Operation,
)
from scorekeeper.views.api.schemas import registered


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}



def _header(description: str, required: bool = True) -> dict[str, Any]:
    return {"description": description, "required": required, "schema": {"type": "string"}}


ETAG = _header("The version of the table (or group, or event) this answer is about")
#: What a write taken on as a job answers with: where to follow it, and when.
JOB_HEADERS = {"Location": _header("The job's address"),
               "Retry-After": _header("Seconds before asking")}
HEADERS_BY_STATUS = {
    "401": {"WWW-Authenticate": _header("Bearer realm=\"scorekeeper\"")},
    "429": {"Retry-After": _header("Seconds to wait before retrying")},
    "503": {"Retry-After": _header("Seconds to wait before retrying")},
}
#: Every parameter a path may have: a number (as the app's ``int`` converter
#: reads it: ASCII digits) or a player's name as asked.
PATH_PARAMS = {
    **{name: NUMBER for name in ("table_id", "group_id", "event_id", "number", "session",
                                 "table", "penalty", "director", "alias_id", "job_id",
                                 "photo_id")},
    "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_ASKED},
    "key": {"type": "string", "pattern": SIDE_POT_KEY.pattern},
}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False,
            "schema": {"type": "string", "pattern": IF_MATCH_FORM},
            "description": "The table's (or group's, or event's) ETag this write is for: "
                           '"12", several comma-separated, or *'}
PREFER = {"name": "Prefer", "in": "header", "required": False,
          "schema": {"type": "string", "enum": ["respond-async"]},
          "description": "respond-async: answer 202 with a job to follow, whatever its "
                         "size (a group's file already written at its version: the file "
                         "at once)"}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False,
                 "schema": {"type": "string"},
                 "description": "The ETag already held: a 304 while it is current"}


def _key(op: Operation) -> dict[str, Any]:
    """The ``Idempotency-Key`` a write takes (the contract says how short)."""
    return {"name": "Idempotency-Key", "in": "header", "required": False,
            "schema": {"type": "string", "minLength": op.key_length, "maxLength": MAX_KEY},
            "description": "Carries the write out once: a retry answers as the first time"}


#: What every answer carries: the request's id (the client's ``X-Request-Id``
#: echoed when it sent one), and for another site's page, whether it may read it.
EVERY_ANSWER = {
    "X-Request-Id": _header("This request's id: the one the client sent, or one made here"),
    "Access-Control-Allow-Origin": _header(
        "*: another site's page may read this answer (a share link's or no token's "
        "read); absent otherwise", False),
}
#: What a write's answer may carry besides.
A_WRITES_ANSWER = {"Idempotent-Replayed": _header(
    "true: the answer the write under this Idempotency-Key got the first time", False)}
#: Answers no operation gives but any path may: a method it doesn't have.
RESPONSES = {"MethodNotAllowed": {
    **_json(_ref("Error"), STATUS_WORDS["405"]),
    "headers": {"Allow": _header("The methods the path has"), **EVERY_ANSWER}}}


def _success(op: Operation, status: int) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": op.summary}
    if op.answer is not None:
        schema = _ref(op.answer) if isinstance(op.answer, str) else op.answer
        answer["content"] = {op.media: {"schema": schema}}
    headers: dict[str, Any] = {}
    if op.owner is not None:
        headers["ETag"] = ETAG
    if status == 201:
        headers["Location"] = _header("Where the new table, group, hand or event is")
    if status == 202:
        headers.update(JOB_HEADERS)
    if op.endpoint == "hands":
        headers["X-Total-Count"] = _header("How many hands the night has")
        headers["Link"] = _header("The windows before (prev) and after (next)", False)
    if headers:
        answer["headers"] = headers
    return answer


def _responses(op: Operation) -> dict[str, Any]:
    """Every answer ``op`` may give, each with the headers it carries."""
    responses = _answers(op)
    for status, answer in responses.items():
        mine = {**EVERY_ANSWER, **(A_WRITES_ANSWER if op.writes and status.startswith("2")
                                   else {})}
        answer["headers"] = {**answer.get("headers", {}), **mine}
    return responses


def _answers(op: Operation) -> dict[str, Any]:
    responses = {str(status): _success(op, status) for status in (op.status, *op.also_success)}
    if op.job:
        responses["202"] = {**_json(_ref("Job"), "Taken on as a job: follow Location"),
                            "headers": dict(JOB_HEADERS)}
    for code in op.errors():
        status = str(code)
        if code == 304:
            responses[status] = {"description": STATUS_WORDS[status], "headers": {"ETag": ETAG}}
            continue
        responses[status] = {**_json(_ref("Error"), STATUS_WORDS[status]),
                             **({"headers": HEADERS_BY_STATUS[status]}
                                if status in HEADERS_BY_STATUS else {})}
    return responses


def _parameters(op: Operation) -> list[dict[str, Any]]:
    named = re.findall(r"\{([^}]+)\}", op.path)
    missing = [name for name in named if name not in PATH_PARAMS]
    assert not missing, f"{op.path}: no schema for {missing}"
    found = [{"name": name, "in": "path", "required": True, "schema": PATH_PARAMS[name]}
             for name in named]
    found += [{"name": p.name, "in": "query", "required": False, "schema": p.schema,
               **({"description": p.description} if p.description else {})}
              for p in op.query]
    if op.if_match:
        found.append(IF_MATCH)
    if op.writes:
        found.append(_key(op))
    if op.job:
        found.append(PREFER)
    if op.owner is not None and not (op.job and op.writes):
        found.append(IF_NONE_MATCH)
    return found


def _operation(op: Operation) -> dict[str, Any]:
    operation: dict[str, Any] = {"operationId": op.endpoint, "summary": op.summary,
                                 "responses": _responses(op),
                                 "security": [] if op.access == "none" else [{"bearer": []}]}
    parameters = _parameters(op)
    if parameters:
        operation["parameters"] = parameters
    if op.body:
        operation["requestBody"] = {"required": op.body_required, "content": {
            op.body_media: {"schema": _ref(op.body)}}}
    return operation


def document() -> dict[str, Any]:
    """The OpenAPI document, worked out from :data:`.contract.OPERATIONS`."""
    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    return {
        "openapi": "3.0.3",
        "info": {"title": "Sheepshead Scorekeeper", "version": "1",
                 "description": "See docs/api.md. View tokens read; edit tokens write."},
        "servers": [{"url": "/api/v1"}],
        "components": {"schemas": registered(), "responses": RESPONSES, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": paths,
    }


@bp.get("/openapi.json")
@permission(OwnerAction.PUBLIC)
def openapi() -> Response:
    """This API described in OpenAPI 3.0."""
    return jsonify(document())

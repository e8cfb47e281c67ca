"""One source for the API's contract (scorekeeper/views/api/contract.py): the
app's routes, openapi.json and docs/api.md all say the same operations, and
the checks the views make come from it."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.views.api.contract import OPERATIONS, STATUS_WORDS, query_names

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
DESCRIBED = {(op.method.upper(), op.path) for op in OPERATIONS}


def _flask_path(rule: str) -> str:
    path = rule.removeprefix("/api/v1")
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", path)


def test_every_route_of_the_api_is_an_operation_of_the_contract_and_back(app: Flask) -> None:
    routes = {(method, _flask_path(rule.rule))
              for rule in app.url_map.iter_rules() if rule.endpoint.startswith("api.")
              for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}}
    assert routes == DESCRIBED
    endpoints = {rule.endpoint.removeprefix("api.") for rule in app.url_map.iter_rules()
                 if rule.endpoint.startswith("api.")}
    assert endpoints == {op.endpoint for op in OPERATIONS}


def test_openapi_json_has_every_operation_with_its_id_headers_and_refusals(
        client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    found = {(method.upper(), path): operation
             for path, methods in document["paths"].items()
             for method, operation in methods.items()}
    assert set(found) == DESCRIBED
    for op in OPERATIONS:
        operation = found[(op.method.upper(), op.path)]
        assert operation["operationId"] == op.endpoint
        assert "default" not in operation["responses"]
        assert {str(code) for code in op.errors()} <= set(operation["responses"])
        if op.owner is not None:
            assert "ETag" in operation["responses"][str(op.status)]["headers"]
    assert "Location" in found[("POST", "/tables")]["responses"]["201"]["headers"]
    listed = found[("GET", "/tables/{table_id}/hands")]["responses"]["200"]["headers"]
    assert {"Link", "X-Total-Count"} <= set(listed)
    assert "Retry-After" in found[("POST", "/tables")]["responses"]["503"]["headers"]
    assert found[("POST", "/tables/{table_id}/close")]["requestBody"]["required"] is False


def test_docs_api_md_lists_exactly_the_operations_of_the_contract() -> None:
    text = DOCS.read_text(encoding="utf-8")
    table = re.findall(r"^\| `(GET|POST|PUT|PATCH|DELETE) (/[^`\[]*)(?:\[[^`]*\])?` \|", text, re.M)
    assert {(method, re.sub(r"<([^>]+)>", r"{\1}", path)) for method, path in table} \
        == {(m, re.sub(r"\{(?:table|group|event)_id\}", "{id}", p).replace("{number}", "{n}"))
            for m, p in DESCRIBED}


def test_docs_api_md_explains_every_status_the_contract_answers() -> None:
    text = DOCS.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| (\d{3}) \|", text, re.M))
    assert set(STATUS_WORDS) - {"304"} <= documented
    assert "304" in text


def test_the_query_parameters_the_api_takes_are_the_contracts() -> None:
    assert query_names("api.hands") == ("from", "limit")
    assert query_names("api.record") == ("before",)
    assert query_names("api.show") == ()

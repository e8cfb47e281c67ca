"""Small helpers shared by the JSON API tests: start a table through the API,
send authorised requests, and snapshot a table to prove a refusal changed
nothing.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.db.models import GameTable, db
from scorekeeper.services import Code
from tests.conftest import PLAYERS

API = "/api/v1"


class ApiTable:
    """A table started through the API, with both of its tokens."""

    def __init__(self, client: FlaskClient, body: dict[str, Any]) -> None:
        self.client = client
        self.id: int = body["id"]
        self.edit_token: str = body["edit_token"]
        self.view_token: str = body["view_token"]
        self.body = body

    @property
    def url(self) -> str:
        return f"{API}/tables/{self.id}"

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.edit_token}"}

    def get(self, path: str = "", token: str | None = None) -> TestResponse:
        return self.client.get(self.url + path, headers=self.auth(token))

    def send(self, method: str, path: str, body: Any = None, token: str | None = None,
             headers: dict[str, str] | None = None, **kwargs: Any) -> TestResponse:
        """A write with a JSON body (``body=None`` sends no body); ``headers``
        are sent besides the authorisation."""
        if body is not None:
            kwargs["json"] = body
        return self.client.open(self.url + path, method=method,
                                headers={**self.auth(token), **(headers or {})}, **kwargs)

    def add(self, body: dict[str, Any], before: int | None = None) -> TestResponse:
        query = f"?before={before}" if before is not None else ""
        return self.send("POST", "/hands" + query, body)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything a refused request must leave alone, down to the version
        counter that live views watch and the audit log."""
        with self.client.application.app_context():
            row = db.session.get(GameTable, self.id)
            stored = (row.version, len(row.audit), len(row.editors),
                      [dict(h.data) for h in row.hands]) if row else None
        return (self.get("/hands").get_json(), self.get("/standings").get_json(),
                self.get().get_json(), stored)


def api_table(client: FlaskClient, preset: str = "called-ace",
              players: list[str] | None = None, **extra: Any) -> ApiTable:
    """Start a table through ``POST /api/v1/tables`` (must succeed)."""
    body = {"name": "Friday", "players": players or PLAYERS, "preset": preset, **extra}
    response = client.post(f"{API}/tables", json=body)
    assert response.status_code == 201, response.get_json()
    return ApiTable(client, response.get_json())


def assert_error(response: TestResponse, status: int, field: str | None = None) -> None:
    """A 4xx in the contract's error shape, naming ``field`` when given."""
    assert response.status_code == status, (response.status_code, response.get_data())
    body = response.get_json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]
    assert set(body) <= {"error", "field", "code"}
    assert body.get("code") in set(Code), body
    if field is not None:
        assert body.get("field") == field, body


def page_version(client: FlaskClient, path: str, action: str) -> str:
    """The version the page at ``path`` wrote into its form posting to ``action``."""
    import re

    page = client.get(path).get_data(as_text=True)
    form = re.search(rf'action="{re.escape(action)}".*?</form>', page, re.S)
    assert form is not None, f"no form to {action} on {path}"
    version = re.search(r'name="version" value="(\d+)"', form.group(0))
    assert version is not None, f"the form to {action} names no version"
    return version.group(1)

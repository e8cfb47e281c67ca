"""Another site's page reads the API from the browser (a league's website
showing its standings): a read with a share link's token, or none, carries
``Access-Control-Allow-Origin: *``; an edit token's answer, a write, and a
preflight for a write never do, and nothing ever allows credentials."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.sheet_helpers import API, auth, group_with_a_night

SITE = {"Origin": "https://league.example"}


@pytest.fixture()
def group(client: FlaskClient) -> dict[str, Any]:
    return group_with_a_night(client)


def _allowed(response: Any) -> bool:
    assert "Access-Control-Allow-Credentials" not in response.headers
    return response.headers.get("Access-Control-Allow-Origin") == "*"


def test_a_share_links_read_is_readable_from_another_site(client: FlaskClient,
                                                          group: dict[str, Any]) -> None:
    read = client.get(f"{API}/groups/{group['id']}/standings",
                      headers={**SITE, **auth(group["view_token"])})
    assert read.status_code == 200 and _allowed(read)
    exposed = read.headers["Access-Control-Expose-Headers"]
    assert "ETag" in exposed and "X-Request-Id" in exposed
    assert "Origin" in read.headers["Vary"]
    presets = client.get(f"{API}/presets", headers=SITE)
    assert presets.status_code == 200 and _allowed(presets)
    refused = client.get(f"{API}/groups/{group['id']}/standings",
                         headers={**SITE, **auth("not-a-token-of-anyone")})
    assert refused.status_code == 401 and _allowed(refused)  # the page can say why


def test_an_edit_tokens_read_and_every_write_stay_this_sites(client: FlaskClient,
                                                             group: dict[str, Any]) -> None:
    edit = client.get(f"{API}/groups/{group['id']}/standings", headers={**SITE, **group["run"]})
    assert edit.status_code == 200 and not _allowed(edit)
    write = client.post(f"{API}/groups/{group['id']}/rotate", json={"token": "view"},
                        headers={**SITE, **auth(group["view_token"])})
    assert write.status_code == 403 and not _allowed(write)
    same_site = client.get(f"{API}/groups/{group['id']}/standings",
                           headers=auth(group["view_token"]))
    assert "Access-Control-Allow-Origin" not in same_site.headers


def test_a_preflight_allows_a_read_and_never_a_write(client: FlaskClient,
                                                     group: dict[str, Any]) -> None:
    path = f"{API}/groups/{group['id']}/standings"
    read = client.options(path, headers={**SITE, "Access-Control-Request-Method": "GET",
                                         "Access-Control-Request-Headers": "authorization"})
    assert read.status_code == 204 and _allowed(read)
    assert read.headers["Access-Control-Allow-Methods"] == "GET, HEAD"
    assert "Authorization" in read.headers["Access-Control-Allow-Headers"]
    assert read.headers["X-Request-Id"]
    for method in ("POST", "PATCH", "DELETE", "PUT"):
        write = client.options(f"{API}/tables", headers={
            **SITE, "Access-Control-Request-Method": method})
        assert write.status_code == 204 and not _allowed(write), method
        assert "Access-Control-Allow-Methods" not in write.headers
    plain = client.options(path)  # no Origin: the usual OPTIONS answer
    assert plain.status_code == 200 and "GET" in plain.headers["Allow"]

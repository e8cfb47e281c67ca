"""The pages a crowd polls are sent gzipped to a phone that accepts it,
compressed once per version and identical to the plain body once undone."""

from __future__ import annotations

import gzip

from flask.testing import FlaskClient

API = "/api/v1"


def test_a_nights_share_page_and_fragment_are_gzipped_for_a_phone_that_accepts_it(
        client: FlaskClient) -> None:
    made = client.post(f"{API}/tables", json={
        "name": "Friday", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "preset": "called-ace"}).get_json()
    for url in (f"/s/{made['view_token']}", f"/s/{made['view_token']}/live"):
        plain = client.get(url)
        packed = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert plain.status_code == packed.status_code == 200
        assert "Content-Encoding" not in plain.headers, url
        assert packed.headers["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.data) == plain.data
        refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0, identity"})
        assert "Content-Encoding" not in refused.headers

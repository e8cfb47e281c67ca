"""The app's own files as phones get them (scorekeeper/views/assets.py):
under names that carry their content's hash, kept for a year without being
asked again; gzipped or brotli'd for a phone that accepts it; still there
under their plain names, asked again each time; a changed file under a new
name; built whole however many server processes start at once."""

from __future__ import annotations

import gzip
import re
import threading
from pathlib import Path

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import ResponseCacheControl
from werkzeug.http import parse_cache_control_header

import scorekeeper.views.assets as assets
from scorekeeper import create_app
from scorekeeper.views.assets import (
    BUILT,
    CURRENT,
    LIFETIME,
    PLAIN_LIFETIME,
    Built,
    build,
    versions,
)
from scorekeeper.views.client import SHELL_FILES
from tests.fixtures_app import start_table
from tests.web.test_client_facts import worker_told

STATIC = Path(__file__).resolve().parents[2] / "static"
#: The text files a page loads first, the biggest ones.
TEXT = ("vendor/pico.min.css", "vendor/htmx.min.js", "css/app.css", "js/hand.js", "favicon.svg")
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def built(app: Flask) -> Built:
    found = app.extensions["assets"]
    assert isinstance(found, Built)
    return found


def said(response: object) -> ResponseCacheControl:
    headers = response.headers
    return parse_cache_control_header(headers["Cache-Control"], cls=ResponseCacheControl)


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


@pytest.mark.parametrize("encoding", sorted(DECODE))
def test_a_text_file_comes_compressed_as_the_phone_accepts_and_decodes_to_the_file(
        app: Flask, client: FlaskClient, encoding: str) -> None:
    names = built(app).names
    for name in TEXT:
        for url in (f"/static/{names[name]}", f"/static/{name}"):
            packed = client.get(url, headers={"Accept-Encoding": encoding})
            assert packed.status_code == 200, url
            assert packed.headers["Content-Encoding"] == encoding, url
            assert "Accept-Encoding" in packed.headers["Vary"]
            assert DECODE[encoding](packed.data) == (STATIC / name).read_bytes(), url
            assert len(packed.data) < len((STATIC / name).read_bytes()) * 0.95, url


def test_brotli_is_preferred_and_a_phone_that_takes_neither_gets_the_file_as_it_is(
        app: Flask, client: FlaskClient) -> None:
    url = f"/static/{built(app).names['vendor/pico.min.css']}"
    both = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert both.headers["Content-Encoding"] == "br"
    for accepts in (None, "identity"):
        plain = client.get(url, headers={"Accept-Encoding": accepts} if accepts else {})
        assert "Content-Encoding" not in plain.headers, accepts
        assert plain.data == (STATIC / "vendor/pico.min.css").read_bytes()


def test_a_picture_is_sent_as_it_is(app: Flask, client: FlaskClient) -> None:
    url = f"/static/{built(app).names['icons/icon-192.png']}"
    response = client.get(url, headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in response.headers
    assert response.data == (STATIC / "icons/icon-192.png").read_bytes()


def test_every_file_a_page_loads_is_versioned_and_kept_a_year_unasked(
        app: Flask, client: FlaskClient) -> None:
    table_id = start_table(client)
    plain = {f"/static/{name}" for name in built(app).names}
    for path in ("/", f"/t/{table_id}", f"/t/{table_id}/hand/new", f"/t/{table_id}/share"):
        urls = static_urls(client.get(path).get_data(as_text=True))
        assert len(urls) >= 6, path
        for url in urls:
            assert url not in plain, url
            response = client.get(url)
            assert response.status_code == 200, url
            cache = said(response)
            assert cache.max_age == LIFETIME and cache.immutable and cache.public, url
            assert "Set-Cookie" not in response.headers


def test_a_versioned_name_carries_the_hash_of_the_files_bytes(app: Flask) -> None:
    for name, named in built(app).names.items():
        hashed = assets.digest((STATIC / name).read_bytes())
        assert named != name and hashed in named, name
        assert named == assets.versioned(name, hashed)
    assert built(app).names["css/app.css"] == f"css/app.{hashed_of('css/app.css')}.css"


def hashed_of(name: str) -> str:
    return assets.digest((STATIC / name).read_bytes())


def test_a_plain_name_still_answers_and_is_asked_again_each_time(client: FlaskClient) -> None:
    for name in ("css/app.css", "favicon.svg", "icons/icon-192.png"):
        first = client.get(f"/static/{name}")
        assert first.status_code == 200 and first.data == (STATIC / name).read_bytes()
        cache = said(first)
        assert cache.max_age == PLAIN_LIFETIME and not cache.immutable, name
        again = client.get(f"/static/{name}", headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, name


def test_what_a_phone_keeps_beyond_a_release_names_the_plain_files(
        client: FlaskClient) -> None:
    """The favicon's permanent redirect and the installed app's icons."""
    assert client.get("/favicon.ico").headers["Location"].endswith("/static/favicon.svg")
    icons = client.get("/manifest.webmanifest").get_json()["icons"]
    assert {icon["src"] for icon in icons} == {
        "/static/icons/icon-192.png", "/static/icons/icon-512.png",
        "/static/icons/maskable-512.png", "/static/icons/icon.svg"}


def test_the_service_worker_keeps_the_versioned_files(app: Flask, client: FlaskClient) -> None:
    told = worker_told(client)
    names = built(app).names
    files = [path for path in told["shell"] if path.startswith(told["static"])]
    assert files == [f"/static/{names[name]}" for name in SHELL_FILES]
    assert told["imports"] and set(told["imports"]) <= set(files)
    for path in files:
        assert said(client.get(path)).immutable, path


def copy_of_static(tmp_path: Path) -> Path:
    folder = tmp_path / "static"
    for name in TEXT + ("icons/icon-192.png",):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes((STATIC / name).read_bytes())
    return folder


def whole(made: Built, static: Path) -> None:
    """Every file there under both names, and its compressed copies undone to it."""
    for name, named in made.names.items():
        data = (static / name).read_bytes()
        assert (made.folder / name).read_bytes() == (made.folder / named).read_bytes() == data
        if not name.endswith(".png"):
            assert brotli.decompress((made.folder / f"{named}.br").read_bytes()) == data
            assert gzip.decompress((made.folder / f"{name}.gz").read_bytes()) == data


def test_a_changed_file_gets_a_new_name_and_the_others_keep_theirs(tmp_path: Path) -> None:
    static, instance = copy_of_static(tmp_path), tmp_path / "instance"
    before = build(static, instance)
    whole(before, static)
    (static / "css/app.css").write_text("main { color: teal; }\n" * 20)
    after = build(static, instance)
    whole(after, static)
    assert after.names["css/app.css"] != before.names["css/app.css"]
    assert {n: v for n, v in after.names.items() if n != "css/app.css"} == \
        {n: v for n, v in before.names.items() if n != "css/app.css"}
    assert after.folder != before.folder and before.folder.is_dir()
    assert assets.current(instance).resolve() == after.folder.resolve()
    assert build(static, instance) == after  # nothing to build again


def test_servers_starting_at_once_each_find_the_files_whole(tmp_path: Path) -> None:
    static, instance = copy_of_static(tmp_path), tmp_path / "instance"
    start = threading.Barrier(4)
    made: list[Built] = []

    def one_server() -> None:
        start.wait()
        made.append(build(static, instance))

    servers = [threading.Thread(target=one_server) for _ in range(4)]
    for server in servers:
        server.start()
    for server in servers:
        server.join()
    assert len(made) == 4 and all(one == made[0] for one in made)
    whole(made[0], static)
    assert sorted(p.name for p in (instance / BUILT).iterdir()) == sorted(
        [CURRENT, made[0].folder.name])
    assets._make(static, versions(static), made[0].folder)  # one that lost the race
    whole(made[0], static)
    assert len(list((instance / BUILT).iterdir())) == 2


def test_where_nothing_can_be_built_the_files_are_served_as_they_are(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(static: Path, instance: Path) -> Built:
        raise PermissionError("read-only")

    monkeypatch.setattr(assets, "build", refused)
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert "assets" not in app.extensions
    client = app.test_client()
    assert client.get("/favicon.ico").headers["Location"].endswith("/static/favicon.svg")
    page = client.get("/").get_data(as_text=True)
    assert "/static/css/app.css" in static_urls(page)
    assert client.get("/static/css/app.css").status_code == 200

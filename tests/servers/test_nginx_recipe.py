"""deploy/nginx.conf, read without running nginx (tests/servers/test_stack.py
runs it): the lines the stack changes are exactly its marked ones, and its
log hides the secret in the address of every route that carries one."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from bench.proxy import SITE, Site, marked, site_config
from scorekeeper import create_app
from scorekeeper.views.assets import LIFETIME, PLAIN_LIFETIME, versions

#: The example values an admin replaces, none of which a stack may keep.
EXAMPLES = ("/etc/letsencrypt", "/var/cache/nginx", "/srv/scorekeeper", "/var/log/nginx",
            "127.0.0.1:8000", "127.0.0.1:8001", "listen 80;", "listen 443")


def stack_site(**changes: object) -> str:
    site = Site(Path("/tmp/stack"), 9443, 9080, ("127.0.0.1:7001", "127.0.0.1:7002",
                                                   "127.0.0.1:7003"))
    return site_config(Site(**{**site.__dict__, **changes}))


def test_a_stack_changes_only_the_marked_lines_of_the_recipe() -> None:
    recipe, made = SITE.read_text().splitlines(), stack_site().splitlines()
    assert [line for line in made if not marked(line)] == \
        [line for line in recipe if not marked(line)]
    text = "\n".join(made)
    assert not [example for example in EXAMPLES if example in text]
    assert [line.split()[1] for line in made if line.lstrip().startswith("server 1")] == \
        ["127.0.0.1:7001", "127.0.0.1:7002", "127.0.0.1:7003"]
    assert "listen 127.0.0.1:9443 ssl" in text and "/tmp/stack/cert.pem;" in text


def test_a_server_taken_out_is_marked_down_and_the_cache_can_be_turned_off() -> None:
    made = stack_site(down=frozenset({1}), cache=False)
    assert "server 127.0.0.1:7002 down " in made and "server 127.0.0.1:7001 down" not in made
    assert re.search(r"^\s*proxy_cache off;", made, re.M)
    assert re.search(r"^\s*proxy_cache scorekeeper_pages;", stack_site(), re.M)


def nginx_path(uri: str) -> str:
    """The path of ``uri`` as nginx routes it and names it ``$uri``: %-escapes
    decoded, runs of slashes merged, "." and ".." resolved."""
    path = re.sub("/+", "/", unquote(uri.partition("?")[0]))
    kept: list[str] = []
    for part in path.split("/")[1:]:
        if part == "..":
            kept = kept[:-1]
        elif part != ".":
            kept.append(part)
    return "/" + "/".join(kept) + ("/" if path.endswith(("/", "/.", "/..")) and kept else "")


def logged_uri(uri: str) -> str:
    """What the recipe's ``map`` writes to the log for ``uri``: its rule read
    from the recipe (the variable it reads, its regex with PCRE's named
    groups spelled as Python's, what it writes) and applied as nginx does."""
    rule = re.search(r'map \$(\w+) \$scorekeeper_logged_uri \{\s*"~(\*?)(\^.*?)"\s+"(.*?)";',
                     SITE.read_text())
    assert rule is not None
    variable, blind, regex, written = rule.groups()
    path, _, args = uri.partition("?")
    read = {"uri": nginx_path(uri), "request_uri": uri}[variable]
    found = re.match(regex.replace("(?<", "(?P<"), read, re.I if blind else 0)
    if found is None:
        return uri
    values = {**found.groupdict(), "is_args": "?" if "?" in uri else "", "args": args}
    return re.sub(r"\$\{?(\w+)\}?", lambda m: values[m.group(1)], written)


def secret_addresses(secret: str) -> list[tuple[str, str]]:
    """Every route that carries a token or a code, its address with ``secret`` in it."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    found = []
    for rule in app.url_map.iter_rules():
        if {"token", "code"} & set(rule.arguments):
            values = {arg: secret if arg in ("token", "code") else "1" for arg in rule.arguments}
            found.append((rule.rule, app.url_map.bind("localhost").build(rule.endpoint, values)))
    return found


def test_the_log_hides_the_secret_of_every_route_that_carries_one() -> None:
    secret = "S3cr3t-t0ken-0f-22-chars"
    routes = secret_addresses(secret)
    assert len(routes) >= 10
    for rule, address in routes:
        logged = logged_uri(address + "?big=1")
        assert secret not in logged and logged.endswith("?big=1"), (rule, logged)


@pytest.mark.parametrize("spelled", [
    "/{}", "//{}", "///{}", "/./{}", "/x/../{}", "//./{}",
])
def test_the_log_hides_the_secret_however_many_slashes_come_before_it(spelled: str) -> None:
    """A link pasted after a base address ending in "/" reads "//s/<token>";
    nginx and the app both serve it, and the log must hide it too."""
    secret = "S3cr3t-t0ken-0f-22-chars"
    for rule, address in secret_addresses(secret):
        for uri in (spelled.format(address[1:]), spelled.format(address[1:]).replace("/", "//"),
                    re.sub(r"^/(\w)", lambda m: f"/%{ord(m.group(1)):02x}", address)):
            logged = logged_uri(uri)
            assert secret not in logged, (rule, uri, logged)


def test_nginx_keeps_a_hashed_file_as_long_as_the_app_and_asks_again_for_a_plain_one() -> None:
    """The files' names and lifetimes are the app's (scorekeeper/views/assets.py):
    the recipe's pattern takes every hashed name and no plain one."""
    recipe = SITE.read_text()
    static = recipe[recipe.index("location /static/ {"):]
    hashed = re.search(r'location ~ "([^"]+)" \{([^}]*)\}', static)
    assert hashed is not None
    names = versions(Path(__file__).resolve().parents[2] / "static")
    assert all(re.search(hashed.group(1), f"/static/{v}") for v in names.values())
    assert not any(re.search(hashed.group(1), f"/static/{n}") for n in names)
    assert f'"public, max-age={LIFETIME}, immutable"' in hashed.group(2)
    assert f'"public, max-age={PLAIN_LIFETIME}"' in static[:hashed.start()]
    assert static.count("gzip_static on;") == 2


def test_nginx_passes_on_the_host_the_phone_asked_for_with_its_port() -> None:
    """The app checks a form's Referer against its Host over HTTPS (CSRF):
    with ``$host`` (no port) every form on a port other than 443 failed."""
    directive = re.search(r"^\s*proxy_set_header Host (\S+);", SITE.read_text(), re.M)
    assert directive is not None and directive.group(1) == "$http_host"


def test_a_host_the_app_does_not_trust_is_refused_whatever_its_port() -> None:
    """What nginx passes on as sent, the app checks (scorekeeper/hosts.py)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "TRUSTED_HOSTS": ["scores.example.org", "127.0.0.1"]})
    client = app.test_client()
    for host, status in (("scores.example.org:8443", 200), ("127.0.0.1:9443", 200),
                         ("SCORES.example.org:8443", 200), ("evil.example:8443", 400),
                         ("evil.example", 400), ("scores.example.org.evil.example:443", 400)):
        assert client.get("/healthz", headers={"Host": host}).status_code == status, host


def test_a_view_link_page_is_never_served_stale_when_the_app_cannot_answer() -> None:
    """A link replaced or revoked must stop showing the page: only the app
    knows, so nginx serves its last copy only while a new one is being made,
    never when the app servers are down, time out, or answer 502 or 503."""
    location = re.search(r"location ~ \^/\(s\|gs\|e/s\)/ \{(.*?)\}", SITE.read_text(), re.S)
    assert location is not None
    stale = re.findall(r"^\s*proxy_cache_use_stale\s+([^;]*);", location.group(1), re.M)
    assert [words.split() for words in stale] == [["updating"]]
